"""The plugin's and the extension's files: written from the hooks table, in step with the package, and the
launcher they start (bin/mcp-context): which host a hook runs in, and where its environment goes."""

from __future__ import annotations

import fcntl
import importlib.machinery
import importlib.util
import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from mcp_context.hooks.hosts import HOSTS, our_event

ROOT = Path(__file__).resolve().parent.parent


def launcher() -> ModuleType:
    loader = importlib.machinery.SourceFileLoader("plugin_launcher", str(ROOT / "bin" / "mcp-context"))
    spec = importlib.util.spec_from_loader("plugin_launcher", loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def test_the_committed_files_are_what_the_generator_writes() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "plugin-files"), "--check"], capture_output=True)
    assert done.returncode == 0, done.stderr.decode()


def test_the_hooks_file_registers_every_event_of_both_hosts_as_install_does() -> None:
    doc = json.loads((ROOT / "hooks" / "hooks.json").read_text())
    found = {
        our_event(h["command"]): (name, group.get("matcher"), h["timeout"])
        for name, groups in doc["hooks"].items()
        for group in groups
        for h in group["hooks"]
    }
    wanted = {
        (host.name, e.cli): (e.host_name, e.matcher, e.timeout_s * host.timeout_unit)
        for host in HOSTS.values()
        if host.name != "codex"  # Codex's hooks come from hooks install codex, not the plugin
        for e in host.events
    }
    assert found == wanted
    for groups in doc["hooks"].values():
        for group in groups:
            command = group["hooks"][0]["command"]
            host = our_event(command)
            assert host is not None and f"--in {host[0]} hook {host[0]}" in command
            assert "${CLAUDE_PLUGIN_ROOT}${extensionPath}/bin/mcp-context" in command


def test_the_manifests_start_the_launcher_and_carry_the_package_version() -> None:
    version = next(
        line.split('"')[1] for line in (ROOT / "pyproject.toml").read_text().splitlines() if line.startswith("version")
    )
    claude = json.loads((ROOT / ".claude-plugin" / "plugin.json").read_text())
    gemini = json.loads((ROOT / "gemini-extension.json").read_text())
    market = json.loads((ROOT / ".claude-plugin" / "marketplace.json").read_text())
    assert claude["version"] == gemini["version"] == market["plugins"][0]["version"] == version
    assert claude["mcpServers"]["mcp-context"]["args"] == ["${CLAUDE_PLUGIN_ROOT}/bin/mcp-context", "serve"]
    assert gemini["mcpServers"]["mcp-context"]["args"] == ["${extensionPath}${/}bin${/}mcp-context", "serve"]
    assert (ROOT / gemini["contextFileName"]).is_file()
    assert (ROOT / claude["skills"] / "context-tools" / "SKILL.md").is_file()
    assert market["plugins"][0]["source"] == "./"


@pytest.mark.parametrize(
    ("env", "host"),
    [
        ({"CLAUDE_PLUGIN_ROOT": "/p", "CLAUDE_PROJECT_DIR": "/w"}, "claude"),
        # Gemini CLI sets CLAUDE_PROJECT_DIR too, for Claude Code's hooks: its own variables decide
        ({"GEMINI_SESSION_ID": "s", "GEMINI_PROJECT_DIR": "/w", "CLAUDE_PROJECT_DIR": "/w"}, "gemini"),
        ({}, None),
    ],
)
def test_a_hook_runs_only_in_the_host_it_was_written_for(
    env: dict[str, str], host: str | None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    module = launcher()
    for name in ("CLAUDE_PLUGIN_ROOT", "CLAUDE_PROJECT_DIR", "GEMINI_SESSION_ID", "GEMINI_PROJECT_DIR", "GEMINI_CLI"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("MCP_CONTEXT_PLUGIN_HOME", str(tmp_path / "envs"))
    assert module.running_host() == host
    other = "gemini" if host == "claude" else "claude"
    assert module.main(["--in", other, "hook", other, "session-start"]) == 0  # a no-op: nothing is installed
    assert not (tmp_path / "envs").exists()


def test_the_environment_is_named_by_the_source_and_goes_where_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    module = launcher()
    assert module.digest() == module.digest() and len(module.digest()) == 16
    monkeypatch.delenv("MCP_CONTEXT_PLUGIN_HOME", raising=False)
    monkeypatch.setenv("CLAUDE_PLUGIN_DATA", "/data/plugin")
    assert module.home() == Path("/data/plugin")
    monkeypatch.setenv("MCP_CONTEXT_PLUGIN_HOME", "/elsewhere")
    assert module.home() == Path("/elsewhere")
    monkeypatch.delenv("MCP_CONTEXT_PLUGIN_HOME")
    monkeypatch.delenv("CLAUDE_PLUGIN_DATA")
    monkeypatch.setenv("XDG_CACHE_HOME", "/cache")
    assert module.home() == Path("/cache/mcp-context/plugin")


class Wire:
    """The host's side of the launcher's stdio, over two pipes, with the Bridge running in a thread."""

    def __init__(self, module: ModuleType, env_dir: Path, installer: subprocess.Popen[bytes]) -> None:
        to_r, to_w = os.pipe()
        from_r, from_w = os.pipe()
        self.to, self.back = open(to_w, "wb"), open(from_r, "rb")
        listing = json.loads((ROOT / "bin" / "listing.json").read_text())
        self.ends = open(to_r, "rb"), open(from_w, "wb")  # the launcher's stdin and stdout
        bridge = module.Bridge(["serve"], env_dir, listing, *self.ends)
        self.code: list[int] = []
        self.seen: list[dict[str, Any]] = []  # every message from the launcher
        self.thread = threading.Thread(target=lambda: self.code.append(bridge.run(installer)), daemon=True)
        self.thread.start()

    def ask(self, id_: int, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        self.tell({"id": id_, "method": method, "params": params or {}})
        return self.until(id_)

    def tell(self, message: dict[str, Any]) -> None:
        self.to.write(json.dumps({"jsonrpc": "2.0", **message}).encode() + b"\n")
        self.to.flush()

    def until(self, id_: int) -> dict[str, Any]:
        while True:
            found: dict[str, Any] = json.loads(self.back.readline())
            self.seen.append(found)
            if found.get("id") == id_:
                return found

    def close(self) -> int:
        self.to.close()
        self.thread.join(timeout=120)
        for stream in (*self.ends, self.back):
            stream.close()
        return self.code[0]


HELLO = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}}


def test_while_the_environment_installs_the_launcher_answers_the_handshake_and_lists_and_a_failed_install_says_why(
    tmp_path: Path,
) -> None:
    module = launcher()
    installer = subprocess.Popen(["false"])
    (tmp_path / "env-x.log").write_text("pip: no network\n")
    wire = Wire(module, tmp_path / "env-x", installer)
    init = wire.ask(1, "initialize", HELLO)["result"]
    assert init["protocolVersion"] == "2025-06-18" and init["serverInfo"]["name"] == "mcp-context"
    assert wire.ask(1_000, "initialize", {**HELLO, "protocolVersion": "1999-01-01"})["result"]["protocolVersion"] == (
        "2025-11-25"
    )  # a version it does not speak: its latest, as the real server answers
    wire.tell({"method": "notifications/initialized"})
    tools = wire.ask(2, "tools/list")["result"]["tools"]
    assert {t["name"] for t in tools} == {
        "persist_result",
        "read_persisted",
        "compact_history",
        "check_loop",
        "summarize_range",
    }
    assert wire.ask(3, "ping") == {"jsonrpc": "2.0", "id": 3, "result": {}}
    installer.wait()
    called = wire.ask(4, "tools/call", {"name": "persist_result", "arguments": {"content": "x"}})["result"]
    assert called["isError"] is True
    assert "could not install its environment" in called["content"][0]["text"]
    assert "env-x.log" in called["content"][0]["text"]
    error = wire.ask(5, "resources/read", {"uri": "mcp-context://sessions/s/results/r_0"})["error"]
    assert "could not install" in error["message"]
    assert wire.close() == 0


@pytest.mark.slow
def test_once_the_environment_is_ready_the_real_server_answers_what_was_held_and_all_that_follows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = launcher()
    env_dir = tmp_path / "env-x"
    (env_dir / "bin").mkdir(parents=True)
    python = env_dir / "bin" / "python"  # this checkout's environment stands for the one the install builds
    python.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    python.chmod(0o755)
    monkeypatch.setenv("MCP_CONTEXT_HOME", str(tmp_path / "store"))
    installer = subprocess.Popen(["sleep", "0.5"])
    wire = Wire(module, env_dir, installer)
    assert wire.ask(1, "initialize", HELLO)["result"]["protocolVersion"] == "2025-06-18"
    wire.tell({"method": "notifications/initialized"})
    assert wire.ask(2, "resources/list")["result"] == {"resources": []}
    held = wire.ask(3, "tools/call", {"name": "persist_result", "arguments": {"content": "line\n" * 500}})
    assert "Stored as handle r_" in held["result"]["content"][0]["text"], held
    changed = {"jsonrpc": "2.0", "method": "notifications/resources/list_changed"}
    assert changed in wire.seen  # the host is told that the store's results can be listed now
    listed = wire.ask(4, "resources/list")["result"]["resources"]
    assert any("500 lines" in r["description"] for r in listed), listed
    assert (
        wire.ask(5, "tools/list")["result"]["tools"]
        == json.loads((ROOT / "bin" / "listing.json").read_text())["tools/list"]["tools"]
    )
    assert wire.close() == 0


def test_a_hook_during_an_install_starts_no_second_installer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    module = launcher()
    monkeypatch.setenv("MCP_CONTEXT_PLUGIN_HOME", str(tmp_path))
    for name in ("CLAUDE_PLUGIN_ROOT", "GEMINI_SESSION_ID", "GEMINI_PROJECT_DIR", "GEMINI_CLI"):
        monkeypatch.delenv(name, raising=False)
    env_dir = tmp_path / f"env-{module.digest()}"
    assert not module.installing(env_dir)
    with open(tmp_path / f"{env_dir.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # an install under way
        assert module.installing(env_dir)
        spawned: list[list[str]] = []
        monkeypatch.setattr(module.subprocess, "Popen", lambda argv, **kw: spawned.append(argv))
        assert module.main(["hook", "claude", "pre-tool-use"]) == 0
        assert spawned == []
    assert not module.installing(env_dir)


def test_a_hook_finds_its_environment_without_reading_the_source_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = launcher()
    source = tmp_path / "plugin"
    (source / "mcp_context" / "hooks").mkdir(parents=True)
    (source / "mcp_context" / "__init__.py").write_text("")
    (source / "mcp_context" / "hooks" / "run.py").write_text("A = 1\n")
    (source / "mcp_context" / "__pycache__").mkdir()
    (source / "pyproject.toml").write_text("[project]\n")
    monkeypatch.setattr(module, "SOURCE_DIR", str(source))
    monkeypatch.setattr(module, "SOURCE", source)
    monkeypatch.setenv("MCP_CONTEXT_PLUGIN_HOME", str(tmp_path / "home"))
    for name in ("CLAUDE_PLUGIN_ROOT", "GEMINI_SESSION_ID", "GEMINI_PROJECT_DIR", "GEMINI_CLI"):
        monkeypatch.delenv(name, raising=False)
    made = module.digest()
    assert module.remembered_digest() is None  # nothing kept yet: the full launcher decides
    assert module.source_digest() == made
    assert module.remembered_digest() == made
    (source / "mcp_context" / "__pycache__" / "run.cpython-311.pyc").write_bytes(b"bytecode")
    assert module.remembered_digest() == made  # bytecode is not the source
    execs: list[list[str]] = []
    monkeypatch.setattr(module.os, "execv", lambda path, argv: execs.append(argv))
    module.hook_at_once(["hook", "claude", "pre-tool-use"])
    assert execs == []  # the environment is not there yet
    env_dir = tmp_path / "home" / f"env-{made}"
    env_dir.mkdir()
    (env_dir / "ready").touch()
    module.hook_at_once(["hook", "claude", "pre-tool-use"])
    python = str(env_dir / "bin" / "python")
    assert execs == [[python, "-m", "mcp_context", "hook", "claude", "pre-tool-use"]]
    (source / "mcp_context" / "hooks" / "run.py").write_text("A = 2\n")  # an edit (a new version of the plugin)
    assert module.remembered_digest() is None
    module.hook_at_once(["hook", "claude", "pre-tool-use"])
    assert len(execs) == 1  # the full launcher reads the source again and names the environment anew
    assert module.source_digest() != made and module.remembered_digest() == module.digest()
    with pytest.raises(SystemExit):
        module.hook_at_once(["--in", "gemini", "hook", "gemini", "before-tool"])  # not running in Gemini CLI
