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

from .generic import SHAPED_SCAN

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

    def windows(self, data: bytes) -> list[tuple[int, int]]:
        """(first, last) position a hit can start at, in order, from the text's bytes (one byte per character:
        see _classes). Each is found by one match over pairs, each at most ``apart`` after the one before: a
        run of them needs no Python work per pair."""
        found = self.runs.finditer(data.translate(_CLASSES))
        return [(max(0, run.start() - self.before), run.end() - 3) for run in found]

    def dense(self, sample: bytes) -> bool:
        """Whether searching the windows of a text that starts as ``sample`` would cost more than a quarter of
        scanning it whole (besides finding them): then the text is scanned whole."""
        cost = sum(high - low + 1 + _SEARCH_COST for low, high in self.windows(sample))
        return cost * 4 > len(sample)

    @cached_property
    def runs(self) -> re.Pattern[bytes]:
        """Two pairs or more, each at most ``apart`` after the one before with only a token's characters between
        (as ``0a`` in the classes' copy): a hit is made of them alone, so a log's timestamp, whose two pairs
        (``14T00``, ``030Z``) have a colon between, makes none."""
        return re.compile(rb"0a(?:[.0a]{0,%d}?0a)+" % (self.apart - 2))


#: The token scan (generic.SHAPED_SCAN): ``[_\-.~]``, 15 of a token's characters ahead, then twice up to 24
#: letters or separators, 1 to 12 digits and a letter. A hit is at most 75 characters long, its look-ahead 16.
_SCANS = {SHAPED_SCAN: Pairs(before=1 + 24 + 12 - 1, apart=1 + 24 + 12, reach=96)}


def _classes(text: str | bytes) -> bytes:
    """The text as one byte per character (a stream's bytes as they are): ASCII as it is, anything else a byte
    that is neither a digit nor a letter."""
    if isinstance(text, bytes):
        return text
    return text.encode("ascii") if text.isascii() else text.encode("latin-1", "replace")


#: A text shorter than this is scanned whole: finding its windows would cost more than the scan.
_SHORT = 2048
#: How much of a text tells whether windows pay for it: a log's every line has a timestamp (``...T00:00:00.030Z``,
#: two pairs), and a window on every line costs more than scanning it all.
_SAMPLE = 16 * 1024
#: How much of a text its windows are found in at once.
_BLOCK = 1024 * 1024
#: What searching one window costs beyond its characters, in characters of a whole scan.
_SEARCH_COST = 256


def hits(source: str, scan: Any, text: str | bytes) -> Iterator[re.Match[Any]]:
    """``scan.finditer(text)``'s hits, ``scan`` being ``source`` compiled (for a text or for bytes)."""
    pairs = _SCANS.get(source)
    if pairs is None or len(text) < _SHORT or pairs.dense(_classes(text[:_SAMPLE])):
        yield from scan.finditer(text)
        return
    end, at = len(text), 0
    for low, high in _windows(pairs, text):
        at = max(at, low)
        while at <= high:
            hit = scan.search(text, at, min(end, high + 1 + pairs.reach))
            if hit is None or hit.start() > high:
                break
            yield hit
            at = hit.end()


def _windows(pairs: Pairs, text: str | bytes) -> Iterator[tuple[int, int]]:
    """The windows of ``text`` (see Pairs.windows), found a block at a time (a 60 MB text is never copied whole):
    each block read ``apart`` and more past its end, so that a pair in it sees the next pair it runs on to. A run
    that starts past the block is the next block's."""
    reach = pairs.apart + 2
    for base in range(0, len(text), _BLOCK):
        classes = _classes(text[base : base + _BLOCK + reach]).translate(_CLASSES)
        for run in pairs.runs.finditer(classes):
            if run.start() >= _BLOCK and base + _BLOCK < len(text):
                break
            yield max(0, base + run.start() - pairs.before), base + run.end() - 3


def short(text: str | bytes) -> bool:
    """Whether hits() scans ``text`` whole, as ``finditer`` would: it has a hit if one search finds one."""
    return len(text) < _SHORT


def windowed(source: str) -> bool:
    """Whether the scan spelled ``source`` is run only in windows (see the module)."""
    return source in _SCANS
