"""The process-wide bound on what Sessions keep of their last compaction (held.py)."""

from __future__ import annotations

import copy
import gc
from pathlib import Path
from typing import Any

import pytest

from mcp_context import Session
from mcp_context.reuse import held
from mcp_context.reuse.held import Held


class Keeper:
    def __init__(self) -> None:
        self.forgot = 0

    def forget_held(self) -> None:
        self.forgot += 1


def test_the_least_recently_held_forget_first_and_the_newest_is_kept_alone() -> None:
    bound = Held(limit=100)
    a, b, c = Keeper(), Keeper(), Keeper()
    bound.hold(a, 40)
    bound.hold(b, 40)
    bound.hold(a, 40)  # a again: b is now the least recent
    assert (a.forgot, b.forgot) == (0, 0) and bound.held() == 80
    bound.hold(c, 40)
    assert (a.forgot, b.forgot, c.forgot) == (0, 1, 0) and bound.held() == 80
    big = Keeper()
    bound.hold(big, 500)  # over the limit alone: every other forgets, it keeps its own
    assert (a.forgot, c.forgot, big.forgot) == (1, 1, 0) and bound.held() == 500
    bound.hold(big, 0)
    assert bound.held() == 0


def test_a_keeper_dropped_no_longer_counts() -> None:
    bound = Held(limit=100)
    kept, gone = Keeper(), Keeper()
    bound.hold(gone, 90)
    del gone
    gc.collect()
    bound.hold(kept, 50)
    assert kept.forgot == 0 and bound.held() == 50


def _history(n: int) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = [{"role": "user", "content": "go"}]
    for i in range(n):
        call = {"id": f"c{i}", "type": "function", "function": {"name": "read", "arguments": "{}"}}
        items.append({"role": "assistant", "content": f"step {i}", "tool_calls": [call]})
        items.append({"role": "tool", "tool_call_id": f"c{i}", "content": f"line {i}\n" * 400})
    return items


def test_sessions_over_the_bound_forget_and_still_compact_alike(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two Sessions each keeping a history bigger than half the bound: the one that compacted least recently
    forgets, and its next call (from scratch) gives what it gave while it remembered."""
    items = _history(40)
    monkeypatch.setattr(held, "HELD", Held(limit=1))
    monkeypatch.setattr("mcp_context.reuse.HELD", held.HELD)
    one, two = (Session(root=tmp_path / n, session="s", env={}) for n in ("one", "two"))
    first = one.compact_history(messages=items, target_tokens=20_000).messages
    assert one.reuse.call().parsed.take()[0] and held.HELD.held() > 0
    two.compact_history(messages=copy.deepcopy(items), target_tokens=20_000)
    assert not one.reuse.call().parsed.take()[0] and two.reuse.call().parsed.take()[0]  # one let its history go
    again = one.compact_history(messages=copy.deepcopy(items), target_tokens=20_000).messages
    assert again == first and not two.reuse.call().parsed.take()[0]
