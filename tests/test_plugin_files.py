"""The plugin's and the extension's files: written from the hooks table, in step with the package, and the
launcher they start (bin/mcp-context): which host a hook runs in, and where its environment goes."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

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
