"""A re-compaction reuses what the Session's last call made of the same messages (parsed messages, replayed
versions, keys): these tests hold it to giving what a compaction from scratch gives, and to taking nothing that
changed since."""

from __future__ import annotations

import copy
import dataclasses
import gc
import json
import weakref
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcp_context import Session
from mcp_context.compaction.compact import Compaction
from mcp_context.conversation import formats, repair, validate
from mcp_context.conversation.model import Block, Message, key_of
from mcp_context.redaction import RedactionMemo
from mcp_context.reuse import Reuse
from mcp_context.reuse.memos import Checkpoints, ParseMemo

TARGET = 20_000


def _history(n: int) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = [{"role": "system", "content": "be brief"}, {"role": "user", "content": "go"}]
    for i in range(n):
        args = json.dumps({"path": f"src/m{i}.py", "body": "x" * (3000 if i % 3 == 0 else 10)})
        call = {"id": f"c{i}", "type": "function", "function": {"name": "write", "arguments": args}}
        items.append({"role": "assistant", "content": f"step {i}", "tool_calls": [call]})
        items.append({"role": "tool", "tool_call_id": f"c{i}", "content": f"line {i}\n" * (300 + i % 7)})
    return items


def _figures(result: Compaction) -> Any:
    return (
        json.dumps(result.messages),
        result.tokens_before,
        result.tokens_after,
        result.removed,
        result.shortened,
        result.notes,
        result.archive.handle if result.archive else None,
        result.history.handle if result.history else None,
        [(r.layer, r.changed, r.tokens_saved, r.messages, r.skipped) for r in result.layers],
    )


@pytest.mark.slow
@pytest.mark.parametrize("decoded", [False, True], ids=["same objects", "decoded afresh"])
@pytest.mark.parametrize("redact", [True, False])
@pytest.mark.parametrize(
    ("target", "strategy"),
    [(TARGET, "auto"), (12_000, "compact"), (8_000, "auto")],  # results cleared; arguments cut; a summary
)
def test_recompaction_gives_what_a_fresh_parse_gives(
    tmp_path: Path, redact: bool, target: int, strategy: str, decoded: bool
) -> None:
    """The same calls in two Sessions, one of which keeps nothing between calls (Reuse.off()); ``decoded``:
    every call gets the history in new objects, handed over, as a server decoding each request does. Two
    messages hold a credential, which redaction copies on every call."""
    items = _history(60)
    items[7]["content"] += "\nexport GITHUB_TOKEN=ghp_" + "a1B2c3D4e5" * 3 + "f6G7h8"
    items[30]["content"] += "\npassword: hunter2-but-longer-Zq9"
    outs: list[list[Any]] = []
    replays_taken = 0
    for name in ("reusing", "afresh"):
        reuse = Reuse() if name == "reusing" else Reuse.off()
        s = Session(root=tmp_path / name, session="s", env={}, redact=redact, reuse=reuse)
        replays = s.reuse.call().replays
        match = replays.match
        if name == "reusing":

            def counted(*args: Any, match: Any = match) -> Any:
                nonlocal replays_taken
                found = match(*args)
                replays_taken += found is not None
                return found

            replays.match = counted  # type: ignore[method-assign]
        current, figures = list(items), []
        for turn in range(6):
            if decoded:
                current = copy.deepcopy(current)
            asked = {"messages": current, "target_tokens": target, "trigger": target, "strategy": strategy}
            result = s.compact_history(**asked, handed_over=decoded and name == "reusing")
            figures.append(_figures(result))
            more = " and a long paste" * 1500 if turn == 3 else ""  # compacts again, after replays were taken
            current = current + [{"role": "user", "content": f"and then {turn}{more}"}]
        outs.append(figures)
    assert outs[0] == outs[1]
    assert all(f[8][0][:1] == (0,) and f[8][0][1] > 0 for f in outs[0][1:])  # every later call replayed
    assert replays_taken >= 1, "the last call's replay was taken again, redacting or not"


def _keyed(items: list[dict[str, Any]]) -> list[str | None]:
    return [key_of(item) for item in items]


def _key(item: dict[str, Any]) -> str | None:
    """key_of's key of a message; None where marshal has no spelling for it (a str subclass in it)."""
    content = item.get("content")
    return None if isinstance(content, str) and type(content) is not str else key_of(item)


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


_IDS = st.sampled_from(["a", "b", "c"])


@st.composite
def _messages(draw: st.DrawFn) -> list[Message]:
    """Short histories of canonical messages with calls, results and ids drawn from a small set: well paired,
    dangling, orphaned, duplicated, drifted, and empty turns all come up."""
    out = []
    for index in range(draw(st.integers(0, 8))):
        role = draw(st.sampled_from(["user", "assistant", "tool", "system"]))
        blocks = []
        if draw(st.booleans()):
            blocks.append(Block("text", draw(st.sampled_from(["", " ", "hi"])), raw="t"))
        for call_id in draw(st.lists(_IDS, max_size=3)):
            kind = "tool_call" if role == "assistant" else "tool_result"
            blocks.append(Block(kind, "r" if kind == "tool_result" else "", call_id=call_id, name="f", raw={}))
        if draw(st.booleans()):
            blocks.append(Block("text", "after", raw="t"))
        out.append(Message(role, blocks, origin={"n": index}, index=index))
    return out


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


def test_what_was_made_of_a_message_is_kept_only_while_it_may_come_back(tmp_path: Path) -> None:
    """Counts, keys and replayed versions live in the Session's Reuse (reuse.derived), never on the messages:
    kept for the messages the parse memo keeps for the next call (and the versions replayed on them), let go
    when a call reuses nothing, when the others outnumber them, or when the process's bound says so; made per
    format."""
    from mcp_context.reuse import derived

    s = Session(root=tmp_path, session="s", env={})
    memos, items = s.reuse.call(), _history(30)
    s.compact_history(messages=items, target_tokens=TARGET)
    s.compact_history(messages=items + [{"role": "user", "content": "more"}], target_tokens=TARGET)
    kept = list(memos.parsed.take()[0].values())
    records = [memos.made.of(m, "openai") for m in kept]
    assert all(r.tokens is not None for r in records), "every message the next call may get back keeps its count"
    assert any(r.replayed is not None for r in records)
    assert memos.made.of(kept[0], "anthropic").tokens is None  # another format: another record
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(derived, "_SLACK", 0)
        s.compact_history(messages=items[:8], target_tokens=TARGET)  # the same start, most of it gone
        kept = list(memos.parsed.take()[0].values())
        assert len(kept) == 8 and len(memos.made) <= 2 * len(kept)
    s.compact_history(messages=[{"role": "user", "content": "another history"}], target_tokens=TARGET)
    assert not memos.parsed.take()[0] and len(memos.made) == 0  # nothing reused: nothing kept alive
    s.compact_history(messages=items, target_tokens=TARGET)
    assert len(memos.made) > 0
    s.forget_held()
    assert len(memos.made) == 0


def test_a_compaction_changes_no_message(tmp_path: Path) -> None:
    """The pipeline works on messages it never changes: a changed message is a new one. The messages a Session
    keeps for its next call are the same, field for field, after three more compactions that replay, clear
    and cut them; and no field of those messages or of their blocks is set meanwhile."""
    s = Session(root=tmp_path, session="s", env={})
    items = _history(40)
    s.compact_history(messages=items, target_tokens=TARGET)
    kept = list(s.reuse.call().parsed.take()[0].values())
    before = copy.deepcopy(kept)
    handed = {id(m) for m in kept} | {id(b) for m in kept for b in m.blocks}  # alive (``kept``): ids stay theirs

    def once(self: Any, name: str, value: Any) -> None:
        if id(self) in handed:
            raise AssertionError(f"{type(self).__name__}.{name} of a message compacted before was set")
        object.__setattr__(self, name, value)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Message, "__setattr__", once)
        patch.setattr(Block, "__setattr__", once)
        for turn, target in enumerate((TARGET, 12_000, 8_000)):
            items = items + [{"role": "user", "content": f"turn {turn}"}]
            s.compact_history(messages=items, target_tokens=target, trigger=target)
    assert kept == before
    assert [[b.at for b in m.blocks] for m in kept] == [[b.at for b in m.blocks] for m in before]


@pytest.mark.anyio
async def test_a_server_reuses_what_it_parsed_of_the_last_request(tmp_path: Path) -> None:
    """Over MCP every request is decoded into new objects: the Session still takes the messages it parsed of the
    last request for the equal items of this one, and answers what a Session that forgets them answers."""
    from mcp import Client

    from mcp_context.server.app import build_server

    items = _history(40)
    session, forgetful = (Session(root=tmp_path / n, session="s", env={}) for n in ("server", "forgetful"))
    async with Client(build_server(session), raise_exceptions=True) as c:
        for turn in range(3):
            current = items + [{"role": "user", "content": f"turn {t}"} for t in range(turn)]
            before = dict(session.reuse.call().parsed.take()[0])
            asked = {"messages": current, "target_tokens": TARGET, "return_messages": True}
            result = await c.call_tool("compact_history", asked)
            after = session.reuse.call().parsed.take()[0]
            if turn:
                assert sum(after[k] is m for k, m in before.items() if k in after) >= len(items)
            forgetful.reuse.call().parsed.keep({})
            alone = forgetful.compact_history(messages=copy.deepcopy(current), target_tokens=TARGET)
            assert result.structured_content is not None
            assert result.structured_content["messages"] == json.loads(json.dumps(alone.messages))


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


HOSTS = Path(__file__).parent / "hosts"


@pytest.mark.slow
@pytest.mark.parametrize("host", ["claude", "gemini"])
def test_a_real_host_run_grown_turn_by_turn_compacts_as_it_would_afresh(tmp_path: Path, host: str) -> None:
    """A long run recorded from the real host (Anthropic messages from Claude Code, Gemini's from Gemini CLI),
    sent again one message longer each call, decoded afresh and handed over as the server does, with a budget
    it outgrows on the way: every answer is what a Session that forgets all it kept would give."""
    from mcp_context.conversation import transcripts

    found = transcripts.load(str(HOSTS / host / "long-session.jsonl"), {}, None)
    whole = found.messages
    sessions = [Session(root=tmp_path / name, session="s", env={}) for name in ("reusing", "afresh")]
    probe = Session(root=tmp_path / "probe", session="s", env={})
    measured = probe.compact_history(messages=copy.deepcopy(whole), format=found.format, target_tokens=10**9)
    target = measured.tokens_before // 2
    compacted = 0
    for end in range(len(whole) // 3, len(whole) + 1, 3):
        figures = []
        for s in sessions:
            if s is sessions[1]:
                s.forget_held()
            asked = {"messages": copy.deepcopy(whole[:end]), "format": found.format, "target_tokens": target}
            result = s.compact_history(**asked, handed_over=s is sessions[0])
            figures.append(_figures(result))
        assert figures[0] == figures[1], end
        compacted += result.compacted
    assert compacted >= 1, "the budget was outgrown on the way"


def test_a_session_that_does_not_redact_spells_messages_only_for_compaction(tmp_path: Path) -> None:
    """Keys are made for compaction to reuse what it parsed; a summary or a loop check's replay of the same
    history needs none, and leaves the memo the last compaction's."""
    s = Session(root=tmp_path, session="s", env={}, redact=False)
    items = _history(6)
    s.summarize_range(messages=items, engine="extractive")
    s.check_loop(messages=items)
    assert s.reuse.call().redaction.spelled == 0
    s.compact_history(messages=items, target_tokens=TARGET)
    spelled = s.reuse.call().redaction.spelled
    assert spelled > 0
    s.summarize_range(messages=items[:4], engine="extractive")
    assert s.reuse.call().redaction.spelled == spelled
