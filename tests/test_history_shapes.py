"""compact_history on explicit shapes: each block type of each format round-trips, broken histories are repaired and
never passed on, and content keys (what the token cache and the replacement state are keyed by) are equal for
equal JSON values and differ where a provider would see a difference."""

from __future__ import annotations

import copy
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from history_plan_render import check_output, new_session, render, same
from history_plans import (
    FORMATS,
    HUGE,
    PNG,
    PROPS,
    STRATEGIES,
    Plan,
    no_fsync,  # noqa: F401  (autouse: archives are not fsynced here)
    plans,
)
from hypothesis import given
from hypothesis import strategies as st

from mcp_context.conversation.formats import adapter
from mcp_context.conversation.model import key_of
from mcp_context.conversation.validate import problems
from mcp_context.errors import TooLarge

pytestmark = pytest.mark.slow  # property searches over many generated histories: the full suite's part


# --- explicit round trips, one per block type ---------------------------------------------------------------

IMAGE_SOURCE = {"type": "base64", "media_type": "image/png", "data": PNG}


EXAMPLES: dict[str, list[list[dict[str, Any]]]] = {
    "openai": [
        [{"role": "system", "content": "Be brief."}],
        [{"role": "developer", "content": "Be brief."}],
        [{"role": "user", "content": "hello"}],
        [{"role": "user", "content": [{"type": "text", "text": "hello"}]}],
        [
            {
                "role": "user",
                "content": [{"type": "image_url", "image_url": {"url": "https://x/y.png", "detail": "low"}}],
            }
        ],
        [{"role": "user", "content": [{"type": "input_audio", "input_audio": {"data": "AAAA", "format": "wav"}}]}],
        [{"role": "user", "content": [{"type": "file", "file": {"file_id": "file-abc"}}]}],
        [{"role": "assistant", "content": [{"type": "refusal", "refusal": "I can't help with that."}]}],
        [{"role": "assistant", "content": "Sure.", "name": "helper"}],
        [
            {"role": "user", "content": "list files"},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": "call_a", "type": "function", "function": {"name": "ls", "arguments": '{"path": "."}'}},
                    {"id": "call_b", "type": "function", "function": {"name": "pwd", "arguments": ""}},
                ],
            },
            {"role": "tool", "tool_call_id": "call_a", "content": "a.py\nb.py"},
            {"role": "tool", "tool_call_id": "call_b", "content": [{"type": "text", "text": "/repo"}]},
        ],
        [
            {"role": "user", "content": "x"},
            {
                "role": "assistant",
                "content": "",
                "tool_calls": [
                    {"id": "call_c", "type": "function", "function": {"name": "f", "arguments": "{not json"}}
                ],
            },
            {"role": "tool", "tool_call_id": "call_c", "content": "Error: bad arguments"},
        ],
    ],
    "anthropic": [
        [{"role": "user", "content": "hello"}],
        [{"role": "user", "content": [{"type": "text", "text": "hello", "cache_control": {"type": "ephemeral"}}]}],
        [{"role": "user", "content": [{"type": "image", "source": IMAGE_SOURCE}]}],
        [
            {
                "role": "user",
                "content": [{"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "d"}}],
            }
        ],
        [{"role": "assistant", "content": [{"type": "thinking", "thinking": "hmm", "signature": "EqQBCkYIARgCKkA=="}]}],
        [{"role": "assistant", "content": [{"type": "redacted_thinking", "data": "EmwKAhgBEgy3va3pzix/LafPsn4a"}]}],
        [{"role": "assistant", "content": [{"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search"}]}],
        [
            {"role": "user", "content": "read it"},
            {
                "role": "assistant",
                "content": [
                    {"type": "thinking", "thinking": "I should read.", "signature": "c2ln"},
                    {"type": "text", "text": "Reading."},
                    {"type": "tool_use", "id": "toolu_01", "name": "Read", "input": {"file_path": "/a"}},
                    {"type": "tool_use", "id": "toolu_02", "name": "Read", "input": {"file_path": "/b"}},
                ],
            },
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": "toolu_01", "content": "A"},
                    {
                        "type": "tool_result",
                        "tool_use_id": "toolu_02",
                        "content": [{"type": "text", "text": "B"}, {"type": "image", "source": IMAGE_SOURCE}],
                        "is_error": True,
                    },
                    {"type": "text", "text": "and then?"},
                ],
            },
        ],
        [
            {"role": "user", "content": "x"},
            {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_03", "name": "noop", "input": {}}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_03"}]},
        ],
    ],
    "gemini": [
        [{"role": "user", "parts": [{"text": "hello"}]}],
        [{"parts": [{"text": "a turn with no role reads as the user's"}]}],
        [{"role": "user", "parts": [{"inlineData": {"mimeType": "image/png", "data": PNG}}]}],
        [{"role": "user", "parts": [{"fileData": {"mimeType": "application/pdf", "fileUri": "gs://b/f.pdf"}}]}],
        [{"role": "model", "parts": [{"text": "plan", "thought": True, "thoughtSignature": "CtIBAZ=="}]}],
        [{"role": "model", "parts": [{"text": "answer", "thoughtSignature": "U2ln"}]}],
        [{"role": "model", "parts": [{"executableCode": {"language": "PYTHON", "code": "print(1)"}}]}],
        [
            {"role": "user", "parts": [{"text": "weather?"}]},
            {
                "role": "model",
                "parts": [
                    {"functionCall": {"name": "weather", "args": {"city": "Paris"}}, "thoughtSignature": "c2ln"},
                    {"functionCall": {"name": "weather", "args": {"city": "Rome"}}},
                ],
            },
            {
                "role": "user",
                "parts": [
                    {"functionResponse": {"name": "weather", "response": {"output": "sunny"}}},
                    {"functionResponse": {"name": "weather", "response": {"error": "no station"}}},
                ],
            },
        ],
        [
            {"role": "user", "parts": [{"text": "time?"}]},
            {"role": "model", "parts": [{"functionCall": {"id": "fc_1", "name": "now", "args": {}}}]},
            {
                "role": "user",
                "parts": [
                    {"functionResponse": {"id": "fc_1", "name": "now", "response": {"temp": 3, "unit": "C"}}},
                    {"text": "thanks"},
                ],
            },
        ],
    ],
}


@pytest.mark.parametrize(
    ("fmt", "history"),
    [(fmt, history) for fmt, histories in EXAMPLES.items() for history in histories],
    ids=[f"{fmt}-{k}" for fmt, histories in EXAMPLES.items() for k in range(len(histories))],
)
def test_round_trip_each_block_type(fmt: str, history: list[dict[str, Any]], tmp_path: Path) -> None:
    a = adapter(fmt)
    parsed = a.parse(history)
    rendered = a.render_all(parsed)
    assert same(rendered, history)
    assert all(out is original for out, original in zip(rendered, history, strict=True))
    if problems(parsed, a):
        return  # a lone assistant turn: valid to parse and render, but compact_history would repair it
    result = new_session(tmp_path).compact_history(messages=history, format=fmt, target_tokens=HUGE)
    assert not result.compacted
    assert same(result.messages, history)


# --- broken input is repaired, never passed on --------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
@PROPS
@given(
    plan=plans(),
    cuts=st.lists(st.integers(0, 200), min_size=1, max_size=4),
    strategy=st.sampled_from(STRATEGIES),
    fraction=st.one_of(st.just(None), st.floats(0.2, 1.0)),
)
def test_broken_histories_come_out_valid(
    fmt: str, plan: Plan, cuts: list[int], strategy: str, fraction: float | None
) -> None:
    """Messages lost from a valid history (a truncated log, a crashed tool): dangling calls, orphan results,
    same-role runs. The output is valid all the same, and whatever repair removed or changed is archived."""
    history, system = render(plan, fmt)
    broken = list(history)
    for cut in cuts:
        if len(broken) > 1:
            del broken[cut % len(broken)]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        session = new_session(root)
        total = (
            new_session(root, "probe")
            .compact_history(messages=broken, target_tokens=HUGE, system=system, format=fmt)
            .tokens_before
        )
        target = HUGE if fraction is None else max(1, int(total * fraction))
        try:
            result = session.compact_history(
                messages=broken, format=fmt, target_tokens=target, strategy=strategy, system=system
            )
        except TooLarge:
            return
        check_output(session, fmt, broken, result, repaired=True)


# --- content keys: what the token cache and the replacement state are keyed by ----------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@PROPS
@given(value=JSON_VALUES)
def test_equal_json_values_have_equal_keys_however_they_were_built(value: Any) -> None:
    """A history parsed afresh on every call must find its earlier keys: equal content, equal key."""
    again = json.loads(json.dumps(value))
    assert key_of(again) == key_of(value) == key_of(copy.deepcopy(value))


def test_keys_tell_apart_what_a_provider_would_see_differently() -> None:
    assert key_of({"a": 1, "b": 2}) != key_of({"b": 2, "a": 1})  # the bytes sent differ, so the cache does
    assert len({key_of(1), key_of(1.0), key_of(True), key_of("1")}) == 4
    assert key_of({"x": object.__name__}) == key_of({"x": "object"})
    assert key_of({"when": Path("/a")}) != key_of({"when": "/b"})  # not JSON: keyed through its text
