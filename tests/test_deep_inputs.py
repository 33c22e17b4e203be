"""Inputs nested deeper than anything reads them: a transcript line a thousand levels deep, a tool's output that
is such JSON, a model's call arguments that are. The MCP SDK's parser stops at its own depth, but a transcript is
read from a file and arguments are a string inside a message; each is refused as not JSON (the line skipped, the
text kept as text) instead of ending the tool with RecursionError. Through the library, the stdio server and the
HTTP app; NUL bytes, huge numbers and lone surrogates ride along."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from test_every_request import STDIO_SERVER
from test_http_attacks import client, post

from mcp_context import Session
from mcp_context.conversation import jsontext

pytestmark = pytest.mark.anyio

DEEP = "[" * 900 + "]" * 900
TOOLS: dict[str, dict[str, Any]] = {
    "summarize_range": {},
    "compact_history": {"target_tokens": 3000},
    "check_loop": {},
}


def deep_transcript(folder: Path) -> Path:
    """A Claude Code transcript whose call input nests 900 deep in one line, whose tool output is such JSON,
    with NUL bytes, a number JSON can write but no float holds, and a lone surrogate escape."""
    records: list[str] = []
    for i in range(12):
        records.append(
            json.dumps({"type": "user", "uuid": f"u{i}", "message": {"role": "user", "content": f"q{i} " * 40}})
        )
        call = {"type": "tool_use", "id": f"t{i}", "name": "Bash", "input": {"command": f"make {i}\u0000"}}
        records.append(
            json.dumps({"type": "assistant", "uuid": f"a{i}", "message": {"role": "assistant", "content": [call]}})
        )
        output = DEEP if i % 2 else "x\u0000 " * 50
        result = {"type": "tool_result", "tool_use_id": f"t{i}", "content": output}
        records.append(json.dumps({"type": "user", "uuid": f"r{i}", "message": {"role": "user", "content": [result]}}))
    records[4] = records[4].replace('"command"', '"deep": ' + DEEP + ', "command"')
    records[7] = records[7].replace('"command"', '"n": 1e999999, "big": ' + "9" * 5000 + ', "s": "\\ud800", "command"')
    path = folder / "deep.jsonl"
    path.write_text("\n".join(records) + "\n")
    return path


def test_json_nested_deeper_than_the_bound_is_not_json() -> None:
    assert jsontext.loads("[" * 250 + "]" * 250) == json.loads("[" * 250 + "]" * 250)
    for text in ("[" * 251 + "]" * 251, DEEP, '{"a":' * 300 + "1" + "}" * 300, "[" * 100_000):
        with pytest.raises(ValueError):
            jsontext.loads(text)
    assert jsontext.loads(json.dumps({"code": "[" * 5000})) == {"code": "[" * 5000}  # brackets in a string


def test_the_library_reads_a_deep_transcript(tmp_path: Path) -> None:
    transcript = deep_transcript(tmp_path)
    session = Session(tmp_path / "store", "s", env={"MCP_CONTEXT_TRANSCRIPTS": str(tmp_path)})
    session.compact_history(transcript=str(transcript), target_tokens=3000)
    session.summarize_range(transcript=str(transcript))
    session.check_loop(transcript=str(transcript))


def test_deep_call_arguments_in_messages_are_kept_as_text(tmp_path: Path) -> None:
    """OpenAI-style messages: a call's arguments are a JSON string, which may nest any depth."""
    session = Session(tmp_path / "store", "s", env={})
    messages: list[dict[str, Any]] = [{"role": "user", "content": "go " * 50}]
    for i in range(6):
        call = {"id": f"c{i}", "type": "function", "function": {"name": "run", "arguments": DEEP}}
        messages.append({"role": "assistant", "content": None, "tool_calls": [call]})
        messages.append({"role": "tool", "tool_call_id": f"c{i}", "content": DEEP})
    session.compact_history(messages=messages, target_tokens=3000)
    session.summarize_range(messages=messages)
    session.check_loop(messages=messages)


def stdio_answers(folder: Path, requests: list[str], timeout: float) -> dict[Any, dict[str, Any]]:
    """The stdio server (store and transcripts under ``folder``) initialized, then sent ``requests`` (JSON-RPC
    lines): its answers by id."""
    init = {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
    lines = [json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": init})]
    lines.append(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}))
    done = subprocess.run(
        [sys.executable, "-c", STDIO_SERVER, str(folder / "store"), str(folder)],
        input="\n".join(lines + requests) + "\n",
        capture_output=True,
        text=True,
        timeout=timeout,
        check=True,
    )
    return {a["id"]: a for a in map(json.loads, filter(None, done.stdout.split("\n")))}


def test_the_stdio_server_answers_each_tool_on_a_deep_transcript(tmp_path: Path) -> None:
    transcript = deep_transcript(tmp_path)
    lines = []
    for i, (tool, arguments) in enumerate(TOOLS.items(), 1):
        params = {"name": tool, "arguments": arguments | {"transcript": str(transcript)}}
        lines.append(json.dumps({"jsonrpc": "2.0", "id": i, "method": "tools/call", "params": params}))
    answers = stdio_answers(tmp_path, lines, timeout=120)
    for i, tool in enumerate(TOOLS, 1):
        result = answers[i]["result"]
        assert not result.get("isError"), (tool, result)


async def test_over_http_each_tool_answers_on_a_deep_transcript(tmp_path: Path) -> None:
    transcript = deep_transcript(tmp_path)
    async with client(tmp_path / "store", None, transcripts=tmp_path) as c:
        for tool, arguments in TOOLS.items():
            params = {"name": tool, "arguments": arguments | {"transcript": str(transcript)}}
            answer = (await post(c, "tools/call", params)).json()
            assert answer["id"] == 3 and not answer["result"].get("isError"), (tool, answer)


# every tool, given hostile values in its arguments, over stdio and HTTP ------------------------------------------

HOSTILE_STRINGS = ['"\\ud800 lone"', '"nul \\u0000 byte"', '"\\udfff\\ud800"', '"\\u2028\\u0085"']
HOSTILE_VALUES = ["1e400", "-1e400", "1" + "0" * 5000, "[" * 5000 + "]" * 5000, '{"a":' * 3000 + "1" + "}" * 3000]


def hostile_calls() -> list[tuple[str, str]]:
    """(tool, arguments as raw JSON text) with each hostile string and value in each tool's arguments."""
    calls = []
    for text in HOSTILE_STRINGS:
        calls += [
            ("persist_result", f'{{"content": {text}, "label": {text}}}'),
            ("read_persisted", f'{{"handle": {text}}}'),
            ("compact_history", f'{{"messages": [{{"role": "user", "content": {text}}}], "target_tokens": 100}}'),
            ("summarize_range", f'{{"messages": [{{"role": "user", "content": {text}}}]}}'),
            ("check_loop", f'{{"event": {{"kind": "tool_call", "name": {text}, "args": {{"x": {text}}}}}}}'),
        ]
    for value in HOSTILE_VALUES:
        calls += [
            ("persist_result", f'{{"content": "x", "label": {value}}}'),
            ("read_persisted", f'{{"handle": "r_0000000000000000", "offset": {value}}}'),
            ("compact_history", f'{{"messages": [{{"role": "user", "content": "x", "extra": {value}}}]}}'),
            (
                "summarize_range",
                f'{{"messages": [{{"role": "user", "content": [{{"type": "text", "text": "x", "n": {value}}}]}}]}}',
            ),
            ("check_loop", f'{{"event": {{"kind": "tool_call", "name": "Bash", "args": {{"x": {value}}}}}}}'),
        ]
    return calls


def request(i: int, tool: str, arguments: str) -> str:
    params = f'{{"name": "{tool}", "arguments": {arguments}}}'
    return f'{{"jsonrpc": "2.0", "id": {i}, "method": "tools/call", "params": {params}}}'


def assert_answered(answer: dict[str, Any], i: int) -> None:
    assert answer["id"] == i, answer
    said = json.dumps(answer)
    assert "Error executing tool" not in said and "Traceback" not in said and "validation error" not in said, said[:300]


def test_every_tool_answers_hostile_arguments_over_stdio(tmp_path: Path) -> None:
    calls = hostile_calls()
    answers = stdio_answers(
        tmp_path, [request(i, tool, arguments) for i, (tool, arguments) in enumerate(calls, 1)], 300
    )
    for i in range(1, len(calls) + 1):
        assert_answered(answers[i], i)


async def test_every_tool_answers_hostile_arguments_over_http(tmp_path: Path) -> None:
    from http_replicas import ACCEPT

    async with client(tmp_path / "store", None) as c:
        for i, (tool, arguments) in enumerate(hostile_calls(), 1):
            answer = await c.post("/mcp", content=request(i, tool, arguments), headers=ACCEPT)
            assert answer.headers["content-type"].startswith("application/json"), (tool, arguments[:80], answer.text)
            assert_answered(answer.json(), i)
