"""A checkpoint index over a stored UTF-8 text, so a page anywhere costs the same as a page at the start.

Every ~64 KiB (moved back to a character boundary) the index records the byte offset, the character offset
and the number of newlines before that point. Finding line N or character C is a binary search plus a scan
of at most one segment, whether the text is 1 MB or 1 GB; the index itself is 24 bytes per 64 KiB.
Only ``\\n`` ends a line, as in the files themselves (``str.splitlines`` would also split on ``\\x0b`` and
``\\u2028`` and disagree with the counts).
"""

from __future__ import annotations

import bisect
from array import array
from typing import BinaryIO, NamedTuple

SEGMENT_BYTES = 64 * 1024
_MAGIC = b"MCPXIDX1"
_CONTINUATION = bytes(range(0x80, 0xC0))
_FIRST_READ = 16 * 1024


def _continuations(segment: bytes) -> int:
    """UTF-8 continuation bytes in ``segment``: none in ASCII, which one pass in C tells without counting."""
    return 0 if segment.isascii() else len(segment) - len(segment.translate(None, _CONTINUATION))


def char_count(data: bytes) -> int:
    """Characters in whole UTF-8 ``data``, without decoding it (a page is sized in characters before it is read)."""
    return len(data) - _continuations(data)


def whole_lines(content: BinaryIO, byte: int, lines: int, limit: int) -> bytes | None:
    """The next ``lines`` whole lines from ``byte``, or every line left when the text ends with a newline first;
    None when they hold more than ``limit`` characters, or the text ends inside a line, and as soon as the lines of
    the first block say the rest would run to over twice the limit (the caller has a slower way that is always
    right). Reads a short block first (most pages are smaller), then only what could still fit, and counts in C:
    walking hundreds of lines in Python only to find them too long cost more than the page they were for."""
    content.seek(byte)
    blocks: list[bytes] = []
    size = newlines = chars = 0  # characters are counted only once the bytes could exceed the limit
    want = _FIRST_READ
    while newlines < lines:
        block = content.read(want)
        if not block:
            if blocks and not blocks[-1].endswith(b"\n"):
                return None
            break
        blocks.append(block)
        size += len(block)
        newlines += block.count(b"\n")
        if newlines < lines and size * lines > 2 * limit * max(1, newlines):
            return None  # too few newlines to ever fit: give up now rather than read on to the limit
        if size > limit and newlines < lines:
            chars = char_count(b"".join(blocks)) if chars == 0 else chars + char_count(block)
            if chars > limit:
                return None
        want = max(_FIRST_READ, limit + 1 - (chars or size))
    data = b"".join(blocks)
    head = data[: len(data) - len(data.split(b"\n", lines)[-1])]
    return head if char_count(head) <= limit else None


def one_segment(size: int) -> bool:
    """Whether a text of ``size`` bytes is one segment, whose index is only its start and end: the store writes
    no index file for it (a compaction stores thousands of small results), and it is made from the text."""
    return size <= SEGMENT_BYTES


def index_of_one_segment(content: BinaryIO) -> bytes:
    """The index of a text of one segment, from the text itself; ``content`` is left at its start."""
    builder = IndexBuilder()
    builder.feed(content.read(SEGMENT_BYTES + 1))
    content.seek(0)
    return builder.finish()


class Position(NamedTuple):
    """A point in the text: byte and character offsets, and the 1-based line it falls on."""

    byte: int
    char: int
    line: int


class IndexBuilder:
    """Fed the bytes of a text in order (any chunk sizes); yields the index and the totals."""

    def __init__(self) -> None:
        self._points = array("Q", [0, 0, 0])
        self._carry = b""
        self.bytes = self.chars = self.newlines = 0
        self.last_byte = -1

    def _account(self, segment: bytes) -> None:
        self.bytes += len(segment)
        self.chars += len(segment) - _continuations(segment)
        self.newlines += segment.count(b"\n")
        self._points.extend((self.bytes, self.chars, self.newlines))

    def feed(self, data: bytes) -> None:
        if not data:
            return
        self.last_byte = data[-1]
        buffer = self._carry + data if self._carry else data
        pos = 0
        while len(buffer) - pos > SEGMENT_BYTES:
            cut = pos + SEGMENT_BYTES
            while cut > pos and (buffer[cut] & 0xC0) == 0x80:
                cut -= 1
            self._account(buffer[pos:cut])
            pos = cut
        self._carry = buffer[pos:]

    def finish(self) -> bytes:
        if self._carry:
            self._account(self._carry)
            self._carry = b""
        return _MAGIC + self._points.tobytes()

    @property
    def lines(self) -> int:
        """Lines as an editor counts them: a last line without ``\\n`` still counts."""
        if self.bytes == 0:
            return 0
        return self.newlines + (0 if self.last_byte == 0x0A else 1)


class LineIndex:
    """The loaded index of one stored text, with the file it describes open for reading."""

    def __init__(self, data: bytes, content: BinaryIO) -> None:
        if not data.startswith(_MAGIC) or (len(data) - len(_MAGIC)) % 24:
            raise ValueError("corrupt index")
        points = array("Q")
        points.frombytes(data[len(_MAGIC) :])
        self._bytes = points[0::3]
        self._chars = points[1::3]
        self._newlines = points[2::3]
        self._content = content

    @property
    def total_bytes(self) -> int:
        return self._bytes[-1]

    @property
    def total_chars(self) -> int:
        return self._chars[-1]

    @property
    def total_newlines(self) -> int:
        return self._newlines[-1]

    def _segment(self, i: int) -> bytes:
        self._content.seek(self._bytes[i])
        return self._content.read(self._bytes[i + 1] - self._bytes[i])

    def line_start(self, line: int) -> Position:
        """Where 1-based ``line`` starts; the end of the text if the text has fewer lines."""
        wanted = line - 1  # newlines that precede the line's first character
        if wanted <= 0:
            return Position(0, 0, 1)
        if wanted > self.total_newlines:
            return Position(self.total_bytes, self.total_chars, self.total_newlines + 1)
        i = bisect.bisect_left(self._newlines, wanted)  # newlines[i-1] < wanted <= newlines[i]
        segment = self._segment(i - 1)
        # Split in C up to the wanted newline, rather than a Python step per line (a segment holds hundreds).
        rest = segment.split(b"\n", wanted - self._newlines[i - 1])[-1]
        head = segment[: len(segment) - len(rest)]
        return Position(self._bytes[i - 1] + len(head), self._chars[i - 1] + len(head) - _continuations(head), line)

    def char_position(self, char: int) -> Position:
        """Where character ``char`` (0-based) is; the end of the text if it lies beyond."""
        char = max(0, min(char, self.total_chars))
        i = bisect.bisect_right(self._chars, char) - 1
        if i == len(self._chars) - 1:
            return Position(self.total_bytes, self.total_chars, self.total_newlines + 1)
        text = self._segment(i).decode("utf-8")
        head = text[: char - self._chars[i]]
        return Position(self._bytes[i] + len(head.encode("utf-8")), char, self._newlines[i] + head.count("\n") + 1)
