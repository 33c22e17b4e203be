"""What a grep pattern requires of a matching line, so the text index can rule chunks out before any is read.

``required`` reads a pattern as alternatives (its top-level ``|``), each a list of literals that every line the
alternative matches contains. It is deliberately conservative: whatever it does not fully understand (a group,
a class, an escape that is not plain punctuation, a flag) only ends the literal being read, and a construct that
could change what a literal means (inline flags, ``(?...)``) gives up on the whole pattern. A line that matches
therefore always contains the literals, and grep's answers stay exactly what a scan of every line gives: the
regular expression still decides every line it reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import BinaryIO

from ..storage.index import LineIndex
from ..storage.text_index import GRAM


@dataclass(frozen=True)
class Narrowed:
    """Where a pattern may match in one text: the chunks the index names (first and last line of each), and one
    literal per alternative (its longest, as UTF-8) that a matching line must contain. A lone surrogate in a
    literal (a command line's undecodable byte) is written as its three bytes, which no stored UTF-8 holds: the
    literal is found nowhere, as the pattern matches nowhere."""

    spans: list[tuple[int, int]]
    needles: list[bytes]

    @classmethod
    def of(cls, spans: list[tuple[int, int]], alternatives: list[list[str]]) -> Narrowed:
        return cls(spans, [max(literals, key=len).encode("utf-8", "surrogatepass") for literals in alternatives])


def lines_holding(content: BinaryIO, index: LineIndex, narrowed: Narrowed) -> list[tuple[int, int]]:
    """The lines of the named chunks that hold one of the needles, as (line, line) spans: found with
    ``bytes.find`` in C, so grep runs its expression on those lines alone (and their context)."""
    found: list[tuple[int, int]] = []
    for first, last in narrowed.spans:
        start, end = index.line_start(first), index.line_start(last + 1)
        content.seek(start.byte)
        data = content.read(end.byte - start.byte)
        hits = sorted({at for needle in narrowed.needles for at in _finds(data, needle)})
        line, counted = first, 0
        for at in hits:
            line += data.count(b"\n", counted, at)
            counted = at
            if not found or found[-1][0] != line:
                found.append((line, line))
    return found


def _finds(data: bytes, needle: bytes) -> list[int]:
    """Where ``needle`` starts in ``data``: the first place on each line that holds it."""
    out = []
    at = data.find(needle)
    while at >= 0:
        out.append(at)
        newline = data.find(b"\n", at)
        if newline < 0:
            break
        at = data.find(needle, newline + 1)
    return out


_SPECIAL = set(".^$*+?{}[]()|\\")


def required(pattern: str, mode: str) -> list[list[str]] | None:
    """The alternatives' literals (each of at least three characters), or None when some alternative may match
    a line without any such literal (``\\d+``, ``a|bcd``): then the index cannot rule anything out."""
    if mode == "literal":
        return [[pattern]] if len(pattern) >= GRAM else None
    alternatives = _split(pattern)
    if alternatives is None:
        return None
    out: list[list[str]] = []
    for alternative in alternatives:
        literals = _literals(alternative)
        if not literals:
            return None
        out.append(literals)
    return out


def _split(pattern: str) -> list[str] | None:
    """The pattern's top-level alternatives; None for a construct this reader does not follow."""
    parts, depth, start, i = [], 0, 0, 0
    in_class = False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class, i = True, _class_body(pattern, i)
            continue
        elif ch == "(":
            if pattern.startswith("(?", i):
                return None  # flags, lookarounds, named groups: not followed
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                return None
        elif ch == "|" and depth == 0:
            parts.append(pattern[start:i])
            start = i + 1
        i += 1
    if depth or in_class:
        return None
    return [*parts, pattern[start:]]


def _class_body(pattern: str, i: int) -> int:
    """Where the inside of the class opening at ``i`` starts: a leading ``^`` and ``]`` belong to it."""
    i += 1
    if i < len(pattern) and pattern[i] == "^":
        i += 1
    if i < len(pattern) and pattern[i] == "]":
        i += 1
    return i


def _literals(alternative: str) -> list[str]:
    """The runs of plain characters in ``alternative`` outside groups and classes that a match must contain."""
    runs: list[str] = []
    run: list[str] = []

    def end_run() -> None:
        if len(run) >= GRAM:
            runs.append("".join(run))
        run.clear()

    i, n = 0, len(alternative)
    while i < n:
        ch, i = _atom(alternative, i)
        quantifier = alternative[i] if i < n and alternative[i] in "*?{+" else ""
        if ch is None or quantifier:
            # Not a plain character, or one under a quantifier: optional (``*``, ``?``, ``{``), so not required;
            # repeated (``+``), so required once but not joined to what follows.
            if ch is not None and quantifier == "+":
                run.append(ch)
            end_run()
            if quantifier:
                i = _after_quantifier(alternative, i)
            continue
        run.append(ch)
    end_run()
    return runs


def _atom(text: str, i: int) -> tuple[str | None, int]:
    """The atom at ``i``: the plain character it stands for (None for anything else), and where it ends."""
    ch = text[i]
    if ch == "\\":
        nxt = text[i + 1] if i + 1 < len(text) else ""
        if nxt and nxt.isascii() and not nxt.isalnum() and not nxt.isspace():
            return nxt, i + 2
        i += 2  # \d, \x41, \N{...}, \p{L}, \g<name>, a back-reference: skip it with all its argument
        while i < len(text) and text[i].isalnum():
            i += 1
        if i < len(text) and text[i] in "{<":
            close = text.find("}" if text[i] == "{" else ">", i)
            i = len(text) if close < 0 else close + 1
        return None, i
    if ch == "[":
        return None, _skip_class(text, i)
    if ch == "(":
        return None, _skip_group(text, i)
    if ch in _SPECIAL:
        return None, i + 1
    return ch, i + 1


def _after_quantifier(text: str, i: int) -> int:
    """The index after the quantifier at ``i`` (``*``, ``+``, ``?``, ``{m,n}``) and its lazy or possessive mark."""
    if text[i] == "{":
        close = text.find("}", i)
        i = len(text) if close < 0 else close + 1
    else:
        i += 1
    if i < len(text) and text[i] in "?+":
        i += 1
    return i


def _skip_class(text: str, i: int) -> int:
    i = _class_body(text, i)
    while i < len(text) and text[i] != "]":
        i += 2 if text[i] == "\\" else 1
    return i + 1


def _skip_group(text: str, i: int) -> int:
    depth = 0
    while i < len(text):
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "[":
            i = _skip_class(text, i)
            continue
        depth += ch == "("
        depth -= ch == ")"
        i += 1
        if depth == 0:
            break
    return i


def scan_ranges(spans: list[tuple[int, int]], context: int, first: int) -> list[tuple[int, int]]:
    """The line ranges grep must read so that what it shows is what reading every line shows: each candidate
    chunk's lines and ``context`` lines on either side (the lines a match there may show, and, before it, the
    lines that fill grep's memory of what came just before), from ``first`` on, merged where they touch."""
    out: list[tuple[int, int]] = []
    for a, b in sorted(spans):
        a, b = max(first, a - context), b + context
        if b < a:
            continue
        if out and a <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out
