"""Credentials wrapped once more in base64, as configuration files carry them: a PEM private key in a kubeconfig's
``client-key-data`` or a Kubernetes Secret's ``tls.key``, a private key's or a keystore's DER bytes with no PEM
armour (a Secret's ``keystore.p12``, a vault's value), a Java keystore (JKS, JCEKS) by its magic number, a JWT stored
as a blob, the user and password of a SASL ``AUTH PLAIN`` exchange (SMTP, IMAP, LDAP), and tokens whose body is
base64 of a JSON document (``ops_eyJ...``). Each is found by the base64 of its fixed start (``-----BEGIN`` is
``LS0tLS1CRUdJTi``, ``eyJ`` is ``ZXlK``) and judged by decoding what follows, so a certificate (public) or base64 of
anything else stays as it is."""

from __future__ import annotations

import base64
import binascii
import json
import re
from typing import Any

from .values import ascii_of, plausible_value

_B64 = r"[A-Za-z0-9+/]"
#: Not inside a longer run of base64 (but after a JSON escape).
_START = r"(?:(?<![A-Za-z0-9+/])|(?<=\\[nrt]))"


def _decoded(value: str, chars: int) -> bytes:
    """The first ``chars`` characters of a base64 value decoded (whole groups of four), empty if not base64."""
    head = value[: chars - chars % 4]
    head = head[: len(head) - len(head) % 4]
    try:
        return base64.b64decode(head, validate=True)
    except (binascii.Error, ValueError):
        return b""


#: The longest base64 of a PEM block read (a 16384-bit RSA key's block is 13 KB, 17 KB in base64).
_PEM_B64_MOST = 96 * 1024
#: Base64 of a PEM block (``-----BEGIN ...``): a private key's, judged by the decoded header; of any length (a
#: stream holds it whole, as it holds a PEM block: see Redactor.stream), on one line or wrapped as ``base64``
#: wraps it (76 characters a line, each line base64 to its end).
PEM_B64 = (
    rf"{_START}LS0tLS1CRUdJTi{_B64}{{16,{_PEM_B64_MOST}}}={{0,2}}"
    rf"(?:(?:\r?\n|\\n)[ \t]{{0,16}}{_B64}{{4,{_PEM_B64_MOST}}}={{0,2}}(?=[ \t]*(?:\r?\n|\\[rn]|$))){{0,2048}}"
)
PEM_B64_ANCHORS = ("LS0tLS1CRUdJTi",)


def pem_b64(match: re.Match[Any], text: str | bytes) -> bool:
    """A private key's block, not a certificate's or a public key's."""
    return b"PRIVATE KEY" in _decoded(_WRAPS.sub("", ascii_of(match.group()[:240])), 80)


#: What a wrapped base64 value's lines are joined by (white space, a JSON escape's ``\\n``).
_WRAPS = re.compile(r"\s|\\[rn]")


#: Base64 of DER bytes with no armour: a SEQUENCE (``M`` and the length's first bits), on one line, of any length
#: (held whole in a stream as a PEM block is). ``MII``/``MIG``: a long or a medium length; ``MHcCAQEE``: a P-256 key
#: of SEC 1; ``MC4CAQAw``: an Ed25519 key of PKCS #8.
DER_B64 = rf"{_START}M(?:I[IG]|HcCAQEE|C4CAQAw){_B64}{{40,{_PEM_B64_MOST}}}={{0,2}}"
DER_B64_ANCHORS = ("MII", "MIG", "MHcCAQEE", "MC4CAQAw")
#: The version a private key's structure opens with (0: PKCS #1 RSA, PKCS #8, DSA; 1: SEC 1 EC) or a PFX
#: keystore's (3). A certificate, a request, a list of revoked ones and a public key open with a SEQUENCE instead.
_KEY_VERSIONS = (b"\x02\x01\x00", b"\x02\x01\x01", b"\x02\x01\x03")


def der_b64(match: re.Match[Any], text: str | bytes) -> bool:
    """A private key or a keystore, by the version its DER structure opens with."""
    head = _decoded(ascii_of(match.group()[:16]), 16)
    if len(head) < 6 or head[0] != 0x30:
        return False
    size = head[1]
    at = 2 if size < 0x80 else 2 + (size & 0x7F) if size in (0x81, 0x82, 0x83) else 0
    return at > 0 and head[at : at + 3] in _KEY_VERSIONS


#: Base64 of a Java keystore (JKS, or JCEKS): its magic number (``FEEDFEED``, ``CECECECE``) and version open it, so its
#: base64 opens ``/u3+7QAAAA`` or ``zs7OzgAAAA`` whatever the keys in it; of any length (a stream holds it whole, as
#: it holds a PEM block), on one line or wrapped as ``base64`` wraps it. Its keys are encrypted under the keystore's
#: password, which stands beside it as often as not (a chart's values, a CI variable).
KEYSTORE_B64 = (
    rf"{_START}(?:/u3\+7Q|zs7Ozg)AAAA{_B64}{{40,{_PEM_B64_MOST}}}={{0,2}}"
    rf"(?:(?:\r?\n|\\n)[ \t]{{0,16}}{_B64}{{4,{_PEM_B64_MOST}}}={{0,2}}(?=[ \t]*(?:\r?\n|\\[rn]|$))){{0,2048}}"
)
KEYSTORE_B64_ANCHORS = ("/u3+7QAAAA", "zs7OzgAAAA")
#: The magic numbers of a JKS and a JCEKS keystore.
_KEYSTORE_MAGIC = (b"\xfe\xed\xfe\xed", b"\xce\xce\xce\xce")


def keystore_b64(match: re.Match[Any], text: str | bytes) -> bool:
    """A keystore's header: its magic number and version 1 or 2 (the formats' only ones)."""
    head = _decoded(ascii_of(match.group()[:12]), 12)
    return head[:4] in _KEYSTORE_MAGIC and int.from_bytes(head[4:8], "big") in (1, 2)


#: Base64 of a JWT (``eyJ`` is ``ZXlK``), judged by its decoded first two parts.
JWT_B64 = rf"{_START}ZXlK{_B64}{{40,4000}}={{0,2}}"
JWT_B64_ANCHORS = ("ZXlK",)
_JWT_HEAD = re.compile(rb"eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{4}")


def jwt_b64(match: re.Match[Any], text: str | bytes) -> bool:
    return _JWT_HEAD.match(_decoded(ascii_of(match.group()), 600)) is not None


#: A JSON web signature whose payload is no JSON object in base64 (a vendor's token signed over bytes of its own):
#: the header, base64 of ``{"alg": ...}``, says what the three parts are.
JWS = r"\beyJ[A-Za-z0-9_\-]{8,512}\.[A-Za-z0-9_\-]{8,2048}\.[A-Za-z0-9_\-]{16,1024}(?![A-Za-z0-9_\-])"
JWS_ANCHORS = ("eyJ",)


def jws(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the first part is a JOSE header: a JSON object naming its algorithm."""
    head = ascii_of(match.group()).split(".", 1)[0]
    try:
        header = json.loads(base64.urlsafe_b64decode(head + "=" * (-len(head) % 4)))
    except (binascii.Error, ValueError):
        return False
    return isinstance(header, dict) and "alg" in header


#: SASL's initial responses that carry a credential: ``AUTH PLAIN`` (authorization id, user and password
#: separated by NUL bytes) and ``AUTH XOAUTH2`` (a bearer token), base64-encoded.
SASL = rf"(?i:auth[ \t]{{1,4}}(?:plain|xoauth2))[ \t]{{1,4}}(?P<secret>{_B64}{{8,4000}}={{0,2}})(?![A-Za-z0-9+/=])"
SASL_ANCHORS = ("auth plain", "auth xoauth2")


def sasl(match: re.Match[Any], text: str | bytes) -> bool:
    decoded = _decoded(ascii_of(match.group("secret")), 4000)
    return b"\x00" in decoded or b"auth=Bearer" in decoded


#: A token of a short lower-case prefix and a body of base64 of a JSON document (``ops_eyJ...``, ``glc_eyJ...``):
#: the body from ``_eyJ``, the prefix before it too short to matter.
JSON_BODY = r"(?<=[a-z0-9])_eyJ[A-Za-z0-9+/_\-]{40,4000}={0,2}(?![A-Za-z0-9+/_\-=])"
JSON_BODY_ANCHORS = ("_eyJ",)


#: A secret spelled in hex where its setting names it (gpg-agent's ``PRESET_PASSPHRASE <keygrip> -1 <hex>``, a
#: ``password_hex`` setting): a run of hex whose every byte is printable ASCII (each pair's first digit 2 to 7), which
#: no digest or key in hex is, a few words after the secret's word on its line.
PRINTABLE_HEX = (
    r"(?i:passphrase|passw(?:or)?d|secret)[^\n]{0,160}?(?:(?<![0-9A-Za-z\\])|(?<=\\[nrt]))"
    r"(?P<secret>(?:[2-7][0-9A-Fa-f]){8,256})(?![0-9A-Za-z])"
)
PRINTABLE_HEX_ANCHORS = ("passphrase", "passw", "secret")


def printable_hex(match: re.Match[Any], text: str | bytes) -> bool:
    """What the hex spells is a password's value: eight characters or more, mostly letters and digits, no
    placeholder (see values)."""
    spelled = bytes.fromhex(ascii_of(match.group("secret"))).decode("ascii")
    letters = sum(c.isalnum() for c in spelled)
    return spelled.isprintable() and letters >= 0.6 * len(spelled) and plausible_value(spelled, True)
