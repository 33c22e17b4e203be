"""compact_history given bad input (refused clearly, in each format) and a store failing mid-run (the history and
the saved state left as they were)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from history_builders import (
    FORMATS,
    lines,
    new_session,
    no_fsync,  # noqa: F401  (autouse: archives are not fsynced here)
    same,
    say,
    tool_loop,
    user,
)

from mcp_context import Session
from mcp_context.errors import InvalidArgument, StoreError, TooLarge
from mcp_context.session import Session as SessionClass

# --- bad input ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("messages", "match"),
    [
        ("not a list", "messages must be a list"),
        ({"role": "user", "content": "x"}, "messages must be a list"),
        ([{"role": "user", "content": "x"}, "text"], r"messages\[1\] must be an object \(got \"text\"\)"),
        ([None], r"messages\[0\] must be an object \(got null\)"),
        ([{"role": "tool", "content": "x"}], r"message #0 .*tool_call_id"),
        ([{"role": "assistant", "tool_calls": [{"function": {"name": "f"}}]}], r"message #0 .*needs an id"),
        ([{"role": "user", "content": [{"type": "text", "text": None}]}], "message #0: a text part holds None"),
    ],
)
def test_bad_messages_are_refused(messages: Any, match: str, tmp_path: Path) -> None:
    with pytest.raises(InvalidArgument, match=match):
        new_session(tmp_path).compact_history(messages=messages, target_tokens=1000)


UNCLEAR_ROLE: list[pytest.MarkDecorator] = []  # fixed; kept as a named regression


@pytest.mark.parametrize(
    ("fmt", "message"),
    [
        ("openai", {"role": "robot", "content": "x"}),
        pytest.param("anthropic", {"role": "robot", "content": "x"}, marks=UNCLEAR_ROLE),
        pytest.param("gemini", {"role": "robot", "parts": [{"text": "x"}]}, marks=UNCLEAR_ROLE),
    ],
)
def test_unknown_role_is_refused_clearly(fmt: str, message: dict[str, Any], tmp_path: Path) -> None:
    with pytest.raises(InvalidArgument) as info:
        new_session(tmp_path).compact_history(messages=[message], format=fmt, target_tokens=1000)
    text = str(info.value)
    assert "message #0" in text and "robot" in text and "role" in text


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"format": "xml"}, 'format must be one of "auto", "openai", "anthropic", "gemini" \\(got "xml"\\)'),
        ({"strategy": "magic"}, 'strategy must be one of "auto", "compact", "summarize", "sliding_window"'),
        ({"transcript": "/nonexistent.jsonl"}, "either messages .* or transcript .*, not both"),
    ],
)
def test_bad_options_are_refused(kwargs: dict[str, Any], match: str, tmp_path: Path) -> None:
    with pytest.raises(InvalidArgument, match=match):
        new_session(tmp_path).compact_history(messages=tool_loop("openai", 1), target_tokens=1000, **kwargs)


def test_neither_messages_nor_transcript_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidArgument, match="give either messages"):
        new_session(tmp_path).compact_history(target_tokens=1000)


@pytest.mark.parametrize("fmt", FORMATS)
def test_first_request_larger_than_target_is_too_large(fmt: str, tmp_path: Path) -> None:
    history = user(fmt, lines(20_000, "spec")) + say(fmt, "Understood.") + user(fmt, "go") + say(fmt, "ok")
    session = new_session(tmp_path)
    with pytest.raises(TooLarge) as info:
        session.compact_history(messages=history, format=fmt, target_tokens=1_000)
    message = str(info.value)
    assert "first user request" in message and "largest is the first user request" in message
    assert "1,000" in message and "left as it was" in message
    assert session.store.read_state("t", "compaction") is None


# --- a failing store ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "failing",
    [
        "result of",  # the first result a layer stores, mid-run
        "compact_history archive",  # after the run, before anything is returned
        "compacted history",  # the last thing stored, before the state is saved
    ],
)
def test_failing_persist_leaves_history_and_state_alone(
    failing: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    history = tool_loop("openai", 5, 3_000)
    args: dict[str, Any] = dict(messages=history, target_tokens=1_500, keep="2 messages")
    reference = new_session(tmp_path / "reference").compact_history(**args)
    assert [r.layer for r in reference.layers] == [1]

    real = SessionClass.persist_result
    labels: list[str] = []

    def broken(self: Session, content: str, label: str | None = None, *rest: Any, **kw: Any) -> Any:
        labels.append(label or "")
        if (label or "").startswith(failing):
            raise StoreError("the disk is full")
        return real(self, content, label, *rest, **kw)

    monkeypatch.setattr(SessionClass, "persist_result", broken)
    snapshot = json.dumps(history)
    with pytest.raises(StoreError) as info:
        new_session(tmp_path / "store").compact_history(**args)
    assert any(label.startswith(failing) for label in labels)
    assert json.dumps(history) == snapshot
    monkeypatch.setattr(SessionClass, "persist_result", real)
    assert "the disk is full" in str(info.value) and "your history was left as it was" in str(info.value)
    assert new_session(tmp_path / "store").store.read_state("t", "compaction") is None
    after = new_session(tmp_path / "store").compact_history(**args)
    assert same(after.messages, reference.messages)
    # the next call is a first call: nothing replayed (layer 0), the same layers as a call on an empty store
    assert [(r.layer, r.changed) for r in after.layers] == [(r.layer, r.changed) for r in reference.layers]
