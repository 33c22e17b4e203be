"""Every request is answered, whatever its reply holds: a reply that cannot be written as JSON becomes an error
for its request (the stdio server lives on), lone surrogates read from a transcript become U+FFFD, and a name a
client sent is repeated at most 200 characters long. Real servers: a stdio server process, and the HTTP app in
this process with its real transport."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any, cast

import mcp_types as types
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError
from test_http_attacks import client, post

from mcp_context import Session
from mcp_context.server import http, lines, wire
from mcp_context.server.app import build_server
from mcp_context.server.auth import Identity
from mcp_context.server.tenants import CurrentSession, activate, deactivate

pytestmark = pytest.mark.anyio

TOOLS = ("summarize_range", "compact_history", "check_loop")


def surrogate_transcript(folder: Path) -> Path:
    """A Claude Code transcript whose JSON escapes hold lone surrogates (as a host writes a cut emoji): in a
    message, in a tool's output, and in a key."""
    lines = []
    for i in range(30):
        text = f"question {i}: why does the build fail {'and what next ' * 20}"
        lines.append({"type": "user", "uuid": f"u{i}", "message": {"role": "user", "content": text}})
        reply = [{"type": "text", "text": f"reply {i} " + "looking at the log " * 20}]
        lines.append({"type": "assistant", "uuid": f"a{i}", "message": {"role": "assistant", "content": reply}})
    body = "\n".join(json.dumps(line) for line in lines)
    body = body.replace("question 0:", "question \\ud83d 0:").replace("reply 7 ", "reply \\udc00\\ud800 7 ")
    body = body.replace('"uuid": "u9"', '"uuid": "u9", "x\\udfff": 1')
    path = folder / "surrogates.jsonl"
    path.write_text(body + "\n", encoding="ascii")
    return path


ARGUMENTS: dict[str, dict[str, Any]] = {
    "summarize_range": {},
    "compact_history": {"target_tokens": 1500},
    "check_loop": {},
}


def test_a_reply_that_cannot_be_written_becomes_an_error_for_its_id() -> None:
    result = {"content": [{"type": "text", "text": "half an emoji \ud83d"}]}
    reply = types.JSONRPCResponse(jsonrpc="2.0", id=41, result=result)
    answer = json.loads(cast(str, wire.encoded(reply)))
    assert answer["id"] == 41 and answer["error"]["code"] == types.INTERNAL_ERROR
    assert "lone UTF-16 surrogate" in answer["error"]["message"] and "\n" not in answer["error"]["message"]
    note = types.JSONRPCNotification(jsonrpc="2.0", method="notifications/message", params={"data": "\udc00"})
    assert wire.encoded(note) is None  # nobody waits for a notification
    fine = types.JSONRPCResponse(jsonrpc="2.0", id="a", result={"ok": "é😀"})
    assert json.loads(cast(str, wire.encoded(fine)))["result"] == {"ok": "é😀"}


STDIO_SERVER = """
import sys
import anyio
from mcp_context import Session
from mcp_context.server.app import build_server

server = build_server(Session(sys.argv[1], "stdio", env={"MCP_CONTEXT_TRANSCRIPTS": sys.argv[2]}))

def broken() -> str:
    return "a reply no JSON encoder takes: \\ud800"

server.add_tool(broken, name="broken", description="answers with a lone surrogate")
anyio.run(server.run_stdio_async)
"""


@pytest.mark.slow
def test_the_stdio_server_answers_every_request_and_lives_on(tmp_path: Path) -> None:
    transcript = surrogate_transcript(tmp_path)
    init = {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
    requests: list[dict[str, Any]] = [{"method": "initialize", "params": init}]
    requests.append({"method": "tools/call", "params": {"name": "broken", "arguments": {}}})
    for tool in TOOLS:
        arguments = ARGUMENTS[tool] | {"transcript": str(transcript)}
        requests.append({"method": "tools/call", "params": {"name": tool, "arguments": arguments}})
    requests.append({"method": "tools/call", "params": {"name": "n" * 5250, "arguments": {}}})
    requests.append({"method": "prompts/get", "params": {"name": "p" * 5250}})
    requests.append({"method": "resources/read", "params": {"uri": "file:///" + "u" * 5250}})
    requests.append({"method": "tools/list"})
    lines = [json.dumps({"jsonrpc": "2.0", "id": i} | r) for i, r in enumerate(requests, 1)]
    lines.insert(1, json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}))
    with subprocess.Popen(
        [sys.executable, "-c", STDIO_SERVER, str(tmp_path / "store"), str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as proc:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write("\n".join(lines) + "\n")
        proc.stdin.flush()
        answers: dict[int, dict[str, Any]] = {}
        while len(answers) < len(requests):
            line = proc.stdout.readline()
            assert line, f"the server stopped answering after {sorted(answers)}"
            answer = json.loads(line)
            answers[answer["id"]] = answer
        proc.stdin.close()
        proc.wait(timeout=30)
    broken = answers[2]["error"]
    assert broken["code"] == types.INTERNAL_ERROR and "lone UTF-16 surrogate" in broken["message"]
    for i, tool in enumerate(TOOLS, 3):
        result = answers[i]["result"]
        assert not result.get("isError"), (tool, result)
        assert "Error executing tool" not in json.dumps(result)
    compacted = json.dumps(answers[4]["result"]["structuredContent"], ensure_ascii=False)
    assert "\ufffd" in compacted and "\\ud8" not in compacted.lower()
    for i, letter in ((6, "n"), (7, "p"), (8, "u")):  # the unknown tool, prompt and resource: cut to 200
        answer = answers[i]
        said = answer["result"]["content"][0]["text"] if "result" in answer else answer["error"]["message"]
        assert 190 <= said.count(letter) <= 210 and len(said) < 500, said[:80]
    assert any(t["name"] == "check_loop" for t in answers[9]["result"]["tools"])


async def test_over_http_transcripts_with_lone_surrogates_are_answered_with_their_ids(tmp_path: Path) -> None:
    transcript = surrogate_transcript(tmp_path)
    async with client(tmp_path / "store", None, transcripts=tmp_path) as c:
        for tool in TOOLS:
            params = {"name": tool, "arguments": ARGUMENTS[tool] | {"transcript": str(transcript)}}
            answer = await post(c, "tools/call", params)
            assert answer.status_code == 200, answer.text
            body = answer.json()
            assert body["id"] == 3 and not body["result"].get("isError"), body
        long_name = await post(c, "tools/call", {"name": "n" * 5250, "arguments": {}})
        said = long_name.json()["result"]["content"][0]["text"]
        assert long_name.json()["result"]["isError"] and said.count("n") <= 210


async def test_over_http_an_answer_that_cannot_be_written_is_an_error_for_its_request(tmp_path: Path) -> None:
    server = build_server(cast(Session, CurrentSession([])), http.HttpContextServer)

    def broken() -> str:
        return "half an emoji \ud83d"

    server.add_tool(broken, name="broken")
    tokens = activate(Session(tmp_path / "store", "s", env={}), Identity(None, ("ctx:read", "ctx:write"), "local"))
    try:
        answer = await server.call_tool("broken", {})
    finally:
        deactivate(tokens)
    assert answer.is_error and "lone UTF-16 surrogate" in answer.content[0].text
    assert http.unwritable({"fine": "é😀"}) is None


# the stdio reader ends and reads lines as the SDK's does ------------------------------------------------------


def sdk_reads(data: bytes) -> list[Any]:
    """What the SDK's stdio transport makes of ``data``: its stdin is a text stream (UTF-8, errors replaced,
    universal newlines), each line parsed by the SDK's model; an error as its kind. A blank line is left out:
    the SDK's session logs its error and answers nothing, and ours passes it over."""
    found: list[Any] = []
    for line in io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="replace"):
        if not line.strip(" \t\r\n"):
            continue
        try:
            found.append(types.jsonrpc_message_adapter.validate_json(line, by_name=False))
        except ValidationError as exc:
            found.append(exc.errors()[0]["type"])
    return found


def our_reads(data: bytes, chunk: int) -> list[Any]:
    reader = lines.LineReader()
    got = [item for i in range(0, len(data), chunk) for item in reader.feed(data[i : i + chunk])]
    got += list(reader.finish())
    return [g.errors()[0]["type"] if isinstance(g, ValidationError) else g for g in got]


REQUEST = b'{"jsonrpc":"2.0","id":%d,"method":"tools/list"}'


@pytest.mark.parametrize(
    "data",
    [
        REQUEST % 1 + b"\r" + REQUEST % 2 + b"\n",  # a bare CR between two requests: both are read
        REQUEST % 1 + b"\r\n" + REQUEST % 2 + b"\r\n",
        b'{"jsonrpc":"2.0",\r"id":3,"method":"tools/list"}\n',  # a CR inside one: cut, as the SDK cuts it
        b'{"jsonrpc":"2.0","id":4,"method":"tools/list"}\r\r\n' + REQUEST % 5,
        b"\n\r\n" + REQUEST % 6 + b"\r",
    ],
)
def test_lines_end_where_the_sdks_reader_ends_them(data: bytes) -> None:
    for chunk in (1, 2, 3, 7, len(data)):
        assert our_reads(data, chunk) == sdk_reads(data), chunk


@given(
    st.lists(
        st.tuples(st.integers(0, 9), st.sampled_from([b"\n", b"\r", b"\r\n", b"\n\r", b" \r ", b"\r\r"])),
        min_size=1,
        max_size=6,
    ),
    st.integers(1, 40),
)
def test_any_mix_of_line_ends_reads_as_the_sdk_reads_it(parts: list[tuple[int, bytes]], chunk: int) -> None:
    data = b"".join(REQUEST % n + end for n, end in parts)
    assert our_reads(data, chunk) == sdk_reads(data)


def test_a_line_over_1_mib_with_its_long_string_in_a_member_the_sdk_ignores_is_served() -> None:
    """The SDK's model drops members it does not know; a long string in one is no reason to refuse the line."""
    big = "x" * (lines.LONG_LINE + 10)
    line = json.dumps({"jsonrpc": "2.0", "id": 9, "method": "tools/list", "ignored": big}).encode()
    for chunk in (64 * 1024, len(line)):
        (read,) = our_reads(line + b"\n", chunk)
        assert read == sdk_reads(line + b"\n")[0]
        assert isinstance(read, types.JSONRPCRequest) and read.id == 9 and read.method == "tools/list"
    long_id = json.dumps({"jsonrpc": "2.0", "id": big, "method": "tools/list"}).encode() + b"\n"
    assert our_reads(long_id, 1 << 20) == sdk_reads(long_id)  # in a member the SDK keeps, it is put back


@pytest.mark.parametrize("chunk", [1, 2, 3, 1 << 20])
def test_blank_lines_ask_nothing_and_a_byte_order_mark_opening_a_line_is_passed_over(chunk: int) -> None:
    """A blank line is no request: it is not answered with a parse error for a null id that nobody waits for.
    A UTF-8 BOM (PowerShell writes one before its first line) is no part of the JSON after it (RFC 8259
    section 8.1): the request behind it is read and answered with its id, not refused as unreadable."""
    data = b"\n \n\t\r\n" + lines.BOM + REQUEST % 1 + b"\r\n\n" + lines.BOM + REQUEST % 2 + b"\n   "
    read = our_reads(data, chunk)
    assert [(type(r).__name__, r.id) for r in read] == [("JSONRPCRequest", 1), ("JSONRPCRequest", 2)]
    big = lines.BOM + json.dumps({"jsonrpc": "2.0", "id": 3, "method": "ping", "x": "y" * lines.LONG_LINE}).encode()
    (long,) = our_reads(big + b"\n", max(chunk, 1 << 16))  # a line read through the Lifter
    assert isinstance(long, types.JSONRPCRequest) and long.id == 3
    (inside,) = our_reads(b'{"jsonrpc": "2.0", "id": 4, ' + lines.BOM + b'"method": "ping"}\n', chunk)
    assert inside == "json_invalid"  # inside a line it is a character JSON refuses there, as the SDK does


# requests whose id the SDK cannot take, and echoes of any length --------------------------------------------------


@pytest.mark.parametrize("given", [b"16.5", b"16.0", b"1e400", b"null", b"true", b"[1]", b'{"a": 1}'])
def test_a_request_whose_id_cannot_be_answered_with_is_refused_not_dropped(given: bytes) -> None:
    """The SDK's model reads a message with such an id as a notification, and a notification is never answered:
    the client would wait for ever. It gets Invalid Request, with a null id (there is none to repeat)."""
    line = b'{"jsonrpc": "2.0", "id": ' + given + b', "method": "tools/list"}\n'
    for data in (line, line.replace(b'"tools/list"}', b'"tools/list", "x": "' + b"y" * lines.LONG_LINE + b'"}')):
        (read,) = our_reads(data, 64 * 1024)
        assert isinstance(read, lines.UnanswerableId), read
        refused = wire.refusal(read)
        assert refused.id is None and refused.error.code == types.INVALID_REQUEST
        assert "id must be a string or an integer" in refused.error.message
    notification = b'{"jsonrpc": "2.0", "method": "notifications/initialized"}\n'
    assert our_reads(notification, 7) == sdk_reads(notification)  # a notification without an id stays one


def test_an_unreadable_line_is_answered_with_its_id_only_when_the_id_is_an_integer_or_string() -> None:
    bad = b'{"jsonrpc": "2.0", "id": 16.5, "method": "tools/list", "params": ]\n'
    (read,) = lines.LineReader().feed(bad)
    assert isinstance(read, Exception) and wire.refusal(read).id is None  # never the 16 of 16.5
    (read,) = lines.LineReader().feed(bad.replace(b"16.5", b"16"))
    assert isinstance(read, Exception) and wire.refusal(read).id == 16


LONG = 5250


async def test_no_error_repeats_a_clients_text_at_length_over_http(tmp_path: Path) -> None:
    """Whichever layer made the error (the SDK puts the method or the URI in ``data`` whole), what comes back
    holds at most 200 characters of what the client sent."""
    async with client(tmp_path / "store", None) as c:
        sent = [
            ("x" * LONG, {}),
            ("resources/read", {"uri": "mcp-context://" + "u" * LONG}),
            ("resources/read", {"uri": "file:///" + "u" * LONG}),
            ("resources/read", {"uri": "mcp-context://sessions/" + "s" * LONG}),
            ("resources/read", {"uri": "mcp-context://sessions/default/results/r_" + "0" * LONG}),
            ("prompts/get", {"name": "p" * LONG}),
            ("tools/call", {"name": "n" * LONG, "arguments": {}}),
            ("tools/call", {"name": "compact_history", "arguments": {"transcript": "/nowhere/" + "t" * LONG}}),
            ("tools/call", {"name": "persist_result", "arguments": {"content": "x", "z" * LONG: 1}}),
        ]
        for method, params in sent:
            answer = await post(c, method, params)
            assert len(answer.text) < 1200, (method, answer.text[:200])
            assert "Traceback" not in answer.text and "\\n" not in json.dumps(answer.json().get("error", ""))


@pytest.mark.slow
def test_requests_piped_in_before_the_input_ends_are_all_answered(tmp_path: Path) -> None:
    """A script that writes its requests and closes the server's input (``serve < requests.jsonl``) gets an
    answer to each, the tool calls still running at the end of the input included (the SDK would drop them)."""
    init = {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
    messages: list[dict[str, Any]] = [{"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": init}]
    messages.append({"jsonrpc": "2.0", "method": "notifications/initialized"})
    for i in range(1, 7):
        arguments = {"content": f"piped text {i}\n" * 20_000}
        messages.append({"jsonrpc": "2.0", "id": i, "method": "tools/call",
                         "params": {"name": "persist_result", "arguments": arguments}})  # fmt: skip
    messages.append({"jsonrpc": "2.0", "id": 7, "method": "tools/list"})
    messages.append({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": [1]}})
    data = "".join(json.dumps(m) + "\n" for m in messages)
    command = [sys.executable, "-m", "mcp_context", "--root", str(tmp_path / "store"), "serve"]
    out = subprocess.run(command, input=data, capture_output=True, text=True, timeout=120)
    answers = {json.loads(line)["id"]: json.loads(line) for line in out.stdout.splitlines()}
    assert sorted(answers) == list(range(8)), (sorted(answers), out.stderr[-500:])
    for i in range(1, 7):
        assert not answers[i]["result"].get("isError"), answers[i]
    stored = Session(tmp_path / "store", "x", env={}).store.list_sessions()
    assert sum(info.results for info in stored) == 6  # each acknowledged, each stored
