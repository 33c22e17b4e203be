"""Which streamed model text the chanting rule may track: markdown that legitimately repeats is left out.

Gemini CLI's rule, which we keep: code is never tracked, and structure (a code fence, a table row or rule, a
list item, a heading, a block quote, a divider) clears what was tracked, since lists and tables repeat by
nature. Gemini judges a whole chunk at once, counting fences in it; a chunk holding a whole fenced block (two
fences, an even count) then reads as "not in code", and the code between is tracked. We judge line by line,
as the model wrote it, whatever size the chunks are (a whole message arrives as one):

- fenced code opens with a line starting with ```` ``` ```` or ``~~~`` and closes with a fence of the same
  character at least as long, as in CommonMark (an opening line holding another backtick is inline code),
  except that a line of tildes alone under a line of text at least as long is that text's underline, as in
  reST (``Usage`` over ``~~~~~``): read as a fence, it would leave the rest of the message in code;
- indented code is a line starting with 4 spaces or a tab after a blank line, another indented code line or
  the start of a message: markdown's rule, so the indented continuation of a paragraph stays prose;
- a chunk may end in the middle of a line: the rest of that line, in the next chunk, is judged as its start
  was (an indented code line stays code). Structure is still looked for at each chunk's start, as Gemini
  CLI does: a client may split anywhere, and a needless reset only delays a detection.
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import Any

# Thematic breaks, setext underlines, ASCII table borders and box drawing (U+2500..U+257F).
_DIVIDER_CHARS = "-_=*+" + "".join(chr(c) for c in range(0x2500, 0x2580))
_MIN_DIVIDER = 3  # a lone "-" or "*" token is a hyphen or emphasis, not a divider


def is_divider(text: str) -> bool:
    stripped = text.lstrip()
    if not stripped or stripped[0] not in _DIVIDER_CHARS:  # the common case, without building a copy
        return False
    compact = "".join(stripped.split())
    return len(compact) >= _MIN_DIVIDER and not compact.strip(_DIVIDER_CHARS)


def has_marker(text: str) -> bool:
    """Whether the text holds a fence marker, ```` ``` ```` or ``~~~``, anywhere. A backtick or tilde alone is
    looked for first: that is a plain byte scan, where a three-character search costs several times more, and
    most text has neither (a backtick is in one chunk in twenty, a tilde in one in a thousand)."""
    return ("`" in text and "```" in text) or ("~" in text and "~~~" in text)


# Plain text: outside code, it is tracked and changes nothing but the lengths the state keeps. Most model text
# is plain, and a chunk of it is judged in one regex step. A chunk holding no ``` ``` ``` or ``~~~`` (so no
# fence marker) is plain when after its indent each line starts with a character that starts no block marker
# or divider: not ``|+-*_=`` nor box drawing; ``#`` or ``>`` only if no whitespace follows (``#define``,
# ``>>>``); digits only if ``.`` and whitespace do not (``3.14``, not ``1. item``). A line may be indented
# unless it follows a blank or code line (then 4 spaces or a tab make it code). A line of whitespace alone is
# blank, and plain too, unless a chunk ends inside it (the state then keeps its indent so far).
_START = r"(?:[^\s|+\-*#>\d_=\u2500-\u257f]|>(?!\s)|#++(?!\s)|\d++(?!\.\s))"
_TEXT = rf"[^\S\n]*+{_START}.*+(?:\n|\Z)"  # a line of text, perhaps unfinished at the chunk's end
_AFTER_BLANK = rf"(?:[^\S\n]*+\n|(?! {{4}}|\t){_TEXT}(?:{_TEXT})*+)*+"  # lines where an indent makes code


class _Patterns:
    """The gate's patterns, compiled when a gate first judges text: a process that checks only tool calls (a
    host's hook) makes gates but never feeds them, and compiling these is most of what loading this costs."""

    @cached_property
    def block(self) -> re.Pattern[str]:
        """A table row or rule, a list item (-, *, + or numbered), a heading or a block quote, at a line's start."""
        return re.compile(r"\s*(?:\|.*\||[|+-]{3,}|(?:[-*+]|\d+\.)\s)|#+\s|>\s")

    @cached_property
    def fence(self) -> re.Pattern[str]:
        return re.compile(r"[ \t]*(`{3,}|~{3,})(.*)")

    @cached_property
    def plain_after_blank(self) -> re.Pattern[str]:
        """Plain lines from a line's start where code may start."""
        return re.compile(_AFTER_BLANK)

    @cached_property
    def plain_after_text(self) -> re.Pattern[str]:
        """The same where it may not."""
        return re.compile(rf"(?:{_TEXT})*+{_AFTER_BLANK}")

    @cached_property
    def plain_going_on(self) -> re.Pattern[str]:
        """Mid-line. Each optional part is possessive (``?+``): given back, it would leave unmatched a character
        nothing else here matches (one that starts a line's text, or a newline), so the engine need keep no place
        to return to."""
        return re.compile(rf"[^\S\n]*+(?:{_START}.*+)?+(?:\n(?:{_TEXT})*+{_AFTER_BLANK})?+")

    @cached_property
    def plain_run(self) -> re.Pattern[str]:
        """Whole unindented plain lines with no fence marker, from a line's start: for the general path."""
        return re.compile(rf"(?:{_START}[^\n`~]*\n|\n)+")

    @cached_property
    def code_run(self) -> re.Pattern[str]:
        """Lines of indented code (not blank; the last may go on), where code may start: each restarts tracking,
        left out."""
        return re.compile(r"(?:(?: {4}|\t)[^\S\n]*+\S.*+(?:\n|\Z))+")


_RE = _Patterns()


class MarkdownGate:
    """The markdown state of one stream of model text, and what each chunk of it gives the chanting rule."""

    _STATE = ("fence", "line_start", "line_code", "line_blank", "lead", "line_len", "above", "code_may_start")

    def __init__(self) -> None:
        self.new_message()

    def new_message(self) -> None:
        """A model message starts outside any code block, at a line's start (Gemini CLI keeps the code-block
        state across messages, so an unclosed fence mutes all later text)."""
        self.fence = ""  # the open code fence; "" outside fenced code
        self.line_start = True  # the next text starts a line
        self.line_code = False  # the line under way is code: indented, or a fence
        self.line_blank = True  # the line under way is blank so far
        self.lead = ""  # its leading whitespace so far (4 characters are enough to judge it)
        self.line_len = 0  # its length so far
        self.above = 0  # the length of the line above when it was text, else 0: what a ~~~ underline may underline
        self.code_may_start = True  # an indented line here is code: after a blank or code line, or at the start

    def split(self, chunk: str) -> list[tuple[bool, str]]:
        """The chunk's parts, in order: for each, whether tracking starts afresh before it, and the text to
        track (code and dividers left out). Runs of plain lines (see :data:`_START`), the rest of a code line
        and runs of indented code lines are each taken in one step; any other line (or piece of one) by
        :meth:`_line`. A line's rest is taken as plain only with the lines after it, never cut mid-line:
        :meth:`_line` judges a piece by its start."""
        if self.plain(chunk):
            return [(False, chunk)]  # the common case: plain text, judged in one regex step
        return self.structured(chunk)

    def structured(self, chunk: str) -> list[tuple[bool, str]]:
        """:meth:`split`, for a chunk :meth:`plain` has just found not plain."""
        if not chunk:
            return []
        parts: list[tuple[bool, str]] = []
        reset, tracked = False, ""
        pos, size = 0, len(chunk)
        markers = has_marker(chunk)
        while pos < size:
            stop, code = self._run(chunk, pos, markers)
            if stop > pos:
                if not code:
                    tracked += chunk[pos:stop]
                elif tracked:  # the run is one restart
                    parts.append((reset, tracked))
                    reset, tracked = True, ""
                else:
                    reset = True
                pos = stop
                continue
            end = chunk.find("\n", pos) + 1 or size  # a line with its newline, or the beginning of one that goes on
            line, pos = chunk[pos:end], end
            restart, track = self._line(line)
            if restart:
                if tracked:  # two restarts with nothing between are one
                    parts.append((reset, tracked))
                reset, tracked = True, ""
            if track:
                tracked += line
        if reset or tracked:
            parts.append((reset, tracked))
        return parts

    def _run(self, chunk: str, pos: int, markers: bool) -> tuple[int, bool]:
        """Where a run taken in one step from ``pos`` ends (``pos`` if none), and whether it is code (left out,
        a restart) rather than plain text (tracked), the state moved past it."""
        if self.fence:
            return pos, False
        if self.line_start:
            if markers:  # whole unindented plain lines holding no marker
                run = _RE.plain_run.match(chunk, pos)
            else:
                run = (_RE.plain_after_blank if self.code_may_start else _RE.plain_after_text).match(chunk, pos)
            if run and run.end() > pos:
                self._past(run[0])
                return run.end(), False
            if not (self.code_may_start and (run := _RE.code_run.match(chunk, pos))):
                return pos, False
            stop = run.end()
            ends = chunk[stop - 1] == "\n"
            self.line_start, self.lead, self.line_blank, self.line_code = ends, "", False, True
            self.line_len = stop - ends - 1 - chunk.rfind("\n", 0, stop - 1)
            if ends or chunk.find("\n", pos, stop) >= 0:  # a code line ended
                self.above, self.code_may_start = 0, True
            return stop, True
        if self.line_code:  # the rest of a code line
            stop = chunk.find("\n", pos) + 1 or len(chunk)
            ends = chunk[stop - 1] == "\n"
            self.line_len += stop - pos - ends
            if ends:
                self.line_start, self.above, self.code_may_start = True, 0, True
            return stop, True
        if self.line_blank or markers:
            return pos, False
        # The rest of a line of text and the plain lines after it, if whole: a piece is judged by its start.
        stop = _RE.plain_going_on.match(chunk, pos).end()  # type: ignore[union-attr]  # matches, if only ""
        if stop == pos or (stop < len(chunk) and chunk[stop - 1] != "\n"):
            return pos, False
        self._past(chunk[pos:stop])
        return stop, False

    def plain(self, chunk: str) -> bool:
        """Whether the chunk is all plain text (see :data:`_START`), to track as it is, judged in one regex step
        outside code, at a line's start or in a line neither blank so far nor code; if so, the state moves past
        it."""
        if self.line_start:
            pattern = _RE.plain_after_blank if self.code_may_start else _RE.plain_after_text
        elif self.line_blank or self.line_code:
            return False
        else:
            pattern = _RE.plain_going_on
        if not chunk or self.fence or has_marker(chunk) or pattern.fullmatch(chunk) is None:
            return False
        self._past(chunk)
        return True

    def _past(self, text: str) -> None:
        """The state after plain text from here (see :meth:`plain`), as :meth:`_line` would leave it."""
        size = len(text)
        last = text.rfind("\n")
        if last < 0:  # no line ends: the line under way goes on, or a plain one starts
            if self.line_start:
                self.line_start, self.lead, self.line_blank, self.line_code, self.line_len = False, "", False, False, 0
            self.line_len += size
            return
        before = text.rfind("\n", 0, last)  # the last whole line is text[before + 1 : last]
        if before < 0 and not self.line_start:  # the line that was going on: not blank
            length, blank = self.line_len + last, False
        else:
            length = last - before - 1
            blank = not length or text[before + 1 : last].isspace()
        self.above, self.code_may_start = 0 if blank else length, blank
        if last == size - 1:
            self.line_start, self.line_blank, self.line_code, self.line_len = True, blank, False, length
            self.lead = text[before + 1 : before + 5] if blank else ""
        else:  # a plain line starts after it and goes on in the next chunk
            self.line_start, self.lead, self.line_blank, self.line_code = False, "", False, False
            self.line_len = size - last - 1

    def _line(self, piece: str) -> tuple[bool, bool]:
        """(restart tracking before it, track it) for a line or a piece of one, moving the state past it."""
        starts, ends = self.line_start, piece[-1] == "\n"
        self.line_start = ends
        if starts:
            self.lead, self.line_blank, self.line_code, self.line_len = "", True, False, 0
        self.line_len += len(piece) - ends
        if self.line_blank:  # still in the line's leading whitespace, which a chunk may cut: judge it whole
            head = self.lead + piece
            blank = head.isspace()
            self.line_code = not (self.fence or blank) and self.code_may_start and head.startswith(("    ", "\t"))
            self.lead = head[:4] if blank else ""
            self.line_blank = blank
        restart, track = self._judge(piece)
        if ends:
            text = not (self.fence or self.line_blank or self.line_code)
            self.above = self.line_len if text else 0
            self.code_may_start = not self.fence and (self.line_blank or self.line_code)
        return restart, track

    def _judge(self, piece: str) -> tuple[bool, bool]:
        marker = has_marker(piece)
        fence = _RE.fence.match(piece) if marker else None
        if self.fence:
            if fence and fence[1][0] == self.fence[0] and len(fence[1]) >= len(self.fence) and not fence[2].strip():
                self.fence, self.line_code = "", True  # the closing fence: code may follow it at once
            return marker, False
        if self.line_code:
            return True, False
        if fence:
            if fence[1][0] == "~" and not fence[2].strip() and 0 < self.above <= len(fence[1]):
                return True, False  # a title underlined with tildes (reST), as long as the title: no fence
            if not (fence[1][0] == "`" and "`" in fence[2]):
                self.fence, self.line_code = fence[1], True
                return True, False
        divider = is_divider(piece)
        return marker or divider or _RE.block.match(piece) is not None, not divider

    def to_state(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self._STATE}

    def load_state(self, state: dict[str, Any]) -> None:
        self.fence, self.lead = str(state["fence"]), str(state["lead"])
        self.line_len, self.above = int(state["line_len"]), int(state["above"])
        for name in ("line_start", "line_code", "line_blank", "code_may_start"):
            setattr(self, name, bool(state[name]))
