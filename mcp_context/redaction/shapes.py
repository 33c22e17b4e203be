"""Credentials known by the shape of the place they stand in, whatever tool or file holds them: a password given
to a command's short flag (``-p``, ``-a``, ``-w``: a database client's, a cache's, a directory's), the last
field of a line of colon-separated connection fields (``host:port:db:user:password``, as libpq's ``.pgpass``
and the files modelled on it hold them), and a key given as the user of basic credentials with no password
(``-u KEY:``, the way many HTTP APIs take a key). Each is a pattern, to find the place, and a judgement in Python
of the value: the same flags and lines carry ports, widths and names far more often than passwords."""

from __future__ import annotations

import re
from typing import Any

from . import generic
from .generic import ascii_of, plausible_value, random_run

#: Characters of a value given on a command line or in a field: no white space, quote, backslash (a JSON
#: escape), shell operator, nor anything outside ASCII (spelled so that rules.py can write it for bytes).
_NOT_ASCII = r"\x80-\U0010ffff"
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


#: A URL's query parameter that signs the URL (``X-Amz-Signature=``, ``X-Goog-Signature=``, ``Signature=``): who
#: holds the URL holds the access it grants, so the signature is a secret wherever the URL is written down. Found
#: from the word; that it is a query parameter is judged from what stands before it (see signed_url).
SIGNATURE = r"(?i:signature)=(?P<secret>[A-Za-z0-9%+/=_.\-]{16,2048})(?![A-Za-z0-9%+/=_.\-])"
SIGNATURE_ANCHORS = ("signature=",)
_PARAMETER_BEFORE = re.compile(r"[?&;][A-Za-z0-9_\-]{0,32}\Z")
_PARAMETER_BEFORE_BYTES = re.compile(_PARAMETER_BEFORE.pattern.encode())


def signed_url(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the signature is a query parameter's (``?...&X-Amz-Signature=``), not a word in prose or code."""
    before = text[max(0, match.start() - 34) : match.start()]
    if isinstance(before, bytes):
        found = _PARAMETER_BEFORE_BYTES.search(before) is not None
    else:
        found = _PARAMETER_BEFORE.search(before) is not None
    return found and not ascii_of(match.group("secret")).isdigit()


#: Words of a name that say its value is a session's: a session id is a bearer credential (``PHPSESSID``,
#: ``_gitlab_session``, ``sessionid``, ``connect.sid``).
_SESSION = re.compile(r"(?i:sess|(?<![A-Za-z])sid(?![a-z]))")


def _credential_name(name: str, value: str) -> bool:
    """Whether a value given ``name`` (a cookie's, a pair's) is a credential: the name says secret and the value is
    one, or the name says session and the value is random, or the value is random whatever the name."""
    if generic.secret_name(name):
        return generic.plausible_value(value, generic.password_name(name))
    random = any(random_run(run) for run in _SEGMENT.findall(value))
    return random and (generic.plausible_value(value, False) or _SESSION.search(name) is not None)


_SEGMENT = re.compile(r"[A-Za-z0-9]{16,}")

#: A line of a cookie jar (Netscape's format, as curl and browsers' exports write it): domain, subdomains flag,
#: path, secure flag, expiry, name and value, tab-separated (the tabs JSON-escaped too, a file inside a JSON
#: document); found from the first flag.
COOKIE_JAR = (
    r"(?P<tab>\t|\\t)(?:TRUE|FALSE)(?P=tab)[^\t\n\\]{1,1024}(?P=tab)(?:TRUE|FALSE)(?P=tab)\d{1,20}(?P=tab)"
    r"(?P<name>[^\t\n\\]{1,256})(?P=tab)(?P<secret>[^\s\\]{6,2048})"
)
COOKIE_JAR_ANCHORS = ("\tTRUE\t", "\tFALSE\t", "\\tTRUE\\t", "\\tFALSE\\t")


def cookie_line(match: re.Match[Any], text: str | bytes) -> bool:
    return _credential_name(ascii_of(match.group("name")), ascii_of(match.group("secret")))


#: A ``Cookie:`` or ``Set-Cookie:`` header (or a value given a name ``cookie``): its pairs, to the end of the line
#: or the quote, taken whole when one of them is a credential (see cookie_header).
COOKIE_HEADER = (
    r"(?i:cookie)\\{0,8}[\"']?[ \t]{0,4}[:=][ \t]{0,4}\\{0,8}[\"']?"
    rf"(?P<secret>[^\n\r\"'\\{_NOT_ASCII}]{{6,4000}}?)(?=\\{{0,8}}[\"']|\r?\n|\\[rn]|$)"
)
COOKIE_HEADER_ANCHORS = ("cookie",)
_PAIR = re.compile(r"([A-Za-z0-9_.\-]{1,128})=([^;\s]{6,4000})")


def cookie_header(match: re.Match[Any], text: str | bytes) -> bool:
    return any(_credential_name(name, value) for name, value in _PAIR.findall(ascii_of(match.group("secret"))))


#: A value given in a pair of a name and a value (``{"name": "DB_PASSWORD", "value": "..."}`` in an ECS task,
#: a HAR file's headers and cookies, ``- name: API_TOKEN`` / ``value: ...`` in a Kubernetes env list, a Postman
#: ``{"key": "token", "value": ...}``): found from ``value``, the name read back (see pair_value).
PAIR_VALUE = (
    r"(?i:value)\\{0,8}[\"']?[ \t]{0,4}[:=][ \t]{0,4}\\{0,8}(?P<q>[\"']?)"
    r"(?P<secret>(?<=[\"'])[^\s\"'`\[\]\\\x80-\U0010ffff]{6,2048}|[^\s\"'`,;{}()\[\]<>\\\x80-\U0010ffff]{6,2048})"
    r"(?=\\{0,8}[\"']|[\s,;}\]]|\\|$)"
)
PAIR_VALUE_ANCHORS = ("value",)
_NAME_BEFORE = re.compile(
    r"(?i:name|key)\\{0,8}[\"']?[ \t]{0,4}[:=][ \t]{0,4}\\{0,8}[\"']?(?P<name>[A-Za-z0-9_.\-]{1,48})\\{0,8}[\"']?"
    r"[ \t]{0,4}(?:,[ \t]{0,16}|\r?\n[ \t\-]{0,16}|\\n[ \t\-]{0,16})\\{0,8}[\"']?\Z"
)
_NAME_BEFORE_BYTES = re.compile(_NAME_BEFORE.pattern.encode())


def pair_value(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the name of the pair (read up to 64 characters back) says the value is a credential."""
    before = text[max(0, match.start() - 64) : match.start()]
    found = _NAME_BEFORE_BYTES.search(before) if isinstance(before, bytes) else _NAME_BEFORE.search(before)
    return found is not None and _credential_name(ascii_of(found.group("name")), ascii_of(match.group("secret")))


#: SQL's ``IDENTIFIED BY 'password'`` (MySQL, Oracle, Snowflake): the password a statement sets.
IDENTIFIED_BY = (
    r"(?i:identified[ \t]{1,8}by)[ \t]{1,8}"
    rf"(?P<q>['\"]?)(?P<secret>(?<=['\"])[^'\"\n\\{_NOT_ASCII}]{{1,256}}(?=['\"])|{_ARG}{{8,256}})"
)
IDENTIFIED_BY_ANCHORS = ("identified",)


def identified_by(match: re.Match[Any], text: str | bytes) -> bool:
    return generic.plausible_value(ascii_of(match.group("secret")), True)
