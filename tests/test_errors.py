"""One error path: whatever a user or a model gets wrong answers with one short line naming the argument, what
was wrong and what is accepted, the same text over MCP (isError), in the Python API (an exception) and in the
command line (exit code 2 for a bad argument, 1 for what the store refused). Never pydantic's report, a
traceback, a link or "Internal server error"."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from cli_run import run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mcp import Client, MCPError

from mcp_context import ContextError, Session
from mcp_context.compaction.args import CompactArgs
from mcp_context.loops.args import CheckLoopArgs
from mcp_context.server.app import TOOL_ARGUMENTS, build_server
from mcp_context.summary.args import SummarizeArgs

pytestmark = pytest.mark.anyio

#: (tool, arguments, what the one line must say): the mistakes a new user or a model makes first.
BAD_CALLS: list[tuple[str, dict[str, Any], str]] = [
    ("persist_result", {}, "content is required: text"),
    ("persist_result", {"content": 12}, "content must be text (got 12)"),
    ("persist_result", {"content": None}, "content must be text (got null)"),
    ("persist_result", {"content": "x", "label": ["a"]}, "label must be text of at most 200 characters"),
    ("persist_result", {"content": "x", "lable": "typo"}, "unknown argument 'lable'; accepted: content, label"),
    ("persist_result", {"content": "x", "session": "../etc"}, "session"),
    ("read_persisted", {}, "handle is required"),
    ("read_persisted", {"handle": 7}, "handle must be text (got 7)"),
    ("read_persisted", {"handle": "r_x", "start_line": "ten"}, 'start_line must be an integer >= 1 (got "ten")'),
    ("read_persisted", {"handle": "r_x", "start_line": 0}, "start_line must be an integer >= 1 (got 0)"),
    ("read_persisted", {"handle": "r_x", "start_line": True}, "start_line must be an integer >= 1 (got true)"),
    ("read_persisted", {"handle": "r_x", "max_tokens": "many"}, 'max_tokens must be an integer >= 1 (got "many")'),
    ("read_persisted", {"handle": "r_x", "context": 99}, "context must be an integer from 0 to 50 (got 99)"),
    ("read_persisted", {"handle": "r_x", "offset": -1}, "offset must be an integer >= 0 (got -1)"),
    ("read_persisted", {"handle": "r_0000000000000000"}, "unknown handle"),
    ("compact_history", {"messages": "hello"}, 'messages must be a list of objects (got "hello")'),
    ("compact_history", {"messages": [1]}, "messages[0] must be an object (got 1)"),
    ("compact_history", {"messages": [], "format": "xml"}, 'format must be one of "auto", "openai"'),
    ("compact_history", {"messages": [], "strategy": "fast"}, 'strategy must be one of "auto", "compact"'),
    ("compact_history", {"messages": [], "target_tokens": -5}, "target_tokens must be an integer >= 1 (got -5)"),
    ("compact_history", {"messages": [], "trigger": [0.8]}, "trigger must be tokens (an integer), a fraction"),
    ("compact_history", {"target_tokens": 100}, "give either messages (a list) or transcript"),
    ("summarize_range", {"messages": [], "style": "long"}, 'style must be one of "sections", "snapshot", "brief"'),
    ("summarize_range", {"messages": [], "engine": "gpt"}, 'engine must be one of "auto", "extractive"'),
    ("summarize_range", {"messages": [], "max_tokens": 0}, "max_tokens must be an integer >= 1 (got 0)"),
    ("summarize_range", {"messages": [], "start": [1]}, "start must be an integer or text (got a list of 1)"),
    ("summarize_range", {}, "give one source"),
    ("check_loop", {"event": {"kind": "bad"}}, 'event.kind must be one of "tool_call"'),
    ("check_loop", {"event": "ls"}, 'event must be an object (got "ls")'),
    ("check_loop", {"events": [{"kind": "tool_call", "nme": "x"}]}, "events[0]: unknown key 'nme'; accepted: kind"),
    ("check_loop", {"reset": "yes"}, 'reset must be true or false (got "yes")'),
    ("check_loop", {"policy": {"max_steps": "40"}}, 'policy.max_steps must be an integer (got "40")'),
    ("check_loop", {"policy": {"max_stepz": 40}}, "unknown policy key(s) max_stepz"),
    ("check_loop", {}, "nothing to check"),
]

NOISE = ("validation error", "pydantic", "errors.pydantic.dev", "Traceback", "Internal server error", "input_value")


def one_clear_line(text: str) -> None:
    assert len(text) <= 400 and text.count("\n") < 3, text
    assert not any(word in text for word in NOISE), text


@pytest.fixture
async def client(session: Session) -> AsyncIterator[Client]:
    async with Client(build_server(session), raise_exceptions=True) as c:
        yield c


@pytest.mark.slow
@pytest.mark.parametrize(("tool", "arguments", "says"), BAD_CALLS)
async def test_a_bad_call_answers_one_clear_line_over_mcp(
    client: Client, tool: str, arguments: dict[str, Any], says: str
) -> None:
    result = await client.call_tool(tool, arguments)
    assert result.is_error
    text = result.content[0].text  # type: ignore[union-attr]
    one_clear_line(text)
    assert says in text, text
    assert not text.startswith("Error executing tool")  # the line itself, as the API and the CLI say it


@pytest.mark.parametrize(("tool", "arguments", "says"), BAD_CALLS)
def test_the_api_says_the_same(session: Session, tool: str, arguments: dict[str, Any], says: str) -> None:
    positional = {"read_persisted": "handle", "persist_result": "content"}.get(tool)
    if positional is not None and positional not in arguments or "lable" in arguments:
        pytest.skip("a missing positional or an unknown keyword: Python refuses the call before it is made")
    method = getattr(session, tool)
    with pytest.raises(ContextError) as raised:
        if tool == "read_persisted":
            method(arguments["handle"], **{k: v for k, v in arguments.items() if k != "handle"})
        else:
            method(**arguments)
    one_clear_line(str(raised.value))
    assert says in str(raised.value)


async def test_every_closed_set_of_values_is_in_the_schema(client: Client) -> None:
    """A host or model sees the accepted values of every mode-like argument in tools/list."""
    tools = {tool.name: tool.input_schema for tool in (await client.list_tools()).tools}

    def enum(tool: str, name: str) -> list[str]:
        node = tools[tool]["properties"][name]
        return node.get("enum") or next(o["enum"] for o in node.get("anyOf", []) if "enum" in o)

    formats = ["auto", "openai", "anthropic", "gemini"]
    for model in (CompactArgs, SummarizeArgs, CheckLoopArgs):  # format is not listed (see server/schemas.py)
        assert model.model_json_schema()["properties"]["format"]["enum"] == formats
    assert enum("compact_history", "strategy") == ["auto", "compact", "summarize", "sliding_window"]
    assert enum("summarize_range", "style") == ["sections", "snapshot", "brief"]
    assert enum("summarize_range", "engine") == ["auto", "extractive", "sampling", "agent"]
    event = tools["check_loop"]["properties"]["events"]["items"]["properties"]["kind"]  # written in place
    assert event["enum"] == ["tool_call", "tool_result", "assistant", "content", "turn", "user"]
    context = tools["read_persisted"]["properties"]["context"]
    assert (context["type"], context["minimum"], context["maximum"]) == ("integer", 0, 50)


@pytest.mark.parametrize(
    ("argv", "code", "says"),
    [
        (["read", "r_0000000000000000"], 1, "unknown handle"),
        (["read", "r_x", "--start-line", "ten"], 2, "'ten' is not a valid integer"),
        (["compact", "-", "--target-tokens", "100", "--trigger", "lots"], 2, "--trigger must be"),
        (["check-loop", "--event", '{"kind": "tool_call", "nme": "x"}'], 2, "event #1: unknown key 'nme'"),
        (["check-loop", "--event", '{"kind": "turn"}', "--policy", '{"max_steps": "40"}'], 2, "--policy max_steps"),
        (["summarize", "-", "--style", "long"], 2, "'long' is not one of"),
    ],
)
def test_the_command_line_says_one_line_and_exits_by_kind(
    server_env: dict[str, str], argv: list[str], code: int, says: str, cli_way: str
) -> None:
    out = run_cli(argv, input="[]", env=server_env, way=cli_way)
    assert out.returncode == code, out.stderr
    line = out.stderr.strip()
    one_clear_line(line)
    assert line.startswith("mcp-context: error: ") and says in line, line


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)


@pytest.mark.parametrize("tool", sorted(TOOL_ARGUMENTS))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
@pytest.mark.slow
async def test_any_malformed_call_answers_one_clear_line(root: Path, tool: str, data: st.DataObject) -> None:
    """Arguments of any JSON shape, under the tool's own names and others: every answer is a result or one line."""
    names = [*TOOL_ARGUMENTS[tool].model_fields, "extra"]
    arguments = data.draw(st.dictionaries(st.sampled_from(names), JSON, max_size=4))
    session = Session(root=root, session="fuzz", env={})
    async with Client(build_server(session), raise_exceptions=True) as client:
        result = await client.call_tool(tool, arguments)
    if result.is_error:
        one_clear_line(result.content[0].text)  # type: ignore[union-attr]
    else:
        assert result.structured_content is not None, json.dumps(arguments)[:200]


@pytest.mark.parametrize("mode", ["auto", "legacy"])
@pytest.mark.parametrize(
    ("name", "arguments", "says"),
    [
        ("summarise_brief", {}, "unknown prompt 'summarise_brief'; available: summarize_sections"),
        ("summarize_brief", {"fokus": "auth"}, "unknown argument 'fokus'; accepted: focus"),
    ],
)
async def test_a_bad_prompt_request_answers_one_line_in_both_eras(
    session: Session, mode: str, name: str, arguments: dict[str, str], says: str
) -> None:
    async with Client(build_server(session), mode=mode) as client:  # type: ignore[arg-type]
        with pytest.raises(MCPError) as raised:
            await client.get_prompt(name, arguments)
    assert raised.value.error.message.startswith(says)
    one_clear_line(raised.value.error.message)
