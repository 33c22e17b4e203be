"""Rules that find credentials by their setting and shape rather than by a vendor's prefix, so that a format no
rule names is caught all the same: a value given a name that says it is secret, in any syntax (``=``, ``:``,
JSON, YAML, a header, a flag, an XML element or attribute), and a token made of a short prefix and a long random
tail (``abc_9fK2...``). Each is a pattern, to find the candidate, and a judgement in Python of the name and of
the value (is it random enough, is it a placeholder or a reference), which a pattern cannot make."""

from __future__ import annotations

import re
from typing import Any

from .values import (
    HEX_DIGITS,
    PLAIN_HEX,
    ascii_of,
    keyed_random,
    password_like,
    plausible_value,
    random_letters,
    random_run,
)

#: Words that, in a name, say its value is secret, found anywhere in the name with its separators taken out
#: (``DB_PASSWORD``, ``clientSecret``, ``x-api-key``, ``SharedAccessKey``, ``AUTH_TOKEN``).
_SECRET_PARTS = (
    "passw", "passphrase", "secret", "token", "credential", "apikey", "accesskey", "privatekey", "authkey",
    "signingkey", "clientkey", "masterkey", "accountkey", "encryptionkey", "sdkkey", "adminkey", "serverkey",
    "licensekey", "appkey", "applicationkey", "servicekey", "sessionkey", "webhookkey", "writekey", "ingestkey",
    "presharedkey", "passkey",
)  # fmt: skip
#: Words that say so only standing as a whole word of the name: ``DB_PASS``, ``PWD``, ``auth``, ``sig`` (a SAS
#: signature; not ``signature``, which a message carries in the open), ``pat`` (a personal access token), ``psk``
#: (a pre-shared key: Wi-Fi's, IPsec's), ``bearer`` (curl's ``--oauth2-bearer``), ``community`` (SNMP's,
#: a password; not ``hmac``, which names an algorithm as often as a key), ``authorization`` (a header's value kept
#: under a variable's name: ``ZORB_AUTHORIZATION = "<base64>"``).
_SECRET_WORDS = frozenset(
    {
        "pass",
        "pwd",
        "passwd",
        "pw",
        "auth",
        "sig",
        "creds",
        "apikey",
        "pat",
        "psk",
        "bearer",
        "community",
        "authorization",
    }
)
#: Words that, anywhere in a name, say its value is not a secret: an id, a URL, a file, a count, a public key,
#: a page cursor (``token_url``, ``api_key_id``, ``password_file``, ``max_tokens``, ``next_page_token``).
_NOT_SECRET_WORDS = frozenset(
    """id ids url urls uri endpoint path paths file files filename dir name names type types method length len size
    count counts version field fields header prefix ttl expiry expires expiration expired lifetime timeout limit max
    min env var policy mode enabled required hint label format algorithm alg location schema rotation usage kind
    source index ref arn provider host local regex pattern public publishable csrf xsrf primary foreign sort
    partition cache idempotency next page continuation cursor pagination sync resume tokens keys keyword keywords
    keyboard template
    placeholder example sample description desc help title text question prompt reset forgot confirm confirmation
    strength policy validator validation error errors message hash hashed hasher salt digest encoder encoding
    budget estimate counter counting tokenizer tokenize tokenized lexer parser kwargs""".split()
)
_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
#: A run of letters and digits long enough to be a token's random part.
_SEGMENT = re.compile(r"[A-Za-z0-9]{16,}")


#: Words that end in ``pass`` and are no password's: ``bypass`` or ``compass`` says nothing of a value.
_NOT_PASS = frozenset("bypass compass encompass multipass overpass underpass surpass trespass".split())


def _compound(word: str) -> bool:
    """Whether one word of a name joins a qualifier to a secret word with nothing between, as configuration
    directives do (``requirepass``, ``masterauth``, ``dbpass``, ``authtok``, LDAP's ``rootpw`` and ``bindpw``)."""
    return (
        (word.endswith("pass") and word not in _NOT_PASS)
        or (word.endswith("pw") and len(word) > 3)
        or (word.endswith("auth") and len(word) > 5)
        or "authtok" in word
        or (word.endswith("pwd") and len(word) > 3 and word != "oldpwd")  # IBM i's ``RMTPWD``; not the shell's
    )


def _last_part(name: str) -> list[str]:
    """The words (in lower case) of a dotted name's last part, which says what the value is: the parts before it
    are namespaces (``env.AUTH0_CLIENT_SECRET``, ``spring.datasource.password``), and a word there that would say
    something else (``env``, ``source``) says it of the namespace, not of the value (``token.url`` is a URL)."""
    return [w.lower() for w in _WORD.findall(name.strip(".").rsplit(".", 1)[-1])]


#: Words that say a value is something else only after the secret's word (``password_source``, ``token_file``, a
#: place it comes from), and before it say whose secret it is (Icecast's ``source-password``, ``host_password``) or
#: that it sets one (``reset-admin-password 'pw'``, ``confirm_password``).
_QUALIFIERS = frozenset(
    {"source", "file", "host", "local", "cache", "env", "provider", "schema", "validation", "reset", "confirm"}
)


#: Words of a name that say its token is a cursor or a marker (``sync_token``, ``next_page_token``, ``csrf_token``),
#: never that a password is not one: ``SYNC_DB_PASSWORD`` is the password of a sync service.
_CURSORS = frozenset(
    "sync resume continuation next page cursor pagination idempotency csrf xsrf partition sort cache".split()
)
#: The words of a password (not a token or a key, which cursors and markers are called).
_PASSWORD_WORDS = frozenset({"password", "passwd", "passphrase", "pass", "pwd", "pw"})


def _not_secret(words: list[str]) -> bool:
    """Whether a word of a name says its value is something other than a secret (see _QUALIFIERS)."""
    password_at = max((i for i, w in enumerate(words) if w in _PASSWORD_WORDS), default=-1)
    blocking = [
        i
        for i, w in enumerate(words)
        if w in _NOT_SECRET_WORDS and not _secret_id(words, i) and not (w in _CURSORS and i < password_at)
    ]
    if not blocking:
        return False
    secret_at = max((i for i, w in enumerate(words) if w in _SECRET_WORDS or _says_secret(w)), default=-1)
    return any(words[i] not in _QUALIFIERS or i > secret_at for i in blocking)


def _secret_id(words: list[str], i: int) -> bool:
    """Whether the word at ``i`` is the ``id`` of a secret id (Nomad's and Consul's ``Secret ID``, Vault's
    ``secret_id``) or of a session's (``session_id``: whoever holds it is logged in): the token itself, not what
    names one (see named_value)."""
    return words[i] == "id" and i > 0 and words[i - 1] in ("secret", "session")


def _says_secret(word: str) -> bool:
    return word == "key" or any(part in word for part in _SECRET_PARTS) or _compound(word)


def secret_name(name: str) -> bool:
    """Whether a name (a variable, a key, a header, a flag) says the value given it is a secret."""
    words = [w.lower() for w in _WORD.findall(name)]
    if not words or _not_secret(_last_part(name) if "." in name else words):
        return False
    joined = "".join(words)
    return (
        any(part in joined for part in _SECRET_PARTS)
        or not _SECRET_WORDS.isdisjoint(words)
        or any(_compound(w) for w in words)
    )


def words(name: str) -> list[str]:
    """The words of a name, as code joins them (``DB_PASSWORD``, ``clientSecret``, ``x-api-key``)."""
    return _WORD.findall(name)


def not_secret(words: set[str]) -> bool:
    """Whether a word of a name (in lower case) says its value is something other than a secret."""
    return not _NOT_SECRET_WORDS.isdisjoint(words)


#: Words before ``salt`` that make it an application's key rather than a hash's public salt: WordPress's
#: ``AUTH_SALT``, ``SECURE_AUTH_SALT``, ``LOGGED_IN_SALT``, ``NONCE_SALT``, Drupal's ``hash_salt``, CakePHP's
#: ``Security.salt`` (a ``password_salt`` stands beside its hash, and says nothing the hash does not).
_KEYED_SALT = frozenset(
    {"auth", "nonce", "logged", "secure", "security", "hash", "app", "site", "secret", "token", "jwt", "session"}
    | {"cookie"}
)


def key_name(name: str) -> bool:
    """Whether the name ends in ``key`` with no qualifier that says secret (``browser-key``, ``license_key``),
    names a session (``_gitlab_session``, ``sessionid``, ``PHPSESSID``: who holds a session's value is logged
    in) or an application's salt (see _KEYED_SALT): its value is taken for a secret only when it is random."""
    words = _unversioned([w.lower() for w in _WORD.findall(name)])
    if words[-1:] == ["salt"] and not _KEYED_SALT.isdisjoint(words[:-1]):
        return True
    if not words or _not_secret(_last_part(name) if "." in name else words):
        return False
    return words[-1] == "key" or any(w.startswith("sess") or w.endswith(("sessid", "sessionid")) for w in words)


def _unversioned(words: list[str]) -> list[str]:
    """A name's words without the version it ends on (``_APP_OPENSSL_KEY_V1``, ``API_KEY_2``): a key's name still."""
    while len(words) > 1 and words[-1].isdigit():
        words = words[:-2] if len(words) > 2 and words[-2] == "v" else words[:-1]
    return words


def password_name(name: str) -> bool:
    """Whether the name is a password's, whose value may be a person's choice rather than a random string."""
    words = [w.lower() for w in _WORD.findall(name)]
    return (
        "passw" in "".join(words)
        or not {"pass", "pwd", "passwd", "pw", "passphrase"}.isdisjoint(words)
        or any(w.endswith("pass") and w not in _NOT_PASS for w in words)
    )


#: How far before its secret word a name is read back (a stream keeps 64 bytes before a window for this).
NAME_BACK = 48
_NAME_TAIL = re.compile(r"[A-Za-z0-9_.\-]+\Z")
_NAME_TAIL_BYTES = re.compile(rb"[A-Za-z0-9_.\-]+\Z")

#: Characters a value given a secret's name is made of: no white space, control character (a terminal's colour
#: code ends a value as a JSON string's ``\u001b`` does), quote, bracket, separator or backslash, and (so that a
#: stream, on bytes, finds what the text finds) nothing outside ASCII.
_VALUE_CHAR = r"""[^\s\x00-\x1f\x7f"'`,;&|{}()\[\]<>\\\x80-\U0010ffff]"""
#: Characters of a value in quotes: signs and brackets too (``django-insecure-j2z&_w#m^(5``, a salt of every
#: printable character), the quote ending it; never the bracket that opens a placeholder (``[secret:...]``), and
#: a bracket never first (a pattern's class, ``"[0-9A-Fa-f]{1,4}"``, a list written as a string).
_QUOTED_CHAR = r"""(?:[^\s\x00-\x1f\x7f"'`\[\\\x80-\U0010ffff]|\[(?!secret:))"""
#: A value given a name that says it is secret, from where the secret word of the name stands: the rest of the
#: name, its closing quote (or an escaped one, JSON in a JSON string), an assignment in any syntax (``=``, ``:``,
#: ``:=``, ``=>``, ``==``, ``,`` between quoted arguments, ``>`` of an XML element, an XML ``value=`` attribute
#: after the name's, the other attributes and the ``>`` of the element whose attribute the name is (only after its
#: closing quote), the closing tag of the name's element and the opening one of the value's, or white space alone,
#: judged by named_value), and the value, whole: in quotes, to the quote.
#: The rest of the name takes every name character there is (possessive): nothing that may follow it starts with
#: one, so a shorter rest never matches, and a word that is no name ("passed", "keys.append") fails at once.
NAMED = (
    # an index after the name (``Recovery Key 2:``), the ``ID`` of a secret's (``Secret ID =``), or a C array's size
    # (``char pwd[64] =``); closed by a quote, a bracket, a brace or Lisp's earmuff (``*api-key*``)
    r"(?P<rest>[A-Za-z0-9_.\-]{0,40}+)(?:[ \t]\d{1,2}(?=[ \t]{0,4}:)|[ \t](?P<id>I[Dd]|id)(?=[ \t]{0,8}[:=])|"
    r"\[\d{1,5}\](?=[ \t]{0,4}=))?"
    r"(?P<close>\\{0,8}[\"'`]\]?|\]|\}|\*)?"
    # a type between (Ada's ``: constant String :=`` too)
    r"(?P<sep>[ \t]{0,4}:[ \t]{0,4}&?(?:'static[ \t]{1,4}|constant[ \t]{1,4})?[A-Za-z][A-Za-z0-9_.:<>\[\]]{0,30}"
    r"[ \t]{0,4}:?=(?![=>~])[ \t]{0,8}"
    r"|[ \t]{1,4}(?:string|String|str)[ \t]{0,4}=(?![=>~])[ \t]{0,8}"
    # PHP's serialized array (``s:7:"api_key";s:32:"v"``)
    r"|;s:\d{1,5}:(?=\\{0,8}\")"
    # R's assignment too (``fmp_key <- "v"``)
    r"|[ \t]{0,8}(?:=>|:=|==|\?=|<<?-(?=[ \t])|[:=,>])[ \t]{0,40}|[ \t]{1,8}value[ \t]{0,4}=[ \t]{0,4}"
    # a dump's type before the value (spew's ``(string) (len=19)``, var_dump's ``=>`` and ``string(16)`` on the next
    # line), Go's print of a map (``x-api-token:[v]``), a YAML list of one item on the next line (a recorded
    # request's header), a call named for the secret (``.app_secret("v")``, ``setApiKey('v')``)
    r"|[ \t]{0,8}(?:=>|:)[ \t]{0,4}(?:\r?\n|\\n)?[ \t]{0,16}"
    r"(?:\((?:string|str|\[\]byte)\)[ \t]{1,4}(?:\(len=\d{1,5}\)[ \t]{1,4})?|string\(\d{1,5}\)[ \t]{1,4})"
    r"|:\[|:[ \t]{0,4}(?:\r?\n|\\n)[ \t]{0,16}-[ \t]{1,4}|\([ \t]{0,4}(?=\\{0,8}[\"'`])"
    # a value in braces after the name's quote (Go's url.Values, ``"api_key": {"v"}``)
    r"|(?<=[\"'])[ \t]{0,4}:[ \t]{0,8}\{[ \t]{0,4}(?=\\{0,8}[\"'])"
    r"|(?:[ \t]{1,4}[A-Za-z_:][A-Za-z0-9_:.\-]{0,30}=\\{0,8}[\"'][^\"'<>\n\\]{0,128}\\{0,8}[\"']){1,4}[ \t]{0,4}>"
    # a cell's name and the next cell's value, padded, the cells' tags with attributes (phpinfo()'s ``<td
    # class="e">``)
    r"|[ \t]{0,4}</[A-Za-z][A-Za-z0-9_:.\-]{0,30}>(?:[ \t\r\n]|\\[nrt]){0,16}<[A-Za-z][A-Za-z0-9_:.\-]{0,30}"
    r"(?:[ \t]{1,4}[A-Za-z_:][A-Za-z0-9_:.\-]{0,30}=\\{0,8}[\"'][^\"'<>\n\\]{0,64}\\{0,8}[\"']){0,4}>{spaced})"
    # the quote may be markup's entity (``&quot;v&quot;``: a value holding its quotes, as XML writes it), or follow
    # the ``@`` of an Objective-C or C# string (``@"v"``) or open Erlang's binary (``<<"v">>``); a second
    # quote is one escaped deeper (``"\"v\""``), never the close of an empty value (``\"\",next=...`` in JSON)
    rf"(?P<q>(?:@(?=\\{{0,8}}\")|<<(?=\\{{0,8}}\"))?(?:(?P<qb>\\{{0,8}})[\"'`](?:(?P=qb)\\{{1,8}}[\"'`])?|&(?:quot|apos|#3[49]);)?)(?<!\\)(?P<secret>(?<=[\"'`])(?:[a-z]{{4}}\x20){{3}}[a-z]{{4}}(?=\\{{0,8}}[\"'`])|(?<=[\"'`])(?!\[){_QUOTED_CHAR}{{6,2048}}|{_VALUE_CHAR}{{6,2048}})"
    r"(?=\\{0,8}[\"'`]|[\s\x00-\x1f\x7f,;&<>)}\]|]|\\|$)"
)
_NAMED_WORDS = (
    "pass",
    "pw",
    "secret",
    "token",
    "key",
    "auth",
    "cred",
    "sig",
    "psk",
    "bearer",
    "community",
    "salt",
    "sess",
)
NAMED_ANCHORS = _NAMED_WORDS[:-1]
#: A session's name, only where it ends and its value follows, as code and files spell it (``session_id``,
#: ``SESSION_ID`` too): "session" stands all over logs ("session upload"), and each place would cost a try (and,
#: spelled in any case, a check of the rest).
SESSION_ANCHORS = (
    *(f"{w}{end}" for w in ("session", "Session", "SESSION") for end in ("=", ":", '"', "'", '\\"')),
    "sessid", "SESSID", "SessId", "sessionid", "sessionId", "SessionId", "SESSIONID",
    *(f"{w}{j}{i}" for w in ("session", "Session", "SESSION") for j in "_-" for i in ("id", "Id", "ID")),
)  # fmt: skip
# Each pattern starts with its anchors, as a look-ahead: found where the anchors stand it costs nothing, and an
# engine that runs the pattern everywhere (hyperscan, in benchmarks/redaction_engines.py) finds what ours does.
#: ``pat`` (a personal access token) as a whole word of a name: ``AZURE_DEVOPS_PAT``, ``gitlab_pat``,
#: ``devopsPat``; never the start of a longer word (``PATH``, ``_pattern``), which code is full of.
PAT_ANCHORS = ("PAT", "_pat", "-pat", ".pat", "Pat")
PAT = r"(?=PAT(?![A-Za-z])|[_.\-]pat(?![a-z])|Pat(?![a-z]))" + NAMED.replace("{spaced}", "")
#: White space alone assigns only before a value in quotes or one with a digit early in it (not another
#: assignment): a word after "token" in a log or in code ("token expired", "key in keys", "token status=200") is
#: common, and each would cost a judgement.
NAMED = f"(?=(?i:{'|'.join(_NAMED_WORDS)}))" + NAMED.replace(
    "{spaced}",
    r"""|(?:[ \t]|\\t){1,8}(?=\\{0,8}["'`]|[_!#%^*+~]{0,2}[A-Za-z0-9][A-Za-z0-9_.+/%~!#^*\-]{0,40}[\d!#%^*+~])"""
    # or a column's padding (three spaces or more), before any value: a configuration's aligned directives
    r"|[ \t]{3,40}(?=[A-Za-z0-9])",
)


def named_value(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the name the match stands in says secret, in a syntax that assigns, and the value is one."""
    start = match.start()
    before = text[max(0, start - NAME_BACK) : start]
    found = _NAME_TAIL_BYTES.search(before) if isinstance(before, bytes) else _NAME_TAIL.search(before)
    head = ascii_of(found.group()) if found else ""
    if found and found.start() > 0 and before[found.start() - 1 : found.start()] in ("\\", b"\\") and head[0] in "nrt":
        head = head[1:]  # the name starts after a JSON escape (\n): its letter is none of the name's
    name = head + ascii_of(match.group("rest")) + ascii_of(match.group("id") or "")
    close, sep, quote = (ascii_of(match.group(g) or "") for g in ("close", "sep", "q"))
    word = sep.replace("\\t", "").strip()  # a tab may be a JSON escape's: the same text as JSON
    if not _assigns(text, (start - len(head), match.end()), name, (close, sep, quote), word):
        return False
    loose = not secret_name(name)
    if loose and not key_name(name):
        return False
    if not word:
        pass
    elif word == "," and not (close and quote) and not _directive(text, start - len(head), match.end()):
        return False  # os.Setenv("X_TOKEN", "...") or a CSV's row (``api_key,v``), but not f(token, x)
    elif word == ">" and not close:  # <password>...</password>, not a comparison
        at = start - len(head) - 1
        if at < 0 or text[at : at + 1] not in ("<", b"<"):
            return False
    elif word.endswith(">") and word != "=>" and not _markup(text, start - len(head), close, word, match.end()):
        return False
    elif word.startswith("value") and not close:
        return False
    elif word == "(" and (close or _READS.search(name.rsplit(".", 1)[-1]) is not None):
        return False  # getPassword("user"): what it is given is what it reads
    value = ascii_of(match.group("secret"))
    if not plausible_value(value, password_name(name)):
        return False
    low = [w.lower() for w in _WORD.findall(name)]
    if low[-1:] == ["id"] and _secret_id(low, len(low) - 1) and not _issued(value):
        return False  # AWS's ``--secret-id prod/db`` names a secret: only a UUID or a random value is one
    if low[-2:] == ["session", "id"] and not set(value) - HEX_DIGITS:
        return False  # a session's id in hex alone is as often a record's or a trace's (``self.session_id = 'a3f9'``)
    if loose:  # a name of a key of any kind: a random value only, or a UUID (as many services issue keys) where no
        # word of the whole name says otherwise (``app.cache.key``: a dotted name is judged by its last part above)
        return keyed_random(value) or (_issued_hex(value) and not not_secret({w.lower() for w in _WORD.findall(name)}))
    if not word and quote and password_name(name):  # CREATE USER u WITH PASSWORD '...': a person's choice
        return True
    # where the syntax is also code's (a comparison, a call's arguments, a word after a word), only a random
    # value (or a UUID, which many services issue as a key) is taken for a secret; after white space or as a
    # call's next argument, also one made as a password is (three of lower case, upper case, digits and signs:
    # ENV DB_PASSWORD uOiV2^nc..., os.getenv("DB_PASSWORD", "Xy9!kd82...")
    # a call's argument and a list's item are code's too: whose name says secret, a random value or a password
    listed = word.endswith("-")
    return (
        (word not in ("", ",", "==", "(") and not listed)
        or any(random_run(run, 10) for run in _RUN.findall(value))
        or random_letters(value)
        or _issued_hex(value)
        or (word != "==" and password_like(value, quoted=bool(quote)))
    )


def _assigns(text: str | bytes, span: tuple[int, int], name: str, marks: tuple[str, str, str], word: str) -> bool:
    """Whether a name stands as one given a value: with a sign of assignment, or with white space only as a flag
    (--token x), a name of words joined as code joins them (ENV API_TOKEN x, aws configure set
    aws_secret_access_key x), a value in quotes (PASSWORD 'x'), a directive or a declaration; never a word after a
    word ("token expired", 'pass "x" to it': a short word alone is a verb or a noun). A brace closes a name only as
    it declares a variable (``${PASSWORD}``), an asterisk only after one before it (Lisp's ``*api-key*``).
    ``span``: where the name starts and the match ends; ``marks``: the close, the separator and the quote."""
    close, sep, quote = marks
    declared = _declared(text, span[0], close, sep, quote)
    if (close == "}" and not declared) or (close == "*" and text[span[0] - 1 : span[0]] not in ("*", b"*")):
        return False
    if word:
        return True
    joined = name.startswith("-") or _JOINED.search(name) is not None
    return joined or bool(quote and (name.isupper() or len(name) > 5)) or declared or _directive(text, *span)


def random_key(value: str) -> bool:
    """Whether a value is random as a key is, with no name to say so: random (see _random), or hex of 32 digits or
    more with letters and digits (not dashed: a UUID is an id as often as a key)."""
    return keyed_random(value) or _hex_key(value)


def _hex_key(value: str) -> bool:
    """Hex of 32 digits or more, undashed, of one case, with letters and digits both in it."""
    return PLAIN_HEX.fullmatch(value) is not None and not value.isdigit() and not value.isalpha()


def _issued(value: str) -> bool:
    """Whether a value is as a service issues a token: a UUID, or holding a random run."""
    return _issued_hex(value) or any(random_run(run) for run in _SEGMENT.findall(value))


def _markup(text: str | bytes, name_at: int, close: str, word: str, end: int) -> bool:
    """Whether a name and a value stand in markup as one: the name an attribute's value of the element the value
    is the text of (``<string name="api_key" translatable="false">v</string>``, ``<entry key="x.token">v</entry>``)
    or the text of the element before the value's (a property list's ``<key>ApiKey</key> <string>v</string>``);
    either way the value's element closes right after it (padding, or the value's quote, between); or the name the
    element's own, its attributes between (FileZilla's ``<Pass encoding="base64">v</Pass>``, WS-Security's
    ``<wsse:Password Type="...">v</...>``)."""
    closing: Any = _CLOSES_BYTES if isinstance(text, bytes) else _CLOSES
    if closing.match(text, end, end + 24) is None:
        return False
    if not close and not word.startswith("</"):
        before = text[max(0, name_at - 40) : name_at]
        return (
            _ELEMENT_OPEN.search(before.decode("ascii", "ignore") if isinstance(before, bytes) else before) is not None
        )
    if word.startswith("</"):
        return not close and text[name_at - 1 : name_at] in (">", b">")
    opening = text[name_at - len(close) - 1 : name_at]
    return close.lstrip("\\") in ('"', "'") and opening in (f"={close}", f"={close}".encode())


#: What stands between a value and its element's end: padding, or the quote (an entity's too) that closes the value.
_CLOSES = re.compile(r"(?:&(?:quot|apos|#3[49]);|\\{0,8}[\"'])?[ \t]{0,8}</")
_CLOSES_BYTES = re.compile(_CLOSES.pattern.encode())
#: What opens an element just before its name: ``<``, and a namespace's prefix (``<wsse:``).
_ELEMENT_OPEN = re.compile(r"<(?:[A-Za-z_][A-Za-z0-9_.\-]{0,30}:)?\Z")
_LINE_START = re.compile(r"(?:\n|\\n)[ \t]*\Z")
_LINE_END = re.compile(r"[ \t]*(?:\r?\n|\\[rn]|\Z)|[ \t]+[#;]")


def _directive(text: str | bytes, start: int, end: int) -> bool:
    """Whether the name starts a line and the value ends it: a configuration directive (``requirepass x``,
    ``ldap_default_authtok x``), a name and its value alone on a line (a comment may follow), not a word after a
    word in a sentence."""
    before = text[max(0, start - 16) : start]
    after = text[end : end + 8]
    if isinstance(before, bytes):
        before, after = before.decode("utf-8", "ignore"), after.decode("utf-8", "ignore")  # type: ignore[union-attr]
    assert isinstance(before, str) and isinstance(after, str)
    at_start = (start <= 16 and not before.strip(" \t")) or _LINE_START.search(before) is not None
    return at_start and _LINE_END.match(after) is not None


#: What opens a name declared at a line's start: Robot Framework's variable (``${PASSWORD}    v``, its cells two
#: spaces apart or more, or ``=`` after the name) and Elixir's module attribute (``@api_key "v"``).
_DECLARES = re.compile(r"(?:^|\n|\\n)[ \t]*(?:(?P<cell>\$\{)|@)\Z")
_CELL_GAP = re.compile(r"[ \t]*=?(?:[ \t]{2,}|\t|\\t)")


def _declared(text: str | bytes, name_at: int, close: str, sep: str, quote: str) -> bool:
    """Whether the name declares a variable at a line's start, its value the next cell (``${PASSWORD}    v``) or a
    string after it (``@api_key "v"``): a declaration, not a word in a sentence."""
    before = text[max(0, name_at - 24) : name_at]
    found = _DECLARES.search(before.decode("ascii", "ignore") if isinstance(before, bytes) else before)
    if found is None:
        return False
    if found["cell"]:
        return close == "}" and _CELL_GAP.fullmatch(sep) is not None
    return not close and bool(quote) and not sep.strip()


_RUN = re.compile(r"[A-Za-z0-9]{10,}")
#: A call's name whose first word says it reads, checks or makes the secret rather than being given it: its argument
#: is a name or a user (``getPassword("db")``, ``verify_token(x)``, ``generateSecret("label")``).
_READS = re.compile(
    r"^[._]?(?:get|fetch|read|load|has|is|delete|del|remove|find|lookup|describe|list|validate|check|verify|compare"
    r"|hash|encode|decode|parse|print|log|format|require|assert|expect|mask|redact|clear|reset|rotate|revoke"
    r"|generate|gen|create|new|make|refresh|exchange|request|issue|lookup)(?![a-z])",
    re.IGNORECASE,
)
#: Words joined as code joins them: ``API_TOKEN``, ``aws_secret_access_key``, ``x-api-key``, ``db.password``.
_JOINED = re.compile(r"[A-Za-z0-9][_.\-][A-Za-z]")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
#: Hex digits in groups of other lengths, as some services issue keys (four to twelve digits a group, 24 or more in
#: all): a UUID's kin, not a date or a version.
_HEX_GROUPS = re.compile(r"(?=(?:[0-9a-f]-?){24})[0-9a-f]{4,12}(?:-[0-9a-f]{4,12}){2,7}")


def _issued_hex(value: str) -> bool:
    """Whether a value is a UUID, or hex (undashed of 32 digits or more, or in dashed groups) with letters and
    digits both in it."""
    if _UUID.fullmatch(value) is not None:
        return True
    if PLAIN_HEX.fullmatch(value) is not None:  # a key of 32 hex digits or more, undashed, of one case
        return _hex_key(value)
    return (
        _HEX_GROUPS.fullmatch(value.lower()) is not None
        and any(c.isdigit() for c in value)
        and any(c.isalpha() for c in value)
        and (value.islower() or value.isupper())
    )
