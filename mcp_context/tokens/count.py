"""Token counts: exact where a tiktoken encoding file is on this machine, a calibrated estimate otherwise.

Nothing here touches the network: an encoding is only built from a file already on disk whose SHA-256 matches the
published one (see ``encodings``), or handed over as an object. Every figure carries its ``method`` so nobody
mistakes an estimate for a count.

Pages are cut to a token budget by these figures, so undercounting is the costly error: a linear model fitted to
typical text alone puts a page of base64 at well under half its real count. The estimate is linear over byte
classes, fitted with a linear program: over-estimate typical text as little as possible, subject to no fitted page
coming out more than 3% under its real o200k_base count (8% for Python source; looser bounds for random text in
other scripts, so that real text in those scripts is not counted double). What tells high-entropy text from words
is what BPE vocabularies lack: runs of four consonants (random letters), digit runs and where they split letters
(ids, hex, base64), line breaks after words (lists), characters outside the common blocks (random CJK). What tells
logs from them is what BPE spends a token on whatever its length: words, runs of punctuation and of spaces. Long
runs of one character (base64 of zero-filled binary, rules of dashes) are packed tightly by BPE and come out the
most over-estimated.

``python -m benchmarks.tokens`` builds pages of 2-24 KB of each kind of text from this machine's logs, command
outputs, manuals and sources and from random draws, and prints real tokens / estimate per kind (min / median /
max) with each kind's bound; ``--check`` fails when a kind falls outside it.
"""

from __future__ import annotations

import functools
import operator
import re
import threading
from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from .encodings import load_local_encoding as _load_local_encoding

if TYPE_CHECKING:  # tiktoken is imported lazily: it is only needed when an encoding file is present
    import tiktoken

DEFAULT_ENCODINGS = ("o200k_base", "cl100k_base")

# Texts above this size are estimated even when an encoding is present: exact BPE over tens of megabytes
# costs seconds, and a persisted result's token figure only has to tell the agent "too big to read at once".
EXACT_LIMIT_BYTES = 4 * 1024 * 1024


def _byte_table(classes: dict[bytes, Iterable[int]], default: bytes) -> bytes:
    """A ``bytes.translate`` table sending every byte to the one-byte name of its class."""
    table = bytearray(default * 256)
    for name, members in classes.items():  # later classes win, so a narrower class can follow a wider one
        for byte in members:
            table[byte] = name[0]
    return bytes(table)


# Each byte's kind: ASCII by character class, other characters by their UTF-8 lead byte (continuation bytes,
# "x", cost nothing). Lead bytes map to code point blocks: C2-C3 U+0080-00FF, C4-DF U+0100-07FF (CC-CD:
# combining marks), E0-E1 U+0800-1FFF, E3 U+3000-3FFF, E4-E9 U+4000-9FFF, EA-ED U+A000-DFFF, EE-EF U+E000-FFFF,
# F0 and up: four-byte characters. E2 (U+2000-2FFF), "e", costs nothing of itself: dashes and quotes join the words
# around them, and the symbols after U+2100 are priced below.
_KIND = _byte_table(
    {
        b"l": range(0x61, 0x7B),
        b"U": range(0x41, 0x5B),
        b"d": range(0x30, 0x3A),
        b" ": b" ",
        b"n": b"\n\r",
        b"t": b"\t",
        b"k": [*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F],
        b"x": range(0x80, 0xC0),
        b"e": b"\xe2",
        b"1": range(0xC0, 0xC4),
        b"2": range(0xC4, 0xE0),
        b"m": b"\xcc\xcd",
        b"3": range(0xE0, 0xE2),
        b"4": b"\xe3",
        b"5": range(0xE4, 0xEA),
        b"6": range(0xEA, 0xEE),
        b"7": range(0xEE, 0xF0),
        b"8": range(0xF0, 0x100),
    },
    default=b"p",
)
# Tokens per ASCII byte and per non-ASCII character of each kind, from the fit. An ASCII word costs mostly as a
# word (below), its letters little: five lowercase letters and a space come to 1.1 tokens, for a real 1. Spaces
# and line breaks cost nothing of themselves: a space joins the word after it, a run of them is one token. The
# characters of a script cost what its rarer characters cost, because random ones must not be undercounted
# (random CJK ideographs are 1.9 tokens each, Hangul 2.2, emoji 2.3).
_ASCII_COSTS = (
    (ord("l"), 0.075),  # lowercase letter
    (ord("U"), 0.261),  # uppercase letter
    (ord("d"), 0.268),  # digit (and a digit run costs more, below)
    (ord("t"), 0.26),  # tab
    (ord("p"), 0.398),  # punctuation (and a run of it more, below)
    (ord("k"), 2.00),  # control character, like the ESC of ANSI colour codes
)
_NON_ASCII_COSTS = (
    (ord("1"), 0.923),  # Latin-1 letters and signs
    (ord("2"), 0.856),  # Latin extended, Greek, Cyrillic, Hebrew, Arabic
    (ord("m"), 2.026),  # combining marks
    (ord("3"), 0.837),  # Indic, Thai, Georgian, ...
    (ord("4"), 1.170),  # CJK punctuation, kana
    (ord("5"), 1.876),  # CJK ideographs
    (ord("6"), 2.206),  # Hangul syllables
    (ord("7"), 1.36),  # private use, full-width forms
    (ord("8"), 2.299),  # emoji (other four-byte characters cost more, below)
)
# What words do not contain, found as substrings (counted without overlap) of the text mapped to a few classes.
# Four consonants in a row are rare in English words and code, and common in random letters. "x" is left out: a
# run of it is a mask (sk-xxxxxxxx), which BPE packs into few tokens.
_CONSONANT = _byte_table({b"c": b"bcdfghjklmnpqrstvwzBCDFGHJKLMNPQRSTVWZ"}, default=b".")
_CONSONANT_RUN, _CONSONANT_RUN_COST = b"cccc", 4.268
# o200k_base never merges a letter with a digit and splits digits in threes, so a digit run is a token or more
# however short, and it splits the letters around it: by a fitted 0.18 tokens for letters "g" to "z", nothing for
# the hex letters "a" to "f". A line break after a letter or digit is a token of its own; punctuation takes it in.
_DIGIT_RUN, _LETTER_DIGIT_BOUNDARY, _BREAK_AFTER_WORD = 0.790, 0.181, 0.680
#: In the order _in_a_row counts them: a digit run's start (a digit after anything else), a letter g-z next to a
#: digit (either side), a line break after a letter or digit.
_NEIGHBOUR_COSTS = (_DIGIT_RUN, _LETTER_DIGIT_BOUNDARY, _BREAK_AFTER_WORD)
# What BPE spends a token on whatever its length, so that logs are not priced by the byte: a word (a run of ASCII
# letters), a run of punctuation (": ", "=====" and "-->" are one or two tokens), a run of two spaces or more (the
# columns of a listing), and a space before a digit (o200k_base never joins them: " 200" is two tokens). Each is
# the start of a run, counted with the byte before the block as context (a space before a digit, in the block).
_RUN_COSTS = (0.719, 0.342, 1.488)  # a word, a run of punctuation, a run of spaces
_SPACE_BEFORE_DIGIT_COST = 1.070
# Each byte's classes for what is counted of two or three bytes in a row, one bit each (see _in_a_row).
_DIGIT, _LETTER_G_Z, _LETTER_A_F, _BREAK, _PUNCTUATION, _SPACE = 1, 2, 4, 8, 16, 32
_ROW_CLASSES = bytes(
    (_DIGIT if 0x30 <= b <= 0x39 else 0)
    | (_LETTER_G_Z if chr(b) in "ghijklmnopqrstuvwxyzGHIJKLMNOPQRSTUVWXYZ" else 0)
    | (_LETTER_A_F if chr(b) in "abcdefABCDEF" else 0)
    | (_BREAK if b in b"\n\r" else 0)
    | (_PUNCTUATION if 0x21 <= b < 0x7F and not chr(b).isalnum() else 0)
    | (_SPACE if b == 0x20 else 0)
    for b in range(256)
)


@functools.lru_cache(maxsize=64)
def _ones(length: int) -> int:
    """An integer whose ``length`` bytes (little-endian) each hold 1: the mask of one class bit per byte."""
    return int.from_bytes(b"\x01" * length, "little")


#: _in_a_row takes a block this much at a time: its integers stay in the processor's caches (a 1 MiB block taken
#: whole was half as fast per byte) and a dozen of them cost the memory of one window, not of the block.
_ROW_WINDOW = 64 * 1024


def _in_a_row(context: bytes) -> tuple[list[int], list[int], int]:
    """How often the neighbours of _NEIGHBOUR_COSTS and the run starts of _RUN_COSTS occur in ``context``, and a
    space before a digit after its first byte (the byte before the block).

    Each class becomes one integer with a 1 in the low bit of each byte where the context holds that class
    (``int.from_bytes`` of the translated context, shifted and masked); "this, then that" is the first AND the
    second shifted down a byte, and the count is its ``bit_count``; what costs the same is counted at once (a
    digit after anything else but a digit). Eight two-byte ``bytes.count`` passes and three translations, half
    of the tally's time, become a few word-wide operations. No pattern here can overlap itself, so every
    occurrence counts, as it did with ``bytes.count``. A window counts what starts in it, reading two bytes
    past it, so windows add up to the whole."""
    if len(context) <= _ROW_WINDOW:  # one window, as most blocks are: no sums across windows
        starts = _ones(len(context))
        return _row_counts(context, starts, starts - 1)
    neighbours, runs, space_digit = [0, 0, 0], [0, 0, 0], 0
    for start in range(0, len(context), _ROW_WINDOW):
        window = context[start : start + _ROW_WINDOW + 2]
        starts = _ones(min(_ROW_WINDOW, len(window)))  # the places a pattern may start at in this window
        more_neighbours, more_runs, spaces = _row_counts(window, starts, starts - 1 if start == 0 else starts)
        neighbours = [a + b for a, b in zip(neighbours, more_neighbours, strict=True)]
        runs = [a + b for a, b in zip(runs, more_runs, strict=True)]
        space_digit += spaces
    return neighbours, runs, space_digit


def _row_counts(window: bytes, starts: int, space_starts: int) -> tuple[list[int], list[int], int]:
    """_in_a_row's counts of the patterns starting where ``starts`` has a bit (a space before a digit: where
    ``space_starts`` has)."""
    ones = _ones(len(window))
    bits = int.from_bytes(window.translate(_ROW_CLASSES), "little")
    digit, g_z, a_f, brk, punct, space = ((bits >> shift) & ones for shift in range(6))
    letter = g_z | a_f
    digit_next, g_z_next, brk_next = digit >> 8, g_z >> 8, brk >> 8
    neighbours = [
        ((ones ^ digit) & digit_next & starts).bit_count(),
        (((g_z & digit_next) | (digit & g_z_next)) & starts).bit_count(),  # never both at one place
        ((letter | digit) & brk_next & starts).bit_count(),
    ]
    runs = [
        ((ones ^ letter) & (letter >> 8) & starts).bit_count(),
        ((ones ^ punct) & (punct >> 8) & starts).bit_count(),
        ((ones ^ space) & (space >> 8) & (space >> 16) & starts).bit_count(),
    ]
    return neighbours, runs, (space & digit_next & space_starts).bit_count()


# Blocks where o200k_base has few whole characters, on top of the lead byte's cost (each pattern starts with a
# literal byte, which keeps the scan fast).
_RARE_CHARACTER_COSTS = (
    (re.compile(rb"\xe2[\x84-\xbf]"), 1.40),  # U+2100-2FFF: symbols, arrows, box drawing, dingbats
    (re.compile(rb"\xe3[\x90-\xbf]"), 1.30),  # U+3400-3FFF: CJK extension A...
    (re.compile(rb"\xe4[\x80-\xb6]"), 1.30),  # U+4000-4DBF: ...and the rest of it
)
_EMOJI = b"\xf0\x9f"  # U+1F000-1FFFF
_OTHER_FOUR_BYTE = 2.00  # four-byte characters but emoji cost this more: CJK extension B and on


def _milli(cost: float) -> int:
    return round(cost * 1000)


# The costs above in thousandths of a token. A tally sums integers, so the count of a text is the same however it
# was cut at line breaks, and the count of a page's lines can be had by taking the count of a few lines off that
# of more (see RunningCount.without).
_ASCII_KINDS = tuple(kind for kind, _ in _ASCII_COSTS)
_ASCII_MILLI_COSTS = tuple(_milli(cost) for _, cost in _ASCII_COSTS)
_NON_ASCII_KINDS = tuple(kind for kind, _ in _NON_ASCII_COSTS)
_NON_ASCII_MILLI_COSTS = tuple(_milli(cost) for _, cost in _NON_ASCII_COSTS)
_NEIGHBOUR_MILLI = tuple(_milli(cost) for cost in _NEIGHBOUR_COSTS)
_RUN_MILLI = tuple(_milli(cost) for cost in _RUN_COSTS)
_SPACE_BEFORE_DIGIT_MILLI = _milli(_SPACE_BEFORE_DIGIT_COST)
_CONSONANT_RUN_MILLI = _milli(_CONSONANT_RUN_COST)
_OTHER_FOUR_BYTE_MILLI = _milli(_OTHER_FOUR_BYTE)
# Each rare-character pattern with the kind of its lead byte: a block with no such lead is not searched.
_RARE_CHARACTER_MILLI = tuple(
    (pattern, lead, _milli(cost))
    for (pattern, cost), lead in zip(_RARE_CHARACTER_COSTS, (b"e", b"4", b"5"), strict=True)
)
# The kinds of ASCII bytes and of continuation bytes: deleted from a block's kinds, what is left is one letter per
# non-ASCII character, a short string that the nine counts of those kinds scan instead of the whole block.
_NOT_LEADS = b"lUd ntkpx"


def _milli_tokens(block: bytes, before: bytes) -> int:
    """Thousandths of tokens in ``block``, ``before`` being the byte before it (or _NO_CONTEXT)."""
    kinds = block.translate(_KIND)
    neighbours, runs, space_before_digit = _in_a_row(before + block)
    milli: int = sum(map(operator.mul, _ASCII_MILLI_COSTS, map(kinds.count, _ASCII_KINDS)))
    milli += sum(map(operator.mul, _NEIGHBOUR_MILLI, neighbours))
    milli += sum(map(operator.mul, _RUN_MILLI, runs))
    milli += _SPACE_BEFORE_DIGIT_MILLI * space_before_digit
    milli += _CONSONANT_RUN_MILLI * block.translate(_CONSONANT).count(_CONSONANT_RUN)
    if not block.isascii():
        leads = kinds.translate(None, _NOT_LEADS)
        milli += sum(map(operator.mul, _NON_ASCII_MILLI_COSTS, map(leads.count, _NON_ASCII_KINDS)))
        for pattern, lead, cost in _RARE_CHARACTER_MILLI:
            if lead in leads:
                milli += cost * len(pattern.findall(block))
        if four_byte := leads.count(ord("8")):
            milli += _OTHER_FOUR_BYTE_MILLI * (four_byte - block.count(_EMOJI))
    return milli


class TokenCount(NamedTuple):
    """A token figure and how it was obtained (``exact:o200k_base`` or ``estimate``)."""

    tokens: int
    method: str

    @property
    def exact(self) -> bool:
        return self.method.startswith("exact")


_NO_CONTEXT = b"\0"  # what precedes a text: a byte of no class that starts or ends a run

#: A text longer than this is estimated from a sample beyond it: every SAMPLE_EVERY-th block of SAMPLE_BLOCK bytes,
#: at fixed offsets (so the same text always gives the same figure), the tokens scaled to the whole. Past 256 KiB
#: (70K tokens and more: no page, message or context window takes it whole) a figure only has to say how large a
#: text is, and a sample says it closely enough without reading the text whole (see benchmarks/tokens.py).
SAMPLE_AFTER = 256 * 1024
SAMPLE_BLOCK = 16 * 1024
SAMPLE_EVERY = 16


class ByteTally:
    """A running estimate of a byte stream: a stream of any size is estimated in one pass, in flat memory.

    Each block costs a few ``bytes.translate`` and ``bytes.count`` passes and some arithmetic on the block's class
    bits as one integer (see _in_a_row), never a Python loop per character (``python -m benchmarks.tokens``
    prints its speed). A block may end anywhere, even inside a character: at
    worst a run of consonants or a rare character astride two blocks goes uncounted, a token or two per block.
    Past SAMPLE_AFTER only one block in SAMPLE_EVERY is tallied: a figure for tens of megabytes only has to say
    "far too big to read at once", and tallying every block of a large persist would dominate its cost.
    """

    __slots__ = ("_milli", "_last_byte", "total", "_counted")

    def __init__(self) -> None:
        self._milli = 0  # thousandths of a token, in what was tallied
        self._last_byte = _NO_CONTEXT  # carried over, so what happens across two blocks is counted once
        self.total = 0
        self._counted = 0

    def add(self, block: bytes) -> None:
        if self.total + len(block) <= SAMPLE_AFTER:
            self._tally(block)
            return
        pos = 0
        while pos < len(block):
            offset = self.total
            if offset < SAMPLE_AFTER:
                take, sampled = SAMPLE_AFTER - offset, True
            else:
                k = (offset - SAMPLE_AFTER) // SAMPLE_BLOCK
                take, sampled = SAMPLE_AFTER + (k + 1) * SAMPLE_BLOCK - offset, k % SAMPLE_EVERY == 0
            piece = block[pos : pos + take]
            if sampled:
                self._tally(piece)
            else:
                self.skip(len(piece))
            pos += len(piece)

    def skip(self, size: int) -> None:
        """``size`` bytes left out of the sample: in the total the estimate is scaled to, and what follows them
        starts afresh (nothing is counted across the gap)."""
        if size:
            self.total += size
            self._last_byte = _NO_CONTEXT

    def _tally(self, block: bytes) -> None:
        if not block:
            return
        self._milli += _milli_tokens(block, self._last_byte)
        self._last_byte = block[-1:]
        self.total += len(block)
        self._counted += len(block)

    def estimate(self) -> int:
        if not self.total:
            return 0
        return max(1, round(self._milli * self.total / (1000 * self._counted))) if self._counted else 1

    def less(self, tail: bytes) -> ByteTally:
        """The tally of what was added less its last bytes ``tail``, which follow a line break: nothing counted
        spans one, so this is what tallying the rest alone gives. Only for a tally that sampled nothing."""
        assert self.total == self._counted and tail and self.total >= len(tail)
        twin = self.copy()
        twin._milli -= _milli_tokens(tail, b"\n")
        twin.total -= len(tail)
        twin._counted -= len(tail)
        twin._last_byte = b"\n" if twin.total else _NO_CONTEXT
        return twin

    def copy(self) -> ByteTally:
        twin = ByteTally()
        twin._milli, twin._last_byte, twin.total, twin._counted = (
            self._milli,
            self._last_byte,
            self.total,
            self._counted,
        )
        return twin


def estimate_bytes(data: bytes) -> int:
    if len(data) <= SAMPLE_AFTER:  # tallied whole: the tally's own sums, without one to keep them in
        return max(1, round(_milli_tokens(data, _NO_CONTEXT) / 1000)) if data else 0
    tally = ByteTally()
    tally.add(data)
    return tally.estimate()


#: A text counted only to say how large it is is estimated from every SPARSE_EVERY-th window of SPARSE_WINDOW
#: bytes (see sparse_estimate).
SPARSE_WINDOW = 16 * 1024
SPARSE_EVERY = 4


def sparse_estimate(data: bytes) -> TokenCount:
    """An estimate from a quarter of ``data``, windows at fixed places (the same text, the same figure), scaled to
    the whole: for what compaction stores of its own (an archive's pieces, JSON lines of messages, rewritten as a
    history grows), whose count only tells a reader how large it is, so counting them whole would be wasted on
    megabytes of pieces per compaction; a window is 16 KiB, so a piece of one window or less is counted whole."""
    tally, step = ByteTally(), SPARSE_WINDOW * SPARSE_EVERY
    for at in range(0, len(data), step):
        tally._tally(data[at : at + SPARSE_WINDOW])  # whole: add() would sample again past SAMPLE_AFTER
        tally.skip(min(len(data), at + step) - min(len(data), at + SPARSE_WINDOW))
    return TokenCount(tally.estimate(), "estimate")


def load_local_encoding(names: tuple[str, ...] = DEFAULT_ENCODINGS) -> tiktoken.Encoding | None:
    """The first of ``names`` whose encoding file is on disk and verified, or None. Never touches the network."""
    return _load_local_encoding(names)


class TokenCounter:
    """Counts tokens the same way for every tool, so figures from different calls can be compared.

    Pass ``encoding`` to use a specific tiktoken ``Encoding`` (tests build a tiny one); otherwise the first
    locally available encoding of ``DEFAULT_ENCODINGS`` is used, looked up once on first need.
    """

    def __init__(self, encoding: tiktoken.Encoding | None = None, *, search_local: bool = True) -> None:
        self._encoding = encoding
        self._searched = encoding is not None or not search_local
        self._lock = threading.Lock()

    @property
    def encoding(self) -> tiktoken.Encoding | None:
        if not self._searched:
            with self._lock:
                if not self._searched:
                    self._encoding = load_local_encoding()
                    self._searched = True
        return self._encoding

    @property
    def method(self) -> str:
        """What a count of a small text would be: ``exact:<encoding>`` or ``estimate``."""
        encoding = self.encoding
        return f"exact:{encoding.name}" if encoding is not None else "estimate"

    def running(self) -> RunningCount:
        """A count of a text given piece by piece (see RunningCount)."""
        return RunningCount(self)

    def count(self, text: str) -> TokenCount:
        encoding = self.encoding
        if encoding is not None and len(text) <= EXACT_LIMIT_BYTES:
            return TokenCount(len(encoding.encode(text, disallowed_special=())), f"exact:{encoding.name}")
        return TokenCount(estimate_bytes(text.encode("utf-8", "surrogatepass")), "estimate")


class RunningCount:
    """The count of a text given piece by piece, as a page grows a run of lines at a time.

    Estimated, it is exactly the count of the whole text when every piece but the last ends with a line break:
    the tally carries the byte before each piece, and nothing it counts spans a line break. With an encoding,
    it is the sum of the pieces' exact counts, which a line break between them keeps near the whole's (``whole``
    says which: a caller that must report the exact figure counts the text once more)."""

    __slots__ = ("_counter", "_tally", "_sum")

    def __init__(self, counter: TokenCounter) -> None:
        self._counter = counter
        self._tally = ByteTally() if counter.encoding is None else None
        self._sum = 0

    @property
    def whole(self) -> bool:
        return self._tally is not None

    @property
    def tokens(self) -> int:
        return self._tally.estimate() if self._tally is not None else self._sum

    def add(self, text: str) -> None:
        if self._tally is not None:
            self._tally.add(text.encode("utf-8", "surrogatepass"))
        else:
            self._sum += self._counter.count(text).tokens

    def without(self, tail: str) -> RunningCount:
        """The count of the text less its last characters ``tail``, which follow a line break: estimated, exactly
        what counting the rest gives, for a fraction of the cost when ``tail`` is short (only when ``whole``)."""
        assert self._tally is not None
        twin = RunningCount.__new__(RunningCount)
        twin._counter, twin._tally, twin._sum = (
            self._counter,
            self._tally.less(tail.encode("utf-8", "surrogatepass")),
            0,
        )
        return twin

    def copy(self) -> RunningCount:
        twin = RunningCount.__new__(RunningCount)
        twin._counter, twin._tally, twin._sum = self._counter, self._tally and self._tally.copy(), self._sum
        return twin
