"""The history validator, rule by rule, in each format: a result without its call, a call without its result, order,
duplicate ids, who speaks first, and empty turns."""

from __future__ import annotations

from typing import Any

import pytest
from history_builders import (
    FORMATS,
    calls,
    exchange,
    no_fsync,  # noqa: F401  (autouse: archives are not fsynced here)
    results,
    say,
    tool_loop,
    user,
)

from mcp_context.conversation.formats import adapter
from mcp_context.conversation.validate import problems

# --- the validator, rule by rule ----------------------------------------------------------------------------


def found(fmt: str, history: list[Any]) -> list[str]:
    a = adapter(fmt)
    return problems(a.parse(history), a)


@pytest.mark.parametrize("fmt", FORMATS)
def test_validator_accepts_a_valid_history(fmt: str) -> None:
    history = tool_loop(fmt, 2, 100) + user(fmt, "more") + calls(fmt, ("p1", "A", {}), ("p2", "B", {}))
    history += results(fmt, ("p1", "A", "a", False), ("p2", "B", "b", True), text="and?") + say(fmt, "ok")
    assert found(fmt, history) == []


@pytest.mark.parametrize("fmt", FORMATS)
def test_validator_result_without_call(fmt: str) -> None:
    history = user(fmt, "x") + say(fmt, "y") + results(fmt, ("c1", "Read", "out", False))
    assert any("no call right before it" in p for p in found(fmt, history))


@pytest.mark.parametrize("fmt", FORMATS)
def test_validator_call_without_result(fmt: str) -> None:
    history = user(fmt, "x") + calls(fmt, ("c1", "Read", {}))
    (problem,) = found(fmt, history)
    assert "call c1 (Read) has no result right after it" in problem


@pytest.mark.parametrize("fmt", FORMATS)
def test_validator_result_not_right_after(fmt: str) -> None:
    history = user(fmt, "x") + calls(fmt, ("c1", "Read", {})) + say(fmt, "hm")
    history += results(fmt, ("c1", "Read", "late", False))
    problems_found = found(fmt, history)
    assert any("c1 (Read) has no result right after it" in p for p in problems_found)
    assert any("no call right before it" in p for p in problems_found)


def test_validator_openai_result_after_a_user_message() -> None:
    history = user("openai", "x") + calls("openai", ("c1", "Read", {})) + user("openai", "wait")
    history += results("openai", ("c1", "Read", "late", False))
    assert any("has no result right after it" in p for p in found("openai", history))


@pytest.mark.parametrize("fmt", ["anthropic", "gemini"])
def test_validator_results_must_come_first_in_the_user_turn(fmt: str) -> None:
    history = user(fmt, "x") + calls(fmt, ("c1", "Read", {}))
    turn = results(fmt, ("c1", "Read", "out", False), text="by the way")[0]
    key = "content" if fmt == "anthropic" else "parts"
    turn[key] = turn[key][::-1]
    history.append(turn)
    assert any("tool results must come before any other content" in p for p in found(fmt, history))


@pytest.mark.parametrize("fmt", FORMATS)
def test_validator_duplicate_call_id(fmt: str) -> None:
    history = user(fmt, "x") + exchange(fmt, "c1", "Read", {}, "a") + exchange(fmt, "c1", "Read", {}, "b")
    assert any("tool call id c1 is used twice" in p for p in found(fmt, history))


@pytest.mark.parametrize("fmt", FORMATS)
def test_validator_more_than_one_result(fmt: str) -> None:
    history = user(fmt, "x") + calls(fmt, ("c1", "Read", {}))
    history += results(fmt, ("c1", "Read", "a", False), ("c1", "Read", "b", False))
    assert any("has more than one result" in p for p in found(fmt, history))


@pytest.mark.parametrize("fmt", FORMATS)
def test_validator_result_for_another_call(fmt: str) -> None:
    history = user(fmt, "x") + calls(fmt, ("c1", "Read", {})) + results(fmt, ("c2", "Read", "a", False))
    problems_found = found(fmt, history)
    assert any("the result for c2 after it answers no call of this turn" in p for p in problems_found)


def test_validator_gemini_two_user_turns_in_a_row() -> None:
    history = user("gemini", "a") + user("gemini", "b") + say("gemini", "c")
    assert found("gemini", history) == ["message 1: two user turns in a row (gemini needs them to alternate)"]
    history = user("gemini", "a") + say("gemini", "b") + say("gemini", "c")
    assert found("gemini", history) == ["message 2: two assistant turns in a row (gemini needs them to alternate)"]
    # Anthropic merges such turns rather than refusing them; a compacted history never leans on that
    assert found("anthropic", user("anthropic", "a") + user("anthropic", "b") + say("anthropic", "c")) == [
        "message 1: two user turns in a row (anthropic needs them to alternate)"
    ]
    assert found("openai", user("openai", "a") + user("openai", "b") + say("openai", "c")) == []


@pytest.mark.parametrize("fmt", ["anthropic", "gemini"])
def test_validator_first_turn_must_be_the_users(fmt: str) -> None:
    assert found(fmt, say(fmt, "hello") + user(fmt, "hi")) == ["message 0: the first turn must be the user's"]


def test_validator_openai_may_start_with_the_assistant() -> None:
    assert found("openai", [{"role": "system", "content": "s"}, *say("openai", "hello"), *user("openai", "hi")]) == []


@pytest.mark.parametrize(
    ("fmt", "message"),
    [
        ("openai", {"role": "assistant", "content": ""}),
        ("openai", {"role": "assistant", "content": None}),
        ("openai", {"role": "user", "content": "   "}),
        ("anthropic", {"role": "assistant", "content": []}),
        ("anthropic", {"role": "assistant", "content": [{"type": "text", "text": " "}]}),
        ("anthropic", {"role": "assistant", "content": [{"type": "thinking", "thinking": "", "signature": ""}]}),
        ("gemini", {"role": "model", "parts": []}),
        ("gemini", {"role": "model", "parts": [{"text": ""}]}),
    ],
)
def test_validator_empty_message(fmt: str, message: dict[str, Any]) -> None:
    history = user(fmt, "x") + [message]
    assert any("message 1 (#1) is empty" in p for p in found(fmt, history))


@pytest.mark.parametrize(
    ("fmt", "message"),
    [
        ("anthropic", {"role": "assistant", "content": [{"type": "redacted_thinking", "data": "abc"}]}),
        ("anthropic", {"role": "assistant", "content": [{"type": "thinking", "thinking": "", "signature": "s"}]}),
        ("gemini", {"role": "model", "parts": [{"text": "", "thought": True, "thoughtSignature": "s"}]}),
        ("openai", {"role": "assistant", "content": [{"type": "refusal", "refusal": "no"}]}),
    ],
)
def test_validator_signed_or_refusal_turn_is_not_empty(fmt: str, message: dict[str, Any]) -> None:
    assert found(fmt, user(fmt, "x") + [message]) == []
