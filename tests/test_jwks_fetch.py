"""The issuer's JWKS fetched from a URL that misbehaves: one byte a second, an endless answer, a huge one, a
wrong status, made-up kids. Each request is answered within 5 s (503 with Retry-After, or 401), the last good
keys go on serving while the endpoint fails, and made-up kids do not turn every request into a fetch. Real
sockets on loopback, real signed tokens."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from http_replicas import AUDIENCE, ISSUER, Signer
from test_http_attacks import client, jwk_of, make_signers, post, raw

from mcp_context.server import auth, jwks

pytestmark = pytest.mark.anyio


@pytest.fixture(scope="module")
def signers() -> list[Signer]:
    return make_signers()


class Endpoint:
    """A JWKS endpoint on loopback whose behaviour the test changes as it goes; counts the requests."""

    def __init__(self) -> None:
        self.behave: Callable[[socket.socket], None] = lambda conn: None
        self.requests = 0
        self._server = socket.socket()
        self._server.bind(("127.0.0.1", 0))
        self._server.listen(64)
        self.url = f"http://127.0.0.1:{self._server.getsockname()[1]}/jwks"
        self._stop = threading.Event()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._server.accept()
            except OSError:
                return
            self.requests += 1
            threading.Thread(target=self._one, args=(conn,), daemon=True).start()

    def _one(self, conn: socket.socket) -> None:
        with conn:
            try:
                conn.recv(65536)
                self.behave(conn)
            except OSError:
                pass

    def close(self) -> None:
        self._stop.set()
        self._server.close()


@contextmanager
def endpoint() -> Iterator[Endpoint]:
    found = Endpoint()
    try:
        yield found
    finally:
        found.close()


def serving(doc: Any, status: int = 200) -> Callable[[socket.socket], None]:
    body = json.dumps(doc).encode()

    def behave(conn: socket.socket) -> None:
        head = f"HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n\r\n"
        conn.sendall(head.encode() + body)

    return behave


def dripping(conn: socket.socket) -> None:
    """A well-formed answer, one byte a second, for ever."""
    conn.sendall(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\r\n")
    for byte in b'{"keys": [' + b" " * 10_000:
        conn.sendall(bytes([byte]))
        time.sleep(1.0)


def dripping_headers(conn: socket.socket) -> None:
    for byte in b"HTTP/1.1 200 OK\r\nx-slow: " + b"a" * 10_000:
        conn.sendall(bytes([byte]))
        time.sleep(1.0)


def endless(conn: socket.socket) -> None:
    conn.sendall(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\r\n[")
    while True:
        conn.sendall(b"0," * 65536)


@pytest.mark.slow
@pytest.mark.parametrize("behave", [dripping, dripping_headers, endless], ids=["body", "headers", "endless"])
async def test_a_slow_or_endless_endpoint_is_503_within_5_s(
    tmp_path: Path, signers: list[Signer], behave: Callable[[socket.socket], None]
) -> None:
    with endpoint() as issuer:
        issuer.behave = behave
        verifier = auth.JwtVerifier(issuer.url, ISSUER, AUDIENCE)
        async with client(tmp_path / "store", verifier, host="0.0.0.0") as c:
            for _ in range(3):
                started = time.monotonic()
                answer = await post(c, "tools/list", {}, signers[0].token())
                took = time.monotonic() - started
                assert answer.status_code == 503 and answer.headers["retry-after"].isdigit(), answer.text
                assert took < 5, took


def test_the_fetch_is_bounded_in_time_and_size() -> None:
    """The fetch itself, without the request around it: a drip stops at the deadline, a large answer at the cap,
    a status other than 200 is refused."""
    with endpoint() as issuer:
        issuer.behave = dripping
        started = time.monotonic()
        with pytest.raises(TimeoutError):
            jwks.fetch(issuer.url, deadline_s=1.0)
        assert time.monotonic() - started < 2.5
        issuer.behave = endless
        with pytest.raises(jwks.JwksError, match="over 262,144 bytes"):
            jwks.fetch(issuer.url)
        issuer.behave = serving({"keys": []}, status=404)
        with pytest.raises(jwks.JwksError, match="answered 404"):
            jwks.fetch(issuer.url)


def test_the_last_good_keys_serve_while_the_endpoint_fails(signers: list[Signer]) -> None:
    clock = [1000.0]
    with endpoint() as issuer:
        issuer.behave = serving({"keys": [s.jwk() for s in signers]})
        remote = jwks.RemoteKeys(issuer.url, clock=lambda: clock[0])
        assert remote.key("rsa-1") is not None
        assert issuer.requests == 1
        issuer.behave = serving({"error": "down"}, status=500)
        clock[0] += jwks.LIFESPAN_S + 1  # the keys are stale: fetched again, which fails
        assert remote.key("rsa-1") is not None  # the last good keys answer
        assert issuer.requests == 2
        # a kid the last keys lack, while the endpoint fails: it cannot be checked now (503), not refused (401)
        clock[0] += jwks.REFRESH_S + 1
        with pytest.raises(auth.JwksUnavailable):
            remote.key("rsa-new")
        issuer.behave = serving({"keys": [s.jwk() for s in signers]})
        clock[0] += jwks.REFRESH_S + 1
        assert remote.key("rsa-new") is None  # asked again, the issuer has no such key: refused


def test_made_up_kids_do_not_fetch_on_every_request(signers: list[Signer]) -> None:
    clock = [1000.0]
    with endpoint() as issuer:
        issuer.behave = serving({"keys": [s.jwk() for s in signers]})
        remote = jwks.RemoteKeys(issuer.url, clock=lambda: clock[0])
        for i in range(50):
            assert remote.key(f"made-up-{i}") is None
        assert issuer.requests == 1
        clock[0] += jwks.REFRESH_S + 1
        assert remote.key("made-up-again") is None
        assert issuer.requests == 2
        assert remote.key("rsa-1") is not None  # the real kid, from the keys at hand
        assert remote.key(7) is None and remote.key(["rsa-1"]) is None  # a kid of the wrong type names none
        assert issuer.requests == 2


def test_weak_keys_at_a_url_are_left_out_and_the_rest_serve(signers: list[Signer]) -> None:
    weak = rsa.generate_private_key(public_exponent=65537, key_size=1024)
    with endpoint() as issuer:
        issuer.behave = serving({"keys": [jwk_of(weak.public_key(), kid="weak"), signers[0].jwk()]})
        verifier = auth.JwtVerifier(issuer.url, ISSUER, AUDIENCE)
        assert verifier.verify(raw({"alg": "RS256", "kid": "weak"}, {"iss": ISSUER, "aud": AUDIENCE})) is None
        assert verifier.verify(signers[0].token()) is not None


def test_a_jwks_url_that_is_no_http_url_is_refused_at_start() -> None:
    with pytest.raises(jwks.JwksError, match="http:// or https://"):
        jwks.RemoteKeys("https:///jwks")
