"""Where an anchorless rule's scan hits (see rules.Rule.scan_source), found without running the scan over all of a
text where the scan's hits must hold something rarer than what they start with.

The token scan starts with a separator (``_ - . ~``), which code has every few characters, and Python's ``re``
tries the rest of the pattern at each of them. Every hit of it holds a digit followed by a letter twice, close
together, which code seldom has: those pairs are found first (on a copy of the text's bytes reduced to three
classes of character by ``bytes.translate``, then a literal search), and the scan is run only in the windows
where a hit could start. The hits are the very ones ``finditer`` gives over the whole text: each search starts
where the last hit ended, or where the next window starts if that is later, and sees far enough past its window
that every try inside it reads what it would read in the whole text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cached_property
from typing import Any

from .shaped import SHAPED_SCAN

#: ASCII digits to ``0``, ASCII letters to ``a``, a token's separators (``_ - . ~``) to ``.``, every other byte to
#: a space: what ``\d``, ``[A-Za-z]`` and the separators take under ``re.ASCII``, in a text or in its UTF-8 bytes.
_CLASSES = bytes(
    ord("0")
    if 0x30 <= b <= 0x39
    else ord("a")
    if 0x41 <= b <= 0x5A or 0x61 <= b <= 0x7A
    else ord(".")
    if chr(b) in "_-.~"
    else ord(" ")
    for b in range(256)
)


class Pairs:
    """A scan each of whose hits is made of a token's characters (letters, digits, ``_ - . ~``) and holds a digit
    followed by a letter twice: the first pair's digit at most ``before`` characters after the hit's start (and
    after it), the second's at most ``apart`` after the first's; no try of the scan reads more than ``reach``
    characters from where it starts."""

    def __init__(self, before: int, apart: int, reach: int) -> None:
        self.before = before
        self.apart = apart
        self.reach = reach

    @cached_property
    def runs(self) -> re.Pattern[bytes]:
        """Two pairs or more, each at most ``apart`` after the one before with only a token's characters between
        (as ``0a`` in the classes' copy): a hit is made of them alone, so a log's timestamp, whose two pairs
        (``14T00``, ``030Z``) have a colon between, makes none."""
        return re.compile(rb"0a(?:[.0a]{0,%d}?0a)+" % (self.apart - 2))

    def any(self, data: bytes) -> bool:
        """Whether a hit may stand in the text whose bytes (see _classes) are ``data``: without a run of pairs,
        the scan has no hit to find."""
        return self.runs.search(data.translate(_CLASSES)) is not None


#: The token scan (shaped.SHAPED_SCAN): ``[_\-.~]``, 15 of a token's characters ahead, then twice up to 24
#: letters or separators, 1 to 12 digits and a letter. A hit is at most 75 characters long, its look-ahead 16.
_SCANS = {SHAPED_SCAN: Pairs(before=1 + 24 + 12 - 1, apart=1 + 24 + 12, reach=96)}


def classes(text: str | bytes) -> bytes:
    """The text as one byte per character (a stream's bytes as they are): ASCII as it is, anything else a byte
    that is neither a digit nor a letter. Anchors.data is the same bytes, made once for both searches."""
    if isinstance(text, bytes):
        return text
    return text.encode("ascii") if text.isascii() else text.encode("latin-1", "replace")


#: A text shorter than this is scanned whole once a run of pairs stands in it: finding its windows would cost
#: more than the scan.
_SHORT = 2048
#: How much of a text its windows are found in at once.
_BLOCK = 1024 * 1024
#: What searching one window costs beyond its characters, in characters of a whole scan: windows closer than
#: this are searched as one (a log's every line has a timestamp, ``...T00:00:00.030Z``, two pairs: its windows
#: join into one search of the whole, not a search per line).
_SEARCH_COST = 256


def hits(source: str, scan: Any, text: str | bytes, data: bytes | None = None) -> Iterator[re.Match[Any]]:
    """``scan.finditer(text)``'s hits, ``scan`` being ``source`` compiled (for a text or for bytes). ``data``:
    the text's bytes as classes() makes them, when the caller has them (the anchors were found in them)."""
    pairs = _SCANS.get(source)
    if pairs is None:
        yield from scan.finditer(text)
        return
    if len(text) < _SHORT:
        if pairs.any(classes(text) if data is None else data):
            yield from scan.finditer(text)
        return
    end, at = len(text), 0
    for low, high in _windows(pairs, text, data):
        at = max(at, low)
        while at <= high:
            hit = scan.search(text, at, min(end, high + 1 + pairs.reach))
            if hit is None or hit.start() > high:
                break
            yield hit
            at = hit.end()


def _windows(pairs: Pairs, text: str | bytes, data: bytes | None) -> Iterator[tuple[int, int]]:
    """(first, last) position a hit can start at, in order: from each run of pairs, ``before`` characters back
    to its last pair's digit, those closer than _SEARCH_COST joined."""
    low = high = -1
    for base, size, part in _blocks(text, data, pairs.apart + 2):
        for run in pairs.runs.finditer(part.translate(_CLASSES)):
            if run.start() >= size and base + size < len(text):
                break  # a run that starts past the block is the next block's
            first, last = max(0, base + run.start() - pairs.before), base + run.end() - 3
            if first > high + _SEARCH_COST:
                if high >= 0:
                    yield low, high
                low = first
            high = max(high, last)
    if high >= 0:
        yield low, high


def _blocks(text: str | bytes, data: bytes | None, reach: int) -> Iterator[tuple[int, int, bytes]]:
    """(where, how long, the bytes) of each block the windows are found in: the whole text's bytes where the
    caller has them, else a block at a time (a 60 MB text is never copied whole), each read ``reach`` past its
    end, so that a pair in it sees the next pair it runs on to."""
    if data is not None:
        yield 0, len(data), data
        return
    for base in range(0, len(text), _BLOCK):
        yield base, _BLOCK, classes(text[base : base + _BLOCK + reach])


def word_start(text: str | bytes, at: int, back: int) -> int:
    r"""Where the run of a token's characters (letters, digits, ``_ - . ~``) that ends at ``at`` starts, reading
    at most ``back`` characters before it; ``at`` when none ends there. What ``[A-Za-z0-9_\-.~]{1,back}$``
    searched in ``text[at - back:at]`` finds, without trying every place in it: one search for the last
    character that is not a token's, on the classes' copy of those characters. ``$`` also stands before a
    newline that ends what is searched, so a run ending just before a newline at ``at - 1`` is found too."""
    low = max(0, at - back)
    end = at - 1 if at > low and text[at - 1 : at] in ("\n", b"\n") else at
    if end <= low:
        return at
    last = classes(text[low:end]).translate(_CLASSES).rfind(b" ")
    return at if last == end - low - 1 else low + last + 1


def found(source: str, scan: Any, text: str | bytes, data: bytes | None = None) -> bool:
    """Whether hits() finds any: in a short text, one search (a scan that starts with a literal or a class
    skips to where it does in C), after the run of pairs that a windowed scan's hit holds."""
    if len(text) >= _SHORT:
        return next(hits(source, scan, text, data), None) is not None
    pairs = _SCANS.get(source)
    if pairs is not None and not pairs.any(classes(text) if data is None else data):
        return False
    return scan.search(text) is not None


def windowed(source: str) -> bool:
    """Whether the scan spelled ``source`` is run only in windows (see the module)."""
    return source in _SCANS
