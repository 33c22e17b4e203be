"""Every request gets an answer: a line the transport cannot read (not JSON, nested too deep, a lone surrogate,
JSON that is no JSON-RPC message) is answered with a JSON-RPC error instead of being dropped in silence, which
would leave the client waiting for a reply that never comes. The server goes on serving."""

from __future__ import annotations

import re
from types import TracebackType
from typing import Any

import anyio
import mcp_types as types
from mcp.shared.message import SessionMessage
from pydantic import ValidationError

#: The request's own id, read from the text when the text cannot be parsed: the first top-level "id" member.
_ID = re.compile(r'^\s*\{(?:[^{}\[\]"]|"(?:[^"\\]|\\.)*")*?"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")')
_SHOWN = 120


class AnsweringReadStream:
    """The transport's read stream, with each item it could not read answered on the write stream and left out
    of what the server sees (the SDK's own handling only logs it)."""

    def __init__(self, inner: Any, write_stream: Any) -> None:
        self._inner, self._write = inner, write_stream

    @property
    def last_context(self) -> Any:
        return getattr(self._inner, "last_context", None)

    async def receive(self) -> Any:
        while True:
            item = await self._inner.receive()
            if not isinstance(item, Exception):
                return item
            await self._write.send(SessionMessage(refusal(item)))

    def __aiter__(self) -> AnsweringReadStream:
        return self

    async def __anext__(self) -> Any:
        try:
            return await self.receive()
        except (anyio.EndOfStream, anyio.ClosedResourceError):
            raise StopAsyncIteration from None

    async def aclose(self) -> None:
        await self._inner.aclose()

    async def __aenter__(self) -> AnsweringReadStream:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> bool | None:
        await self.aclose()
        return None


def refusal(exc: Exception) -> types.JSONRPCError:
    """The JSON-RPC error for a line the transport could not read: Parse error (-32700) when it is not JSON the
    server can read, Invalid Request (-32600) when it is JSON but no message; the request's id when it shows."""
    problem = exc.errors(include_url=False)[0] if isinstance(exc, ValidationError) and exc.errors() else None
    given = problem.get("input") if problem else None
    if problem is not None and problem["type"] == "json_invalid":
        why = str(problem.get("msg", "")).removeprefix("Invalid JSON: ")
        code, message = types.PARSE_ERROR, f"Parse error: the line is not JSON this server can read ({why})"
    else:
        code, message = types.INVALID_REQUEST, "Invalid request: the line is JSON but not a JSON-RPC 2.0 message"
    return types.JSONRPCError(jsonrpc="2.0", id=_request_id(given), error=types.ErrorData(code=code, message=message))


def _request_id(given: Any) -> str | int | None:
    if isinstance(given, dict):
        value = given.get("id")
        return value if isinstance(value, str | int) and not isinstance(value, bool) else None
    if isinstance(given, str):
        match = _ID.match(given[:10_000])
        if match:
            raw = match.group(1)
            return int(raw) if raw.lstrip("-").isdigit() else raw[1:-1][:_SHOWN]
    return None
