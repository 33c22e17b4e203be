"""Passwords told rather than configured: a login and its password given together in a message (``user deploy,
pass v``, ``login: ops / password: v``), a login and a password written ``name / password`` where the talk is of a
password (a chat's reply to "what's the password?"), and the answer an automation gives to a password prompt it
is keyed by (``{"^SSH password:\\s*$": "v"}``, pexpect's ``events``, ansible-runner's ``env/passwords``). Each is a
pattern, to find the place, and a judgement in Python: the value must be made as a password (three kinds of
character, or random), as a word or a name in a sentence never is."""

from __future__ import annotations

import re
from typing import Any

from .values import ascii_of, password_like, plausible_value

#: A password after its word, a login before it (read back by told_pair): ``pass v``, ``password: v`` (as a person
#: writes it: ``=`` is a setting's, which the names rules read). Here and in a slash pair the value may end where
#: markup goes on (a chat's HTML export: ``admin / v</div>``).
TOLD_PAIR = (
    r"(?i:passw(?:or)?d|pass|pwd?)[ \t]{0,2}[:=]?[ \t]{1,4}(?P<q>(?:\\{0,8}[\"'`])?)"
    r"(?P<secret>[^\s\"'`\\\x80-\U0010ffff]{6,128}?)(?P=q)[.,;!)]?(?=\s|\\[nrt\"]|[\"'<]|$)"
)
TOLD_PAIR_ANCHORS = tuple(f"{w}{s}" for w in ("pass", "password", "passwd", "pw", "pwd") for s in (" ", ":"))
#: A login given just before: ``user x,``, ``username: x /``, ``login x;``, or quoted (fdm's ``user "x" pass "pw"``).
_LOGIN_BEFORE = re.compile(
    r"(?i:\b(?:user(?:name)?|login))[ \t]{0,2}[:=]?[ \t]{1,4}"
    r"(?:[^\s,;/\"'\\]{1,64}[ \t]{0,2}[,;/|][ \t]{0,4}|\\{0,8}(?P<lq>[\"'])[^\"'\n\\]{1,64}\\{0,8}(?P=lq)[ \t]{1,4})\Z"
)


def told_pair(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the value is made as a password (judged first: it seldom is) and a login is given just before."""
    if not password_like(ascii_of(match.group("secret")), quoted=bool(match.group("q"))):
        return False
    part = text[max(0, match.start() - 96) : match.start()]
    before = part.decode("latin-1") if isinstance(part, bytes) else part
    return _LOGIN_BEFORE.search(before) is not None


#: ``login / password``: a word, a slash between spaces, and what is made as a password (see slash_pair).
SLASH_PAIR = r" / (?P<secret>[^\s\"'`\\\x80-\U0010ffff]{8,128}?)[.,;!)]?(?=\s|\\[nrt\"]|[\"'<]|$)"
SLASH_PAIR_ANCHORS = (" / ",)
#: The login before the slash: one word of a user name's characters, at a message's start or after white space.
_LOGIN = re.compile(r"(?:^|(?<=[\s\"'`>:]))[A-Za-z][A-Za-z0-9._\-]{1,31}\Z")
#: How far before the pair the talk is read for a password's word (a stream keeps 256 bytes before a window).
_TALK_BACK = 240
_TALK = re.compile(r"(?i)passw|\bcreds\b|credentials|\blogin\b")


def slash_pair(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the value is made as a password (judged first: a divisor in code seldom is), a login stands before
    the slash, and the talk before names a password."""
    if not password_like(ascii_of(match.group("secret"))):
        return False
    part = text[max(0, match.start() - _TALK_BACK) : match.start()]
    before = part.decode("latin-1") if isinstance(part, bytes) else part
    login = _LOGIN.search(before, max(0, len(before) - 40))
    return login is not None and _TALK.search(before, 0, login.start()) is not None


#: A prompt's text ending a quoted key, a password's word in it, and the answer in quotes (``"^BECOME
#: password.*:\\s*?$": "v"``, ``'Enter passphrase': 'v'``, a tuple's ``("password:", "v")``). A prompt is words,
#: a colon, a question mark and a pattern's signs; its backslashes escaped or not; the answer may end with the
#: ``\\n`` that sends it.
PROMPT_ANSWER = (
    r"(?i:passw(?:or)?d|passphrase|passcode)(?P<prompt>(?:[^\"'\n\\\x80-\U0010ffff]|\\{1,8}(?!n)[^\"'\\\x80-\U0010ffff]){0,48})\\{0,8}[\"']"
    r"[ \t]{0,4}(?::|=>|,)[ \t]{0,4}(?P<q>\\{0,8}[\"'])"
    r"(?P<secret>[^\"'\\\s\x80-\U0010ffff][^\"'\\\n\x80-\U0010ffff]{5,255})(?:\\{1,8}[nr])?(?P=q)"
)
PROMPT_ANSWER_ANCHORS = ("passw", "passphrase", "passcode")
#: The key's start before the word: its quote, then a prompt's first words (``^BECOME ``, ``(?i)enter ``).
_KEY_START = re.compile(r"(?:(?<![A-Za-z0-9_])|(?<=\\[nt]))\\{0,8}[\"'][\^(?i)\[\]A-Za-z \t]{0,32}\Z")


#: A pattern's end after a prompt's colon: white space (``\\s*``, escaped or not), ``?``, ``$``, ``.*``.
_PATTERN_END = re.compile(r"(?:\\+s|[ \t*+$)]|\.\*|\*\?)*\Z")


def prompt_answer(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the key is a prompt (it ends with a colon, a question mark or a pattern's end) and the answer a
    password, not a reference."""
    value = ascii_of(match.group("secret"))
    prompt = _PATTERN_END.sub("", ascii_of(match.group("prompt")))
    asked = prompt.endswith(":") or (prompt.endswith("?") and not prompt.endswith("*?"))
    if not asked or value[0] in "${%<" or not plausible_value(value, True):
        return False
    part = text[max(0, match.start() - 40) : match.start()]
    before = part.decode("latin-1") if isinstance(part, bytes) else part
    return _KEY_START.search(before) is not None


#: A dialogue's answer to a password question, echoed as typed: a setup script's question with its default in
#: brackets (``SMTP password? [pa$$word]: v``), an installer's ``Password [changeme]: v`` (a default's brackets and a
#: colon, never a placeholder's: ``-password [secret:...] host``); the answer to the line's end.
DIALOGUE = (
    r"(?i:passw(?:or)?d|passphrase)[ \t]{0,2}(?:\?(?:[ \t]{0,4}(?:\[(?!secret:)[^\]\n\\]{0,64}\]))?[ \t]{0,4}:?"
    r"|(?:\[(?!secret:)[^\]\n\\]{0,64}\])[ \t]{0,4}:)[ \t]{1,4}"
    r"(?P<secret>[^\s\"'`\\\x80-\U0010ffff]{6,128})[ \t]{0,8}(?=\r?\n|\\[rn]|$)"
)
DIALOGUE_ANCHORS = tuple(f"{w}{s}" for w in ("password", "passwd", "passphrase") for s in ("?", " ?", " [", "["))
#: A console's question and its answer on the next line after ``>`` (Symfony's ``Password:`` over `` > pw``).
CONSOLE_ANSWER = (
    r"(?i:passw(?:or)?d|passphrase)[ \t]{0,2}(?:\[[^\]\n\\]{0,64}\])?[ \t]{0,2}[:?][ \t]{0,4}(?:\r?\n|\\n)"
    r"[ \t]{0,8}>[ \t]{1,4}(?P<secret>[^\s\"'`\\\x80-\U0010ffff]{6,128})[ \t]{0,8}(?=\r?\n|\\[rn]|$)"
)
CONSOLE_ANSWER_ANCHORS = ("password:", "passwd:", "passphrase:", "password?", "passwd?", "passphrase?")
