"""A wallet's secrets judged by their checksums (a BIP-39 mnemonic, a WIF private key) and a secret spelled in hex
where its setting names it: made afresh here (the mnemonic from the package's own generator, the keys from random
bytes), so each run tries other values."""

from __future__ import annotations

import json
import os

import base58
import pytest
from mnemonic import Mnemonic

from mcp_context.redaction import Redactor


def _phrase(bits: int) -> str:
    return str(Mnemonic("english").generate(bits))


def _wif(version: bytes, compressed: bool) -> str:
    return base58.b58encode_check(version + os.urandom(32) + (b"\x01" if compressed else b"")).decode()


def _check(text: str, secret: str) -> None:
    redactor = Redactor("t")
    once = redactor.text(text)
    assert secret not in once and " ".join(secret.split()[:3]) not in once, once
    assert redactor.text(once) == once
    assert json.loads(redactor.text(json.dumps({"out": text})))["out"] == once


@pytest.mark.parametrize("bits", [128, 160, 192, 224, 256])
def test_a_mnemonic_near_its_setting_is_redacted(bits: int) -> None:
    phrase = _phrase(bits)
    _check(f"Backup wallet\n-------------\nWrite these words down in order:\n\n{phrase}\n", phrase)
    _check(f'{{"mnemonic": "{phrase}", "path": "m/84h/0h/0h"}}', phrase)
    _check(f"export SEED_WORDS='{phrase}'\n", phrase)


def test_words_that_fail_the_checksum_or_the_list_stay() -> None:
    words, english = _phrase(128).split(), Mnemonic("english")
    wrong = next(p for w in english.wordlist if not english.check(p := " ".join([*words[:-1], w])))
    texts = [
        f"seed: {wrong}\n",  # the checksum wrong
        "recovery phrase: the quick brown fox jumps over the lazy dog and runs far away\n",  # not on the list
        "random seed for the test run: 4242\n",
    ]
    for text in texts:
        assert Redactor("t").text(text) == text


@pytest.mark.parametrize(
    ("version", "compressed"), [(b"\x80", False), (b"\x80", True), (b"\xef", True), (b"\xef", False)]
)
def test_a_wif_key_near_its_setting_is_redacted(version: bytes, compressed: bool) -> None:
    key = _wif(version, compressed)
    _check(f"$ bitcoin-cli -regtest dumpprivkey bcrt1qxyz\n{key}\n", key)
    _check(f'wallet.import_key(privkey="{key}")\n', key)
    _check(f"Private key (WIF): {key}\n", key)


def test_base58_that_is_no_wif_key_stays() -> None:
    address = base58.b58encode_check(b"\x00" + os.urandom(20)).decode()  # an address: version 0, no key
    key = _wif(b"\x80", True)
    broken = key[:-1] + ("1" if key[-1] != "1" else "2")  # its checksum broken
    for text in (f"wif: {address}\n", f"WIF: {broken}\n"):
        assert Redactor("t").text(text) == text


def test_a_passphrase_in_hex_is_redacted_and_a_digest_stays() -> None:
    spelled = b"Kq7#vLm2-Xp9Rw4z".hex().upper()
    _check(
        f"echo 'PRESET_PASSPHRASE 0A1B2C3D4E5F60718293A4B5C6D7E8F901234567 -1 {spelled}' | gpg-connect-agent\n", spelled
    )
    _check(f"db.password_hex = {spelled.lower()}\n", spelled.lower())
    digest = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
    assert Redactor("t").text(f"secret file sha256 {digest}\n") == f"secret file sha256 {digest}\n"
