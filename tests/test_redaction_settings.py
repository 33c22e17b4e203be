"""Credentials known by their setting in the classes the fifth part of the corpus showed missing (see
docs/redaction.md, "The fifth part used up"): a name in markup apart from its value, a value of signs or with
``=`` in it, a long random run of lower case and digits, colour codes around a value, a value piped into a
command that names a secret, a credentials call's last argument, a user verb's password, ``auth user:pw``, a
login that is an address followed by its password, a hook's URL, a percent-encoded URL password, ``!`` in a bearer
credential. Each caught in plain text and in a JSON string with the same placeholder, on made-up tools' names
(none of the corpus's); look-alikes (hashes, ids, code, markup that holds words) come through untouched."""

from __future__ import annotations

import json
import random
import string

import pytest
from redaction_checks import assert_caught_alike

from mcp_context.redaction import Redactor

ALNUM = string.ascii_letters + string.digits
LOW = string.ascii_lowercase + string.digits
RNG = random.Random(20261129)


def rand(n: int, alphabet: str = ALNUM) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


def cases() -> list[tuple[str, str]]:
    """(text, secret): each class, in tools of the same kind as the corpus's but not its."""
    pw = f"{rand(5)}#{rand(4, string.digits)}{rand(7)}"
    signs = f"_{rand(6, string.ascii_letters)}-{rand(7, string.ascii_letters)}.{rand(5, string.ascii_letters)}#q"
    padded = f"{rand(3)}!{rand(14)}^{rand(6)}="
    eq = f"{rand(6)}={rand(4)}%#{rand(8)}!-{rand(2, string.digits)}"
    tok = f"{rand(14)}7{rand(14)}"
    low = rand(60, LOW)
    return [
        (f'<resources>\n  <string name="zorb_client_secret" translatable="false">{tok}</string>\n</resources>\n', tok),
        (f'<properties>\n  <entry key="zorb.auth.token">{tok}</entry>\n</properties>\n', tok),
        (f'<param name="zorbApiKey" type="string" scope="app">{tok}</param>\n', tok),
        (f"<dict>\n\t<key>ZorbClientSecret</key>\n\t<string>{tok}</string>\n</dict>\n", tok),
        (f"<property>\n  <name>zorb.secret.key</name>\n  <value>{tok}</value>\n</property>\n", tok),
        (f'{{:prod {{:zorb-api-token "{low}"}}}}\n', low),
        (f"ZORB_TOKEN={low}\n", low),
        (f"[SERVICE]\n    Zorb_Passwd {padded}\n    Retry 3\n", padded),
        (f"backend app\n    server s1 10.0.0.5:80 zorb-password {signs} check\n", signs),
        (f"INSERT INTO settings VALUES ('zorb_secret_key', '{eq}', now());\n", eq),
        (f"\x1b[32;1m$ export ZORB_API_TOKEN={tok}\x1b[0;m\n\x1b[32;1m$ make deploy\x1b[0;m\n", tok),
        (f"Authorization: Bearer 00Dx{rand(11)}!{rand(60)}.{rand(20)}\n", None),
        (f"amqp://svc:%2B{rand(6)}%23{rand(8)}%21x@broker.zorb.dev:5672/prod\n", None),
        (f"$ printf '%s' '{tok}' | podman secret create zorb_api_token -\n", tok),
        (f"echo -n {tok} | zorbctl secrets put ZORB_SIGNING_KEY\n", tok),
        (f"echo '{pw}' | gh secret set ZORB_DB_PASSWORD --repo zorb/api\n", pw),
        (f'credentials += Credentials("Zorb Realm", "repo.zorb.dev", "deployer", "{eq}")\n', eq),
        (f'repo.auth = PasswordCredentials("repo.zorb.dev", "ci", "{pw}")\n', pw),
        (f"$ zorbmqctl add_user billing '{pw}'\nAdding user ...\n", pw),
        (f"zorbadm change_password billing {pw}\n", pw),
        (f"listen admin\n    bind :9000\n    auth ops:{pw}\n", pw),
        (f"# /etc/zorbmail/relays\nsmtp.zorb.dev:465 alerts@zorb.dev:{pw}\n", pw),
        (f"*.zorb.dev:ci@zorb.dev:{pw}\n", pw),
        (f"remote vpn.zorb.dev 1194\n<zorb-credentials>\nsvc-ops\n{pw}\n</zorb-credentials>\n", pw),
        (f"<static-secret>\n{rand(32, '0123456789abcdef')}\n{rand(32, '0123456789abcdef')}\n</static-secret>\n", None),
        ("POST https://hooks.zorbflow.io/catch/88231/k2j9xwq/ -> 200\n", "88231/k2j9xwq"),
        (f'fetch("https://hook.eu2.zorbmake.com/{rand(32, LOW)}", opts)\n', None),
    ]


CASES = cases()


def _secret(text: str, secret: str | None) -> str:
    if secret is not None:
        return secret
    if "Bearer" in text:
        return text.split("Bearer ")[1].strip()
    if "static-secret" in text:
        return text.split("\n")[1]
    if "amqp://" in text:
        return text.split("svc:")[1].split("@")[0]
    return text.split("zorbmake.com/")[1].split('"')[0]


@pytest.mark.parametrize(("text", "secret"), CASES, ids=range(len(CASES)))
def test_a_credential_by_its_setting_is_caught(text: str, secret: str | None) -> None:
    assert_caught_alike(text, _secret(text, secret))


LOOK_ALIKES = [
    '<string name="zorb_api_key_label">API key</string>\n',
    '<string name="token_hint" translatable="false">Paste your token here</string>\n',
    '<entry key="zorb.token.ttl">3600</entry>\n',
    "<key>ZorbApiKey</key>\n<string>$(ZORB_API_KEY)</string>\n",
    '<input name="password" type="password" autocomplete="current-password">\n',
    '<a href="/docs/token">Token rotation</a>\n',
    "<key>CFBundleVersion</key>\n<string>4f9a8b7c6d5e</string>\n",
    '{:build-id "3f9a1c0d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1f"}\n',
    "integrity sha512-Zx9k2LmQpR7vT3wYb8NcD1fGhJ4sA6uE0iO5pKlMnBvCxZ2qW8eRtY3uI7oP1aS4dF6gH9jK0lQ==\n",
    "commit 4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a\nAuthor: Zorb Dev <dev@zorb.dev>\n",
    "git@github.com:zorb/api.git\nssh deploy@build.zorb.dev:2222\n",
    "Merge: dev@zorb.dev: reviewed\n",
    "at handler (/app/zorb@1.2.3/index.js:120:17)\n",
    "printf '%s\\n' \"$ZORB_TOKEN\" | podman secret create zorb_api_token -\n",
    "echo 'build done' | tee -a secrets.log\n",
    "echo release-2026 | zorbctl notes put\n",
    f"$ echo '{rand(32)}' | zorbctl notes put --shelf acme\n  notes saved, token cache refreshed\n",
    'zorbmqctl add_user billing "$BILLING_PASSWORD"\n',
    "add_user(name, email)\n",
    'Credentials("Zorb Realm", "repo.zorb.dev", user, password)\n',
    "    auth ops:${STATS_PASSWORD}\n",
    "auth user:readonly\n",
    "INSERT INTO settings VALUES ('checkout.currency', 'EUR', now());\n",
    "https://hooks.zorbflow.io/v1/events\nhttps://webhook.zorb.dev/docs/getting-started\n",
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAGXRFWHRTb2Z0d2FyZQBBZG9iZQ==\n",
    "request 6b2c1f9e-4a3d-4e8b-9c7f-1d2e3f4a5b6c done\n",
    "\x1b[32mok\x1b[0m token refreshed for user 1234abcd\n",
    "<password>\n  ${DB_PASSWORD}\n</password>\n",
    "<auth>\n  <type>basic</type>\n</auth>\n<key>\nname\n</key>\n",
]


@pytest.mark.parametrize("text", LOOK_ALIKES, ids=range(len(LOOK_ALIKES)))
def test_look_alikes_of_the_settings_stay(text: str) -> None:
    redactor = Redactor("s1")
    assert redactor.text(text) == text
    spelled = json.dumps({"content": text})
    assert redactor.text(spelled) == spelled, "a JSON string's escaped newline ends a line as a newline does"


def test_a_pem_block_with_line_continuations_gets_one_placeholder_as_text_and_in_json() -> None:
    """A properties file's value continued over lines (``\\n\\`` at each line's end, a backslash and a newline):
    the same placeholder and the same lines as plain text and inside a JSON string."""
    body = "\\n\\\n    ".join(rand(64, ALNUM + "+/") for _ in range(3))
    text = f"app.key=-----BEGIN EC PRIVATE KEY-----\\n\\\n    {body}\\n\\\n    -----END EC PRIVATE KEY-----\nport=1\n"
    redactor = Redactor("s1")
    out = redactor.text(text)
    assert "BEGIN EC" not in out and out.count("\n") == text.count("\n") and out.endswith("port=1\n")
    assert json.loads(redactor.text(json.dumps({"content": text})))["content"] == out


def test_a_stream_redacts_the_settings_as_the_text() -> None:
    redactor = Redactor("s1")
    for text, _ in CASES:
        data = ("é" * 3 + "\n" + text).encode()
        streamed = b"".join(redactor.stream(data[i : i + 7] for i in range(0, len(data), 7)))
        assert streamed.decode() == redactor.text(data.decode())
