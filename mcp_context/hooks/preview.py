"""The short text a model gets in place of a large tool output: where the whole is, how to read it, and the
lines most worth seeing first (the head, the lines that say something failed, the tail).

It is made from the text in memory with a few C-speed passes (one regex scan for error lines), so a 2 MB
output costs milliseconds. Lines are shortened, so a minified megabyte on one line still gives a short preview.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass

HEAD_LINES = 20
TAIL_LINES = 20
ERROR_LINES = 12
LINE_CHARS = 200

_WORDS = ("error", "failed", "failure", "fatal", "traceback", "exception", "panic", "denied", "not found", "warning")
#: A line that holds one of the words, in any case, as a whole word.
_ERRORS = re.compile(rf"^.*\b(?:{'|'.join(_WORDS)})\b.*$", re.MULTILINE | re.IGNORECASE)
#: The words alone, for ASCII text lower-cased: with no case to fold and no boundary to test first, the regex
#: engine skips to the places where a word can begin instead of trying every line.
_LOWER_WORDS = re.compile("|".join(_WORDS))


@dataclass(frozen=True)
class Stored:
    """What the preview says about the stored whole."""

    handle: str
    session: str
    chars: int
    lines: int
    tokens: int


def _short(line: str) -> str:
    return line if len(line) <= LINE_CHARS else f"{line[:LINE_CHARS]} … [+{len(line) - LINE_CHARS:,} chars]"


def _head(text: str, count: int) -> list[str]:
    out, start = [], 0
    for _ in range(count):
        if start >= len(text):
            break
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        out.append(text[start:end])
        start = end + 1
    return out


def _tail(text: str, count: int) -> list[str]:
    body = text[:-1] if text.endswith("\n") else text
    out, end = [], len(body)
    for _ in range(count):
        if end <= 0:
            break
        start = body.rfind("\n", 0, end) + 1
        out.append(body[start:end])
        end = start - 1
    return out[::-1]


def error_lines(text: str, skip_head: int, skip_from: int) -> tuple[list[tuple[int, str]], int]:
    """Lines that say something went wrong, between the head and the tail, with their numbers; and how many."""
    found: list[tuple[int, str]] = []
    total, line_no, pos = 0, 1, 0
    for start, line in _error_lines(text):
        line_no += text.count("\n", pos, start)
        pos = start
        if skip_head < line_no < skip_from:
            total += 1
            if len(found) < ERROR_LINES:
                found.append((line_no, line))
    return found, total


def _error_lines(text: str) -> Iterator[tuple[int, str]]:
    """Where each line holding one of the words starts, and the line. ASCII text is searched lower-cased for
    the words alone, each checked for word boundaries (no word begins another, so one try at a place is all);
    other text by _ERRORS, whose case folding covers more than lower-casing does."""
    if not text.isascii():
        yield from ((m.start(), m[0]) for m in _ERRORS.finditer(text))
        return
    lower, at = text.lower(), 0
    while (match := _LOWER_WORDS.search(lower, at)) is not None:
        begin, end = match.span()
        if _word_char(lower, begin - 1) or _word_char(lower, end):
            at = begin + 1
            continue
        start = text.rfind("\n", 0, begin) + 1
        stop = text.find("\n", end)
        stop = len(text) if stop < 0 else stop
        yield start, text[start:stop]
        at = stop + 1


def _word_char(text: str, i: int) -> bool:
    return 0 <= i < len(text) and (text[i].isalnum() or text[i] == "_")


def render(text: str, stored: Stored, read_command: list[str]) -> str:
    """The replacement text: a header naming the handle and the calls that read on, then the chosen lines."""
    head = _head(text, HEAD_LINES)
    complete_head = len(head) >= stored.lines
    tail = [] if complete_head else _tail(text, min(TAIL_LINES, stored.lines - len(head)))
    tail_from = stored.lines - len(tail) + 1
    errors, total = error_lines(text, len(head), tail_from) if not complete_head else ([], 0)
    h = stored.handle
    shell = shlex.join([*read_command, h, "--start-line", str(len(head) + 1)])
    lines = [
        f"[mcp-context] The output was large ({stored.chars:,} chars, {stored.lines:,} lines, about "
        f"{stored.tokens:,} tokens), so it was stored whole as handle {h} (session {stored.session}) and only "
        "parts are shown here.",
        f"Read on: read_persisted(handle='{h}', start_line={len(head) + 1}); search: "
        f"read_persisted(handle='{h}', grep='PATTERN'). From a shell: {shell} (or --grep PATTERN).",
        f"--- lines 1-{len(head):,} ---",
        *(_short(line) for line in head),
    ]
    if errors:
        more = f", first {len(errors)} of {total:,}" if total > len(errors) else ""
        lines.append(f"--- lines that mention errors or failures{more} ---")
        lines += [f"{n}: {_short(line)}" for n, line in errors]
    if tail:
        lines.append(f"--- lines {tail_from:,}-{stored.lines:,} ---")
        lines += [_short(line) for line in tail]
    return "\n".join(lines)


def count_lines(text: str) -> int:
    return text.count("\n") + (1 if text and not text.endswith("\n") else 0)
