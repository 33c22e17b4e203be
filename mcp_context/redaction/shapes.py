"""Credentials known by the shape of the place they stand in, whatever tool or file holds them: a password given
to a command's short flag (``-p``, ``-a``, ``-w``: a database client's, a cache's, a directory's), the last
field of a line of colon-separated connection fields (``host:port:db:user:password``, as libpq's ``.pgpass``
and the files modelled on it hold them), and a key given as the user of basic credentials with no password
(``-u KEY:``, the way many HTTP APIs take a key). Each is a pattern, to find the place, and a judgement in Python
of the value: the same flags and lines carry ports, widths and names far more often than passwords."""

from __future__ import annotations

import re
from typing import Any

from .generic import ascii_of, plausible_value, random_run

#: Characters of a value given on a command line or in a field: no white space, quote, backslash (a JSON
#: escape), shell operator, nor anything outside ASCII (spelled so that rules.py can write it for bytes).
_ARG = r"""[^\s"'`\\<>|;&\x80-\U0010ffff]"""
#: Where a command-line value ends: white space, a shell operator, a JSON escape, the end.
_ARG_END = r"(?=[\s;|&)]|\\[nrt]|$)"

#: A short flag of the kind that takes a password (``-p``, ``-a``, ``-w``; ``-p`` also with the value attached,
#: ``-pS3cret!``), the value quoted or not; the flag a word of its own (not ``sha256=-p...``, a digest).
PASSWORD_FLAG = rf"(?<![^\s\"'])-(?:[paw][ \t]{{1,4}}|p)(?P<q>['\"]?)(?P<secret>{_ARG}{{8,256}})(?P=q){_ARG_END}"
PASSWORD_FLAG_ANCHORS = ("-p", "-a", "-w")

#: Signs that count as a class of their own in a password; ``_ - . / : , = @`` are left out, as names, paths,
#: addresses and options (``user@host1``, ``8080:80``, ``key=value``) hold them.
_SIGNS = frozenset("!#$%^&*+?~")


def password_like(value: str) -> bool:
    """Whether a value given to a short flag is a password rather than a port, a width, a name or a path: no
    path, option, reference or URL; and three of lower case, upper case, digits and signs (``utngmb7080NWUT!``),
    or a random run of letters and digits (a generated password)."""
    if value[0] in "-$%{" or "/" in value or "=" in value or value.isdigit() or not plausible_value(value, True):
        return False
    classes = (
        any(c.islower() for c in value),
        any(c.isupper() for c in value),
        any(c.isdigit() for c in value),
        any(c in _SIGNS for c in value),
    )
    return sum(classes) >= 3 or any(random_run(run, 12) for run in _RUN.findall(value))


_RUN = re.compile(r"[A-Za-z0-9]{12,}")


def password_flag(match: re.Match[Any], text: str | bytes) -> bool:
    """A password, and no shell expansion (``-a "X$flag"`` in a test): a password with a ``$`` is single-quoted."""
    value = ascii_of(match.group("secret"))
    return ("$" not in value or ascii_of(match.group("q")) == "'") and password_like(value)


#: A line of colon-separated fields, host (or ``*``), port (or ``*``), two more, and the password last, only as a
#: whole line.
COLON_FIELDS = (
    r"(?:(?:(?<![^\n])|(?<=\\n))[A-Za-z0-9.\-_]{1,253}|(?<=\*)(?<![^\n]\*)|(?<=\\n\*))"
    r":(?:\d{1,5}|\*):[^\s:\\]{1,128}:[^\s:\\]{1,128}:(?P<secret>[^\s\\]{1,256})(?=\r?\n|\\[rn]|$)"
)
#: Led by the colon (a literal: the fastest scan there is); a host of ``*`` is no word, so the rule is tried at
#: the colon itself, its pattern reading the ``*`` behind.
COLON_FIELDS_SCAN = r":(?:\d{1,5}|\*):[^\s:\\]{1,128}:[^\s:\\]{1,128}:[^\s:\\]"


def colon_fields(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the last field is a password: not a placeholder, a number, a path, a word alone."""
    value = ascii_of(match.group("secret"))
    return not value.isdigit() and "/" not in value and plausible_value(value, True)


#: ``-u KEY:`` / ``--user KEY:``: basic credentials whose user is the key and whose password is empty.
#: The quote may be a JSON escape's (a command inside a JSON string, as an archive stores it), and so may be what
#: follows the value's end.
USER_KEY = (
    rf"(?<![A-Za-z0-9_\-])(?:-u|--user)(?:[ \t]{{1,4}}|=)(?P<q>(?:\\?['\"])?)(?P<secret>{_ARG}{{10,256}}?):(?P=q)"
    r"""(?=[\s;|&)"']|\\[nrt"]|$)"""
)
USER_KEY_ANCHORS = ("-u", "--user")


def user_key(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the user is a key: random (a user name, ``deploy``, ``app_rw2``, is not)."""
    value = ascii_of(match.group("secret"))
    return (
        ":" not in value and plausible_value(value, False) and any(random_run(run, 12) for run in _RUN.findall(value))
    )
