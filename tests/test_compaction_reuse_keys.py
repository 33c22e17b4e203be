"""Message keys and checks carried between compactions: keys stay right when the history moves and are key_of
whatever came before, a message handed over is taken on trust while one its caller kept is compared, and checks
resume from the last call only where nothing after can change what came before."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reuse_histories import _history, _key, _keyed, _messages

from mcp_context.conversation import formats, repair, validate
from mcp_context.conversation.model import Block, Message
from mcp_context.redaction import RedactionMemo
from mcp_context.reuse.memos import Checkpoints, ParseMemo


def test_message_keys_stay_right_when_the_history_moves() -> None:
    """Spellings are compared at their place first: a history whose oldest turns were dropped, or with a message
    marshal cannot spell in it, still gets each message's own key."""

    class Opaque(str):
        """A str subclass: marshal has no spelling for it."""

    memo = RedactionMemo()
    items: list[Any] = _history(4)
    items.insert(3, {"role": "user", "content": Opaque("no spelling")})
    for batch in (items, copy.deepcopy(items[3:]), items[:2] + items[5:], items + [{"role": "user", "content": "x"}]):
        keys: list[str | None] = []
        memo.messages("s", batch, keys)
        assert keys == [_key(m) for m in batch]


class _Unspelled(str):
    """A str subclass: marshal has no spelling for it, so its message has no key."""


_POOL: list[Any] = [
    *_history(3),
    {"role": "user", "content": _Unspelled("no spelling")},
    {"role": "user", "content": "x" * 2000},
    {"role": "user", "n": 1.0},
    {"role": "user", "n": 1},
]


@settings(max_examples=200, deadline=None, database=None)
@given(
    batches=st.lists(st.lists(st.integers(0, len(_POOL) - 1), max_size=14), min_size=1, max_size=6),
    cap=st.sampled_from([64 * 1024 * 1024, 3000, 0]),
)
def test_message_keys_are_key_of_whatever_the_calls_before(batches: list[list[int]], cap: int) -> None:
    """However histories follow one another (grown, cut at either end, reordered, with repeats and messages
    marshal cannot spell) and however few spellings the memo may keep, each message gets key_of's key."""
    from mcp_context.redaction import memo as memo_module

    memo = RedactionMemo()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(memo_module, "SPELLINGS_BYTES", cap)
        for picks in batches:
            batch = [copy.deepcopy(_POOL[i]) for i in picks]
            keys: list[str | None] = []
            memo.messages("s", batch, keys)
            assert keys == [_key(m) for m in batch]


@pytest.mark.parametrize("handed_over", [False, True])
def test_a_message_handed_over_is_taken_on_trust_and_one_kept_by_its_caller_is_compared(handed_over: bool) -> None:
    """A message parsed from items handed over (the server's: decoded for one request, changed by no one) is
    reused for an equal item without comparing its origin again; one parsed from a caller's own items is
    compared, so a change the caller made since is seen, whatever the later call promises."""
    adapter, memo = formats.adapter("openai"), ParseMemo()
    items = _history(3)
    pristine = copy.deepcopy(items)
    first = adapter.parse(items, _keyed(items), memo, handed_over)
    items[3]["content"] = "changed since"  # what a caller who kept its items may do; a server never does
    again = copy.deepcopy(pristine)
    second = adapter.parse(again, _keyed(again), memo, True)
    assert all(a is b for a, b in zip(first[:3], second[:3], strict=True))
    assert (second[3] is first[3]) is handed_over  # on trust: the old origin is not looked at again
    assert (second[3].origin is items[3]) is handed_over


@pytest.mark.slow
@settings(max_examples=400, deadline=None, database=None)
@given(
    histories=st.lists(_messages(), min_size=1, max_size=4),
    fmt=st.sampled_from(["openai", "anthropic", "gemini"]),
    copied=st.lists(st.integers(0, 40), max_size=2),
)
def test_checks_resumed_from_the_last_call_find_what_checking_afresh_finds(
    histories: list[list[Message]], fmt: str, copied: list[int]
) -> None:
    """Validation and repair's pairing check, resumed where the last call's walk stood, judge each history as a
    walk from its start does: histories that grow by a part each call, with some of the earlier messages
    replaced by equal copies (another object: no resuming past it)."""
    adapter, checkpoints = formats.adapter(fmt), Checkpoints()
    current: list[Message] = []
    for part in histories:
        current = current + part
        for at in copied:
            if at < len(current):
                current[at] = copy.copy(current[at])
        assert validate.problems(current, adapter, checkpoints) == validate.problems(current, adapter)
        assert repair._paired(current, adapter, checkpoints) == repair._paired(current, adapter)
        resumed = repair.repair(list(current), adapter, checkpoints)
        assert resumed == repair.repair(list(current), adapter)


def test_a_check_resumes_only_where_nothing_after_can_change_what_came_before() -> None:
    """A turn's results may still be coming: the walk resumes at the last turn with calls, never after it, and
    only where that very turn stands in the new history too."""
    adapter, checkpoints = formats.adapter("openai"), Checkpoints()

    def call(*ids: str) -> Message:
        return Message("assistant", [Block("tool_call", "", call_id=i, name="f", raw={}) for i in ids])

    def result(call_id: str) -> Message:
        return Message("tool", [Block("tool_result", "r", call_id=call_id, name="f", raw={})])

    asked, first = Message("user", [Block("text", "go", raw="t")]), call("a", "b")
    growing = [asked, first, result("a")]
    assert validate.problems(growing, adapter, checkpoints)  # b has no result yet
    assert not repair._paired(growing, adapter, checkpoints)
    growing = [*growing, result("b")]
    assert validate.problems(growing, adapter, checkpoints) == [] and repair._paired(growing, adapter, checkpoints)
    later = [*growing, call("c"), result("c")]
    assert validate.problems(later, adapter, checkpoints) == []
    swapped = [*growing, result("c"), call("c")]  # where the last walk stood, another message now
    assert validate.problems(swapped, adapter, checkpoints) == validate.problems(swapped, adapter) != []
