"""Credentials in the rows of an SQL ``INSERT`` whose column list names a secret's column (``INSERT INTO users (id,
email, password) VALUES (...), (...)``, as a dump, a migration or a log of queries holds it): each row's value in
that column, however many rows follow.

The column list stands before the rows, a row's value may stand a stream's windows after it, so the rows are walked
in Python from the statement (see columns, which does the same for tables): each row is read as SQL spells it (a
quoted literal with its quotes doubled or escaped, a number, ``NULL``, a call), and each match spans its row from the
row's ``(`` to the value, so no window is cut between them. A stream's window whose statement runs on past its cut
hands it to the next, which walks on from the first row that starts at or after the cut."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from .columns import Carry, Open, named, row_secrets
from .compiled import pattern

ANCHORS = ("insert into", "insert ignore into", "replace into")
#: The statement up to its rows: the table's name, the column list and ``VALUES``.
_HEAD = (
    r"(?i:insert(?:[ \t]+ignore)?|replace)[ \t]+(?i:into)(?:\s|\\[nrt])+[^\s(]{1,128}(?:\s|\\[nrt]){0,8}"
    r"\((?P<columns>[^()]{1,4096})\)(?:\s|\\[nrt]){0,8}(?i:values)"
)
_NAME_QUOTES = '`"[] \t\r\n'
#: Between rows, and between a row's values: white space, also as a JSON string's escapes.
_SPACE = r"(?:\s|\\[nrt])*"
#: The most characters of a row.
_ROW_MOST = 4096


def _skip(text: str, at: int) -> int:
    """Where the white space from ``at`` ends."""
    found = pattern(_SPACE).match(text, at)
    return at if found is None else found.end()


class Insert(Open):
    """A statement's column list that names a secret's column: how many values a row has, which are secrets, and
    where the next window walks on from."""

    def __init__(self, columns: int, secret: dict[int, bool], at: int) -> None:
        self.columns = columns
        self.secret = secret
        self.at = at
        #: Where the rows walked in a stream's window start, and where the next window walks on from.
        self.starts: list[int] = []
        self.resume: int | None = None

    def shifted(self, by: int) -> Insert:
        moved = Insert(self.columns, self.secret, self.at - by)
        moved.resume = None if self.resume is None else self.resume - by
        return moved

    def resumes(self, end: int) -> bool:
        """Whether a row walked starts at or after ``end``: the next window walks on from the first such."""
        later = [s for s in self.starts if s >= end]
        self.resume = later[0] if later else None
        return self.resume is not None


def _row(line: str, at: int) -> tuple[list[tuple[int, int]], int] | None:
    """The values of the row whose ``(`` is at ``at`` (each span inside its quotes), and where the row ends; None
    where it is no row, or runs past what is read."""
    if line[at : at + 1] != "(":
        return None
    spans: list[tuple[int, int]] = []
    i, n = at + 1, len(line)
    while i < n:
        i = _skip(line, i)
        if i >= n:
            return None
        quote = line[i]
        if quote in "'\"":
            j = i + 1
            while j < n:
                if line[j] == "\\":
                    j += 2
                elif line[j] == quote and line[j + 1 : j + 2] == quote:
                    j += 2
                elif line[j] == quote:
                    break
                else:
                    j += 1
            if j >= n:
                return None
            spans.append((i + 1, j))
            i = j + 1
        else:
            depth, j = 0, i
            while j < n and (depth > 0 or line[j] not in ",)"):
                depth += (line[j] == "(") - (line[j] == ")")
                j += 1
            spans.append((i, j))
            i = j
        i = _skip(line, i)
        if i >= n:
            return None
        if line[i] == ")":
            return spans, i + 1
        if line[i] != ",":
            return None
        i += 1
    return None


def _rows(text: str | bytes, decoded: str, insert: Insert, at: int, carry: Carry | None) -> Iterator[re.Match[Any]]:
    """The secrets of the rows from the one starting at ``at`` on, to the statement's end (``decoded``: the text as
    one character a byte, for a stream's)."""
    n, stop = len(decoded), None
    while at < n:
        read = decoded[at : at + _ROW_MOST]
        row = _row(read, 0)
        if row is None:
            stop = None if at + _ROW_MOST >= n and carry is not None and not carry.last else at
            break
        spans, end = row
        if carry is not None:
            insert.starts.append(at)
        if len(spans) == insert.columns:
            yield from row_secrets(text, at, read, spans, insert.secret)
        at = _skip(decoded, at + end)
        if decoded[at : at + 1] != ",":
            stop = at
            break
        at = _skip(decoded, at + 1)
    if carry is not None:
        carry.walked.append((insert, stop))


def insert_rows(text: str | bytes, standing: list[list[int]], carry: Carry | None) -> Iterator[re.Match[Any]]:
    """The secrets of every row of the statements whose column list names a secret's column, and of those an
    earlier window left open."""
    decoded = text.decode("latin-1") if isinstance(text, bytes) else text
    if carry is not None:
        for insert in [t for t in carry.open if isinstance(t, Insert) and t.resume is not None]:
            yield from _rows(text, decoded, insert, insert.resume or 0, carry)
    for at in sorted({i for places in standing for i in places}):
        head = pattern(_HEAD).match(decoded, at, at + 8192)
        if head is None:
            continue
        names = [c.strip(_NAME_QUOTES) for c in head["columns"].split(",")]
        secret = named(names)
        if secret:
            yield from _rows(text, decoded, Insert(len(names), secret, at), _skip(decoded, head.end()), carry)
