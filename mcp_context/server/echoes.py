"""No error answer repeats a client's text at length: a method name, a resource URI or a tool name of 5,000
characters comes back as its first 200 (errors.ECHO_CHARS), whichever layer (ours or the SDK's) made the error.

The SDK puts what it could not serve into an error's ``data`` whole (the method of a "Method not found", the URI
of a resource it could not read); a middleware on the low-level server (its ``middleware`` list, which every
request passes through over stdio and HTTP alike) cuts such strings, and a message longer than a message
should be, before the error is written."""

from __future__ import annotations

from typing import Any

from mcp import MCPError

from ..errors import ECHO_CHARS

#: The longest error message let through whole: our messages are one line, and far shorter.
MESSAGE_CHARS = 1000


async def bounded_errors(ctx: Any, call_next: Any) -> Any:
    """Server middleware: an MCPError raised anywhere in the request, with its echoes cut."""
    try:
        return await call_next(ctx)
    except MCPError as exc:
        message, data = exc.error.message, exc.error.data
        cut_message, cut_data = _cut(message, MESSAGE_CHARS), _cut_data(data)
        if cut_message is message and cut_data is data:
            raise
        raise MCPError(code=exc.error.code, message=cut_message, data=cut_data) from None


def _cut(text: str, most: int) -> str:
    return text if len(text) <= most else f"{text[:most]}... (first {most} of {len(text):,} characters)"


def _cut_data(data: Any) -> Any:
    """``data`` with each long string in it (itself, or a member of an object) cut to ECHO_CHARS."""
    if isinstance(data, str):
        return _cut(data, ECHO_CHARS)
    if isinstance(data, dict) and any(isinstance(v, str) and len(v) > ECHO_CHARS for v in data.values()):
        return {k: _cut(v, ECHO_CHARS) if isinstance(v, str) else v for k, v in data.items()}
    return data
