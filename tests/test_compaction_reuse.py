"""A re-compaction reuses what the Session's last call made of the same messages (parsed messages, replayed
versions, keys): these tests hold a whole compaction to giving what a compaction from scratch gives (also for a
real host's run grown turn by turn, and in a server answering request after request), to changing no message, and
to keeping what it made only while it may come back."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from reuse_histories import _history

from mcp_context import Session
from mcp_context.compaction.compact import Compaction
from mcp_context.conversation.model import Block, Message
from mcp_context.reuse import Reuse

TARGET = 20_000


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
