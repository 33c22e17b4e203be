"""Property tests for compact_history over random histories in the OpenAI, Anthropic and Gemini formats.

One abstract history (a plan, history_plans.py) is drawn and rendered in each provider's own shape
(history_plan_render.py). For random budgets and each strategy the output must be valid for its provider, lose
nothing (what is not in the output verbatim is in the archive), never edit signed reasoning, fit or say it cannot,
and come out the same again, also as the cached prefix of a longer history."""

from __future__ import annotations

import copy
import tempfile
from pathlib import Path
from typing import Any

import pytest
from history_plan_render import appended, check_output, new_session, plain_chat, render, same, tool_parts
from history_plans import (
    FORMATS,
    HUGE,
    PROPS,
    STRATEGIES,
    Plan,
    no_fsync,  # noqa: F401  (autouse: archives are not fsynced here)
    plans,
)
from hypothesis import event, given
from hypothesis import strategies as st

from mcp_context.conversation.formats import adapter
from mcp_context.conversation.validate import problems
from mcp_context.errors import InvalidInput, TooLarge

pytestmark = pytest.mark.slow  # property searches over many generated histories: the full suite's part


# --- round trips --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
@PROPS
@given(plan=plans())
def test_round_trip_every_generated_history(fmt: str, plan: Plan) -> None:
    history, system = render(plan, fmt)
    snapshot = copy.deepcopy(history)
    a = adapter(fmt)
    parsed = a.parse(history)
    assert same(a.render_all(parsed), history)
    assert problems(parsed, a) == [], "the generator made an invalid history"
    with tempfile.TemporaryDirectory() as tmp:
        session = new_session(Path(tmp))
        result = session.compact_history(messages=history, format="auto", target_tokens=HUGE, system=system)
    assert result.format == fmt or plain_chat(history), "format detection"
    assert not result.compacted
    assert result.archive is None and result.removed == [] and result.shortened == []
    assert len(result.messages) == len(history)
    for out, original in zip(result.messages, history, strict=True):
        assert same(out, original)
    assert same(history, snapshot), "compact_history changed the caller's list"


@pytest.mark.parametrize("fmt", FORMATS)
@PROPS
@given(
    plan=plans(),
    strategy=st.sampled_from(STRATEGIES),
    fraction=st.one_of(st.floats(0.5, 1.05), st.floats(0.15, 0.5), st.floats(0.01, 0.15)),
    keep=st.sampled_from([None, "2 messages", {"messages": 4}, 300, "1k tokens"]),
    detect=st.booleans(),
)
def test_compaction_properties(fmt: str, plan: Plan, strategy: str, fraction: float, keep: Any, detect: bool) -> None:
    history, system = render(plan, fmt)
    snapshot = copy.deepcopy(history)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        probe = new_session(root, "probe").compact_history(
            messages=history, target_tokens=HUGE, system=system, format=fmt
        )
        target = max(1, int(probe.tokens_before * fraction))
        args = dict(messages=history, target_tokens=target, keep=keep, strategy=strategy, system=system)
        args["format"] = "auto" if detect else fmt
        session = new_session(root)
        try:
            result = session.compact_history(**args)
        except TooLarge as exc:
            assert "cannot fit" in str(exc) and "left as it was" in str(exc)
            event("too large")
            return
        except InvalidInput as exc:  # only a keep in tokens larger than the target is refused
            wanted = 300 if keep == 300 else 1000 if keep == "1k tokens" else None
            assert wanted is not None and wanted > target, str(exc)
            assert "is larger than the target" in str(exc)
            event("keep larger than the target")
            return
        for report in result.layers:
            event(f"layer {report.layer} changed {'some' if report.changed else 'none'}")
        assert same(history, snapshot), "compact_history changed the caller's list"
        assert result.format == fmt or (detect and plain_chat(history))
        check_output(session, fmt, history, result)

        # the output really is as small as reported
        recount = new_session(root, "recount").compact_history(
            messages=result.messages, target_tokens=HUGE, system=system, format=fmt
        )
        assert recount.tokens_before <= result.target

        # the same call again (a new Session on the same store and session) gives the same output
        again = new_session(root).compact_history(**args)
        assert same(again.messages, result.messages)
        assert again.tokens_after == result.tokens_after

        # the same history with two new turns, and room for them under the trigger (the same target: a budget a
        # fifth larger or more would start afresh): the old output is the new output's prefix
        more = history + appended(history, fmt)
        grown = new_session(root).compact_history(**{**args, "messages": more, "trigger": target + 100})
        assert same(grown.messages[: len(result.messages)], result.messages)
        assert same(grown.messages[len(result.messages) :], more[len(history) :])


@pytest.mark.parametrize("fmt", FORMATS)
@PROPS
@given(
    plan=plans(),
    strategy=st.sampled_from(STRATEGIES),
    fraction=st.floats(0.05, 0.9),
    extra=st.sampled_from([0, 2_000, 20_000]),
)
def test_replacements_replay_byte_for_byte(fmt: str, plan: Plan, strategy: str, fraction: float, extra: int) -> None:
    """A later call on a longer history, under the same budget, never re-renders an earlier replacement."""
    history, system = render(plan, fmt)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        probe = new_session(root, "probe").compact_history(
            messages=history, target_tokens=HUGE, system=system, format=fmt
        )
        target = max(1, int(probe.tokens_before * fraction))
        args = dict(target_tokens=target, keep="2 messages", strategy=strategy, system=system, format=fmt)
        try:
            first = new_session(root).compact_history(messages=history, **args)
        except TooLarge:
            return
        more = history + appended(history, fmt, extra)
        try:
            second = new_session(root).compact_history(messages=more, **args)
        except TooLarge:
            return
        check_output(new_session(root), fmt, more, second)
        original = tool_parts(history, fmt)
        before = tool_parts(first.messages, fmt)
        after = tool_parts(second.messages, fmt)
        for tag, part in before.items():
            if same(part, original[tag]) or tag not in after:
                continue
            event("an earlier replacement is still in the longer history")
            assert same(after[tag], part), f"the replacement of {tag} was rendered differently the second time"
