"""A private key's DER bytes in base64 with no PEM armour, judged by the version its structure opens with, and a
secret in a table row named by its first cell, or in a table's first data row under a header that names its column.
Invented examples; the bytes after each header are random."""

from __future__ import annotations

import base64
import json
import random

import pytest

from mcp_context.redaction.redactor import Redactor


def _der(header: bytes, size: int = 600) -> str:
    return base64.b64encode(header + random.Random(size).randbytes(size)).decode()


def _same_streamed(text: str) -> str:
    whole = Redactor("s1").text(text)
    assert b"".join(Redactor("s1").stream([text.encode()])).decode() == whole
    return whole


KEYS = {
    "PKCS #1 RSA": b"\x30\x82\x04\xa4\x02\x01\x00\x02\x82\x01\x01\x00",
    "PKCS #8": b"\x30\x82\x04\xbe\x02\x01\x00\x30\x0d\x06\x09",
    "SEC 1 EC": b"\x30\x77\x02\x01\x01\x04\x20",
    "PKCS #8 EC, medium length": b"\x30\x81\x87\x02\x01\x00\x30\x13",
    "Ed25519": b"\x30\x2e\x02\x01\x00\x30\x05\x06\x03\x2b\x65\x70",
    "PFX keystore": b"\x30\x82\x0a\x4c\x02\x01\x03\x30\x82\x0a\x12",
}
PUBLIC = {
    "certificate": b"\x30\x82\x03\x0e\x30\x82\x01\xf6\xa0\x03\x02\x01\x02",
    "public key": b"\x30\x82\x01\x22\x30\x0d\x06\x09\x2a\x86\x48",
    "PKCS #1 public key": b"\x30\x82\x01\x0a\x02\x82\x01\x01\x00",
}


@pytest.mark.parametrize("header", KEYS.values(), ids=list(KEYS))
def test_a_private_key_in_base64_der_is_redacted_wherever_it_stands(header: bytes) -> None:
    value = _der(header, 40 if header.startswith(b"\x30\x2e") else 600)
    for text in (f"  keystore.p12: {value}\n", f'{{"value": "{value}", "enabled": true}}', f"{value}\n"):
        out = _same_streamed(text)
        assert value[:40] not in out and "[secret:private_key:" in out, text[:40]


@pytest.mark.parametrize("header", PUBLIC.values(), ids=list(PUBLIC))
def test_a_certificate_or_a_public_key_in_base64_der_stays(header: bytes) -> None:
    text = f"  ca.crt: {_der(header)}\n"
    assert _same_streamed(text) == text


def test_a_long_keystore_is_redacted_whole_in_a_stream_too() -> None:
    value = _der(KEYS["PFX keystore"], 9000)  # longer than any other match: held whole as a PEM block is
    text = "data:\n  keystore.p12: " + value + "\n"
    out = b"".join(Redactor("s1").stream(text.encode()[i : i + 1000] for i in range(0, len(text), 1000))).decode()
    assert out == Redactor("s1").text(text) and value[-40:] not in out


def test_a_table_row_named_for_a_secret_is_redacted() -> None:
    vault = "Key           Value\n---           -----\ntoken         hvx.Q7mZp2LkR9wT4sYb\ntoken_policies [default]\n"
    assert "hvx.Q7mZp2LkR9wT4sYb" not in _same_streamed(vault)
    boxed = "│ NAME        │ VALUE                   │\n│ SIGNING_KEY │ Zr8_kQ2-mWx7LpN4vB9tYc3 │\n"
    assert "Zr8_kQ2-mWx7LpN4vB9tYc3" not in _same_streamed(boxed)
    markdown = "| setting | value |\n|---|---|\n| smtp_password | Tern-8842!bay |\n"
    assert "Tern-8842!bay" not in _same_streamed(markdown)
    for text in (vault, boxed, markdown):  # the same rows in a JSON string, its bars escaped
        assert json.loads(_same_streamed(json.dumps({"out": text})))["out"] == _same_streamed(text)


@pytest.mark.parametrize(
    "text",
    [
        "token    expired\n",  # words, not a value
        "Token usage      1234567\n",
        "| secret_name | my-app-secret |\n",  # a name of a secret, not its value
        "api_key     ********\n",
        "password_min_length      12\n",
        "x = compute(token)   # token_bucket refilled\n",  # not a row of two cells
        "│ DB_PASSWORD ││ Meadow-4421! │\n",  # two bars: no cell of a table
    ],
)
def test_rows_that_hold_no_secret_stay(text: str) -> None:
    assert _same_streamed(text) == text


_TABLES = [
    (
        " id | service | api_token\n----+---------+--------------------------\n"
        "  1 | billing | Zq8mW3vT9pL2xR7kB4nC6yHd\n",
        "Zq8mW3vT9pL2xR7kB4nC6yHd",
    ),
    (
        "+----+------+----------------+\n| id | user | db_password    |\n+----+------+----------------+\n"
        "|  1 | app  | Qz7!mK2vX9pLr4 |\n+----+------+----------------+\n",
        "Qz7!mK2vX9pLr4",
    ),
    (
        "| host | login | password |\n|:-----|-------|----------|\n| ci   | bot   | `Lk8#vQ2mZ9tR` |\n",
        "Lk8#vQ2mZ9tR",
    ),
]


@pytest.mark.parametrize(("text", "secret"), _TABLES)
def test_a_tables_first_row_under_a_column_named_for_a_secret_is_redacted(text: str, secret: str) -> None:
    redactor = Redactor("t")
    once = redactor.text(text)
    assert secret not in once and redactor.text(once) == once
    assert json.loads(redactor.text(json.dumps({"c": text})))["c"] == once


@pytest.mark.parametrize(
    "text",
    [
        " id | service | region\n----+---------+--------\n  1 | billing | eu-west-1\n",  # no secret's column
        "| host | password |\n|------|----------|\n| ci   | (hidden) |\n",  # no value
        "| key | meaning |\n|-----|---------|\n| Zq8mW3vT9pL2xR7kB4nC | a row's id |\n",  # a key column of ids
        "src\n|-- main.py\n|-- token_store.py\n`-- README.md\n",  # a tree, no table
    ],
)
def test_a_table_without_a_secret_column_value_stays(text: str) -> None:
    assert Redactor("t").text(text) == text
