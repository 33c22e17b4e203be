"""The pre-tool-use hook checks a tool call on the store alone (hooks/repeats.py: no Session, no argument model,
no MCP SDK, in a process of its own at every tool call); check_loop checks it through the Session. Over the same
calls both give the same verdicts and nudges, and leave the same loop state, byte for byte."""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcp_context import Session
from mcp_context.hooks.run import run
from mcp_context.loops import service
from mcp_context.tokens.count import TokenCounter

SID = "0f1e2d3c-0000-4000-8000-00000000abcd"
#: A clock that stands still: both paths record when the stream started and its latest event.
NOW = 1_800_000_000.0

#: Tool calls that repeat often (so warnings and stops come), with a credential now and then (the stream keeps
#: it redacted) and arguments in either key order (the same call).
CALLS = st.sampled_from(
    [
        ("Bash", {"command": "ls"}),
        ("Bash", {"command": "pytest -q"}),
        ("Read", {"file_path": "src/app.py"}),
        ("Read", {"file_path": "src/app.py", "offset": 10}),
        ("Read", {"offset": 10, "file_path": "src/app.py"}),
        ("Bash", {"command": "curl -H 'Authorization: Bearer ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8' x"}),
        ("Bash", {"command": "export PASSWORD=hunter2hunter2 && deploy"}),
        ("mcp__ctx__read_persisted", {"handle": "r-0123456789abcdef", "start_line": 1}),
        ("Grep", {"pattern": "token", "path": "."}),
    ]
)


def hook_answer(root: Path, name: str, args: dict[str, Any]) -> str | None:
    stdin = json.dumps({"session_id": SID, "tool_name": name, "tool_input": args}).encode()
    return run("claude", "pre-tool-use", stdin, root, None, False, {})


def expected_answer(status: str, nudge: str | None) -> str | None:
    """What Claude Code is to get for a verdict (docs/hooks.md): nothing when ok, the nudge as extra context on
    warn, a refusal with the nudge as its reason on stop."""
    if status == "ok":
        return None
    assert nudge
    specific = (
        {"permissionDecision": "deny", "permissionDecisionReason": nudge}
        if status == "stop"
        else {"additionalContext": nudge}
    )
    return json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", **specific}}, ensure_ascii=False)


def same_on_both_paths(calls: list[tuple[str, dict[str, Any]]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        hooked, checked = Path(tmp) / "hook", Path(tmp) / "tool"
        session = Session(root=checked, session=SID, env={}, counter=TokenCounter(search_local=False))
        for name, args in calls:
            answer = hook_answer(hooked, name, args)
            check = session.check_loop(event={"kind": "tool_call", "name": name, "args": args})
            assert answer == expected_answer(check.verdict.status, check.verdict.nudge), (name, args)
            hook_state = Session(root=hooked, session=SID, env={}).store.peek_state(SID, "loops")
            assert hook_state == session.store.peek_state(SID, "loops")
        assert not (hooked / "hooks.log").exists()  # nothing failed on the hook's side


@pytest.fixture(autouse=True)
def still_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(time, "time", lambda: NOW)


def test_a_repeated_call_warns_then_stops_on_both_paths() -> None:
    same_on_both_paths([("Bash", {"command": "ls"})] * 8)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(CALLS, min_size=1, max_size=14))
def test_the_hook_and_check_loop_answer_and_store_alike(calls: list[tuple[str, dict[str, Any]]]) -> None:
    same_on_both_paths(calls)


#: JSON-like values as a loop state may hold them, and what orjson spells differently or refuses: floats with a
#: negative exponent, infinities, integers past 64 bits, lone surrogates, keys that are not strings, tuples.
LEAVES = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.sampled_from([-(2**63), 2**63 - 1, 2**64 - 1, 2**64, -(2**63) - 1])
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from([1e-05, 2.5e-05, 1.5e-07, 1e16, 1e22, 5e-324, -0.0, 1795874335.355304])
    | st.text(alphabet=st.characters(codec="utf-8") | st.sampled_from(["\ud800", "\x00", "\x7f", "\u2028"]))
)
DOCUMENTS = st.recursive(
    LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.lists(inner, max_size=3).map(tuple)
        | st.dictionaries(st.text(max_size=6), inner, max_size=4)
        | st.dictionaries(st.integers(0, 9), inner, min_size=1, max_size=2)
    ),
    max_leaves=20,
)


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(st.text(max_size=8), DOCUMENTS, max_size=5))
def test_a_state_is_spelled_alike_by_a_hook_and_by_a_server(document: dict[str, Any]) -> None:
    """The hook spells a plain state with the standard library, a server with orjson: the same bytes."""
    assert service._spelled(document, False) == service._spelled(document, True)
