"""Secrets as data stores print them, where the name a value is given stands in a syntax of the store's own: an
attribute under its type (DynamoDB's JSON, ``"apiSecret": {"S": "..."}``, as ``aws dynamodb scan`` prints it and
``put-item`` takes it), and a reply that lists a hash's fields and values on lines of their own, numbered
(``redis-cli``'s ``HGETALL``: ``5) "refresh_token"`` then ``6) "..."``). Each found from the store's mark, the name
read around it: a value is taken when that name says secret (a store's other fields hold ids and hashes as random as
a token)."""

from __future__ import annotations

import re
from typing import Any

from .generic import password_name, secret_name
from .pairs import object_name
from .shapes import PAIR_BACK
from .values import ascii_of, plausible_value

#: A typed attribute's value: a string's (``S``) or binary data's (``B``, base64), the type's name quoted as the
#: object's first field (escaped too: the item inside a JSON string or a shell's quotes).
TYPED = (
    r"\\{0,8}\"[SB]\\{0,8}\"[ \t]{0,4}:[ \t]{0,4}(?P<q>\\{0,8}\")"
    r"(?P<secret>[^\s\"\\\x80-\U0010ffff]{6,2048})(?P=q)"
)
TYPED_ANCHORS = ('"S"', '"B"', '\\"S\\"', '\\"B\\"')


def typed(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the attribute the typed value is given (the object it opens) is named for a credential."""
    name = object_name(text[max(0, match.start() - PAIR_BACK) : match.start()])
    return name is not None and _named_secret(name, ascii_of(match.group("secret")))


#: A numbered reply's line holding a field's name and the next line its value, found from the number's ``) ``: the
#: name and the value quoted alike, the next number on the next line.
REPLY = (
    r"\)[ \t](?P<nq>\\{0,8}\")(?P<name>[A-Za-z0-9_.:\-]{1,128})(?P=nq)(?:\r?\n|(?:\\r)?\\n)"
    r"[ \t]{0,8}\d{1,6}\)[ \t](?P<q>\\{0,8}\")(?P<secret>[^\s\"\\\x80-\U0010ffff]{6,2048})(?P=q)"
    r"(?=[ \t]*(?:\r?\n|\\[rn]|\\?\"|$))"
)
REPLY_ANCHORS = (') "', ') \\"')
#: What stands before a reply's ``)``: its number, alone on its line (``redis-cli`` pads it to the widest).
_NUMBER_BEFORE = re.compile(r"(?:^|\n|\\n)[ \t]{0,8}\d{1,6}\Z")
_NUMBER_BEFORE_BYTES = re.compile(_NUMBER_BEFORE.pattern.encode())


def reply(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the ``)`` ends a reply's number at a line's start, and the field's name says the value is a
    credential."""
    before = text[max(0, match.start() - 20) : match.start()]
    pattern: Any = _NUMBER_BEFORE_BYTES if isinstance(before, bytes) else _NUMBER_BEFORE
    if pattern.search(before) is None:
        return False
    return _named_secret(ascii_of(match.group("name")), ascii_of(match.group("secret")))


def _named_secret(name: str, value: str) -> bool:
    return secret_name(name) and plausible_value(value, password_name(name))
