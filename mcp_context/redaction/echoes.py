"""A secret a rule found once is a secret wherever the same text repeats it later: ``launchctl getenv`` printing what
``setenv`` set, a configuration dumped after the command line that gave its password, a token echoed in an error.
The later copies stand with no name or shape a rule could know them by, so each is replaced as the first was. Only
later ones: a stream cannot take back what it gave out before the first, and a text is redacted as its stream is."""

from __future__ import annotations

import re
from typing import Any, AnyStr

#: A value this short, or one with no digit and no sign, is too likely to stand in the text for other reasons (a
#: word, a name) to be replaced wherever it appears.
_SHORTEST = 10
_MARKED = re.compile(r"[\d!#$%^&*+/=?@~]")
_MARKED_BYTES = re.compile(_MARKED.pattern.encode())
#: The most values a stream remembers (the first found are kept: a long log repeats its own few).
MOST = 256


def worth_following(value: str | bytes) -> bool:
    """Whether a secret's value is long and marked enough to be looked for again, and not shaped as a name code
    qualifies (``ed25519.Ed25519PublicKey``): taken for a secret once, such a value would be taken everywhere the
    code names it again."""
    if len(value) < _SHORTEST:
        return False
    if isinstance(value, bytes):
        return _MARKED_BYTES.search(value) is not None and _QUALIFIED_BYTES.fullmatch(value) is None
    return _MARKED.search(value) is not None and _QUALIFIED.fullmatch(value) is None


#: A qualified name: identifiers joined by dots.
_QUALIFIED = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+")
_QUALIFIED_BYTES = re.compile(_QUALIFIED.pattern.encode())


def later(text: AnyStr, firsts: list[tuple[int, AnyStr]], start: int) -> list[tuple[int, int, AnyStr]]:
    """(start, end, value) of each copy of a value after where it was first found (``firsts``: that position and
    the value; a position before ``start`` for one found in what came before), at ``start`` or after."""
    out: list[tuple[int, int, AnyStr]] = []
    for found_at, value in firsts:
        at = text.find(value, max(start, found_at + 1))
        while at >= 0:
            out.append((at, at + len(value), value))
            at = text.find(value, at + len(value))
    return out


def copy_match(text: AnyStr, at: int, value: AnyStr) -> re.Match[Any]:
    """A match of ``value`` at ``at``, for the placeholder: the copy is replaced as its first was."""
    found = re.compile(re.escape(value)).match(text, at)
    assert found is not None  # the value was found there
    return found
