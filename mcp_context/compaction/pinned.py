"""What a compaction never touches at the start of a history: the system messages and the first user request."""

from __future__ import annotations

from ..conversation.model import Message
from ..conversation.repair import HEAD_NOTE


def head_end(messages: list[Message]) -> int:
    """System messages and the first user request are pinned verbatim, with what comes before that request
    when it is only talk (a host's greeting, the note repair puts before a history that starts mid-way). A
    history that opens with tool work has no request to pin: the head ends where that work begins."""
    for i, message in enumerate(messages):
        if message.role == "system" or _repair_note(message):
            continue
        if message.is_prompt:
            return i + 1
        if message.role != "assistant" or message.calls or message.results:
            break
    for i, message in enumerate(messages):
        if message.role != "system":
            return i
    return len(messages)


def _repair_note(message: Message) -> bool:
    return message.origin is None and [b.text for b in message.blocks] == [HEAD_NOTE]
