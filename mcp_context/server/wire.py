"""The stdio transport, and every request gets an answer: a line the transport cannot read (not JSON, nested
too deep, a lone surrogate, JSON that is no JSON-RPC message) is answered with a JSON-RPC error instead of being
dropped in silence, which would leave the client waiting for a reply that never comes. The server goes on
serving.

The transport is the SDK's stdio_server but for how it reads: stdin as bytes, each line parsed once by
lines.LineReader, so a large result is held about once in memory, not once per copy the SDK's text reading
makes (benchmarks/memory.py measures it)."""

from __future__ import annotations

import logging
import os
import re
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from types import TracebackType
from typing import Any, BinaryIO, Self, cast

import anyio
import anyio.to_thread
import mcp_types as types
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from mcp.shared.message import SessionMessage
from pydantic import ValidationError

from .lines import LineReader, UnanswerableId

#: Bytes read from stdin at once.
CHUNK = 1024 * 1024

#: The request's own id, read from the text when the text cannot be parsed: the first top-level "id" member.
_ID = re.compile(r'^\s*\{(?:[^{}\[\]"]|"(?:[^"\\]|\\.)*")*?"id"\s*:\s*(-?\d+(?![.\deE])|"(?:[^"\\]|\\.)*")')
_SHOWN = 120

log = logging.getLogger("mcp_context.server")


#: Seconds the server still gives the requests it is working on when its input ends, before it stops.
DRAIN_S = 60.0


class Pending:
    """The requests read and not answered yet: a client that sends its requests and closes its input (a script
    piping a file of requests in) still gets every answer."""

    def __init__(self) -> None:
        self.ids: set[types.RequestId] = set()
        self._changed = anyio.Event()

    def read(self, message: types.JSONRPCMessage) -> None:
        if isinstance(message, types.JSONRPCRequest):
            self.ids.add(message.id)
        elif isinstance(message, types.JSONRPCNotification) and message.method == "notifications/cancelled":
            self._answered((message.params or {}).get("requestId"))  # a cancelled request gets no answer

    def written(self, message: types.JSONRPCMessage) -> None:
        if isinstance(message, types.JSONRPCResponse | types.JSONRPCError):
            self._answered(message.id)

    def _answered(self, request_id: object) -> None:
        if isinstance(request_id, int | str) and request_id in self.ids:
            self.ids.discard(request_id)
            self._changed.set()
            self._changed = anyio.Event()

    async def drained(self, within: float) -> None:
        with anyio.move_on_after(within):
            while self.ids:
                await self._changed.wait()


class _Wrapping:
    """A stream wrapped around the transport's: closing it closes that one."""

    _inner: Any

    async def aclose(self) -> None:
        await self._inner.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> bool | None:
        await self.aclose()
        return None


class AnsweringWriteStream(_Wrapping):
    """The transport's write stream, noting each answer (see Pending)."""

    def __init__(self, inner: Any, pending: Pending) -> None:
        self._inner, self._pending = inner, pending

    async def send(self, item: SessionMessage) -> None:
        await self._inner.send(item)
        self._pending.written(item.message)


class AnsweringReadStream(_Wrapping):
    """The transport's read stream, with each item it could not read answered on the write stream and left out
    of what the server sees (the SDK's own handling only logs it); at its end, the requests being worked on are
    answered first (within DRAIN_S), where the SDK would drop them."""

    def __init__(self, inner: Any, write_stream: Any, pending: Pending | None = None) -> None:
        self._inner, self._write = inner, write_stream
        self._pending = pending or Pending()

    @property
    def last_context(self) -> Any:
        return getattr(self._inner, "last_context", None)

    async def receive(self) -> Any:
        while True:
            try:
                item = await self._inner.receive()
            except anyio.EndOfStream:
                await self._pending.drained(DRAIN_S)
                raise
            if not isinstance(item, Exception):
                self._pending.read(item.message)
                return item
            await self._write.send(SessionMessage(refusal(item)))

    def __aiter__(self) -> AnsweringReadStream:
        return self

    async def __anext__(self) -> Any:
        try:
            return await self.receive()
        except (anyio.EndOfStream, anyio.ClosedResourceError):
            raise StopAsyncIteration from None


def refusal(exc: Exception) -> types.JSONRPCError:
    """The JSON-RPC error for a line the transport could not read: Parse error (-32700) when it is not JSON the
    server can read, Invalid Request (-32600) when it is JSON but no message; the request's id when it shows."""
    problem = exc.errors(include_url=False)[0] if isinstance(exc, ValidationError) and exc.errors() else None
    given = problem.get("input") if problem else None
    if isinstance(exc, UnanswerableId):
        code, message = types.INVALID_REQUEST, f"Invalid request: {exc} (JSON-RPC 2.0)"
    elif problem is not None and problem["type"] == "json_invalid":
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


@asynccontextmanager
async def stdio() -> AsyncIterator[tuple[Any, Any]]:
    """The read and write streams of a server on this process's stdin and stdout. As with the SDK's, while it
    serves fd 0 reads the null device and fd 1 writes to stderr, so a stray print or a child process misses
    the wire; both are put back at the end."""
    stdin, give_back_in = _claim(0, sys.stdin, "rb", lambda: os.open(os.devnull, os.O_RDONLY))
    stdout, give_back_out = _claim(1, sys.stdout, "wb", lambda: os.dup(2))
    read_send, read_stream = anyio.create_memory_object_stream[SessionMessage | Exception](0)
    write_stream, write_receive = anyio.create_memory_object_stream[SessionMessage](0)
    try:
        async with anyio.create_task_group() as tg:
            tg.start_soon(_read, stdin, read_send)
            tg.start_soon(_write, stdout, write_receive)
            yield read_stream, write_stream
    finally:
        give_back_out()
        give_back_in()


def _claim(fd: int, stream: Any, mode: str, diversion: Callable[[], int]) -> tuple[BinaryIO, Callable[[], None]]:
    """The wire, on a private copy of ``fd``, with ``fd`` itself pointed at ``diversion``; where ``stream`` is
    not that descriptor (a test's stand-in), its own buffer, as it is."""
    try:
        if stream.fileno() != fd:
            raise ValueError(fd)
        private, other = os.dup(fd), diversion()  # os.dup's copy is not inherited by child processes
    except (AttributeError, OSError, ValueError):
        return stream.buffer, lambda: None
    os.dup2(other, fd)
    os.close(other)

    def give_back() -> None:
        os.dup2(private, fd)

    return cast(BinaryIO, os.fdopen(private, mode, closefd=False)), give_back


async def _read(stdin: BinaryIO, out: MemoryObjectSendStream[SessionMessage | Exception]) -> None:
    reader = LineReader()
    try:
        async with out:
            while chunk := await anyio.to_thread.run_sync(stdin.read1, CHUNK):  # type: ignore[attr-defined]
                for item in reader.feed(chunk):
                    await out.send(item if isinstance(item, Exception) else SessionMessage(item))
            for item in reader.finish():
                await out.send(item if isinstance(item, Exception) else SessionMessage(item))
    except (anyio.ClosedResourceError, anyio.BrokenResourceError):  # the server stopped reading: so do we
        return


async def _write(stdout: BinaryIO, messages: MemoryObjectReceiveStream[SessionMessage]) -> None:
    try:
        async with messages:
            async for message in messages:
                text = encoded(message.message)
                if text is not None:
                    await anyio.to_thread.run_sync(_put, stdout, (text + "\n").encode("utf-8"))
    except anyio.ClosedResourceError:
        return


def encoded(message: types.JSONRPCMessage) -> str | None:
    """The JSON line of a message. A reply that cannot be written (a string holding a lone surrogate, a value
    JSON has no form for) becomes an Internal error for the same request, so the client is answered and the
    server lives on; a notification that cannot be written is dropped (nobody waits for it), in one log line."""
    try:
        return message.model_dump_json(by_alias=True, exclude_unset=True)
    except Exception as exc:  # noqa: BLE001  (whatever pydantic cannot encode: the request still gets an answer)
        why = unencodable(exc)
        if not isinstance(message, types.JSONRPCResponse | types.JSONRPCError):
            log.warning("dropped a %s that could not be written as JSON: %s", type(message).__name__, why)
            return None
        error = types.ErrorData(code=types.INTERNAL_ERROR, message=f"Internal error: the reply {why}")
        return types.JSONRPCError(jsonrpc="2.0", id=message.id, error=error).model_dump_json(by_alias=True)


def unencodable(exc: Exception) -> str:
    """Why a reply cannot be written, in words for its reader."""
    if "surrogate" in str(exc):
        return "holds a lone UTF-16 surrogate, which JSON in UTF-8 cannot carry; nothing else went wrong"
    return f"could not be written as JSON ({type(exc).__name__})"


def _put(stdout: BinaryIO, data: bytes) -> None:
    stdout.write(data)
    stdout.flush()
