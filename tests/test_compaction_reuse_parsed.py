"""Parsed messages reused between compactions: only for the same item at the same place, never a part changed since
or an equal copy of a changed item, only where the format parses one message at a time; no reference cycles and
no caller kept alive; new versions made as dataclasses.replace makes them; and the quick pairing check changing no
repair."""

from __future__ import annotations

import copy
import dataclasses
import gc
import weakref
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reuse_histories import _history, _key, _keyed, _messages

from mcp_context.conversation import formats, repair, validate
from mcp_context.conversation.model import Block, Message, key_of
from mcp_context.redaction import RedactionMemo
from mcp_context.reuse.memos import ParseMemo


def test_parsed_messages_are_reused_only_for_the_same_item_at_the_same_place() -> None:
    adapter, memo = formats.adapter("openai"), ParseMemo()
    items = _history(3)
    first = adapter.parse(items, _keyed(items), memo)
    again = adapter.parse(items, _keyed(items), memo)
    assert all(a is b for a, b in zip(first, again, strict=True))
    copied = copy.deepcopy(items)  # equal content in other objects (a request decoded afresh): reused too
    assert all(a is b for a, b in zip(adapter.parse(copied, _keyed(copied), memo), first, strict=True))
    shifted = [{"role": "user", "content": "hello"}, *items]
    moved = adapter.parse(shifted, _keyed(shifted), memo)
    assert not any(m is f for m, f in zip(moved[1:], first, strict=True))  # another index: parsed again
    assert [m.index for m in moved] == list(range(len(shifted)))


def test_a_part_changed_since_it_was_parsed_is_not_taken() -> None:
    adapter, memo = formats.adapter("openai"), ParseMemo()
    items = _history(2)
    first = adapter.parse(items, _keyed(items), memo)
    old = items[2]["tool_calls"]
    items[2]["tool_calls"] = copy.deepcopy(old)  # the same content in new objects ...
    assert adapter.parse(items, _keyed(items), memo)[2] is first[2]  # ... equal parts: nothing differs
    old[0]["function"]["name"] = "other"  # ... and the detached part changed: the block would hold it
    again = adapter.parse(items, _keyed(items), memo)
    assert again[2] is not first[2]
    assert again[2].blocks[1].raw is items[2]["tool_calls"][0] and again[2].blocks[1].name == "write"
    items[1]["content"] = "changed in place"  # a new key: parsed again
    assert adapter.parse(items, _keyed(items), memo)[1].blocks[0].text == "changed in place"


def test_reuse_needs_keys_and_a_format_that_parses_one_message_at_a_time() -> None:
    memo = ParseMemo()
    items = [{"role": "user", "parts": [{"text": "hi"}]}, {"role": "model", "parts": [{"text": "yes"}]}]
    gemini = formats.adapter("gemini")
    first = gemini.parse(items, _keyed(items), memo)
    assert not any(a is b for a, b in zip(first, gemini.parse(items, _keyed(items), memo), strict=True))
    openai, plain = formats.adapter("openai"), _history(1)
    first = openai.parse(plain, None, memo)
    assert not any(a is b for a, b in zip(first, openai.parse(plain, None, memo), strict=True))


def test_parsed_messages_are_no_reference_cycles() -> None:
    """A block names where it was parsed by plain numbers, not by a reference back to its message: what a
    compaction parsed is freed when it is dropped, not left to the cycle collector (10K cycles after every call of
    a 10K-message history)."""
    was = gc.isenabled()
    gc.disable()
    try:
        messages = formats.adapter("openai").parse(_history(3))
        ref = weakref.ref(messages[2])
        assert messages[2].blocks[1].at == (2, 1)
        del messages
        assert ref() is None
    finally:
        if was:
            gc.enable()


def test_new_versions_are_what_dataclasses_replace_makes() -> None:
    block = Block("tool_call", call_id="c", name="n", args={"a": 1}, raw={"id": "c"})
    assert block.replaced(args={"a": 2}) == dataclasses.replace(block, raw=None, source=block.raw, args={"a": 2})
    with pytest.raises(TypeError):
        block.replaced(nonsense=1)
    message = Message("assistant", [block], origin={"role": "assistant"}, index=4, id="m4")
    message.origin_key = "k"
    new = message.with_blocks([Block("text", "t")])
    assert new == dataclasses.replace(message, blocks=[Block("text", "t")], changed=True)
    assert new.origin_key == "k" and new.calls == [] and message.calls == [block]


@pytest.mark.slow
@settings(max_examples=400, deadline=None, database=None)
@given(messages=_messages(), fmt=st.sampled_from(["openai", "anthropic", "gemini"]))
def test_the_quick_pairing_check_changes_no_repair(messages: list[Message], fmt: str) -> None:
    """repair skips pairing when one pass finds every call answered right after it and no stray result: the
    same output and notes as running the pairing steps."""
    adapter = formats.adapter(fmt)
    quick = repair.repair(copy.deepcopy(messages), adapter)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(repair, "_paired", lambda *_: False)
        full = repair.repair(copy.deepcopy(messages), adapter)
    assert quick == full


def test_a_message_whose_item_changed_since_is_not_taken_for_an_equal_copy() -> None:
    """Content in new objects reuses the message parsed from the old ones only while those still hold it: a
    library caller may change what it sent before, and the message's blocks hold parts of it."""
    adapter, memo = formats.adapter("openai"), ParseMemo()
    items = _history(2)
    first = adapter.parse(items, _keyed(items), memo)
    copied = copy.deepcopy(items)
    items[2]["tool_calls"][0]["function"]["name"] = "other"  # the old item, after the copy was taken
    again = adapter.parse(copied, _keyed(copied), memo)
    assert again[2] is not first[2] and again[2].origin is copied[2] and again[2].blocks[1].name == "write"
    assert again[1] is first[1]  # the untouched ones are still taken


def test_a_caller_that_shares_nothing_with_the_last_call_is_not_kept_alive() -> None:
    adapter, memo = formats.adapter("openai"), ParseMemo()
    items = _history(2)
    adapter.parse(items, _keyed(items), memo)
    assert memo.take()[0]  # the first call's messages wait for the next
    other = [{"role": "user", "content": "another history"}]  # nothing is reused ...
    adapter.parse(other, _keyed(other), memo)
    assert memo.take()[0] == {}  # ... so nothing is held until the next call


def test_message_keys_are_the_same_looked_up_by_spelling() -> None:
    """The redaction memo keys a message it has seen spelled the same way without hashing it again: the same
    keys as key_of, for the same content in new objects too, and none for what marshal cannot spell."""
    memo = RedactionMemo()
    items: list[Any] = [*_history(3), {"role": "user", "content": ("a", "tuple")}, {"role": "user", "n": 1.0}]
    for turn in range(3):
        keys: list[str | None] = []
        batch = items if turn != 1 else copy.deepcopy(items)
        out = memo.messages("s", batch, keys)
        assert out is batch
        assert keys == [_key(m) for m in batch]
    items[-1]["n"] = 1  # equal to 1.0, but spelled otherwise: another key
    memo.messages("s", items, keys)
    assert keys[-1] == key_of({"role": "user", "n": 1}) != key_of({"role": "user", "n": 1.0})


@pytest.mark.slow
@settings(max_examples=300, deadline=None, database=None)
@given(messages=_messages(), fmt=st.sampled_from(["openai", "anthropic", "gemini"]))
def test_results_in_the_calls_order_are_no_pairing_problem(messages: list[Message], fmt: str) -> None:
    """validate.problems skips counting a turn's results when they are its calls' ids in order, each once."""
    adapter = formats.adapter(fmt)
    for i, message in enumerate(messages):
        wanted = [c.call_id for c in message.calls]
        got = [r.call_id for j in validate.result_span(messages, i, adapter) for r in messages[j].results]
        if message.role == "assistant" and wanted and got == wanted and len(set(wanted)) == len(wanted):
            assert validate._pairing_problems("m", message, wanted, got) == []
