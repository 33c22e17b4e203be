"""check_loop through every face: the Python API, MCP (the SDK's real Client in memory, and `mcp-context serve`
over stdio in both protocol eras) and the command line. Stateful streams that survive restarts, replays of the
realistic host transcripts, bad input, and the optional LLM judge asked through the client's sampling."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from cli_run import SERVE, both_ways, run_cli
from mcp import Client, StdioServerParameters
from mcp.types import CreateMessageRequestParams, CreateMessageResult, ErrorData, TextContent

from mcp_context import ContextError, InvalidArgument, LoopCheck, Session, TokenCounter
from mcp_context.conversation import transcripts
from mcp_context.errors import StoreError
from mcp_context.loops import JudgeRequest, Policy
from mcp_context.reuse import Reuse
from mcp_context.server.app import build_server
from mcp_context.storage import saves, slots

COUNTER = TokenCounter(search_local=False)  # deterministic estimates
REPO = Path(__file__).resolve().parents[1]
FACES = ["api", "mcp"]
TURN = {"kind": "turn"}
UNIT = "Let me check the configuration once more before I decide anything. "
DEFAULTS = Policy().to_dict()
GEMINI_LIKE = {"detect_repeated_reads": False, "detect_error_streak": False}  # only Gemini CLI's call rule


def call(name: str = "Bash", **args: Any) -> dict[str, Any]:
    return {"kind": "tool_call", "name": name, "args": args}


def result(name: str = "Bash", text: str = "out", is_error: bool = False) -> dict[str, Any]:
    return {"kind": "tool_result", "name": name, "text": text, "is_error": is_error}


def said(kind: str, text: str) -> dict[str, Any]:
    return {"kind": kind, "text": text}


class Refused(Exception):
    """A check the face refused, with the message the caller sees."""


def from_api(r: LoopCheck) -> dict[str, Any]:
    v, e = r.verdict, r.verdict.evidence
    return {
        "status": v.status, "kind": v.kind, "strike": v.strike, "at": v.at, "nudge": v.nudge, "mode": r.mode,
        "events": list(e.events) if e else [], "count": e.count if e else None, "messages": r.messages,
        "source": r.source, "steps": v.counters.steps, "stream": v.counters.events, "notes": r.notes,
        "detections": [(d.status, d.kind, d.message) for d in r.detections], "total": r.detections_total,
        "policy": {k: x for k, x in r.policy.to_dict().items() if x != DEFAULTS[k]},
        "judge": None if r.judge is None else (r.judge.asked, r.judge.turn, r.judge.next_turn, r.judge.loop),
    }  # fmt: skip


def from_mcp(out: dict[str, Any]) -> dict[str, Any]:
    e = out["evidence"][0] if out["evidence"] else None
    j = out.get("judge")
    # What does not apply is left out, never sent as null (fewer nulls to read, fewer schema nodes to check).
    assert all(out.get(name, "absent") is not None for name in ("kind", "at", "nudge", "judge")), out
    return {
        "status": out["status"], "kind": out.get("kind"), "strike": out["strike"], "at": out.get("at"),
        "nudge": out.get("nudge"), "mode": out["mode"], "events": e["events"] if e else [],
        "count": e["count"] if e else None, "messages": e["messages"] if e else [],
        "source": e["source"] if e else None,
        "steps": out["counters"]["steps"], "stream": out["counters"]["events"], "notes": out["notes"],
        "detections": [(d["status"], d["kind"], d["message"]) for d in out["detections"]],
        "total": out["detections_total"], "policy": out["policy"],
        "judge": None if j is None else (j["asked"], j["turn"], j["next_turn"], j["loop"]),
    }  # fmt: skip


class Face:
    """check_loop as one face offers it; every answer is normalised to the same dict."""

    def __init__(self, session: Session, client: Client | None) -> None:
        self.session, self.client = session, client

    async def check(self, **args: Any) -> dict[str, Any]:
        if self.client is None:
            try:
                return from_api(self.session.check_loop(**args))
            except ContextError as exc:
                raise Refused(str(exc)) from None
        answer = await self.client.call_tool("check_loop", args)
        text = answer.content[0].text  # type: ignore[union-attr]
        if answer.is_error:
            raise Refused(text)
        out = answer.structured_content
        assert out is not None
        # The text is complete on its own (Gemini CLI's model reads only it).
        assert out["status"].upper() in text and (out.get("nudge") is None or out["nudge"] in text)
        return from_mcp(out)


@asynccontextmanager
async def open_face(
    kind: str, root: Path, env: dict[str, str] | None = None, reuse: Reuse | None = None, **client: Any
) -> AsyncIterator[Face]:
    session = Session(root=root, session="loops", env=env or {}, counter=COUNTER, reuse=reuse)
    if kind == "api":
        yield Face(session, None)
        return
    async with Client(build_server(session), raise_exceptions=True, **client) as c:
        yield Face(session, c)


@pytest.fixture(params=FACES)
async def face(request: pytest.FixtureRequest, root: Path, histories: Any, reuse: Reuse) -> AsyncIterator[Face]:
    """Each face, with the Session's reuse on and off (see conftest.reuse)."""
    async with open_face(request.param, root, {"MCP_CONTEXT_TRANSCRIPTS": str(histories.out_dir)}, reuse) as f:
        yield f


def state_file(root: Path, session: str = "loops") -> Path:
    """Where the session's loop state is saved (its two slot files are named after it: see storage/slots.py)."""
    return root / "sessions" / session / "state" / "loops.json"


def saved(root: Path, session: str = "loops") -> bytes | None:
    return slots.read(state_file(root, session))


def has_state(root: Path, session: str = "loops") -> bool:
    return any(path.is_file() for path in slots.slot_paths(state_file(root, session)))


pytestmark = pytest.mark.anyio


# the "done when" points, through the API and MCP -------------------------------------------------------------


@pytest.mark.slow
async def test_the_fifth_identical_call_warns_the_fourth_does_not_and_the_sixth_stops(face: Face) -> None:
    answers = [await face.check(event=call(command="ls")) for _ in range(6)]
    assert [a["status"] for a in answers] == ["ok"] * 4 + ["warn", "stop"]
    warn = answers[4]
    assert (warn["kind"], warn["strike"], warn["at"], warn["events"], warn["count"]) == (
        "repeated_call", 1, 4, [0, 1, 2, 3, 4], 5
    )  # fmt: skip
    assert 'Bash {"command":"ls"}' in warn["nudge"] and warn["mode"] == "stateful"
    assert answers[5]["strike"] == 2 and "stop this approach now" in answers[5]["nudge"]


async def test_argument_key_order_does_not_change_identity(face: Face) -> None:
    forms = [call("Read", path="a.py", limit=10), call("Read", limit=10.0, path="a.py")]
    answers = [await face.check(event=forms[i % 2]) for i in range(5)]
    assert [a["status"] for a in answers] == ["ok"] * 4 + ["warn"]


@pytest.mark.parametrize(("k", "caught_at"), [(2, 10), (5, 25)])
async def test_two_and_five_call_cycles_are_caught_after_five_rounds(face: Face, k: int, caught_at: int) -> None:
    steps = [call(f"Tool{i % k}", step=i % k) for i in range(caught_at)]
    assert (await face.check(events=steps[:-1]))["status"] == "ok"
    caught = await face.check(event=steps[-1])
    assert (caught["status"], caught["kind"], caught["at"]) == ("warn", "cycle", caught_at - 1)
    assert f"cycle of {k} calls" in caught["nudge"] and "Tool0" in caught["nudge"]


async def test_repeated_text_inside_a_code_block_is_not_caught_but_outside_it_is(face: Face, root: Path) -> None:
    fenced = [said("content", "```python\n"), *[said("content", UNIT)] * 15, said("content", "```\n")]
    assert (await face.check(events=fenced))["status"] == "ok"
    assert (await face.check(events=[said("content", UNIT)] * 9, reset=True))["status"] == "ok"
    prose = await face.check(event=said("content", UNIT))  # the 10th time, without the fence
    assert (prose["status"], prose["kind"], prose["at"]) == ("warn", "chanting", 9) and UNIT[:40] in prose["nudge"]


async def test_dash_list_items_reset_tracking(face: Face) -> None:
    assert (await face.check(events=[said("content", f"- {UNIT}\n")] * 15))["status"] == "ok"


LAYERS = [
    ("repeated_read", None, [call("Read", path="a"), result("Read", "same")] * 3, "warn"),
    ("stuck", None, [said("assistant", "I will now fix the failing test.")] * 3, "warn"),
    ("error_streak", None, [e for i in range(4) for e in (call(n=i), result(text="boom", is_error=True))], "warn"),
    ("max_steps", {"max_steps": 3}, [TURN] * 4, "stop"),
    ("max_tool_calls", {"max_tool_calls": 2}, [call(n=i) for i in range(3)], "stop"),
    ("max_tokens", {"max_tokens": 50}, [said("user", "go"), {**said("assistant", "done"), "tokens": 60}], "stop"),
    ("max_wall_time_s", {"max_wall_time_s": 60}, [{**TURN, "time": 1000}, {**TURN, "time": 1061}], "stop"),
]


@pytest.mark.parametrize(("kind", "policy", "events", "status"), LAYERS, ids=[layer[0] for layer in LAYERS])
async def test_every_layer_is_caught_at_its_event_and_not_before(
    face: Face, kind: str, policy: dict[str, Any] | None, events: list[dict[str, Any]], status: str
) -> None:
    before = await face.check(events=events[:-1], policy=policy)
    assert before["status"] == "ok"
    caught = await face.check(event=events[-1])
    assert (caught["status"], caught["kind"], caught["at"]) == (status, kind, len(events) - 1)
    assert caught["nudge"]


async def test_a_user_prompt_and_reset_start_afresh(face: Face) -> None:
    assert (await face.check(events=[call()] * 5))["status"] == "warn"
    assert (await face.check(events=[said("user", "try something else"), call(), call(), call(), call()]))[
        "status"
    ] == "ok"
    again = await face.check(event=call())
    assert (again["status"], again["strike"]) == ("warn", 1)  # strikes count per prompt
    fresh = await face.check(events=[call()] * 4, reset=True)
    assert (fresh["status"], fresh["stream"]) == ("ok", 4)


async def test_a_policy_stays_with_the_session_until_replaced(face: Face) -> None:
    first = await face.check(events=[call()] * 2, policy={"call_repeats": 3})
    assert first["policy"] == {"call_repeats": 3} and any("policy set" in n for n in first["notes"])
    assert (await face.check(event=call()))["status"] == "warn"  # the stored policy applies
    assert (await face.check(event=call(), reset=True))["policy"] == {"call_repeats": 3}  # reset keeps it
    defaults = await face.check(events=[call()] * 3, policy={}, reset=True)
    assert defaults["status"] == "ok" and defaults["policy"] == {}


# what the agent is told, and when ----------------------------------------------------------------------------


async def test_one_check_takes_one_strike_however_many_layers_find_its_loop(face: Face) -> None:
    """The 3rd call repeats (calls) and returns the same result (reads): the agent must hear a warning first."""
    pair = [call("Read", path="a.py"), result("Read", "same text")]
    first = await face.check(events=pair * 3, policy={"call_repeats": 3, "call_history": 15})
    assert (first["status"], first["kind"], first["strike"]) == ("warn", "repeated_call", 1)
    again = await face.check(events=pair)
    assert (again["status"], again["strike"]) == ("stop", 2)


async def test_a_batch_ending_with_a_new_prompt_answers_for_the_new_prompt(face: Face) -> None:
    answer = await face.check(events=[call()] * 5 + [said("user", "Do something else"), call()])
    assert (answer["status"], answer["strike"]) == ("ok", 0)
    assert any("repeated_call at event 4 before their last user prompt" in note for note in answer["notes"])


async def test_a_nudge_passed_back_as_a_user_event_keeps_its_strike(face: Face) -> None:
    warned = await face.check(events=[call()] * 5)
    assert warned["nudge"].startswith("[check_loop] ")
    after = await face.check(events=[said("user", warned["nudge"]), call()])
    assert (after["status"], after["strike"]) == ("stop", 2)


class Chat:
    """An Anthropic-format history written step by step, as a host records it."""

    CHECK = "mcp__mcp-context__check_loop"

    def __init__(self, prompt: str) -> None:
        self.messages: list[dict[str, Any]] = [{"role": "user", "content": prompt}]

    def tool(self, name: str, args: dict[str, Any], output: str) -> Chat:
        use = f"toolu_{len(self.messages):04d}"
        self.messages.append(
            {"role": "assistant", "content": [{"type": "tool_use", "id": use, "name": name, "input": args}]}
        )
        self.messages.append(
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": use, "content": output}]}
        )
        return self

    def loop(self, times: int) -> Chat:
        """The same build, saying something new each time but no failure: only the repeated-call rule sees it (at
        the 5th). (Its output read as a failure, the error streak would see it at the 3rd.)"""
        for _ in range(times):
            self.tool("Bash", {"command": "make"}, f"make: {len(self.messages)} targets rebuilt")
        return self

    def work(self, steps: int) -> Chat:
        for _ in range(steps):
            self.tool("Edit", {"path": f"src/m{len(self.messages)}.c"}, "edited")
        return self

    def check(self) -> Chat:
        return self.tool(self.CHECK, {"transcript": "host"}, "Loop check (replay of a history, session s): ...")

    def user(self, text: str) -> Chat:
        self.messages.append({"role": "user", "content": text})
        return self


async def test_a_replay_without_checks_answers_for_the_last_three_turns(face: Face) -> None:
    fresh = await face.check(messages=Chat("Fix the build").loop(5).work(2).messages)
    assert (fresh["status"], fresh["kind"], fresh["strike"]) == ("warn", "repeated_call", 1)
    left = await face.check(messages=Chat("Fix the build").loop(5).work(3).messages)
    assert (left["status"], left["total"]) == ("ok", 1)  # the loop is three turns back: left, and listed
    assert any("earlier detection(s) of this prompt came before that (repeated_call at #9)" in n for n in left["notes"])
    assert any("the last 3 turns" in note for note in left["notes"])


async def test_a_replay_answers_for_what_came_after_the_agents_last_check(face: Face) -> None:
    moved_on = await face.check(messages=Chat("Fix the build").loop(5).check().work(1).messages)
    assert (moved_on["status"], moved_on["total"]) == ("ok", 1)
    assert any("after your last check_loop answer at #12" in note for note in moved_on["notes"])
    went_on = await face.check(messages=Chat("Fix the build").loop(5).check().loop(1).messages)
    assert (went_on["status"], went_on["kind"], went_on["strike"]) == ("stop", "repeated_call", 2)
    assert [status for status, _, _ in went_on["detections"]] == ["warn", "stop"]
    # A stop is about then, not forever: told at the next check, the agent moves on, and the answer is ok.
    later = await face.check(messages=Chat("Fix the build").loop(5).check().loop(1).check().work(1).messages)
    assert (later["status"], later["strike"]) == ("ok", 2)


async def test_the_agents_own_checks_are_not_its_work(face: Face) -> None:
    checks = Chat("Fix the build")
    for _ in range(6):
        checks.check()
    answer = await face.check(messages=checks.messages)
    assert (answer["status"], answer["total"]) == ("ok", 0)
    assert any("6 check_loop call(s) of the agent itself were left out" in note for note in answer["notes"])
    # Between re-reads, a check's ever-changing answer is no new result that would restart their count.
    reads = Chat("Read the config")
    for _ in range(3):
        reads.tool("Read", {"path": "a.toml"}, "x = 1").check()
    answer = await face.check(messages=reads.messages[:-2])  # up to the 3rd read, before its check
    assert (answer["status"], answer["kind"], answer["strike"]) == ("warn", "repeated_read", 1)


async def test_a_nudge_passed_back_as_a_user_message_is_no_new_prompt_in_a_replay(face: Face) -> None:
    chat = Chat("Fix the build").loop(5)
    warned = await face.check(messages=chat.messages)
    assert warned["status"] == "warn" and warned["nudge"].startswith("[check_loop] ")
    went_on = await face.check(messages=chat.user(warned["nudge"]).loop(1).messages)
    assert (went_on["status"], went_on["strike"]) == ("stop", 2)
    assert any("after the nudge at #11" in note for note in went_on["notes"])
    changed = await face.check(messages=Chat("Fix the build").loop(5).user(warned["nudge"]).work(1).messages)
    assert changed["status"] == "ok"


@pytest.mark.parametrize("kind", FACES)
async def test_state_survives_a_restart(kind: str, root: Path) -> None:
    async with open_face(kind, root) as before:
        assert [(await before.check(event=call(command="make")))["status"] for _ in range(4)] == ["ok"] * 4
    async with open_face(kind, root) as after:  # a new Session, or a new server, on the same root
        caught = await after.check(event=call(command="make"))
    assert (caught["status"], caught["events"]) == ("warn", [0, 1, 2, 3, 4])


def test_a_state_orjson_cannot_spell_is_saved_and_read_back(root: Path) -> None:
    """A lone surrogate in a text and an integer past 64 bits in a call's arguments: the state is saved (by the
    standard library, which escapes what orjson refuses) and a new Session carries on from it."""
    first = Session(root=root, session="odd", env={}, counter=COUNTER)
    assert first.check_loop(event={"kind": "assistant", "text": "a lone \ud800 surrogate"}).verdict.status == "ok"
    assert [first.check_loop(event=call(command="x", n=10**30)).verdict.status for _ in range(4)] == ["ok"] * 4
    again = Session(root=root, session="odd", env={}, counter=COUNTER).check_loop(event=call(command="x", n=10**30))
    assert again.verdict.status == "warn" and again.verdict.kind == "repeated_call"


@pytest.mark.parametrize("fixture", ["claude_code", "gemini_cli", "openai"])
async def test_replaying_the_realistic_fixtures_gives_no_false_alarm(
    face: Face, histories: Any, root: Path, fixture: str
) -> None:
    path = getattr(histories, fixture)
    args = {"messages": json.loads(path.read_text())} if fixture == "openai" else {"transcript": str(path)}
    answer = await face.check(**args)
    assert (answer["status"], answer["total"], answer["mode"]) == ("ok", 0, "replay")
    assert answer["stream"] > 400 and not has_state(root)  # a replay stores nothing


def fifth_call_message(histories: Any) -> str:
    """The label, in the transcript as read, of the message holding the 5th identical looping call."""
    lines = [json.loads(line) for line in histories.looping.read_text().splitlines()]
    ids = [
        b["id"]
        for r in lines
        if r.get("type") == "assistant"
        for b in r["message"]["content"]
        if b.get("type") == "tool_use" and b["input"].get("command") == histories.loop_command
    ]
    messages = transcripts.load(str(histories.looping), {}, None).messages
    return next(
        f"#{i}" for i, m in enumerate(messages) for b in m["content"] if isinstance(b, dict) and b.get("id") == ids[4]
    )


async def test_the_looping_fixture_is_caught_at_the_fifth_identical_call(face: Face, histories: Any) -> None:
    at = fifth_call_message(histories)
    # With the default policy the loop is caught earlier, by the layers Gemini CLI lacks: the third identical
    # failing result, then the streak of failures; the call rule then fires at the 5th call, as in Gemini CLI.
    # The agent never checked, so no warning was given: a check at any of them would have warned.
    default = await face.check(transcript=str(histories.looping))
    assert default["status"] == "ok"  # the user stepped in and the agent moved on: the last prompt is clean
    kinds = [(status, kind) for status, kind, _ in default["detections"][:3]]
    assert kinds == [("warn", "repeated_read"), ("warn", "error_streak"), ("warn", "repeated_call")]
    assert default["detections"][2][2] == at
    gemini = await face.check(transcript=str(histories.looping), policy=GEMINI_LIKE)
    assert gemini["detections"][0] == ("warn", "repeated_call", at)
    # Cut right there, the history's answer is that warning; one message earlier, nothing yet.
    messages = transcripts.load(str(histories.looping), {}, None).messages
    cut = int(at[1:])
    caught = await face.check(messages=messages[: cut + 1], policy=GEMINI_LIKE)
    assert (caught["status"], caught["kind"], caught["messages"][-1]) == ("warn", "repeated_call", at)
    assert histories.loop_command in caught["nudge"] and len(caught["messages"]) == 5
    assert (await face.check(messages=messages[:cut], policy=GEMINI_LIKE))["status"] == "ok"


BAD = [
    ({"event": call(), "events": [call()]}, "not both"),
    ({"events": [call()], "messages": []}, "not both"),
    ({"messages": [], "transcript": "host"}, "not both"),
    ({"messages": [], "reset": True}, "reset clears"),
    ({}, "nothing to check"),
    ({"event": {"kind": "tool_call"}}, "name is required"),
    ({"event": {"kind": "jump"}}, "tool_call"),
    ({"events": [call(), {"kind": "assistant"}]}, r"events\[1\].text is required"),
    ({"event": call(), "policy": {"call_repeat": 3}}, "unknown policy key"),
    ({"event": call(), "policy": {"judge_confidence": 2}}, "judge_confidence must be a number between 0 and 1"),
    ({"events": [call()], "format": "openai"}, "format applies"),
    ({"messages": [{"role": "user"}]}, "message #0"),
    ({"messages": [], "format": "yaml"}, "format must be one of"),
    ({"transcript": "host"}, "inside Claude Code"),
    # Through MCP as through Python: nothing is converted ("yes" is no boolean, "12" no number).
    ({"event": {"kind": "tool_result", "name": "A", "is_error": "yes"}}, "is_error"),
    ({"event": {"kind": "turn", "tokens": "12"}}, "tokens"),
    ({"event": {"kind": "turn", "time": "5"}}, "time"),
    ({"event": call(), "policy": {"max_steps": "10"}}, "max_steps"),
    ({"event": call(), "policy": {"detect_chanting": "false"}}, "detect_chanting"),
    ({"event": call(), "reset": "yes"}, "reset"),
]


@pytest.mark.parametrize(("args", "says"), BAD)
async def test_bad_input_is_a_clear_error_and_saves_nothing(
    face: Face, root: Path, args: dict[str, Any], says: str
) -> None:
    with pytest.raises(Refused, match=says):
        await face.check(**args)
    assert not has_state(root)


async def test_damaged_state_is_refused_and_reset_recovers(face: Face, root: Path) -> None:
    await face.check(event=call())
    saves.wait()  # the server answers before its save is done
    assert has_state(root)
    slots.write(state_file(root), b'{"version": 99, "monitor": {"version": 1}}')
    with pytest.raises(Refused, match=r"damaged.*reset=true"):
        await face.check(event=call())
    assert (await face.check(event=call(), reset=True))["stream"] == 1


async def test_a_state_saved_by_an_earlier_version_starts_afresh_with_a_note(face: Face, root: Path) -> None:
    await face.check(event=call())
    saves.wait()
    slots.write(state_file(root), b'{"version": 1, "monitor": {"version": 1, "events": []}}')
    answer = await face.check(event=call())
    assert answer["stream"] == 1 and any("earlier version" in note for note in answer["notes"])


# the Python API only ------------------------------------------------------------------------------------------


def test_dry_run_answers_without_saving(session: Session) -> None:
    session.check_loop(events=[call()] * 4)
    saved = session.store.read_state(session.id, "loops")
    assert session.check_loop(event=call(), dry_run=True).verdict.status == "warn"
    assert session.store.read_state(session.id, "loops") == saved


def test_judge_may_ask_follows_the_policy_in_force(session: Session) -> None:
    """What a face asks before preparing a question for the client's model: off unless a policy turns it on."""
    assert not session.judge_may_ask()  # no stream yet: the defaults
    session.check_loop(event=call(), policy={"judge": True})
    assert session.judge_may_ask()  # the stored policy
    assert not session.judge_may_ask(policy={"judge": False})  # the call's policy replaces it
    assert not session.judge_may_ask(replay=True)  # a replay never uses the stored policy
    session.check_loop(event=call(), policy={})
    assert not session.judge_may_ask()


def test_host_transcript_is_found_and_replayed(histories: Any, tmp_path: Path) -> None:
    env = claude_home(histories, tmp_path)
    check = Session(root=tmp_path / "store", session="t", env=env).check_loop(transcript="host")
    assert check.detections_total >= 3 and any("claude-code transcript" in n for n in check.notes)
    with pytest.raises(InvalidArgument, match="not both"):
        Session(root=tmp_path / "store", env=env).check_loop(transcript="host", event=call())


def claude_home(histories: Any, tmp_path: Path) -> dict[str, str]:
    """A HOME where Claude Code keeps the looping session's transcript, and the variables it gives a server."""
    home, session = tmp_path / "home", "6f1c2a9e-1111-4222-8333-444455556666"
    folder = home / ".claude" / "projects" / "-work-app"
    folder.mkdir(parents=True)
    shutil.copy(histories.looping, folder / f"{session}.jsonl")
    return {"HOME": str(home), "CLAUDE_CODE_SESSION_ID": session, "CLAUDE_PROJECT_DIR": "/work/app"}


def judge_answer(confidence: float) -> str:
    return f'Here you go:\n```json\n{{"analysis": "It edits a.py and reverts it.", "confidence": {confidence}}}\n```'


def test_the_llm_judge_through_the_python_api(session: Session) -> None:
    asked: list[JudgeRequest] = []
    answers = iter([judge_answer(0.2), judge_answer(0.95), "no idea", judge_answer(0.97)])

    def model(request: JudgeRequest) -> str:
        asked.append(request)
        return next(answers)

    def turn(i: int) -> LoopCheck:
        return session.check_loop(events=[TURN, call("Edit", path="a.py", n=i)], judge=model)

    session.check_loop(events=[said("user", "Refactor a.py")], policy={"judge": True})
    before = [turn(i) for i in range(1, 30)]
    assert not asked and all(c.verdict.status == "ok" for c in before)  # not before turn 30
    low = turn(30)
    assert low.verdict.status == "ok" and low.judge is not None and (low.judge.turn, low.judge.next_turn) == (30, 43)
    assert "Refactor a.py" in asked[0].prompt and 'CALL Edit {"n":30,"path":"a.py"}' in asked[0].prompt
    assert [turn(i).verdict.status for i in range(31, 43)] == ["ok"] * 12 and len(asked) == 1  # 13 turns later
    high = turn(43)
    assert (high.verdict.status, high.verdict.kind, high.source) == ("warn", "llm_judge", "judge")
    assert high.verdict.evidence is not None and "judged by the client's model" in high.verdict.evidence.excerpt
    assert high.judge is not None and high.judge.next_turn == 43 + 6
    for i in range(44, 49):
        turn(i)
    garbled = turn(49)
    assert garbled.verdict.status == "ok" and any("not the JSON" in n for n in garbled.notes)
    confirmed = [turn(i) for i in range(50, 60)]
    assert [c.verdict.status for c in confirmed if c.judge is not None] == ["stop"]  # the confirmation stops


def test_a_first_judge_verdict_never_stops(session: Session) -> None:
    session.check_loop(events=[*[call()] * 5], policy={"judge": True, "judge_after_turns": 1})  # strike 1: warn
    check = session.check_loop(event=TURN, judge=lambda request: judge_answer(1.0))
    assert (check.verdict.status, check.verdict.strike, check.source) == ("warn", 2, "judge")
    assert session.check_loop(event=TURN).judge is None  # not due again before turn 1 + 4
    quiet = Session(root=session.store.root, session="quiet", env={})
    assert (
        quiet.check_loop(events=[TURN] * 40, judge=lambda r: pytest.fail("the judge is off by default")).judge is None
    )


def test_a_new_policy_reschedules_a_judge_not_yet_asked(session: Session) -> None:
    """Lowering judge_after_turns (or turning the judge on) mid-prompt asks at the next check, not at turn 30."""
    asked: list[int] = []

    def model(request: JudgeRequest) -> str:
        asked.append(request.turn)
        return judge_answer(0.2)

    steps = [e for i in range(4) for e in (TURN, call("Edit", n=i))]
    session.check_loop(events=[said("user", "Refactor a.py"), *steps], policy={"judge": True}, judge=model)
    check = session.check_loop(events=[TURN], policy={"judge": True, "judge_after_turns": 2}, judge=model)
    assert asked == [5] and check.judge is not None and (check.judge.turn, check.judge.next_turn) == (5, 18)
    # Once it has answered in this prompt, its own schedule stands.
    session.check_loop(events=[TURN], policy={"judge": True, "judge_after_turns": 1}, judge=model)
    assert asked == [5]


@pytest.mark.slow
def test_the_benchmark_times_a_real_check_loop_call() -> None:
    """The figure README quotes is a real Session.check_loop call (lock, read, check, fsync'd save) on a named
    filesystem, beside the in-memory cost; no timing is asserted."""
    script = (
        "from benchmarks.loops import check_costs, stdlib_text\n"
        "for what, seconds, note in check_costs(stdlib_text(50_000), 500, 3): print(what, '|', note)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    rows = dict(line.split(" | ") for line in done.stdout.splitlines())
    assert "in memory: restore + feed one + serialise" in rows
    real = rows["Session.check_loop, one event (lock, read, check, fsync'd save)"]
    assert real.startswith("state saved on ") and "under " in real


# MCP only -----------------------------------------------------------------------------------------------------


async def test_the_tool_is_listed_with_a_short_description_and_honest_annotations(root: Path) -> None:
    async with Client(build_server(Session(root=root, session="s", env={}))) as c:
        tool = next(t for t in (await c.list_tools()).tools if t.name == "check_loop")
    assert tool.description and len(tool.description.encode()) < 2048 and 'transcript="host"' in tool.description
    assert tool.annotations is not None and tool.output_schema is not None
    hints = tool.annotations
    assert (hints.read_only_hint, hints.idempotent_hint, hints.open_world_hint) == (False, False, False)
    assert "answer" not in tool.input_schema["properties"]  # the judge's answer is injected, never sent


async def test_the_text_names_what_repeated_where_and_the_nudge(root: Path, histories: Any) -> None:
    env = {"MCP_CONTEXT_TRANSCRIPTS": str(histories.out_dir)}
    async with Client(build_server(Session(root=root, session="s", env=env, counter=COUNTER))) as c:
        warn = (await c.call_tool("check_loop", {"events": [call(command="ls")] * 5})).content[0].text  # type: ignore[union-attr]
        replay = await c.call_tool("check_loop", {"transcript": str(histories.looping), "policy": GEMINI_LIKE})
    for fact in ("WARN: repeated_call", 'Bash {"command":"ls"} (5 times; events 0, 1, 2, 3, 4', "Nudge for the model"):
        assert fact in warn
    text = replay.content[0].text  # type: ignore[union-attr]
    assert "OK" in text and f"warn repeated_call at {fifth_call_message(histories)}" in text


async def test_host_transcript_through_the_server_within_its_allowed_folders(histories: Any, tmp_path: Path) -> None:
    env = claude_home(histories, tmp_path)
    async with Client(build_server(Session(root=tmp_path / "store", session="s", env=env))) as c:
        host = await c.call_tool("check_loop", {"transcript": "host"})
        elsewhere = await c.call_tool("check_loop", {"transcript": str(histories.looping)})
    assert host.structured_content is not None and host.structured_content["detections_total"] >= 3
    assert elsewhere.is_error and "outside the transcript folders" in elsewhere.content[0].text  # type: ignore[union-attr]


def sampler(confidence: float, seen: list[CreateMessageRequestParams]) -> Callable[..., Any]:
    async def sample(context: Any, params: CreateMessageRequestParams) -> CreateMessageResult:
        seen.append(params)
        return CreateMessageResult(
            role="assistant", model="judge", content=TextContent(type="text", text=judge_answer(confidence))
        )

    return sample


@pytest.mark.parametrize("mode", ["auto", "legacy"])
async def test_the_judge_asks_the_clients_model_through_sampling(mode: str, root: Path) -> None:
    seen: list[CreateMessageRequestParams] = []
    policy = {"judge": True, "judge_after_turns": 3}
    async with open_face("mcp", root, mode=mode, sampling_callback=sampler(0.95, seen)) as face:
        await face.check(events=[said("user", "Refactor a.py"), TURN, call("Edit", n=1), TURN], policy=policy)
        assert not seen
        judged = await face.check(events=[TURN, call("Edit", n=2)])
    assert len(seen) == 1 and seen[0].system_prompt and "unproductive loop" in seen[0].system_prompt
    assert "Refactor a.py" in seen[0].messages[0].content.text  # type: ignore[union-attr]
    assert (judged["status"], judged["kind"], judged["source"]) == ("warn", "llm_judge", "judge")
    assert judged["judge"] == (True, 3, 9, True)


async def test_a_client_that_refuses_to_sample_loses_the_judge_not_the_check(root: Path) -> None:
    """Over the legacy era the refusal reaches the server mid-call: the check answers without the judge, says
    why, and does not ask again at the next check (a user who said no is not asked at every step)."""
    asked: list[CreateMessageRequestParams] = []

    async def refuse(context: Any, params: CreateMessageRequestParams) -> ErrorData:
        asked.append(params)
        return ErrorData(code=-1, message="User rejected sampling request")

    policy = {"judge": True, "judge_after_turns": 3}
    async with open_face("mcp", root, mode="legacy", sampling_callback=refuse) as face:
        await face.check(events=[said("user", "Refactor a.py"), TURN, call("Edit", n=1), TURN], policy=policy)
        refused = await face.check(events=[TURN, call("Edit", n=2)])
        later = await face.check(events=[TURN, call("Edit", n=3)])
    assert len(asked) == 1 and refused["status"] == "ok" and refused["judge"] == (False, 3, 13, False)
    assert any("User rejected sampling request" in note for note in refused["notes"])
    assert later["status"] == "ok" and later["judge"] is None


async def test_without_sampling_the_judge_is_skipped_and_nothing_breaks(root: Path) -> None:
    async with open_face("mcp", root) as face:
        steps = [e for i in range(3) for e in (TURN, call("Edit", n=i))]
        answer = await face.check(events=steps, policy={"judge": True, "judge_after_turns": 3})
    assert answer["status"] == "ok" and answer["judge"] == (False, 3, 3, False)
    assert any("offers no sampling" in note for note in answer["notes"])


@pytest.mark.parametrize("mode", ["auto", "legacy"])
@pytest.mark.slow
async def test_stdio_server_in_both_eras_keeps_the_stream_across_restarts(
    mode: str, server_env: dict[str, str], histories: Any, tmp_path: Path
) -> None:
    env = {**server_env, **claude_home(histories, tmp_path)}
    params = StdioServerParameters(command=SERVE[0], args=[*SERVE[1:], "--session", "stdio", "serve"], env=env)
    async with Client(params, mode=mode) as c:  # type: ignore[arg-type]
        for _ in range(4):
            out = (await c.call_tool("check_loop", {"event": call(command="pytest")})).structured_content
            assert out is not None and out["status"] == "ok"
        replay = (await c.call_tool("check_loop", {"transcript": "host", "policy": GEMINI_LIKE})).structured_content
    assert replay is not None and replay["detections"][0]["kind"] == "repeated_call"
    assert replay["detections"][0]["message"] == fifth_call_message(histories)
    async with Client(params, mode=mode) as c:  # type: ignore[arg-type]
        caught = (await c.call_tool("check_loop", {"event": call(command="pytest")})).structured_content
    assert caught is not None and (caught["status"], caught["session"], caught["at"]) == ("warn", "stdio", 4)


@pytest.mark.slow
async def test_the_server_answers_first_and_every_later_reader_sees_the_save(
    root: Path, server_env: dict[str, str]
) -> None:
    """The server saves a check's state after answering; the next check, here or in another process, waits for
    the save, and a check made meanwhile by another process is not hidden by what this one keeps in memory."""
    async with open_face("mcp", root) as face:
        for _ in range(3):
            assert (await face.check(event=call(command="ls")))["status"] == "ok"
        other = cli("--session", "loops", "check-loop", "--event", json.dumps(call(command="ls")), env=server_env)
        assert other.returncode == 0, other.stderr  # the 4th, from another process, after the 3rd's save
        caught = await face.check(event=call(command="ls"))
    assert (caught["status"], caught["events"]) == ("warn", [0, 1, 2, 3, 4])
    saves.wait()
    stored = json.loads(saved(root) or b"null")
    assert stored["monitor"]["index"] == 5


async def test_a_save_that_fails_answers_one_line_and_loses_nothing_answered_before(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server saves before answering: a full disk refuses the check in one line, the stream keeps every
    check answered before it, and the next check once the disk has room goes on from there."""
    async with open_face("mcp", root) as face:
        await face.check(event=call(command="ls"))
        real = face.session.store.write_state

        def full_disk(*args: Any, **kwargs: Any) -> None:
            raise StoreError("cannot save state loops of session loops: No space left on device")

        monkeypatch.setattr(face.session.store, "write_state", full_disk)
        with pytest.raises(Refused, match=r"^cannot save state loops of session loops: No space left on device$"):
            await face.check(event=call(command="ls"))
        monkeypatch.setattr(face.session.store, "write_state", real)
        after = await face.check(event=call(command="ls"))
    assert after["stream"] == 2  # the first and this one: the refused check's event was never acknowledged


# the command line ---------------------------------------------------------------------------------------------


def cli(
    *args: str, env: dict[str, str], stdin: str | None = None, way: str = "subprocess"
) -> subprocess.CompletedProcess[str]:
    return run_cli(list(args), env=env, input=stdin, way=way)


@pytest.mark.slow
def test_cli_exit_status_follows_the_answer_and_the_stream_outlives_each_process(
    server_env: dict[str, str], root: Path
) -> None:
    event = json.dumps(call(command="ls"))
    codes = [cli("--session", "sh", "check-loop", "--event", event, env=server_env).returncode for _ in range(6)]
    assert codes == [0, 0, 0, 0, 3, 4]
    saved = Session(root=root, session="sh", env={}).check_loop(event=call(command="ls"), dry_run=True)
    assert saved.verdict.counters.events == 7  # the library reads what the command line stored
    done = cli("--session", "sh", "check-loop", "--reset", "--event", event, "--json", env=server_env)
    assert done.returncode == 0 and json.loads(done.stdout)["counters"]["events"] == 1


@pytest.mark.slow
def test_cli_replays_files_of_messages_and_of_events(
    server_env: dict[str, str], histories: Any, tmp_path: Path, root: Path
) -> None:
    body = tmp_path / "body.json"
    body.write_text(json.dumps({"model": "gpt-5", "messages": json.loads(histories.openai.read_text())}))
    ok = cli("check-loop", str(body), env=server_env)
    assert ok.returncode == 0 and "OK" in ok.stdout and "replayed 264 openai messages" in ok.stdout
    lines = "".join(json.dumps(call("Grep", pattern="TODO")) + "\n" for _ in range(5))
    warn = cli("--session", "f", "check-loop", "-", env=server_env, stdin=lines)
    assert warn.returncode == 3 and "WARN: repeated_call" in warn.stdout and "dry run" in warn.stdout
    assert not has_state(root, "f")  # replayed on its own: nothing stored
    looping = cli("check-loop", "--transcript", str(histories.looping), "--json", env=server_env)
    assert looping.returncode == 0 and json.loads(looping.stdout)["detections_total"] >= 3


@pytest.mark.parametrize(
    ("args", "stdin", "code", "says", "cli_way"),
    both_ways(
        [
            (["check-loop"], None, 2, "nothing to check"),
            (["check-loop", "-"], "not json\n", 2, "neither JSON nor JSON lines"),
            (["check-loop", "-"], '{"type": "user", "message": {}}\n{"type": "system"}\n', 2, "--transcript"),
            (["check-loop", "-", "--transcript", "host"], "[]", 2, "give one of"),
            (["check-loop", "--policy", "{bad"], None, 2, "--policy is not JSON"),
            (["check-loop", "--event", '{"kind": "tool_call"}'], None, 2, "event #1: name is required"),
            (
                ["check-loop", "--event", '{"kind": "turn"}', "--policy", '{"max_step": 1}'],
                None,
                2,
                "unknown policy key",
            ),
        ],
        real=(),
    ),
)
def test_cli_bad_input_is_one_line(
    args: list[str], stdin: str | None, code: int, says: str, server_env: dict[str, str], cli_way: str
) -> None:
    done = cli(*args, env=server_env, stdin=stdin, way=cli_way)
    assert done.returncode == code, done.stderr
    assert says in done.stderr and len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


@pytest.mark.slow
def test_processes_checking_one_session_at_once_lose_no_event(root: Path) -> None:
    """A server and the command line (or two servers) on one root take turns on the stored stream."""
    script = (
        "import sys; from mcp_context import Session\n"
        "s = Session(root=sys.argv[1], session='shared', env={})\n"
        "for i in range(15):\n"
        "    s.check_loop(event={'kind': 'tool_call', 'name': 'Read', 'args': {'path': f'{sys.argv[2]}-{i}'}})\n"
    )
    workers = [
        subprocess.Popen([sys.executable, "-c", script, str(root), f"w{n}"], stderr=subprocess.PIPE, text=True)
        for n in range(4)
    ]
    for worker in workers:
        _, err = worker.communicate(timeout=120)
        assert worker.returncode == 0, err
    final = Session(root=root, session="shared", env={}).check_loop(event={"kind": "turn"})
    assert final.verdict.counters.events == 4 * 15 + 1


def gemini_shell_runs(n: int, failing: bool) -> list[dict[str, Any]]:
    """Gemini CLI's own shape of a shell run: a successful response whose text says how the command ended, with
    a process group that changes every run."""
    contents: list[dict[str, Any]] = [{"role": "user", "parts": [{"text": "Make the tests pass."}]}]
    for i in range(n):
        output = f"FAILED tests/test_cart.py::test_total - assert 5 == 6\n1 failed, 3 passed in 0.0{i}s"
        if not failing:
            output = f"4 passed in 0.0{i}s"
        text = f"Output: {output}\n" + ("Exit Code: 1\n" if failing else "") + f"Process Group PGID: {4100 + i}"
        call = {"name": "run_shell_command", "args": {"command": "pytest -q"}}
        contents.append({"role": "model", "parts": [{"functionCall": call}]})
        response = {"name": "run_shell_command", "response": {"output": text}}
        contents.append({"role": "user", "parts": [{"functionResponse": response}]})
    return contents


def test_identical_failing_gemini_shell_runs_warn_by_the_third(session: Session) -> None:
    """No error flag, a PGID that differs every run: the exit code says failed, the outputs are the same."""
    for n, status in ((2, "ok"), (3, "warn"), (4, "warn")):
        check = session.check_loop(messages=gemini_shell_runs(n, failing=True), format="gemini")
        assert check.verdict.status == status, (n, check.verdict)
    assert check.verdict.kind in ("error_streak", "repeated_read")  # failing alike, or the same failure again
    errors_only = {"detect_repeated_reads": False}
    check = session.check_loop(messages=gemini_shell_runs(4, failing=True), format="gemini", policy=errors_only)
    assert (check.verdict.status, check.verdict.kind) == ("warn", "error_streak")  # more than 3 failed in a row
    passing = session.check_loop(messages=gemini_shell_runs(4, failing=False), format="gemini", policy=errors_only)
    assert passing.verdict.status == "ok"  # the same call passing is no error streak


def test_outputs_that_differ_only_in_what_changes_every_run_compare_equal() -> None:
    from mcp_context.conversation.sameness import normalised

    one = "Output: ok in 0.31s at 2026-11-26T01:02:03Z\nProcess Group PGID: 4101\ntmp /tmp/tmpa1b2c3/x.py"
    two = "Output: ok in 0.29s at 2026-11-26T01:09:13Z\nProcess Group PGID: 4177\ntmp /tmp/tmpz9y8x7/x.py"
    assert normalised(one) == normalised(two)
    assert normalised("3 passed") != normalised("3 failed")
