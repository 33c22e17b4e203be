"""Every request over HTTP gets a JSON-RPC answer, whatever its id: the SDK's transport takes a request whose id
its model refuses for a notification and answers 202 with no body (the client would wait for ever), and answers
a message it cannot read with its whole validation report. Run against the real app in this process (the gate,
the SDK's transport), with the ids the stdio face is tested with (test_wire.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from http_replicas import ACCEPT
from test_http_attacks import client

pytestmark = pytest.mark.anyio


async def send(c: Any, body: bytes | str) -> Any:
    return await c.post("/mcp", content=body, headers=ACCEPT | {"content-type": "application/json"})


ODD_IDS = ["1.5", "1.0", "1e3", "true", "false", "null", "{}", '{"a": 1}', "[1]", "[]"]


@pytest.mark.parametrize("raw_id", ODD_IDS)
async def test_a_request_with_an_id_no_reply_can_carry_is_answered(tmp_path: Path, raw_id: str) -> None:
    async with client(tmp_path / "store", None) as c:
        for method in ("tools/list", "tools/call", "ping", "no/such"):
            answer = await send(c, f'{{"jsonrpc": "2.0", "id": {raw_id}, "method": "{method}", "params": {{}}}}')
            assert answer.status_code == 400, (raw_id, method, answer.status_code, answer.text)
            doc = answer.json()
            assert doc["id"] is None and doc["error"]["code"] == -32600
            assert doc["error"]["message"] == "Invalid request: its id must be a string or an integer (JSON-RPC 2.0)"


@pytest.mark.parametrize("given", ["", "x" * 200_000, "\u00e9\U0001f600", "-1", " "])
async def test_string_ids_of_any_length_are_answered_with_the_same_id(tmp_path: Path, given: str) -> None:
    async with client(tmp_path / "store", None) as c:
        answer = await send(c, json.dumps({"jsonrpc": "2.0", "id": given, "method": "tools/list"}))
        assert answer.status_code == 200 and answer.json()["id"] == given


@pytest.mark.parametrize("given", [0, -1, 2**63, -(2**64), 10**40])
async def test_integer_ids_of_any_size_are_answered_with_the_same_id(tmp_path: Path, given: int) -> None:
    async with client(tmp_path / "store", None) as c:
        answer = await send(c, json.dumps({"jsonrpc": "2.0", "id": given, "method": "ping"}))
        assert answer.status_code == 200 and answer.json()["id"] == given


@pytest.mark.parametrize(
    "body",
    [
        {"jsonrpc": "2.0", "id": 4, "method": 5},
        {"jsonrpc": "1.0", "id": 4, "method": "ping"},
        {"id": 4, "method": "ping"},
        {"jsonrpc": "2.0", "id": 4},
        {"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": "not an object"},
        [{"jsonrpc": "2.0", "id": 4, "method": "ping"}],
        "ping",
        7,
    ],
)
async def test_json_that_is_no_message_is_answered_in_one_line_with_its_id(tmp_path: Path, body: Any) -> None:
    """Never the validation report: one line, and the request's id when it has one."""
    async with client(tmp_path / "store", None) as c:
        answer = await send(c, json.dumps(body))
        assert answer.status_code == 400, answer.text
        doc = answer.json()
        assert doc["error"]["code"] == -32600 and "\n" not in doc["error"]["message"]
        assert "validation error" not in doc["error"]["message"].lower()
        assert doc["id"] == (4 if isinstance(body, dict) else None)


async def test_notifications_and_replies_still_get_202(tmp_path: Path) -> None:
    async with client(tmp_path / "store", None) as c:
        for body in (
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": 9, "result": {}},
            {"jsonrpc": "2.0", "id": 9, "error": {"code": -1, "message": "no"}},
        ):
            answer = await send(c, json.dumps(body))
            assert answer.status_code == 202, (body, answer.text)


async def test_a_body_over_the_limit_is_still_refused_by_the_transport(tmp_path: Path) -> None:
    async with client(tmp_path / "store", None) as c:
        big = json.dumps({"jsonrpc": "2.0", "id": 1.5, "method": "ping", "params": {"x": "y" * (5 * 1024 * 1024)}})
        answer = await send(c, big)
        assert answer.status_code == 413


async def test_an_odd_id_without_a_credential_is_refused_by_the_gate_first(tmp_path: Path) -> None:
    """The body is looked at only for an authenticated caller: without one, 401 as for any request."""
    from mcp_context.storage import keys
    from mcp_context.storage.keys import FileKeyStore

    root = tmp_path / "store"
    FileKeyStore(root).add(keys.new_key("team-a")[1])
    async with client(root, None) as c:
        answer = await send(c, '{"jsonrpc": "2.0", "id": 1.5, "method": "ping"}')
        assert answer.status_code == 401


@pytest.mark.parametrize(
    "body",
    [
        b'{"jsonrpc": "2.0", "id": 12, "method": "tools/call", "params": {"name": "persist_result", '
        b'"arguments": {"content": "\\ud800"}}}',
        b'{"jsonrpc": "2.0", "id": 12, "method": "ping", "params": {"x": ' + b"[" * 5000 + b"]" * 5000 + b"}}",
        b'{"jsonrpc": "2.0", "id": 12, "method": "ping", "params": {"x": 1' + b"0" * 5000 + b"}}",
        b'{"jsonrpc": "2.0", "id": 12, "method": "ping", "params": {"x": "\x00"}}',
        b'{"jsonrpc": "2.0", "id": 12, "method": "ping"',
    ],
    ids=["lone-surrogate", "deep", "huge-number", "raw-nul", "cut-short"],
)
async def test_a_body_the_parser_refuses_is_answered_with_its_id_when_it_shows(tmp_path: Path, body: bytes) -> None:
    """As over stdio: a parse error names the request's id when the text still shows it."""
    async with client(tmp_path / "store", None) as c:
        answer = await send(c, body)
        assert answer.status_code == 400, answer.text
        doc = answer.json()
        assert doc["id"] == 12 and doc["error"]["code"] == -32700 and "\n" not in doc["error"]["message"]
