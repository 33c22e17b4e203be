"""The issuer's signing keys (a JWKS): which may verify tokens, read from a file once or fetched from a URL.

A URL is fetched with a deadline on the whole exchange (connecting, TLS, sending, every byte of the answer:
a watchdog shuts the socket when it passes, so an endpoint that answers one byte a second holds nobody), and
a cap on the answer's size. The last keys fetched are kept: while they are fresh (``LIFESPAN_S``) they answer
alone; a token naming a ``kid`` they lack, or keys gone stale, fetch again, at most once per ``REFRESH_S`` (so
tokens with made-up kids cannot turn every request into a fetch); and when a fetch fails, the last good keys go
on serving. Only a token whose key was never fetched, while the endpoint fails, cannot be checked
(JwksUnavailable: 503 with Retry-After).
"""

from __future__ import annotations

import http.client
import json
import logging
import socket
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import jwt
from cryptography.hazmat.primitives.asymmetric import ec, rsa

from ..errors import ContextError

log = logging.getLogger("mcp_context.http")

#: The smallest RSA modulus accepted (NIST SP 800-57: 2048 bits), and the curves accepted for ECDSA.
RSA_MIN_BITS = 2048
CURVES = {"secp256r1": "ES256", "secp384r1": "ES384"}
#: Seconds the whole fetch of a JWKS may take, and the largest answer read (a key set is a few KB).
FETCH_S = 3.0
MAX_BYTES = 256 * 1024
#: Seconds fetched keys answer without asking the endpoint again, and the least between two fetches.
LIFESPAN_S = 300.0
REFRESH_S = 5.0


@dataclass(frozen=True)
class SigningKey:
    """A key of the JWKS and the one algorithm it verifies."""

    key: Any
    algorithm: str


class JwksUnavailable(ContextError):
    """The issuer's JWKS endpoint cannot be reached now: the credential cannot be checked (503, Retry-After)."""


class JwksError(ContextError):
    """A JWKS that cannot serve (unreadable, not a key set, no signing key, a weak or unknown key)."""


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


def key_set(doc: Any, where: str, *, strict: bool) -> dict[str, SigningKey]:
    """The signing keys of a JWKS document, by ``kid`` (a key without one under its index); ``where`` ("in
    PATH", "from URL") is for messages. ``strict`` (a file the operator gave): a key that may not serve refuses
    the whole set, so the operator learns it at start; otherwise (an endpoint's answer) such a key is left out
    and never verifies."""
    entries = doc.get("keys") if isinstance(doc, dict) else None
    if not isinstance(entries, list):
        raise JwksError(f"cannot read the JWKS {where}: it is not a key set (no list of keys)")
    found = {}
    for i, jwk in enumerate(entries):
        if not isinstance(jwk, dict) or jwk.get("use", "sig") != "sig":
            continue
        kid = str(jwk.get("kid", i))
        try:
            found[kid] = usable_key(jwt.PyJWK(jwk))
        except (jwt.PyJWKError, ValueError, KeyError, TypeError) as exc:
            why = str(exc) if isinstance(exc, jwt.PyJWKError) else type(exc).__name__
            if strict:
                raise JwksError(
                    f"the JWKS {where} holds a key that may not verify tokens (kid {kid[:60]!r}): {why}"
                ) from None
            log.warning("left out a key of the JWKS %s (kid %r): %s", where, kid[:60], why)
    if not found:
        raise JwksError(f"the JWKS {where} holds no signing key")
    return found


def read_file(path: Path) -> dict[str, SigningKey]:
    """The keys of a local JWKS file, every one of which must serve."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise JwksError(f"cannot read the JWKS in {path}: {type(exc).__name__}") from None
    return key_set(doc, f"in {path}", strict=True)


def pick(keys: dict[str, SigningKey], kid: object) -> SigningKey | None:
    """The key a token's ``kid`` names; a token without one may use the only key of a set of one."""
    if kid is None and len(keys) == 1:
        return next(iter(keys.values()))
    return keys.get(kid) if isinstance(kid, str) else None


class RemoteKeys:
    """The keys at a JWKS URL, fetched as the module's docstring says. Thread-safe: one fetch at a time, and
    a request that finds one under way waits for it at most ``wait_s``."""

    def __init__(self, url: str, *, wait_s: float = 1.5, clock: Callable[[], float] = time.monotonic) -> None:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise JwksError(f"the JWKS URL must be http:// or https:// with a host (got {url[:100]!r})")
        self.url, self._wait_s, self._clock = url, wait_s, clock
        self._keys: dict[str, SigningKey] = {}
        self._fetched_at = float("-inf")  # the last good fetch
        self._tried_at = float("-inf")  # the last fetch, good or not
        self._lock = threading.Lock()

    def key(self, kid: object) -> SigningKey | None:
        """The key ``kid`` names (None: the issuer has no such key, the token is refused). Raises
        JwksUnavailable only when the keys would have to be fetched and cannot be."""
        now = self._clock()
        found = pick(self._keys, kid)
        if found is not None and now - self._fetched_at < LIFESPAN_S:
            return found
        if now - self._tried_at < REFRESH_S:  # fetched just now: no more is known than these keys say
            return self._last(found, kid)
        if not self._lock.acquire(timeout=self._wait_s):
            return self._last(found, kid)
        try:
            if self._clock() - self._tried_at >= REFRESH_S:
                self._tried_at = self._clock()
                try:
                    self._keys = key_set(fetch(self.url), f"from {self.url}", strict=False)
                    self._fetched_at = self._clock()
                except (JwksError, OSError, ValueError, http.client.HTTPException) as exc:
                    why = str(exc) if isinstance(exc, JwksError) else f"{type(exc).__name__}: {exc}"
                    log.warning("cannot fetch the JWKS from %s: %s", self.url, why[:300])
        finally:
            self._lock.release()
        return self._last(pick(self._keys, kid), kid)

    def _last(self, found: SigningKey | None, kid: object) -> SigningKey | None:
        """The key from the keys at hand; when there is none, whether that is the issuer's answer (None) or
        only that its endpoint could not be asked (JwksUnavailable)."""
        if found is not None or self._fetched_at >= self._tried_at:
            return found
        raise JwksUnavailable(f"cannot fetch the issuer's keys from {self.url}; try again shortly")


def fetch(url: str, deadline_s: float = FETCH_S) -> Any:
    """The JSON at ``url`` (an answer of 200 within ``MAX_BYTES``), the whole exchange within ``deadline_s``:
    a watchdog shuts the socket down when the time is up, whatever it is waiting for. Redirects are not
    followed (the issuer's metadata names the JWKS URL itself)."""
    parts = urlsplit(url)
    host, https = parts.hostname or "", parts.scheme == "https"
    port = parts.port or (443 if https else 80)
    started = time.monotonic()
    sock = socket.create_connection((host, port), timeout=deadline_s)
    expired = threading.Event()

    def stop() -> None:
        expired.set()
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    watchdog = threading.Timer(max(0.0, deadline_s - (time.monotonic() - started)), stop)
    watchdog.daemon = True
    watchdog.start()
    try:
        conn: http.client.HTTPConnection
        if https:
            conn = http.client.HTTPSConnection(host, port, timeout=deadline_s)
            conn.sock = ssl.create_default_context().wrap_socket(sock, server_hostname=host)
        else:
            conn = http.client.HTTPConnection(host, port, timeout=deadline_s)
            conn.sock = sock
        path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        conn.request("GET", path, headers={"Accept": "application/json", "Connection": "close"})
        answer = conn.getresponse()
        if answer.status != 200:
            raise JwksError(f"the JWKS endpoint answered {answer.status}")
        body = bytearray()
        while piece := answer.read1(64 * 1024):
            body += piece
            if len(body) > MAX_BYTES:
                raise JwksError(f"the JWKS endpoint's answer is over {MAX_BYTES:,} bytes")
        if expired.is_set():
            raise TimeoutError(f"the JWKS endpoint took over {deadline_s:g} s")
        return json.loads(body)
    except (OSError, ValueError, http.client.HTTPException):
        if expired.is_set():  # whatever the shut socket made the reading fail with
            raise TimeoutError(f"the JWKS endpoint took over {deadline_s:g} s") from None
        raise
    finally:
        watchdog.cancel()
        sock.close()
