"""What compaction made of each message, kept for as long as the Session may be handed that very message again.

A message is never changed once made (a changed one is a new message, see Message.with_blocks), so what is made
of it holds for as long as it lives: its token count, the content key of what it renders to, which of its blocks
an earlier replacement may stand for, the version the earlier replacements make of it, and its line of the
stored history. The next call sends the same history again, and the parse memo hands back the very messages it
parsed (memos.ParseMemo): what was made of them is taken here instead of made again. Like memos.py, this module
tells messages apart by identity; a record holds its message, so the identity naming it is never another's.
Thread-safe: a record is a function of its message alone, so two calls filling one in at once write the same.
"""

from __future__ import annotations

import threading
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from ..conversation.accounting import Accountant, message_key
from ..conversation.formats.base import Adapter
from ..conversation.model import Block, Message
from ..results.archive import Line

#: How many records past twice the messages kept are held before the others are let go (see Derived.keep_for).
_SLACK = 1024


@dataclass(eq=False)
class Made:
    """What compaction made of one message in one format; each field None until it is first asked for."""

    message: Message
    format: str
    #: Its tokens, as the Session's Accountant counts them.
    tokens: int | None = None
    #: The content key of what it renders to (a changed message: an untouched one's is its item's).
    key: str | None = None
    #: Its untouched results and calls, with their places in it and their keys (see compaction.layers).
    replaceable: list[tuple[int, Block, str]] | None = None
    #: The replacements applied to it on a replay, and the version they made.
    replayed: tuple[list[tuple[str, Any]], Message] | None = None
    #: Its line of the stored compacted history.
    line: Line | None = None


class Derived:
    """The records of the messages of a Session's last compaction that its next call may be handed again."""

    def __init__(self) -> None:
        self._made: dict[int, Made] = {}
        self._lock = threading.Lock()

    def of(self, message: Message, format: str) -> Made:
        """The record of ``message`` in ``format``; a new one the first time it is asked for."""
        made = self._made.get(id(message))
        if made is None or made.message is not message or made.format != format:
            made = self._made[id(message)] = Made(message, format)
        return made

    def key(self, message: Message, adapter: Adapter) -> str:
        """The content key of what ``message`` renders to (see conversation.accounting.message_key)."""
        if not message.changed and message.origin is not None:
            return message.origin_key
        made = self.of(message, adapter.name)
        if made.key is None:
            made.key = message_key(message, adapter)
        return made.key

    def tokens(self, message: Message, adapter: Adapter, accountant: Accountant) -> int:
        """The message's tokens as ``accountant`` counts them (the Session's own, which lives as long)."""
        made = self.of(message, adapter.name)
        if made.tokens is None:
            made.tokens = accountant.message(message, adapter, self.key(message, adapter))
        return made.tokens

    def keep_for(self, messages: Collection[Message]) -> None:
        """After a call: the records of ``messages`` (those the parse memo keeps for the next call) and of the
        versions replayed on them are what may be asked for again. None kept: every record goes, so nothing is
        kept alive for nothing. Else the others go once they outnumber those: walking every record after every
        call is work a re-compaction need not do, and until then they hold at most as many messages again."""
        if not messages:
            self.forget()
            return
        if len(self._made) <= 2 * len(messages) + _SLACK:
            return
        with self._lock:
            made, kept = self._made, {}
            for message in messages:
                record = made.get(id(message))
                if record is None or record.message is not message:
                    continue
                kept[id(message)] = record
                if record.replayed is not None:
                    version = record.replayed[1]
                    after = made.get(id(version))
                    if after is not None and after.message is version:
                        kept[id(version)] = after
            self._made = kept

    def forget(self) -> None:
        """Let every record go (see held.py): the next call makes what it needs afresh."""
        with self._lock:
            self._made = {}

    def __len__(self) -> int:
        return len(self._made)
