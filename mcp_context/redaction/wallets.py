"""A cryptocurrency wallet's secrets, which no name need stand beside but whose setting names them: a BIP-39
mnemonic (12 to 24 words of the BIP-39 English list, whose last word carries a checksum of the others) near the
words people write before one (``mnemonic``, ``seed``, ``recovery phrase``), its words in a line or numbered (``1.
word 2. word``), and a Bitcoin private key in Wallet Import Format (base58 with a checksum, version 0x80 or
testnet's 0xef) near ``privkey``, ``WIF`` or ``private key``, or a mainnet one alone (a checksum of four bytes:
base58 of anything else passes one time in four billion). Each is judged by its checksum, so words of prose and
base58 of anything else stay as they are. The word list is the one the ``mnemonic`` package (the BIP's reference
implementation) ships; base58 is the ``base58`` package's."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import Any

from .columns import Carry, spanning
from .compiled import pattern, spelled_for
from .values import ascii_of

#: Words people write before a mnemonic; it is looked for up to _AFTER characters after one.
MNEMONIC_ANCHORS = ("mnemonic", "seed", "phrase", "recovery", "wallet")
_AFTER = 200
#: The longest a mnemonic is: 24 words of eight letters and their spaces.
_LONGEST = 24 * 9
#: 12 to 24 lower-case words of three to eight letters, one space apart (as a wallet shows them), no word after them
#: (nor before: see _starts_word). Led by a class, so that a search skips in C to where one can start.
_PHRASE = r"[a-z]{3,8}(?: [a-z]{3,8}){11,23}(?! ?[A-Za-z])"
#: The same words numbered as a wallet's backup sheet lists them (``1. word 2. word``, ``1) word``, one a line or
#: several), from the first on.
_NUMBERED = (
    r"1[.):][ \t]{1,4}[a-z]{3,8}(?:(?:[ \t,]{1,8}|(?:\r?\n|\\n)[ \t]{0,8})\d{1,2}[.):][ \t]{1,4}[a-z]{3,8}){11,23}"
    r"(?![A-Za-z])"
)
_NUMBERED_LONGEST = 24 * 24
_NUMBER = re.compile(r"(\d{1,2})[.):][ \t]{1,4}([a-z]{3,8})")
#: Lengths a BIP-39 mnemonic has.
_WORDS = frozenset({12, 15, 18, 21, 24})


@functools.cache
def _english() -> Any:
    from mnemonic import Mnemonic

    return Mnemonic("english")


def _starts_word(text: str | bytes, at: int) -> bool:
    """Whether a word starts at ``at``: no letter before it (a JSON escape's, ``\\n``, is none), nor the backslash
    of an escape whose letter it is."""
    part = text[max(0, at - 2) : at]
    before = part.decode("latin-1") if isinstance(part, bytes) else part
    if not before or before[-1] == "\\":
        return not before
    return not before[-1].isalpha() or (before[-1] in "nrt" and before[:1] == "\\")


def mnemonics(text: str | bytes, standing: list[list[int]], carry: Carry | None) -> Iterator[re.Match[Any]]:
    """The BIP-39 mnemonics starting within _AFTER characters after a word that says one follows: a length one has,
    every word on the list, the checksum right. Each match spans from the word, so a stream's window is never cut
    between them."""
    phrases = pattern(spelled_for(_PHRASE, text))
    numbered = pattern(spelled_for(_NUMBERED, text))
    seen = -1
    for at in sorted({i for places in standing for i in places}):
        found = phrases.search(text, max(at, seen), at + _AFTER + _LONGEST)
        while found is not None and not _starts_word(text, found.start()):
            found = phrases.search(text, found.start() + 1, at + _AFTER + _LONGEST)
        words = None if found is None or found.start() > at + _AFTER else ascii_of(found.group())
        if words is None:
            found = numbered.search(text, max(at, seen), at + _AFTER + _NUMBERED_LONGEST)
            words = None if found is None or found.start() > at + _AFTER else _in_order(ascii_of(found.group()))
        if found is not None and words and words.count(" ") + 1 in _WORDS and _english().check(words):
            match = spanning(text, at, found.start(), found.end())
            if match is not None:
                seen = found.end()
                yield match


def _in_order(listed: str) -> str | None:
    """The words of a numbered list, one space apart, when they are numbered 1, 2, 3, ... (None otherwise)."""
    items = _NUMBER.findall(listed)
    if [int(n) for n, _ in items] != list(range(1, len(items) + 1)):
        return None
    return " ".join(word for _, word in items)


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


#: A WIF key standing alone, no word naming it (a wallet's dump, a list of keys): a mainnet key, 51 characters from
#: ``5`` or 52 from ``K`` or ``L`` (after a JSON escape too: ``\\n5K...``), judged by its checksum as above. Its
#: version byte (0x80) and its length fix its first two characters (``5H`` to ``5K`` uncompressed, ``Kw`` to ``L5``
#: compressed, the bounds of base58 of 0x80 and 32 bytes), which are its anchors: rare in code and prose, each a
#: try of the pattern where it stands.
WIF_ALONE = (
    rf"(?:(?<![0-9A-Za-z])|(?<=\\[nrt]))(?P<secret>5[HJK]{_BASE58}{{49}}|(?:K[w-z]|L[1-5]){_BASE58}{{50}})"
    r"(?![0-9A-Za-z])"
)
WIF_ALONE_ANCHORS = ("5H", "5J", "5K", "Kw", "Kx", "Ky", "Kz", "L1", "L2", "L3", "L4", "L5")
