"""Credentials in the shapes of particular files, printouts and calls: a client's ``user = "name:password"``
line, Go's MySQL data source, a debugger's print of a structure, a symmetric key file's line, a login call's
password in Java, Kotlin and Rust spellings, and tokens known by their prefix. Invented values; each redacted as
text and inside a JSON string alike, and what only looks like them left alone."""

from __future__ import annotations

import json

import pytest

from mcp_context.redaction.redactor import Redactor


def _gone(text: str, secret: str) -> bool:
    redactor = Redactor("t")
    once = redactor.text(text)
    as_json = json.loads(redactor.text(json.dumps({"c": text})))["c"]
    return secret not in once and once == as_json


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ('# ~/.curlrc\nsilent\nuser = "bot:Vq8#kLp2_wZr"\n', "Vq8#kLp2_wZr"),
        ('proxy-user = "ops:T7u!9eRx2mQa"\n', "T7u!9eRx2mQa"),
        ('db, err := sql.Open("mysql", "app:Zx4_kq!Pw9@tcp(10.0.0.5:3306)/shop")\n', "Zx4_kq!Pw9"),
        ('$1 = {host = 0x55d0c3a1 "db", password = 0x55d0c3a1e2e0 "n*Q=8kLs2Jw"}\n', "n*Q=8kLs2Jw"),
        (
            "# chrony.keys\n1 SHA1 HEX:4f1c0a9be27d35c8a1f06b2e9d4c7a5b3e8f1d02\n",
            "4f1c0a9be27d35c8a1f06b2e9d4c7a5b3e8f1d02",
        ),
        ('return new PasswordAuthentication("proxy", "Lantern-4821#".toCharArray());\n', "Lantern-4821#"),
        ('val c = Credentials.basic("svc", "R-73k!q2Zp8w")\n', "R-73k!q2Zp8w"),
        ('client.get(url).basic_auth("deploy", Some("pQ8vZk2LmX4rT9"))\n', "pQ8vZk2LmX4rT9"),
        ("publishKey: 'pub-c-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',\n", "pub-c-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"),
        (
            'setMWSAuthToken("amzn.mws.0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d");\n',
            "amzn.mws.0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
        ),
    ],
)
def test_a_credential_in_the_shape_of_its_file_or_call_is_redacted(text: str, secret: str) -> None:
    assert _gone(text, secret)


@pytest.mark.parametrize(
    "text",
    [
        "user = alice\n",  # a user name, no password
        'user = "$USER:$PASS"\n',  # references, not values
        'addr = 0x7ffd5e8a "hello"\n',  # a field whose name says nothing secret
        "1 SHA1 build\n",  # too short to be a key
        'login("admin", "standard")\n',  # a mode, not a password
    ],
)
def test_what_only_looks_like_them_is_left(text: str) -> None:
    assert Redactor("t").text(text) == text
