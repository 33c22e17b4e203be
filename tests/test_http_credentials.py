"""The server over Streamable HTTP, checked without a server: the challenge header and the resource metadata, bearer
parsing, API keys valid, wrong, revoked or malformed, JWTs for the right issuer, audience and time (and none, other
algorithms or unknown keys refused), who may call decided per request, transcript refusals, DNS rebinding."""

from __future__ import annotations

import time
from pathlib import Path

import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from http_replicas import AUDIENCE, ISSUER, Signer, jwks_of_the_signers, signing_keys, unsigned  # noqa: F401  (the signers and jwks_file fixtures)

from mcp_context.errors import ContextError, InvalidInput
from mcp_context.server import auth, http
from mcp_context.storage import keys
from mcp_context.storage.keys import FileKeyStore

# fast: credentials and headers without a server --------------------------------------------------------------


def test_challenge_header_format() -> None:
    base = "http://127.0.0.1:8765"
    assert auth.challenge(base, True) == (
        'Bearer error="invalid_token", resource_metadata="http://127.0.0.1:8765/.well-known/oauth-protected-resource"'
    )
    assert auth.challenge(base, False) == (
        'Bearer resource_metadata="http://127.0.0.1:8765/.well-known/oauth-protected-resource"'
    )


def test_resource_metadata_names_the_issuer_only_with_jwts() -> None:
    doc = auth.resource_metadata("https://ctx.example", ISSUER)
    assert doc["resource"] == "https://ctx.example/mcp"
    assert doc["authorization_servers"] == [ISSUER]
    assert doc["bearer_methods_supported"] == ["header"]
    assert "authorization_servers" not in auth.resource_metadata("https://ctx.example", None)


def test_bearer_parsing() -> None:
    assert auth.bearer("Bearer abc") == "abc"
    assert auth.bearer("bearer  abc ") == "abc"
    assert auth.bearer("Basic abc") is None
    assert auth.bearer("Bearer") is None


def test_api_keys_valid_wrong_revoked_malformed(tmp_path: Path) -> None:
    store = FileKeyStore(tmp_path)
    key, record = keys.new_key("team-a")
    store.add(record)
    gate = auth.Authenticator(store, None, loopback=False)
    found = gate.authenticate(f"Bearer {key}", None)
    assert found is not None and found.tenant == "team-a" and found.via == "key"
    assert gate.authenticate(None, key) == found  # X-API-Key
    assert gate.authenticate(None, None) is None
    assert gate.authenticate(f"Bearer {key[:-1]}x" if key[-1] != "x" else f"Bearer {key[:-1]}y", None) is None
    assert gate.authenticate("Bearer mcx_nonsense", None) is None
    assert gate.authenticate(f"Basic {key}", None) is None
    store.revoke(record.key_id)
    assert gate.authenticate(f"Bearer {key}", None) is None


def test_jwts_accepted_for_the_right_issuer_audience_and_time(signers: list[Signer], jwks_file: Path) -> None:
    verifier = auth.JwtVerifier(str(jwks_file), ISSUER, AUDIENCE)
    for signer in signers:
        found = verifier.verify(signer.token())
        assert found is not None and found.tenant == "jwt:team-jwt" and found.via == "jwt", signer.alg
        assert verifier.verify(signer.token(aud="http://other.example/mcp")) is None
        assert verifier.verify(signer.token(iss="https://evil.example/")) is None
        assert verifier.verify(signer.token(exp=int(time.time()) - 120)) is None  # beyond the leeway
        assert verifier.verify(signer.token(exp=int(time.time()) - 5)) is not None  # within it
        assert verifier.verify(signer.token(exp=None)) is None  # no expiry: refused
        assert verifier.verify(signer.token(sub="not a tenant!")) is None
    by_claim = auth.JwtVerifier(str(jwks_file), ISSUER, AUDIENCE, tenant_claim="org")
    found = by_claim.verify(signers[0].token(org="org-7"))
    assert found is not None and found.tenant == "jwt:org-7"


def test_jwts_with_alg_none_other_algorithms_or_unknown_keys_are_refused(
    signers: list[Signer], jwks_file: Path
) -> None:
    verifier = auth.JwtVerifier(str(jwks_file), ISSUER, AUDIENCE)
    assert verifier.verify(unsigned()) is None
    now = int(time.time())
    body = {"iss": ISSUER, "aud": AUDIENCE, "sub": "x", "exp": now + 600}
    assert verifier.verify(jwt.encode(body, "a shared secret of at least 32 bytes!", "HS256")) is None
    stranger = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    assert verifier.verify(jwt.encode(body, stranger, "RS256", {"kid": "rsa-1"})) is None  # a forged signature
    assert verifier.verify(jwt.encode(body, stranger, "RS256", {"kid": "nobody"})) is None
    assert verifier.verify("not.a.jwt") is None


def test_a_bad_jwks_file_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "jwks.json"
    bad.write_text("{}")
    with pytest.raises(ContextError, match="cannot read the JWKS"):
        auth.JwtVerifier(str(bad), ISSUER, AUDIENCE)


def test_who_may_call_is_decided_per_request(tmp_path: Path, signers: list[Signer], jwks_file: Path) -> None:
    store = FileKeyStore(tmp_path)
    with pytest.raises(InvalidInput, match="refusing to serve on 0.0.0.0 without credentials"):
        http.authenticator(store, None, "0.0.0.0")
    gate, how = http.authenticator(store, None, "127.0.0.1")
    assert not gate.required() and "one local user" in how
    found = gate.authenticate(None, None)
    assert found is not None and found.tenant is None
    jwt_gate, how = http.authenticator(store, auth.JwtVerifier(str(jwks_file), ISSUER, AUDIENCE), "0.0.0.0")
    assert jwt_gate.required() and ISSUER in how
    key, record = keys.new_key("team-a")
    store.add(record)
    # the loopback server started without a key asks for one from the next request on, without a restart
    assert gate.required() and gate.authenticate(None, None) is None
    assert gate.authenticate(None, key) is not None
    assert http.authenticator(store, None, "10.1.2.3")[0].required()
    store.revoke(record.key_id)
    assert not gate.required()
    assert gate.authenticate(None, key) is None  # a credential sent is checked, even where none is required
    assert gate.authenticate(None, None) is not None
    with pytest.raises(InvalidInput):  # a revoked key is no key
        http.authenticator(store, None, "10.1.2.3")


def test_transcript_refusals(tmp_path: Path) -> None:
    assert http.transcript_refusal(None, []) is None
    assert "not read over HTTP" in (http.transcript_refusal("/x.jsonl", []) or "")
    assert "not read over HTTP" in (http.transcript_refusal("host", []) or "")
    assert "'host'" in (http.transcript_refusal("host", [tmp_path]) or "")
    assert http.transcript_refusal(str(tmp_path / "a.jsonl"), [tmp_path]) is None
    assert "outside" in (http.transcript_refusal(str(tmp_path / ".." / "a.jsonl"), [tmp_path]) or "")
    assert "outside" in (http.transcript_refusal("a.jsonl", [tmp_path]) or "")  # relative to what? refused


def test_dns_rebinding_settings() -> None:
    local = http.security(http.HttpOptions())
    assert local.enable_dns_rebinding_protection and "evil.com" not in local.allowed_hosts
    assert "127.0.0.1:*" in local.allowed_hosts
    named = http.security(
        http.HttpOptions(host="0.0.0.0", allowed_hosts=["ctx.example"], allowed_origins=["https://a.b"])
    )
    assert {"ctx.example", "ctx.example:*"} <= set(named.allowed_hosts)
    assert "https://a.b" in named.allowed_origins
    assert not http.security(http.HttpOptions(allowed_hosts=["*"])).enable_dns_rebinding_protection
