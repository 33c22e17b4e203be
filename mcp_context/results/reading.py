"""Bounded reads of a stored text: a page from a line or a character offset, grep with context, a preview.

Every read seeks through the checkpoint index and then reads forward only as far as the page needs, so its
cost does not grow with the size of the text. Pages carry exact character offsets and line numbers, and
their ``next`` cursor starts precisely where they stopped: following cursors from the start returns every
character once. Grep is the one read that scans; it streams line by line in bounded pieces and stops at its
match and token budgets, reporting where to resume.
"""

from __future__ import annotations

import codecs
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, BinaryIO

from ..errors import InvalidArgument
from ..storage.index import LineIndex, Position
from ..tokens.count import TokenCount, TokenCounter
from .fitting import WALK_PIECE_CHARS, Budget, quick_page
from .prefilter import Narrowed, lines_holding, scan_ranges

_GREP_PIECE = 1024 * 1024  # longest piece of a line grep holds at once; matches across pieces are missed
_SHOWN_LINE_CHARS = 400  # a grep hit on a longer line shows this much around the match
_LINE_OVERHEAD_TOKENS = 3  # what a line number and tab add when the page is shown numbered
_FIRST_READ = 16 * 1024  # what a read decodes first: most pages are smaller


@dataclass(frozen=True)
class Page:
    """A slice of a stored text. ``text`` is exact; ``next`` holds the arguments that continue after it."""

    text: str
    first_line: int
    last_line: int
    start_offset: int
    end_offset: int
    tokens: int
    token_method: str
    next: dict[str, int] | None
    starts_mid_line: bool = False

    def numbered(self) -> str:
        """The page as ``cat -n`` shows it; a line cut at either edge of the page is marked with ``…``."""
        if not self.text:
            return ""
        out = []
        number = self.first_line
        pieces = self.text.split("\n")
        if self.text.endswith("\n"):
            pieces.pop()
        for i, piece in enumerate(pieces):
            lead = "…" if i == 0 and self.starts_mid_line else ""
            out.append(f"{number:>6}\t{lead}{piece}")
            number += 1
        if not self.text.endswith("\n") and self.next is not None:
            out[-1] += "…"
        return "\n".join(out)


@dataclass(frozen=True)
class GrepLine:
    line: int
    text: str
    match: bool
    cut: bool = False


@dataclass(frozen=True)
class GrepResult:
    pattern: str
    mode: str  # "regex" or "literal"
    lines: list[GrepLine]
    matches: int
    scanned_from: int
    scanned_to: int
    tokens: int
    token_method: str
    next: dict[str, int] | None
    notes: list[str] = field(default_factory=list)

    def numbered(self) -> str:
        out: list[str] = []
        previous = None
        for item in self.lines:
            if previous is not None and item.line > previous + 1:
                out.append("--")
            mark = ":" if item.match else "-"
            out.append(f"{item.line:>6}{mark}\t{item.text}")
            previous = item.line
        return "\n".join(out)


@dataclass(frozen=True)
class Preview:
    head: str  # numbered lines
    tail: str  # numbered lines, empty when the head shows everything
    head_lines: int
    tail_from: int
    complete: bool
    #: Where reading on starts: the line after the head, or, when the head ends inside a line too long to
    #: show (minified JSON, say), the character after what it showed of that line.
    more: dict[str, int] = field(default_factory=dict)
    hidden_chars: int = 0  # characters between the head and the tail

    def render(self) -> str:
        if self.complete or not self.tail:
            return self.head
        first, last = self.head_lines + 1, self.tail_from - 1
        if "offset" in self.more or last < first:
            gap = f"{self.hidden_chars:,} characters not shown"
        else:
            gap = f"lines {first:,}-{last:,} not shown"
        return f"{self.head}\n   ... ({gap}) ...\n{self.tail}"


class TextReader:
    """Reads one stored text through its index. Use as a context manager: it holds the file open."""

    def __init__(self, index_data: bytes, content: BinaryIO, counter: TokenCounter) -> None:
        """``content`` is the store's seekable text (see Store.open_content); the reader owns and closes it."""
        self._file = content
        try:
            self.index = LineIndex(index_data, self._file)
        except BaseException:
            self._file.close()
            raise
        self.counter = counter

    def __enter__(self) -> TextReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self._file.close()

    # pages -------------------------------------------------------------------------------------------------

    def page(
        self,
        *,
        start_line: int | None,
        offset: int | None,
        max_lines: int | None,
        max_chars: int | None,
        max_tokens: int,
    ) -> Page:
        if start_line is not None and offset is not None:
            raise InvalidArgument("give start_line or offset, not both")
        if start_line is not None and start_line < 1:
            raise InvalidArgument("start_line counts from 1")
        if offset is not None and offset < 0:
            raise InvalidArgument("offset counts characters from 0")
        for name, value in (("max_lines", max_lines), ("max_chars", max_chars), ("max_tokens", max_tokens)):
            if value is not None and value < 1:
                raise InvalidArgument(f"{name} must be at least 1")
        start = self.index.char_position(offset) if offset is not None else self.index.line_start(start_line or 1)
        mid_line = offset is not None and start.char > 0 and not self._after_newline(start)
        return self._read_from(start, mid_line, max_lines, max_chars, max_tokens)

    def _after_newline(self, position: Position) -> bool:
        if position.byte == 0:
            return True
        self._file.seek(position.byte - 1)
        return self._file.read(1) == b"\n"

    def _pieces(self, byte: int) -> Iterator[tuple[str, bool]]:
        """The text from ``byte`` as (piece, ends_line): whole lines, long ones in pieces of a block each."""
        self._file.seek(byte)
        decoder = codecs.getincrementaldecoder("utf-8")("strict")
        pending = ""
        size = _FIRST_READ  # most reads need a few lines: decode a short block first
        while True:
            block = self._file.read(size)
            size = WALK_PIECE_CHARS
            pending += decoder.decode(block, final=not block)
            pos = 0
            while (cut := pending.find("\n", pos)) >= 0:
                while cut + 1 - pos > WALK_PIECE_CHARS:
                    yield pending[pos : pos + WALK_PIECE_CHARS], False
                    pos += WALK_PIECE_CHARS
                yield pending[pos : cut + 1], True
                pos = cut + 1
            pending = pending[pos:]
            while len(pending) >= WALK_PIECE_CHARS or (not block and pending):
                yield pending[:WALK_PIECE_CHARS], False
                pending = pending[WALK_PIECE_CHARS:]
            if not block:
                return

    def _read_from(
        self, start: Position, mid_line: bool, max_lines: int | None, max_chars: int | None, max_tokens: int
    ) -> Page:
        budget = Budget(max_lines, max_chars, max_tokens, _LINE_OVERHEAD_TOKENS)
        quick = quick_page(self._file, start.byte, self.counter, budget)
        if quick is not None:
            return self._page(start, mid_line, *quick)
        taken: list[str] = []
        chars = tokens = lines_done = 0
        for piece, ends_line in self._pieces(start.byte):
            cost = self.counter.count(piece).tokens + _LINE_OVERHEAD_TOKENS
            if (max_chars is not None and chars + len(piece) > max_chars) or tokens + cost > max_tokens:
                # Lines stay whole when the page is by lines; a page by characters fills up to its size.
                if max_chars is not None or not taken:
                    room = None if max_chars is None else max_chars - chars
                    head = self._fit(piece, room, max_tokens - tokens - _LINE_OVERHEAD_TOKENS, force=not taken)
                    if head:
                        taken.append(head)
                break
            taken.append(piece)
            chars += len(piece)
            tokens += cost
            if ends_line:
                lines_done += 1
                if max_lines is not None and lines_done >= max_lines:
                    break
        text = "".join(taken)
        return self._page(start, mid_line, text, self.counter.count(text))

    def _page(self, start: Position, mid_line: bool, text: str, counted: TokenCount) -> Page:
        end = start.char + len(text)
        if end >= self.index.total_chars:
            cursor = None
        elif text.endswith("\n"):
            cursor = {"start_line": start.line + text.count("\n")}
        else:
            cursor = {"offset": end}
        inner_lines = text.count("\n") - (1 if text.endswith("\n") else 0)
        return Page(
            text=text,
            first_line=start.line,
            last_line=start.line + max(0, inner_lines),
            start_offset=start.char,
            end_offset=end,
            tokens=counted.tokens,
            token_method=counted.method,
            next=cursor,
            starts_mid_line=mid_line,
        )

    def _fit(self, piece: str, room_chars: int | None, room_tokens: int, *, force: bool) -> str:
        """The longest head of ``piece`` within both budgets; one character at least when ``force``."""
        high = len(piece) if room_chars is None else max(0, min(len(piece), room_chars))
        low = 0
        while low < high:  # binary search on the head length
            middle = (low + high + 1) // 2
            if self.counter.count(piece[:middle]).tokens <= room_tokens:
                low = middle
            else:
                high = middle - 1
        return piece[: max(low, 1 if force else 0)]

    # grep --------------------------------------------------------------------------------------------------

    def grep(
        self,
        pattern: str,
        *,
        start_line: int | None,
        context: int,
        max_matches: int,
        max_tokens: int,
        timeout_s: float,
        narrow: Callable[[str], Narrowed | None] | None = None,
    ) -> GrepResult:
        """``narrow``, given whether the pattern is a regex or literal text, may name the only chunks that can hold
        a match and the literals a matching line holds (see prefilter.py): only those lines and their context are
        read."""
        compiled, mode = compile_pattern(pattern, start_line, context, max_matches)
        first = start_line or 1
        start = self.index.line_start(first)
        spans = narrow(mode) if narrow is not None else None
        deadline = time.monotonic() + timeout_s
        found_so_far = _Found(self.counter, context, max_matches, max_tokens)
        before = found_so_far.before  # raw: most lines are never shown
        cursor: dict[str, int] | None = None
        notes: list[str] = []
        number = start.line
        lines = self._grep_lines(start.byte, start.line) if spans is None else self._ranges(spans, context, first)
        for scanned, (number, text) in enumerate(lines):
            if scanned % 4096 == 4095 and time.monotonic() > deadline:
                notes.append(f"stopped after {timeout_s:g}s of searching; continue from line {number:,}")
                cursor = {"start_line": number}
                break
            try:
                found = compiled.search(text, timeout=max(0.001, deadline - time.monotonic()))
            except TimeoutError:
                if number == first:
                    raise InvalidArgument(
                        f"pattern {pattern!r} took over {timeout_s:g}s on one line; simplify it"
                    ) from None
                notes.append(f"stopped after {timeout_s:g}s of searching; continue from line {number:,}")
                cursor = {"start_line": number}
                break
            if found is None:
                if found_so_far.after and number > found_so_far.last_shown:
                    found_so_far.context_line(number, text)
                else:
                    before.append((number, text))
            elif not found_so_far.match(number, text, found.start()):
                cursor = {"start_line": number}
                break
        return GrepResult(
            pattern=pattern,
            mode=mode,
            lines=found_so_far.shown,
            matches=found_so_far.matches,
            scanned_from=first,
            scanned_to=(cursor["start_line"] - 1) if cursor else number if spans is None else max(number, self._last()),
            tokens=found_so_far.tokens,
            token_method=self.counter.method,
            next=cursor,
            notes=notes,
        )

    def _ranges(self, narrowed: Narrowed, context: int, first: int) -> Iterator[tuple[int, str]]:
        for a, b in scan_ranges(lines_holding(self._file, self.index, narrowed), context, first):
            at = self.index.line_start(a)
            for number, text in self._grep_lines(at.byte, at.line):
                if number > b:
                    break
                yield number, text

    def _last(self) -> int:
        """The number of the text's last line, as a scan of every line ends on."""
        if self.index.total_bytes == 0:
            return 1
        self._file.seek(self.index.total_bytes - 1)
        return self.index.total_newlines + (self._file.read(1) != b"\n")

    def _grep_lines(self, byte: int, line: int) -> Iterator[tuple[int, str]]:
        """(line number, text without its newline), streaming; a huge line arrives as several pieces."""
        self._file.seek(byte)
        decoder = codecs.getincrementaldecoder("utf-8")("strict")
        while raw := self._file.readline(_GREP_PIECE):
            ends = raw.endswith(b"\n")
            text = decoder.decode(raw)
            yield line, text.rstrip("\r\n") if ends else text
            if ends:
                line += 1

    # preview -----------------------------------------------------------------------------------------------

    def preview(self, limit_chars: int, line_chars: int = 240) -> Preview:
        """Head and tail with their real line numbers, within about ``limit_chars`` characters. A line too long
        to show is cut at ``line_chars``, and says how much of the whole line is left (not of the block it was read
        in)."""
        total = self.index.total_chars
        head_lines: list[str] = []
        used = 0
        number = 1
        head_end = 0  # characters the head has gone through
        more = {"start_line": 2}
        for piece, ends_line in self._pieces(0):
            shown, extra = _shorten(piece.rstrip("\n"), line_chars)
            if not ends_line:  # the piece is a block of a longer line: what is left is counted on the whole line
                extra = self._line_end(number) - (head_end + len(shown))
            row = _row(number, shown, extra)
            if used + len(row) > limit_chars // 2 and head_lines:
                break
            head_lines.append(row)
            used += len(row) + 1
            more = {"offset": head_end + len(shown)} if extra > 0 else {"start_line": number + 1}
            head_end += len(piece)
            if not ends_line:
                break  # a line longer than a block: its head is enough
            number += 1
        if head_end >= total and "start_line" in more:
            return Preview("\n".join(head_lines), "", len(head_lines), 0, True)
        tail_budget = limit_chars - used - 60
        start = self.index.char_position(max(head_end, total - tail_budget))
        rows, number = self._tail_rows(start, total, line_chars)
        # Row prefixes and cut marks can push the tail over its share: drop its first rows until it fits.
        size, first = sum(len(row) + 1 for _, _, row in rows), 0
        while len(rows) - first > 1 and size > limit_chars - used - 60:
            size -= len(rows[first][2]) + 1
            first += 1
        rows = rows[first:]
        shown_to = more["offset"] if "offset" in more else head_end  # the head ends at a line's end, or cut
        hidden = (rows[0][1] if rows else total) - shown_to
        tail_from = rows[0][0] if rows else number
        head, tail = "\n".join(head_lines), "\n".join(row for _, _, row in rows)
        return Preview(head, tail, len(head_lines), tail_from, False, more, max(hidden, 0))

    def _tail_rows(self, start: Position, total: int, line_chars: int) -> tuple[list[tuple[int, int, str]], int]:
        """The preview's tail from ``start``: (line, first character shown, row) each, and the line after them."""
        partial = not self._after_newline(start)  # the tail starts inside a line
        rows: list[tuple[int, int, str]] = []  # (line, first character shown, row)
        number, at = start.line, start.char
        for piece, ends_line in self._pieces(start.byte):
            begins, at = at, at + len(piece)
            if rows and rows[-1][0] == number:
                if ends_line:
                    number += 1
                continue  # the rest of a line longer than a block: already shown as its head
            text = piece.rstrip("\n")
            lead = "…" if partial and not rows else ""
            if lead and (ends_line or at >= total):  # the end of a line cut at its start: show how it ends
                shown, extra = text[-line_chars:], 0
                begins += len(text) - len(shown)
            else:
                shown, extra = _shorten(text, line_chars)
                if not ends_line:
                    extra = self._line_end(number) - (begins + len(shown))
            rows.append((number, begins, _row(number, lead + shown, extra)))
            if ends_line:
                number += 1
        if partial and len(rows) > 1:
            rows.pop(0)  # drop the cut line when whole lines follow it
        return rows, number

    def _line_end(self, number: int) -> int:
        """The character offset where line ``number``'s text ends, before its newline."""
        end = self.index.line_start(number + 1).char
        return end - 1 if number <= self.index.total_newlines else end


def _row(number: int, shown: str, extra: int) -> str:
    return f"{number:>6}\t{shown}" + (f" … [+{extra:,} chars]" if extra > 0 else "")


def _shorten(text: str, limit: int) -> tuple[str, int]:
    return (text, 0) if len(text) <= limit else (text[:limit], len(text) - limit)


def _context(text: str) -> tuple[str, bool, bool]:
    shown, cut = _clip(text, 0)
    return shown, False, cut


def _clip(text: str, at: int) -> tuple[str, bool]:
    """A long line shown as a window around position ``at``, so one hit never floods the page."""
    if len(text) <= _SHOWN_LINE_CHARS:
        return text, False
    begin = max(0, min(at - _SHOWN_LINE_CHARS // 3, len(text) - _SHOWN_LINE_CHARS))
    window = text[begin : begin + _SHOWN_LINE_CHARS]
    return ("…" if begin else "") + window + ("…" if begin + _SHOWN_LINE_CHARS < len(text) else ""), True


def compile_pattern(pattern: str, start_line: int | None, context: int, max_matches: int) -> tuple[Any, str]:
    """The search's expression, and whether it is one ('regex') or the pattern taken as text ('literal')."""
    if not pattern:
        raise InvalidArgument("grep needs a non-empty pattern")
    if context < 0 or context > 50:
        raise InvalidArgument("context must be between 0 and 50 lines")
    if max_matches < 1:
        raise InvalidArgument("max_matches must be at least 1")
    if start_line is not None and start_line < 1:
        raise InvalidArgument("start_line counts from 1")
    import regex  # here, not at the top: a server that never greps does not pay for loading it at start-up

    try:
        return regex.compile(pattern), "regex"
    except regex.error:
        return regex.compile(regex.escape(pattern)), "literal"  # not a valid expression: search it as text


class _Found:
    """The lines a grep shows so far, within its match and token budgets: each match with the context lines
    before it (kept raw in ``before`` until a match needs them) and after it."""

    def __init__(self, counter: TokenCounter, context: int, max_matches: int, max_tokens: int) -> None:
        self.counter, self.context, self.max_matches, self.max_tokens = counter, context, max_matches, max_tokens
        self.shown: list[GrepLine] = []
        self.before: deque[tuple[int, str]] = deque(maxlen=context)
        self.after = self.matches = self.tokens = self.last_shown = 0

    def context_line(self, number: int, text: str) -> None:
        """A line after a match: shown while it fits the budget."""
        self.after -= 1
        item = GrepLine(number, *_context(text))
        cost = self.counter.count(item.text).tokens + _LINE_OVERHEAD_TOKENS
        if self.tokens + cost > self.max_tokens:
            self.after = 0
            return
        self.shown.append(item)
        self.tokens += cost
        self.last_shown = number

    def match(self, number: int, text: str, at: int) -> bool:
        """A matching line and the context before it; False when it no longer fits (the next page starts here)."""
        hit, cut = _clip(text, at)
        group = [GrepLine(n, *_context(t)) for n, t in self.before if n > self.last_shown]
        group.append(GrepLine(number, hit, True, cut))
        cost = sum(self.counter.count(g.text).tokens + _LINE_OVERHEAD_TOKENS for g in group)
        if self.matches >= self.max_matches or (self.matches and self.tokens + cost > self.max_tokens):
            return False
        self.shown.extend(group)
        self.tokens += cost
        self.matches += 1
        self.last_shown = number
        self.before.clear()
        self.after = self.context
        return True
