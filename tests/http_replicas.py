"""What the tests of the server over Streamable HTTP share: the issuer and audience, signing keys and their JWKS
(the ``signers`` and ``jwks_file`` fixtures, which a module imports as ``signing_keys`` and
``jwks_of_the_signers``), an unsigned token, and real replicas (``python -m mcp_context ... serve --transport
http``) on loopback ports over one store, with plain JSON-RPC POSTs to talk to them."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
import jwt
import pytest
from conftest import SERVE
from cryptography.hazmat.primitives.asymmetric import ec, rsa

from mcp_context.server import auth

ISSUER = "https://auth.example.test/"


AUDIENCE = "http://127.0.0.1/mcp"


ACCEPT = {"accept": "application/json, text/event-stream", "content-type": "application/json"}


ODD_TEXT = "tab\there\r\nlone CR\r, NUL \x00, U+2028 \u2028 end, é😀\nlast line without newline"


# signing keys and tokens -----------------------------------------------------------------------------------


@dataclass
class Signer:
    key: Any
    alg: str
    kid: str

    def jwk(self) -> dict[str, Any]:
        algorithm = jwt.algorithms.RSAAlgorithm if self.alg == "RS256" else jwt.algorithms.ECAlgorithm
        doc: dict[str, Any] = json.loads(algorithm.to_jwk(self.key.public_key()))
        return doc | {"kid": self.kid, "use": "sig", "alg": self.alg}

    def token(self, **claims: Any) -> str:
        now = int(time.time())
        body = {"iss": ISSUER, "aud": AUDIENCE, "sub": "team-jwt", "iat": now, "exp": now + 600}
        body |= {"scope": "ctx:read ctx:write"} | claims
        return jwt.encode({k: v for k, v in body.items() if v is not None}, self.key, self.alg, {"kid": self.kid})


@pytest.fixture(name="signers", scope="module")
def signing_keys() -> list[Signer]:
    return [
        Signer(rsa.generate_private_key(public_exponent=65537, key_size=2048), "RS256", "rsa-1"),
        Signer(ec.generate_private_key(ec.SECP256R1()), "ES256", "ec-1"),
    ]


@pytest.fixture(name="jwks_file", scope="module")
def jwks_of_the_signers(signers: list[Signer], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("jwks") / "jwks.json"
    path.write_text(json.dumps({"keys": [s.jwk() for s in signers]}))
    return path


def unsigned(**claims: Any) -> str:
    """A token with ``alg: none``, as an attacker would send it."""
    now = int(time.time())
    body = {"iss": ISSUER, "aud": AUDIENCE, "sub": "team-jwt", "exp": now + 600} | claims
    return jwt.encode(body, None, algorithm="none")


# slow: real replicas -------------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith(("MCP_CONTEXT_", "CLAUDE_CODE_", "GEMINI_CLI"))}


def cli(root: Path, store: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*SERVE, "--root", str(root), *store, *args], capture_output=True, text=True, timeout=120, env=server_env()
    )


@dataclass
class Replica:
    url: str
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def base(self) -> str:
        return self.url.removesuffix("/mcp")


def start(root: Path, store: list[str], *extra: str) -> Replica:
    port = free_port()
    log = root.parent / f"replica-{port}.log"
    command = [*SERVE, "--root", str(root), *store, "serve", "--transport", "http", "--port", str(port), *extra]
    with open(log, "wb") as err:  # the child keeps its own copy of the descriptor
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=err, env=server_env())
    url = f"http://127.0.0.1:{port}/mcp"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"replica exited {process.returncode}: {log.read_text()}")
        try:
            if httpx2.get(url.removesuffix("/mcp") + auth.METADATA_PATH, timeout=1).status_code == 200:
                return Replica(url, process, log)
        except httpx2.TransportError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError(f"replica did not answer in 60 s: {log.read_text()}")


def rpc(url: str, method: str, params: dict[str, Any], key: str | None, **headers: str) -> httpx2.Response:
    auth_header = {"authorization": f"Bearer {key}"} if key else {}
    body = {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}
    return httpx2.post(url, json=body, headers=ACCEPT | auth_header | headers, timeout=60)


def call(url: str, key: str, tool: str, **arguments: Any) -> dict[str, Any]:
    response = rpc(url, "tools/call", {"name": tool, "arguments": arguments}, key)
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()["result"]
    return result


def full_text(url: str, key: str, handle: str) -> str:
    response = rpc(url, "resources/read", {"uri": f"mcp-context://sessions/default/results/{handle}"}, key)
    return str(response.json()["result"]["contents"][0]["text"])
