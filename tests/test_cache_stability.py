"""Compaction leaves the host's cached prefix alone between compactions: once a history is compacted to its
target, the next calls replay that byte for byte and only add their new messages, until the trigger is crossed
again (hysteresis); a compaction with no room between trigger and target frees a margin below the target; a
larger budget, or reset, widens what an earlier aggressive compaction left."""

from __future__ import annotations

import json
from typing import Any

from mcp_context import Session

LINE = "def handler_{n}(event):\n    return dispatch(event, retries={n}, timeout=30)\n"


def history(turns: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"role": "user", "content": "Audit every handler module and list what to fix."}]
    for n in range(turns):
        call = {
            "id": f"c{n}",
            "type": "function",
            "function": {"name": "read_file", "arguments": json.dumps({"path": f"h{n}.py"})},
        }
        out += [
            {"role": "assistant", "content": f"Reading handler module {n}.", "tool_calls": [call]},
            {"role": "tool", "tool_call_id": f"c{n}", "content": "".join(LINE.format(n=k) for k in range(60))},
        ]
    return out


def sent(messages: list[dict[str, Any]]) -> list[str]:
    return [json.dumps(m, sort_keys=True) for m in messages]


def test_between_compactions_each_call_repeats_the_last_request_and_adds_to_it(session: Session) -> None:
    full = history(60)
    window = 40_000
    breaks, compactions, previous = 0, 0, None
    for turns in range(20, 60):
        out = session.compact_history(messages=full[: 1 + 2 * turns], context_window=window, return_messages=True)
        now = sent(out.messages)
        compactions += out.compacted
        if previous is not None and now[: len(previous)] != previous:
            breaks += 1
        previous = now
    assert compactions >= 1  # the history outgrew 85% of its window
    assert breaks <= compactions  # the prefix changes only when a compaction runs, never in between
    assert compactions <= 4  # each one goes down to half the window: the next ones wait for the trigger


def test_a_target_alone_frees_a_margin_below_it(session: Session) -> None:
    """A history a little over its target lands a quarter of the target below it (far over, it lands just
    under: see pipeline._goal), so the next turns fit without compacting again."""
    full = history(40)
    probe = Session(root=session.store.root.parent / "probe", session="probe", env={})
    target = int(probe.compact_history(messages=full, target_tokens=10**6).tokens_before / 1.05)
    first = session.compact_history(messages=full, target_tokens=target)
    assert first.compacted and first.tokens_after <= 0.8 * target  # not just under the target: room to grow
    grown = full + history(41)[-2:]
    again = session.compact_history(messages=grown, target_tokens=target)
    assert not again.compacted and sent(again.messages)[: len(first.messages)] == sent(first.messages)


def test_a_larger_budget_or_reset_widens_an_earlier_aggressive_compaction(session: Session) -> None:
    full = history(40)
    tight = session.compact_history(messages=full, target_tokens=3_000)
    wider = session.compact_history(messages=full, target_tokens=30_000)
    assert wider.tokens_after > tight.tokens_after  # not the aggressive result replayed
    assert any("earlier replacements were made for a smaller budget" in n for n in wider.notes)
    session.compact_history(messages=full, target_tokens=3_000)
    fresh = session.compact_history(messages=full, target_tokens=3_000, reset=True)
    assert any("reset" in n for n in fresh.notes)
