"""The general rules (mcp_context/redaction/generic.py): a value given any name that says secret, in any syntax;
a token of a short prefix and a random tail, whoever issued it; any Authorization scheme and a bearer token
anywhere. Values are fresh random strings of made-up vendors' shapes, so no rule can know them by their prefix;
look-alikes (identifiers, digests, ids, references, prose) must come through untouched."""

from __future__ import annotations

import base64
import hashlib
import json
import random
import re
import secrets
import string
import uuid
from collections.abc import Callable

import pytest

from mcp_context.redaction import Redactor
from mcp_context.redaction.generic import secret_name
from mcp_context.redaction.shaped import SHAPED_SCAN, random_tail
from mcp_context.redaction.values import plausible_value, random_run

ALNUM = string.ascii_letters + string.digits
#: The draws are fixed: a case fails for its value every run or never (the rules' known gaps on a few random
#: values in a hundred are documented, not drawn anew each run).
RNG = random.Random(20261128)
PLACEHOLDER = re.compile(r"\[secret:([a-z_]+):[0-9a-f]{4}\]")


def rand(n: int, alphabet: str = ALNUM) -> str:
    """Random, with a few digits in it (as a token's body has, but for one in a hundred: the rule finds a token
    where letters and digits alternate twice)."""
    while True:
        out = "".join(RNG.choice(alphabet) for _ in range(n))
        body = "".join(c for c in out if c.isalnum())
        if (random_run(body, 10) and sum(c.isdigit() for c in body) >= 4) or set(alphabet) <= set("0123456789abcdef"):
            return out


def named() -> list[tuple[str, str]]:
    """(text, secret) of a value given a secret's name in the syntaxes of configs, code, headers and commands."""
    v = [rand(32) for _ in range(20)]
    pw = "Tango" + rand(6, string.digits) + "river!"
    return [
        (f"ZORBLAX_API_TOKEN={v[0]}\n", v[0]),
        (f'{{"service": {{"clientSecret": "{v[1]}", "region": "eu"}}}}', v[1]),
        (f'{{"msg": "{{\\"writeKey\\":\\"{v[2]}\\",\\"n\\":2}}"}}', v[2]),
        (f"vendor:\n  signing_key: {v[3]}\n  timeout: 30\n", v[3]),
        (f"curl -H 'X-Zorblax-Token: {v[4]}' https://api.zorblax.dev/v1", v[4]),
        (f"+ ./deploy --api-key {v[5]} --stage prod", v[5]),
        (f"+ ./deploy --auth-token={v[6]}", v[6]),
        (f"ENV ZORBLAX_SECRET {v[7]}\nRUN make", v[7]),
        (f"<config>\n  <apiToken>{v[8]}</apiToken>\n</config>", v[8]),
        (f'<add key="ZorblaxApiKey" value="{v[9]}" />', v[9]),
        (f'os.Setenv("ZORBLAX_TOKEN", "{v[10]}")', v[10]),
        (f'[Service]\nEnvironment="ZORBLAX_CREDENTIALS={v[11]}"\n', v[11]),
        (f'provider "zorblax" {{\n  access_token = "{v[12]}"\n}}\n', v[12]),
        (f'PS> $env:ZORBLAX_AUTH = "{v[13]}"', v[13]),
        (f"spring.zorblax.client-secret={v[14]}\n", v[14]),
        (f"GET /v1/items?api_key={v[15]}&page=2 HTTP/1.1", v[15]),
        (f"const client = new Zorblax({{ apiKey: '{v[16]}' }})", v[16]),
        (f"Server=db;Database=x;User Id=app;Pwd={pw};", pw),
        (f"db_pass: {pw}\n", pw),
    ]


def shaped() -> list[tuple[str, str]]:
    """(text, secret) of tokens of prefixes no rule names, shown where no name says what they are."""
    tokens = [
        "zbx_" + rand(36),
        "qlm-live-" + rand(40, string.ascii_lowercase + string.digits),
        "ZRB_" + rand(30, string.ascii_uppercase + string.digits),
        "tkn." + rand(24, ALNUM + "_-") + "." + rand(30),
        "zbx_" + rand(40, "0123456789abcdef"),
    ]
    where = [
        "2026-04-11 09:02:17 WARNING retry 3/5 using {} for upload",
        "[deploy] configured client with {}",
        '{{"data": "{}", "n": 3}}',
        "upstream rejected {} (401)",
        "$ vendorctl login {}",
    ]
    return [(w.format(t), t) for w, t in zip(where, tokens, strict=True)]


def headers() -> list[tuple[str, str]]:
    v = [rand(40, ALNUM + "-._~") for _ in range(4)]
    return [
        (f"authorization: OAuth {v[0]}\r\nHost: x\r\n", v[0]),
        (f'{{"headers": {{"Authorization": "Token {v[1]}"}}}}', v[1]),
        (f"2026-04-11 DEBUG sending Bearer {v[2]} to the API", v[2]),
        (f"Authorization: ZorblaxAuth {v[3]}\n", v[3]),
    ]


CASES = [("named", c) for c in named()] + [("shaped", c) for c in shaped()] + [("header", c) for c in headers()]


@pytest.mark.parametrize(("text", "secret"), [c for _, c in CASES], ids=[f"{k}-{i}" for i, (k, _) in enumerate(CASES)])
def test_a_secret_of_no_known_vendor_is_caught(text: str, secret: str) -> None:
    out = Redactor("s1").text(text)
    assert secret not in out, out
    assert PLACEHOLDER.search(out), out
    assert out.count("\n") == text.count("\n")
    assert Redactor("s1").text(out) == out, "redacting again changes nothing"


LOOK_ALIKES = [
    "cache_key = f'user:{user_id}:profile'",
    "token_url = 'https://oauth2.example.com/token'",
    "api_key_id: 7c9e6679-7425-40de-944b-e07c0f9a1b3e",
    "password_file = /etc/app/secret.txt",
    "max_tokens = 4096",
    'self.token = os.environ["ZORBLAX_TOKEN"]',
    "ZORBLAX_TOKEN=${{ secrets.ZORBLAX_TOKEN }}",
    "ZORBLAX_TOKEN=$ZORBLAX_TOKEN",
    'password: "changeme"',
    "secret = getpass.getpass()",
    "if token == self.expected_token:",
    "auth-method scram-sha-256",
    "the token expired at 10:02; please log in again",
    f"integrity sha512-{base64.b64encode(hashlib.sha512(b'x').digest()).decode()}",
    f"attr/converters.py,sha256={base64.urlsafe_b64encode(hashlib.sha256(b'y').digest()).decode().rstrip('=')},123",
    f"request_id=req-{uuid.UUID(int=RNG.getrandbits(128), version=4)}",
    f"commit {hashlib.sha1(b'z').hexdigest()} (tag v1.2.3-rc4)",
    "self._arg2node2fixturedefs.setdefault(name, {})",
    "python3.12-dev_3.12.3-1ubuntu0.1_amd64.deb",
    "https://example.org/draft-ietf-http-v10-spec-00.txt",
    "Adding debian:AC_RAIZ_FNMT-RCM_SERVIDORES_SEGUROS.pem",
    "~/.codex/sessions/2026/11/28/rollout-2026-11-28T08-12-59-0199ab4c-1d2e-7f00-9a3b-5c6d7e8f9a0b.jsonl",
    f"toolu_01{rand(22)} finished",
    "Signature: 8a477f597d28d172789f06886806bc55",
]


@pytest.mark.parametrize("text", LOOK_ALIKES, ids=range(len(LOOK_ALIKES)))
def test_look_alikes_of_the_general_rules_stay(text: str) -> None:
    assert Redactor("s1").text(text) == text


def test_names_are_judged_by_their_words() -> None:
    for name in ("DB_PASSWORD", "clientSecret", "x-api-key", "SharedAccessKey", "AUTH_TOKEN", "--pass", "sig"):
        assert secret_name(name), name
    for name in ("token_url", "api_key_id", "password_file", "max_tokens", "publicKey", "author", "monkey"):
        assert not secret_name(name), name


def test_values_are_judged_by_what_a_secret_is_made_of() -> None:
    assert plausible_value(rand(24), password=False)
    assert plausible_value("Summer2024river!", password=True)
    for value in ("changeme", "${TOKEN}", "os.environ", "/etc/secret.pem", "https://x.dev/t", "1234567890", "aaaaaaaa"):
        assert not plausible_value(value, password=False), value


def test_tails_are_random_or_not() -> None:
    assert random_tail("zbx", rand(36))
    assert random_tail("zbx", rand(40, "0123456789abcdef"))
    assert not random_tail("zbx", rand(20, "0123456789abcdef")), "a short hex run is more often a digest"
    assert not random_tail("sha256", rand(36)), "a digest's prefix"
    assert not random_tail("req", str(uuid.UUID(int=RNG.getrandbits(128), version=4)))
    assert not random_tail("draft", "ietf-http-v10-spec-00")


def test_json_escapes_are_never_cut() -> None:
    """Text that is JSON (or JSON in a JSON string) stays valid JSON: no rule takes a backslash or the letter of
    an escape (``\\n``) into what it replaces, and a token right after an escape is still found."""
    token, key = "zbx_" + rand(36), rand(32)
    inner = json.dumps(
        {
            "out": "def _key(self, token: str) -> SigningKey:\n/work/app/auth.py:148:def read(path) -> Key:\n",
            "log": f"retry\n{token}\nusing credentials {key}\tdone",
            "env": f'ZORBLAX_TOKEN="{key}"\n',
        }
    )
    redactor = Redactor("s1")
    for text in (inner, json.dumps({"content": inner})):
        out = redactor.text(text)
        json.loads(out)
        assert token not in out and key not in out, out
        assert "/work/app/auth.py:148" in out


def pick(n: int, alphabet: str) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


def scannable(make: Callable[[], str]) -> str:
    """A token (or a text holding one) the token scan finds (letters and digits alternating twice after a
    separator, as in all but a few random tokens: see rand); the draws it misses are a known gap, not what the
    cases test."""
    while not re.search(SHAPED_SCAN, token := make()):
        pass
    return token


def password() -> str:
    """A password as people pick them: lower case, digits, upper case and a sign."""
    return pick(6, string.ascii_lowercase) + pick(4, string.digits) + pick(4, string.ascii_uppercase) + "!"


def by_shape() -> list[tuple[str, str]]:
    """(text, secret) of credentials known by the shape of where they stand (shapes.py, and the general rules'
    forms of keys): a short flag's password, colon-separated connection lines, a key as basic credentials' user,
    ``pat`` as a name, a UUID key, any key's name with a random value, a secret prefix before
    a UUID, a key printed in groups, hex after an upper-case prefix, a base64 tail."""
    pw = [password() for _ in range(6)]
    key = [rand(48) for _ in range(3)]
    b64 = "Q" + base64.b64encode(RNG.randbytes(36)).decode()  # one starting with "/" is taken for a path
    u = str(uuid.UUID(int=RNG.getrandbits(128), version=4))
    pat = scannable(lambda: f"pat-eu1-{uuid.UUID(int=RNG.getrandbits(128), version=4)}")
    return [
        (f"$ zorb-cli -h cache.internal -p 6379 -a {pw[0]} PING\n", pw[0]),
        (f'qlmsearch -x -D "cn=admin" -w {pw[1]} -b "dc=x"', pw[1]),
        (f"zorbctl --host db -p '{pw[2]}' --dump\n", pw[2]),
        (f"zorbsql -u app -p{pw[3]} shop\n", pw[3]),
        (f"$ cat ~/.zorbpass\ndb.acme.internal:5432:shop:app_rw:{pw[4]}\n", pw[4]),
        (f"*:*:*:readonly:{pw[5]}\n", pw[5]),
        (f'zget -X GET https://api.zorb.io/v2/items -u "{key[0]}:"\n', key[0]),
        (f"  ZORB_DEVOPS_PAT: {pick(52, string.ascii_lowercase + '234567')}\n", None),
        (f"+ ./bin/release --env prod --api-key {u} --verbose\n", u),
        (f"data:\n  zorb-browser-key: {b64}\n", b64),
        (f"[deploy] configured client with {pat} for region eu-central-1\n", pat),
        (scannable(lambda: f"with zm2_{rand(60)}/{rand(40)}+{rand(20)}_ for region eu\n"), None),
        (scannable(lambda: f"with t1.{rand(40, ALNUM + '_-')}.{rand(60)}_ for region eu\n"), None),
    ]


def _secret_of(text: str, secret: str | None) -> str:
    """The secret, or (where the case gives none) the text's last word but the ones around it."""
    if secret is not None:
        return secret
    words = [w for w in re.split(r"[\s:]+", text) if len(w) > 16]
    return words[-1]


SHAPES = by_shape()


@pytest.mark.parametrize(("text", "secret"), SHAPES, ids=range(len(SHAPES)))
def test_a_credential_is_caught_by_the_shape_of_where_it_stands(text: str, secret: str | None) -> None:
    secret = _secret_of(text, secret)
    out = Redactor("s1").text(text)
    assert secret not in out and secret[-12:] not in out and secret[:12] not in out, out
    assert Redactor("s1").text(out) == out, "redacting again changes nothing"


SHAPE_LOOK_ALIKES = [
    "ssh -p 2222 deploy@host1 uptime",
    "docker run -p 127.0.0.1:8080:80 -a stdout nginx:1.27",
    "mkdir -p src/Foo2bar/build",
    "grep -w foo_bar2 notes.txt",
    'if [ "X$force_conffold" != "X" -a "X$force_conffnew" != "X" ]; then',
    "ssh -a user@host1 -w 80 -p 22",
    "tar -a -cf out2024.tar.gz src",
    "src/main.c:42:5: error: expected ';' before '}' token",
    "root:x:0:0:root:/root:/bin/bash",
    "10.0.0.7:8080:GET:/api/items:200",
    "curl -u deploy: https://example.org/upload",
    "docker run -u 1000:1000 alpine id",
    'PATH="/usr/local/bin:$PATH"; export PATH',
    "_pattern = re.compile(r'[a-z]+')",
    f"--request-id {uuid.UUID(int=RNG.getrandbits(128), version=4)}",
    "sort_key: created_at2",
    '"key": "uploads/2026/02/a.png"',
    f"order-{uuid.UUID(int=RNG.getrandbits(128), version=4)} shipped",
    "ABC-1234-DEFG-5678 is the part number",
    f"commit {hashlib.sha256(b'q').hexdigest()}",
    f"sessionId {uuid.UUID(int=RNG.getrandbits(128), version=4)} at 2026-02-11T10:15:00.123Z",
    'Proxy "socks5h://apt:pass@127.0.0.1:9050";',
    f'<img src="data:image/png;base64,{base64.b64encode(secrets.token_bytes(300)).decode()}">',
]


@pytest.mark.parametrize("text", SHAPE_LOOK_ALIKES, ids=range(len(SHAPE_LOOK_ALIKES)))
def test_look_alikes_of_the_shape_rules_stay(text: str) -> None:
    assert Redactor("s1").text(text) == text


def test_identifiers_a_protocol_matches_on_are_left_as_they_are() -> None:
    """Tool calls' and messages' ids have a token's shape (a prefix and a random tail); replaced, a compacted
    history would pair no call with its result. Under a key that says id they stay, in a structure or in text."""
    call_id = "pyd_ai_" + "".join(RNG.choice("0123456789abcdef") for _ in range(32))
    message = {"role": "assistant", "tool_calls": [{"id": call_id, "function": {"name": "read_file"}}]}
    assert Redactor("s1").data(message) is message
    for text in (f'{{"tool_call_id": "{call_id}"}}', json.dumps(json.dumps({"call_id": call_id})), f"callId={call_id}"):
        assert Redactor("s1").text(text) == text
    assert call_id not in Redactor("s1").text(f"upstream rejected {call_id} for region eu")
