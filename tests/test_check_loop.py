"""check_loop through the Python API and MCP alike (loop_faces.py): the points where it warns and stops, what the
agent is told and when, stateful streams that survive restarts, replays of the realistic host transcripts, and
bad or damaged input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from loop_faces import (
    COUNTER,
    FACES,
    GEMINI_LIKE,
    TURN,
    UNIT,
    Face,
    Refused,
    call,
    fifth_call_message,
    has_state,
    open_face,
    result,
    said,
    state_file,
)

from mcp_context import Session
from mcp_context.conversation import transcripts
from mcp_context.storage import saves, slots

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
