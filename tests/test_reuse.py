"""Reuse: what a Session keeps between calls, in one place. Off, it keeps nothing, and every answer is the same
byte for byte (the compaction, summary and loop suites run both ways too: see conftest.reuse)."""

from __future__ import annotations

import copy
import dataclasses
import gc
import json
from pathlib import Path
from typing import Any

from test_compaction_reuse import _figures, _history

from mcp_context import Session
from mcp_context.reuse import HELD, Reuse


def _calls(s: Session, items: list[dict[str, Any]]) -> list[Any]:
    """A working session's calls: store and read, compact as the history grows, summarise, replay for loops."""
    out: list[Any] = []
    stored = s.persist_result("".join(f"line {i}\n" for i in range(5000)), label="log")
    out.append(stored.meta.handle)
    for start in (1, 2001, 4001):
        page = s.read_persisted(stored.meta.handle, start_line=start, max_lines=50)
        out.append(dataclasses.asdict(page.page) if page.page is not None else None)
    found = s.read_persisted(stored.meta.handle, grep="line 42").grep
    out.append(dataclasses.asdict(found) if found is not None else None)
    current = list(items)
    for turn in range(4):
        out.append(_figures(s.compact_history(messages=copy.deepcopy(current), target_tokens=20_000)))
        current.append({"role": "user", "content": f"and then {turn}"})
    summary = s.summarize_range(messages=current, end=-4)
    stored_parts = (summary.summary, summary.archive)
    out.append((summary.text, summary.sections, summary.notes, [p.handle if p else None for p in stored_parts]))
    check = s.check_loop(messages=current)
    out.append((check.verdict.to_dict(), check.messages, check.detections_total, check.notes))
    for _ in range(4):  # the session's stored stream: the monitor saved last is carried on (reuse.memos.StateMemo)
        event = {"kind": "tool_call", "name": "Read", "args": {"path": "src/app.py"}}
        check = s.check_loop(event=event)
        verdict = check.verdict.to_dict()
        verdict["counters"].pop("elapsed_s")  # the wall clock's, not the stream's
        out.append((verdict, check.detections_total, check.notes, s.judge_may_ask()))
    return out


def test_reuse_off_gives_the_same_answers_byte_for_byte(tmp_path: Path) -> None:
    items = _history(50)
    kept = _calls(Session(root=tmp_path / "on", session="s", env={}), items)
    fresh = _calls(Session(root=tmp_path / "off", session="s", env={}, reuse=Reuse.off()), items)
    assert json.dumps(kept, default=repr) == json.dumps(fresh, default=repr)


def test_reuse_off_keeps_nothing_between_calls(tmp_path: Path) -> None:
    s = Session(root=tmp_path, session="s", env={}, reuse=Reuse.off())
    gc.collect()  # a Session of an earlier test, let go but not yet collected, would stop counting mid-test
    before = HELD.held()
    s.compact_history(messages=_history(20), target_tokens=5_000)
    first, second = s.reuse.call(), s.reuse.call()
    assert first is not second and not first.parsed.take()[0] and first.redaction.spelled == 0
    assert len(first.made) == 0
    s.check_loop(event={"kind": "tool_call", "name": "Read", "args": {"path": "a.py"}})
    assert s.reuse.call().loops.take("s") is None  # no monitor kept for the next check
    assert HELD.held() == before  # an off Reuse holds no history for the process's bound to count


def test_reuse_on_keeps_the_last_history_for_the_next_call(tmp_path: Path) -> None:
    s = Session(root=tmp_path, session="s", env={})
    s.compact_history(messages=_history(20), target_tokens=5_000)
    memos = s.reuse.call()
    assert memos is s.reuse.call() and memos.parsed.take()[0] and memos.redaction.spelled > 0 and len(memos.made)
    s.check_loop(event={"kind": "tool_call", "name": "Read", "args": {"path": "a.py"}})
    assert memos.loops.find(s.store.peek_state("s", "loops") or b"") is not None  # the monitor saved last
    s.forget_held()
    assert not memos.parsed.take()[0] and memos.redaction.spelled == 0
