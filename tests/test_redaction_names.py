"""Names that say secret in syntaxes the names rule had not read, and values it had not taken for one: a dump's
type annotation between a name and its value (spew's ``(string) (len=N)``, var_dump's ``string(N)`` on the next
line), Go's print of a map of lists (``name:[value]``), a YAML list of one item under a header's name, a call or a
builder's method named for the secret, a dotted name whose namespace holds a word that would say otherwise, the word
``bearer``; a random value of letters alone, a passphrase of words, a password led by a sign. Invented tools and
values; each redacted as text and inside a JSON string alike, and redacting again changes nothing; look-alikes stay."""

from __future__ import annotations

import pytest
from redaction_checks import assert_caught_alike, assert_stays


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # a dump's type between the name and the value
        (
            '(*store.Options)(0xc000120a80)({\n Bucket: (string) (len=6) "assets",\n'
            ' SigningSecret: (string) (len=24) "pQ7!vR2#kLm9xW4zT8bN1yHd"\n})\n',
            "pQ7!vR2#kLm9xW4zT8bN1yHd",
        ),
        (
            'object(Mailer)#3 (2) {\n  ["host"]=>\n  string(9) "mx.zorb.io"\n  ["smtp_pass"]=>\n'
            '  string(18) "Tundra-Orbit-5521?"\n}\n',
            "Tundra-Orbit-5521?",
        ),
        # Go's %v of a map of lists (http.Header, gRPC metadata)
        (
            "level=debug msg=upstream hdr=map[Accept:[*/*] X-Upstream-Token:[Vb82kQm4Zx7RtP0wLs5NcY3e]]\n",
            "Vb82kQm4Zx7RtP0wLs5NcY3e",
        ),
        # a YAML list of one item under a header's name (a recorded request)
        (
            "  request:\n    headers:\n      X-Zorb-Api-Key:\n      - Ke93vLx0QpZt7WmR2sYb8NcD\n    method: GET\n",
            "Ke93vLx0QpZt7WmR2sYb8NcD",
        ),
        # a call or a builder's method named for the secret
        ('client = Zorb.builder().region("eu").clientSecret("aT5qW8zR1xN4mK7pL0vB").build()\n', "aT5qW8zR1xN4mK7pL0vB"),
        ("sdk.setApiKey('Qz7mK2vX9pLr4TbN8wYc');\n", "Qz7mK2vX9pLr4TbN8wYc"),
        # a namespace before the name (env., secrets.)
        ('properties.put("env.ZORB_CLIENT_SECRET", "hG4kT9mW2qZx7RbN5vLc")\n', "hG4kT9mW2qZx7RbN5vLc"),
        # bearer as a flag's word
        ("$ xh --bearer 'Lm3Qz8Rt1Wv6Xy0Kp4Nb7Hc2' GET https://api.zorb.dev/v1/me\n", "Lm3Qz8Rt1Wv6Xy0Kp4Nb7Hc2"),
        # a random value of letters alone, a passphrase of words, a password led by a sign
        ("ZORB_CLIENT_SECRET=hXfRqPwLmZkTbV\n", "hXfRqPwLmZkTbV"),
        ("services:\n  api:\n    environment:\n      ZORB_API_KEY: QwErTyUiOpLk\n", "QwErTyUiOpLk"),
        ("$ zorb-backup init --passphrase 'amber-fjord-quill-meadow-raft'\n", "amber-fjord-quill-meadow-raft"),
        ("RESTIC_PASSWORD=orbit-canvas-mellow-tundra\n", "orbit-canvas-mellow-tundra"),
        ("db:\n  password: '*Tk9ZqW2mX7pL4vB8nR1'\n", "*Tk9ZqW2mX7pL4vB8nR1"),
        # an element named for the secret, its attributes between (a namespace's prefix too)
        ('<Site><ftpPass format="plain">Qv7#mL2zTk9w</ftpPass></Site>\n', "Qv7#mL2zTk9w"),
        ('<sec:Secret Kind="shared">Zk8mQ3vT9pL2xR7k</sec:Secret>\n', "Zk8mQ3vT9pL2xR7k"),
        # a reversible or hashed crypt string is no reference
        ('radius-secret "$9$Hk4Tz1pQvXmR7wLc2sN";\n', "$9$Hk4Tz1pQvXmR7wLc2sN"),
        # a word before the secret's that says whose it is, a secret's short name
        ("cache_password: Rz7!kQ2mLp9w\n", "Rz7!kQ2mLp9w"),
        ('SMTP_PW="Lk8#vQ2mZ9tR"\n', "Lk8#vQ2mZ9tR"),
        # an app password in groups of four letters
        ("$ zorbmail sync --user me@zorb.dev -p wqxe-mzrt-plku-hbcd\n", "wqxe-mzrt-plku-hbcd"),
        ('imap:\n  password: "qwzx rtyu plmk bnvc"\n', "qwzx rtyu plmk bnvc"),
        # community as a name's word; validation before key says whose key it is
        ('snmp_community: "Xr7!kQ2mLp9wZ"\n', "Xr7!kQ2mLp9wZ"),
        ('<zorbKeys validationKey="' + "7F3A9C1E5B2D8F4A" * 4 + '" />\n', "7F3A9C1E5B2D8F4A" * 4),
        # a Heroku app.json variable, its description before its value
        (
            '"ZORB_API_TOKEN": {\n  "description": "token for zorb",\n  "value": "Kz8mQ2vT9pL3xR7wB4nC"\n}\n',
            "Kz8mQ2vT9pL3xR7wB4nC",
        ),
        # a token after the word that names it and a comma (a WebSocket subprotocol)
        ("Sec-WebSocket-Protocol: zorb.token, Kz8mQ2vT9pL3xR7wB4nC6yHd\n", "Kz8mQ2vT9pL3xR7wB4nC6yHd"),
    ],
)
def test_a_named_secret_in_these_syntaxes_is_redacted(text: str, secret: str) -> None:
    assert_caught_alike(text, secret)


@pytest.mark.parametrize(
    "text",
    [
        'pw := vault.getPassword("readonly-user-2")\n',  # what a getter is given is a name, not the secret
        "ok := verifyToken(tokenFromHeader)\n",  # a variable, not a value
        "hdr=map[Content-Type:[application/json] X-Request-Id:[4f1c0a9b]]\n",  # no secret's name
        "secrets:\n  - db-password-name\n",  # a list of names
        'Password: (string) (len=0) ""\n',  # empty
        'api_key = "MySecretKeyHere"\n',  # words, not random letters
        "env.TOKEN_URL=https://auth.zorb.dev/oauth/token\n",  # a URL
        "token_type: bearer\n",  # a word
        "password: must-be-at-least-eight\n",  # a sentence in dashes, with short words
        "ref: &anchor\nkey: *anchor\n",  # a YAML alias
        "util._assertion_pass = call_assertion_pass_hook\n",  # code's names joined by _ are no passphrase
        "    password=self.ssl_keyfile_password,\n",  # nor by dots
        "db_password: vault-admin-password-ref\n",  # a name of a secret, not its words
        '"password_source": "vault-kv-v2-mount-01"\n',  # where a password comes from
        "$ docker compose -p shop-api-staging-blue up -d\n",  # a project's name in dashed words
        '"ZORB_API_TOKEN": {"description": "token for zorb", "required": true}\n',  # no value
        "validation_error: Z9q8mW3vT9pL2xR7kB4n\n",  # not a key's name
        "    HMAC_SHA256: hashlib.sha256,\n",  # an algorithm's name
    ],
)
def test_what_only_looks_like_them_is_left(text: str) -> None:
    assert_stays(text)
