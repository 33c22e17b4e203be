"""A POSTed JSON-RPC message looked at before the SDK's transport sees it, so every request gets its answer.

The transport reads a request whose id its model cannot take (a fraction, true, null, an object) as a
notification and answers 202 with no body: the client waits for a reply that never comes. And a message its
model refuses is answered with the whole validation report. Here the body is read (within the transport's own
size limit), checked as the stdio face checks a line (lines.answerable, wire.refusal), and either refused with
one JSON-RPC error (with the request's id when it can be read), or handed on to the transport, which reads the
same bytes again.
"""

from __future__ import annotations

from typing import Any

import mcp_types as types
import pydantic_core
from pydantic import ValidationError
from starlette.responses import Response
from starlette.types import Message, Receive

from .lines import answerable, invalid_json
from .wire import refusal


async def buffered(receive: Receive, limit: int) -> tuple[bytes | None, Receive]:
    """The body (None when it is larger than ``limit``: the transport answers 413 for it) and a ``receive``
    that gives the transport the same messages again."""
    taken: list[Message] = []
    size, complete = 0, False
    while not complete and size <= limit:
        message = await receive()
        taken.append(message)
        if message["type"] != "http.request":
            break
        size += len(message.get("body", b""))
        complete = not message.get("more_body", False)

    async def replay() -> Message:
        return taken.pop(0) if taken else await receive()

    body = b"".join(m.get("body", b"") for m in taken if m["type"] == "http.request")
    return (body if complete and size <= limit else None), replay


def refused(body: bytes) -> Response | None:
    """The JSON-RPC error answering ``body`` when the transport would leave it unanswered, answer it with a
    validation report, or answer a body it cannot parse (a lone surrogate, nesting too deep) without the id
    that can still be read from it; None to hand it on."""
    try:
        raw: Any = pydantic_core.from_json(body)
    except ValueError as exc:
        why = str(exc).splitlines()[0][:200] if str(exc) else "not JSON"
        return _answer(refusal(invalid_json(body, why)))
    try:
        answerable(types.jsonrpc_message_adapter.validate_python(raw, by_name=False), body.decode("utf-8", "replace"))
    except ValueError as exc:  # ValidationError is one
        return _answer(refusal(exc if not isinstance(exc, ValidationError) else _with_input(exc, raw)))
    return None


def _answer(error: types.JSONRPCError) -> Response:
    return Response(error.model_dump_json(by_alias=True), 400, media_type="application/json")


def _with_input(exc: ValidationError, raw: Any) -> ValidationError:
    """``exc`` as wire.refusal reads it: its first problem's input the whole message, whose id it answers."""
    return ValidationError.from_exception_data(
        "JSON-RPC message", [{"type": "model_type", "loc": (), "input": raw, "ctx": {"class_name": "message"}}]
    )
