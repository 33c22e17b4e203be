"""What a Session's last compaction made of its history when it replayed the earlier replacements, for the next.

An agent sends the same history again with a message more. Replaying the earlier replacements is a function of
the messages and of the replacement tables alone, and the messages the last call parsed come back as the very
same objects (see formats.base.ParseMemo): when the tables are the same (the same saved state) and the history
starts with every message the last call replayed, its replayed versions, their counts and what they used are
taken as they were, and only the new messages are walked. Walking 10K messages again was a tenth of a
re-compaction. Identity, not equality, says a message is the same: equal messages from another call may have
been made of other items.
"""

from __future__ import annotations

import operator
import threading
from dataclasses import dataclass

from ..conversation.model import Message
from ..conversation.validate import Checkpoints


@dataclass(frozen=True)
class Replayed:
    """One call's replay: the body as it came and as replayed, each message's tokens, and what it used."""

    tables: bytes  # the saved state the replacements came from
    format: str
    before: list[Message]
    before_tokens: list[int]
    after: list[Message]
    after_tokens: list[int]
    used: frozenset[str]
    changed: int


class ReplayMemo:
    """The last call's replay, and where its checks of the history stood (``checks``, see
    validate.Checkpoints), for one Session (thread-safe: the server calls a Session from several threads)."""

    def __init__(self) -> None:
        self._last: Replayed | None = None
        self._lock = threading.Lock()
        self.checks = Checkpoints()

    def forget(self) -> None:
        self.keep(None)
        self.checks.forget()

    def match(self, body: list[Message], tables: bytes, format: str) -> Replayed | None:
        """The last replay when ``body`` starts with every message it replayed, under the same tables."""
        with self._lock:
            last = self._last
        if last is None or last.format != format or len(body) < len(last.before) or last.tables != tables:
            return None
        return last if all(map(operator.is_, body, last.before)) else None

    def keep(self, replayed: Replayed | None) -> None:
        with self._lock:
            self._last = replayed
