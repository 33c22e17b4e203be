"""Loop detection: every layer, escalation, limits, persistence, input validation, and the fast chanting
finder against a straightforward implementation of the same rule."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Container
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcp_context import InvalidArgument, TokenCounter
from mcp_context.loops import Event, LoopMonitor, Policy, Verdict, parse_event, parse_events, replay
from mcp_context.loops.chanting import RepeatFinder, is_decoration
from mcp_context.loops.markdown import MarkdownGate, is_divider

COUNTER = TokenCounter(search_local=False)  # deterministic estimates, no encoding lookup


def monitor(**policy: Any) -> LoopMonitor:
    return LoopMonitor(Policy(**policy), counter=COUNTER)


def call(name: str = "Bash", **args: Any) -> Event:
    return Event("tool_call", name=name, args=args)


def result(name: str = "Bash", text: str = "out", is_error: bool = False) -> Event:
    return Event("tool_result", name=name, text=text, is_error=is_error)


def content(text: str) -> Event:
    return Event("content", text=text)


def each(m: LoopMonitor, events: list[Event]) -> list[Verdict]:
    return [m.feed([event]) for event in events]


def first_alarm(verdicts: list[Verdict]) -> int | None:
    return next((i for i, v in enumerate(verdicts) if v.status != "ok"), None)


# repeated tool calls --------------------------------------------------------------------------------------


def test_fifth_identical_call_warns_and_fourth_does_not() -> None:
    verdicts = each(monitor(), [call(command="ls")] * 5)
    assert [v.status for v in verdicts] == ["ok"] * 4 + ["warn"]
    last = verdicts[-1]
    assert (last.kind, last.at, last.strike) == ("repeated_call", 4, 1)
    assert last.evidence is not None and last.evidence.events == (0, 1, 2, 3, 4) and last.evidence.count == 5
    assert last.nudge is not None and 'Bash {"command":"ls"}' in last.nudge


def test_argument_key_order_and_number_form_do_not_change_identity() -> None:
    calls = [
        call(path="a.py", offset=1, opts={"x": 1, "y": [1.0, 2]}),
        call(offset=1.0, path="a.py", opts={"y": [1, 2.0], "x": 1}),
    ] * 3
    assert first_alarm(each(monitor(), calls)) == 4


def test_different_arguments_are_different_calls() -> None:
    assert first_alarm(each(monitor(), [call(path=f"{i % 2}.py", n=i) for i in range(30)])) is None


@pytest.mark.parametrize(("k", "caught_at_call"), [(2, 10), (3, 15), (5, 25)])
def test_cycles_up_to_five_calls_are_caught_after_five_rounds(k: int, caught_at_call: int) -> None:
    verdicts = each(monitor(), [call(f"Tool{i % k}", x=1) for i in range(60)])
    assert first_alarm(verdicts) == caught_at_call - 1
    assert verdicts[caught_at_call - 1].kind == "cycle"
    nudge = verdicts[caught_at_call - 1].nudge
    assert nudge is not None and "Tool0" in nudge and f"cycle of {k} calls" in nudge


def test_a_six_call_cycle_is_not_caught() -> None:
    assert first_alarm(each(monitor(), [call(f"Tool{i % 6}") for i in range(120)])) is None


def test_evidence_counts_every_repetition_so_far() -> None:
    last = each(monitor(), [call(command="ls")] * 31)[-1]
    assert last.evidence is not None and last.evidence.count == 31
    assert last.nudge is not None and "same call 31 times in a row" in last.nudge
    cycle = each(monitor(), [call(f"Tool{i % 2}") for i in range(28)])[-1]
    assert cycle.kind == "cycle" and cycle.evidence is not None and cycle.evidence.count == 14
    assert cycle.nudge is not None and "14 times now" in cycle.nudge


def test_a_tool_call_resets_chanting() -> None:
    unit = "Let me look at the configuration once more before deciding. "
    events = [content(unit)] * 9 + [call()] + [content(unit)] * 9
    assert first_alarm(each(monitor(), events)) is None


# repeated reads -------------------------------------------------------------------------------------------


def test_third_identical_read_warns_and_fourth_stops() -> None:
    events = [call("Read", path="a.py"), result("Read", "same text")] * 4
    verdicts = each(monitor(), events)
    assert [(i, v.status, v.kind) for i, v in enumerate(verdicts) if v.status != "ok"] == [
        (5, "warn", "repeated_read"),
        (7, "stop", "repeated_read"),
    ]
    assert verdicts[5].evidence is not None and verdicts[5].evidence.events == (1, 3, 5)


def test_only_a_polled_command_is_told_to_wait_instead() -> None:
    reads = each(monitor(), [call("Read", path="a.py"), result("Read", "same text")] * 3)
    polls = each(monitor(), [call(command="gh run view 42"), result(text="in_progress")] * 3)
    assert reads[-1].nudge is not None and "gh run watch" not in reads[-1].nudge
    assert polls[-1].nudge is not None and "gh run watch" in polls[-1].nudge


def test_a_new_result_in_between_restarts_the_count() -> None:
    events = []
    for i in range(6):
        events += [call("Read", path="a.py"), result("Read", "same"), call("Edit", n=i), result("Edit", f"ok {i}")]
    assert first_alarm(each(monitor(), events)) is None


def test_alternating_reads_that_never_change_are_caught() -> None:
    events = []
    for _ in range(3):
        events += [call("Read", path="a"), result("Read", "A"), call("Read", path="b"), result("Read", "B")]
    verdicts = each(monitor(), events)
    # b's first (new) result may have changed what a reads, so a counts from its second read: b is first.
    assert first_alarm(verdicts) == 11 and verdicts[11].kind == "repeated_read"


def test_reads_compare_digests_and_skip_results_without_either() -> None:
    digested = [call("Read", path="a"), Event("tool_result", name="Read", digest="abc123")] * 3
    assert first_alarm(each(monitor(), digested)) == 5
    unknown = [call("Read", path="a"), Event("tool_result", name="Read")] * 4
    assert first_alarm(each(monitor(), unknown)) is None


def test_parallel_results_pair_with_their_calls_in_order() -> None:
    events = []
    for _ in range(3):
        events += [call("Read", path="a"), call("Read", path="b"), result("Read", "A"), result("Read", "B")]
    verdicts = each(monitor(), events)
    assert first_alarm(verdicts) == 11
    evidence = verdicts[11].evidence
    assert evidence is not None and evidence.excerpt == 'Read {"path":"b"} → B'


# chanting ---------------------------------------------------------------------------------------------------


def chunked(text: str, seed: int = 1) -> list[Event]:
    rng, out, i = random.Random(seed), [], 0
    while i < len(text):
        n = rng.randint(5, 40)
        out.append(content(text[i : i + n]))
        i += n
    return out


def test_repeated_prose_is_caught() -> None:
    text = "Intro words here. " + "I should re-check the build output before moving on. " * 12
    verdicts = each(monitor(), chunked(text))
    at = first_alarm(verdicts)
    assert at is not None and verdicts[at].kind == "chanting"
    nudge = verdicts[at].nudge
    assert nudge is not None and "re-check the build output" in nudge


@pytest.mark.parametrize(("period", "caught"), [(250, True), (251, False)])
def test_chanting_spacing_limit(period: int, caught: bool) -> None:
    unit = "".join(random.Random(period).choices("abcdefgh ", k=period - 1)) + "."
    assert (first_alarm(each(monitor(), chunked(unit * 12))) is not None) is caught


def test_after_a_chanting_warning_only_more_chanting_stops() -> None:
    unit = "I should re-check the build output before moving on. "
    prose = [content(f"Step {i} changes file number {i * 7} and then reads line {i * 13}. ") for i in range(40)]
    for then, expected in ((prose, "ok"), ([content(unit)], "stop")):
        m = monitor()
        warned = each(m, [content(unit)] * 30)
        assert [v.status for v in warned].count("warn") == 1
        assert {v.status for v in each(m, then)} == {expected}


def test_repetition_inside_a_code_block_is_not_caught() -> None:
    code = "```python\n" + "assert compute(value) == expected_value_for_this_case\n" * 30 + "```\n"
    assert first_alarm(each(monitor(), chunked(code))) is None
    lines = ["```python\n", *["x = compute(value, other_value) + offset_value_here\n"] * 30, "```\n"]
    assert first_alarm(each(monitor(), [content(line) for line in lines])) is None


@pytest.mark.parametrize("marker", ["- ", "* ", "+ ", "1. ", "  - "])
def test_list_items_reset_tracking(marker: str) -> None:
    items = [content(f"{marker}Update the dependency pin for the package in requirements file\n")] * 30
    assert first_alarm(each(monitor(), items)) is None


def test_tables_headings_and_quotes_reset_tracking() -> None:
    for line in ("| a | b | the same row of this table again and again |\n", "## The same heading again\n"):
        assert first_alarm(each(monitor(), [content(line * 2)] * 30)) is None
    assert first_alarm(each(monitor(), [content("> quoted text that repeats over and over again\n")] * 30)) is None


CODE = "assert compute(value) == expected_value_for_this_case\n"
CODE_BLOCKS = {
    "fenced": "Here is the test:\n```python\n" + CODE * 15 + "```\nThat is all.\n",
    "tildes": "Here is the test:\n~~~python\n" + CODE * 15 + "~~~\nThat is all.\n",
    "indented": "Here is the test:\n\n" + ("    " + CODE) * 15 + "\nThat is all.\n",
    "tab-indented": "Here is the test:\n\n" + ("\t" + CODE) * 15,
}


@pytest.mark.parametrize("text", CODE_BLOCKS.values(), ids=CODE_BLOCKS.keys())
def test_code_in_one_chunk_or_message_is_not_tracked(text: str) -> None:
    """However the text arrives: one chunk holding the whole block, a whole message, or chunks cut anywhere."""
    assert monitor().feed([content(text)]).status == "ok"
    assert monitor().feed([Event("assistant", text=text)]).status == "ok"
    assert first_alarm(each(monitor(), chunked(text))) is None


def test_a_line_of_tildes_under_a_title_is_its_underline_not_a_fence() -> None:
    """reST underlines titles with tildes; read as a fence, the rest of the message would be muted as code."""
    chant = "I should re-check the build output before moving on. " * 12
    assert monitor().feed([Event("assistant", text="Usage\n~~~~~\n\n" + chant)]).kind == "chanting"
    bare = "Here is the test:\n~~~\n" + CODE * 15 + "~~~\n"  # shorter than the line above: a fence
    assert monitor().feed([Event("assistant", text=bare)]).status == "ok"


def test_an_indented_line_after_prose_continues_the_paragraph() -> None:
    """Markdown's rule: indented code cannot interrupt a paragraph, so this chant is prose and is caught."""
    text = "I keep telling myself:\n" + "    I should re-check the build output before moving on.\n" * 15
    assert monitor().feed([Event("assistant", text=text)]).kind == "chanting"
    assert first_alarm(each(monitor(), chunked(text))) is not None


DECORATION = {
    "rule after text": "Some notes on the release follow.\n" + "#" * 72 + "\n",
    "dot leaders": "Contents\nIntroduction " + "." * 60 + " 3\nUsage " + "." * 60 + " 9\n",
    "underline": "Installation\n" + "^" * 60 + "\n\nRun the installer.\n",
    "progress bar": "Progress: [" + "#" * 60 + "] 100%",
    "zero padding": "The key is 0x" + "0" * 64 + ", as expected.",
    "table border": "Results of the run\n" + "=" * 70 + " " + "=" * 30 + "\nA  B\n" + "=" * 70 + " " + "=" * 30,
    "border in a line": "The table: " + "=" * 70 + " " + "=" * 30 + " ends here",
}


@pytest.mark.parametrize("text", DECORATION.values(), ids=DECORATION.keys())
def test_decoration_is_not_chanting(text: str) -> None:
    assert monitor().feed([content(text)]).status == "ok"
    assert monitor().feed([Event("assistant", text=text)]).status == "ok"
    assert first_alarm(each(monitor(), chunked(text))) is None


def test_decoration_is_at_most_two_characters_besides_spaces() -> None:
    for window in ("#" * 50, "=" * 30 + " " + "=" * 19, "0x" + "0" * 48, "-=" * 25, "\n" * 50):
        assert is_decoration(window), window
    for window in ("ab c" * 13, "DONE." * 10, "ha! " * 13):
        assert not is_decoration(window), window


def test_only_real_dividers_are_dividers() -> None:
    for divider in ("---", "***", "===", "- - -", "────────", "+---+---+", "___\n"):
        assert is_divider(divider), divider
    for text in ("OK", "DONE.", "A", "-", "**", "1234", "ABC_DEF", "--x--"):
        assert not is_divider(text), text
    # Gemini CLI drops "DONE." chunks as dividers and never sees this chant; we do.
    verdicts = each(monitor(), [content("DONE.")] * 40)
    assert first_alarm(verdicts) is not None and verdicts[first_alarm(verdicts) or 0].kind == "chanting"


def test_markdown_gate_follows_fences_line_by_line() -> None:
    gate = MarkdownGate()
    assert gate.split("```py\n") == [(True, "")] and gate.fence == "```"
    assert gate.split("x = 1\n") == []
    assert gate.split("```\nafter") == [(True, "after")] and gate.fence == ""
    assert gate.split("inline ```a``` b") == [(True, "inline ```a``` b")] and gate.fence == ""
    assert gate.split("plain words") == [(False, "plain words")]
    assert gate.split("\n````md\n```\nstill code\n````\nout\n") == [(False, "\n"), (True, "out\n")]


def test_a_new_turn_leaves_an_unclosed_code_block() -> None:
    unit = "I am going to try the same thing one more time now. "
    events = [content("```\nunclosed code"), Event("turn")] + [content(unit)] * 12
    assert first_alarm(each(monitor(), events)) is not None


def test_whole_assistant_messages_are_checked_line_by_line() -> None:
    chant = "The answer is below, let me restate it for clarity. " * 12
    verdicts = each(monitor(), [Event("assistant", text="Plan:\n" + chant)])
    assert verdicts[0].kind == "chanting"
    listing = "".join(f"- the same bullet item repeated in the answer list {i % 2}\n" for i in range(40))
    assert first_alarm(each(monitor(), [Event("assistant", text=listing)])) is None


def test_a_streamed_message_is_not_checked_twice() -> None:
    text = "A sentence that appears in one message only, five times. " * 5
    m = monitor()
    events = [*chunked(text), Event("assistant", text=text)]
    assert first_alarm(each(m, events)) is None


# stuck, errors, limits ----------------------------------------------------------------------------------------


def test_third_identical_assistant_message_is_stuck() -> None:
    events = [
        Event("assistant", text="I will fix it now."),
        call("A"),
        Event("assistant", text=" I will fix it now.\n"),
    ]
    events += [call("B"), Event("assistant", text=""), Event("assistant", text="I will fix it now.")]
    verdicts = each(monitor(), events)
    assert first_alarm(verdicts) == 5 and verdicts[5].kind == "stuck"
    assert verdicts[5].evidence is not None and verdicts[5].evidence.events == (0, 2, 5)


def test_more_than_three_consecutive_errors() -> None:
    events = [x for i in range(4) for x in (call("Run", n=i), result("Run", f"error {i}", is_error=True))]
    verdicts = each(monitor(), events)
    assert first_alarm(verdicts) == 7 and verdicts[7].kind == "error_streak"
    reset = events[:6] + [call("Run", n=9), result("Run", "fine")] + events[6:]
    assert first_alarm(each(monitor(), reset)) is None


@pytest.mark.parametrize(
    ("policy", "events", "kind", "caught"),
    [
        ({"max_steps": 2}, [Event("turn")] * 4, "max_steps", 2),
        ({"max_tool_calls": 3}, [call(n=i) for i in range(5)], "max_tool_calls", 3),
        ({"max_tokens": 100}, [Event("turn", tokens=40)] * 4, "max_tokens", 2),
        ({"max_wall_time_s": 60}, [Event("turn", time=1000.0 + 25 * i) for i in range(5)], "max_wall_time_s", 3),
    ],
)
def test_limits_stop_at_once(policy: dict[str, Any], events: list[Event], kind: str, caught: int) -> None:
    verdicts = each(monitor(**policy), events)
    assert first_alarm(verdicts) == caught
    assert (verdicts[caught].status, verdicts[caught].kind, verdicts[caught].strike) == ("stop", kind, 0)


def test_tokens_are_counted_from_text_when_not_reported() -> None:
    m = monitor(max_tokens=10)
    verdict = m.feed([content("word " * 100)])
    assert verdict.kind == "max_tokens" and verdict.counters.token_method == "estimate"
    assert m.feed([Event("turn", tokens=5)]).counters.token_method == "estimate+reported"


def test_a_streamed_message_counts_its_tokens_once() -> None:
    text = " ".join(f"word{i}" for i in range(100))
    streamed = monitor().feed(chunked(text)).counters.tokens
    verdict = monitor(max_tokens=streamed + 10).feed([*chunked(text), Event("assistant", text=text)])
    assert (verdict.status, verdict.counters.tokens) == ("ok", streamed)  # not twice: the budget is not halved
    whole = monitor().feed([Event("turn"), Event("assistant", text=text)])
    assert whole.counters.tokens > 0  # a message that was not streamed is counted from its text


def test_a_message_said_again_while_work_moves_on_is_not_stuck() -> None:
    """OpenManus would call this stuck at the third copy: the words repeat, but every result in between is new."""
    events: list[Event] = []
    for i in range(40):
        events.append(Event("turn"))
        if i in (5, 18, 30):
            events.append(Event("assistant", text="Now let me run the tests."))
        events += [call("Bash", command=f"step {i}"), result("Bash", f"output {i}")]
    assert first_alarm(each(monitor(), events)) is None
    said = [Event("assistant", text=text) for text in ("Let me look.", "Hmm.", "Let me look.", "Hmm.", "Let me look.")]
    assert first_alarm(each(monitor(), said)) is None  # other words in between: not the same message in a row


# escalation, batches, reset -------------------------------------------------------------------------------------


def test_a_different_detection_after_a_warning_stops() -> None:
    m = monitor()
    assert m.feed([call(x=1)] * 5).status == "warn"
    verdict = m.feed([Event("assistant", text="same")] * 3)
    assert (verdict.status, verdict.kind, verdict.strike) == ("stop", "stuck", 2)


def test_one_check_takes_one_strike_however_many_layers_find_its_loop() -> None:
    """The 3rd call repeats (calls) and returns the same result (reads): two layers, one check, one answer."""
    m = monitor(call_repeats=3, call_history=15)
    pair = [call("Read", path="a"), result("Read", "same")]
    first = m.feed(pair * 3)
    assert (first.status, first.kind, first.strike) == ("warn", "repeated_call", 1)
    assert first.nudge is not None and "Stop" not in first.nudge
    again = m.feed(pair)
    assert (again.status, again.strike) == ("stop", 2) and again.nudge and "You were warned" in again.nudge


def test_a_batch_with_a_new_prompt_answers_for_what_follows_it() -> None:
    answer = monitor().check([call()] * 5 + [Event("user", text="Do something else"), call()])
    assert (answer.verdict.status, answer.verdict.strike) == ("ok", 0)
    assert [(found.finding.kind, found.at) for found in answer.superseded] == [("repeated_call", 4)]


def test_a_nudge_handed_back_as_a_user_message_is_not_a_new_prompt() -> None:
    m = monitor()
    warned = m.feed([call()] * 5)
    assert warned.nudge is not None and warned.nudge.startswith("[check_loop] You have made the same call")
    again = m.feed([Event("user", text=warned.nudge), call()])
    assert (again.status, again.strike) == ("stop", 2)


def test_a_batch_answers_with_its_most_severe_detection() -> None:
    # One check is one answer: the loop is found at the 5th call and again at each later one, and it warns.
    verdict = monitor().feed([Event("turn")] + [call(x=1)] * 8)
    assert (verdict.status, verdict.at, verdict.strike) == ("warn", 5, 1)
    assert verdict.counters.events == 9 and verdict.counters.tool_calls == 8
    assert monitor(strikes_to_stop=1).feed([call()] * 5).status == "stop"
    assert monitor(strikes_to_stop=3).feed([call()] * 6).status == "warn"


def test_a_user_prompt_resets_tracking_but_not_positions() -> None:
    m = monitor()
    m.feed([call()] * 5)
    assert m.feed([Event("user", text="try something else")]).strike == 0
    verdicts = each(m, [call()] * 5)
    assert first_alarm(verdicts) == 4 and verdicts[4].status == "warn" and verdicts[4].at == 10


def test_reset_forgets_everything() -> None:
    m = monitor()
    m.feed([call()] * 4)
    m.reset()
    assert first_alarm(each(m, [call()] * 5)) == 4
    assert m.counters.events == 5


def test_replay_answers_at_the_first_detection() -> None:
    events = [x for i in range(8) for x in (Event("turn"), call("Grep", pattern="x"))]
    verdict = replay(events, counter=COUNTER)
    assert (verdict.status, verdict.at, verdict.counters.steps) == ("warn", 9, 5)
    assert replay(events[:4], counter=COUNTER).status == "ok"


def test_an_outside_detection_escalates_like_any_other() -> None:
    m = monitor()
    first = m.flag("llm_judge", "same edit applied and reverted", "You keep undoing your own edit.")
    assert (first.status, first.at, first.strike) == ("warn", None, 1)
    m.feed([call()])
    second = m.flag("llm_judge", "again", "Still undoing.")
    assert (second.status, second.at) == ("stop", 0)


def test_verdicts_are_json_ready() -> None:
    verdict = monitor().feed([call()] * 5)
    data = json.loads(json.dumps(verdict.to_dict()))
    assert data["status"] == "warn" and data["evidence"]["events"] == [0, 1, 2, 3, 4]


# persistence --------------------------------------------------------------------------------------------------

NAMES = ("Read", "Bash")
MARKDOWN = ("- item\n", "```\n", "| a | b |\n", "DONE.", "")
UNITS = ("again and again and again ", "I will check the same file once more. ", "x")
MESSAGES = ("Let me check.", "I will retry.", "", " Let me check.\n")
texts = st.sampled_from(MARKDOWN) | st.builds(lambda unit, n: unit * n, st.sampled_from(UNITS), st.integers(1, 9))


@st.composite
def event_streams(draw: st.DrawFn) -> list[Event]:
    """Streams from a tiny alphabet, so that repetitions (and detections of every kind) are common."""
    moment, events = 1_000.0, []
    for _ in range(draw(st.integers(0, 80))):
        moment += draw(st.sampled_from([0.0, 0.5, 7.0]))
        kind = draw(st.sampled_from(["tool_call", "tool_result", "content", "assistant", "turn", "user"]))
        tokens = draw(st.none() | st.integers(0, 20))
        name = draw(st.sampled_from(NAMES))
        if kind == "tool_call":
            args: dict[str, Any] = draw(st.sampled_from([{}, {"x": 1}, {"x": 2, "y": "z"}]))
            events.append(Event("tool_call", name=name, args=args, tokens=tokens, time=moment))
        elif kind == "tool_result":
            text = draw(st.sampled_from(["one", "two", "error!", "error!"]))
            events.append(Event("tool_result", name=name, text=text, is_error=text == "error!", time=moment))
        elif kind == "content":
            events.append(Event("content", text=draw(texts), tokens=tokens, time=moment))
        elif kind == "assistant":
            text = draw(st.sampled_from(MESSAGES) | texts)
            events.append(Event("assistant", text=text, tokens=tokens, time=moment))
        elif kind == "user" and draw(st.integers(0, 3)) == 0:  # keep resets rarer than the rest
            events.append(Event("user", text="new task", time=moment))
        else:
            events.append(Event("turn", time=moment))
    return events


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events=event_streams(), cut=st.integers(0, 80), limits=st.booleans())
@pytest.mark.slow
def test_a_restored_monitor_answers_as_one_that_never_stopped(events: list[Event], cut: int, limits: bool) -> None:
    policy = Policy(max_steps=15, max_tokens=1500, max_wall_time_s=200) if limits else Policy()
    cut = min(cut, len(events))
    straight = LoopMonitor(policy, counter=COUNTER)
    expected = each(straight, events)
    first = LoopMonitor(policy, counter=COUNTER)
    got = each(first, events[:cut])
    restored = LoopMonitor.from_json(first.to_json(), counter=COUNTER)
    got += each(restored, events[cut:])
    assert got == expected
    assert restored.to_json() == straight.to_json()


@pytest.mark.slow
def test_state_stays_small_however_long_the_stream() -> None:
    m = monitor()
    rng = random.Random(7)
    for i in range(10_000):
        m.feed([rng.choice([call(n=i), result(text="x" * rng.randint(0, 5000)), content("word " * 20)])])
    assert len(m.to_json()) < 40_000
    assert m.counters.events == 10_000


def test_damaged_state_is_refused() -> None:
    good = json.loads(monitor().to_json())
    for bad in (b"not json", b"[]", json.dumps({**good, "version": 99}).encode(), b"\xff"):
        with pytest.raises(InvalidArgument):
            LoopMonitor.from_json(bad)
    for key, value in (("calls", [[1]]), ("index", "x"), ("chanting", {})):
        with pytest.raises(InvalidArgument, match="damaged"):
            LoopMonitor.from_json(json.dumps({**good, key: value}).encode())


# input validation -------------------------------------------------------------------------------------------------


def test_events_parse_from_json_objects() -> None:
    events = parse_events(
        [
            {"kind": "tool_call", "name": "Bash", "args": {"command": "ls"}, "tokens": 12, "time": 5},
            {"kind": "tool_result", "name": "Bash", "digest": "ab12", "is_error": True},
            {"kind": "assistant", "text": "hi"},
            {"kind": "content", "text": "h"},
            {"kind": "turn"},
            {"kind": "user", "text": "go"},
        ]
    )
    assert [e.kind for e in events] == ["tool_call", "tool_result", "assistant", "content", "turn", "user"]
    assert events[0].time == 5.0 and events[1].is_error
    assert parse_event(events[0].to_dict()) == events[0]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("nope", "events must be a list"),
        ([1], r"events\[0\] must be an object"),
        ([{"kind": "think"}], r"events\[0\]\.kind must be one of"),
        ([{"kind": "turn", "text": "x"}], "unknown key 'text' for a turn event; valid: kind, tokens, time"),
        ([{"kind": "tool_call", "name": "A", "arg": {}}], "unknown key 'arg'"),
        ([{"kind": "tool_call"}], r"events\[0\]\.name is required"),
        ([{"kind": "tool_call", "name": ""}], "must not be empty"),
        ([{"kind": "tool_call", "name": "A", "args": []}], r"events\[0\]\.args must be an object"),
        ([{"kind": "tool_call", "name": "A", "args": {"x": float("nan")}}], r"events\[0\]\.args\.x holds nan"),
        ([{"kind": "tool_call", "name": "A", "args": {"x": {1}}}], "not JSON"),
        ([{"kind": "tool_call", "name": 3}], r"name must be a string, got int"),
        ([{"kind": "tool_result", "name": "A", "is_error": "false"}], "is_error must be true or false"),
        ([{"kind": "tool_result", "name": "A", "text": "x", "digest": "y"}], "either text or digest"),
        ([{"kind": "content"}], r"text is required"),
        ([{"kind": "turn", "tokens": True}], "tokens must be a whole number"),
        ([{"kind": "turn", "tokens": -1}], "tokens must be a whole number"),
        ([{"kind": "turn", "time": "now"}], "time must be unix seconds"),
        ([{"kind": "turn", "time": float("inf")}], "time must be unix seconds"),
    ],
)
def test_bad_events_are_refused_naming_the_field(data: object, message: str) -> None:
    with pytest.raises(InvalidArgument, match=message):
        parse_events(data)


def test_events_built_directly_are_validated_too() -> None:
    with pytest.raises(InvalidArgument, match="name is required"):
        Event("tool_call")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"call_repeat": 3},
            r"unknown policy key.*call_repeat \(did you mean call_repeats\?\); valid: detect_repeated_calls",
        ),
        ({"call_repeats": "5"}, "call_repeats must be a whole number"),
        ({"call_repeats": 1}, "call_repeats must be a whole number between 2 and 100"),
        ({"detect_stuck": 1}, "detect_stuck must be true or false"),
        ({"max_steps": -1}, "max_steps must be a whole number at least 0, or null"),
        ({"max_wall_time_s": float("nan")}, "max_wall_time_s must be a number of seconds"),
        ({"max_tokens": 1.5}, "max_tokens must be a whole number"),
        ({"call_history": 10}, r"call_history \(10\) must hold call_repeats × max_cycle"),
        ({"chant_buffer": 10}, "chant_buffer .* at least chant_window"),
        ({"chant_buffer": 10**9}, "chant_buffer must be a whole number between"),
    ],
)
def test_bad_policies_are_refused(data: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidArgument, match=message):
        Policy.from_dict(data)


def test_policy_round_trips_and_switches_layers_off() -> None:
    policy = Policy.from_dict({"max_steps": 30, "max_wall_time_s": 90, "detect_repeated_calls": False})
    assert Policy.from_dict(policy.to_dict()) == policy
    assert first_alarm(each(LoopMonitor(policy, counter=COUNTER), [call()] * 20)) is None
    with pytest.raises(InvalidArgument, match="policy must be an object"):
        Policy.from_dict([])  # type: ignore[arg-type]


# the fast chanting finder against the straightforward rule --------------------------------------------------------


class StraightFinder:
    """Gemini CLI's chanting loop, written plainly: every window position kept per window text, and every kept
    position shifted whenever the buffer drops old text. The reference the fast finder must agree with."""

    def __init__(self, policy: Policy) -> None:
        self.policy, self.buf, self.next = policy, "", 0
        self.stats: dict[str, list[int]] = {}

    def clear(self) -> None:
        self.buf, self.next, self.stats = "", 0, {}

    def append(self, text: str) -> tuple[int, ...] | None:
        p = self.policy
        self.buf += text
        if len(self.buf) > p.chant_buffer:
            cut = len(self.buf) - p.chant_buffer
            self.buf, self.next = self.buf[cut:], max(0, self.next - cut)
            shifted = {w: [i - cut for i in seen if i >= cut] for w, seen in self.stats.items()}
            self.stats = {w: seen for w, seen in shifted.items() if seen}
        hit = None
        while self.next + p.chant_window <= len(self.buf):
            at = self.next
            self.next += 1
            seen = self.stats.setdefault(self.buf[at : at + p.chant_window], [])
            seen.append(at)
            recent = seen[-p.chant_repeats :]
            if (
                hit
                or len(recent) < p.chant_repeats
                or (recent[-1] - recent[0]) / (p.chant_repeats - 1) > p.chant_max_spacing
            ):
                continue
            if len({c for c in self.buf[at : at + p.chant_window] if not c.isspace()}) <= 2:
                continue  # decoration: a rule, dot leaders, an underline, a progress bar
            periods = {self.buf[a:b] for a, b in zip(recent, recent[1:], strict=False)}
            if len(periods) <= p.chant_max_periods:
                hit = tuple(recent)
        return hit


def agree(policy: Policy, chunks: list[str], clears: Container[int] = ()) -> int:
    fast, straight = RepeatFinder(policy), StraightFinder(policy)
    hits = 0
    for i, chunk in enumerate(chunks):
        if i in clears:
            fast.clear()
            straight.clear()
        got = fast.append(chunk)
        assert (got.positions if got else None) == straight.append(chunk), f"chunk {i}"
        hits += got is not None
    return hits


SMALL = Policy(chant_window=6, chant_repeats=4, chant_max_spacing=9, chant_max_periods=2, chant_buffer=60)


@settings(max_examples=300, deadline=None)
@given(
    units=st.lists(st.text(alphabet="abcd \n", min_size=1, max_size=12), min_size=1, max_size=4),
    picks=st.lists(st.integers(0, 3), max_size=120),
    sizes=st.lists(st.integers(1, 90), min_size=1, max_size=10),
    small=st.booleans(),
    clear_every=st.integers(0, 30),
)
@pytest.mark.slow
def test_fast_finder_agrees_with_the_straightforward_rule(
    units: list[str], picks: list[int], sizes: list[int], small: bool, clear_every: int
) -> None:
    text = "".join(units[i % len(units)] for i in picks)
    chunks: list[str] = []
    i = 0
    while i < len(text):
        n = sizes[len(chunks) % len(sizes)] * (1 if small else 5)
        chunks.append(text[i : i + n])
        i += n
    clears = set(range(clear_every, len(chunks), clear_every)) if clear_every else set()
    agree(SMALL if small else Policy(), chunks, clears)


@pytest.mark.parametrize(
    "case",
    ["period", "near_spacing", "shared_prefix", "huge_chunks", "one_char", "long_period_variants", "random"],
)
@pytest.mark.slow
def test_fast_finder_agrees_on_adversarial_streams(case: str) -> None:
    rng = random.Random(case)
    if case == "period":  # loops of every period up to and past the spacing limit
        text = "".join(("".join(rng.choices("abcdef ", k=n)) + "|") * 12 for n in range(1, 300, 7))
    elif case == "near_spacing":  # average spacing just under and just over 250
        text = "".join("".join(rng.choices("pqrs", k=n)) * 12 for n in (*range(245, 256), *range(245, 256)))
    elif case == "shared_prefix":  # list-like lines sharing more than a window, differing at the end
        text = "".join(
            f"Processing the next file in the build queue with the default options: {i}\n" for i in range(3000)
        )
    elif case == "huge_chunks":  # chunks larger than the buffer
        text = ("abc " * 5000 + "".join(rng.choices("xyz", k=9000))) * 3
    elif case == "one_char":
        text = "a" * 20000
    elif case == "long_period_variants":  # at most 5 distinct periods, then 6
        variants = [f"the same long sentence, version {v}, padded out a little further. " for v in range(6)]
        text = "".join(rng.choice(variants[:5]) for _ in range(800)) + "".join(variants[i % 6] for i in range(800))
    else:
        text = "".join(rng.choices("ab \n", k=60000))
    sizes = [20000, 7000] if case == "huge_chunks" else [1, 3, 20, 50, 200]
    chunks, i = [], 0
    while i < len(text):
        n = rng.choice(sizes)
        chunks.append(text[i : i + n])
        i += n
    hits = agree(Policy(), chunks, set(range(97, len(chunks), 97)))
    if case in ("period", "huge_chunks"):
        assert hits > 0
    if case == "one_char":  # a run of one character is decoration (a rule), never a chant
        assert hits == 0


def gate_line_by_line(gate: MarkdownGate, chunk: str) -> list[tuple[bool, str]]:
    """The gate's rule one line at a time, with no shortcut for runs of plain lines: the reference."""
    parts: list[tuple[bool, str]] = []
    reset, tracked = False, ""
    for line in re.findall(r"[^\n]*\n|[^\n]+", chunk):
        restart, track = gate._line(line)
        if restart:
            if tracked:
                parts.append((reset, tracked))
            reset, tracked = True, ""
        if track:
            tracked += line
    if reset or tracked:
        parts.append((reset, tracked))
    return parts


_MARKDOWN_LINES = st.sampled_from(
    [
        "Plain words here.",
        "",
        "    indented code",
        "\tcode",
        "- item",
        "1. first",
        "# Title",
        "> quote",
        "| a | b |",
        "```",
        "```python",
        "~~~",
        "~~~~~~",
        "Usage",
        "----",
        "***",
        "  two spaces",
        "text with `tick`",
        "a ~ b",
    ]
)


@given(lines=st.lists(_MARKDOWN_LINES, max_size=40), cuts=st.lists(st.integers(0, 400), max_size=8))
@settings(max_examples=300, deadline=None)
def test_the_gate_takes_runs_of_plain_lines_as_its_line_rule_would(lines: list[str], cuts: list[int]) -> None:
    text = "\n".join(lines) + "\n"
    bounds = sorted({0, len(text), *(c % (len(text) + 1) for c in cuts)})
    fast, slow = MarkdownGate(), MarkdownGate()
    for a, b in pairwise(bounds):
        assert fast.split(text[a:b]) == gate_line_by_line(slow, text[a:b])
        assert fast.to_state() == slow.to_state()
