"""Tokens found by their shape rather than by a name or a vendor's prefix: a short prefix and a long random tail
(``abc_9fK2...``), whoever issued it, and a random value a few words after a word that says secret in prose or a
log line. Each is a pattern, to find the candidate, and a judgement in Python of the value (is the tail random, is
it an id's or a digest's), which a pattern cannot make."""

from __future__ import annotations

import re
from typing import Any

from .values import ascii_of, entropy, random_run

_SEGMENT = re.compile(r"[A-Za-z0-9]{16,}")
_HEX = frozenset("0123456789abcdefABCDEF")

#: Prefixes of a digest or an id, not of a credential: ``sha256-...`` in a lockfile, ``req-<uuid>`` in a log.
_NOT_TOKEN_PREFIXES = frozenset(
    """sha sha1 sha224 sha256 sha384 sha512 md5 blake2b blake2s blake3 xxh64 crc32 hash digest commit rev ref git
    build cache id uuid guid etag checksum node v req request trace span session msg message run job task toolu call
    chatcmpl resp thread asst file batch evt cus ch pi pm in sub price prod txn acct seti src""".split()
)
#: A prefix is a word: lower-case or upper-case letters (and digits), as vendors spell them (``glpat``, ``FLWSECK``),
#: not the start of a random string that happens to hold a separator (``aZ3k_...`` in a base64url digest).
_PREFIX = re.compile(r"[a-z][a-z0-9]*|[A-Z][A-Z0-9]*")
#: A digest's algorithm (or a lockfile's integrity) named just before: what follows is a hash.
_DIGEST_BEFORE = re.compile(
    r"(?i:sha\d{0,3}|md5|blake2[bs]|blake3|xxh\d*|crc32|digest|hash|integrity|checksum)[\"']?\s{0,2}[=:,\-]\s{0,2}[\"']?$"
)
_DIGEST_BEFORE_BYTES = re.compile(_DIGEST_BEFORE.pattern.encode())
#: A key that names an identifier just before the value (``"id": "``, ``"tool_call_id":"``, ``callId=``, a JSON
#: escape's quotes too): hosts and frameworks make ids of a prefix and a random tail, a token's shape.
_ID_BEFORE = re.compile(r"""(?:(?:\A|[^A-Za-z0-9])[iI][dD]|[a-z](?:Id|ID))\\?["']?[ \t]{0,4}[:=][ \t]{0,4}\\?["']?\Z""")
_ID_BEFORE_BYTES = re.compile(_ID_BEFORE.pattern.encode())
#: A UUID or a date anywhere in a tail makes it an id or a file's name (a log's, a transcript's), not a token.
_ID_OR_DATE = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-|\d{4}-\d\d-\d\d|\d{8}T\d")
_SEPARATORS = re.compile(r"[_\-.~]")
#: Prefixes that say a token follows, which may be a UUID with a word or two before it.
_SECRET_PREFIXES = frozenset("pat sdk key secret token access api apikey auth sk".split())
_UUID_TAIL = re.compile(
    r"(?:[A-Za-z0-9]{1,16}-){0,2}[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
)


def random_tail(prefix: str, tail: str, separator: str = "_") -> bool:
    """Whether ``prefix`` + a separator + ``tail`` looks like a vendor's token: a prefix that is no digest's or
    id's (``~`` never follows a digest's name: ``sha256~...`` is a token), no UUID or date in the tail, and a run
    of 16 letters and digits in it that is random (see random_run): words and identifiers joined by separators
    (``draft-ietf-http-v10-spec``) are not. Also a token: a prefix that says secret before a UUID
    (``pat-na1-<uuid>``, ``sdk-<uuid>``); a key printed in groups (``A3-L6Z64A-6N2TA24Q74S-0FQYD-...``), random
    once joined; and 16 or more hex digits after an upper-case prefix (``NRJS-b4be81c3...``), which a digest's
    prefix never is."""
    if not _PREFIX.fullmatch(prefix) or (prefix.lower() in _NOT_TOKEN_PREFIXES and separator != "~"):
        return False
    if _ID_OR_DATE.search(prefix + separator + tail):
        return prefix.lower() in _SECRET_PREFIXES and _UUID_TAIL.fullmatch(tail) is not None
    if any(random_run(run) for run in _SEGMENT.findall(tail)):
        return True
    groups = _SEPARATORS.split(tail)
    joined = "".join(groups)
    if len(groups) >= 3 and all(4 <= len(g) <= 16 for g in groups) and (joined.isupper() or joined.islower()):
        return random_run(joined)
    # a short random tail cut by a separator or two (``glsoat-XfUy-30joyBXHmL2xisW``): random once joined, with
    # digits in it and a part of 12 or more
    if len(groups) <= 3 and max(len(g) for g in groups) >= 12 and any(c.isdigit() for c in joined):
        if joined.isalnum() and random_run(joined):
            return True
    hex_run = len(prefix) >= 3 and prefix.isupper() and len(tail) >= 16 and set(tail) <= _HEX
    return hex_run and entropy(tail) >= 3.3


def uuid_token(value: str) -> bool:
    """Whether a value is a UUID, or one after a word or two (``nz-<uuid>``): many services issue keys so."""
    return _UUID_TAIL.fullmatch(value) is not None


#: A token made of a short prefix and a long tail, found from its separator: ``_ - . ~`` followed by 15 of a
#: token's characters, where letters and digits alternate twice early on (as in a random string, and rarely in
#: an identifier: each hit costs a try of the rule, and code is full of ``_`` and ``.``), then tried from the
#: start of the word. Its runs are possessive: letters, digits and the letter after them are told apart by class,
#: so no run taken shorter could match, and an identifier fails without giving its letters back one at a time.
SHAPED_SCAN = r"[_\-.~](?=[A-Za-z0-9_\-.~]{15})(?:[A-Za-z_\-.~]{0,24}+\d{1,12}+[A-Za-z]){2}"
SHAPED = (
    r"(?:(?<![A-Za-z0-9_\-.~\\])|(?<=\\[nrt]))(?P<secret>(?P<prefix>[A-Za-z][A-Za-z0-9]{0,11})[_\-.~]"
    r"(?P<tail>[A-Za-z0-9_\-.~]{14,511}(?:[+/][A-Za-z0-9_\-.~+/]{1,511})?[A-Za-z0-9_\-]={0,2}))"
    r"(?![A-Za-z0-9_\-~]|\.[A-Za-z0-9])"
)
#: How far before the scan's hit the token starts at most (a stream keeps 64 bytes before a window).
SHAPED_BACK = 56


def shaped_token(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the match is a token (see random_tail) and no digest (``sha256=...`` before it)."""
    separator = ascii_of(text[match.end("prefix") : match.end("prefix") + 1])
    if not random_tail(ascii_of(match.group("prefix")), ascii_of(match.group("tail")), separator):
        return False
    before = text[max(0, match.start() - 24) : match.start()]
    if isinstance(before, bytes):
        return _DIGEST_BEFORE_BYTES.search(before) is None and _ID_BEFORE_BYTES.search(before) is None
    return _DIGEST_BEFORE.search(before) is None and _ID_BEFORE.search(before) is None


#: A random value a few words after a word that says secret, in prose or a log line: "using credentials
#: <value>", "the api key is <value>", "token for upload: <value>"; its quote escaped too (inside a JSON string).
NEARBY = (
    r"(?i:cred|secret|token|passw|passp|key)[A-Za-z]{0,10}(?:[ \t]{1,4}[A-Za-z]{1,12}){0,5}"
    r",?[ \t]{1,4}(?:[:=][ \t]{0,4})?(?P<q>(?:\\{0,8}[\"'`])?)(?P<secret>[A-Za-z0-9_\-.~+/=]{20,512})"
    r"(?=[\"'`]|[\s,;)\]}]|\\|$)"
)
NEARBY_ANCHORS = ("cred", "secret", "token", "passw", "passp", "key")

#: A random value alone on the line after one that names a secret and ends with a colon, a blank line between or
#: not: an installer's banner ("Please use the following password to proceed to installation:"), a command's
#: report ("Your new API token:").
NEXT_LINE = (
    r"(?i:passw(?:or)?d|passphrase|secret|token|key)[^\n:\\]{0,80}:[ \t]{0,16}(?:\r?\n|\\n)"
    r"(?:[ \t]{0,16}(?:\r?\n|\\n))?[ \t]{0,16}(?P<secret>[^\s\"'`\\]{16,512})[ \t]{0,16}(?=\r?\n|\\[rn]|$)"
)
#: A password's word wherever it stands ("the following password to proceed:"); the others only right before the
#: colon ("Your new API token:", "the following key:"): they stand every few lines of code.
NEXT_LINE_ANCHORS = ("passw", "passphrase:", "secret:", "token:", "key:")
#: Words of the line that say what follows is public or a digest (``The key fingerprint is:``, ``Public key:``).
_PUBLIC = re.compile(r"(?i)public|fingerprint|\bid\b|hash|digest|checksum|sha\d|md5|randomart")


def next_line(match: re.Match[Any], text: str | bytes) -> bool:
    value = ascii_of(match.group("secret"))
    before = text[max(0, match.start() - 80) : match.start()]
    start = before.decode("ascii", "ignore") if isinstance(before, bytes) else before
    line = re.split(r"\n|\\n", start)[-1] + ascii_of(match.group()).split(":", 1)[0]
    if "://" in value or value[0] in "/~." or _PUBLIC.search(line):
        return False
    return any(random_run(run) for run in _LONG_RUN16.findall(value))


_LONG_RUN16 = re.compile(r"[A-Za-z0-9]{16,}")


def nearby_value(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the value is random (a long run of letters and digits that changes class as a random string does,
    not only hex digits: a digest near the word "key" is common in logs), and no URL or path."""
    value = ascii_of(match.group("secret"))
    if "://" in value or value.startswith(("/", "./", "~/")):
        return False
    return any(random_run(run, 20) and not set(run) <= _HEX for run in _LONG_RUN.findall(value))


_LONG_RUN = re.compile(r"[A-Za-z0-9]{20,}")


#: A password a line reports after a colon, a few words after the password's word ("admin password for the smoke
#: test: v", "Generated password: v", "password for the elastic built-in superuser is : v", "password for the
#: [admin] user: v"): the value ends the line, or the string the line is in (a chat's message in JSON), made as a
#: password (see commands.made_password).
REPORTED = (
    r"(?i:passw(?:or)?d|passphrase|passcode)(?:[ \t]{1,4}(?:[A-Za-z][A-Za-z\-]{0,15}|\[[A-Za-z0-9_.\-]{1,32}\])){0,7}"
    r"[ \t]{0,4}:[ \t]{1,4}"
    r"(?P<q>(?:\\{0,8}[\"'`])?)(?P<secret>[^\s\"'`\\\x80-\U0010ffff]{8,128})(?P=q)[ \t]{0,4}"
    r"(?=\r?\n|\\[rn]|$|(?<![\"'`])\\{0,8}\"[ \t]{0,4}(?:[,}\]\n]|\\n|$))"  # or the end of the string it is in
)
REPORTED_ANCHORS = ("passw", "passphrase", "passcode")


#: A password a message hands over in words, right after the words that say it is new (a ticket's note: "new
#: password quarryheron-7926* - please update", "temporary password is Xy9!..."): made as a password.
NEW_PASSWORD = (
    r"(?i:new|temporary|temp|initial|one-time|reset)[ \t]{1,4}(?i:password|passphrase|pw)(?:[ \t]{1,4}(?i:is|was))?"
    r"[ \t]{0,4}:?[ \t]{1,4}(?P<q>(?:\\{0,8}[\"'`])?)(?P<secret>[^\s\"'`\\\x80-\U0010ffff]{8,128}?)(?P=q)"
    r"(?=[\s,;)]|\\[nrt]|\\{0,8}\"|$|\.(?:\s|$))"
)
NEW_ANCHORS = ("new", "temporary", "temp ", "initial", "one-time", "reset")
