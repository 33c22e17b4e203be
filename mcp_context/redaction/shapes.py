"""Credentials known by the shape of the place they stand in, whatever tool or file holds them: a password given to a
command's short flag (``-p``, ``-a``, ``-w``: a database client's, a cache's, a directory's), the last field of a
line of colon-separated connection fields (``host:port:db:user:password``, as libpq's ``.pgpass`` and the files
modelled on it hold them), and a key given as the user of basic credentials with no password (``-u KEY:``, the way
many HTTP APIs take a key); a login that is an address followed by its password on a credentials line, a hook's URL,
an element named for a secret holding lines. Each is a pattern, to find the place, and a judgement in Python of the
value: the same flags and lines carry ports, widths and names far more often than passwords."""

from __future__ import annotations

import re
from typing import Any

from . import generic, shaped, values
from .values import HEX_DIGITS, ascii_of, password_like, plausible_value, random_letters, random_run

#: Characters of a value given on a command line or in a field: no white space, quote, backslash (a JSON
#: escape), shell operator, nor anything outside ASCII (spelled so that rules.py can write it for bytes).
_NOT_ASCII = r"\x80-\U0010ffff"
_ARG = r"""[^\s"'`\\<>|;&\x00-\x1f\x7f\x80-\U0010ffff]"""
#: Where a command-line value ends: white space, a shell operator, a JSON escape, the end.
_ARG_END = r"(?=[\s;|&)\"']|\\[nrt]|$)"

#: A short flag of the kind that takes a password (``-p``, ``-a``, ``-w``, ``-P``, ``-k``: openssl's and others' key
#: or pass phrase; ``-c``, ``-A``, ``-X``: an SNMP community and SNMPv3's pass phrases; ``-p`` also with the value
#: attached, ``-pS3cret!``), the value quoted or not; the flag a word of its own (not ``sha256=-p...``, a digest).
PASSWORD_FLAG = (  # the quote may be a JSON escape's (a command inside a JSON string)
    rf"(?<![^\s\"'])-(?:[pawPkcAX][ \t]{{1,4}}|p)(?P<q>(?:\\?['\"])?)(?P<secret>{_ARG}{{8,256}})(?P=q){_ARG_END}"
)
#: The flags added since (``-k``, ``-c``, ``-A``, ``-X``) with the white space they take after them: ``-c`` and ``-A``
#: alone stand in every other hyphenated word (``e-commerce``, ``X-Amz-Date``), each a try.
PASSWORD_FLAG_ANCHORS = ("-p", "-a", "-w", "-P", *(f"-{f}{s}" for f in "kcAX" for s in " \t"))


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


_RUN = re.compile(r"[A-Za-z0-9]{12,}")


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


def credential_name(name: str, value: str) -> bool:
    """Whether a value given ``name`` (a cookie's, a pair's) is a credential: the name says secret and the value is
    one, or the name says session and the value is random, or the value is random whatever the name."""
    if generic.secret_name(name):
        return values.plausible_value(value, generic.password_name(name))
    # a run of hex digits alone is a digest or an object id (a commit's) unless the name says session
    random = any(random_run(run) and not set(run) <= HEX_DIGITS for run in _SEGMENT.findall(value))
    session = _SESSION.search(name) is not None
    if session and not random:
        random = any(random_run(run) for run in _SEGMENT.findall(value))
    return random and (values.plausible_value(value, False) or session)


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
    return credential_name(ascii_of(match.group("name")), ascii_of(match.group("secret")))


#: A ``Cookie:`` or ``Set-Cookie:`` header (or a value given a name ``cookie``): its pairs, to the end of the line
#: or the quote, taken whole when one of them is a credential (see cookie_header).
COOKIE_HEADER = (
    r"(?i:cookie)\\{0,8}[\"']?[ \t]{0,4}[:=][ \t]{0,4}\\{0,8}[\"']?"
    rf"(?P<secret>[^\n\r\"'\\{_NOT_ASCII}]{{6,4000}}?)(?=\\{{0,8}}[\"']|\r?\n|\\[rn]|$)"
)
COOKIE_HEADER_ANCHORS = ("cookie",)
_PAIR = re.compile(r"([A-Za-z0-9_.\-]{1,128})=([^;\s]{6,4000})")


def cookie_header(match: re.Match[Any], text: str | bytes) -> bool:
    return any(credential_name(name, value) for name, value in _PAIR.findall(ascii_of(match.group("secret"))))


#: How far before a pair's value its name is read back (a stream keeps this much before a window).
PAIR_BACK = 240


def text_of(part: str | bytes) -> str:
    """What lies between a name and its value, as text (in a stream, bytes that may hold any UTF-8, or a
    character cut by the read-back)."""
    return part.decode("utf-8", "ignore") if isinstance(part, bytes) else part


#: SQL's ``IDENTIFIED BY 'password'`` (MySQL, Oracle, Snowflake, ClickHouse): the password a statement sets, also
#: with its quotes escaped in a JSON string (``IDENTIFIED BY \"pw\"``) and its spaces as a client's history file
#: writes them (``IDENTIFIED\040BY\040'pw'`` in ``~/.mysql_history``).
#: White space between a statement's words, or a history file's escape of a space (its backslash escaped in JSON).
_SP = r"(?:[ \t]|\\{1,2}040)"
IDENTIFIED_BY = (
    # MySQL's and ClickHouse's authentication plugin named between (``IDENTIFIED WITH sha256_password BY``)
    rf"(?i:identified(?:{_SP}{{1,8}}with{_SP}{{1,8}}\\{{0,8}}['\"`]?[A-Za-z0-9_]{{1,64}}\\{{0,8}}['\"`]?)?{_SP}{{1,8}}by)"
    rf"{_SP}{{1,8}}(?P<q>\\{{0,8}}['\"]?)(?P<secret>(?<=['\"])[^'\"\n\\{_NOT_ASCII}]{{1,256}}(?=\\{{0,8}}['\"])|{_ARG}{{8,256}})"
)
IDENTIFIED_BY_ANCHORS = ("identified",)


def identified_by(match: re.Match[Any], text: str | bytes) -> bool:
    return values.plausible_value(ascii_of(match.group("secret")), True)


#: A value given a name in a heredoc of one line (Terraform's ``password = <<-EOT``, YAML's block scalar
#: ``password: |``): the value on the next line, alone on it (a heredoc's tag on the line after).
HEREDOC = (
    r"[:=][ \t]{0,8}(?:<<[-~]?[ \t]{0,2}(?P<tq>['\"]?)(?P<tag>[A-Za-z_]{2,16})(?P=tq)|[|>][+\-]?)"
    r"[ \t]{0,8}(?:\r?\n|\\n)"
    rf"[ \t]{{0,16}}(?P<secret>[^\s\"'\\{_NOT_ASCII}]{{8,512}})[ \t]{{0,8}}"
    r"(?:(?:\r?\n|\\n)(?(tag)[ \t]{0,16}(?P=tag)(?![A-Za-z0-9_]))|$)"  # the end last: hyperscan runs it too
)
#: Found from the assignment: ``<<`` alone is a shift or an output stream's operator in most code.
HEREDOC_ANCHORS = ("= <<", "=<<", ": <<", ": |", ": >", "= |")
_HEREDOC_NAME = re.compile(r"(?P<name>[A-Za-z0-9_.\-]{1,64})[\"']?[ \t]{0,8}\Z")
_HEREDOC_NAME_BYTES = re.compile(_HEREDOC_NAME.pattern.encode())


def heredoc(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the name before the heredoc says secret and the one line in it is a value, not a word."""
    before = text[max(0, match.start() - 80) : match.start()]
    found = _HEREDOC_NAME_BYTES.search(before) if isinstance(before, bytes) else _HEREDOC_NAME.search(before)
    if found is None:
        return False
    name = ascii_of(found.group("name"))
    return generic.secret_name(name) and plausible_value(ascii_of(match.group("secret")), generic.password_name(name))


#: A default given in a block whose name says secret: Terraform's ``variable "db_password" { default = "..." }``,
#: a CloudFormation parameter's ``Default:``, a settings schema's ``default:``.
DEFAULT = (
    r"(?i:default)\\{0,8}[\"']?[ \t]{0,8}[:=][ \t]{0,8}(?P<q>(?:\\{0,8}[\"'])?)"
    rf"(?P<secret>(?<=[\"'])[^\s\"'`\\{_NOT_ASCII}]{{6,512}}|[^\s\"'`,;{{}}\\{_NOT_ASCII}]{{6,512}})"
    r"(?=\\{0,8}[\"']|[\s,;}]|\\|$)"
)
#: The word as an assignment's name (not ``defaults``, ``default_``, ``(default)``: code is full of them).
DEFAULT_ANCHORS = ("default ", "default\t", "default:", "default=", 'default"', "default'", 'default\\"')
#: A line that opens a block: a name, quoted or not (after ``variable``), then ``{`` or ``:`` ending the line.
_OPENER = re.compile(r"(?P<name>[A-Za-z0-9_.\-]{1,64})\\{0,8}[\"']?[ \t]{0,8}[{:][ \t]{0,8}(?=\r?\n|\\n)")
_OPENER_BYTES = re.compile(_OPENER.pattern.encode())
_NEWLINE = re.compile(r"\n|\\n")


def default_value(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the block the default stands in (opened at most six lines above, the nearest opener) is named for
    a secret."""
    value = ascii_of(match.group("secret"))
    if not plausible_value(value, True):  # no credential whatever its name: read no further
        return False
    before = text[max(0, match.start() - PAIR_BACK) : match.start()]
    opener: Any = _OPENER_BYTES if isinstance(before, bytes) else _OPENER
    openers = list(opener.finditer(before))
    if not openers:
        return False
    found = openers[-1]
    gap = text_of(before[found.end() :])
    if "{" in gap or "}" in gap or len(_NEWLINE.findall(gap)) > 6:
        return False
    name = ascii_of(found.group("name"))
    return generic.secret_name(name) and plausible_value(value, generic.password_name(name))


#: A PuTTY key file's private part: the base64 lines after ``Private-Lines: N``.
PUTTY = (
    r"Private-Lines:[ \t]{0,4}\d{1,3}[ \t]{0,4}(?:\r?\n|\\n)"
    r"(?P<secret>(?:[A-Za-z0-9+/=]{1,128}(?:\r?\n|\\n)){0,28}[A-Za-z0-9+/=]{1,128})(?=[ \t]*(?:\r?\n|\\n|$))"
)
PUTTY_ANCHORS = ("Private-Lines:",)


#: A login that is an address, then a colon and a password ending the line: a mail relay's map of logins
#: (Postfix's ``sasl_passwd``: ``[relay]:587 user@domain:pw``; Exim's ``passwd.client``: ``host:user@domain:pw``)
#: and the files of other tools that keep credentials one to a line. Found from the ``@`` (a literal: one fast
#: scan), where a host and a colon follow.
LOGIN_AT = (
    r"[A-Za-z0-9_.+\-]{1,64}@[A-Za-z0-9\-]{1,63}(?:\.[A-Za-z0-9\-]{1,63}){1,8}:"
    rf"(?P<secret>{_ARG}{{6,256}})(?=[ \t]*(?:\r?\n|\\[rn]|$))"
)
LOGIN_AT_SCAN = r"@[A-Za-z0-9\-]{1,63}(?:\.[A-Za-z0-9\-]{1,63}){1,8}:[^\s/:@\\]{6}"


def login_at(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether what follows the address is a password (made as one: three kinds of character, or random), not a
    path (``git@github.com:org/repo.git``), a port or a line number, a word or a second address."""
    value = ascii_of(match.group("secret"))
    return "@" not in value and ":" not in value and password_like(value)


#: A hook's URL, whose path is the key that lets anyone post to it (``https://hooks.<service>/hooks/catch/<id>/
#: <key>/``, ``https://hook.<region>.<service>/<key>``): found from a host named for hooks.
WEBHOOK = (
    r"https?://(?:web)?hooks?\.[A-Za-z0-9.\-]{1,128}(?::\d{1,5})?/(?P<secret>[A-Za-z0-9_\-./]{8,512}?)/?"
    r"(?=[\s\"'`<>)\],;?#]|\\|$)"
)
WEBHOOK_ANCHORS = ("://hooks.", "://hook.", "://webhooks.", "://webhook.")
_PATH_WORD = re.compile(r"[A-Za-z]+|v\d{1,3}")


def webhook(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the path carries a key: 12 characters or more in its parts from the first that holds a digit and
    is no version on (``/hooks/catch/1740303/95k1f7v``, an account's number and a key, which may be of letters
    alone; not ``/v1/events``)."""
    parts = [p for p in ascii_of(match.group("secret")).split("/") if p]
    first = next((i for i, p in enumerate(parts) if any(c.isdigit() for c in p) and not _PATH_WORD.fullmatch(p)), None)
    return first is not None and len("".join(parts[first:])) >= 12


#: An element named for a secret whose content stands on lines of its own: a VPN client's inline ``<auth-user-pass>``
#: (a user and a password), its ``<tls-auth>`` or ``<secret>`` key, a config's ``<credentials>`` block. Found from
#: the end of the opening tag's name (a rare string: a word and ``>``), the name read back (see block).
BLOCK = (
    r"(?:pass|auth|secret|creds|credentials|password|key)>[ \t]{0,8}(?:\r?\n|\\n)"
    r"(?P<secret>(?:[ \t]{0,16}[^<>\s\\][^<>\r\n\\]{0,127}(?:\r?\n|\\n)){1,24}?)[ \t]{0,16}"
    r"</(?P<close>[A-Za-z][A-Za-z0-9_.\-]{0,40})>"
)
BLOCK_ANCHORS = ("pass>", "auth>", "secret>", "creds>", "credentials>", "password>", "key>")
_OPEN_TAG = re.compile(r"<([A-Za-z][A-Za-z0-9_.\-]{0,40})\Z")
_OPEN_TAG_BYTES = re.compile(_OPEN_TAG.pattern.encode())


def block(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the element the match ends is the one it opens, its name says secret, and a line of its content
    is a value (not a placeholder or a reference)."""
    name_end = match.start() + match.group().index(b">" if isinstance(text, bytes) else ">")
    before = text[max(0, name_end - 42) : name_end]
    tag: Any = _OPEN_TAG_BYTES if isinstance(before, bytes) else _OPEN_TAG
    found = tag.search(before)
    if found is None:
        return False
    name = ascii_of(found.group(1))
    if name != ascii_of(match.group("close")) or not generic.secret_name(name):
        return False
    lines = [line.strip() for line in re.split(r"\r?\n|\\n", ascii_of(match.group("secret"))) if line.strip()]
    return any(plausible_value(line, generic.password_name(name)) for line in lines)


#: A password given to a flag named by its abbreviation (``-pw``, ``--pw``: PuTTY's tools, and others), quoted or
#: not; ``-pwd`` and ``--password`` are names the general rules read.
PW_FLAG = (
    rf"(?:(?<![^\s\"'])|(?<=[\s\"']-))-pw(?:[ \t]{{1,4}}|=)(?P<q>['\"]?)(?P<secret>{_ARG}{{6,256}})(?P=q){_ARG_END}"
)
PW_FLAG_ANCHORS = ("-pw ", "-pw=", "-pw\t")


def given(match: re.Match[Any], text: str | bytes) -> bool:
    """What a flag or a place that takes a password is given, whatever it is made of: no reference (``$VAR``,
    ``%s``, ``<password>``), option or placeholder."""
    value = ascii_of(match.group("secret"))
    return value[0] not in "$%{<-" and plausible_value(value, True)


#: A user and a password joined by a colon (or a comma, as lftp joins them), given to a flag that takes credentials:
#: ``-A user:pw`` (ApacheBench), ``-u``/``--user`` (lftp, etcdctl, any client that takes both), ``--auth``,
#: ``--basic-auth``, ``--http-auth``, ``--proxy-user``, ``--creds`` (``curl -u`` is read apart).
FLAG_PAIR = (
    r"(?:(?<![^\s\"'])-[Au]|--(?:auth|basic-auth|http-auth|proxy-user|proxy-auth|creds|credentials|user))"
    rf"(?:[ \t]{{1,4}}|=)(?P<q>['\"]?)[A-Za-z0-9_.@\\\-]{{1,64}}[:,](?P<secret>{_ARG}{{6,256}})(?P=q){_ARG_END}"
)
FLAG_PAIR_ANCHORS = (
    "-A ",
    "-u ",
    "--auth",
    "--basic-auth",
    "--http-auth",
    "--proxy-user",
    "--proxy-auth",
    "--creds",
    "--user",
)


def flag_pair(match: re.Match[Any], text: str | bytes) -> bool:
    """A password made as one (a ``-A`` is also a user agent's, a count's, an option's flag elsewhere)."""
    return password_like(ascii_of(match.group("secret")))


#: Bundler's credentials for a gem server, given in the environment under ``BUNDLE_`` and the server's host, its
#: dots doubled underscores (``BUNDLE_GEMS__EXAMPLE__COM="user:pw"``): any host, a user and a password or a token.
BUNDLER = (
    r"BUNDLE_(?:[A-Z0-9\-]{1,63}__){1,8}[A-Z]{2,24}(?![A-Za-z0-9_])\\{0,8}[\"']?[ \t]{0,4}[:=][ \t]{0,4}"
    r"(?P<q>(?:\\{0,8}[\"'])?)(?P<secret>[^\s\"'\\]{8,256}?)(?P=q)(?=[\s,;]|\\|$)"
)
BUNDLER_ANCHORS = ("BUNDLE_",)


def bundler(match: re.Match[Any], text: str | bytes) -> bool:
    """A password after the user (hex of 8 either side is a gem server's usual credential) or a token alone."""
    value = ascii_of(match.group("secret"))
    user, _, password = value.rpartition(":")
    if user:
        # no placeholder (a manual's ``username:password``)
        return password[0] not in "$%{<" and len(set(password)) >= 4 and plausible_value(password, True)
    return plausible_value(value, False)


#: A token as a part of a URL's path, after a part that says token (``/t/<token>/``: a package channel's, a
#: registry's; ``/token/<token>``) or that it is pinged (a cron monitor's ``/ping/<uuid>``, Healthchecks' and its
#: kind: whoever holds the URL reports the job): a prefix word or two and a UUID, or random.
PATH_TOKEN = r"/(?:t|token|tokens|ping)/(?P<secret>[A-Za-z0-9_\-]{20,256})(?=[/?#\s\"'<>]|\\|$)"
PATH_TOKEN_ANCHORS = ("/t/", "/token/", "/tokens/", "/ping/")


def path_token(match: re.Match[Any], text: str | bytes) -> bool:
    value = ascii_of(match.group("secret"))
    return shaped.uuid_token(value) or any(random_run(run) for run in _SEGMENT.findall(value))


#: A command at a shell prompt (``$ ``, ``user@host:~/app$ ``) whose words name a secret (``salt-call pillar.get
#: db:root_password``, ``cat /etc/vpn/auth.txt``, ``vault kv get -field=password``), and a line of its output (one of
#: its first four) that is one value alone (or after a user's name and a colon, ``oneadmin:pw`` as OpenNebula's
#: ``one_auth`` keeps it), made as a password (or of random letters alone: ``EbVDxFwtYLMe``): what the command
#: printed is the secret it named. A
#: line it passes over holds no placeholder (what is redacted again is judged as it was the first time) and no prompt
#: (the next command's line, root's ``/# `` too, is that command's to judge). The output's
#: lines end as the command's line does: a real line break, or a JSON string's ``\n`` (a text inside a JSON
#: document). Where the command's line ends with a real break, a ``\n`` in a line of its output is two characters
#: of it (a JSON document the command printed), as it is when the whole text is given again inside a JSON string.
PROMPT_OUTPUT = (
    # the command may go on over a line's end its backslash continues (``\`` and a newline; in a JSON string, both
    # escaped, and then the escaped backslash before an escaped newline is always a continuation, never a character
    # of a command that ends there: the command's lines are the same in a JSON string as in the text); long enough
    # for a command that gives a long key, which redacted again is short: both are read alike
    r"(?:(?:(?<![^\n])|(?<=\\n)|(?<=[\"~/\w\])])|(?<=[~/\w\]] ))\$|:?[~/\]]#)[ \t]"
    r"(?P<command>(?:\\\r?\n|\\\\\\n|[^\n\\]|(?!\\\\\\n)\\[^nr\n]){1,400})(?:(?P<nl>\r?\n)|(?:\\r)?\\n)"
    r"(?:(?!(?:[^\n\\]|\\(?(nl)[^\n]|[^nr\n])){0,128}(?:\[secret:|[~/\]]#[ \t]))"
    r"(?:[^\n\\$]|\\(?(nl)[^\n]|[^nr\n])){0,128}"
    r"(?(nl)\r?\n|(?:\\r)?\\n)){0,3}?[ \t]{0,16}(?:[A-Za-z0-9_.@\-]{1,64}:)?"  # a user's name before it
    r"(?P<secret>(?=[^\s\\:]{0,255}[\d!#%^*+~]|[A-Za-z]{10,255}(?![^\s\"'`\\:]))(?=[^\s\\:]{0,255}[A-Za-z])"
    r"[^\s\"'`\\:$][^\s\"'`\\:]{5,255})"
    # in a JSON string, a line may end where the string does
    r"[ \t]{0,16}(?=(?(nl)\r?\n|(?:\\[rn]|\"))|$)"
)
#: Root's prompt ends with ``#`` after ``user@host:~``, ``user@host:/`` or ``[user@host dir]``; a ``#`` anywhere else
#: starts a comment. A match starts where its anchor does, so the pattern takes the colon of ``:/# `` too.
PROMPT_OUTPUT_ANCHORS = ("$ ", "$\t", "~# ", ":/# ", "]# ")
#: What stands before a prompt's ``$`` on its line: nothing, ``user@host:~/dir`` (a Raspberry Pi's with a space
#: after it), ``[user@host dir]``, a virtual environment's ``(venv) ``; never words of a sentence ("costs 5$ a
#: month").
_PROMPT_HEAD = re.compile(
    r"(?:\n|\\n|\")(?:\([\w.\-]{1,32}\)[ \t]?)?(?:[\w.\-]{1,32}@[\w.\-]{1,64}(?::[~\w./\-]{0,64})?"
    r"|\[[\w.\-]{1,32}@[\w.\-]{1,64}[ \t][~\w./\-]{1,64}\]|[~/][\w./\-]{0,64})?[ \t]?\Z"
)
_PLACED = re.compile(r"\[secret:[a-z_]+:[0-9a-f]{4}\]")
#: A command that prints a file whole: what follows is the file's text (hex there is the key the file keeps; hex
#: printed by another command naming a secret is more often an id, a container's).
_SHOWS_A_FILE = re.compile(r"(?:^|[\s;|&(])(?:cat|type|more|head|tail|Get-Content|gc)[ \t]")
_COMMAND_WORDS = re.compile(r"[A-Za-z0-9_\-]+(?:\.[A-Za-z]{1,4}\b)?")


def prompt_output(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the ``$`` ends a prompt (alone, or after ``user@host:path``), a word of the command names a secret (a
    path's file name, a key's last part) and the line is made as a password or random."""
    start = match.start()
    prompt = ascii_of(match.group()[:2])
    head = text_of(text[max(0, start - 80) : start]) + (prompt[0] if prompt[0] == "]" else "")
    found = _PROMPT_HEAD.search(("\n" if start <= 80 else "") + head)
    if found is None or (prompt[0] != "$" and "@" not in found.group()):  # root's: after user@host only
        return False
    # a placeholder in the command (a secret redacted there before) says nothing of what the command names
    words = _COMMAND_WORDS.findall(_PLACED.sub(" ", ascii_of(match.group("command"))))
    value = ascii_of(match.group("secret"))
    random = any(random_run(run, 12) for run in _RUN.findall(value))
    if not any(generic.secret_name(word) for word in words):
        # a command that names a key (``Fernet.generate_key()``): what it prints is one when random
        return random and any(generic.key_name(word) for word in words)
    shown = _SHOWS_A_FILE.search(ascii_of(match.group("command"))) is not None  # a key of hex printed whole
    return password_like(value) or random or random_letters(value) or (shown and generic.random_key(value))
