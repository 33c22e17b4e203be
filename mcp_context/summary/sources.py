"""Where the messages to summarise come from: a message list in any supported format, or a stored result that
holds messages (a JSON message list or request body, or the JSON lines of an archive this library wrote)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..conversation import formats
from ..conversation.formats.base import Adapter
from ..conversation.model import Message
from ..errors import InvalidArgument
from ..results import archive


def parse(items: Any, fmt: str) -> tuple[Adapter, list[Message]]:
    if fmt != "auto" and fmt not in formats.FORMATS:
        raise InvalidArgument(f"unknown format {fmt!r}: use auto, {', '.join(formats.FORMATS)}")
    if not isinstance(items, list):
        raise InvalidArgument("messages must be a list of message objects")
    adapter = formats.adapter(formats.detect(items) if fmt == "auto" else fmt)
    return adapter, adapter.parse(items)


def stored(handle: str, text_of: Callable[[str], str]) -> tuple[list[Any], str]:
    """The messages a stored result holds, and their format when the result says it ("auto" otherwise).

    An archive may be a chain of pieces (results/archive.py); all of it is read. An entry holding an earlier
    summary instead of a message (a sliding-window archive keeps the summary it replaced) becomes a user
    message with that text, so the new summary sees it and keeps its handle."""
    try:
        doc = json.loads(text_of(handle))
    except ValueError:
        doc = None
    if isinstance(doc, list):
        return doc, "auto"
    if isinstance(doc, dict):
        for key in ("messages", "contents"):
            if isinstance(doc.get(key), list):
                return doc[key], "auto"
    fmt, found = "auto", []
    try:
        for head, entry in archive.read(handle, text_of):
            fmt = head.get("format", fmt) if isinstance(head.get("format"), str) else fmt
            if "message" in entry:
                found.append(entry["message"])
            elif isinstance(entry.get("summary"), str):
                found.append(("summary", entry["summary"]))
    except (ValueError, AttributeError):
        raise InvalidArgument(f"{handle} holds neither a JSON message list nor an archive of messages") from None
    if not found:
        raise InvalidArgument(f"{handle} holds no messages: give the handle of an archive or of a message list")
    if fmt == "auto":
        fmt = formats.detect([m for m in found if not isinstance(m, tuple)])
    return [_user_text(m[1], fmt) if isinstance(m, tuple) else m for m in found], fmt


def _user_text(text: str, fmt: str) -> dict[str, Any]:
    if fmt == "gemini":
        return {"role": "user", "parts": [{"text": text}]}
    return {"role": "user", "content": text}
