"""The command line's setting up and serving: config for each host (its command really starts the CLI), serve
exiting when stdin closes, --version and --help, commands continuing the latest session, API keys, and --store
reaching every session."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from cli_fixtures import REAL_PROCESS, Proc, Run, assert_one_line_error, ok
from cli_run import SERVE, run_cli

# config --------------------------------------------------------------------------------------------------------


def json_block(output: str) -> dict[str, Any]:
    """The JSON object printed after the comment and command lines."""
    block: dict[str, Any] = json.loads(output[output.index("\n{") + 1 :])
    return block


@pytest.mark.parametrize("host", ["claude", "gemini"])
def test_config_prints_command_and_json(run: Run, server_env: dict[str, str], host: str) -> None:
    env = {k: v for k, v in server_env.items() if k != "MCP_CONTEXT_HOME"}

    out = ok(run("config", host, env=env))

    assert any(line.startswith(f"{host} mcp add ") for line in out.splitlines())
    entry = json_block(out)["mcpServers"]["mcp-context"]
    assert entry["args"][-1] == "serve"
    assert "env" not in entry
    assert "MCP_CONTEXT_HOME" not in out


@pytest.mark.parametrize("host", ["claude", "gemini"])
def test_config_with_root_sets_home(run: Run, tmp_path: Path, host: str) -> None:
    where = tmp_path / "elsewhere"

    out = ok(run("--root", str(where), "config", host, "--name", "ctx"))

    add = next(line for line in out.splitlines() if line.startswith(f"{host} mcp add "))
    assert f"-e MCP_CONTEXT_HOME={where}" in add
    limited = ok(run("--root", str(where), "--max-result-bytes", "256M", "config", host))
    assert json_block(limited)["mcpServers"]["mcp-context"]["args"][-3:] == ["--max-result-bytes", "268435456", "serve"]
    assert " ctx " in add
    if host == "claude":  # Claude Code's -e takes several values: the name must come before it
        assert add.startswith(f"claude mcp add --scope user ctx -e MCP_CONTEXT_HOME={where} -- ")
    entry = json_block(out)["mcpServers"]["ctx"]
    assert entry["env"] == {"MCP_CONTEXT_HOME": str(where)}


@REAL_PROCESS
def test_config_command_actually_starts_the_cli(run: Run, cli_env: dict[str, str]) -> None:
    """The printed command, with `serve` swapped for `--version`, is a working mcp-context."""
    entry = json_block(ok(run("config", "claude")))["mcpServers"]["mcp-context"]
    command = [entry["command"], *entry["args"][:-1], "--version"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60, env=cli_env)
    assert "mcp-context" in ok(result)


def test_config_unknown_host(run: Run) -> None:
    assert_one_line_error(run("config", "vim"))


# serve, --version, --help ------------------------------------------------------------------------------------


@pytest.mark.slow
def test_serve_exits_cleanly_when_stdin_closes(cli_env: dict[str, str]) -> None:
    proc = subprocess.Popen(
        [*SERVE, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=cli_env
    )
    try:
        stdout, stderr = proc.communicate(input=b"", timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, stderr.decode()
    assert b"Traceback" not in stdout + stderr
    assert stdout == b""  # stdout belongs to the protocol: nothing else may be written there


@REAL_PROCESS
def test_version(run: Run) -> None:
    from mcp_context import __version__

    assert ok(run("--version")).strip() == f"mcp-context, version {__version__}"


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help(run: Run, flag: str) -> None:
    out = ok(run(flag))
    assert out.startswith("Usage: mcp-context ")
    for command in ("serve", "config", "sessions", "results", "show", "persist", "read", "delete-session", "cleanup"):
        assert re.search(rf"^\s+{command}\s", out, re.M), command


@pytest.mark.parametrize("command", ["serve", "persist", "read", "cleanup", "config"])
def test_command_help(run: Run, command: str) -> None:
    out = ok(run(command, "--help"))
    assert out.startswith(f"Usage: mcp-context {command} ")
    assert "Example:" in out


def test_commands_continue_the_latest_session_and_refuse_what_would_be_silent(tmp_path: Path, cli_way: str) -> None:
    """As a new user runs it: no --session, no MCP_CONTEXT_SESSION. persist then results shows the result; an
    empty input, a --root that is a file and a --keep larger than the target each get one line and exit non-zero."""
    env = {k: v for k, v in os.environ.items() if k not in ("MCP_CONTEXT_SESSION", "CLAUDE_CODE_SESSION_ID")}
    env["MCP_CONTEXT_HOME"] = str(tmp_path / "home")

    def cli(*args: str, input: str | None = None) -> Proc:
        return run_cli(list(args), env=env, input=input, way=cli_way)

    first = cli("persist", "--label", "first", input="one\n")
    assert first.returncode == 0, first.stderr
    assert cli("persist", "--label", "second", input="two\n").returncode == 0
    listed = cli("results")
    assert "first" in listed.stdout and "second" in listed.stdout, listed.stdout
    empty = cli("persist", input="")
    assert (
        empty.returncode == 2
        and empty.stderr == "mcp-context: error: the content is empty: there is nothing to store\n"
    )
    history = tmp_path / "h.json"
    history.write_text(json.dumps([{"role": "user", "content": "hi"}]))
    keep = cli("compact", str(history), "--target-tokens", "100", "--keep", "500")
    assert keep.returncode == 2 and keep.stderr.startswith("mcp-context: error: --keep (500 tokens) is larger than")
    (tmp_path / "file").write_text("x")
    assert cli("--root", str(tmp_path / "file"), "persist", input="x").returncode == 2


# API keys and --store ----------------------------------------------------------------------------------------


def test_keys_create_list_revoke(run: Run, root: Path) -> None:
    """The key is the last line of `keys create` and appears nowhere after: only its hash is stored, listings
    show ids; a revoked key is marked; an unknown or malformed id is one line."""
    made = run("keys", "create", "--tenant", "team-a", "--scope", "ctx:read")
    key = ok(made).splitlines()[-1]
    assert re.fullmatch(r"mcx_[0-9a-f]{12}_[A-Za-z0-9_-]{43}", key)
    assert "team-a" in made.stderr and key not in made.stderr
    key_id = key[4:16]
    stored = (root / "keys.json").read_text()
    assert key not in stored and key.split("_", 2)[2] not in stored
    listed = ok(run("keys", "list"))
    assert key_id in listed and "team-a" in listed and "ctx:read" in listed and key.split("_", 2)[2] not in listed
    doc = json.loads(ok(run("keys", "list", "--json")))
    assert doc == [
        {"key_id": key_id, "tenant": "team-a", "scopes": ["ctx:read"], "created": doc[0]["created"], "revoked": None}
    ]
    assert ok(run("keys", "revoke", key_id)).strip() == f"revoked key {key_id}"
    assert json.loads(ok(run("keys", "list", "--json")))[0]["revoked"] is not None
    assert "no key 0123456789ab" in assert_one_line_error(run("keys", "revoke", "0123456789ab"))
    assert "invalid key id" in assert_one_line_error(run("keys", "revoke", "nope"))
    assert "invalid tenant" in assert_one_line_error(run("keys", "create", "--tenant", "../x"))


def test_store_option_and_env_reach_every_session(run: Run, cli_env: dict[str, str]) -> None:
    """--store (or MCP_CONTEXT_STORE) names the store of every command, keys included; a URL that is not
    PostgreSQL is one line."""
    assert "must be a postgresql:// URL" in assert_one_line_error(run("--store", "mysql://h/db", "results"))
    env = {**cli_env, "MCP_CONTEXT_STORE": "mysql://h/db"}
    assert "must be a postgresql:// URL" in assert_one_line_error(run("results", env=env))
    assert "must be a postgresql:// URL" in assert_one_line_error(run("--store", "sqlite:///x", "keys", "list"))
