"""JWT claims at their edges, signed with the issuer's real key, so only what the token says decides: time claims
that are no JSON numbers, members named twice (read differently by another parser), audiences and issuers near
ours, the algorithm confusions, and tokens far longer than any issuer makes."""

from __future__ import annotations

import base64
import hmac
import json
import time
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from http_replicas import AUDIENCE, ISSUER, Signer

from mcp_context.server import auth


@pytest.fixture(scope="module")
def signer() -> Signer:
    return Signer(rsa.generate_private_key(public_exponent=65537, key_size=2048), "RS256", "rsa-1")


@pytest.fixture(scope="module")
def verifier(signer: Signer, tmp_path_factory: pytest.TempPathFactory) -> auth.JwtVerifier:
    path = tmp_path_factory.mktemp("jwks") / "jwks.json"
    path.write_text(json.dumps({"keys": [signer.jwk()]}))
    return auth.JwtVerifier(str(path), ISSUER, AUDIENCE)


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def signed(signer: Signer, claims_text: str, header: dict[str, Any] | str | None = None) -> str:
    """A token whose claims are exactly ``claims_text`` (any JSON at all), truly signed by ``signer``."""
    head = header if isinstance(header, str) else json.dumps(header or {"alg": "RS256", "kid": "rsa-1"})
    start = f"{b64(head.encode())}.{b64(claims_text.encode())}"
    return f"{start}.{b64(signer.key.sign(start.encode(), padding.PKCS1v15(), hashes.SHA256()))}"


def claims(**changed: Any) -> dict[str, Any]:
    base = {"iss": ISSUER, "aud": AUDIENCE, "sub": "team-jwt", "exp": int(time.time()) + 600, "scope": "ctx:read"}
    return {k: v for k, v in (base | changed).items() if v is not None}


def test_a_well_formed_token_is_accepted(verifier: auth.JwtVerifier, signer: Signer) -> None:
    found = verifier.verify(signed(signer, json.dumps(claims())))
    assert found is not None and found.scopes == ("ctx:read",)


@pytest.mark.parametrize(
    "changed",
    [
        {"exp": "+600"},  # a number in a string (ten minutes on from when the test runs)
        {"exp": True},
        {"nbf": True},  # true is 1 to Python: long past
        {"nbf": "0"},
        {"iat": [1]},
        {"exp": None},
        {"nbf": +600},  # not before ten minutes from when the test runs
        {"iat": +6000},
        {"exp": -1},
        {"aud": [], "exp": +600},
        {"aud": None},
        {"aud": AUDIENCE + "/"},
        {"aud": AUDIENCE.upper()},
        {"iss": ISSUER + "/"},
        {"iss": [ISSUER]},
        {"iss": None},
        {"sub": "jwt:team"},
        {"sub": ""},
        {"sub": 7},
        {"sub": "a" * 129},
        {"sub": "../t"},
    ],
    ids=lambda changed: "-".join(f"{k}:{type(v).__name__}" for k, v in changed.items()),
)
def test_claims_at_their_edges_are_refused(verifier: auth.JwtVerifier, signer: Signer, changed: dict[str, Any]) -> None:
    assert verifier.verify(signed(signer, json.dumps(claims(**_from_now(changed))))) is None


def _from_now(changed: dict[str, Any]) -> dict[str, Any]:
    """Times given as seconds from now (``+600``, or ``"+600"`` for the number in a string) made absolute when the
    test runs, not when it is collected: a slow run must not let a token meant to be early become valid."""
    now = int(time.time())
    times = {"exp", "nbf", "iat"}
    return {
        key: (
            now + value
            if isinstance(value, int) and not isinstance(value, bool) and value > 0
            else str(now + int(value[1:]))
            if isinstance(value, str) and value.startswith("+")
            else value
        )
        if key in times
        else value
        for key, value in changed.items()
    }


@pytest.mark.parametrize(
    "text",
    [
        '"exp": 1}',  # exp named twice: Python keeps the last (expired), another parser the first
        '"scope": "ctx:write"}',  # scope named twice: a gateway reading the first sees read only
        '"exp": Infinity}',
        '"exp": NaN}',
        '"exp": 1e400}',
    ],
)
def test_members_named_twice_and_numbers_json_lacks_are_refused(
    verifier: auth.JwtVerifier, signer: Signer, text: str
) -> None:
    assert verifier.verify(signed(signer, json.dumps(claims())[:-1] + ", " + text)) is None


def test_a_header_naming_a_member_twice_is_refused(verifier: auth.JwtVerifier, signer: Signer) -> None:
    header = '{"alg": "RS256", "kid": "nope", "kid": "rsa-1"}'
    assert verifier.verify(signed(signer, json.dumps(claims()), header)) is None


def test_an_audience_list_holding_ours_is_accepted(verifier: auth.JwtVerifier, signer: Signer) -> None:
    """RFC 7519 section 4.1.3: ``aud`` may be a list; the token is for us when ours is in it."""
    assert verifier.verify(signed(signer, json.dumps(claims(aud=["other", AUDIENCE])))) is not None


def test_alg_none_and_hs256_with_the_public_key_are_refused(verifier: auth.JwtVerifier, signer: Signer) -> None:
    body = b64(json.dumps(claims()).encode())
    for header in ({"alg": "none", "kid": "rsa-1"}, {"alg": "none"}, {"alg": "NONE"}):
        assert verifier.verify(f"{b64(json.dumps(header).encode())}.{body}.") is None
    public = signer.key.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    for alg, digest in (("HS256", "sha256"), ("HS512", "sha512")):
        start = f"{b64(json.dumps({'alg': alg, 'kid': 'rsa-1'}).encode())}.{body}"
        mac = hmac.new(public, start.encode(), digest).digest()
        assert verifier.verify(f"{start}.{b64(mac)}") is None


def test_a_token_longer_than_any_issuer_makes_is_refused_at_once(verifier: auth.JwtVerifier, signer: Signer) -> None:
    """Refused before it is decoded (decoding costs time in the token's length): a large token is no way to
    make the server work."""
    padded = signed(signer, json.dumps(claims(pad="x" * (auth.MAX_TOKEN_CHARS))))
    assert verifier.verify(padded) is None
    fitting = signed(signer, json.dumps(claims(pad="x" * 10_000)))
    assert verifier.verify(fitting) is not None
    assert verifier.verify("eyJhbGciOiJSUzI1NiJ9." + "A" * 50_000_000 + ".AAAA") is None


def test_a_huge_token_over_http_is_401(tmp_path: Path, verifier: auth.JwtVerifier, signer: Signer) -> None:
    """The same through the app: 401 with the challenge, not 500 nor a wait."""
    import anyio
    from test_http_attacks import client, post

    async def main() -> None:
        async with client(tmp_path / "store", verifier, host="0.0.0.0") as c:
            answer = await post(c, "tools/list", {}, "eyJhbGciOiJSUzI1NiJ9." + "A" * 2_000_000 + ".AAAA")
            assert answer.status_code == 401 and answer.json()["error"] == "invalid_token"

    anyio.run(main)
