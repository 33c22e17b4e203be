"""Credentials written in the shapes of particular files and printouts rather than under a secret's name: a
``user = "name:password"`` line of a client's configuration (curl's ``.curlrc``, a proxy's ``proxy-user``), Go's
MySQL data source (``user:password@tcp(host:3306)/db``), a debugger's print of a structure whose field names a
secret (``password = 0x55d0c3a1e2e0 "pw"``), and a symmetric key file's line (chrony's and ntpd's ``1 SHA1
HEX:9281d0...``), the entries of an INI section named for credentials (CouchDB's ``[admins]``, a ``[secrets]``
section), an environment file's line (``.env``, an INI's ``Name=value``), its value to the line's end, a header
given as a name and a value (a HAR file's ``{"name": "authorization", "value": "..."}``, a pair in code), and a
network device's secret in the clear (Cisco's ``secret 0 pw``, Junos' ``plain-text-password-value pw``).
Each is a pattern, to find the place, and a judgement of the value where the place alone does not make it a
secret."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from . import generic
from .columns import Carry, spanning
from .compiled import pattern
from .generic import secret_name
from .values import ascii_of, password_like, plausible_value, random_run

#: A value's characters: no white space, quote, backslash (a JSON escape) or control character.
_VALUE = r"""[^\s"'`\\\x00-\x1f\x7f]"""

#: A password stored in the clear under a scheme's name (Dovecot's ``{PLAIN}pw``, ``{CLEARTEXT}``), in a passwd-like
#: file's line or a tool's output.
PLAIN_SCHEME = r"\{(?:PLAIN|CLEARTEXT|CLEAR|PLAIN-TRUNC)\}(?P<secret>[^\s:\"'\\\[][^\s:\"'\\]{3,255})"
PLAIN_SCHEME_ANCHORS = ("{PLAIN}", "{CLEARTEXT}", "{CLEAR}", "{PLAIN-TRUNC}")


#: A client's ``user`` setting that holds ``name:password`` (curl's ``-u`` spelled in its config file).
USER_LINE = (
    r"(?:(?<![^\s_-])|(?<=\\[nrt]))(?i:user)[ \t]{0,8}[=:][ \t]{0,8}(?P<q>(?:\\?[\"'])?)[^\s:\"'@\\]{1,64}:"
    rf"(?P<secret>{_VALUE}{{6,256}})(?P=q)[ \t]{{0,8}}(?=\r?\n|\\n|$)"
)
USER_LINE_ANCHORS = ("user", "User", "USER")


def user_line(match: re.Match[Any], text: str | bytes) -> bool:
    """The password part is given: no reference (``$PASS``, ``${X}``) nor placeholder."""
    value = ascii_of(match.group("secret"))
    return value[0] not in "$%{<" and password_like(value, quoted=True)


#: A password flag and its value as two items of an argv list (``["psexec", "-u", "admin", "-p", "pw"]``,
#: ``"--password", "pw"``), in a JSON string too.
ARGV_PAIR = (
    r"(?P<f>\\?[\"'])(?:-p|-P|--password|--passwd|--pass)(?P=f)[ \t]{0,4},[ \t]{0,4}"
    rf"(?P<q>\\?[\"'])(?P<secret>{_VALUE}{{6,256}})(?P=q)"
)
ARGV_PAIR_ANCHORS = tuple(  # each flag with its dash: an anchor no case-blind rule names (see anchors.py)
    f"{flag}{quote}" for flag in ("-p", "-P", "-pass", "-passwd", "-password") for quote in ('"', "'", '\\"')
)


def argv_pair(match: re.Match[Any], text: str | bytes) -> bool:
    """The value is given: no reference nor placeholder, made as a password (three kinds of character)."""
    value = ascii_of(match.group("secret"))
    return value[0] not in "$%{<" and password_like(value, quoted=True)


#: Go's MySQL driver's data source: ``user:password@tcp(host:port)/db`` (also ``unix(`` and ``udp(``).
GO_DSN = r"(?<![\w.-])[\w.-]{1,64}:(?P<secret>[^\s\"'@/]{4,256})@(?:tcp|unix|udp)\("
GO_DSN_ANCHORS = ("@tcp(", "@unix(", "@udp(")
GO_DSN_BACK = 330

#: A debugger's print of a field that holds a C string: its name, its address, the text (``password = 0x55d0
#: "pw"``, as gdb prints a struct).
PRINTED_FIELD = (
    r"(?P<name>[A-Za-z_][A-Za-z0-9_]{0,63}) = 0x[0-9a-f]{4,16} "
    rf"(?P<q>\\?\")(?P<secret>{_VALUE}{{6,256}})(?P=q)"
)
PRINTED_FIELD_ANCHORS = (" = 0x",)


def printed_field(match: re.Match[Any], text: str | bytes) -> bool:
    """The field's name says it holds a secret (``password``, ``api_key``), and the text is not a reference."""
    value = ascii_of(match.group("secret"))
    return secret_name(ascii_of(match.group("name"))) and value[0] not in "$%{<"


#: A symmetric key file's line: the key's number, its type, and the key (chrony's ``1 SHA1 HEX:9281d0...``, ntpd's
#: ``10 SHA1 ace1aa...``, also ``ASCII:`` or a bare ASCII key), as chrony.keys and ntp.keys hold them.
KEY_FILE_LINE = (
    r"(?:(?<=\n)|(?<=\\n)|(?<![\s\S]))"
    r"(?i:[ \t]{0,8}\d{1,5}[ \t]{1,8}(?:MD5|SHA1?|SHA256|SHA384|SHA512|AES128CMAC|AES256CMAC|M)[ \t]{1,8})"
    rf"(?:HEX:|ASCII:)?(?P<secret>{_VALUE}{{8,128}})[ \t]{{0,8}}(?=\r?\n|\\n|$)"
)
KEY_FILE_LINE_ANCHORS = (" SHA1 ", " MD5 ", " SHA256 ", " AES128CMAC ", "\tSHA1\t", " SHA512 ")
KEY_FILE_LINE_BACK = 16


#: A line of an environment file (``.env``, ``export NAME=value``), whose value runs to the line's end (or to the
#: next assignment on it) whatever signs it holds (``SECRET_KEY=django-insecure-x#4)3491&*3q``: a shell would
#: refuse it, a dotenv reader takes it whole): found from a secret word in capitals and ``=``, the line read back
#: to its start (see env_line).
ENV_LINE = (
    r"(?:PASSWORD|PASSWD|PASS|PWD|PASSPHRASE|SECRET|TOKEN|KEY|KEY_BASE|AUTH|CREDENTIALS|[Pp]assw(?:or)?d|[Ss]ecret)="
    r"(?P<secret>[^\s\"'`\\\x80-\U0010ffff]{8,512})(?=[ \t]{0,16}(?:\r?\n|\\[rn]|$)|[ \t]{1,4}[A-Z][A-Z0-9_]{0,63}=)"
)
ENV_LINE_ANCHORS = tuple(
    f"{w}="
    for w in (
        "PASSWORD",
        "PASSWD",
        "PASS",
        "PWD",
        "PASSPHRASE",
        "SECRET",
        "TOKEN",
        "KEY",
        "KEY_BASE",
        "AUTH",
        "CREDENTIALS",
        *(f"{c}{w}" for c in "Pp" for w in ("assword", "asswd")),
        "Secret",
        "secret",
    )
)
#: The start of the line before the secret word (or of a string holding the line): ``export`` or not, then the
#: name's first words; or the start of one of several assignments on a line after those before it (systemd's
#: ``Environment=A=x B=y``, as ``systemctl show -p Environment`` prints them), each value to the white space before
#: the next name.
_ENV_NAME = re.compile(r"(?:\n|\\n|\")[ \t]{0,8}(?:export[ \t]{1,4})?(?P<name>[A-Za-z0-9_]{0,64})\Z")
#: How far back the line start is looked for first (the name's first words).
_ENV_NEAR = 80
_ENV_CHAIN = re.compile(
    r"(?:\n|\\n|\")[ \t]{0,8}(?:[A-Za-z][A-Za-z0-9_]{0,63}=)?"
    r"(?:[A-Z][A-Z0-9_]{0,63}=[^\s\"'`\\]{0,256}[ \t]{1,4}){1,16}(?P<name>[A-Za-z0-9_]{0,64})\Z"
)
#: How far before its secret word an assignment's line is read back (several may stand before it; a stream keeps
#: 256 bytes before a window).
_ENV_BACK = 240


def env_line(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the name starts its line, the whole of it says secret, and the value is one (no reference)."""
    start = match.start()
    before = text[max(0, start - _ENV_BACK) : start]
    line = before.decode("utf-8", "ignore") if isinstance(before, bytes) else before
    found = _ENV_NAME.search(("\n" if start <= _ENV_NEAR else "") + line[-_ENV_NEAR:])
    if found is None and "=" in line[-_ENV_NEAR:]:  # one of several assignments on its line, after the others
        found = _ENV_CHAIN.search(("\n" if start <= _ENV_BACK else "") + line)
    if found is None:
        return False
    whole = ascii_of(match.group())
    name = found.group("name") + whole[: whole.index("=")]
    value = ascii_of(match.group("secret"))
    if not name.isupper():  # an INI's or a .env's ``MicrosoftAppPassword=``, also code's: a value made as a password
        return generic.secret_name(name) and password_like(value, quoted=True)
    return generic.secret_name(name) and plausible_value(value, generic.password_name(name))


#: An INI section whose entries are credentials by the section's name: CouchDB's ``[admins]`` (a user and the
#: password), ``[passwords]``, ``[secrets]``, ``[credentials]``, NetworkManager's ``[vpn-secrets]``.
SECTION_ANCHORS = ("[admins]", "[passwords]", "[secrets]", "[credentials]", "[vpn-secrets]", "[tokens]")
#: How far past its section's line an entry is read (a match runs from the section's line to the value).
_SECTION_MOST = 3000
#: An entry of a section (``name = value``), a comment or a blank line; anything else (a new section) ends it.
_ENTRY = (
    # a value's quotes may be escaped (the file inside a JSON string): they are the value's, as they are in the text
    r"[ \t]{0,8}(?:(?P<name>[A-Za-z0-9_.@\-]{1,64})[ \t]{0,8}=[ \t]{0,8}"
    r"(?P<value>(?:\\{1,8}[\"']|[^\s\\]){1,512})[ \t]{0,8}"
    r"|[;#](?:[^\n\\]|\\[^n]){0,512}|)"
    r"(?:\r?\n|\\n|\Z)"
)
_RUN = r"[A-Za-z0-9]{12,}"
_SECTION_END = r"[ \t]*(?:\r?\n|\\n)"


def section_values(text: str | bytes, standing: list[list[int]], carry: Carry | None) -> Iterator[re.Match[Any]]:
    """Each entry's value under a section named for credentials, to the section's end: a password made as one
    (three kinds of character) or a random value; a hash CouchDB wrote back (``-pbkdf2-...``) too, which is
    as good as the password to one who can try words against it."""
    decoded = text.decode("latin-1") if isinstance(text, bytes) else text
    for at in sorted({i for places in standing for i in places}):
        if at > 0 and decoded[at - 1] not in ("\n", '"') and decoded[max(0, at - 2) : at] != "\\n":
            continue  # a section's name starts its line (or the string that holds the file)
        end = decoded.find("]", at) + 1
        line_end = pattern(_SECTION_END).match(decoded, end)
        if line_end is None:
            continue
        pos = line_end.end()
        while pos < min(len(decoded), at + _SECTION_MOST):
            entry = pattern(_ENTRY).match(decoded, pos)
            if entry is None or entry.end() == pos:
                break
            value = entry["value"]
            if value is not None and (
                password_like(value, quoted=True) or any(random_run(r) for r in pattern(_RUN).findall(value))
            ):
                match = spanning(text, at, entry.start("value"), entry.end("value"))
                if match is not None:
                    yield match
            pos = entry.end()


#: A network device's secret given in the clear: Cisco's type 0 (``username u secret 0 pw``, a TACACS+ server's ``key
#: 0 v``) and type 7, which anyone can reverse, and Junos' ``plain-text-password-value pw``; the value to the line's
#: end, or to the quote a logged command ends at.
DEVICE_SECRET = (
    r"(?:(?<![A-Za-z0-9_\-])(?:secret|password|key|key-string)[ \t]{1,4}[07]|plain-text-password-value)[ \t]{1,4}"
    r"(?P<secret>[^\s\"'\\]{4,128})(?=[ \t]{0,8}(?:\r?\n|\\[rn]|['\"]|$))"
)
DEVICE_SECRET_ANCHORS = (
    *(f"{w} {t} " for w in ("secret", "password", "key", "key-string") for t in "07"),
    "plain-text-password-value",
)
