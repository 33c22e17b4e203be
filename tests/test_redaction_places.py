"""Credentials known by the place they stand in or by a wrapping they come in (mcp_context/redaction/shapes.py and
encoded.py, and the general names rule's white-space and quoted forms): a signed URL's signature, a cookie jar's
line and a Cookie header, a pair of a name and a value, SQL's IDENTIFIED BY, base64 of a private key or of a JWT,
SASL's AUTH PLAIN, a token whose body is base64 of JSON, a value after a name and white space alone, a quoted
value holding signs. Values are fresh random strings of made-up vendors' names; look-alikes (prose, code, ids,
certificates, words) come through untouched; and each is redacted the same however a stream is cut."""

from __future__ import annotations

import base64
import json
import random
import string

import pytest
from test_redaction_stream import filled, streamed

from mcp_context.redaction import Redactor
from mcp_context.redaction import redactor as redaction
from mcp_context.redaction.rules import LONGEST
from mcp_context.redaction.values import random_run

ALNUM = string.ascii_letters + string.digits
RNG = random.Random(20261129)


def rand(n: int, alphabet: str = ALNUM) -> str:
    """Random; of letters and digits or of both cases, as a token is: changing class often (values.random_run)."""
    while True:
        out = "".join(RNG.choice(alphabet) for _ in range(n))
        if n < 16 or alphabet not in (ALNUM, string.ascii_letters) or random_run(out):
            return out


def b64(text: str | bytes) -> str:
    return base64.b64encode(text.encode() if isinstance(text, str) else text).decode()


def pem(kind: str) -> str:
    body = "\n".join(b64(RNG.randbytes(48)) for _ in range(6))
    return f"-----BEGIN {kind}-----\n{body}\n-----END {kind}-----\n"


def jwt() -> str:
    head = base64.urlsafe_b64encode(b'{"alg":"ES256","typ":"JWT"}').decode().rstrip("=")
    claims = base64.urlsafe_b64encode(json.dumps({"sub": rand(12), "exp": 1900000000}).encode()).decode().rstrip("=")
    return f"{head}.{claims}.{rand(86, ALNUM + '-_')}"


def cases() -> list[tuple[str, str | None]]:
    """(text, secret) for each kind of place and wrapping."""
    hexsig, b64sig, sess, tok = rand(64, "0123456789abcdef"), b64(RNG.randbytes(32)), rand(32), rand(40)
    pw = rand(10, string.ascii_lowercase) + "-" + rand(4, string.digits) + "!Q"
    key_b64, jwt_b64 = b64(pem("EC PRIVATE KEY")), b64(jwt())
    plain = b64(f"\0relay@zorb.dev\0{pw}")
    body = b64(json.dumps({"org": "zorb", "k": rand(40)}))
    quoted = rand(12) + "&(#^" + rand(12)
    letters = rand(32, string.ascii_letters)
    return [
        (f"GET https://zorb-bucket.example/o.csv?X-Zorb-Date=20260211&X-Zorb-Signature={hexsig} 200\n", hexsig),
        (f'<a href="https://cdn.zorb.dev/v.mp4?Expires=1790000000&Signature={b64sig}">', b64sig),
        (f"#HttpOnly_.zorb.dev\tTRUE\t/\tTRUE\t1790000000\tzorb_session\t{sess}\n", sess),
        (f"> Cookie: theme=dark; zorbsid={sess}; lang=en\n", sess),
        (f'{{"name": "ZORB_SERVICE_TOKEN", "value": "{tok}"}}', tok),
        (f"env:\n  - name: ZORB_DB_PASSWORD\n    value: {pw}\n", pw),
        (f"ALTER USER 'report'@'%' IDENTIFIED BY '{pw}';\n", pw),
        (f"    client-key-data: {key_b64}\n", key_b64),
        (f"zorb_blob: {jwt_b64}\n", jwt_b64),
        (f"C: AUTH PLAIN {plain}\nS: 235 2.7.0 ok\n", plain),
        (f"using zorb_{body} for region eu\n", body),
        (f"$ zorbctl config set zorb_api_token {tok} --profile prod\n", tok),
        (f"CREATE ROLE app LOGIN PASSWORD '{pw}';\n", pw),
        (f"ZORB_SECRET_KEY = '{quoted}'\n", quoted),
        (f"ZORB_TOKEN={letters}\n", letters),
        (f"Authorization: Bearer AAAAAAAAAAAAAAAAAAAAA{rand(20)}%2B{rand(40)}%3D{rand(20)}\n", None),
    ]


CASES = cases()


def _secret(text: str, secret: str | None) -> str:
    return secret if secret is not None else text.split("Bearer ")[1].strip()


@pytest.mark.parametrize(("text", "secret"), CASES, ids=range(len(CASES)))
def test_a_credential_is_caught_where_it_stands_or_as_it_is_wrapped(text: str, secret: str | None) -> None:
    secret = _secret(text, secret)
    out = Redactor("s1").text(text)
    assert secret[:12] not in out and secret[-12:] not in out, out
    assert out.count("\n") == text.count("\n")
    assert Redactor("s1").text(out) == out, "redacting again changes nothing"
    spelled = json.dumps({"content": text})
    assert secret[:12] not in Redactor("s1").text(spelled), "caught in a JSON string too"


LOOK_ALIKES = [
    "verify(payload, signature=expected_signature)",
    "the signature=valid line of a gpg --verify run",
    "# Netscape HTTP Cookie File\n.zorb.dev\tTRUE\t/\tFALSE\t1790000000\tlocale\ten_GB\n",
    ".zorb.dev\tTRUE\t/\tFALSE\t1790000000\t_ga\tGA1.2.1234567890.1700000000\n",
    "Cookie: theme=dark; lang=en; consent=yes-2024\n",
    "cookies = requests.utils.dict_from_cookiejar(session.cookies)",
    '{"name": "LOG_LEVEL", "value": "debug"}',
    '{"name": "token_count", "value": "12345678901"}',
    "  - name: ZORB_REGION\n    value: eu-west-1\n",
    "for key, value in sorted(items.items()):\n    value = transform(value)",
    "ALTER USER 'app'@'%' IDENTIFIED BY PASSWORD '*6BB4837EB74329105EE4568DDA7DC67ED2CA2AD9';",
    "identified by the tests as flaky",
    f"client-certificate-data: {b64(pem('CERTIFICATE'))}",
    f"icon: {b64(b'eyJ is how a JSON object starts in base64url, nothing more')}",
    f"S: 250-AUTH PLAIN LOGIN\nC: AUTH PLAIN {b64(b'hello world')}\n",
    'If you mean to, pass "--no-verify" to the command.',
    "the token expired at 10:15; token status=401; token /api/v2/items",
    "for key in keys2: print(key)",
    "if secret_key is None: raise ValueError(secret_key)",
    "ZORB_TOKEN=notconfigured",
    f'{{"session_id": "{rand(8, "0123456789abcdef")}-1234-4abc-8def-0123456789ab"}}',
]


@pytest.mark.parametrize("text", LOOK_ALIKES, ids=range(len(LOOK_ALIKES)))
def test_look_alikes_of_places_and_wrappings_stay(text: str) -> None:
    assert Redactor("s1").text(text) == text


#: The longest of the kinds, for the streaming property (each shorter than a window keeps: see LONGEST).
STREAMED = [CASES[i] for i in (1, 3, 5, 7, 8, 9, 11)]


@pytest.mark.parametrize("case", range(len(STREAMED)))
def test_a_stream_cut_anywhere_around_the_credential_is_redacted_like_the_whole(case: int) -> None:
    """Pieces of 5,000 bytes, windows of 8 KiB: the credential's text at every offset that lays it across a
    piece's end or a window's cut."""
    text, secret = STREAMED[case]
    chunk, step = 5000, 8 * 1024
    windows = step + chunk - LONGEST
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(redaction, "_STEP", step)
        for boundary in (chunk, windows):
            for at in range(boundary - len(text) - 2, boundary + 3, 3):
                whole = filled(at) + "\n" + text + filled(2 * step)
                out = streamed(whole, chunk)
                assert _secret(text, secret)[:12] not in out, (case, at)
                assert out == Redactor("s1").text(whole), (case, at)
