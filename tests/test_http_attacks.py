"""Attacks on the HTTP face's credentials, run against the real ASGI app in this process (a real key store, a
real JWKS file, real signed tokens, the SDK's real transport): scopes, weak or mismatched keys, tenants that
would collide, keys created while the server runs. The server processes and the database outages are in
test_http.py and test_outages.py."""

from __future__ import annotations

import base64
import json
import socket
import threading
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx2
import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from http_replicas import ACCEPT, AUDIENCE, ISSUER, Signer

from mcp_context import Session
from mcp_context.errors import ContextError
from mcp_context.server import auth, http
from mcp_context.server.tenants import Tenants
from mcp_context.storage import keys
from mcp_context.storage.keys import FileKeyStore

pytestmark = pytest.mark.anyio


def make_signers() -> list[Signer]:
    """An issuer's keys: RSA, EC P-256 and EC P-384."""
    return [
        Signer(rsa.generate_private_key(public_exponent=65537, key_size=2048), "RS256", "rsa-1"),
        Signer(ec.generate_private_key(ec.SECP256R1()), "ES256", "ec-1"),
        Signer(ec.generate_private_key(ec.SECP384R1()), "ES384", "ec-384"),
    ]


@pytest.fixture(scope="module")
def signers() -> list[Signer]:
    return make_signers()


def write_jwks(path: Path, *jwks: dict[str, Any]) -> str:
    path.write_text(json.dumps({"keys": list(jwks)}))
    return str(path)


@pytest.fixture(scope="module")
def verifier(signers: list[Signer], tmp_path_factory: pytest.TempPathFactory) -> auth.JwtVerifier:
    path = tmp_path_factory.mktemp("jwks") / "jwks.json"
    return auth.JwtVerifier(write_jwks(path, *(s.jwk() for s in signers)), ISSUER, AUDIENCE)


# scopes ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("claims", "granted"),
    [
        ({"scope": "ctx:read"}, ("ctx:read",)),
        ({"scope": ["ctx:read"]}, ("ctx:read",)),  # a list: read, and never write
        ({"scp": "ctx:read"}, ("ctx:read",)),
        ({"scp": ["ctx:read", "ctx:write"]}, ("ctx:read", "ctx:write")),
        ({"scope": "openid ctx:write", "scp": ["ctx:read"]}, ("ctx:read", "ctx:write")),
        ({"scope": "admin write ctx:everything"}, ()),  # unknown scopes grant nothing
        ({"scope": None}, ()),  # nor does a token that names none
        ({"scope": 7, "scp": {"ctx:write": True}}, ()),
        ({"scope": ["ctx:write ctx:read"]}, ("ctx:read", "ctx:write")),
        ({"scope": "ctx:read  ctx:write "}, ("ctx:read", "ctx:write")),
        # scopes are separated by the space alone: any other blank makes one unknown scope of the two
        ({"scope": "ctx:read\tctx:write"}, ()),
        ({"scope": "ctx:read\u00a0ctx:write"}, ()),
        ({"scope": "ctx:read\u3000ctx:write"}, ()),
        ({"scope": "ctx:read\x1fctx:write"}, ()),
        ({"scope": "ctx:read\nctx:write"}, ()),
        ({"scp": ["ctx:read", "ctx:read\tctx:write"]}, ("ctx:read",)),
        ({"scope": "CTX:WRITE Ctx:Read"}, ()),
    ],
)
def test_scopes_from_a_string_or_a_list_in_scope_or_scp(
    verifier: auth.JwtVerifier, signers: list[Signer], claims: dict[str, Any], granted: tuple[str, ...]
) -> None:
    found = verifier.verify(signers[0].token(**({"scope": None} | claims)))
    assert found is not None and found.scopes == granted


# keys of the JWKS ------------------------------------------------------------------------------------------


def jwk_of(public: Any, **extra: Any) -> dict[str, Any]:
    algorithm = jwt.algorithms.RSAAlgorithm if isinstance(public, rsa.RSAPublicKey) else jwt.algorithms.ECAlgorithm
    doc: dict[str, Any] = json.loads(algorithm.to_jwk(public))
    return doc | {"use": "sig"} | extra


@pytest.mark.parametrize(
    ("make", "why"),
    [
        (lambda: jwk_of(rsa.generate_private_key(public_exponent=65537, key_size=1024).public_key()), "1024 bits"),
        (lambda: jwk_of(rsa.RSAPublicNumbers(65537, (1 << 511) + 0x2B).public_key()), "512 bits"),
        (lambda: jwk_of(ec.generate_private_key(ec.SECP521R1()).public_key()), "secp521r1"),
        (lambda: jwk_of(ec.generate_private_key(ec.SECP256K1()).public_key()), "secp256k1"),
        (lambda: {"kty": "oct", "k": "c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA", "use": "sig"}, "oct"),
        (
            lambda: json.loads(jwt.algorithms.OKPAlgorithm.to_jwk(ed25519.Ed25519PrivateKey.generate().public_key())),
            "OKP",
        ),
        (
            lambda: jwk_of(rsa.generate_private_key(public_exponent=65537, key_size=2048).public_key(), alg="RS512"),
            "marked RS512",
        ),
    ],
)
def test_weak_or_unknown_keys_refuse_the_jwks_when_it_is_loaded(tmp_path: Path, make: Any, why: str) -> None:
    good = jwk_of(ec.generate_private_key(ec.SECP256R1()).public_key(), kid="good")
    path = write_jwks(tmp_path / "jwks.json", good, make() | {"kid": "weak"})
    with pytest.raises(auth.JwksError, match=f"kid 'weak'.*{why}") as caught:
        auth.JwtVerifier(path, ISSUER, AUDIENCE)
    assert len(str(caught.value).splitlines()) == 1


def test_a_key_for_encryption_is_left_out_and_p384_verifies(verifier: auth.JwtVerifier, signers: list[Signer]) -> None:
    found = verifier.verify(signers[2].token())
    assert found is not None and found.tenant == "jwt:team-jwt"


def test_a_url_jwks_key_that_may_not_serve_refuses_the_token() -> None:
    weak = rsa.generate_private_key(public_exponent=65537, key_size=1024)
    with pytest.raises(jwt.PyJWKError, match="1024 bits"):
        auth.usable_key(jwt.PyJWK(jwk_of(weak.public_key())))


def test_every_malformed_or_mismatched_token_is_a_refusal_never_an_exception(
    verifier: auth.JwtVerifier, signers: list[Signer]
) -> None:
    rsa_signer, ec_signer, _ = signers
    now = int(time.time())
    body = {"iss": ISSUER, "aud": AUDIENCE, "sub": "x", "exp": now + 600, "scope": "ctx:read"}
    attacks = [
        jwt.encode(body, ec_signer.key, "ES256", {"kid": "rsa-1"}),  # a kid naming a key of another type
        jwt.encode(body, rsa_signer.key, "RS256", {"kid": "ec-1"}),
        jwt.encode(body, ec_signer.key, "ES256", {"kid": "ec-384"}),  # the right type, the wrong curve
        jwt.encode(body, rsa_signer.key, "RS384", {"kid": "rsa-1"}),  # an algorithm the key does not serve
        raw({"alg": "RS256", "kid": ["rsa-1"]}, body),
        raw({"alg": "RS256", "kid": {"a": 1}}, body),
        raw({"alg": ["RS256"], "kid": "rsa-1"}, body),
        raw([1, 2], body),
        jwt.encode(body | {"sub": ["a"]}, rsa_signer.key, "RS256", {"kid": "rsa-1"}),
        jwt.encode(body | {"aud": {"x": 1}}, rsa_signer.key, "RS256", {"kid": "rsa-1"}),
        jwt.encode(body | {"exp": "soon"}, rsa_signer.key, "RS256", {"kid": "rsa-1"}),
        "eyJhbGciOiJSUzI1NiJ9.e30",  # two parts
        "eyJ9.eyJ9.eyJ9",  # a header that is no JSON
        "..",
        "\udcff.\x00.x",
    ]
    for token in attacks:
        assert verifier.verify(token) is None, token[:60]


def raw(header: Any, body: Any) -> str:
    """A token as an attacker writes it, with any header at all (PyJWT refuses to make such ones)."""
    return f"{segment(header)}.{segment(body)}.AAAA"


def segment(doc: Any) -> str:
    return base64.urlsafe_b64encode(json.dumps(doc).encode()).rstrip(b"=").decode()


# tenants ---------------------------------------------------------------------------------------------------


def test_jwt_tenants_live_apart_from_key_tenants_and_never_in_the_local_store(
    tmp_path: Path, verifier: auth.JwtVerifier, signers: list[Signer]
) -> None:
    root = tmp_path / "store"
    local = Session(root, "default", env={})
    local.persist_result("the operator's own notes\n", label="local")
    tenants = Tenants(str(root), None, transcript_roots=[])
    as_key = tenants.session("t1", None)
    as_key.persist_result("key tenant t1's result\n")

    for sub in ("default", "t1"):
        found = verifier.verify(signers[0].token(sub=sub))
        assert found is not None and found.tenant == f"jwt:{sub}"
        theirs = tenants.session(found.tenant, None)
        assert theirs.store.list_sessions() == [], sub  # neither the root's sessions nor key tenant t1's
        theirs.persist_result(f"jwt {sub}'s result\n")
    assert [m.label for m in local.store.list_results("default")] == ["local"]
    assert len(as_key.store.list_results("default")) == 1
    with pytest.raises(ContextError, match="invalid tenant"):  # a key cannot be made in the JWT namespace
        keys.new_key("jwt:t1")


# the app in this process ------------------------------------------------------------------------------------


@asynccontextmanager
async def client(
    root: Path, verifier: auth.JwtVerifier | None, host: str = "127.0.0.1", transcripts: Path | None = None
) -> AsyncIterator[Any]:
    """The real app (gate, tenants, the SDK's transport) served in this process."""
    gate, _ = http.authenticator(FileKeyStore(root), verifier, host)
    tenants = Tenants(str(root), None, transcript_roots=[transcripts] if transcripts else [])
    app = http.make_app(tenants, gate, http.HttpOptions(transcripts_root=transcripts))
    async with app.router.lifespan_context(app):
        transport = httpx2.ASGITransport(app=app)
        async with httpx2.AsyncClient(transport=transport, base_url="http://127.0.0.1:8765") as c:
            yield c


async def post(c: Any, method: str, params: dict[str, Any], credential: str | None = None) -> Any:
    headers = ACCEPT | ({"authorization": f"Bearer {credential}"} if credential else {})
    return await c.post("/mcp", json={"jsonrpc": "2.0", "id": 3, "method": method, "params": params}, headers=headers)


async def test_a_key_created_while_a_loopback_server_runs_protects_it_from_the_next_request(tmp_path: Path) -> None:
    root = tmp_path / "store"
    async with client(root, None) as c:
        assert (await post(c, "tools/list", {})).status_code == 200  # no key yet: the one local user
        key, record = keys.new_key("team-a")
        FileKeyStore(root).add(record)  # what `mcp-context keys create` does, from another process
        refused = await post(c, "tools/list", {})
        assert refused.status_code == 401 and "resource_metadata=" in refused.headers["www-authenticate"]
        assert (await post(c, "tools/list", {}, key)).status_code == 200
        FileKeyStore(root).revoke(record.key_id)
        assert (await post(c, "tools/list", {})).status_code == 200  # no active key: the local user again
        # but a credential sent is still checked: the revoked key (or any unknown one) is refused, never taken
        # for the local user and the operator's own store
        for credential in (key, "mcx_" + "0" * 40, ISSUER):
            refused = await post(c, "tools/list", {}, credential)
            assert refused.status_code == 401 and 'error="invalid_token"' in refused.headers["www-authenticate"]


async def test_verification_failures_are_401_with_the_header_never_500(
    tmp_path: Path, verifier: auth.JwtVerifier, signers: list[Signer]
) -> None:
    rsa_signer, ec_signer, _ = signers
    now = int(time.time())
    body = {"iss": ISSUER, "aud": AUDIENCE, "sub": "x", "exp": now + 600, "scope": "ctx:read"}
    async with client(tmp_path / "store", verifier, host="0.0.0.0") as c:
        for token in (
            jwt.encode(body, ec_signer.key, "ES256", {"kid": "rsa-1"}),
            jwt.encode(body, rsa_signer.key, "RS256", {"kid": "ec-1"}),
            "eyJ9.eyJ9.eyJ9",
        ):
            answer = await post(c, "tools/list", {}, token)
            assert answer.status_code == 401, answer.text
            assert answer.headers["www-authenticate"].startswith('Bearer error="invalid_token", resource_metadata=')
            assert answer.json()["error"] == "invalid_token"


async def test_scopes_decide_what_a_jwt_may_do(
    tmp_path: Path, verifier: auth.JwtVerifier, signers: list[Signer]
) -> None:
    async with client(tmp_path / "store", verifier, host="0.0.0.0") as c:
        persist = {"name": "persist_result", "arguments": {"content": "x\n"}}
        for claims in ({"scope": ["ctx:read"]}, {"scope": None, "scp": "ctx:read"}):
            answer = (await post(c, "tools/call", persist, signers[0].token(**claims))).json()["result"]
            assert answer["isError"] and "may only read" in answer["content"][0]["text"]
        nothing = await post(c, "tools/list", {}, signers[0].token(scope="admin"))
        assert nothing.status_code == 403
        assert nothing.headers["www-authenticate"].startswith('Bearer error="insufficient_scope", scope="ctx:read')
        stored = (await post(c, "tools/call", persist, signers[0].token(scope=None, scp=["ctx:write"]))).json()[
            "result"
        ]
        assert not stored["isError"], stored


# an issuer whose keys cannot be fetched ------------------------------------------------------------------------


@contextmanager
def jwks_endpoint(doc: dict[str, Any] | None) -> Iterator[str]:
    """A JWKS URL on loopback: serving ``doc``, or (None) accepting connections and never answering, as a hung
    issuer does."""
    if doc is None:
        with socket.socket() as hung:
            hung.bind(("127.0.0.1", 0))
            hung.listen(64)
            yield f"http://127.0.0.1:{hung.getsockname()[1]}/jwks"
        return
    body = json.dumps(doc).encode()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802  (the standard library's name)
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *_: Any) -> None:
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/jwks"
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.slow
async def test_an_issuer_whose_keys_cannot_be_fetched_is_503_within_5_s_then_served(
    tmp_path: Path, signers: list[Signer]
) -> None:
    """A hung JWKS endpoint: each request answered 503 with Retry-After within 5 s (the ones right after a
    failed fetch at once), never 401 (the token may be fine) nor a wait as long as urllib's; a closed port the
    same; once the endpoint answers, the same token is accepted."""
    token = signers[0].token()
    with jwks_endpoint(None) as url:
        verifier = auth.JwtVerifier(url, ISSUER, AUDIENCE)
        async with client(tmp_path / "store", verifier, host="0.0.0.0") as c:
            for _ in range(3):
                started = time.monotonic()
                answer = await post(c, "tools/list", {}, token)
                took = time.monotonic() - started
                assert answer.status_code == 503 and answer.headers["retry-after"].isdigit(), answer.text
                assert "issuer's keys" in answer.json()["error_description"] and took < 5, took
                print(f"503 in {took:.2f} s")
    verifier = auth.JwtVerifier(url, ISSUER, AUDIENCE)  # the port is closed now: refused at once
    with pytest.raises(auth.JwksUnavailable):
        verifier.verify(token)
    with jwks_endpoint({"keys": [s.jwk() for s in signers[:2]]}) as served:
        found = auth.JwtVerifier(served, ISSUER, AUDIENCE).verify(token)
    assert found is not None and found.tenant == "jwt:team-jwt"
