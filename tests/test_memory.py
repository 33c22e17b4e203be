"""A large result sent over stdio costs the server about its own size, not several times it, and reads back
exactly; the line reader that makes this so reads every line as the SDK's parser would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import mcp_types as types
import pytest
from conftest import SERVE
from pydantic import ValidationError

from mcp_context import Session
from mcp_context.server import lines, wire

SIZE = 60 * 1000 * 1000


def _status(pid: int) -> dict[str, int]:
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        pairs = [line.split(":", 1) for line in f]
    return {k: int(v.split()[0]) * 1024 for k, v in pairs if k in ("VmRSS", "VmHWM")}


def _log_text(size: int) -> str:
    line = '2024-05-01T12:00:00Z INFO [worker-3] step {} done, 17 rows, "quoted" and a\\backslash\tok\n'
    out, total, i = [], 0, 0
    while total < size - 200:
        out.append(line.format(i))
        total += len(out[-1])
        i += 1
    return "".join(out)


def _call(proc: subprocess.Popen[bytes], message: dict[str, Any]) -> dict[str, Any]:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(json.dumps(message).encode() + b"\n")
    proc.stdin.flush()
    answer: dict[str, Any] = json.loads(proc.stdout.readline())
    return answer


def _persist(proc: subprocess.Popen[bytes], text: str) -> str:
    call = {"name": "persist_result", "arguments": {"content": text}}
    answer = _call(proc, {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": call})
    assert not answer["result"].get("isError"), answer
    handle: str = answer["result"]["structuredContent"]["handle"]
    return handle


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/clear_refs").exists(), reason="reads the peak from Linux's /proc")
def test_a_60_mb_persist_over_stdio_costs_the_server_at_most_twice_its_size(tmp_path: Path) -> None:
    text = _log_text(SIZE)
    env = {k: v for k, v in os.environ.items() if not k.startswith("MCP_CONTEXT")} | {"MCP_CONTEXT_HOME": str(tmp_path)}
    with subprocess.Popen([*SERVE, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env) as proc:
        info = {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
        _call(proc, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": info})
        _persist(proc, "a small text first, so what is loaded once is loaded\n" * 50)
        with open(f"/proc/{proc.pid}/clear_refs", "w", encoding="ascii") as f:
            f.write("5")  # the peak starts again from what the process holds now
        before = _status(proc.pid)["VmRSS"]
        handle = _persist(proc, text)
        growth = _status(proc.pid)["VmHWM"] - before
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait(timeout=60)
    size = len(text.encode())
    assert growth <= 2 * size, f"the server grew by {growth / size:.2f}x the size"
    assert "".join(Session(root=tmp_path).iter_text(handle)) == text


# The line reader, with lines and strings counted long from a few bytes on, so every path is taken -----------

CONTENTS = [
    "plain ascii " * 20,
    'escapes: \n \t \r " \\ / \b \f and \\" and \\\\n end\\',
    "é ü ñ 東京 → ✓ 🚀 and a pair at the end 🚀",
    "\\u0041 literal backslash-u, then \\\\u0042",
    "\x7f\u2028\ufeff",
]


def _sdk(line: bytes) -> Any:
    """What the SDK's stdio transport makes of a line: the message, or the kind of error."""
    try:
        return types.jsonrpc_message_adapter.validate_json(line.decode("utf-8", "replace"), by_name=False)
    except ValidationError as exc:
        return exc.errors()[0]["type"]


def _ours(line: bytes, chunk: int) -> Any:
    reader = lines.LineReader()
    got = [item for i in range(0, len(line), chunk) for item in reader.feed(line[i : i + chunk])]
    got += list(reader.feed(b"\n"))
    assert len(got) == 1
    if isinstance(got[0], ValidationError):
        return got[0].errors()[0]["type"]
    return got[0]


@pytest.fixture
def small_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lines, "LONG_LINE", 16)
    monkeypatch.setattr(lines, "LONG_STRING", 10)  # longer than the names the SDK looks for


def _request(arguments: dict[str, Any], *, ascii_only: bool = False) -> bytes:
    call = {"name": "persist_result", "arguments": arguments}
    message = {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": call}
    return json.dumps(message, ensure_ascii=ascii_only).encode()


@pytest.mark.usefixtures("small_limits")
@pytest.mark.parametrize("content", CONTENTS)
@pytest.mark.parametrize("ascii_only", [False, True])
def test_a_long_line_reads_as_the_sdk_reads_it_wherever_the_chunks_end(content: str, ascii_only: bool) -> None:
    line = _request(
        {"content": content, "label": "a label", content[:30]: [content, {"k": content}]}, ascii_only=ascii_only
    )
    expected = _sdk(line)
    for chunk in (1, 2, 3, 5, 7, 64):
        assert _ours(line, chunk) == expected


@pytest.mark.usefixtures("small_limits")
@pytest.mark.parametrize(
    "body",
    [
        b'"lone \\ud800 surrogate, long enough"',
        b'"a lone low \\udc00 one, long enough"',
        b'"a raw control \x01 character here"',
        b'"a bad \\x escape, long enough text"',
        b'"a cut-off \\u12 escape, long enough"',
        b'"not UTF-8 \xff\xfe here, long enough"',
        b'"a high \\ud83d then text, long enough"',
    ],
)
def test_a_long_line_the_sdk_refuses_is_refused_alike(body: bytes) -> None:
    line = b'{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x","arguments":{"content":' + body + b"}}}"
    expected = _sdk(line)
    for chunk in (1, 3, 64):
        assert _ours(line, chunk) == expected
        reader = lines.LineReader()
        (item,) = [*reader.feed(line), *reader.feed(b"\n")]
        if isinstance(item, Exception):
            assert wire.refusal(item).error.code == types.PARSE_ERROR


@pytest.mark.usefixtures("small_limits")
def test_lines_follow_each_other_and_the_last_needs_no_line_break() -> None:
    first, second = _request({"content": "one " * 10}), _request({"content": "two " * 10})
    reader = lines.LineReader()
    got = [*reader.feed(first + b"\n" + second[:20]), *reader.feed(second[20:]), *reader.finish()]
    assert got == [_sdk(first), _sdk(second)]


@pytest.mark.usefixtures("small_limits")
def test_a_long_string_anywhere_in_the_message_is_put_back() -> None:
    """An id or a method name, not only params: the answer goes out under the id the client sent."""
    line = json.dumps({"jsonrpc": "2.0", "id": "an id far longer than ten", "method": "a long method name"}).encode()
    assert _ours(line, 3) == _sdk(line)


@pytest.mark.slow
def test_the_answers_go_out_as_utf8_lines(tmp_path: Path) -> None:
    """A sanity check of the transport's writer on a real pipe."""
    read_fd, write_fd = os.pipe()
    code = (
        "import anyio, sys, mcp_types as t\n"
        "from mcp.shared.message import SessionMessage\n"
        "from mcp_context.server import wire\n"
        "async def main():\n"
        "    async with wire.stdio() as (r, w):\n"
        "        await w.send(SessionMessage(t.JSONRPCResponse(jsonrpc='2.0', id=1, result={'x': 'é'})))\n"
        "        await w.aclose()\n"
        "anyio.run(main)\n"
    )
    with subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.DEVNULL, stdout=write_fd) as proc:
        os.close(write_fd)
        out = b""
        while chunk := os.read(read_fd, 4096):
            out += chunk
        proc.wait(timeout=30)
    os.close(read_fd)
    assert json.loads(out.decode("utf-8")) == {"jsonrpc": "2.0", "id": 1, "result": {"x": "é"}}
