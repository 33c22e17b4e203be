"""Loop detection's layers besides chanting: repeated tool calls and reads, stuck messages, error streaks and
limits, and escalation, batches and resets."""

from __future__ import annotations

import json
from typing import Any

import pytest
from loop_events import COUNTER, call, chunked, content, each, first_alarm, monitor, result

from mcp_context.loops import Event, replay

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
