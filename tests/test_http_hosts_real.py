"""The HTTP registration as a user runs it: ``mcp-context config HOST --http URL --key-env NAME --name NAME``
prints a command, a shell runs that line as printed (the key only in the environment), and in the real Claude
Code 2.1.330, Gemini CLI 0.61.0 and Codex CLI 0.169.0 a scripted model calls each of the five tools once over
HTTP. Over HTTP a client's transcript is not the server's to read, so the history goes in as ``messages``.

Gemini CLI takes any server name, a space too (``--name 'my server'``); Claude Code and Codex CLI refuse one, and
``config`` says so in one line before printing a command that would fail (tests/test_codex.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from test_codex_compaction_real import installed
from test_http_answers import start
from test_plugins_real import NOTES, PluginModel, check_five_calls, fresh, plan, run_host

pytestmark = pytest.mark.slow

#: A history long enough that a brief summary of it is smaller than it (a summary must be).
HISTORY = [
    {"role": "user", "content": "The add check fails. Find out why and fix calc/ops.py."},
    *(
        {
            "role": role,
            "content": f"{'Step' if role == 'assistant' else 'Note'} {i}: " + "checked calc/ops.py again. " * 8,
        }
        for i in range(1, 21)
        for role in ("assistant", "user")
    ),
    {"role": "assistant", "content": "Fixed: add() now returns a + b and the check prints add ok."},
]
HTTP_ARGS: dict[str, dict[str, Any]] = {
    "persist_result": {"content": NOTES, "label": "release notes"},
    "read_persisted": {"handle": "$handle", "start_line": 1, "max_lines": 3},
    "check_loop": {"events": [{"kind": "tool_call", "name": "Bash", "args": {"command": "ls"}}]},
    "summarize_range": {"messages": HISTORY, "style": "brief"},
    "compact_history": {"messages": HISTORY, "target_tokens": 100000},
}
NAMES = {"claude": "team-ctx", "gemini": "my server", "codex": "team-ctx"}


@pytest.fixture(scope="module")
def rh() -> ModuleType:
    from types import SimpleNamespace

    import hosts_recorder
    from hosts_recorder import calls
    from hosts_recorder import plan as plans

    names = {**vars(plans), **vars(calls), **vars(hosts_recorder)}
    return SimpleNamespace(**{k: v for k, v in names.items() if not k.startswith("__")})  # type: ignore[return-value]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A real HTTP server with one API key, the key's value and the server's URL."""
    root = tmp_path_factory.mktemp("http") / "store"
    cli = str(Path(sys.executable).parent / "mcp-context")
    made = subprocess.run([cli, "--root", str(root), "keys", "create", "--tenant", "team"], capture_output=True,
                          text=True, check=True)  # fmt: skip
    process, base, _ = start(root)
    yield made.stdout.splitlines()[-1], base + "/mcp"
    process.terminate()
    process.wait(timeout=30)


def registered(host: str, url: str, home: Path, path: str, extra: dict[str, str]) -> str:
    """The registration ``config`` prints, run by bash as printed; the printed line."""
    cli = str(Path(sys.executable).parent / "mcp-context")
    printed = subprocess.run(
        [cli, "config", host, "--http", url, "--key-env", "TEAM_KEY", "--name", NAMES[host]],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    line = next(ln for ln in printed.splitlines() if ln and not ln.startswith("#"))
    env = {k: v for k, v in os.environ.items() if k != "CODEX_HOME"} | {"HOME": str(home), "PATH": path} | extra
    env |= {"GEMINI_CLI_TRUST_WORKSPACE": "true", "CI": "true"}
    done = subprocess.run(["bash", "-c", line], cwd=home, env=env, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, f"{line}\n{done.stdout[-1500:]}{done.stderr[-1500:]}"
    return line


@pytest.mark.parametrize("host", ["claude", "gemini"])
def test_the_printed_http_registration_gives_the_five_tools(
    rh: ModuleType, real_hosts: Any, server: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, host: str
) -> None:
    key, url = server
    monkeypatch.setenv("TEAM_KEY", key)  # the user's shell holds the key; the host reads it when it connects
    home, proj = fresh(tmp_path)
    if host == "gemini":
        rh.gemini_settings(home)
    binary = Path(real_hosts.claude if host == "claude" else real_hosts.gemini)
    path = f"{binary.parent}:{real_hosts.node_bin}:/usr/bin:/bin"
    line = registered(host, url, home, path, {})
    settings = (home / ".claude.json") if host == "claude" else (home / ".gemini" / "settings.json")
    assert key not in settings.read_text()  # the command named the variable, not the key
    prefix = f"mcp__{NAMES[host]}__"
    model = PluginModel(rh, tmp_path / "model.jsonl", monkeypatch, prefix)
    seconds = run_host(rh, real_hosts, host, home, proj, model, {}, plan(rh, prefix, HTTP_ARGS), NAMES[host])
    check_five_calls(host, model)
    print(f"\n{host} over HTTP ({line.split(' http')[0]} ...): five calls in {seconds:.1f}s")


def test_the_printed_http_registration_gives_codex_the_five_tools(
    server: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key, url = server
    monkeypatch.setenv("TEAM_KEY", key)
    rc, codex = installed()
    run_dir = tmp_path / "codex"
    home = run_dir / "home"
    (home / ".codex").mkdir(parents=True)
    path = f"{Path(codex.codex).parent}:{codex.node_bin}:/usr/bin:/bin"
    registered("codex", url, home, path, {"CODEX_HOME": str(home / ".codex")})
    config = (home / ".codex" / "config.toml").read_text()
    assert 'bearer_token_env_var = "TEAM_KEY"' in config and key not in config, config
    steps = [*(rc.call(tool, args) for tool, args in HTTP_ARGS.items()), rc.answer("Done.")]
    prompt = rc.Prompt("Store the release notes, read them back, then check, summarise and compact.", steps)
    t0 = time.time()
    run = rc.run_scenario(codex, rc.Scenario("http", [prompt]), run_dir,
                          rc.ResponsesModel(run_dir / "model.jsonl"), 240)  # fmt: skip
    assert not run.problems and run.rollout is not None, run.problems
    records = [json.loads(line) for line in run.rollout.read_text().splitlines() if line.strip()]
    outputs = rc.outputs_by_call(records)
    texts = {c["name"].rsplit("__", 1)[-1]: outputs.get(c["call_id"], "") for c in run.calls}
    assert set(HTTP_ARGS) <= set(texts), texts.keys()
    assert "release note 1" in texts["read_persisted"] and "release note 4\\n" not in texts["read_persisted"]
    assert '"status":"ok"' in texts["check_loop"] and '"summary_handle"' in texts["summarize_range"]
    assert "error" not in texts["compact_history"][:200].lower(), texts["compact_history"][:400]
    print(f"\ncodex over HTTP: tools declared {run.startup_s:.1f}s after start; five calls in {time.time() - t0:.1f}s")
