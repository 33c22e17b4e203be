"""Credentials whose place says what they are where the names rules (see generic) read no name: an API's key in a
URL's query (``?key=v``), an API token given to curl as the user of basic auth (``curl -u <token>:x``), an API
key a vendor calls a client id, a statement naming a password with flags between (``rootpw --plaintext v``) or in
a line of statements separated by ``;`` (a device console's ``MqttPassword v; Topic x``), a value given in a block
(``api_secret { "v" }``, a test factory's attribute), a cookie made by a call (``new Cookie("sid", "v")``), and a key
given to the class a vendor's SDK names for itself (``OpenCageGeocode("k")``).
Each is a pattern, to find the place, and a judgement in Python of the value (and of the name, where there is
one)."""

from __future__ import annotations

import re
from typing import Any

from . import generic
from .shaped import uuid_token
from .values import ascii_of, entropy, password_like, plausible_value, random_run, random_signs

#: Letters and digits long enough to judge as random.
_SEGMENT = re.compile(r"[A-Za-z0-9]{16,}")
#: What joins a token's random parts (base64url's ``-`` and ``_``, a generated password's ``.``).
_JOINERS = re.compile(r"[_\-.~]")


def random_value(value: str) -> bool:
    """Whether a value holds a random run of letters and digits, or is random once what joins its parts is taken
    out (base64url of random bytes: ``1srAYP_dnD2J...-AbUU-o2eY3S``, whose dashes cut every run short)."""
    return (
        any(random_run(run) for run in _SEGMENT.findall(value))
        or random_run(_JOINERS.sub("", value))
        or random_signs(value)
    )


#: A URL's query parameter that gives an API its key, as many APIs take one (``?key=``, ``&apikey=``, ``&token=``;
#: ``&amp;`` in markup), the value to the next parameter.
QUERY_KEY = (
    r"(?:[?&]|&amp;)(?i:key|api[_\-]?key|access[_\-]?key|token|access[_\-]?token|auth[_\-]?token|auth|api)="
    r"(?P<secret>[A-Za-z0-9_\-.~%]{8,512})(?=[&#\s\"'`<>\\)\]]|$)"
)
QUERY_KEY_ANCHORS = tuple(
    f"{lead}{name}="
    for lead in ("?", "&", "&amp;")
    for name in (
        "key",
        "apikey",
        "api_key",
        "api-key",
        "accesskey",
        "access_key",
        "token",
        "access_token",
        "auth",
        "api",
    )
) + ("auth_token=", "auth-token=", "access-token=", "access-key=")


def query_key(match: re.Match[Any], text: str | bytes) -> bool:
    """A value with letters and digits (eight or more characters, no word or reference): a key as APIs issue them
    (``lgr27nee``, hex in UUID groups), not a lookup's word (``?key=name``)."""
    value = ascii_of(match.group("secret"))
    return (
        any(c.isdigit() for c in value)
        and any(c.isalpha() for c in value)
        and plausible_value(value, True)
        and not value.startswith("%")
    )


#: The user of curl's basic auth, up to its colon (``curl -u <token>:x``, ``--user "<key>:"``): an API that takes
#: its token as the user name (the password a dummy, or none). Quotes JSON-escaped too.
CURL_USER = (
    r"\bcurl\b[^\n\\]{0,1024}?\s(?:-u|--user)[ =\t]{0,4}(?:\\{0,8}['\"])?"
    r"(?P<secret>[A-Za-z0-9_\-.~+/=]{16,256}):"
)
CURL_USER_ANCHORS = ("curl",)


def curl_user(match: re.Match[Any], text: str | bytes) -> bool:
    """A random user: a token, never a person's name or an address."""
    return random_value(ascii_of(match.group("secret")))


#: A client id of random letters and digits: vendors that issue an API key as an id and a secret both call the key
#: a client id (an OAuth client's id, a UUID or a name, is neither random letters nor this long).
CLIENT_ID = (
    r"(?i:client[_\-]?id)(?:\\{0,8}[\"'])?[ \t]{0,4}(?:[:=]|=>)[ \t]{0,4}(?:\\{0,8}[\"'])?"
    r"(?P<secret>[A-Za-z0-9]{24,256})(?![A-Za-z0-9_.\-])"
)
CLIENT_ID_ANCHORS = ("client_id", "clientid", "client-id")


def client_id(match: re.Match[Any], text: str | bytes) -> bool:
    value = ascii_of(match.group("secret"))
    return random_run(value) and not set(value.lower()) <= set("0123456789abcdef")


#: A statement that names a password, from its secret word: flags may stand between (``rootpw --plaintext v``), and
#: the value ends the statement: the line, or ``;`` before the next statement on the line (``MqttUser x; MqttPassword
#: v; Topic y``, not C's ``Pass *p;``); no sign of code's in it (brackets, a pointer's ``*``).
STATEMENT = (
    r"(?i:passw(?:or)?d|passphrase|pass|pwd?)(?:[ \t]{1,4}--?[A-Za-z][A-Za-z0-9\-]{0,30}){0,4}[ \t]{1,8}"
    r"(?P<secret>[^\s\"'`;\\(){}\[\]<>,*&\x80-\U0010ffff][^\s\"'`;\\(){}\[\]<>,\x80-\U0010ffff]{5,255})[ \t]{0,8}"
    r"(?=;[ \t]{0,4}[A-Za-z]|\r?\n|\\[rn]|$)"
)
STATEMENT_ANCHORS = tuple(f"{w}{s}" for w in ("pass", "password", "passwd", "passphrase", "pw", "pwd") for s in " \t")
#: The name's head before its secret word (``Mqtt`` of ``MqttPassword``, ``root`` of ``rootpw``).
_HEAD = re.compile(r"[A-Za-z0-9_.\-]{0,40}\Z")
#: What a statement starts after: a line's start (a JSON string's too, and the string's own start: a text given
#: inside one), its indentation, or ``;`` and a space.
_STATEMENT_START = re.compile(r"(?:\A|\n|\\n|;|\")[ \t]{0,16}\Z")


def _before(match: re.Match[Any], text: str | bytes, chars: int) -> str:
    """Up to ``chars`` characters before the match, as text (a stream's bytes as Latin-1): where a check looks."""
    part = text[max(0, match.start() - chars) : match.start()]
    return part.decode("latin-1") if isinstance(part, bytes) else part


def _head(text: str | bytes, at: int) -> tuple[str, str]:
    """The name's characters just before ``at`` and the text before them (as text; a stream's bytes as Latin-1)."""
    part = text[max(0, at - 64) : at]
    before = part.decode("latin-1") if isinstance(part, bytes) else part
    head = _HEAD.search(before)
    assert head is not None
    at = head.start()
    if at > 0 and before[at - 1] == "\\" and head.group()[:1] in ("n", "r", "t"):
        at += 1  # the name starts after a JSON escape (\n): its letter is none of the name's
    return before[at:], before[:at]


def statement(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the name starts a statement and is a password's, and the value is made as a password (not an
    option's word or a path)."""
    head, before = _head(text, match.start())
    name = head + ascii_of(match.group()).split()[0]
    if _STATEMENT_START.search(before) is None or not generic.secret_name(name):
        return False
    return password_like(ascii_of(match.group("secret")))


#: A value in a block after a name (Ruby's ``api_secret { "v" }``, a test factory's attribute; a Groovy closure).
BLOCK_VALUE = (
    r"(?i:passw(?:or)?d|passphrase|secret|token|key|pass|pwd?|credentials?)[ \t]{1,4}\{[ \t]{0,4}"
    r"(?P<q>\\{0,8}[\"'])(?P<secret>[^\"'\\\s\x80-\U0010ffff][^\"'\\\n\x80-\U0010ffff]{5,511})(?P=q)[ \t]{0,4}\}"
)
BLOCK_VALUE_ANCHORS = tuple(
    f"{w} {{" for w in ("password", "passwd", "passphrase", "secret", "token", "key", "pass", "pw", "pwd", "credential")
)


def block_value(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the name says secret and the value is one (random where the name says only ``key``)."""
    head, _ = _head(text, match.start())
    name = head + re.split(r"[ \t]", ascii_of(match.group()), maxsplit=1)[0]
    value = ascii_of(match.group("secret"))
    if generic.secret_name(name):
        return plausible_value(value, generic.password_name(name))
    return generic.key_name(name) and random_value(value)


#: A cookie made or set by a call, its name and its value the first two literals (.NET's ``new
#: System.Net.Cookie("name", "v", "/", "host")``, Java's ``new Cookie("JSESSIONID", "v")``, ``set_cookie("sid",
#: "v")``, ``cookies.set("session", "v")``).
COOKIE_CALL = (
    r"(?i:cookies?)(?:\.(?:set|add|put|append))?\([ \t]{0,4}(?P<q1>\\{0,8}[\"'])[A-Za-z0-9_.\-]{1,64}(?P=q1)"
    r"[ \t]{0,4},[ \t]{0,4}(?P<q>\\{0,8}[\"'])(?P<secret>[^\"'\\\s\x80-\U0010ffff]{12,1024})(?P=q)"
)
COOKIE_CALL_ANCHORS = ("Cookie(", "cookie(", "cookies.set(", "Cookies.Add(", "cookies.add(", "Cookies.Set(")


def cookie_call(match: re.Match[Any], text: str | bytes) -> bool:
    """A random value: a session's (a preference's cookie, ``"theme", "dark"``, is a word)."""
    return random_value(ascii_of(match.group("secret")))


#: A database's connect statement with the user and the password after it (DB2's command line and embedded SQL's
#: ``CONNECT TO db USER u USING pw``, ``ATTACH TO node USER u USING pw``; Informix's, quoted).
CONNECT_USING = (
    r"(?i:\b(?:connect|attach)[ \t]{1,4}to)[ \t]{1,4}[^\s;]{1,128}[ \t]{1,4}(?i:user)[ \t]{1,4}[^\s;]{1,128}"
    r"[ \t]{1,4}(?i:using)[ \t]{1,4}(?P<q>\\{0,8}['\"]?)(?P<secret>[^\s'\"`;\\]{1,256})(?P=q)(?=[\s;]|\\[nrt]|$)"
)
#: Spelled as statements are written, not case-blind: ``connec`` in every case would stand in every log's
#: "connection", each a check.
CONNECT_USING_ANCHORS = ("connect to", "CONNECT TO", "Connect to", "attach to", "ATTACH TO", "Attach to")


#: What a connect statement stands after on its line: nothing, a prompt (``$``, ``#``, ``db2 =>``, ``SQL>``), the
#: command that runs it (``db2``) or embedded SQL's ``EXEC SQL``; never a sentence's words ("then connect to ...").
_CONNECT_HEAD = re.compile(r"(?:^|[$#>]|\bdb2|\bexec[ \t]+sql|\bclpplus)\Z", re.IGNORECASE)


def connect_using(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the statement starts its line or follows a prompt or the command running it, and is given a value
    of any make but a host variable (``:pw``), a reference or a placeholder."""
    before = re.split(r"\n|\\n|\"", _before(match, text, 160))[-1]
    if _CONNECT_HEAD.search(before.rstrip(" \t")) is None:
        return False
    value = ascii_of(match.group("secret"))
    return value[0] not in ":?$%{<" and plausible_value(value, True)


#: An option of OpenWrt's UCI configuration, as its files hold it (``option key 'v'`` in a ``config wifi-iface``
#: section) and as ``uci show`` prints it (``wireless.default_radio0.key='v'``): a Wi-Fi network's ``key`` is its
#: passphrase (a WEP key's index, ``'1'``, is too short to be taken), and an option the names rules read (``option
#: password``, ``.psk=``) is taken where they take it.
UCI_KEY = (
    r"(?:option[ \t]{1,4}key[ \t]{1,4}|\.key=)"
    r"(?P<q>\\{0,8}['\"]?)(?P<secret>[^\s'\"`\\]{8,256})(?P=q)[ \t]{0,8}(?=\r?\n|\\[rn]|$)"
)
UCI_KEY_ANCHORS = ("option key", ".key=")
#: What stands before ``option`` on its line (its indentation), or before ``.key=`` (the package and the section).
_UCI_HEAD = {
    "o": re.compile(r"(?:\A|\n|\\n|\")(?:[ \t]|\\t){0,16}\Z"),
    ".": re.compile(r"(?:\A|\n|\\n|\")[a-z0-9_\-]{1,64}\.[A-Za-z0-9_@\[\]\-]{1,64}\Z"),
}


def uci_key(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the option starts its line (the package and the section before it, as ``uci show`` prints them) and
    the value is a passphrase (8 to 63 characters, WPA's) or a key in hex, not a reference or a placeholder."""
    if _UCI_HEAD[ascii_of(match.group()[:1])].search(_before(match, text, 160)) is None:
        return False
    value = ascii_of(match.group("secret"))
    return value[0] not in "$%{<" and plausible_value(value, True)


#: An API's key given to its client's constructor in an options object (``new HolidayClient({ key: 'v' })``, over
#: lines too), where ``key`` is the only name: a random value, never a word (``key: 'id'``, a sort's). Found at the
#: key (``({`` would stand every few lines of script, each a walk back to a ``new``), the constructor read back.
OPTIONS_KEY = (
    r"(?:(?<![A-Za-z0-9_$.\-])|(?<=\\[nrt]))key[ \t]{0,4}:[ \t]{0,4}(?P<q>\\{0,8}['\"`])"
    r"(?P<secret>[A-Za-z0-9_\-.~+/=]{16,256})(?P=q)"
)
OPTIONS_KEY_ANCHORS = tuple(f"key:{s}{q}" for s in ("", " ") for q in ("'", '"', "`", '\\"'))
#: The options' start, an object given to a constructor (``new Client({``, ``new zorb.Client({``), and what may
#: stand between it and the key (other options, no object's or call's end).
_OPTIONS_HEAD = re.compile(
    r"\bnew[ \t]{1,4}(?:[A-Za-z_$][A-Za-z0-9_$]{0,64}\.)?[A-Z][A-Za-z0-9_$]{0,64}\([ \t]{0,4}\{[^{}()]{0,256}\Z"
)


def options_key(match: re.Match[Any], text: str | bytes) -> bool:
    """A random value, in the options object a constructor is given."""
    if not random_value(ascii_of(match.group("secret"))):
        return False
    return _OPTIONS_HEAD.search(_before(match, text, 400)) is not None


#: A token or a session's key given to a flag that takes one: glued to ``-T`` (``zerotier-cli -T<token>``, a local
#: service's auth token), or after ``--session`` (a password manager's unlocked session, ``bw ... --session <key>``):
#: random, never a file's name (``tar -Tlist``) or a session's name (``--session work``).
TOKEN_FLAG = (
    r"[\s\"'](?:-T|--session(?:[ \t]{1,4}|=))(?P<q>\\{0,8}['\"]?)"
    r"(?P<secret>[A-Za-z0-9+/_\-]{20,512}={0,2})(?P=q)(?=[\s;|&)]|\\[nrt]|$)"
)
#: After the space or quote before them: ``-T`` alone stands in every capitalised hyphenated word (``Content-Type``).
TOKEN_FLAG_ANCHORS = tuple(f"{c}{f}" for c in " \t\"'" for f in ("-T", "--session"))


def token_flag(match: re.Match[Any], text: str | bytes) -> bool:
    return random_value(ascii_of(match.group("secret")))


#: A key given to the class a vendor's SDK names for itself (``OpenCageGeocode('k')``, ``new JotForm("k")``,
#: ``CustomerIO('site id', 'k')``; ``Client(`` is read by the keyed calls' rule): a call given literals, the last of
#: them made as keys are (random, 16 characters or more, or hex of 20 and more with letters and digits mixed); its name
#: read back.
CLASS_KEY = (
    r"\((?:(?:[ \t]|\r?\n|\\[nrt]){0,16}(?P<q1>\\{0,8}['\"])[^'\"\n\\]{0,64}(?P=q1)[ \t]{0,4},){0,2}"
    r"(?:[ \t]|\r?\n|\\[nrt]){0,16}"
    r"(?P<q>\\{0,8}['\"])(?P<secret>[A-Za-z0-9_\-]{16,128})(?P=q)[ \t]{0,4}(?:\)|,"
    # the last literal made so: a site's id before its key stays, when the key is read first and when it is a
    # placeholder (read again)
    r"(?![ \t]{0,4}\\{0,8}['\"](?:[A-Za-z0-9_\-]{16,128}|\[secret:)))"
)
CLASS_KEY_ANCHORS = ("('", '("', '(\\"', "(\n", "(\r\n", "(\\n")  # the literal on the next line too
#: The class before the call: a capital first (or after ``new``), its module's name before it (``opencage.X``).
_CLASS = re.compile(
    r"(?:\bnew[ \t]{1,4})?(?:[A-Za-z_$][A-Za-z0-9_$]{0,64}\.){0,3}(?P<name>[A-Za-z_$][A-Za-z0-9_$]{1,64})\Z"
)
#: Words of a class whose values are made as keys are but are none: a digest, a commit, an object's id, a colour.
_NOT_KEY_CLASS = frozenset(
    """hash hasher digest sha md checksum crc commit revision rev oid object id uuid guid ulid version color colour
    fingerprint etag nonce salt hex bytes buffer string str text literal decimal big int number symbol path url uri
    regexp pattern snowflake""".split()
)
_HEX = frozenset("0123456789abcdef")


def _hex_key(value: str) -> bool:
    """Hex of one case with letters and digits mixed (four of each at least) and spread as a random string's."""
    letters = sum(c.isalpha() for c in value)
    return (
        set(value.lower()) <= _HEX
        and (value.islower() or value.isupper())
        and letters >= 4
        and len(value) - letters >= 4
        and entropy(value) >= 3.0
    )


def class_key(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether a class (not a function: ``sha1('...')``, ``assertEqual(...)``) is given a value made as a key, and
    its name does not say it is made of a digest, an id or a version."""
    value = ascii_of(match.group("secret"))
    short = len(value) < 20  # 16 to 19 characters: one random run, no parts joined (``ChaCha20-Poly1305``)
    if not ((value.isalnum() and random_run(value)) if short else (random_value(value) or _hex_key(value))):
        return False
    head = _CLASS.search(_before(match, text, 200))
    if head is None:
        return False
    name = head["name"]
    if not (name[0].isupper() or head.group().startswith("new")):
        return False
    return {w.lower() for w in generic.words(name)}.isdisjoint(_NOT_KEY_CLASS)


#: A random token as a segment of a URL's path (a bridge's API user in ``/api/<token>/lights``, a cron endpoint's
#: ``/cron/<token>``): a capability that whoever holds the URL holds. Upper case, lower case and digits in a run of 32
#: or more, as a generated token is; a digest's hex or an id's is one case, and stays.
URL_PATH_TOKEN = (
    r"\b[A-Za-z][A-Za-z0-9+.\-]{0,16}://[^\s/\"'`<>\\]{1,256}(?:/[^\s/?#\"'`<>\\]{0,128}){0,12}?"
    r"/(?P<secret>[A-Za-z0-9]{32,128})(?=[/?#\s\"'`<>\\]|$)"
)
URL_PATH_TOKEN_ANCHORS = ("://",)
URL_PATH_TOKEN_BACK = 20


def url_path_token(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the segment mixes upper case, lower case and digits, and is random."""
    value = ascii_of(match.group("secret"))
    mixed = any(c.isupper() for c in value) and any(c.islower() for c in value) and any(c.isdigit() for c in value)
    return mixed and random_run(value)


#: A URL's path segment named for a secret and the value as the next segment (``/api_token/<v>/``, ``/apikey/<v>``),
#: found at the name's end (``token/``) and read back to its segment's start.
PATH_NAMED = (
    r"/(?P<name>[\w.-]{0,24}(?i:token|key|secret)[\w.-]{0,8})/(?P<secret>[A-Za-z0-9_\-]{16,256})(?=[/?#\s\"'<>]|\\|$)"
)
PATH_NAMED_ANCHORS = ("token/", "key/", "secret/", "Token/", "Key/", "Secret/", "TOKEN/", "KEY/", "SECRET/")
PATH_NAMED_BACK = 34


def path_named(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the segment's name says secret and the value is random or a UUID (not a resource's name or a word)."""
    value = ascii_of(match.group("secret"))
    return generic.secret_name(ascii_of(match.group("name"))) and (random_value(value) or uuid_token(value))


#: A setting given by a device's command line as ``set NAME VALUE`` (FortiOS' ``set psksecret v``, VyOS', a
#: router's), the name one that says secret.
SET_NAMED = (
    r"\bset[ \t]{1,4}(?P<name>[A-Za-z][\w-]{1,40})[ \t]{1,4}(?P<q>\\{0,8}[\"']?)(?P<secret>[^\s\"'\\]{6,256})(?P=q)"
    r"[ \t]{0,8}(?=\r?\n|\\[rn]|$)"
)
SET_NAMED_ANCHORS = ("set ",)


def set_named(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the name says secret and the value is given (not a reference) and made as one."""
    name = ascii_of(match.group("name"))
    value = ascii_of(match.group("secret"))
    return generic.secret_name(name) and value[0] not in "$%{<" and plausible_value(value, generic.password_name(name))


#: An SMB URI's password after a workgroup and a user (CUPS' ``DeviceURI smb://WORKGROUP/user:pw@host/queue``), which
#: the URL rule, reading ``user:pw@`` right after ``://``, does not take.
SMB_WORKGROUP = r"\bsmb://[^\s:/?#@\"'<>]{1,64}/[^\s:/?#@\"'<>]{1,64}:(?P<secret>[^\s/?#@\"'<>]{1,256})@"
SMB_WORKGROUP_ANCHORS = ("smb://",)


#: A password in a URL's query beside its user (Subsonic's ``?u=name&p=pw``, ``&user=x&password=pw``): made as one.
QUERY_PASSWORD = (
    r"(?:[?&]|&amp;)(?i:p|pw|pwd|pass|passwd|password)=(?P<secret>[^&#\s\"'`<>\\]{6,256})(?=[&#\s\"'`<>\\)\]]|$)"
)
QUERY_PASSWORD_ANCHORS = tuple(
    f"{lead}{name}=" for lead in ("?", "&", "&amp;") for name in ("p", "pw", "pwd", "pass", "passwd", "password")
)
_QUERY_USER = re.compile(r"(?i)[?&](?:u|user|username|login)=[^&#\s]{1,64}")


def query_password(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the query names a user too (a ``p`` alone is a page's number or a search) and the value is a
    password's."""
    line_start = max(0, match.start() - 300)
    before = _before(match, text, match.start() - line_start)
    query = before[before.rfind("?") :] if "?" in before else ""
    return _QUERY_USER.search(query + "&") is not None and password_like(ascii_of(match.group("secret")))


#: A HomeKit accessory's setup code (``###-##-###``) under a name that says pin or setup code.
SETUP_CODE = (
    r"(?i:pin(?:code)?|setup_?code)\\{0,8}[\"']?[ \t]{0,4}[:=][ \t]{0,4}b?\\{0,8}[\"']"
    r"(?P<secret>\d{3}-\d{2}-\d{3})\\{0,8}[\"']"
)
SETUP_CODE_ANCHORS = ("pin", "setup")


#: An API key given as basic auth's user with an empty password (a Logic App's ``"username": "<key>", "password":
#: ""``, a scraper's ``basic_auth: {username: <key>, password: ""}``): the user is the credential.
USER_AS_KEY = (
    r"(?i:user(?:name)?)\\{0,8}[\"']?[ \t]{0,4}[:=][ \t]{0,4}\\{0,8}[\"']?(?P<secret>[A-Za-z0-9_\-]{20,128})"
    r"\\{0,8}[\"']?[ \t]{0,4},?(?:[ \t\r\n]|\\[nrt]){1,40}"
    r"\\{0,8}[\"']?(?i:password)\\{0,8}[\"']?[ \t]{0,4}[:=][ \t]{0,4}"
    r"(?:\\{0,8}[\"']\\{0,8}[\"']|null|~)?[ \t]{0,4}(?:,|\r?\n|\\[nrt]|\}|\"|$)"
)
USER_AS_KEY_ANCHORS = ("user", "User", "USER")
#: A key encoded as basic auth's user with nothing after its colon but a filler (``ngx.encode_base64("<key>" ..
#: ":")``, ``base64.b64encode(b"<key>:")``, ``btoa("<key>:")``, Java's ``.encodeToString("<key>:x".getBytes())``).
_ENCODES = r"(?:(?i:base64|btoa)\w{0,16}|encodeToString|b64encode|encodestring)\([ \t]{0,4}b?\\{0,8}[\"']"
ENCODED_USER = (
    rf"{_ENCODES}(?P<secret>[A-Za-z0-9_\-]{{20,128}})"
    r"(?::[xX]?\\{0,8}[\"']|\\{0,8}[\"'][ \t]{0,4}(?:\.\.|\+)[ \t]{0,4}\\{0,8}[\"']:[xX]?\\{0,8}[\"'])"
)
ENCODED_USER_ANCHORS = ("base64", "btoa", "encodetostring", "b64encode", "encodestring")  # case-blind: lower case
#: A user and a password encoded together for basic auth (``base64.b64encode(b"billing:pw")``): the password.
ENCODED_PAIR = rf"{_ENCODES}[A-Za-z0-9_.@+\-]{{1,64}}:(?P<secret>[^\s\"'\\:]{{6,128}})\\{{0,8}}[\"']"


def user_as_key(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the user is random, as a key is (a person's or a service's name is not)."""
    value = ascii_of(match.group("secret"))
    return random_value(value) or generic.random_key(value)
