"""Where the rules' anchors stand in a text (see rules.Rule): found by Aho-Corasick automata (the Rust
``aho-corasick`` crate) in one pass or two, rather than one search of the text per anchor.

The rules are case-blind for ASCII letters only (a name given a secret is ASCII), so a case-blind anchor stands
wherever some ASCII upper/lower spelling of it does. Two automata find that at once: one of the anchors as they
are spelled, run on the text; one of the case-blind anchors in lower case, run on a copy of the text whose ASCII
letters are lowered (which moves no byte). Both are made in well under a millisecond. One automaton of every
spelling of the case-blind anchors (of their first letters, the rest checked where one stands) finds the same
in one pass, but it holds about a thousand patterns: making it costs more than a process that redacts a few short
texts (a hook checking a tool call) spends on anything else. It is made once a process has scanned enough for
the pass it saves to have paid for it (a server, a large store)."""

from __future__ import annotations

import itertools
import threading
from collections import defaultdict
from collections.abc import Iterable
from typing import cast

import ahocorasick_rs

from .rules import RULES
from .scans import classes

#: How many bytes a process scans with the two automata before it makes the one of every spelling: about what
#: the second pass costs over that many bytes is what making it costs.
SPELLED_AFTER = 1024 * 1024
#: How many letters of a case-blind anchor are spelled in every case: every spelling of ``authorization`` is
#: 8,192 patterns, and an automaton of all of them takes ten times as long to make as one of their first six
#: letters' (whose hits are few, and checked for the rest). An anchor of a word and white space (``token\t=``)
#: is spelled whole: ``token `` stands all over a log, and each hit would be checked against eight anchors.
_SPELLED_LETTERS = 6
#: How much of a text is searched at once, and how far a window reads past that (an anchor astride two windows
#: is found whole in the first).
_WINDOW = 1024 * 1024
#: A text up to this long is searched whole, as one copy of its bytes that the token scan reads too (see
#: Anchors.data); a longer one a window at a time.
_WHOLE = 4 * _WINDOW
_OVERLAP = max(len(anchor) for rule in RULES for anchor in rule.anchors) - 1

#: (the anchors, as the rules name them, that a hit stands for; its position)
_Hit = tuple[tuple[str, ...], int]


class _Automaton:
    """Patterns found in bytes, and for each the anchors it stands for. A pattern may be the first characters of
    a longer case-blind anchor (see spelled_automaton): a hit of it is checked for the rest of the anchor."""

    def __init__(self, owners: dict[str, list[str]]) -> None:
        self.names = [tuple(names) for names in owners.values()]
        #: For a pattern shorter than an anchor it stands for: each anchor's bytes in lower case, to check a hit
        #: against (case-blind for ASCII letters, as bytes.lower() is); None where every anchor is the pattern.
        self.whole = [
            tuple(name.lower().encode("ascii") for name in names) if any(len(n) > len(p) for n in names) else None
            for p, names in owners.items()
        ]
        self.checked = any(whole is not None for whole in self.whole)
        self.automaton = ahocorasick_rs.BytesAhoCorasick(
            [p.encode("ascii") for p in owners], implementation=ahocorasick_rs.Implementation.DFA
        )

    def hits(self, data: bytes) -> list[_Hit]:
        """Every anchor standing in ``data``, overlapping ones too, in order of position for any one pattern."""
        names, found = self.names, self.automaton.find_matches_as_indexes(data, overlapping=True)
        if not self.checked:
            return [(names[p], start) for p, start, _ in found]
        out: list[_Hit] = []
        for p, start, _ in found:
            whole = self.whole[p]
            if whole is None:
                out.append((names[p], start))
                continue
            standing = tuple(n for n, w in zip(names[p], whole, strict=True) if _stands(data, start, w))
            if standing:
                out.append((standing, start))
        return out

    def starts(self, data: bytes) -> dict[str, list[int]]:
        """Where each anchor stands in ``data``, in order: what hits() finds, gathered by pattern in one loop
        that does nothing else per hit (a text of code has an anchor every few lines), then by anchor."""
        by_pattern: defaultdict[int, list[int]] = defaultdict(list)
        for p, start, _ in self.automaton.find_matches_as_indexes(data, overlapping=True):
            by_pattern[p].append(start)
        out: dict[str, list[int]] = {}
        for p, starts in by_pattern.items():
            whole = self.whole[p]
            for k, name in enumerate(self.names[p]):
                kept = starts if whole is None else [s for s in starts if _stands(data, s, whole[k])]
                if kept:
                    _merge(out, name, kept)
        return out

    def any(self, data: bytes) -> bool:
        found = self.automaton.find_matches_as_indexes(data)
        if not found or not self.checked or any(self.whole[p] is None for p, _, _ in found):
            return bool(found)
        return bool(self.hits(data))  # only shortened patterns stood, perhaps without the rest of an anchor


def _merge(into: dict[str, list[int]], name: str, starts: list[int]) -> None:
    """Adds ``starts`` (in order) to the positions of ``name`` (in order), keeping them in order. Never changes a
    list in place: one pattern's list may be several anchors' positions."""
    had = into.get(name)
    into[name] = starts if had is None else sorted(had + starts)


def _stands(data: bytes, start: int, whole: bytes) -> bool:
    """Whether ``whole`` (lower case) stands at ``start`` in ``data``, whatever the case of its ASCII letters."""
    return data[start : start + len(whole)].lower() == whole


def _owners(spellings: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    """Each pattern (spelling) and the anchors it stands for, from (spelling, anchor) pairs."""
    owners: dict[str, list[str]] = {}
    for spelling, anchor in spellings:
        names = owners.setdefault(spelling, [])
        if anchor not in names:
            names.append(anchor)
    return owners


_CASED = _Automaton(_owners((a, a) for rule in RULES if not rule.folded for a in rule.anchors))
_FOLDED = _Automaton(_owners((a.lower(), a) for rule in RULES if rule.folded for a in rule.anchors))


def _spellings(anchor: str) -> list[str]:
    """Every ASCII upper/lower spelling of ``anchor``: "api" -> "api", "apI", ..., "API" (8)."""
    return ["".join(chars) for chars in itertools.product(*({c.lower(), c.upper()} for c in anchor))]


class _Finder:
    """The two automata, until this process has scanned SPELLED_AFTER bytes; then the one of every spelling."""

    def __init__(self) -> None:
        self.scanned = 0
        self.spelled: _Automaton | None = None
        self._lock = threading.Lock()

    def hits(self, data: bytes) -> list[_Hit]:
        """Every anchor standing in ``data`` (overlapping ones too), in order of position for any one anchor."""
        spelled = self.spelled if self.spelled is not None else self._spelled_when_due(len(data))
        if spelled is not None:
            return spelled.hits(data)
        return _CASED.hits(data) + _FOLDED.hits(data.lower())  # bytes.lower() lowers ASCII letters only

    def starts(self, data: bytes) -> dict[str, list[int]]:
        """Where each anchor stands in ``data`` (overlapping ones too), in order: the positions of hits()."""
        spelled = self.spelled if self.spelled is not None else self._spelled_when_due(len(data))
        if spelled is not None:
            return spelled.starts(data)
        found = _CASED.starts(data)
        for name, starts in _FOLDED.starts(data.lower()).items():  # bytes.lower() lowers ASCII letters only
            _merge(found, name, starts)
        return found

    def any(self, data: bytes) -> bool:
        """Whether any anchor stands in ``data``."""
        if self.spelled is not None:
            return self.spelled.any(data)
        return _CASED.any(data) or _FOLDED.any(data.lower())

    def _spelled_when_due(self, size: int) -> _Automaton | None:
        self.scanned += size  # a count lost to a race only delays the switch
        if self.scanned < SPELLED_AFTER:
            return None
        with self._lock:
            if self.spelled is None:
                self.spelled = spelled_automaton()
        return self.spelled


def _first_letters(anchor: str) -> str:
    """``anchor`` up to its letter after the first _SPELLED_LETTERS (all of it if it has no more)."""
    letters = [i for i, c in enumerate(anchor) if c.isalpha()]
    return anchor if len(letters) <= _SPELLED_LETTERS else anchor[: letters[_SPELLED_LETTERS]]


def spelled_automaton() -> _Automaton:
    """One automaton of the anchors as they are spelled and of every spelling of the case-blind ones' first
    _SPELLED_LETTERS letters (the rest checked at each hit)."""
    return _Automaton(
        _owners(
            (spelling, anchor)
            for rule in RULES
            for anchor in rule.anchors
            for spelling in (_spellings(_first_letters(anchor)) if rule.folded else [anchor])
        )
    )


FINDER = _Finder()


def stands_any(data: bytes) -> bool:
    """Whether any rule's anchor stands in ``data``: when none does, no rule can match."""
    return FINDER.any(data)


class Anchors:
    """Where every rule's anchors stand in one text, found when first asked. Bytes (a stream's window) are
    searched as they are, their positions bytes; a text by windows, its positions characters. One is made for
    every string of a history, so what it makes is kept in plain attributes (a cached property takes a lock
    when first read)."""

    def __init__(self, text: str | bytes, data: bytes | None = None, none: bool = False) -> None:
        """``data``: the text's bytes (see data) where the caller made them; ``none``: the caller knows that no
        anchor stands in it (see stands_any)."""
        self.text = text
        if data is None and (isinstance(text, bytes) or len(text) <= _WHOLE):
            data = classes(text)
        #: The text as the one byte per character its anchors are found in (see _window_starts), where it is
        #: searched whole (up to _WHOLE characters): the token scan reads the very same bytes (scans.classes),
        #: made once for both.
        self.data = data
        self._found: dict[str, list[int]] | None = {} if none else None

    @property
    def _positions(self) -> dict[str, list[int]]:
        """Each anchor's positions, in order, found when first asked."""
        if self._found is None:
            self._found = self._search()
        return self._found

    def _search(self) -> dict[str, list[int]]:
        """Where the text has data, it is searched whole; else a window at a time, as bytes made for the window
        (see _window_starts): a 60 MB text is never copied whole, and no copy made for a window stays attached
        to the caller's string (which handing the automaton a ``str`` would leave)."""
        if self.data is not None:
            return FINDER.starts(self.data)
        found: dict[str, list[int]] = {}
        text = cast(str, self.text)  # bytes always have data
        for base in range(0, len(text), _WINDOW):
            for anchor, starts in _window_starts(text[base : base + _WINDOW + _OVERLAP]).items():
                starts = [base + start for start in starts if start < _WINDOW]  # the overlap is the next window's
                if starts:
                    found.setdefault(anchor, []).extend(starts)  # the windows in order: positions stay in order
        return found

    def none(self) -> bool:
        """Whether no rule can match: no anchor stands anywhere."""
        return not self._positions

    def standing(self) -> Iterable[str]:
        """The anchors (as the rules name them) that stand somewhere in the text."""
        return self._positions.keys()

    def at(self, anchor: str) -> list[int]:
        """Where ``anchor`` (as a rule names it) stands, in order."""
        return self._positions.get(anchor, [])

    def each(self, anchors: Iterable[str]) -> list[list[int]]:
        """Where each of ``anchors`` that stands somewhere stands, in their order (one lookup each)."""
        positions = self._positions
        return [at for anchor in anchors if (at := positions.get(anchor))]


def _window_starts(window: str) -> dict[str, list[int]]:
    """Where each anchor stands in ``window``, at its character positions, in order. The window is searched as
    one byte per character, each outside Latin-1 (a lone surrogate too) a ``?`` (scans.classes): the anchors are
    ASCII without a ``?``, so no character outside ASCII is part of one, and each position is the character's."""
    return FINDER.starts(classes(window))
