"""Messages as archive lines: the originals exactly as they came, keyed by index and content so that a
re-compaction finds the pieces it already stored."""

from __future__ import annotations

import json

from ..results import archive
from .accounting import message_json, message_key
from .formats.base import Adapter
from .model import Message


def archive_lines(messages: list[Message], adapter: Adapter) -> list[archive.Line]:
    """Archive lines keyed by index and content, made only for the pieces not already stored."""
    return [
        archive.Line(f"{m.index}:{origin_key(m, adapter)}", lambda m=m: archive_line(m, adapter))  # type: ignore[misc]
        for m in messages
    ]


def archive_line(message: Message, adapter: Adapter) -> str:
    """The input message as it came (an archive keeps originals, also of messages it shortened)."""
    raw = message.origin_json if message.origin is not None else message_json(message, adapter)
    return f'{{"index":{json.dumps(message.index)},"message":{raw}}}'


def origin_key(message: Message, adapter: Adapter) -> str:
    """What identifies a message across calls: its original text when it came from the caller."""
    return message.origin_key if message.origin is not None else message_key(message, adapter)
