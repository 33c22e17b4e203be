"""compact_history's budgets: trigger, keep and target amounts and their parsing, model names and their windows, a
history under the trigger left alone, and what counts toward the budget (system prompt, tool schemas, documents)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from history_builders import (
    FORMATS,
    HUGE,
    lines,
    new_session,
    no_fsync,  # noqa: F401  (autouse: archives are not fsynced here)
    same,
    say,
    tokens,
    tool_loop,
    user,
    valid,
)

from mcp_context.compaction import budget
from mcp_context.compaction import views as compaction_views
from mcp_context.errors import InvalidArgument

# --- trigger, keep, target, models --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "unit", "amount"),
    [
        (0.85, "fraction", 0.85),
        ("85%", "fraction", 0.85),
        (20000, "tokens", 20000),
        ("20k tokens", "tokens", 20000),
        ("20K", "tokens", 20000),
        ("1.5m tokens", "tokens", 1_500_000),
        ("6 messages", "messages", 6),
        ("1 message", "messages", 1),
        ({"messages": 6}, "messages", 6),
        ({"tokens": 5000}, "tokens", 5000),
        ({"fraction": 0.1}, "fraction", 0.1),
        (("messages", 6), "messages", 6),
        (2.0, "tokens", 2),
    ],
)
def test_amounts_parse(value: Any, unit: str, amount: float) -> None:
    parsed = budget.parse_amount(value, "trigger")
    assert parsed is not None and parsed.unit == unit and parsed.value == pytest.approx(amount)


@pytest.mark.parametrize(
    "value", ["lots", "", "-5", -5, 0, 1.5, "150%", "0%", {"messages": 0}, {"turns": 3}, True, [1, 2], "6 turns", 2.5]
)
def test_bad_amounts_are_refused_clearly(value: Any) -> None:
    with pytest.raises(InvalidArgument, match="keep") as info:
        budget.parse_amount(value, "keep")
    message = str(info.value)
    assert "keep" in message and ("fraction" in message or "whole number" in message or "tokens" in message)


def test_trigger_and_keep_through_the_api(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    history = tool_loop("openai", 3, 500)  # 8 messages
    for trigger, expected in [(0.85, 85_000), ("85%", 85_000), (20000, 20_000), ("20k tokens", 20_000)]:
        result = session.compact_history(
            messages=history, target_tokens=50_000, context_window=100_000, trigger=trigger
        )
        assert result.trigger == expected and not result.compacted
        assert same(result.messages, history)
    by_count = session.compact_history(messages=history, target_tokens=250, trigger="6 messages")
    assert by_count.compacted and by_count.trigger is None
    fresh = new_session(tmp_path, "fresh")  # no replacements to replay
    fits = fresh.compact_history(messages=history, target_tokens=50_000, trigger="6 messages")
    assert not fits.compacted and same(fits.messages, history)  # over the count, but within the target
    assert session.compact_history(messages=history, target_tokens=50_000, trigger={"messages": 8}).compacted is False
    for keep in ("6 messages", {"messages": 6}):
        resolved = budget.resolve(target_tokens=1000, model=None, context_window=None, trigger=None, keep=keep)
        assert resolved.keep_messages == 6 and resolved.keep_tokens is None
    resolved = budget.resolve(target_tokens=1000, model=None, context_window=10_000, trigger=None, keep=0.1)
    assert resolved.keep_tokens == 1_000


def test_bad_trigger_through_the_api(tmp_path: Path) -> None:
    with pytest.raises(InvalidArgument, match=r"trigger must be tokens .* got 'soon'"):
        new_session(tmp_path).compact_history(messages=tool_loop("openai", 1), target_tokens=1000, trigger="soon")


@pytest.mark.parametrize("name", ["trigger", "keep"])
@pytest.mark.parametrize("value", [0.85, "85%"])
def test_fraction_without_a_window_is_refused(name: str, value: Any, tmp_path: Path) -> None:
    with pytest.raises(InvalidArgument, match="no window is known") as info:
        new_session(tmp_path).compact_history(messages=tool_loop("openai", 1), target_tokens=1000, **{name: value})
    assert name in str(info.value) and "context_window" in str(info.value)


def test_no_budget_at_all_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidArgument, match="no budget"):
        new_session(tmp_path).compact_history(messages=tool_loop("openai", 1))


@pytest.mark.parametrize("value", [0, -1, 1.5, "many", True])
def test_bad_target_is_refused(value: Any, tmp_path: Path) -> None:
    with pytest.raises(InvalidArgument, match="target_tokens must be an integer >= 1"):
        new_session(tmp_path).compact_history(messages=tool_loop("openai", 1), target_tokens=value)


@pytest.mark.parametrize(("name", "near"), [("gpt5", "gpt-5"), ("claude-sonet-4-5", "claude-sonnet-4-5")])
def test_unknown_model_warns_with_a_suggestion(name: str, near: str, tmp_path: Path) -> None:
    result = new_session(tmp_path).compact_history(messages=tool_loop("openai", 1), target_tokens=5000, model=name)
    assert result.model is None
    (warning,) = result.warnings
    assert repr(name) in warning and near in warning and "did you mean" in warning


def test_unknown_model_without_a_near_name_still_warns(tmp_path: Path) -> None:
    result = new_session(tmp_path).compact_history(
        messages=tool_loop("openai", 1), target_tokens=5000, model="zz-house-model"
    )
    assert len(result.warnings) == 1 and "'zz-house-model'" in result.warnings[0]
    assert "the budget given is used" in result.warnings[0] and "pass context_window" not in result.warnings[0]
    with pytest.raises(InvalidArgument, match="no budget"):
        new_session(tmp_path).compact_history(messages=tool_loop("openai", 1), model="zz-house-model")


@pytest.mark.parametrize(
    ("name", "profile", "window"),
    [
        ("claude-sonnet-4-5-20250929", "claude-sonnet-4-5", 180_000),
        ("anthropic/claude-opus-4-1", "claude-opus-4-1", 180_000),
        ("models/gemini-2.5-pro", "gemini-2.5-pro", 1_048_576),
        ("gpt-5-2025-08-07", "gpt-5", 272_000),
        ("openai/gpt-5", "gpt-5", 272_000),
        ("sonnet", "claude-sonnet-4-5", 180_000),
        ("GPT-4o", "gpt-4o", 111_616),
        ("claude-3-7-sonnet-latest", "claude-3-7-sonnet", 180_000),
    ],
)
def test_known_model_names_resolve(name: str, profile: str, window: int, tmp_path: Path) -> None:
    result = new_session(tmp_path).compact_history(messages=tool_loop("openai", 1), model=name)
    assert result.model == profile and result.window == window
    assert result.warnings == []
    assert result.target == window // 2 and result.trigger == int(window * 0.85)
    assert not result.compacted


# --- under the trigger; fixed parts of the budget -----------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
def test_under_the_trigger_nothing_changes(fmt: str, tmp_path: Path) -> None:
    history = tool_loop(fmt, 4, 800)
    session = new_session(tmp_path)
    result = session.compact_history(messages=history, format=fmt, target_tokens=HUGE // 2)
    assert not result.compacted
    assert result.tokens_after == result.tokens_before
    assert result.layers == [] and result.archive is None and result.history is None
    assert result.removed == [] and result.shortened == []
    assert all(out is original for out, original in zip(result.messages, history, strict=True))
    assert len(result.messages) == len(history)
    # just over a trigger below the target: the history already fits the target, so there is nothing to do
    total = result.tokens_before
    over = session.compact_history(messages=history, format=fmt, target_tokens=total + 10, trigger=total - 1)
    assert not over.compacted and same(over.messages, history) and over.layers == []


def test_over_a_trigger_below_the_target_nothing_is_compacted(tmp_path: Path) -> None:
    history = user("openai", "hello " * 100) + say("openai", "ok " * 100)
    result = new_session(tmp_path).compact_history(messages=history, target_tokens=1_000, trigger=100)
    assert not result.compacted and result.messages == history and not result.layers
    assert "already fits the target of 1,000" in compaction_views.report(result)


@pytest.mark.parametrize("fmt", FORMATS)
def test_system_prompt_and_tool_schemas_count(fmt: str, tmp_path: Path) -> None:
    history = tool_loop(fmt, 3, 2_000)
    tools = [
        {"name": f"tool_{k}", "description": lines(600, f"doc{k}"), "input_schema": {"type": "object"}}
        for k in range(4)
    ]
    session = new_session(tmp_path)
    bare = session.compact_history(messages=history, format=fmt, target_tokens=HUGE, session="a")
    with_tools = session.compact_history(messages=history, format=fmt, target_tokens=HUGE, tools=tools, session="b")
    with_system = session.compact_history(
        messages=history, format=fmt, target_tokens=HUGE, system=lines(4_000, "rules"), session="c"
    )
    assert with_tools.tokens_before > bare.tokens_before + 300
    assert with_system.tokens_before > bare.tokens_before + 500
    target = bare.tokens_before + 100
    assert not session.compact_history(messages=history, format=fmt, target_tokens=target, session="d").compacted
    forced = session.compact_history(messages=history, format=fmt, target_tokens=target, tools=tools, session="e")
    assert forced.compacted and forced.fits and forced.tokens_after <= target
    assert forced.tokens_before == with_tools.tokens_before
    valid(forced.messages, fmt)


def test_a_report_names_runs_of_messages_and_counts_what_it_does_not_name(tmp_path: Path) -> None:
    """Thousands of dangling calls and removed messages make a report no host would pass on whole."""
    history: list[dict[str, Any]] = [{"role": "user", "content": "Start"}]
    for k in range(300):
        call = {"id": f"c{k}", "type": "function", "function": {"name": "read_file", "arguments": f'{{"k": {k}}}'}}
        history.append({"role": "assistant", "content": None, "tool_calls": [call]})  # never answered: repaired
        history.append({"role": "user", "content": lines(600)})
    history.append({"role": "assistant", "content": "Done."})
    session = new_session(tmp_path)
    result = session.compact_history(messages=history, target_tokens=3_000, strategy="sliding_window")
    assert len(result.removed) > 500 and sum(n.startswith("repaired") for n in result.notes) == 11
    report = compaction_views.report(result)
    assert len(report) < 6_000 and re.search(r"Removed messages: #\d+-#\d+", report)


@pytest.mark.parametrize(
    ("fmt", "part", "at_least"),
    [
        (
            "anthropic",
            {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "word " * 50_000}},
            25_000,
        ),
        (
            "openai",
            {
                "type": "file",
                "file": {"filename": "a.pdf", "file_data": "data:application/pdf;base64," + "QUJD" * 100_000},
            },
            60_000,
        ),
        ("gemini", {"inlineData": {"mimeType": "application/pdf", "data": "QUJD" * 100_000}}, 60_000),
    ],
)
def test_documents_count_what_they_hold_not_an_images_flat_figure(
    fmt: str, part: dict[str, Any], at_least: int, tmp_path: Path
) -> None:
    """A 400 KB PDF is not 1,600 tokens: a history that 'fits' must fit."""
    text = {"gemini": {"text": "Read this."}}.get(fmt, {"type": "text", "text": "Read this."})
    message = {"role": "user", "parts": [part, text]} if fmt == "gemini" else {"role": "user", "content": [part, text]}
    session = new_session(tmp_path)
    assert tokens(session, [message], format=fmt) >= at_least
