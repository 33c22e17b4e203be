"""Credentials in the rows of an SQL ``INSERT`` whose column list names a secret's column (``INSERT INTO users (id,
email, password) VALUES (...), (...)``, as a dump, a migration or a log of queries holds it): each row's value in
that column, however many rows follow.

The column list stands before the rows, a row's value may stand a stream's windows after it, so the rows are walked
in Python from the statement (see columns, which does the same for tables): each row is read as SQL spells it (a
quoted literal with its quotes doubled or escaped, a number, ``NULL``, a call), and each match spans its row from the
row's ``(`` to the value, so no window is cut between them. A stream's window whose statement runs on past its cut
hands it to the next, which walks on from the first row that starts at or after the cut.

Rows given with no column list (``INSERT INTO `t` VALUES (...)``, as mysqldump and sqlite3's ``.dump`` write them)
are read under the table's definition before them (``CREATE TABLE `t` (...)``), as far as a stream's window keeps
from it: each match spans from the definition, so the two are never cut apart."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from .columns import Carry, Open, named, row_secrets, spanning, value_is_secret
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


#: A table's definition, up to its column list's opening parenthesis (a dump's ``CREATE TABLE `t` (``, sqlite3's
#: ``.dump``).
_CREATE = (
    r"(?i:create)[ \t]+(?i:table)[ \t]+(?:(?i:if)[ \t]+(?i:not)[ \t]+(?i:exists)[ \t]+)?"
    r"(?P<name>[^\s(]{1,128})(?:\s|\\[nrt]){0,8}\("
)
CREATE_ANCHORS = ("create table",)
#: What a definition's item starts with when it is a constraint or an index, not a column.
_NOT_COLUMNS = frozenset("primary unique key index constraint foreign check fulltext spatial exclude".split())
#: A statement that gives a table's rows without a column list (``INSERT INTO `t` VALUES (...)``).
_BARE_INSERT = (
    r"(?i:insert(?:[ \t]+(?i:ignore))?|replace)[ \t]+(?i:into)(?:\s|\\[nrt])+(?P<name>[^\s(]{1,128})"
    r"(?:\s|\\[nrt]){1,8}(?i:values)"
)
#: How far from a definition's start its rows' secrets are read: every match spans from the definition (so a
#: stream's window is never cut between the two), and no match is longer than a stream's window keeps
#: (rules.LONGEST, 4,096).
_DEFINED_MOST = 4000


def _columns(decoded: str, at: int) -> list[str] | None:
    """The column names of the definition whose list opens at ``at`` (its ``(``), None where it does not close
    within what is read."""
    depth, i, start, items = 0, at, at + 1, []
    end = min(len(decoded), at + _DEFINED_MOST)
    while i < end:
        c = decoded[i]
        if c in "'\"`" and decoded.find(c, i + 1, end) > i:
            i = decoded.find(c, i + 1, end)
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                items.append(decoded[start:i])
                break
        elif c == "," and depth == 1:
            items.append(decoded[start:i])
            start = i + 1
        i += 1
    else:
        return None
    names = []
    for item in items:
        words = item.replace("\\n", " ").replace("\\t", " ").split()
        if words and words[0].lower() not in _NOT_COLUMNS:
            names.append(words[0].strip(_NAME_QUOTES + "\\"))
    return names


def _same_table(a: str, b: str) -> bool:
    return a.strip(_NAME_QUOTES + "\\").lower() == b.strip(_NAME_QUOTES + "\\").lower()


def defined_rows(text: str | bytes, standing: list[list[int]], carry: Carry | None) -> Iterator[re.Match[Any]]:
    """The secrets of the rows given without a column list to a table whose definition before them names a
    secret's column (a dump's ``CREATE TABLE`` and ``INSERT INTO t VALUES (...)``), as far as _DEFINED_MOST from
    the definition: each match spans from the definition to the value."""
    decoded = text.decode("latin-1") if isinstance(text, bytes) else text
    for at in sorted({i for places in standing for i in places}):
        head = pattern(_CREATE).match(decoded, at, at + 512)
        names = None if head is None else _columns(decoded, head.end() - 1)
        secret = named(names) if names else None
        if head is None or not names or not secret:
            continue
        bound = min(len(decoded), at + _DEFINED_MOST)
        statement = pattern(_BARE_INSERT).search(decoded, head.end(), bound)
        while statement is not None:
            if _same_table(statement["name"], head["name"]):
                yield from _defined_row_secrets(
                    text, decoded, at, _skip(decoded, statement.end()), bound, names, secret
                )
            statement = pattern(_BARE_INSERT).search(decoded, statement.end(), bound)


def _defined_row_secrets(
    text: str | bytes, decoded: str, defined: int, at: int, bound: int, names: list[str], secret: dict[int, bool]
) -> Iterator[re.Match[Any]]:
    """The secrets of one statement's rows from ``at``, each a match from the definition at ``defined``."""
    while at < bound:
        row = _row(decoded[at:bound], 0)
        if row is None:
            return
        spans, end = row
        if len(spans) == len(names):
            for k, password in secret.items():
                a, b = spans[k]
                if value_is_secret(decoded[at + a : at + b], password):
                    match = spanning(text, defined, at + a, at + b)
                    if match is not None:
                        yield match
        at = _skip(decoded, at + end)
        if decoded[at : at + 1] != ",":
            return
        at = _skip(decoded, at + 1)
