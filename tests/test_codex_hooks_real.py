"""mcp-context's hooks in the real Codex CLI (0.169.0, driven by scripts/record-codex's scripted model over the
Responses API on 127.0.0.1): installed with ``mcp-context hooks install codex`` beside a hook of the user's, a
large shell output stored whole with its handle reaching the model, a repeated command refused, and uninstall
giving back the user's ``hooks.json`` byte for byte. Codex runs a command hook only once it is trusted: the
first session, without trust, shows that; the others pass ``--dangerously-bypass-hook-trust`` as a vetted
automation would."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mcp_context import Session
from tests.test_plugins_real import load

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
HANDLE = re.compile(r"as handle (r_[0-9a-f]{16})")
BIG = "seq 1 30000"
USER_HOOKS = '{\n  "hooks": {\n    "Stop": [{"hooks": [{"type": "command", "command": "true"}]}]\n  }\n}\n'


def mcp_context(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    cli = Path(sys.executable).parent / "mcp-context"
    return subprocess.run([str(cli), *args], env=env, capture_output=True, text=True, timeout=60)


def session_run(rc: Any, codex: Any, run_dir: Path, prompt: Any, trusted: bool) -> tuple[Any, Any]:
    """One ``codex exec`` session of ``prompt``; the run and the scripted model (which holds the last request)."""
    headless = rc.codex_args
    if trusted:
        rc.codex_args = lambda port: [*headless(port)[:1], "--dangerously-bypass-hook-trust", *headless(port)[1:]]
    try:
        model = rc.ResponsesModel(run_dir / "model.jsonl")
        run = rc.run_scenario(codex, rc.Scenario(run_dir.name, [prompt]), run_dir, model, 240)
    finally:
        rc.codex_args = headless
    assert not run.problems and run.rollout is not None, run.problems
    return run, model


def trust_as_the_tui_does(rc: Any, codex: Any, run_dir: Path) -> list[dict[str, Any]]:
    """What "Trust all and continue" in Codex's start-up review writes: each hook's ``currentHash`` (from the
    app server's ``hooks/list``) as ``[hooks.state."<key>"] trusted_hash`` in config.toml. The hooks as listed."""
    home, proj = run_dir / "home", run_dir / "proj"
    proj.mkdir(parents=True, exist_ok=True)
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"clientInfo": {"name": "t", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "hooks/list", "params": {"cwds": [str(proj)]}},
    ]
    with subprocess.Popen(
        [codex.codex, "app-server"],
        cwd=proj,
        env=rc.codex_env(codex, home, 9),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    ) as server:
        assert server.stdin is not None and server.stdout is not None
        server.stdin.write("".join(json.dumps(r) + "\n" for r in requests))
        server.stdin.flush()
        message: dict[str, Any] = {}
        for line in server.stdout:
            message = json.loads(line)
            if message.get("id") == 2:
                break
        server.kill()
    hooks: list[dict[str, Any]] = message["result"]["data"][0]["hooks"]
    config = home / ".codex" / "config.toml"
    with open(config, "a", encoding="utf-8") as f:
        for hook in hooks:
            f.write(f"\n[hooks.state.{json.dumps(hook['key'])}]\ntrusted_hash = {json.dumps(hook['currentHash'])}\n")
    return hooks


def session_id(rollout: Path) -> str:
    first = json.loads(rollout.read_text(encoding="utf-8").splitlines()[0])
    return str(first["payload"]["id"])


def test_codex_runs_our_hooks_stores_a_large_output_stops_a_loop_and_uninstalls_clean(tmp_path: Path) -> None:
    rc = load("record_codex", ROOT / "scripts" / "record-codex")
    try:
        codex = rc.install()
    except SystemExit as exc:
        pytest.skip(f"Codex CLI could not be installed: {exc}")
    store = tmp_path / "store"
    runs = {name: tmp_path / name for name in ("untrusted", "large", "loop")}
    for run_dir in runs.values():  # each session its own HOME: the same hooks.json, installed the same way
        hooks = run_dir / "home" / ".codex" / "hooks.json"
        hooks.parent.mkdir(parents=True)
        hooks.write_text(USER_HOOKS)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "CODEX_HOME": str(runs["large"] / "home" / ".codex")}
    done = mcp_context("--root", str(store), "hooks", "install", "codex", env=env)
    assert done.returncode == 0 and "hook codex post-tool-use" in done.stdout, done.stderr
    installed = (runs["large"] / "home" / ".codex" / "hooks.json").read_text()
    for name in ("untrusted", "loop"):
        (runs[name] / "home" / ".codex" / "hooks.json").write_text(installed)

    large = rc.Prompt("Print the numbers up to 30000.", [rc.shell(BIG), rc.answer("Printed them.")])
    run, model = session_run(rc, codex, runs["untrusted"], large, trusted=False)
    assert not (store / "sessions").exists(), "an untrusted hook ran"
    assert "as handle" not in json.dumps(model.last_main)

    listed = trust_as_the_tui_does(rc, codex, runs["large"])
    ours = {h["eventName"]: h for h in listed if "hook codex" in h["command"]}
    assert {e: (h["timeoutSec"], h["matcher"]) for e, h in ours.items()} == {
        "preToolUse": (10, None),
        "postToolUse": (30, None),
        "preCompact": (60, None),
        "sessionStart": (30, "compact"),
    }
    run, model = session_run(rc, codex, runs["large"], large, trusted=False)  # trusted in config.toml now
    seen = json.dumps(model.last_main)
    found = HANDLE.search(seen)
    assert found, seen[-3000:]
    # Codex hands the hook the output it cut for the model (about 10 KB); the whole of it reaches no hook. What
    # is stored is the longest copy Codex kept, its rollout's (64 KiB around a marker), from the first line to
    # the last.
    assert "Codex cut this output" in seen
    outputs = rc.outputs_by_call([json.loads(line) for line in run.rollout.read_text().splitlines() if line.strip()])
    shown = next(iter(outputs.values()))
    stored = Session(store, session_id(run.rollout)).read_persisted(found[1], grep="truncated for persistence")
    assert stored.grep is not None and stored.grep.matches == 1, stored
    assert stored.meta.chars > 5 * len(shown) and "Codex's rollout copy" in (stored.meta.source or "")
    last = Session(store, session_id(run.rollout)).read_persisted(found[1], start_line=stored.meta.lines - 1)
    assert last.page is not None and last.page.text.rstrip("\n").endswith("29999\n30000"), last.page
    whole = sum(len(f"{i}\n") for i in range(1, 30001))
    print(
        f"\ncodex hooks: {BIG} ({whole:,} chars): the model saw "
        f"{len(shown):,}, stored as {found[1]}: {stored.meta.chars:,}; the run took {run.seconds:.1f}s"
    )

    steps = [rc.shell(rc.CHECK) for _ in range(8)]
    loop = rc.Prompt("Run the add check until it passes.", [*steps, rc.answer(rc.LOOP_ANSWER)])
    run, model = session_run(rc, codex, runs["loop"], loop, trusted=True)
    outputs = rc.outputs_by_call([json.loads(line) for line in run.rollout.read_text().splitlines() if line.strip()])
    texts = [outputs.get(c["call_id"], "") for c in model.calls]
    ran = [t for t in texts if rc.FAIL_LINE in t]
    refused = [t for t in texts if rc.FAIL_LINE not in t]
    assert ran and refused, texts
    assert all(texts.index(t) > texts.index(ran[-1]) for t in refused)  # once refused, refused from then on
    assert any("check_loop" in t or "loop" in t.lower() for t in refused), refused[0][:600]
    print(f"codex hooks: the check ran {len(ran)} times, then {len(refused)} calls were refused: {refused[0][:200]}")

    done = mcp_context("--root", str(store), "hooks", "uninstall", "codex", env=env)
    assert done.returncode == 0 and "back as it was" in done.stdout, done.stdout + done.stderr
    assert (runs["large"] / "home" / ".codex" / "hooks.json").read_text() == USER_HOOKS
