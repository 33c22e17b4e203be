"""What a host and an operator see of the HTTP server: the registration ``mcp-context config HOST --http``
prints, the answer to a request without a key (which Claude Code shows as the server's problem), and the log.

The fast tests drive the ASGI app in this process and read the printed commands as a shell splits them; the
``slow`` ones start a real server, and run the printed commands in the real Claude Code 2.1.330 and Gemini CLI
0.61.0 (installed by ../shared/tools/real-clients.sh --install-only; skipped with the reason when that fails).
"""

from __future__ import annotations

import logging
import os
import shlex
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from conftest import SERVE
from test_hooks_real import recorder

from mcp_context.server import auth, http, logs, signin
from mcp_context.server.tenants import Tenants
from mcp_context.storage.keys import FileKeyStore

URL = "https://ctx.example.com/mcp"


def printed(*args: str) -> list[str]:
    """The registration command of ``mcp-context config ...`` as a shell splits it (its first line that is not
    a comment)."""
    done = subprocess.run([*SERVE, "config", *args], capture_output=True, text=True, timeout=60, check=True)
    return shlex.split(next(line for line in done.stdout.splitlines() if not line.startswith("#")))


# the printed registration ---------------------------------------------------------------------------------------


def test_config_http_prints_a_command_whose_header_comes_after_the_name_and_url() -> None:
    """Claude Code's --header takes several values: before the name and URL it would swallow them."""
    words = printed("claude", "--http", URL)
    assert words == [
        "claude", "mcp", "add", "--transport", "http", "--scope", "user", "mcp-context", URL,
        "--header", "Authorization: Bearer ${MCX_KEY}",
    ]  # fmt: skip
    words = printed("gemini", "--http", URL, "--key-env", "TEAM_KEY", "--name", "my server")
    assert words == [
        "gemini", "mcp", "add", "--scope", "user", "--transport", "http",
        "--header", "Authorization: Bearer $TEAM_KEY", "my server", URL,
    ]  # fmt: skip


@pytest.mark.slow
def test_config_quotes_names_and_refuses_what_a_host_refuses() -> None:
    assert printed("gemini", "--name", "my server;rm -rf x")[5] == "my server;rm -rf x"
    assert printed("claude", "--name", "team_ctx-2")[5] == "team_ctx-2"
    for args in (
        ["claude", "--name", "my server"],  # Claude Code: "Invalid name"
        ["claude", "--http", "ftp://x/mcp"],
        ["gemini", "--http", URL, "--key-env", "1-bad"],
    ):
        done = subprocess.run([*SERVE, "config", *args], capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr


# the answer without a key ---------------------------------------------------------------------------------------


def app(root: Path, issuer: str | None = None) -> Any:
    keys = FileKeyStore(root)
    keys.add(auth.keys.new_key("team-a")[1])
    tenants = Tenants(str(root), None, transcript_roots=[])
    return http.make_app(tenants, auth.Authenticator(keys, None, loopback=False), http.HttpOptions(issuer=issuer))


def ask(application: Any, *requests: tuple[str, str, dict[str, str]]) -> list[httpx2.Response]:
    async def go() -> list[httpx2.Response]:
        transport = httpx2.ASGITransport(app=application)
        async with httpx2.AsyncClient(transport=transport, base_url="http://127.0.0.1:8765") as client:
            return [await client.request(method, path, headers=headers) for method, path, headers in requests]

    return anyio.run(go)


def test_a_request_without_a_key_is_told_an_api_key_is_needed(tmp_path: Path) -> None:
    """What a host shows: the 401's description, and (Claude Code) the answer of the registration it falls back
    to when the metadata names no authorization server; the metadata says it too."""
    none, empty, wrong, register, authorize, metadata = ask(
        app(tmp_path),
        ("POST", "/mcp", {}),
        ("POST", "/mcp", {"authorization": "Bearer "}),  # an unset variable in a host's header
        ("POST", "/mcp", {"authorization": "Bearer mcx_0123456789ab_wrong"}),
        ("POST", "/register", {}),
        ("GET", "/authorize", {}),
        ("GET", auth.METADATA_PATH, {}),
    )
    for answer in (none, empty):
        assert answer.status_code == 401 and answer.json()["error_description"].startswith("API key needed: ")
        assert "error=" not in answer.headers["www-authenticate"]
    assert wrong.status_code == 401 and wrong.json()["error"] == "invalid_token"
    for answer in (register, authorize):
        assert answer.status_code == 403 and answer.text == signin.API_KEY_NEEDED
    assert metadata.json()["authentication"] == signin.API_KEY_NEEDED
    assert "authorization_servers" not in metadata.json()


def test_with_an_authorization_server_sign_in_goes_there(tmp_path: Path) -> None:
    register, metadata = ask(
        app(tmp_path, "https://auth.example.test/"), ("POST", "/register", {}), ("GET", auth.METADATA_PATH, {})
    )
    assert register.status_code == 404
    assert metadata.json()["authorization_servers"] == ["https://auth.example.test/"]
    assert "authentication" not in metadata.json()


# the log ---------------------------------------------------------------------------------------------------------


@pytest.fixture
def restored_logging() -> Iterator[None]:
    root = logging.getLogger()
    kept = (list(root.handlers), root.level, {n: logging.getLogger(n).level for n in logs.CHATTY})
    yield
    root.handlers[:] = kept[0]
    root.setLevel(kept[1])
    for name, level in kept[2].items():
        logging.getLogger(name).setLevel(level)


@pytest.mark.usefixtures("restored_logging")
def test_the_sdks_lines_per_request_are_kept_out_unless_debug(capsys: pytest.CaptureFixture[str]) -> None:
    sdk = logging.getLogger("mcp.server.streamable_http")
    for level in ("warning", "info"):
        logs.configure(level)
        sdk.info("Terminating session: None")
        logging.getLogger("mcp_context.http").warning("a line\nin two")
        err = capsys.readouterr().err
        assert "Terminating" not in err and err.count("WARNING mcp_context.http: a line") == 1, err
    logs.configure("debug")
    sdk.info("Terminating session: None")
    assert capsys.readouterr().err.count("Terminating session: None") == 1
    assert logs.access_log("info") and not logs.access_log("warning")


def start(root: Path, *extra: str) -> tuple[subprocess.Popen[bytes], str, Path]:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    err = root.parent / f"server-{port}.log"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MCP_CONTEXT_", "CLAUDE_CODE_"))}
    with open(err, "wb") as out:
        command = [*SERVE, "--root", str(root), "serve", "--transport", "http", "--port", str(port), *extra]
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=out, env=env)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx2.get(base + auth.METADATA_PATH, timeout=1).status_code == 200:
                return process, base, err
        except httpx2.TransportError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError(f"the server did not answer: {err.read_text()}")


@pytest.mark.slow
@pytest.mark.parametrize(("level", "per_request"), [(None, 0), ("info", 1)])
def test_a_real_server_logs_at_most_one_line_per_request(tmp_path: Path, level: str | None, per_request: int) -> None:
    process, base, err = start(tmp_path / "store", *(["--log-level", level] if level else []))
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    headers = {"accept": "application/json, text/event-stream"}
    try:
        before = len(err.read_text().splitlines())
        for _ in range(6):
            assert httpx2.post(base + "/mcp", json=body, headers=headers, timeout=30).status_code == 200
        time.sleep(0.5)
        lines = err.read_text().splitlines()[before:]
    finally:
        process.terminate()
        process.wait(timeout=30)
    assert len(lines) == 6 * per_request, lines
    assert all("POST /mcp" in line for line in lines), lines


# the real hosts ---------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def hosts(real_hosts: Any) -> Any:
    return real_hosts, recorder()


def in_host(hosts: Any, home: Path, command: list[str], **env: str) -> str:
    installed, rh = hosts
    environment = rh.host_env(installed, home, 1, "claude") | env
    binary = {"claude": installed.claude, "gemini": installed.gemini}[command[0]]
    done = subprocess.run(
        [binary, *command[1:]], cwd=home, env=environment, capture_output=True, text=True, timeout=180
    )
    return done.stdout + done.stderr


@pytest.mark.slow
@pytest.mark.parametrize("host", ["claude", "gemini"])
def test_the_printed_registration_works_in_the_real_host(hosts: Any, tmp_path: Path, host: str) -> None:
    root = tmp_path / "store"
    made = subprocess.run([*SERVE, "--root", str(root), "keys", "create", "--tenant", "t"], capture_output=True,
                          text=True, check=True)  # fmt: skip
    key = made.stdout.splitlines()[-1]
    process, base, _ = start(root)
    try:
        home = tmp_path / "home"
        home.mkdir()
        added = in_host(hosts, home, printed(host, "--http", base + "/mcp"), MCX_KEY=key)
        listed = in_host(hosts, home, [host, "mcp", "list"], MCX_KEY=key)
        assert "Connected" in listed and "Disconnected" not in listed, added + listed
        settings = (home / ".claude.json") if host == "claude" else (home / ".gemini" / "settings.json")
        assert key not in settings.read_text()  # the host expands the variable when it connects
        if host == "claude":  # registered without the header: what Claude Code shows
            in_host(hosts, home, ["claude", "mcp", "add", "--transport", "http", "--scope", "user", "bare",
                                  base + "/mcp"])  # fmt: skip
            shown = in_host(hosts, home, ["claude", "mcp", "list"])
            line = next(line for line in shown.splitlines() if line.startswith("bare:"))
            assert "API key needed" in line and "HTTP 404" not in line, line
            print(f"\nClaude Code shows: {line}", file=sys.stderr)
    finally:
        process.terminate()
        process.wait(timeout=30)
