"""Loop detection's persistence and input validation: a restored monitor answers as one that never stopped, its
state stays small and damaged state is refused; events and policies parse, or are refused naming the field."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from loop_events import COUNTER, call, content, each, first_alarm, monitor, result

from mcp_context import InvalidArgument
from mcp_context.loops import Event, LoopMonitor, Policy, parse_event, parse_events

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
