"""Credentials in the tables tools print: a row whose first cell names a secret and whose second cell is its value,
columns aligned by white space (``vault login``'s ``token    s.kX5...``) or drawn with bars (``│ DB_PASSWORD │ ...
│``, a Markdown or an ASCII table). The name sits apart from its value by more white space than an assignment
allows, so the names rule does not take such a row; a row is taken only as a whole line of two cells. And a table of
more columns under a header that names a secret's column (psql's and mysql's results, Markdown), its first data row's
cell in that column."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

from .generic import NAMED_ANCHORS, password_name, secret_name
from .values import ascii_of, password_like, plausible_value, random_run, random_signs

#: A cell's bar: ``|``, a character drawn outside ASCII (``│``: up to three bytes in a stream; a class of every
#: character but ASCII's others, so that it reads alike as text and as bytes), or a JSON escape of a box-drawing one
#: (``\u2502``). Which one it is is judged in Python, so that a text and a stream of it take the same rows.
_SEP = r"(?:[^\x00-\x7b\x7d-\x7f]{1,3}|\\u25[0-7][0-9a-fA-F])"
#: From where a secret's word of the row's name stands: the rest of the name, a bar or two spaces and more, the value
#: (a cell of no white space, bar or quote), and the end of the line, after a closing bar.
TABLE_ROW = (
    r"(?=(?i:pass|pwd|secret|token|key|auth|cred|sig|psk))(?P<rest>[A-Za-z0-9_.\-]{0,40}+)"
    rf"(?P<sep>[ \t]{{0,16}}{_SEP}[ \t]{{0,16}}|[ \t]{{2,64}})"
    r"(?P<secret>[^\s|\\\"'`\x80-\U0010ffff]{6,512})"
    rf"(?P<end>[ \t]{{0,16}}(?:{_SEP}[ \t]{{0,16}})?)(?=\r?\n|\\[rn]|$)"
)
TABLE_ROW_ANCHORS = NAMED_ANCHORS
#: Before the name on its line: nothing but white space and an opening bar.
_LEAD = re.compile(
    r"(?:^|\n|\\n)[ \t]*(?P<bar>\\u25[0-7][0-9a-fA-F]|[^\sA-Za-z0-9_.\\-]?)[ \t]*(?P<head>[A-Za-z0-9_.\-]*)\Z"
)
_BACK = 64
_RANDOM = re.compile(r"[A-Za-z0-9]{10,}")
_ESCAPED = re.compile(r"\\u(25[0-7][0-9a-fA-F])")


def _text(part: str | bytes) -> str:
    return part.decode("utf-8", "replace") if isinstance(part, bytes) else part


def _bar(part: str) -> bool:
    """Nothing, or one bar (``|`` or a box-drawing character, also as a JSON escape), between white space."""
    drawn = _ESCAPED.sub(lambda m: chr(int(m[1], 16)), part.strip())
    return not drawn or drawn == "|" or (len(drawn) == 1 and "\u2500" <= drawn <= "\u257f")


def table_row(match: re.Match[Any], text: str | bytes) -> bool:
    """A row of two cells whose name says secret and whose value is one."""
    start = match.start()
    lead = _LEAD.search(_text(text[max(0, start - _BACK) : start]))
    if lead is None or (lead.start() == 0 and start > _BACK) or not _bar(lead["bar"]):
        return False
    if not (_bar(_text(match.group("sep"))) and _bar(_text(match.group("end")))):
        return False
    name = lead["head"] + ascii_of(match.group("rest"))
    if not secret_name(name):
        return False
    value = ascii_of(match.group("secret"))
    password = password_name(name)
    # a password may be a person's choice; any other secret's value is random (a column of words is no secret)
    if not plausible_value(value, password):
        return False
    return password or any(random_run(r, 10) for r in _RANDOM.findall(value)) or random_signs(value)


#: The most columns before a table's secret column that the column rules read (one rule a column).
COLUMNS = 8
#: From an anchor in a table's separator line (``----+----``, ``+----+----+``, ``|---|:--|``): the rest of that line and
#: the first data row, whose cell in the column ``k`` is the value (see column_pattern): a query's result as psql and
#: mysql print it, a Markdown table. The line's start and the header above it are read back by the judgement, so a
#: line of dashes costs one try at each anchor, not one at each place it could start.
_SEPARATOR_REST = r"[-=:+| \t]{0,480}+(?:\r?\n|\\n)"
_ROW_LEAD = r"[ \t]{0,8}\|?"
_CELL = r"[^|\n\\]{0,128}\|"
_VALUE = r"[ \t]{0,64}`?(?P<secret>[^|\s\\`][^|\n\\`]{0,255}?)`?[ \t]{0,64}(?=\||\r?\n|\\[rn]|$)"
#: Not ``|--`` nor ``+--``: a tree's branches (``|-- src``) stand every line of a listing, and each would cost a try of
#: every column's rule.
COLUMN_ANCHORS = ("-+-", "|---", "| ---", "|:--", "| :--")
#: How far before a match its separator line's start and the header line are read.
COLUMN_BACK = 240
_LINE_BREAK = re.compile(r"\r?\n|\\n")
_PLACED = re.compile(r"\[secret:[a-z_]+:[0-9a-f]{4}\]")
_SEPARATOR_HEAD = re.compile(r"[ \t]{0,8}[-=:+| \t]{0,240}")


@functools.lru_cache(maxsize=256)
def _columns(header: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """A header line's cells and those that name a secret, worked out once for the rules of every column (each is
    tried at the same separator line); none for a line with no bar, a placeholder's words naming no column."""
    header = _PLACED.sub(" ", header)
    if "|" not in header:
        return (), ()
    cells = tuple(c.strip() for c in header.strip().strip("|").split("|"))
    return cells, tuple(i for i, c in enumerate(cells) if secret_name(c))


def column_pattern(k: int) -> str:
    """The rest of the separator line and the first data row's cell in column ``k`` (from 0)."""
    return _SEPARATOR_REST + _ROW_LEAD + _CELL * k + _VALUE


def column_value(k: int) -> Callable[[re.Match[Any], str | bytes], bool]:
    """The judgement of a match of column_pattern(k): the separator line is one from its start (dashes, ``+``,
    ``|``, three dashes in a row), the header line above it is a row of cells between bars and names a secret in
    column ``k`` (its only such cell; a placeholder there names none), and the value is one (a password's, or
    random)."""

    def judge(match: re.Match[Any], text: str | bytes) -> bool:
        start = match.start()
        lines = _LINE_BREAK.split(_text(text[max(0, start - COLUMN_BACK) : start]))
        separator = lines[-1] + _LINE_BREAK.split(ascii_of(match.group()), maxsplit=1)[0]
        if len(lines) < 2 or _SEPARATOR_HEAD.fullmatch(lines[-1]) is None or "---" not in separator:
            return False
        cells, named = _columns(lines[-2])
        if named != (k,):
            return False
        value = ascii_of(match.group("secret"))
        if not plausible_value(value, password_name(cells[k])):
            return False
        # a cell is text of any kind (``(hidden)``, a note): a password made as one, or a random value
        return (
            (password_name(cells[k]) and password_like(value, quoted=True))
            or any(random_run(r, 10) for r in _RANDOM.findall(value))
            or random_signs(value)
        )

    return judge
