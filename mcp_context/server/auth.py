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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jwt

from ..errors import ContextError
from ..storage import ids, keys
from ..storage.keys import KeyStore

log = logging.getLogger("mcp_context.http")

#: Signature algorithms a JWT may use: asymmetric only, so no shared secret and never ``none``.
ALGORITHMS = ("RS256", "ES256")
LEEWAY_SECONDS = 30
METADATA_PATH = "/.well-known/oauth-protected-resource"
SCOPES = list(keys.SCOPES)


@dataclass(frozen=True)
class Identity:
    """An authenticated caller: its tenant (None: the one local user of an unprotected loopback server)."""

    tenant: str | None
    scopes: tuple[str, ...]
    via: str  # "key", "jwt" or "local"


class JwtVerifier:
    """JWTs from one issuer for one audience, checked against the issuer's keys (a JWKS file read once, or a
    URL fetched by PyJWT's client, which caches the set and each key by ``kid``)."""

    def __init__(self, jwks: str, issuer: str, audience: str, tenant_claim: str = "sub") -> None:
        self.issuer, self.audience, self.tenant_claim = issuer, audience, tenant_claim
        self._client: jwt.PyJWKClient | None = None
        self._keys: dict[str, Any] = {}
        if jwks.startswith(("https://", "http://")):
            self._client = jwt.PyJWKClient(jwks, cache_keys=True, lifespan=300)
        else:
            self._keys = _read_jwks(Path(jwks).expanduser())

    def _key(self, token: str) -> Any:
        if self._client is not None:
            return self._client.get_signing_key_from_jwt(token).key
        kid = jwt.get_unverified_header(token).get("kid")
        if kid is None and len(self._keys) == 1:
            return next(iter(self._keys.values()))
        found = self._keys.get(kid) if isinstance(kid, str) else None
        if found is None:
            raise jwt.InvalidTokenError("unknown kid")
        return found

    def verify(self, token: str) -> Identity | None:
        """The caller a token names, or None when anything about it is wrong (the reason is logged, not the
        token)."""
        try:
            header = jwt.get_unverified_header(token)
            if header.get("alg") not in ALGORITHMS:
                raise jwt.InvalidAlgorithmError(f"algorithm {header.get('alg')!r} is not accepted")
            claims = jwt.decode(
                token,
                self._key(token),
                algorithms=list(ALGORITHMS),
                audience=self.audience,
                issuer=self.issuer,
                leeway=LEEWAY_SECONDS,
                options={"require": ["exp", "iss", "aud"]},
            )
        except (jwt.PyJWTError, ValueError, KeyError) as exc:
            log.info("refused a JWT: %s", type(exc).__name__)
            return None
        tenant = claims.get(self.tenant_claim)
        try:
            ids.check_tenant(tenant)
        except ContextError:
            log.info("refused a JWT: its %s claim is not a usable tenant name", self.tenant_claim)
            return None
        scope = claims.get("scope")
        granted = tuple(s for s in scope.split() if s in SCOPES) if isinstance(scope, str) else ()
        return Identity(tenant, granted or tuple(SCOPES[:2]), "jwt")


def _read_jwks(path: Path) -> dict[str, Any]:
    """The signing keys of a local JWKS file, by ``kid`` (a key without one is found under its index)."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        found = {}
        for i, jwk in enumerate(doc["keys"]):
            if jwk.get("use", "sig") != "sig":
                continue
            found[str(jwk.get("kid", i))] = jwt.PyJWK(jwk).key
    except (OSError, ValueError, KeyError, TypeError, jwt.PyJWKError) as exc:
        raise JwksError(f"cannot read the JWKS in {path}: {type(exc).__name__}") from None
    if not found:
        raise JwksError(f"the JWKS in {path} holds no signing key")
    return found


class JwksError(ContextError):
    """A JWKS file that cannot serve (unreadable, not a key set, no signing key)."""


class Authenticator:
    """Checks the credentials of one request: ``Authorization: Bearer`` (an API key or a JWT) or ``X-API-Key``.

    With neither keys nor a JWT verifier, everyone is the one local user (only allowed on a loopback bind)."""

    def __init__(self, key_store: KeyStore | None, jwt_verifier: JwtVerifier | None, required: bool) -> None:
        self.key_store, self.jwt, self.required = key_store, jwt_verifier, required

    def authenticate(self, authorization: str | None, api_key: str | None) -> Identity | None:
        """The caller, or None when the credential is missing or not valid. Blocking (a key store read, a JWKS
        fetch): run it off the event loop."""
        if not self.required:
            return Identity(None, tuple(SCOPES), "local")
        token = bearer(authorization) if authorization else api_key
        if not token:
            return None
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
    metadata = f'resource_metadata="{base}{METADATA_PATH}"'
    return f'Bearer error="invalid_token", {metadata}' if credentials_sent else f"Bearer {metadata}"


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
