"""Places learnt from the twelfth part's misses, by kind: an INI section named for credentials, an object's value
after fields that describe it, a login given as ``user:password`` to an option, a pass phrase given to the flag of a
command that takes one, a one-time password's seed given to the tool that makes the codes, what an askpass program
echoes, a password a line reports after a colon, a request's body sent to a credential's URL."""

from __future__ import annotations

import json

import pytest

from mcp_context.redaction import Redactor

_CASES = [
    # a section named for credentials: every entry, comments between
    ("[credentials]\n# deploy user\ndeployer = Zr8#kLq2Vm5x\nbackup = Wn4$pTz9Hc7e\n\n[server]\nport = 8080\n",
     ["Zr8#kLq2Vm5x", "Wn4$pTz9Hc7e"]),
    # an object whose value follows fields that describe it
    ('{"outputs": {"api_token": {"type": "string", "sensitive": true, "value": "r7Kq2mXv9LpT4zB8nYcW"}}}',
     ["r7Kq2mXv9LpT4zB8nYcW"]),
    ("upstream_proxy parent login=svc_backup:Hq7!mZ2xLp9w connect-timeout=5\n", ["Hq7!mZ2xLp9w"]),
    ("$ puttygen key.ppk -O private-openssh --new-passphrase 'orbit-velvet-canyon-harbor-42' -o id\n",
     ["orbit-velvet-canyon-harbor-42"]),
    ("RUN ssh-keygen -q -t rsa -N \"Kp4#zWq8Lm2v\" -f /root/.ssh/id_rsa\n", ["Kp4#zWq8Lm2v"]),
    ("$ ykman oath accounts add -t aws-root K7QZ4MX2PLW5RT3NB6VY2HJD7CXA4E5F\n", ["K7QZ4MX2PLW5RT3NB6VY2HJD7CXA4E5F"]),
    ("codes=$(oathtool --totp=sha256 --base32 'R4TZ7KQ2MW5XB3PL6NY7DV2HJC')\n", ["R4TZ7KQ2MW5XB3PL6NY7DV2HJC"]),
    ("cat > /tmp/askpass <<'EOF'\n#!/bin/sh\nprintf '%s\\n' 'cobalt-meadow-ember-7731'\nEOF\n"
     "export SUDO_ASKPASS=/tmp/askpass\n",
     ["cobalt-meadow-ember-7731"]),
    ("[setup] Generated root password for the console: mX7$vQ2kLp9z\n", ["mX7$vQ2kLp9z"]),
    # a request's body sent to a URL whose path names the credential it sets
    ("+ curl -fsS -X PUT \"$COUCH/_node/nonode@nohost/_config/admins/ops\" --data-raw '\"Tz8#qLm4Wv2x\"'\n",
     ["Tz8#qLm4Wv2x"]),
    ("curl -s -X POST https://idp.example.org/users/bob/password --data 'Hq7!mZ2xLp9w' -H 'X: y'\n", ["Hq7!mZ2xLp9w"]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "secrets"), _CASES)
def test_the_value_is_redacted(text: str, secrets: list[str]) -> None:
    redactor = Redactor("t")
    once = redactor.text(text)
    assert not any(s in once for s in secrets), once
    assert redactor.text(once) == once
    assert json.loads(redactor.text(json.dumps({"out": text})))["out"] == once


@pytest.mark.parametrize(
    "text",
    [
        "[credentials]\nhelper = store\nusername = deploy\n",  # settings of credentials, no values of them
        "[server]\nadmin = Zr8#kLq2Vm5x-is-not-here\n[admins]\n",  # an entry before the section
        '{"db_host": {"sensitive": false, "type": "string", "value": "db.internal.example.org"}}',
        "see the login=guest:guest example\n",  # a placeholder's pair
        "ssh-keygen -t ed25519 -N '' -C ci@example.org\n",  # no pass phrase
        "ssh -N -P 2222 bastion.example.org\n",  # not a command that takes one
        "oathtool --totp --digits=8 --now '2024-01-01 00:00:00 UTC' HELLOWORLDHELLOW\n",  # a word, not random
        "export SSH_ASKPASS=/usr/lib/ssh/askpass\necho 'starting the agent now'\n",  # a message, not a password
        "Password requirements: MustHaveDigits\n",  # a setting's name, not a password
        "curl -X PUT http://localhost/api/secrets/x -d '{\"a\": 1}'\n",  # a document, not a password
        "curl -X POST https://api.example.org/v1/items -d 'Hq7!mZ2xLp9w'\n",  # no credential's URL
    ],
)
def test_the_near_miss_stays(text: str) -> None:
    assert Redactor("t").text(text) == text
