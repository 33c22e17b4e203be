"""Private keys written as data rather than as a PEM block: the private members of a JSON Web Key (``"d"``, the
RSA primes and exponents), a 256-bit key in hex after ``0x`` given to an account (a
wallet's key in a deployment tool's list of accounts, ``accounts: ["0x..."]``), and a Kerberos key as a keytab's
listing shows it. Each is a pattern, to find the
place, and a judgement in Python: the same members and hex stand for public values and digests far more often."""

from __future__ import annotations

import re
from typing import Any

from . import generic
from .values import ascii_of, random_run

#: A JWK's private member (RFC 7518: ``d`` of an RSA or elliptic-curve key, ``p``, ``q``, ``dp``, ``dq``, ``qi`` of an
#: RSA key), its value base64url without padding, in JSON (escaped once more or not).
JWK_PRIVATE = (
    r"\\{0,8}\"(?:d|p|q|dp|dq|qi)\\{0,8}\"[ \t]{0,4}:[ \t]{0,4}\\{0,8}\""
    r"(?P<secret>[A-Za-z0-9_\-]{22,2048})\\{0,8}\""
)
#: Not an octet key's ``"k"``: a one-letter key of logged JSON (``{"k": ..., "v": ...}``) is common, each a try.
JWK_PRIVATE_ANCHORS = tuple(f'{q}"{m}{q}"' for m in ("d", "p", "q", "dp", "dq", "qi") for q in ("", "\\"))
_RUN = re.compile(r"[A-Za-z0-9]{16,}")


def jwk_private(match: re.Match[Any], text: str | bytes) -> bool:
    """Random, as a key's bytes in base64url are (a one-letter member's value in other JSON is a word or a
    number)."""
    return any(random_run(run) for run in _RUN.findall(ascii_of(match.group("secret"))))


#: The private members of an RSA key as .NET writes it in XML (``<RSAKeyValue>``'s ``<D>``, ``<P>``, ``<Q>``, ``<DP>``,
#: ``<DQ>``, ``<InverseQ>``), base64 of big numbers.
XML_RSA = r"<(?P<m>D|P|Q|DP|DQ|InverseQ)>(?P<secret>[A-Za-z0-9+/]{20,4096}={0,2})</(?P=m)>"
XML_RSA_ANCHORS = ("<D>", "<P>", "<Q>", "<DP>", "<DQ>", "<InverseQ>")


def xml_rsa(match: re.Match[Any], text: str | bytes) -> bool:
    return any(random_run(run) for run in _RUN.findall(ascii_of(match.group("secret"))))


#: A 256-bit key in hex after ``0x`` (an Ethereum or other secp256k1 wallet's), in quotes, after a name (in a list
#: or not): the name is judged (see hex_key).
HEX_KEY = r"[\"'](?P<secret>0x[0-9a-fA-F]{64})\\{0,8}[\"']"
HEX_KEY_ANCHORS = ('"0x', "'0x")
#: The name before the value: ``accounts: [``, ``PRIVATE_KEY=``, ``"signer": ``.
_HEX_NAME = re.compile(
    r"(?P<name>[A-Za-z0-9_.\-]{1,64})\\{0,8}[\"']?[ \t]{0,4}(?:[:=]|=>)[ \t]{0,4}(?:\[(?:[ \t\r\n]|\\n){0,16}"
    r"(?:\\{0,8}[\"']0x[0-9a-fA-F]{64}\\{0,8}[\"'][ \t]{0,4},(?:[ \t\r\n]|\\n){0,16}){0,2})?\\{0,8}\Z"
)
_HEX_NAME_BYTES = re.compile(_HEX_NAME.pattern.encode())
#: Names that say a key belongs to whoever signs with it: a deployment tool's ``accounts``, a ``signer``, a
#: ``deployer``, a ``wallet`` (a transaction's or a block's hash stands under ``hash``, ``txHash``, ``blockHash``).
_SIGNING_WORDS = frozenset({"accounts", "signer", "signers", "deployer", "wallet", "wallets", "mnemonic", "pk", "sk"})


def hex_key(match: re.Match[Any], text: str | bytes) -> bool:
    before = text[max(0, match.start() - 240) : match.start()]
    name_at: Any = _HEX_NAME_BYTES if isinstance(before, bytes) else _HEX_NAME
    found = name_at.search(before)
    if found is None:
        return False
    name = ascii_of(found.group("name"))
    words = {w.lower() for w in generic.words(name)}
    return generic.secret_name(name) or (not _SIGNING_WORDS.isdisjoint(words) and not generic.not_secret(words))


#: A Kerberos key as the keytab tools print it with its keys shown (``klist -k -K``, ``ktutil``'s ``list -k``):
#: ``(0x`` and the key's bytes in hex, after the principal on the same line. Who holds a service's key can pose as
#: the service.
KEYTAB_KEY = r"\(0x(?P<secret>[0-9a-fA-F]{16,64})\)"
KEYTAB_KEY_ANCHORS = ("(0x",)
#: A principal on the line before the key: a name (``host/web1.example.net``, ``alice``) at a realm in capitals.
_PRINCIPAL = re.compile(r"[A-Za-z0-9][A-Za-z0-9/._\-]{0,128}@[A-Z0-9][A-Z0-9.\-]{1,128}[ \t(][^\n]{0,200}\Z")
#: How long the keys of Kerberos' encryption types are, in hex digits: DES, RC4 or AES-128 or Camellia-128, triple
#: DES, AES-256 or Camellia-256.
_KEY_DIGITS = frozenset({16, 32, 48, 64})


def keytab_key(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the hex is a key of an encryption type's length after a principal on its line (a digest in
    parentheses stands after no ``name@REALM``)."""
    if len(match.group("secret")) not in _KEY_DIGITS:
        return False
    part = text[max(0, match.start() - 240) : match.start()]
    line = part.decode("latin-1") if isinstance(part, bytes) else part
    line = line[max(line.rfind("\n"), line.rfind("\\n") + 1) + 1 :]  # the line's start, or a JSON string's
    return _PRINCIPAL.search(line) is not None
