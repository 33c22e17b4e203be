"""Who is calling over HTTP: an API key of ours, or a JWT from an OAuth 2.1 authorization server.

The server is a resource server only (it issues no tokens). A credential names one tenant, never a tool
argument: an API key is bound to its tenant when it is made, a JWT names it in a claim (``sub`` by default).
Whatever is wrong with a credential (missing, unknown, revoked, expired, signed by someone else, issued for
another audience) answers the same 401, whose ``WWW-Authenticate`` header points at the RFC 9728 document, so
that a client learns where to get a token and nothing about why this one failed. No credential ever reaches a
message or a log line.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jwt
from cryptography.hazmat.primitives.asymmetric import ec, rsa

from ..errors import ContextError
from ..storage import ids, keys
from ..storage.keys import KeyStore

log = logging.getLogger("mcp_context.http")

#: Signature algorithms a JWT may use: asymmetric only, so no shared secret and never ``none``. Each key of the
#: JWKS serves exactly one of them (see :func:`usable_key`): a token whose header names another is refused.
ALGORITHMS = ("RS256", "ES256", "ES384")
#: The smallest RSA modulus accepted (NIST SP 800-57: 2048 bits), and the curves accepted for ECDSA.
RSA_MIN_BITS = 2048
CURVES = {"secp256r1": "ES256", "secp384r1": "ES384"}
LEEWAY_SECONDS = 30
METADATA_PATH = "/.well-known/oauth-protected-resource"
SCOPES = list(keys.SCOPES)
#: The claims a JWT may carry its scopes in: OAuth's ``scope`` (RFC 8693, a space-separated string) and the
#: ``scp`` some servers use (Entra, Okta), each as a string or a list of strings.
SCOPE_CLAIMS = ("scope", "scp")
#: Seconds to wait for the issuer's JWKS endpoint (per read: a hung endpoint costs this much), for another
#: request's fetch of it, and during which a failed fetch is not tried again (requests answer 503 at once):
#: a request is answered within 5 s however the endpoint behaves.
JWKS_FETCH_S = 3.0
JWKS_WAIT_S = 1.5
JWKS_QUIET_S = 5.0


@dataclass(frozen=True)
class Identity:
    """An authenticated caller: its tenant (None: the one local user of an unprotected loopback server)."""

    tenant: str | None
    scopes: tuple[str, ...]
    via: str  # "key", "jwt" or "local"


@dataclass(frozen=True)
class SigningKey:
    """A key of the JWKS and the one algorithm it verifies."""

    key: Any
    algorithm: str


class JwtVerifier:
    """JWTs from one issuer for one audience, checked against the issuer's keys (a JWKS file read once, or a
    URL fetched by PyJWT's client, which caches the set and each key by ``kid``).

    A JWT's tenant is its ``tenant_claim`` in the JWT namespace (:func:`ids.jwt_tenant`): the subject ``t1``
    is never the API-key tenant ``t1``, and the subject ``default`` never the operator's own store."""

    def __init__(self, jwks: str, issuer: str, audience: str, tenant_claim: str = "sub") -> None:
        self.issuer, self.audience, self.tenant_claim = issuer, audience, tenant_claim
        self._client: jwt.PyJWKClient | None = None
        self._keys: dict[str, SigningKey] = {}
        self._fetching = threading.Lock()
        self._quiet_until = 0.0
        if jwks.startswith(("https://", "http://")):
            self._client = jwt.PyJWKClient(jwks, cache_keys=True, lifespan=300, timeout=JWKS_FETCH_S)
        else:
            self._keys = _read_jwks(Path(jwks).expanduser())

    def _key(self, token: str) -> SigningKey:
        if self._client is not None:
            return usable_key(self._fetched(self._client, token))
        kid = jwt.get_unverified_header(token).get("kid")
        if kid is None and len(self._keys) == 1:
            return next(iter(self._keys.values()))
        found = self._keys.get(kid) if isinstance(kid, str) else None
        if found is None:
            raise jwt.InvalidTokenError("unknown kid")
        return found

    def _fetched(self, client: jwt.PyJWKClient, token: str) -> jwt.PyJWK:
        """The token's key from the issuer's JWKS (cached by the client; fetched when missing or old). An
        endpoint that cannot be reached, or is being fetched from by another request for too long, raises
        JwksUnavailable: the credential cannot be checked now, which is no fault of the token's."""
        unavailable = JwksUnavailable(f"cannot fetch the issuer's keys from {client.uri}; try again shortly")
        if time.monotonic() < self._quiet_until or not self._fetching.acquire(timeout=JWKS_WAIT_S):
            raise unavailable
        try:
            if time.monotonic() < self._quiet_until:
                raise unavailable
            return client.get_signing_key_from_jwt(token)
        except jwt.PyJWKClientConnectionError:
            self._quiet_until = time.monotonic() + JWKS_QUIET_S
            raise unavailable from None
        finally:
            self._fetching.release()

    def verify(self, token: str) -> Identity | None:
        """The caller a token names, or None when anything about it is wrong (the reason is logged, not the
        token). Nothing a token holds raises: a malformed header, a ``kid`` naming a key of another type or a
        claim of an unexpected type is one more refusal. Only an issuer whose keys cannot be fetched now raises
        (JwksUnavailable: the request is answered 503 with Retry-After)."""
        try:
            header = jwt.get_unverified_header(token)
            signing = self._key(token)
            if header.get("alg") != signing.algorithm:
                raise jwt.InvalidAlgorithmError(f"algorithm {header.get('alg')!r} does not fit the key")
            claims = jwt.decode(
                token,
                signing.key,
                algorithms=[signing.algorithm],
                audience=self.audience,
                issuer=self.issuer,
                leeway=LEEWAY_SECONDS,
                options={"require": ["exp", "iss", "aud"]},
            )
        except JwksUnavailable:
            raise
        except Exception as exc:  # noqa: BLE001  (a token is untrusted input: every failure is a refusal)
            log.info("refused a JWT: %s", type(exc).__name__)
            return None
        try:
            tenant = ids.jwt_tenant(claims.get(self.tenant_claim))
        except ContextError:
            log.info("refused a JWT: its %s claim is not a usable tenant name", self.tenant_claim)
            return None
        return Identity(tenant, granted_scopes(claims), "jwt")


def granted_scopes(claims: dict[str, Any]) -> tuple[str, ...]:
    """The scopes of ours a token grants, from ``scope`` and ``scp``, each a space-separated string or a list
    of strings. Unknown scopes, and a token that names none, grant nothing. Scopes are separated by the space
    alone (RFC 6749 section 3.3): ``ctx:read<TAB>ctx:write`` or with any other blank is one unknown scope."""
    named: list[str] = []
    for claim in SCOPE_CLAIMS:
        value = claims.get(claim)
        if isinstance(value, str):
            named += value.split(" ")
        elif isinstance(value, list):
            named += [s for item in value if isinstance(item, str) for s in item.split(" ")]
    return tuple(s for s in SCOPES if s in named)


def usable_key(jwk: jwt.PyJWK) -> SigningKey:
    """A JWKS key with the one algorithm it may verify, or the reason it may not serve: an RSA modulus under
    RSA_MIN_BITS, a curve outside CURVES, another key type, or an ``alg`` member that contradicts the key."""
    key = jwk.key
    if isinstance(key, rsa.RSAPublicKey | rsa.RSAPrivateKey):
        if key.key_size < RSA_MIN_BITS:
            raise jwt.PyJWKError(f"an RSA key of {key.key_size} bits (at least {RSA_MIN_BITS} are required)")
        algorithm = "RS256"
    elif isinstance(key, ec.EllipticCurvePublicKey | ec.EllipticCurvePrivateKey):
        algorithm = CURVES.get(key.curve.name, "")
        if not algorithm:
            raise jwt.PyJWKError(f"an EC key on {key.curve.name} (accepted: P-256, P-384)")
    else:
        raise jwt.PyJWKError(f"a {jwk.key_type} key (accepted: RSA, EC P-256 and P-384)")
    given = jwk.algorithm_name
    if given != algorithm:
        raise jwt.PyJWKError(f"a key marked {given} (accepted for it: {algorithm})")
    return SigningKey(key.public_key() if hasattr(key, "private_numbers") else key, algorithm)


def _read_jwks(path: Path) -> dict[str, SigningKey]:
    """The signing keys of a local JWKS file, by ``kid`` (a key without one is found under its index). A key
    that may not serve refuses the whole file: the operator learns it now, not from refused tokens."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        entries = doc["keys"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise JwksError(f"cannot read the JWKS in {path}: {type(exc).__name__}") from None
    found = {}
    for i, jwk in enumerate(entries if isinstance(entries, list) else ()):
        if not isinstance(jwk, dict) or jwk.get("use", "sig") != "sig":
            continue
        kid = str(jwk.get("kid", i))
        try:
            found[kid] = usable_key(jwt.PyJWK(jwk))
        except (jwt.PyJWKError, ValueError, KeyError, TypeError) as exc:
            why = str(exc) if isinstance(exc, jwt.PyJWKError) else type(exc).__name__
            kid = kid[:60]
            raise JwksError(f"the JWKS in {path} holds a key that may not verify tokens (kid {kid!r}): {why}") from None
    if not found:
        raise JwksError(f"the JWKS in {path} holds no signing key")
    return found


class JwksUnavailable(ContextError):
    """The issuer's JWKS endpoint cannot be reached now: the credential cannot be checked (503, Retry-After)."""


class JwksError(ContextError):
    """A JWKS file that cannot serve (unreadable, not a key set, no signing key, a weak or unknown key)."""


class Authenticator:
    """Checks the credentials of one request: ``Authorization: Bearer`` (an API key or a JWT) or ``X-API-Key``.

    Whether credentials are needed at all is decided per request: always with JWTs or on a bind beyond
    loopback, else as soon as the key store holds an active key (a key created while the server runs protects
    it from the next request on). With neither keys nor JWTs, a loopback server's callers are its one local
    user."""

    def __init__(self, key_store: KeyStore | None, jwt_verifier: JwtVerifier | None, *, loopback: bool) -> None:
        self.key_store, self.jwt, self.loopback = key_store, jwt_verifier, loopback

    def required(self) -> bool:
        """Whether a request must bring a credential (a key store read: blocking)."""
        if self.jwt is not None or not self.loopback:
            return True
        return self.key_store is not None and self.key_store.any_active()

    def authenticate(self, authorization: str | None, api_key: str | None) -> Identity | None:
        """The caller, or None when the credential is missing (and required) or not valid. Blocking (a key
        store read, a JWKS fetch): run it off the event loop. A store that cannot be read raises its StoreError,
        an issuer whose keys cannot be fetched JwksUnavailable."""
        token = bearer(authorization) if authorization else api_key
        if not token:
            return None if self.required() else Identity(None, tuple(SCOPES), "local")
        # A credential sent is checked even where none is required: a revoked or unknown key is refused, never
        # taken for the one local user and the operator's own store.
        if token.startswith(keys.PREFIX):
            if self.key_store is None:
                return None
            record = keys.verify(self.key_store, token)
            return Identity(record.tenant, record.scopes, "key") if record is not None else None
        return self.jwt.verify(token) if self.jwt is not None else None


def bearer(authorization: str) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header (the scheme is case-insensitive)."""
    scheme, _, token = authorization.strip().partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def challenge(base: str, credentials_sent: bool) -> str:
    """The ``WWW-Authenticate`` value of a 401 (RFC 6750 section 3, RFC 9728 section 5.1): ``invalid_token``
    only when a credential was sent; without one, the scheme and where to learn more."""
    metadata = metadata_parameter(base)
    return f'Bearer error="invalid_token", {metadata}' if credentials_sent else f"Bearer {metadata}"


def metadata_parameter(base: str) -> str:
    """The ``resource_metadata`` parameter of a challenge: where the RFC 9728 document is."""
    return f'resource_metadata="{base}{METADATA_PATH}"'


def resource_metadata(base: str, issuer: str | None) -> dict[str, Any]:
    """The RFC 9728 Protected Resource Metadata: what this resource is, who issues tokens for it (when JWTs
    are accepted), and how to send them."""
    doc: dict[str, Any] = {
        "resource": f"{base}/mcp",
        "bearer_methods_supported": ["header"],
        "scopes_supported": SCOPES,
        "resource_name": "mcp-context",
    }
    if issuer:
        doc["authorization_servers"] = [issuer]
    return doc
