"""What a value given a secret's name, a flag or a place is made of: whether it is a placeholder or a reference
rather than a value, whether it is random (a run of letters and digits that changes class as a random string does,
letters alone in many short words, every printable character), whether it is made as a password (three kinds of
character, an app password's groups). The rules find where a value stands; these judge what stands there."""

from __future__ import annotations

import math
import re
import string
from collections import Counter
from typing import Any

#: Words as code joins them, for judging letters alone (see random_letters).
_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
#: A run of letters and digits long enough to be a token's random part.
_SEGMENT = re.compile(r"[A-Za-z0-9]{16,}")
_HEX = frozenset("0123456789abcdefABCDEF")

#: Values that stand for a secret rather than being one.
_PLACEHOLDERS = frozenset(
    "null none nil true false undefined changeme change_me password secret redacted hidden example dummy test "
    "your_token your_key your_password todo tbd xxx".split()
)
_LETTERS_ONLY = re.compile(r"[A-Za-z_.:\-]+")
#: What joins the random letters of a generated password (``aZuFxheA_GZuAusvUWGps``): judged without them.
_JOINERS = re.compile(r"[_.:\-]")
#: A value that refers to another rather than being one (not a crypt string or Junos' reversible ``$9$...``):
#: ``$VAR``, ``%(name)s``, ``%VAR%``, ``#{x}``, ``@var``,
#: ``&anchor``, ``*alias``, an HTML entity (``&lt;password&gt;``); a sign before what is no word (``#Bmhpf*vv...``)
#: starts a password.
_REFERENCE = re.compile(
    r"\$(?!(?:[1569]|2[aby]|y)\$[A-Za-z0-9./\-]{8})|[%#@*&](?:[({\[%#@*&]|[A-Za-z0-9_.\-]*%?\Z)|%s|&#?[A-Za-z0-9]{2,8};"
)
_FILE_LIKE = re.compile(r"(?:\.{0,2}/|~/|[A-Za-z]:\\).*|.*\.(?:pem|key|crt|cer|p12|pfx|json|ya?ml|txt|env|jks|der)")


def entropy(value: str) -> float:
    """Shannon entropy of the value's characters, in bits per character."""
    counts = Counter(value)
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


_DIGITS_KEY = 20


def plausible_value(value: str, password: bool) -> bool:
    """Whether a value given a secret's name is one: not a placeholder, a reference (``$VAR``, ``${{ secrets.X
    }}``, ``os.environ``), a path, a URL or a bare word; a password (a person's choice) needs 8 characters and a
    digit or a sign, anything else 10 characters, a letter and a digit or both cases, and some entropy. Letters
    alone are a word unless they hold a random run (a token of letters only: ``api_org_yWwtdFNsRfUvfNsPDZ...``),
    are random letters (random_letters) or, for a password, four words or more (``willow-juniper-canyon-quarry``, an
    app password's ``hllf-qnja-ucul-anbh``). Digits alone are a key only from 20 on."""
    low = value.lower()
    if (
        low in _PLACEHOLDERS
        or (value[0] in "$%#@*&" and _REFERENCE.match(value) is not None and not _random_after_sign(value))
        or "://" in value
        or len(set(value)) < 4
        or (
            _LETTERS_ONLY.fullmatch(value)
            and not any(random_run(run) for run in _SEGMENT.findall(value))
            and not random_letters(value)
            and not (password and _PASSPHRASE.fullmatch(value))
        )
        or _FILE_LIKE.fullmatch(value)
        or low.startswith(("your", "<", "xxxx"))
    ):
        return False
    if password:
        return len(value) >= 8
    if value.isdigit():  # a key of digits only (VBOUT's 25): longer than any id or timestamp in nanoseconds
        return len(value) >= _DIGITS_KEY and entropy(value) >= 2.7
    if len(value) < 10:
        return False
    letters = any(c.isalpha() for c in value)
    mixed = any(c.isupper() for c in value) and any(c.islower() for c in value)
    return letters and (any(c.isdigit() for c in value) or mixed) and entropy(value) >= 3.0


#: A passphrase of words: four or more, of three to eight lower-case letters, joined by dashes (a diceware
#: passphrase, an app password in groups); not by ``_`` or ``.``, which join the words of code's names
#: (``call_assertion_pass_hook``, ``self.ssl_keyfile_password``), nor holding a word that names a secret
#: (``db-admin-password-ref``: a name of one).
_PASSPHRASE = re.compile(r"(?![a-z-]*(?:pass|secret|token|key|cred|auth))[a-z]{3,8}(?:-[a-z]{3,8}){3,11}")


def _random_after_sign(value: str) -> bool:
    """Whether a value led by a sign that starts a reference (``*alias``, ``@var``, ``&anchor``) is random after it:
    a password that starts with the sign (``*gQzl6repQSe1CKfAxgVB...``), not a name, nor hex after it (MySQL's
    ``*6BB4837E...``, a password's hash)."""
    if value[0] == "$":
        return _REFERENCE.match(value) is None  # $9$, $6$: a secret's or a hash's crypt string
    return any(random_run(run) and not set(run) <= _HEX for run in _SEGMENT.findall(value))


def random_letters(value: str) -> bool:
    """Whether a value of letters alone (too short or too plain for random_run) is random: mixed case that splits
    into many words of one or two letters (``RVwfPWJqUk``, ``WkLxRKClwB``), where names split into words of
    three and more (``MySecretKey``, ``iPhoneXsMax``, ``XMLHttpRequest``), its letters spread as a random string's;
    judged without what joins them (``aZuFxheA_GZuAusvUWGps``, a generated password's groups)."""
    value = _JOINERS.sub("", value)
    if len(value) < 10 or not value.isalpha() or value.isupper() or value.islower() or not value.isascii():
        return False
    parts = _WORD.findall(value)
    spread = entropy(value) >= 0.85 * math.log2(min(len(value), 52))
    return len(parts) >= 4 and len(value) <= 2.6 * len(parts) and spread


#: Signs that count as a class of their own in a password; ``_ - . / : , = @`` are left out, as names, paths,
#: addresses and options (``user@host1``, ``8080:80``, ``key=value``) hold them.
_SIGNS = frozenset("!#$%^&*+?~")


def password_like(value: str, quoted: bool = False) -> bool:
    """Whether a value given to a short flag (or standing where a password does) is a password rather than a
    port, a width, a name or a path: no path, option, reference, URL or assignment (``name=x``; a ``=`` elsewhere
    is a sign of the password's, base64's padding, and any ``=`` in a quoted literal is the literal's); and three
    of lower case, upper case, digits and signs (``utngmb7080NWUT!``), or a random run of letters and digits (a
    generated password)."""
    if (
        value[0] in "-$%{"
        or "/" in value
        or (not quoted and _ASSIGNMENT.match(value) is not None)
        or value.isdigit()
        or not plausible_value(value, True)
    ):
        return False
    classes = (
        any(c.islower() for c in value),
        any(c.isupper() for c in value),
        any(c.isdigit() for c in value),
        any(c in _SIGNS for c in value),
    )
    return (
        sum(classes) >= 3
        or any(random_run(run, 12) for run in _RUN12.findall(value))
        or _APP_PASSWORD.fullmatch(value) is not None
    )


_RUN12 = re.compile(r"[A-Za-z0-9]{12,}")
#: An app-specific password as Apple and Google issue them: four groups of four lower-case letters (dashes between,
#: or, Google's, spaces).
_APP_PASSWORD = re.compile(r"[a-z]{4}([- ])[a-z]{4}\1[a-z]{4}\1[a-z]{4}")
#: An assignment as options spell one: a name in one case (``name=x``, ``KEY=x``), not letters of a password
#: before its ``=`` (``GyP=+r+HEL!...``).
_ASSIGNMENT = re.compile(r"[a-z_][a-z0-9_.\-]*=|[A-Z_][A-Z0-9_.\-]*=")


def url_password(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether a URL's password is one: not a placeholder (``apt:pass@`` in a manual) nor a reference
    (``${DB_PASSWORD}``, ``%(password)s``)."""
    value = ascii_of(match.group("secret"))
    reference = value[0] in "${<" or (value[0] == "%" and _PERCENT_ESCAPE.match(value) is None)
    return value.lower() not in _PLACEHOLDERS and value.lower() not in ("pass", "pwd", "pw") and not reference


#: A percent-encoded character (``%2B``): a password encoded for a URL, not a reference (``%(password)s``).
_PERCENT_ESCAPE = re.compile(r"%[0-9A-Fa-f]{2}")


def random_run(run: str, shortest: int = 16) -> bool:
    """Whether a run of letters and digits is random: it changes between lower case, upper case and digits as
    often as a random string does (a quarter of its neighbours at least, with digits in it; nearly half, in
    mixed case without digits), which a word or an identifier (``arg2node2fixturedefs``, ``getElementById``)
    never does, and has enough entropy; a hex run needs 32 characters (a shorter one is more often a short
    digest)."""
    if len(run) < shortest or (len(run) < 32 and set(run) <= _HEX):  # the cheap refusals first: ids are hex
        return False
    digits = sum(map(str.isdigit, run))
    if digits == len(run):
        return False
    changes = sum(_CLASS.get(a, 3) != _CLASS.get(b, 3) for a, b in zip(run, run[1:], strict=False))
    least = 0.25 if digits >= 2 else 0.45 if not (run.islower() or run.isupper()) else 2.0
    bits = entropy(run)
    # a long run whose characters are spread as a random string's (4.5 bits each: no word or identifier of 32
    # letters has so many different ones) is random even when its classes change a little less often than a
    # quarter of the time, as one random string in several of lower case and digits does
    if len(run) >= 32 and digits >= 4 and bits >= 4.5:
        least = min(least, 0.18)
    return changes >= max(4, least * len(run)) and bits >= 3.3


def random_signs(value: str) -> bool:
    """Whether a value is random over letters, digits and signs alike (a salt or a key drawn from every printable
    character: ``ZE>~J9G?qXPK3YB...``), whose runs of letters and digits are too short to judge: 32 characters
    or more, all four classes, signs of six kinds or more, 4.5 bits a character."""
    signs = {c for c in value if not c.isalnum()}
    return (
        len(value) >= 32
        and len(signs) >= 6
        and any(c.isdigit() for c in value)
        and any(c.islower() for c in value)
        and any(c.isupper() for c in value)
        and entropy(value) >= 4.5
    )


_CLASS = {c: 0 if c.isdigit() else 1 if c.islower() else 2 for c in string.ascii_letters + string.digits}


def ascii_of(value: str | bytes) -> str:
    """A match's group as text (a stream's bytes are ASCII where a rule judges them)."""
    return value.decode("ascii") if isinstance(value, bytes) else value


#: The digits of hex, either case.
HEX_DIGITS = frozenset("0123456789abcdefABCDEF")
#: A key in hex, undashed, of one case (judged apart: hex alone is a digest's or an id's as often).
PLAIN_HEX = re.compile(r"[0-9a-f]{32,128}|[0-9A-F]{32,128}")


def keyed_random(value: str) -> bool:
    """Whether a value given a key's name is random: a run of letters and digits as :func:`random_run` judges one, a
    value random over signs too, or a long run of one case and digits spread nearly as a random one is (a key's
    name says what the value is, so its bar is lower than a bare string's)."""
    return (
        any(random_run(run) for run in _SEGMENT.findall(value))
        or random_signs(value)
        or any(_nearly_random(run) for run in _LONG_RUN.findall(value))
        or ("-" in value and _random_joined(value.replace("-", "")))  # its dashed groups joined (``EK-0IkR3-...``)
    )


def _random_joined(joined: str) -> bool:
    """A value's groups joined, random; hex in groups is a UUID's kin, judged with the name's words (see generic).
    Only dashes join: dots and underscores join an identifier's parts (``ed25519.Ed25519PrivateKey``)."""
    return len(joined) >= 18 and joined.isalnum() and not PLAIN_HEX.fullmatch(joined) and random_run(joined)


_LONG_RUN = re.compile(r"[a-z0-9]{32,}|[A-Z0-9]{32,}")


def _nearly_random(run: str) -> bool:
    """A run of 32 or more of one case and digits, four digits at least, 4 bits a character: a vendor's key drawn
    from ``[a-z0-9]`` that a word or a name joined of words never is."""
    digits = sum(map(str.isdigit, run))
    return 4 <= digits < len(run) - 8 and entropy(run) >= 4.0
