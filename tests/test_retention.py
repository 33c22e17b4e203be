"""The archives' retention rule: a session keeps the archives of its last compactions and what they name, a
removed archive's handle points to its newest successor, and cleanup removes the archives nothing names."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from test_history_archive import PIECE, history

from mcp_context import Session
from mcp_context.config import Limits
from mcp_context.errors import UnknownHandle
from mcp_context.results import archive, retention
from mcp_context.storage import slots

KEEP = 3


def session_at(root: Path, name: str = "long", keep: int = KEEP) -> Session:
    return Session(root=root, session=name, env={}, limits=Limits(max_result_bytes=PIECE, archive_generations=keep))


def every_turn(session: Session, messages: list[dict[str, Any]], start: int, step: int = 2) -> list[Any]:
    """Compact after every new tool round, as an agent that compacts at each turn does."""
    out = []
    for end in range(start, len(messages) + 1, step):
        out.append(session.compact_history(messages=messages[:end], target_tokens=2_500, keep="2 messages"))
    return out


def whole(session: Session, handle: str) -> list[dict[str, Any]]:
    return [doc for _, doc in archive.read(handle, lambda h: "".join(session.iter_text(h)))]


def generation_archives(session: Session) -> list[str]:
    """The archives a compaction wrote as a whole (not as a piece of one): a piece of a later archive can have
    the very text an earlier one-piece archive had, so it keeps that one's label and is counted only once."""
    labels = set(retention.KINDS.values())
    tops = [m.handle for m in session.results() if m.label in labels]
    pieces = {p for h in tops for p in json.loads(session.read_persisted(h, max_lines=1).page.text).get("pieces", [])}  # type: ignore[union-attr]
    return [h for h in tops if h not in pieces]


@pytest.mark.slow
def test_a_session_compacted_at_every_turn_keeps_only_its_last_compactions(tmp_path: Path) -> None:
    session = session_at(tmp_path)
    messages = history(40, size=2_000)
    results = every_turn(session, messages, start=20)
    assert len(results) > 3 * KEEP
    histories = [r.history.handle for r in results if r.history is not None]
    assert len(set(histories)) > KEEP  # each call wrote a new compacted history
    assert len(generation_archives(session)) <= 2 * KEEP
    for result in results[-KEEP:]:  # what the last compactions named reads back whole, pieces and all
        for stored in (result.history, result.archive):
            assert stored is not None and whole(session, stored.handle)
    last = results[-1]
    assert last.archive is not None
    labels = sorted(int(x[1:]) for x in last.removed + last.shortened)
    assert sorted(e["index"] for e in whole(session, last.archive.handle)) == labels
    for marker_handle in {h for m in last.messages for h in _handles(m)}:  # markers in the conversation still read
        assert session.read_persisted(marker_handle).meta.handle == marker_handle


def _handles(message: dict[str, Any]) -> list[str]:
    import re

    return re.findall(r"r_[0-9a-f]{16}", json.dumps(message))


@pytest.mark.slow
def test_a_replaced_archive_names_its_newest_successor(tmp_path: Path) -> None:
    session = session_at(tmp_path)
    results = every_turn(session, history(40, size=2_000), start=20)
    first = results[0].history
    assert first is not None
    newest = results[-1].history
    assert newest is not None
    with pytest.raises(UnknownHandle, match=f"newest of its kind is {newest.handle}"):
        session.read_persisted(first.handle)
    fresh = session_at(tmp_path)  # another process sees the same
    with pytest.raises(UnknownHandle, match=newest.handle):
        fresh.read_persisted(first.handle)
    assert fresh.read_persisted(newest.handle).page is not None


@pytest.mark.slow
def test_two_processes_compacting_one_session_never_lose_a_piece(tmp_path: Path) -> None:
    """Each Session has its own memo of pieces; the archive lock keeps one from reusing a piece the other's
    retention is removing."""
    messages = history(40, size=2_000)
    sessions = [session_at(tmp_path), session_at(tmp_path)]
    failures: list[BaseException] = []
    done: list[Any] = []

    def work(session: Session, offset: int) -> None:
        try:
            done.extend(every_turn(session, messages, start=20 + offset, step=3))
        except BaseException as exc:  # noqa: BLE001  (reported below)
            failures.append(exc)

    threads = [threading.Thread(target=work, args=(s, k)) for k, s in enumerate(sessions)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures
    state = json.loads(sessions[0].store.read_state("long", retention.STATE) or b"{}")
    for generation in state["kept"]:
        for entry in generation.values():
            assert whole(sessions[0], entry["handle"])


def test_cleanup_removes_the_archives_nothing_names_and_nothing_else(tmp_path: Path) -> None:
    session = session_at(tmp_path, keep=10)
    results = every_turn(session, history(30, size=2_000), start=20)
    lone = session.persist_result("my notes\n", label="compacted history")  # a user's result: never an archive
    killed = session.persist_result(
        json.dumps({"history": "compact_history", "format": "openai", "count": 0}) + "\n",
        label="compacted history (piece)",
        source="compact_history",
    )  # what a compaction killed before recording it leaves
    before = len(session.results())
    report = session.cleanup(dry_run=True)
    assert report.archives_removed == 1 and len(session.results()) == before
    report = session.cleanup()
    assert report.sessions_removed == [] and report.archives_removed == 1
    with pytest.raises(UnknownHandle):
        session.info(killed.meta.handle)
    assert session.read_persisted(lone.meta.handle).page.text == "my notes\n"
    last = results[-1].history
    assert last is not None and whole(session, last.handle)


@pytest.mark.slow
def test_a_store_from_before_the_rule_keeps_the_newest_archives_of_each_kind(tmp_path: Path) -> None:
    session = session_at(tmp_path, keep=50)  # as good as no rule while compacting
    results = every_turn(session, history(30, size=2_000), start=14)
    state_file = tmp_path / "sessions" / "long" / "state" / f"{retention.STATE}.json"
    for slot in slots.slot_paths(state_file):
        slot.unlink(missing_ok=True)  # no record: a store written before the rule
    assert len(generation_archives(session)) > 2 * KEEP
    session_at(tmp_path).cleanup()
    assert len(generation_archives(session)) <= 2 * KEEP
    for result in results[-1:]:
        for stored in (result.history, result.archive):
            assert stored is not None and whole(session, stored.handle)
