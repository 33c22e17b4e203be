"""One-step installs in the real hosts, from a clean HOME: the Claude Code plugin (marketplace add, install),
the Gemini CLI extension (extensions install) and Codex CLI (``mcp-context config codex`` appended to its
config.toml). In each: the host lists the five tools, a scripted model calls each once (``read_persisted``
with the handle ``persist_result`` gave), uninstall leaves the user's settings byte for byte as before.

The plugin and the extension are a clone of this checkout (what a user gets from the git URL), and nothing is
built beforehand: the first start builds the private environment of bin/mcp-context where a user's would go
(pip from PyPI, a minute or more), and the first session runs while it does. Each host's ``mcp list`` is timed
at the first start (the launcher answers) and after the session (the real server answers).

Claude Code rewrites ~/.claude/settings.json whatever plugin comes and goes: the same steps with a plugin that
holds nothing (a control run in a HOME of its own) give the bytes the user's settings must be equal to.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ("persist_result", "read_persisted", "check_loop", "summarize_range", "compact_history")
NOTES = "".join(f"release note {i}\n" for i in range(1, 301))
PROMPT = "Store the release notes, read them back, then check, summarise and compact this session."
HANDLE = re.compile(r"r_[0-9a-f]{16}")


def load(name: str, path: Path) -> ModuleType:
    if name in sys.modules:
        return sys.modules[name]
    loader = importlib.machinery.SourceFileLoader(name, str(path))
    spec = importlib.util.spec_from_loader(name, loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def rh() -> ModuleType:
    """The host recorder's scripted model and host drivers, as one namespace."""
    from types import SimpleNamespace

    import hosts_recorder
    from hosts_recorder import calls, plan

    names = {**vars(plan), **vars(calls), **vars(hosts_recorder)}
    return SimpleNamespace(**{k: v for k, v in names.items() if not k.startswith("__")})  # type: ignore[return-value]


@pytest.fixture(scope="module")
def hosts(real_hosts: Any) -> Any:
    return real_hosts


@pytest.fixture(scope="module")
def plugin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A clone of this checkout's committed state, with what is not committed yet copied over it."""
    repo = tmp_path_factory.mktemp("plugin") / "mcp-context"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(repo)], check=True)
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    subprocess.run(["git", "checkout", "-q", head], cwd=repo, check=True)
    for rel in ("mcp_context", "bin", "hooks", ".claude-plugin", "gemini-extension.json", "GEMINI.md"):
        src, dst = ROOT / rel, repo / rel
        if src.is_dir():
            shutil.rmtree(dst, ignore_errors=True)
            shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(src, dst)
    return repo


def mcp_step(tool: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"op": "mcp", "tool": tool, "args": args, "say": ""}


CLAUDE_PREFIX = "mcp__plugin_mcp-context_mcp-context__"


#: The arguments of the five calls, each tool's history from the host's session file ("host").
HOST_ARGS: dict[str, dict[str, Any]] = {
    "persist_result": {"content": NOTES, "label": "release notes"},
    "read_persisted": {"handle": "$handle", "start_line": 1, "max_lines": 3},
    "check_loop": {"transcript": "host"},
    "summarize_range": {"transcript": "host", "style": "brief"},
    "compact_history": {"transcript": "host", "target_tokens": 100000},
}


def plan(rh: ModuleType, prefix: str = CLAUDE_PREFIX, args: dict[str, dict[str, Any]] = HOST_ARGS) -> list[Any]:
    """One call per tool in the order of TOOLS' checks; ``prefix`` is how Claude Code names the server's tools."""
    # Claude Code 2.1.330 defers MCP tools behind ToolSearch (as its Task tools): the model loads them first.
    load = rh.tool_search("select:" + ",".join(prefix + t for t in TOOLS), "") | {"only": "claude"}
    order = ("persist_result", "read_persisted", "check_loop", "summarize_range", "compact_history")
    steps = [load, *(mcp_step(tool, args[tool]) for tool in order), rh.answer("Done.")]
    return [rh.Prompt(PROMPT, steps)]


class PluginModel:
    """record-hosts' scripted model, taught one more step: a call of an MCP tool by its bare name, resolved
    against what the host declares, ``$handle`` filled from the latest tool result that names one."""

    def __init__(self, rh: ModuleType, log: Path, monkeypatch: pytest.MonkeyPatch, prefix: str = CLAUDE_PREFIX):
        self.model = rh.FakeModel(log)
        self.body: dict[str, Any] = {}
        self.declared: set[str] = set()
        original_a, original_g = self.model.anthropic, self.model.gemini
        claude_call, gemini_call = rh.claude_call, rh.gemini_call

        def anthropic(body: dict[str, Any]) -> Any:
            self.body = body
            names = {t.get("name") for t in body.get("tools") or [] if isinstance(t, dict)}
            self.declared |= {n for n in names if n and n.startswith("mcp__")}
            return original_a(body)

        def gemini(body: dict[str, Any]) -> Any:
            self.body = body
            self.declared |= {fd["name"] for t in body.get("tools") or [] for fd in t.get("functionDeclarations") or []}
            return original_g(body)

        def resolve(tool: str) -> str:
            found = [n for n in self.declared if n == tool or n.endswith("__" + tool) or n.endswith("_" + tool)]
            if not found and any(n.startswith("mcp__") or n == "ToolSearch" for n in self.declared | {"ToolSearch"}):
                if self.body.get("messages") is not None:  # Claude Code: loaded by the ToolSearch step
                    return prefix + tool
            if not found:
                raise LookupError(f"{tool} is not declared (declared: {sorted(self.declared)})")
            return found[0]

        def args_of(step: dict[str, Any]) -> dict[str, Any]:
            text = json.dumps(step["args"])
            if "$handle" in text:
                handles = HANDLE.findall(json.dumps(self.body))
                text = text.replace("$handle", handles[-1] if handles else "r_missing")
            return dict(json.loads(text))

        def claude_with_mcp(step: dict[str, Any], proj: str) -> Any:
            return (resolve(step["tool"]), args_of(step)) if step["op"] == "mcp" else claude_call(step, proj)

        def gemini_with_mcp(step: dict[str, Any], proj: str, declared: Any) -> Any:
            return (resolve(step["tool"]), args_of(step)) if step["op"] == "mcp" else gemini_call(step, proj, declared)

        self.model.anthropic, self.model.gemini = anthropic, gemini
        from hosts_recorder import model as playing  # where the scripted model looks its calls up

        monkeypatch.setattr(playing, "claude_call", claude_with_mcp)
        monkeypatch.setattr(playing, "gemini_call", gemini_with_mcp)


def results_of(host: str, body: dict[str, Any]) -> list[str]:
    """The tool results the model was sent, as text."""
    if host == "claude":
        return [
            json.dumps(b.get("content"))
            for m in body.get("messages") or []
            if isinstance(m.get("content"), list)
            for b in m["content"]
            if isinstance(b, dict) and b.get("type") == "tool_result"
        ]
    return [
        json.dumps(p["functionResponse"])
        for c in body.get("contents") or []
        for p in c.get("parts") or []
        if isinstance(p, dict) and "functionResponse" in p
    ]


def check_five_calls(host: str, model: PluginModel) -> None:
    assert {t for t in TOOLS if any(n.endswith(t) for n in model.declared)} == set(TOOLS), model.declared
    results = results_of(host, model.body)
    assert len(results) >= 5, results
    persisted, read, loop, summary, compacted = results[-5:]
    assert HANDLE.search(persisted), persisted[:500]
    assert "release note 1" in read and "release note 3" in read and "release note 4\\n" not in read, read[:500]
    assert '\\"status\\":\\"ok\\"' in loop or "OK: no loop" in loop, loop[:500]
    assert "summar" in summary.lower() and "error" not in summary[:200].lower(), summary[:500]
    said = compacted.lower()  # a short host history is under the budget: compaction answers that it needs none
    assert ("compacted" in said or "no compaction needed" in said) and "error" not in said[:200], compacted[:500]


def run_host(
    rh: ModuleType,
    hosts: Any,
    host: str,
    home: Path,
    proj: Path,
    model: PluginModel,
    env_extra: dict[str, str],
    prompts: list[Any] | None = None,
    server: str = "plugin_mcp-context_mcp-context",
) -> float:
    """One headless session of ``prompts`` (the plugin's plan) with the scripted model; ``server`` is how Claude
    Code names the server in its tools (``mcp__<server>__<tool>``)."""
    model.model.set_plan(rh.for_host(prompts or plan(rh), host), str(proj), home.parent / "model.jsonl")
    srv = rh.serve(model.model)
    env = rh.host_env(hosts, home, srv.server_address[1], host) | env_extra
    if host == "claude":
        cmd = [hosts.claude, "-p", PROMPT, "--output-format", "stream-json", "--verbose"]
        cmd += ["--allowedTools", "ToolSearch", f"mcp__{server}"]
    else:
        cmd = [hosts.gemini, "-p", PROMPT, "-m", rh.GEMINI_MODEL, "--approval-mode", "yolo", "-o", "stream-json"]
    t0 = time.time()
    try:
        done = subprocess.run(
            cmd, cwd=proj, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=900
        )
    finally:
        srv.shutdown()
        srv.server_close()
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert not model.model.problems, model.model.problems
    return time.time() - t0


def host_cli(hosts: Any, host: str, home: Path, *args: str, env_extra: dict[str, str] | None = None) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("XDG_CACHE_HOME", "MCP_CONTEXT_PLUGIN_HOME")}
    env |= {"HOME": str(home), "PATH": f"{hosts.node_bin}:{os.environ.get('PATH', '')}"}
    env |= {"GEMINI_CLI_TRUST_WORKSPACE": "true", "CI": "true"} | (env_extra or {})
    binary = hosts.claude if host == "claude" else hosts.gemini
    done = subprocess.run(
        [binary, *args], env=env, capture_output=True, text=True, timeout=300, cwd=home, stdin=subprocess.DEVNULL
    )
    assert done.returncode == 0, f"{host} {' '.join(args)}: {done.stdout[-1500:]}{done.stderr[-1500:]}"
    return done.stdout + done.stderr


def connected(hosts: Any, host: str, home: Path) -> float:
    """Seconds the host's ``mcp list`` took to start the server and report it connected."""
    t0 = time.time()
    out = host_cli(hosts, host, home, "mcp", "list")
    seconds = time.time() - t0
    line = next((ln for ln in out.splitlines() if "mcp-context" in ln), out)
    assert "Connected" in line and "Disconnected" not in line, out
    return seconds


def control_settings(hosts: Any, base: Path, before: bytes) -> bytes:
    """~/.claude/settings.json after a plugin that holds nothing is added, installed, uninstalled and its
    marketplace removed: what Claude Code itself makes of the user's file."""
    market, home = base / "market", base / "home"
    (market / ".claude-plugin").mkdir(parents=True)
    (market / "empty" / ".claude-plugin").mkdir(parents=True)
    doc = {"name": "control", "owner": {"name": "control"}, "plugins": [{"name": "empty", "source": "./empty"}]}
    (market / ".claude-plugin" / "marketplace.json").write_text(json.dumps(doc))
    (market / "empty" / ".claude-plugin" / "plugin.json").write_text('{"name": "empty", "version": "0.0.1"}')
    settings = home / ".claude" / "settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_bytes(before)
    host_cli(hosts, "claude", home, "plugin", "marketplace", "add", str(market))
    host_cli(hosts, "claude", home, "plugin", "install", "empty@control")
    host_cli(hosts, "claude", home, "plugin", "uninstall", "empty@control")
    host_cli(hosts, "claude", home, "plugin", "marketplace", "remove", "control")
    return settings.read_bytes()


def fresh(tmp_path: Path) -> tuple[Path, Path]:
    """A clean HOME and an empty project folder to run the host in."""
    home, proj = tmp_path / "home", tmp_path / "proj"
    home.mkdir()
    proj.mkdir()
    return home, proj


def test_claude_code_plugin_installs_in_one_step_and_uninstalls_clean(
    rh: ModuleType, hosts: Any, plugin: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home, proj = fresh(tmp_path)
    settings = home / ".claude" / "settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_text('{\n    "theme": "dark",\n    "permissions": {"allow": ["Bash(ls:*)"]}\n}\n')
    before = settings.read_bytes()
    host_cli(hosts, "claude", home, "plugin", "marketplace", "add", str(plugin))
    host_cli(hosts, "claude", home, "plugin", "install", "mcp-context@mcp-context")
    details = host_cli(hosts, "claude", home, "plugin", "details", "mcp-context@mcp-context")
    cost = re.search(r"Always-on:\s+~(\d+) tok", details)
    assert cost and int(cost[1]) < 200, details
    assert "Hooks (6)" in details and "MCP servers (1)" in details, details
    first = connected(hosts, "claude", home)  # the environment is not there yet: the launcher answers
    model = PluginModel(rh, tmp_path / "model.jsonl", monkeypatch)
    seconds = run_host(rh, hosts, "claude", home, proj, model, {})  # the first session: its calls wait for pip
    check_five_calls("claude", model)
    assert (home / ".claude" / "plugins" / "data").is_dir()  # the environment went to CLAUDE_PLUGIN_DATA
    later = connected(hosts, "claude", home)
    print(
        f"\nclaude plugin: always-on ~{cost[1]} tokens; mcp list connected in {first:.1f}s at the first start, "
        f"{later:.1f}s later; the first session with five calls took {seconds:.1f}s"
    )
    host_cli(hosts, "claude", home, "plugin", "disable", "mcp-context@mcp-context")
    disabled = json.loads(settings.read_text())
    assert disabled["enabledPlugins"] == {"mcp-context@mcp-context": False}, disabled
    host_cli(hosts, "claude", home, "plugin", "uninstall", "mcp-context@mcp-context")
    host_cli(hosts, "claude", home, "plugin", "marketplace", "remove", "mcp-context")
    # Claude Code writes settings.json itself (its own indent and key order, and the two keys it added left
    # empty) for any plugin: the file is byte for byte what the control run with an empty plugin leaves.
    assert settings.read_bytes() == control_settings(hosts, tmp_path / "control", before), settings.read_text()
    assert json.loads(settings.read_bytes()) == json.loads(before) | {
        "enabledPlugins": {},
        "extraKnownMarketplaces": {},
    }
    installed = home / ".claude" / "plugins" / "installed_plugins.json"
    assert not installed.exists() or "mcp-context@mcp-context" not in installed.read_text(), installed.read_text()
    assert not (home / ".claude" / "plugins" / "data" / "mcp-context-mcp-context").exists()  # the environment too
    assert "mcp-context" not in (home / ".claude.json").read_text()  # Claude Code's own state names it nowhere


def test_gemini_cli_extension_installs_validates_and_uninstalls_clean(
    rh: ModuleType, hosts: Any, plugin: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = plugin
    home, proj = fresh(tmp_path)
    rh.gemini_settings(home)
    settings = home / ".gemini" / "settings.json"
    before = settings.read_bytes()
    out = host_cli(hosts, "gemini", home, "extensions", "validate", str(repo))
    assert "successfully validated" in out, out
    host_cli(hosts, "gemini", home, "extensions", "install", str(repo), "--consent")
    listed = host_cli(hosts, "gemini", home, "extensions", "list")
    assert "mcp-context" in listed, listed
    first = connected(hosts, "gemini", home)  # the environment is not there yet: the launcher answers
    model = PluginModel(rh, tmp_path / "model.jsonl", monkeypatch)
    seconds = run_host(rh, hosts, "gemini", home, proj, model, {})  # the first session: its calls wait for pip
    check_five_calls("gemini", model)
    assert list((home / ".cache" / "mcp-context" / "plugin").glob("env-*/ready"))  # where the docs say
    later = connected(hosts, "gemini", home)
    print(
        f"\ngemini extension: mcp list connected in {first:.1f}s at the first start, {later:.1f}s later; "
        f"the first session with five calls took {seconds:.1f}s"
    )
    host_cli(hosts, "gemini", home, "extensions", "uninstall", "mcp-context")
    assert not (home / ".gemini" / "extensions" / "mcp-context").exists()
    assert settings.read_bytes() == before, settings.read_text()
    host_cli(hosts, "gemini", home, "extensions", "link", str(repo), "--consent")  # for development: in place
    assert f"Source: {repo} (Type: link)" in host_cli(hosts, "gemini", home, "extensions", "list")
    host_cli(hosts, "gemini", home, "extensions", "uninstall", "mcp-context")
    assert settings.read_bytes() == before, settings.read_text()


def test_codex_cli_takes_the_printed_entry_calls_the_five_tools_and_removes_it_clean(tmp_path: Path) -> None:
    rc = load("record_codex", ROOT / "scripts" / "record-codex")
    try:
        codex = rc.install()
    except SystemExit as exc:
        pytest.skip(f"Codex CLI could not be installed: {exc}")
    sc = next(s for s in rc.scenarios() if s.name == "mcp-tools")
    config = tmp_path / "home" / ".codex" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text('# mine\nmodel = "gpt-5"\n\n[profiles.fast]\nmodel_reasoning_effort = "low"\n')
    before = config.read_bytes()
    run = rc.run_scenario(codex, sc, tmp_path, rc.ResponsesModel(tmp_path / "model.jsonl"), 240)
    assert not run.problems and run.rollout is not None, run.problems
    outputs = rc.outputs_by_call([json.loads(line) for line in run.rollout.read_text().splitlines() if line.strip()])
    texts = {c["name"].rsplit("__", 1)[-1]: outputs.get(c["call_id"], "") for c in run.calls}
    assert set(TOOLS) <= set(texts), texts.keys()
    assert HANDLE.search(texts["persist_result"]) and "release note 1" in texts["read_persisted"]
    keys = {"check_loop": '"status":"ok"', "summarize_range": '"summary_handle"', "compact_history": '"compacted":true'}
    for tool, key in keys.items():  # transcript="host" found the running session's rollout
        assert key in texts[tool] and "rollout-" in texts[tool], texts[tool][:400]
    print(f"\ncodex: MCP tools declared {run.startup_s:.1f}s after start; the run took {run.seconds:.1f}s")
    env = rc.codex_env(codex, tmp_path / "home", 9)
    done = subprocess.run([codex.codex, "mcp", "remove", "mcp-context"], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert config.read_bytes() == before, config.read_text()
