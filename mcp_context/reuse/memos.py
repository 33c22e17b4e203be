"""What a Session's last compaction made of its history, for the next: the messages it parsed, where its
checks of them stood, and its replay of the earlier replacements.

An agent sends the same history again with a message more. The messages the last call parsed come back as the
very same objects for the same items (ParseMemo), so everything the last call derived from the start of the
history holds again when the new history starts with those very objects. This module is the only place that
says two messages are the same: by identity (``same_start``), never by equality, since equal messages from
another call may have been made of other items. Each memo is thread-safe (the server calls one Session from
several threads).
"""

from __future__ import annotations

import operator
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..conversation.model import Message


def same_start(messages: list[Message], earlier: list[Message]) -> bool:
    """Whether ``messages`` starts with the very objects of ``earlier``, in order."""
    return len(messages) >= len(earlier) and all(map(operator.is_, messages, earlier))


class ParseMemo:
    """The messages the last compaction parsed, by content key, for the next call's parse to take again.

    A message is reused for an item at the same place holding the same content (the content key the redaction
    memo made of it in this call), the very item it was parsed from or an equal one (a server decodes each
    request afresh) while the one it was parsed from still holds that content (see same):
    what parsing it again would give. Messages are never changed in place once parsed, so two calls may share
    one. Only the last call's messages are kept (they hold the items they were parsed from alive until the next
    call; the process bounds what all Sessions keep, see held.py), and none after a call that reused none."""

    def __init__(self) -> None:
        self._messages: dict[str, Message] = {}
        #: The keys of those parsed from items handed over (see Session.compact_history): nobody changed them.
        self._handed: frozenset[str] = frozenset()
        self._lock = threading.Lock()

    def take(self) -> tuple[dict[str, Message], frozenset[str]]:
        """The last call's messages by content key, and the keys of those parsed from items handed over."""
        with self._lock:
            return self._messages, self._handed

    def keep(self, messages: dict[str, Message], handed: frozenset[str] = frozenset()) -> None:
        with self._lock:
            self._messages, self._handed = messages, handed

    @staticmethod
    def same(
        message: Message, item: dict[str, Any], index: int, parts: Callable[[dict[str, Any]], list[Any]], trusted: bool
    ) -> bool:
        """Whether ``message``, parsed from an item with the content ``item`` has now, is what parsing ``item``
        at ``index`` would give. Made of this very object: its blocks' parts still equal to the item's
        (``parts``; the same objects, unless the caller swapped one for a copy). Made of another (a server
        decodes each request afresh): that object still equal to this one, so nothing the message holds was
        changed since it was parsed (one comparison in C, far cheaper than parsing the item again), unless it
        was handed over (``trusted``): then no one could change it, and the content key, the same as the
        item's, says it was equal to it."""
        if message.index != index:
            return False
        if message.origin is item:
            return [b.raw for b in message.blocks] == parts(item)
        return trusted or message.origin == item


class Checkpoints:
    """Where the last call's walks over a history (validation, repair's pairing check) stood at its last turn
    with calls. Everything before that turn was judged by the messages up to it alone (the results of a turn
    follow it, before the next turn), so a history that starts with the very same messages resumes there, with
    the walk's state as it was."""

    def __init__(self) -> None:
        self._points: dict[tuple[str, str], tuple[list[Message], int, Any]] = {}
        self._lock = threading.Lock()

    def resume(self, walk: tuple[str, str], messages: list[Message]) -> tuple[int, Any] | None:
        """Where ``walk`` may resume over ``messages``, and its state there; None to walk from the start."""
        with self._lock:
            found = self._points.get(walk)
        if found is None:
            return None
        seen, at, state = found
        return (at, state) if same_start(messages, seen) else None

    def keep(self, walk: tuple[str, str], messages: list[Message], at: int, state: Any) -> None:
        """``walk`` stood before message ``at`` (a turn with calls, or the end) with ``state``: what it made of
        the messages before, which it judged by the messages up to ``at`` alone."""
        with self._lock:
            self._points[walk] = (messages[: at + 1], at, state)

    def forget(self) -> None:
        with self._lock:
            self._points.clear()


@dataclass(frozen=True)
class Replayed:
    """One call's replay of the earlier replacements: the body as it came and as replayed, each message's
    tokens, and what it used. Replaying is a function of the messages and of the replacement tables alone."""

    tables: bytes  # the saved state the replacements came from
    format: str
    before: list[Message]
    before_tokens: list[int]
    after: list[Message]
    after_tokens: list[int]
    used: frozenset[str]
    changed: int


class ReplayMemo:
    """The last call's replay, and where its checks of the history stood (``checks``)."""

    def __init__(self) -> None:
        self._last: Replayed | None = None
        self._lock = threading.Lock()
        self.checks = Checkpoints()

    def forget(self) -> None:
        self.keep(None)
        self.checks.forget()

    def match(self, body: list[Message], tables: bytes, format: str) -> Replayed | None:
        """The last replay when ``body`` starts with every message it replayed, under the same tables: its
        replayed versions, their counts and what they used are taken as they were, and only the new messages
        are walked."""
        with self._lock:
            last = self._last
        if last is None or last.format != format or last.tables != tables:
            return None
        return last if same_start(body, last.before) else None

    def keep(self, replayed: Replayed | None) -> None:
        with self._lock:
            self._last = replayed


#: How many sessions' states one Session's memo keeps (least recently saved go first).
STATES_KEPT = 64


class StateMemo:
    """What a Session last saved of each session's state, with the objects the state stands for (the loop
    check's monitor and judge): decoding a state costs more than the check itself, so while the store still
    holds exactly the bytes saved (no other process wrote since) the next call carries on with those objects."""

    def __init__(self, entries: int = STATES_KEPT) -> None:
        self._entries = entries
        self._kept: OrderedDict[str, tuple[bytes, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, session: str) -> tuple[bytes, Any] | None:
        """The bytes last saved of ``session``'s state and their objects, taken out, not shared: a call that fails
        half-way leaves nothing behind (another thread checking the same session decodes its own)."""
        with self._lock:
            return self._kept.pop(session, None)

    def keep(self, session: str, data: bytes, objects: Any) -> None:
        with self._lock:
            self._kept.pop(session, None)
            self._kept[session] = (data, objects)
            while len(self._kept) > self._entries:
                self._kept.popitem(last=False)

    def find(self, data: bytes) -> Any | None:
        """The objects kept with exactly these bytes, whichever session saved them; None if none were."""
        with self._lock:
            return next((objects for kept, objects in self._kept.values() if kept == data), None)
