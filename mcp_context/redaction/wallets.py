"""A cryptocurrency wallet's secrets, which no name need stand beside but whose setting names them: a BIP-39
mnemonic (12 to 24 words of the BIP-39 English list, whose last word carries a checksum of the others) near the
words people write before one (``mnemonic``, ``seed``, ``recovery phrase``), and a Bitcoin private key in Wallet
Import Format (base58 with a checksum, version 0x80 or testnet's 0xef) near ``privkey``, ``WIF`` or ``private key``.
Each is judged by its checksum, so words of prose and base58 of anything else stay as they are. The word list is
the one the ``mnemonic`` package (the BIP's reference implementation) ships; base58 is the ``base58`` package's."""

from __future__ import annotations

import functools
import re
from typing import Any

from .values import ascii_of

#: From a word that says a mnemonic follows, up to 200 characters on (lines too; a JSON escape read as one, so that
#: a failed try backtracks once through it), 12 to 24 lower-case words of three to eight letters, one space apart (as
#: a wallet shows them), and no word after them.
MNEMONIC = (
    r"(?i:mnemonic|seed|phrase|recovery|wallet)(?:[^\\]|\\.){0,200}?(?:(?<![A-Za-z\\])|(?<=\\[nrt]))"
    r"(?P<secret>[a-z]{3,8}(?: [a-z]{3,8}){11,23})(?! ?[A-Za-z])"
)
MNEMONIC_ANCHORS = ("mnemonic", "seed", "phrase", "recovery", "wallet")
#: Lengths a BIP-39 mnemonic has.
_WORDS = frozenset({12, 15, 18, 21, 24})


@functools.cache
def _english() -> Any:
    from mnemonic import Mnemonic

    return Mnemonic("english")


def mnemonic(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the words are a BIP-39 mnemonic: a length it has, every word on the list, the checksum right."""
    words = ascii_of(match.group("secret"))
    if words.count(" ") + 1 not in _WORDS:
        return False
    return bool(_english().check(words))


_BASE58 = "[1-9A-HJ-NP-Za-km-z]"
#: A WIF key near a word that names one (``importprivkey``, ``"wif":``, ``private key (WIF):``), on its line or the
#: next (``dumpprivkey``'s output): 51 characters from ``5`` (uncompressed) or 52 from ``K`` or ``L`` (compressed),
#: testnet's from ``9`` and ``c``.
WIF = (
    r"(?i:privkey|wif|private[ _\-]?key)(?:[^\\]|\\.){0,160}?(?:(?<![0-9A-Za-z\\])|(?<=\\[nrt]))"
    rf"(?P<secret>[59]{_BASE58}{{50}}|[KLc]{_BASE58}{{51}})(?![0-9A-Za-z])"
)
WIF_ANCHORS = ("privkey", "wif", "private key", "private_key", "privatekey", "private-key")


def wif(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the value is a WIF key: base58 whose checksum is right, of a mainnet or testnet private key (with
    the flag a compressed key's carries)."""
    import base58

    try:
        payload = base58.b58decode_check(ascii_of(match.group("secret")))
    except ValueError:
        return False
    return payload[:1] in (b"\x80", b"\xef") and (len(payload) == 33 or (len(payload) == 34 and payload[-1] == 1))
