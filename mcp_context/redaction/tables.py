"""Credentials in the tables tools print: a row whose first cell names a secret and whose second cell is its value,
columns aligned by white space (``vault login``'s ``token    s.kX5...``) or drawn with bars (``│ DB_PASSWORD │ ...
│``, a Markdown or an ASCII table). The name sits apart from its value by more white space than an assignment
allows, so the names rule does not take such a row; a row is taken only as a whole line of two cells. (A table of more
columns under a header that names a secret's column is columns.py's.)"""

from __future__ import annotations

import re
from typing import Any

from .generic import NAMED_ANCHORS, password_name, secret_name
from .values import ascii_of, plausible_value, random_run, random_signs

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
