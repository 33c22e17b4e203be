"""The credential formats redaction finds (see the package): each a pattern and the anchors it is tried at."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from . import (
    columns,
    commands,
    configs,
    encoded,
    fields,
    generic,
    inserts,
    keys,
    pairs,
    placed,
    positional,
    printed,
    shaped,
    shapes,
    stores,
    tables,
    told,
    values,
    vendors,
    wallets,
)
from .rule import _NOT_ASCII, Rule, compiled_spelling

__all__ = ["LONGEST", "RULES", "Rule", "compiled_spelling"]

#: No match of a rule is longer than this many characters (or bytes), except a PEM block's (which a stream holds
#: whole; see Redactor.stream): a rule's repeats are bounded so, and a stream cut this far before its end cuts no
#: match.
LONGEST = 4096
#: The most characters one run of a token's alphabet is read for.
_MOST = 2048
#: The longest a PEM block is read for (a 16384-bit RSA key is 13 KB).
_PEM_MOST = 65536

#: Where a word may start: after a character that is not a word's, or after a JSON escape (``\n``, ``\t``).
_START = r"(?:\b|(?<=\\[nrt]))"
#: Where a token may start: not inside a run of a token's characters (but after a JSON escape).
_NOT_AFTER_TOKEN = r"(?:(?<![A-Za-z0-9_\-])|(?<=\\[nrt]))"
_B64URL = r"[A-Za-z0-9_\-]"
_PEM = r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----"
#: A value assigned to a name that says it is secret: 8 or more characters with a letter and a digit in them, so
#: ``password = getpass()`` or ``token = self.token`` stay as they are. A password may hold letters outside ASCII
#: (``pässwort123``): this class alone takes them, counted in characters in a text and in bytes in a stream, so
#: a stream may take a value of fewer than 8 such characters that the whole text would leave. A control character
#: ends it (a terminal's colour code after the value, as ``\u001b`` ends it in a JSON string).
_VALUE_CHAR = r"""[^\s\x00-\x1f\x7f"'`,;{}()\[\]<>\\]"""
_VALUE = rf"(?={_VALUE_CHAR}{{0,512}}\d)(?={_VALUE_CHAR}{{0,512}}[A-Za-z]){_VALUE_CHAR}{{8,2048}}"


def _rule(
    kind: str,
    anchors: str | tuple[str, ...],
    pattern: str,
    folded: bool = False,
    back: int = 0,
    exact: bool = False,
    accept: Callable[[re.Match[Any], str | bytes], bool] | None = None,
    scan: str | None = None,
) -> Rule:
    # a word starts after a JSON escape too: "...\nghp_..." in a JSON document's string
    pattern = re.sub(r"\\b(?=[A-Za-z(])", lambda _: _START, pattern)
    return Rule(
        kind,
        tuple(anchors.split()) if isinstance(anchors, str) else anchors,
        pattern,
        folded,
        back,
        exact,
        accept,
        scan,
    )


def _prefixed(kind: str, prefixes: str, body: str) -> Rule:
    """A token known by its prefix (any of ``prefixes``), followed by ``body``, standing as a word of its own."""
    alternatives = "|".join(re.escape(p) for p in prefixes.split())
    return _rule(kind, prefixes, rf"{_NOT_AFTER_TOKEN}(?:{alternatives}){body}(?![A-Za-z0-9_\-])")


#: Words that, standing before ``key`` (with ``_``, ``-`` or nothing between), make a name for a secret:
#: ``x-api-key``, ``DD_APP_KEY``, ``AccountKey``, ``SharedAccessKey``, ``secret_key``.
_KEY_WORDS = (
    "api app application access auth private master account signing encryption secret secretaccess "
    "secret_access sharedaccess shared_access"
).split()


def _key_names() -> str:
    """``key`` preceded by one of _KEY_WORDS: one look-behind per width (Python's must be fixed), so a "key" in
    ordinary code costs a few comparisons."""
    by_width: dict[int, list[str]] = {}
    for word in _KEY_WORDS:
        for sep in ("", "_", "-"):
            by_width.setdefault(len(word) + len(sep), []).append(re.escape(word + sep))
    return "(?:" + "|".join(f"(?<={'|'.join(words)})" for words in by_width.values()) + ")key"


#: Names that say the value given them is secret (a key of JSON or YAML, a variable, a header, a flag), matched
#: from where their anchor stands: ``DB_PASSWORD``, ``client_secret``, ``secret_key_base``, ``x-api-key``.
_NAMES = rf"passw(?:or)?d|passphrase|secret(?:[_-]?key(?:[_-]?base)?)?|token|{_key_names()}(?:[_-]?base)?"

#: "token" as the names rule can take it: followed by a quote, a backslash, ``:`` or ``=``, or by white space
#: and then more of it, ``:`` or ``=``. The word is common in logs ("session token expired", "tokens: 120"), and a
#: try of the rule at each would be most of redacting them.
_TOKEN_ANCHORS = tuple(
    [f"token{c}" for c in "\"'\\:="] + [f"token{a}{b}" for a in " \t\r\n\f\v" for b in " \t\r\n\f\v:="]
)

#: In order: where two would replace overlapping text, the earlier wins (a JWT sent as a bearer token is a JWT).
#: Where a pattern has a group named ``secret``, only that part is replaced.
RULES: tuple[Rule, ...] = (
    # a whole block, or what there is of one cut off before its END line
    _rule(
        "private_key",
        "PRIVATE",
        rf"{_PEM}(?:[\x00-\x7f]{{0,{_PEM_MOST}}}?-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----"
        # or its lines so far, also in a JSON string (``\n``), indented (a YAML block) and after a log's stamp
        # (``2026-03-11T08:12:40Z ``)
        r"|(?:(?:\r?\n|\\(?:r\\)?n)[ \t]{0,40}(?:[\x21-\x7e]{1,40}[ \t])?[A-Za-z0-9+/=]+)+)",
        back=40,
    ),
    # a private key's block in base64 once more (kubeconfig's client-key-data, a Secret's tls.key)
    _rule("private_key", encoded.PEM_B64_ANCHORS, encoded.PEM_B64, accept=encoded.pem_b64),
    _rule("private_key", encoded.DER_B64_ANCHORS, encoded.DER_B64, accept=encoded.der_b64),
    _rule("private_key", encoded.KEYSTORE_B64_ANCHORS, encoded.KEYSTORE_B64, accept=encoded.keystore_b64),
    _rule("anthropic_key", "sk-ant-", rf"\bsk-ant-(?:api|admin|sid)\d\d-{_B64URL}{{32,{_MOST}}}"),
    _rule(
        "openai_key",
        "sk-",
        rf"\bsk-(?:proj|svcacct|admin)-{_B64URL}{{20,{_MOST}}}|\bsk-[A-Za-z0-9]{{20}}T3BlbkFJ[A-Za-z0-9]{{20}}",
    ),
    _rule(
        "github_token",
        "ghp_ gho_ ghu_ ghs_ ghr_ github_pat_",
        r"\bgh[pousr]_[A-Za-z0-9]{36,255}\b|\bgithub_pat_[A-Za-z0-9_]{60,255}\b",
    ),
    _rule("gitlab_token", "glpat-", rf"\bglpat-{_B64URL}{{20,{_MOST}}}"),
    _rule("aws_access_key", "AKIA ASIA ABIA ACCA", r"\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b"),
    _rule(
        "aws_secret_key",
        "aws_secret awssecret",
        r"(?i:aws_?secret_?(?:access_?)?key)\\{0,8}[\"']?\s{0,16}[:=]\s{0,16}\\{0,8}[\"']?"
        r"(?P<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])",
        folded=True,
    ),
    # an STS session token: base64 of a serialised structure whose first bytes are always the same
    _rule(
        "aws_session_token",
        "IQoJb3JpZ2luX2Vj FwoGZXIvYXdzE",
        r"\b(?:IQoJb3JpZ2luX2Vj|FwoGZXIvYXdzE)[A-Za-z0-9+/]{80,2048}={0,2}",
    ),
    _rule(
        "slack_token",
        "xox xapp-",
        r"\bxox[abposr]-[A-Za-z0-9-]{10,2048}|\bxapp-\d-[A-Z0-9]{6,16}-\d{6,16}-[a-f0-9]{32,128}\b",
    ),
    _rule(
        "slack_webhook",
        "hooks.slack.com",
        r"https://hooks\.slack\.com/(?:services|workflows)/[A-Za-z0-9/_]{20,2048}",
        back=8,
    ),
    _rule(
        "discord_webhook",
        "/api/webhooks/",
        r"https://(?:(?:ptb|canary)\.)?discord(?:app)?\.com/api/webhooks/\d{5,30}/[A-Za-z0-9_-]{40,100}",
        back=34,
    ),
    _rule(
        "teams_webhook",
        ".webhook.office.com/",
        r"https://[A-Za-z0-9-]{1,64}\.webhook\.office\.com/[A-Za-z0-9@/_-]{60,512}",
        back=72,
    ),
    _rule("google_api_key", "AIza", rf"\bAIza{_B64URL}{{35}}(?!{_B64URL})"),
    _rule("google_oauth_token", "ya29.", rf"\bya29\.{_B64URL}{{20,{_MOST}}}"),
    _prefixed("google_oauth_secret", "GOCSPX-", r"[A-Za-z0-9_-]{28}"),
    _rule("firebase_key", ":APA91b", r"\bAAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{100,300}", back=11, exact=True),
    _rule(
        "azure_ad_secret",
        "Q~",
        r"(?:(?<![A-Za-z0-9_~.-])|(?<=\\[nrt]))[A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])",
        back=4,
        exact=True,
    ),
    _rule("azure_sas_signature", "sig=", r"[?&;]sig=(?P<secret>[A-Za-z0-9%+/=_\-]{20,256})", back=1, exact=True),
    # anchored on the whole prefix: ``_test_`` alone stands all over test code, where each would cost a try; the
    # body taken to the token's end where other issuers' keys of the same prefix run on past a dash
    _rule(
        "stripe_key",
        "sk_live_ rk_live_ sk_test_ rk_test_",
        r"\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{20,2048}(?:[_-][A-Za-z0-9]{1,256}){0,4}",
    ),
    _rule("npm_token", "npm_", r"\bnpm_[A-Za-z0-9]{36}\b"),
    _rule("huggingface_token", "hf_", r"\bhf_[A-Za-z0-9]{34,2048}\b"),
    *(_prefixed(kind, prefixes, body) for kind, prefixes, body in vendors.PREFIXED),
    *(_rule(kind, anchors, pattern, back=back, exact=True) for kind, anchors, pattern, back in vendors.SHAPES),
    _rule("azure_key", vendors.AZURE_SIGNED_ANCHORS, vendors.AZURE_SIGNED, back=vendors.AZURE_SIGNED_BACK),
    _rule("token", vendors.FRAMED_ANCHORS, vendors.FRAMED),
    _rule("token", vendors.URL_KEY_ANCHORS, vendors.URL_KEY),
    _rule("token", vendors.LOGGLY_SD_ANCHORS, vendors.LOGGLY_SD, back=vendors.LOGGLY_SD_BACK, exact=True),
    _rule(
        "mailchimp_key", "-us", rf"{_NOT_AFTER_TOKEN}[a-f0-9]{{32}}-us\d{{1,2}}(?![A-Za-z0-9_-])", back=32, exact=True
    ),
    _rule(
        "telegram_bot_token",
        ":AA",
        r"(?:(?<![A-Za-z0-9_:-])|(?<=bot)|(?<=\\[nrt]))\d{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])",
        back=10,
    ),
    # ours (storage/keys.py makes them): mcx_, a 12-hex id, 43 url-safe characters of secret
    _rule("mcp_context_key", "mcx_", r"\bmcx_[0-9a-f]{12}_[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])"),
    _rule("private_key", keys.JWK_PRIVATE_ANCHORS, keys.JWK_PRIVATE, accept=keys.jwk_private),
    _rule("private_key", keys.HEX_KEY_ANCHORS, keys.HEX_KEY, accept=keys.hex_key),
    _rule("private_key", keys.XML_RSA_ANCHORS, keys.XML_RSA, accept=keys.xml_rsa),
    _rule("private_key", keys.KEYTAB_KEY_ANCHORS, keys.KEYTAB_KEY, accept=keys.keytab_key),
    _rule("private_key", wallets.WIF_ANCHORS, wallets.WIF, folded=True, accept=wallets.wif),
    Rule("mnemonic", wallets.MNEMONIC_ANCHORS, r"(?!)", folded=True, finder=wallets.mnemonics),
    _rule("private_key", wallets.WIF_ALONE_ANCHORS, wallets.WIF_ALONE, accept=wallets.wif),
    _rule("password", encoded.PRINTABLE_HEX_ANCHORS, encoded.PRINTABLE_HEX, folded=True, accept=encoded.printable_hex),
    _rule("jwt", "eyJ", rf"\beyJ{_B64URL}{{8,1024}}\.eyJ{_B64URL}{{8,1024}}\.{_B64URL}{{16,1024}}"),
    _rule("jwt", encoded.JWS_ANCHORS, encoded.JWS, accept=encoded.jws),
    _rule("jwt", encoded.JWT_B64_ANCHORS, encoded.JWT_B64, accept=encoded.jwt_b64),
    _rule("token", encoded.JSON_BODY_ANCHORS, encoded.JSON_BODY),
    _rule("password", encoded.SASL_ANCHORS, encoded.SASL, folded=True, accept=encoded.sasl),
    # a URL's password (redis://:pw@host has no user name)
    _rule(
        "url_password",
        "://",
        rf"://[^\s:/?#@\"'<>\[\]{_NOT_ASCII}]{{0,256}}:(?P<secret>[^\s/?#@\"'<>{_NOT_ASCII}]{{1,256}})@",
        accept=values.url_password,
    ),
    _rule(
        "bearer_token",
        "bearer",
        # an account's name may stand before the token (Checkmk's ``Bearer automation <secret>``)
        r"(?i:\bauthorization\s{0,16}:\s{0,16}bearer)\s{1,16}(?:[a-z][a-z0-9_.\-]{0,31}[ \t]{1,4}(?=[A-Za-z0-9]{20}))?"
        r"(?P<secret>[A-Za-z0-9._~+/%!\-]{20,2048}={0,2})",
        True,
        40,
    ),
    # the other schemes of an Authorization header: Basic (user:password in base64), Token, Bot, SSWS, key=
    _rule(
        "authorization",
        "authorization",
        r"(?i:authorization[\"']?\s{0,16}[:=]\s{0,16}[\"']?(?:basic|token|bot|ssws|key=|digest))"
        r"\s{0,16}(?P<secret>[A-Za-z0-9._~+/!\-:]{8,2048}={0,2})",
        folded=True,
    ),
    # "auth" in a Docker config: user:password in base64
    _rule(
        "docker_auth",
        '"auth" \\"auth\\"',
        r"\\{0,8}\"auth\\{0,8}\"\s{0,16}:\s{0,16}\\{0,8}\"(?P<secret>[A-Za-z0-9+/]{8,2048}={0,2})\\{0,8}\"",
    ),
    # curl -u user:password, --user user:password (its quotes JSON-escaped too: a command inside a transcript)
    _rule(
        "password",
        "curl",
        rf"\bcurl\b[^\n\\{_NOT_ASCII}]{{0,1024}}?\s(?:-u|--user)[ =\t]{{0,4}}(?P<q>(?:\\{{0,8}}['\"])?)"
        rf"[^\s:'\"\\{_NOT_ASCII}]{{0,256}}:(?P<secret>[^\s'\"\\{_NOT_ASCII}]{{1,256}})(?P=q)",
    ),
    # mysql -pPASSWORD, sshpass -p PASSWORD
    _rule(
        "password",
        "mysql",
        rf"\bmysql(?:dump|admin)?\b[^\n\\{_NOT_ASCII}]{{0,512}}?\s-p"
        rf"(?P<secret>[^\s'\"\\{_NOT_ASCII}-][^\s'\"\\{_NOT_ASCII}]{{3,256}})",
    ),
    # Sybase's and SQL Server's clients: ``isql -Usa -Ppw``, ``sqlcmd -S db -U sa -P pw``, ``bcp ... -P pw``
    _rule(
        "password",
        ("isql", "sqlcmd", "osql", "bcp "),
        rf"\b(?:isql|sqlcmd|osql|bcp)\b[^\n\\{_NOT_ASCII}]{{0,256}}?[ \t]-P[ \t]{{0,4}}(?P<q>['\"]?)"
        rf"(?P<secret>[^\s'\"\\{_NOT_ASCII}-][^\s'\"\\{_NOT_ASCII}]{{3,255}})(?P=q)(?=[\s;|&)]|\\[nrt]|$)",
        accept=commands.given_password,
    ),
    # Teradata BTEQ's logon: ``.LOGON host/user,password;``
    _rule(
        "password",
        (".LOGON", ".logon", ".Logon"),
        rf"(?:(?<![\w.])|(?<=\\[nrt]))\.(?i:logon)[ \t]{{1,16}}"
        rf"(?:[^\s/,;{_NOT_ASCII}]{{1,256}}/)?[^\s/,;{_NOT_ASCII}]{{1,128}},"
        rf"(?P<secret>[^\s;'\"\\{_NOT_ASCII}]{{1,256}})(?=[ \t]{{0,4}}(?:;|\r?\n|\\[rn]|$))",
        accept=commands.given_password,
    ),
    _rule(
        "password",
        "sshpass",
        rf"\bsshpass\s{{1,16}}-p\s{{0,16}}(?P<q>['\"]?)(?P<secret>[^\s'\"\\{_NOT_ASCII}]{{1,256}})(?P=q)",
    ),
    # .netrc: password followed by the end of the line or the file's next word
    _rule(
        "password",
        "password",
        rf"\bpassword[ \t]{{1,16}}(?P<secret>{_VALUE})"
        r"(?=[ \t]{0,16}(?:\r?\n|\\[rn]|$|(?:machine|login|account|default)\b))",
    ),
    # the same in capitals, as a mainframe's FTP client reads it (``MACHINE host LOGIN user PASSWORD pw``)
    _rule(
        "password",
        "MACHINE",
        rf"\bMACHINE[ \t]{{1,16}}\S{{1,256}}[ \t]{{1,16}}LOGIN[ \t]{{1,16}}\S{{1,256}}"
        rf"[ \t]{{1,16}}PASSWORD[ \t]{{1,16}}"
        rf"(?P<secret>{_VALUE})(?=[ \t]{{0,16}}(?:\r?\n|\\[rn]|$|ACCOUNT\b))",
    ),
    # PHP's define('DB_PASSWORD', '...')
    _rule(
        "password",
        "define(",
        # (its quotes escaped too: the file inside a JSON string)
        r"\bdefine\(\s{0,16}\\{0,8}['\"][A-Z0-9_]{0,64}(?:PASSWORD|SECRET|KEY|TOKEN)\\{0,8}['\"]\s{0,16},\s{0,16}"
        rf"(?P<q>\\{{0,8}}['\"])(?P<secret>[^'\"\n\\{_NOT_ASCII}]{{4,256}})(?P=q)",
    ),
    # an environment file's line, its value to the line's end (see configs): before the first form, ended by a sign
    _rule("password", configs.ENV_LINE_ANCHORS, configs.ENV_LINE, accept=configs.env_line),
    _rule(
        "password",
        # each name the pattern allows starts at one (not "api": rapid, capital)
        ("passw", "passp", "secret", "key", *_TOKEN_ANCHORS),
        # the quotes may be escaped, and the line ends too: JSON text held in a string of a JSON document; a value
        # on the next line only in quotes (``x_token =`` over ``"v"``; an unquoted line below is the next statement)
        rf"(?<!\[)(?i:(?:{_NAMES})(?:\\{{0,8}}[\"'])?\s{{0,16}}[:=]"
        rf"(?:[ \t]{{0,16}}|(?:\s|\\[nrt]){{1,16}}(?=\\{{0,8}}[\"'])))"
        rf"(?P<q>(?:\\{{0,8}}[\"'])?)(?P<secret>{_VALUE})(?P=q)",
        folded=True,
    ),
    # any scheme of an Authorization header, or a bearer token wherever it is sent (signs too: a CRM's session id
    # holds a "!" between its organisation's id and its random part)
    _rule(
        "authorization",
        "authorization",
        r"(?i:authorization)\\{0,8}[\"']?\]?\s{0,16}[:=]\s{0,16}\\{0,8}[\"']?[A-Za-z][A-Za-z0-9_.-]{1,24}[ \t]{1,8}"
        r"(?P<secret>[A-Za-z0-9._~+/!\-:]{8,2048}={0,2})(?![A-Za-z0-9._~+/!\-:=])",
        folded=True,
        accept=lambda m, text: values.plausible_value(values.ascii_of(m.group("secret")), False),
    ),
    _rule(
        "bearer_token",
        "bearer",
        r"(?i:bearer)[ \t]{1,8}(?P<secret>[A-Za-z0-9._~+/%!\-]{16,2048}={0,2})(?![A-Za-z0-9._~+/%!\-=])",
        folded=True,
        accept=lambda m, text: values.plausible_value(values.ascii_of(m.group("secret")), False),
    ),
    # a value given any name that says secret, in any syntax (see generic)
    _rule("secret", generic.NAMED_ANCHORS, generic.NAMED, folded=True, accept=generic.named_value),
    _rule("secret", generic.SESSION_ANCHORS, generic.NAMED, accept=generic.named_value),
    _rule("secret", generic.PAT_ANCHORS, generic.PAT, accept=generic.named_value),
    _rule("secret", tables.TABLE_ROW_ANCHORS, tables.TABLE_ROW, folded=True, accept=tables.table_row),
    # a secret's column under a header that names it, every row (see columns)
    Rule("secret", columns.CSV_ANCHORS, r"(?!)", folded=True, finder=columns.csv_rows),
    Rule("secret", columns.BAR_ANCHORS, r"(?!)", finder=columns.bar_rows),
    Rule("secret", columns.QUERY_ANCHORS, r"(?!)", folded=True, finder=columns.query_rows),
    Rule("password", columns.FIELDS_ANCHORS, r"(?!)", finder=columns.fields_rows),
    Rule("password", configs.SECTION_ANCHORS, r"(?!)", folded=True, finder=configs.section_values),
    Rule("secret", inserts.ANCHORS, r"(?!)", folded=True, finder=inserts.insert_rows),
    Rule("secret", inserts.CREATE_ANCHORS, r"(?!)", folded=True, finder=inserts.defined_rows),
    _rule("secret", shaped.NEARBY_ANCHORS, shaped.NEARBY, folded=True, accept=shaped.nearby_value),
    # "password", as the first form names what it takes over the same line break in a text (``token:\n\n  v``)
    _rule("password", shaped.NEXT_LINE_ANCHORS, shaped.NEXT_LINE, folded=True, accept=shaped.next_line),
    # a token of a prefix and a random tail, whoever issues it (see generic)
    _rule("token", (), shaped.SHAPED, accept=shaped.shaped_token, scan=shaped.SHAPED_SCAN),
    # a password or a key by the shape of where it stands, whatever tool holds it (see shapes)
    _rule("password", shapes.PASSWORD_FLAG_ANCHORS, shapes.PASSWORD_FLAG, accept=shapes.password_flag),
    _rule("password", (), shapes.COLON_FIELDS, accept=shapes.colon_fields, scan=shapes.COLON_FIELDS_SCAN),
    _rule("secret", shapes.USER_KEY_ANCHORS, shapes.USER_KEY, accept=shapes.user_key),
    _rule("signature", shapes.SIGNATURE_ANCHORS, shapes.SIGNATURE, folded=True, accept=shapes.signed_url),
    _rule("secret", shapes.COOKIE_JAR_ANCHORS, shapes.COOKIE_JAR, accept=shapes.cookie_line),
    _rule("cookie", shapes.COOKIE_HEADER_ANCHORS, shapes.COOKIE_HEADER, folded=True, accept=shapes.cookie_header),
    _rule("secret", pairs.PAIR_VALUE_ANCHORS, pairs.PAIR_VALUE, folded=True, accept=pairs.pair_value),
    _rule("secret", stores.TYPED_ANCHORS, stores.TYPED, accept=stores.typed),
    _rule("secret", stores.REPLY_ANCHORS, stores.REPLY, accept=stores.reply),
    _rule("password", shapes.IDENTIFIED_BY_ANCHORS, shapes.IDENTIFIED_BY, folded=True, accept=shapes.identified_by),
    _rule("secret", shapes.HEREDOC_ANCHORS, shapes.HEREDOC, accept=shapes.heredoc),
    _rule("secret", shapes.DEFAULT_ANCHORS, shapes.DEFAULT, folded=True, accept=shapes.default_value),
    _rule("private_key", shapes.PUTTY_ANCHORS, shapes.PUTTY),
    _rule("password", (), shapes.LOGIN_AT, accept=shapes.login_at, scan=shapes.LOGIN_AT_SCAN),
    _rule("password", configs.USER_LINE_ANCHORS, configs.USER_LINE, accept=configs.user_line),
    _rule("password", configs.ARGV_PAIR_ANCHORS, configs.ARGV_PAIR, back=13, accept=configs.argv_pair),
    _rule("password", configs.GO_DSN_ANCHORS, configs.GO_DSN, back=configs.GO_DSN_BACK, accept=commands.made_password),
    _rule("secret", configs.PRINTED_FIELD_ANCHORS, configs.PRINTED_FIELD, back=64, accept=configs.printed_field),
    _rule("secret", configs.KEY_FILE_LINE_ANCHORS, configs.KEY_FILE_LINE, back=configs.KEY_FILE_LINE_BACK),
    _rule("webhook", shapes.WEBHOOK_ANCHORS, shapes.WEBHOOK, back=5, accept=shapes.webhook),
    _rule("secret", shapes.BLOCK_ANCHORS, shapes.BLOCK, accept=shapes.block),
    _rule("password", shapes.PW_FLAG_ANCHORS, shapes.PW_FLAG, accept=shapes.given),
    _rule("password", shapes.FLAG_PAIR_ANCHORS, shapes.FLAG_PAIR, accept=shapes.flag_pair),
    _rule("secret", shapes.BUNDLER_ANCHORS, shapes.BUNDLER, accept=shapes.bundler),
    _rule("token", shapes.PATH_TOKEN_ANCHORS, shapes.PATH_TOKEN, accept=shapes.path_token),
    _rule("secret", shapes.PROMPT_OUTPUT_ANCHORS, shapes.PROMPT_OUTPUT, accept=shapes.prompt_output),
    # a password or a secret given by position (see commands)
    _rule("password", commands.LOGIN_CALL_ANCHORS, commands.LOGIN_CALL, accept=commands.made_password),
    _rule("password", commands.CONNECT_CALL_ANCHORS, commands.CONNECT_CALL, accept=commands.made_password),
    _rule("password", commands.PIPED_ANCHORS, commands.PIPED, accept=commands.piped),
    _rule("password", commands.USER_VERB_ANCHORS, commands.USER_VERB, accept=commands.made_password),
    _rule("password", commands.AUTH_PAIR_ANCHORS, commands.AUTH_PAIR, accept=commands.made_password),
    _rule("secret", commands.SET_FLAG_ANCHORS, commands.SET_FLAG, accept=commands.set_flag),
    _rule("password", commands.REDIS_AUTH_ANCHORS, commands.REDIS_AUTH, accept=commands.made_password),
    _rule("password", commands.ORACLE_ANCHORS, commands.ORACLE, accept=commands.given_password),
    _rule("password", commands.SAMBA_USER_ANCHORS, commands.SAMBA_USER, accept=commands.given_password),
    _rule("password", commands.TOLD_ANCHORS, commands.TOLD, folded=True, accept=commands.made_password),
    _rule("password", commands.WRAPPED_ANCHORS, commands.WRAPPED, folded=True, accept=commands.made_password),
    _rule("password", commands.ANSWERED_ANCHORS, commands.ANSWERED, accept=commands.given_password),
    _rule("password", positional.POSITIONAL_ANCHORS, positional.POSITIONAL, accept=commands.given_password),
    _rule("token", positional.JOIN_TOKEN_ANCHORS, positional.JOIN_TOKEN),
    _rule("secret", commands.KEYED_CALL_ANCHORS, commands.KEYED_CALL, accept=commands.made_password),
    _rule("password", commands.SECURE_STRING_ANCHORS, commands.SECURE_STRING, folded=True),
    _rule("password", commands.ZK_DIGEST_ANCHORS, commands.ZK_DIGEST, accept=commands.made_password),
    _rule("password", configs.PLAIN_SCHEME_ANCHORS, configs.PLAIN_SCHEME),
    _rule("token", commands.CREDENTIAL_VERB_ANCHORS, commands.CREDENTIAL_VERB, accept=commands.credential_verb),
    _rule("password", commands.SLASH_FLAG_ANCHORS, commands.SLASH_FLAG, folded=True, accept=commands.made_password),
    _rule("password", commands.REDIS_ACL_ANCHORS, commands.REDIS_ACL, accept=commands.given_password),
    _rule("secret", commands.CI_VARIABLE_ANCHORS, commands.CI_VARIABLE, accept=commands.ci_variable),
    _rule("secret", commands.ADD_MASK_ANCHORS, commands.ADD_MASK),
    _rule("password", commands.PHRASE_FLAG_ANCHORS, commands.PHRASE_FLAG, accept=commands.given_password),
    _rule("secret", commands.OTP_SEED_ANCHORS, commands.OTP_SEED, accept=commands.otp_seed),
    _rule("password", commands.ASKPASS_ANCHORS, commands.ASKPASS, folded=True, accept=commands.given_password),
    _rule("password", commands.SENT_BODY_ANCHORS, commands.SENT_BODY, accept=commands.made_password),
    _rule("password", shaped.REPORTED_ANCHORS, shaped.REPORTED, folded=True, accept=commands.made_password),
    _rule("password", shaped.NEW_ANCHORS, shaped.NEW_PASSWORD, folded=True, accept=commands.made_password),
    _rule("password", shaped.WIFI_KEY_ANCHORS, shaped.WIFI_KEY, folded=True, accept=commands.made_password),
    _rule("token", placed.USER_AS_KEY_ANCHORS, placed.USER_AS_KEY, accept=placed.user_as_key),
    _rule("token", placed.ENCODED_USER_ANCHORS, placed.ENCODED_USER, folded=True, accept=placed.user_as_key),
    _rule("password", placed.ENCODED_USER_ANCHORS, placed.ENCODED_PAIR, folded=True, accept=commands.given_password),
    # keys and passwords by their place where no name stands beside them (see placed, told)
    _rule("token", placed.QUERY_KEY_ANCHORS, placed.QUERY_KEY, folded=True, accept=placed.query_key),
    _rule("token", placed.CURL_USER_ANCHORS, placed.CURL_USER, accept=placed.curl_user),
    _rule("token", placed.CLIENT_ID_ANCHORS, placed.CLIENT_ID, folded=True, accept=placed.client_id),
    _rule("password", placed.STATEMENT_ANCHORS, placed.STATEMENT, folded=True, accept=placed.statement),
    _rule("secret", placed.BLOCK_VALUE_ANCHORS, placed.BLOCK_VALUE, folded=True, accept=placed.block_value),
    _rule("cookie", placed.COOKIE_CALL_ANCHORS, placed.COOKIE_CALL, accept=placed.cookie_call),
    _rule("password", placed.CONNECT_USING_ANCHORS, placed.CONNECT_USING, accept=placed.connect_using),
    _rule("password", placed.UCI_KEY_ANCHORS, placed.UCI_KEY, accept=placed.uci_key),
    _rule("token", placed.OPTIONS_KEY_ANCHORS, placed.OPTIONS_KEY, accept=placed.options_key),
    _rule("token", placed.TOKEN_FLAG_ANCHORS, placed.TOKEN_FLAG, accept=placed.token_flag),
    _rule("password", told.TOLD_PAIR_ANCHORS, told.TOLD_PAIR, folded=True, accept=told.told_pair),
    _rule("password", told.SLASH_PAIR_ANCHORS, told.SLASH_PAIR, accept=told.slash_pair),
    _rule("password", told.PROMPT_ANSWER_ANCHORS, told.PROMPT_ANSWER, folded=True, accept=told.prompt_answer),
    _rule("password", told.DIALOGUE_ANCHORS, told.DIALOGUE, folded=True, accept=commands.given_password),
    _rule("password", told.CONSOLE_ANSWER_ANCHORS, told.CONSOLE_ANSWER, folded=True, accept=commands.given_password),
    _rule("secret", commands.ECHO_INTO_ANCHORS, commands.ECHO_INTO, accept=commands.echo_into),
    _rule("token", placed.CLASS_KEY_ANCHORS, placed.CLASS_KEY, accept=placed.class_key),
    _rule("secret", pairs.NAME_VALUE_ANCHORS, pairs.NAME_VALUE, accept=pairs.name_value),
    _rule("secret", pairs.PAIR_ANCHORS, pairs.PAIR, accept=pairs.name_value),
    _rule("secret", pairs.SQL_SETTING_ANCHORS, pairs.SQL_SETTING, folded=True, accept=pairs.sql_setting),
    Rule("secret", pairs.LISTED_ANCHORS, r"(?!)", folded=True, finder=pairs.listed),
    _rule("password", configs.DEVICE_SECRET_ANCHORS, configs.DEVICE_SECRET, accept=commands.given_password),
    _rule("password", commands.CONTROL_AUTH_ANCHORS, commands.CONTROL_AUTH, accept=commands.given_password),
    _rule("secret", pairs.HEADER_SET_ANCHORS, pairs.HEADER_SET, accept=pairs.name_value),
    _rule("token", placed.PATH_NAMED_ANCHORS, placed.PATH_NAMED, back=placed.PATH_NAMED_BACK, accept=placed.path_named),
    _rule("token", commands.TOKEN_AS_USER_ANCHORS, commands.TOKEN_AS_USER, accept=commands.token_as_user),
    _rule("password", commands.JOB_ARGS_ANCHORS, commands.JOB_ARGS, accept=commands.made_password),
    _rule("secret", placed.SET_NAMED_ANCHORS, placed.SET_NAMED, accept=placed.set_named),
    _rule("password", placed.SMB_WORKGROUP_ANCHORS, placed.SMB_WORKGROUP, accept=commands.given_password),
    _rule("password", commands.FLAG_GIVEN_ANCHORS, commands.FLAG_GIVEN, accept=commands.given_password),
    _rule("password", placed.QUERY_PASSWORD_ANCHORS, placed.QUERY_PASSWORD, folded=True, accept=placed.query_password),
    _rule("password", placed.SETUP_CODE_ANCHORS, placed.SETUP_CODE, folded=True),
    _rule("password", fields.REG_VALUE_ANCHORS, fields.REG_VALUE, accept=fields.reg_value),
    _rule("password", fields.FILLED_FIELD_ANCHORS, fields.FILLED_FIELD, back=160, accept=fields.filled_field),
    _rule("password", fields.CREATED_USER_ANCHORS, fields.CREATED_USER, accept=fields.created_user),
    _rule("password", commands.GCODE_PASSWORD_ANCHORS, commands.GCODE_PASSWORD),
    _rule(
        "token",
        placed.URL_PATH_TOKEN_ANCHORS,
        placed.URL_PATH_TOKEN,
        back=placed.URL_PATH_TOKEN_BACK,
        accept=placed.url_path_token,
    ),
    _rule("secret", printed.LABELLED_ANCHORS, printed.LABELLED, folded=True, accept=printed.labelled),
    _rule("password", printed.KEY_CONTENT_ANCHORS, printed.KEY_CONTENT, accept=commands.given_password),
    Rule("password", printed.CRACKED_ANCHORS, r"(?!)", finder=printed.cracked_rows),
    _rule("secret", printed.FILE_HEADED_ANCHORS, printed.FILE_HEADED, accept=printed.file_headed),
)
