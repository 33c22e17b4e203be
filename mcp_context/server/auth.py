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
from jwt.utils import base64url_decode

from ..errors import ContextError
from ..storage import ids, keys
from ..storage.keys import KeyStore
from .jwks import JwksError as JwksError
from .jwks import JwksUnavailable as JwksUnavailable
from .jwks import RemoteKeys, SigningKey, pick, read_file
from .jwks import usable_key as usable_key

log = logging.getLogger("mcp_context.http")

#: Signature algorithms a JWT may use: asymmetric only, so no shared secret and never ``none``. Each key of the
#: JWKS serves exactly one of them (see :func:`usable_key`): a token whose header names another is refused.
ALGORITHMS = ("RS256", "ES256", "ES384")
LEEWAY_SECONDS = 30
METADATA_PATH = "/.well-known/oauth-protected-resource"
SCOPES = list(keys.SCOPES)
#: The claims a JWT may carry its scopes in: OAuth's ``scope`` (RFC 8693, a space-separated string) and the
#: ``scp`` some servers use (Entra, Okta), each as a string or a list of strings.
SCOPE_CLAIMS = ("scope", "scp")
#: The longest JWT looked at (a token with many group claims is a few KB): verifying costs time in its length.
MAX_TOKEN_CHARS = 32 * 1024
#: The claims that are times (RFC 7519 NumericDate: a JSON number).
TIME_CLAIMS = ("exp", "nbf", "iat")
#: Seconds a request waits for another request's fetch of the issuer's keys (the fetch itself: jwks.FETCH_S).
JWKS_WAIT_S = 1.5


@dataclass(frozen=True)
class Identity:
    """An authenticated caller: its tenant (None: the one local user of an unprotected loopback server)."""

    tenant: str | None
    scopes: tuple[str, ...]
    via: str  # "key", "jwt" or "local"


class JwtVerifier:
    """JWTs from one issuer for one audience, checked against the issuer's keys (a JWKS file read once, or a
    URL fetched with a deadline, its last good keys kept: see jwks.py).

    A JWT's tenant is its ``tenant_claim`` in the JWT namespace (:func:`ids.jwt_tenant`): the subject ``t1``
    is never the API-key tenant ``t1``, and the subject ``default`` never the operator's own store."""

    def __init__(self, jwks: str, issuer: str, audience: str, tenant_claim: str = "sub") -> None:
        self.issuer, self.audience, self.tenant_claim = issuer, audience, tenant_claim
        self._remote: RemoteKeys | None = None
        self._keys: dict[str, SigningKey] = {}
        if jwks.startswith(("https://", "http://")):
            self._remote = RemoteKeys(jwks, wait_s=JWKS_WAIT_S)
        else:
            self._keys = read_file(Path(jwks).expanduser())

    def _key(self, token: str) -> SigningKey:
        kid = jwt.get_unverified_header(token).get("kid")
        found = self._remote.key(kid) if self._remote is not None else pick(self._keys, kid)
        if found is None:
            raise jwt.InvalidTokenError("unknown kid")
        return found

    def verify(self, token: str) -> Identity | None:
        """The caller a token names, or None when anything about it is wrong (the reason is logged, not the
        token). Nothing a token holds raises: a malformed header, a ``kid`` naming a key of another type or a
        claim of an unexpected type is one more refusal. Only an issuer whose keys cannot be fetched now raises
        (JwksUnavailable: the request is answered 503 with Retry-After)."""
        if len(token) > MAX_TOKEN_CHARS:
            log.info("refused a JWT: over %d characters", MAX_TOKEN_CHARS)
            return None
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
            plainly_written(token)
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


def plainly_written(token: str) -> None:
    """Refuse what PyJWT lets by but a reader elsewhere may take otherwise: a member named twice in the header
    or the claims (Python's JSON keeps the last, other parsers the first: a gateway and this server would read
    different scopes), and a time claim that is no JSON number (``"exp": "1900000000"``, ``"nbf": true``)."""
    header, claims = (json.loads(base64url_decode(part), object_pairs_hook=_unique) for part in token.split(".")[:2])
    for claim in TIME_CLAIMS:
        value = claims.get(claim) if isinstance(claims, dict) else None
        if value is not None and (isinstance(value, bool) or not isinstance(value, int | float)):
            raise jwt.InvalidTokenError(f"the {claim} claim is not a number")


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        raise jwt.InvalidTokenError("a member is named twice")
    return found


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
