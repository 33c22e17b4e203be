"""Everything a Session keeps from one call for the next, in one place.

An agent calls again and again with what it sent last time and a little more: the same history and a message,
the same handle read page after page. Each memo below saves work a later call would otherwise repeat; none may
change what a call answers. ``Reuse.off()`` keeps nothing between calls (every call gets memos of its own),
which gives byte for byte the same answers, only slower: the tests run the compaction, summary and loop suites
both ways.

    parsed      the messages the last compaction parsed, taken again for the same items (memos.ParseMemo)
    replays     its replay of the earlier replacements and where its checks stood (memos.ReplayMemo)
    made        what it made of each of those messages: counts, keys, replayed versions (derived.Derived)
    pieces      which stored pieces hold a run of archive lines (results.archive.PieceMemo)
    known       stored results' metadata, line index and preview (results.known.KnownResults)
    redaction   what redaction left untouched, and the messages' content keys (redaction.RedactionMemo)
    accountant  token counts by content key (conversation.accounting.Accountant)
    loops       the loop monitor each session's stream was last saved from (memos.StateMemo)

What a Session holds of its last history is bounded for the whole process (held.py): past the bound, the
Sessions that compacted least recently forget it, and their next call works as a first one does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..conversation.accounting import Accountant
from ..redaction import RedactionMemo
from ..results.archive import PieceMemo
from ..results.known import KnownResults
from ..tokens.count import TokenCounter
from .derived import Derived, Made
from .held import HELD, Held
from .memos import Checkpoints, ParseMemo, Replayed, ReplayMemo, StateMemo

__all__ = [
    "HELD",
    "Checkpoints",
    "Derived",
    "Held",
    "Made",
    "Memos",
    "ParseMemo",
    "Replayed",
    "ReplayMemo",
    "Reuse",
    "StateMemo",
]


@dataclass(frozen=True)
class Memos:
    """The memos one call works with: the Session's own when reuse is on, new ones when it is off."""

    parsed: ParseMemo
    replays: ReplayMemo
    made: Derived
    pieces: PieceMemo
    known: KnownResults
    redaction: RedactionMemo
    accountant: Accountant
    loops: StateMemo


class Reuse:
    """What a Session keeps between calls (see the module's docstring); ``Reuse.off()`` keeps nothing."""

    def __init__(self, keep: bool = True) -> None:
        self.keep = keep
        self._counter: TokenCounter | None = None
        self._exists: Callable[[str], bool] = _nothing_stored
        self._kept: Memos | None = None

    @classmethod
    def off(cls) -> Reuse:
        return cls(keep=False)

    def bind(self, counter: TokenCounter, exists: Callable[[str], bool]) -> Reuse:
        """Set up for one Session: its token counter, and how to tell that a stored piece is still there (a
        piece memo's hit is used only then: a deleted session is written again)."""
        self._counter, self._exists = counter, exists
        self._kept = self._fresh() if self.keep else None
        return self

    def call(self) -> Memos:
        """The memos for one call."""
        return self._kept if self._kept is not None else self._fresh()

    def hold(self, memos: Memos) -> None:
        """Report what the Session now holds of its last history to the process's bound."""
        if memos is self._kept:
            HELD.hold(self, memos.redaction.spelled)

    def forget_held(self) -> None:
        """Let go of the last history (called by the process's bound): the next call starts afresh."""
        if self._kept is not None:
            self._kept.redaction.forget()
            self._kept.parsed.keep({})
            self._kept.replays.forget()
            self._kept.made.forget()

    def _fresh(self) -> Memos:
        if self._counter is None:
            raise RuntimeError("Reuse.bind() first: a Session binds its Reuse when it is made")
        return Memos(
            ParseMemo(),
            ReplayMemo(),
            Derived(),
            PieceMemo(self._exists),
            KnownResults(),
            RedactionMemo(),
            Accountant(self._counter),
            StateMemo(),
        )


def _nothing_stored(handle: str) -> bool:
    return False
