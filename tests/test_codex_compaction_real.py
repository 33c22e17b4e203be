"""Codex CLI 0.169.0's own compaction and our hooks around it, in the real host (driven by scripts/record-codex's
scripted model, which reports each request's size as its input tokens so Codex's auto-compaction fires at
``model_auto_compact_token_limit``); and what Codex does with a PostToolUse answer holding
``updatedMCPToolOutput``.

What holds in this version: PreCompact fires (trigger ``auto``) and its output cannot reach the model (its schema
reads only ``continue``, ``stopReason``, ``suppressOutput`` and ``systemMessage``); once the ``compacted`` record
is in the rollout, SessionStart fires with source ``compact`` (our matcher ``compact`` selects it) and its
additional context reaches the model as a developer message. ``updatedMCPToolOutput`` is in PostToolUse's output
schema, but an answer holding it is refused whole: the MCP output stays as the tool gave it and the answer's
additional context is lost with it, so our hook never sends it."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from test_codex_hooks_real import mcp_context
from test_plugins_real import load

from mcp_context import Session
from mcp_context.journal import read_journal

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent


def codex_run(rc: Any, codex: Any, run_dir: Path, scenario: Any) -> tuple[Any, Any]:
    """One scenario with the hooks trusted, as a vetted automation runs Codex; the run and the scripted model."""
    headless = rc.codex_args
    rc.codex_args = lambda port, *more: [
        *headless(port, *more)[:1],
        "--dangerously-bypass-hook-trust",
        *headless(port, *more)[1:],
    ]
    try:
        model = rc.ResponsesModel(run_dir / "model.jsonl")
        run = rc.run_scenario(codex, scenario, run_dir, model, 240)
    finally:
        rc.codex_args = headless
    assert not run.problems and run.rollout is not None, run.problems
    return run, model


def installed() -> Any:
    rc = load("record_codex", ROOT / "scripts" / "record-codex")
    try:
        return rc, rc.install()
    except SystemExit as exc:
        pytest.skip(f"Codex CLI could not be installed: {exc}")


def developer_texts(rollout: Path) -> list[str]:
    out = []
    for line in rollout.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        payload = record.get("payload") or {}
        if record.get("type") == "response_item" and payload.get("role") == "developer":
            out += [c.get("text", "") for c in payload.get("content") or [] if isinstance(c, dict)]
    return out


def test_codex_compaction_is_snapshotted_audited_and_only_its_drops_come_back(tmp_path: Path) -> None:
    rc, codex = installed()
    store, run_dir = tmp_path / "store", tmp_path / "compaction"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "CODEX_HOME": str(run_dir / "home" / ".codex")}
    done = mcp_context("--root", str(store), "hooks", "install", "codex", env=env)
    assert done.returncode == 0 and "hook codex pre-compact" in done.stdout, done.stdout + done.stderr
    scenario = next(s for s in rc.scenarios() if s.name == "compaction")
    run, model = codex_run(rc, codex, run_dir, scenario)
    assert model.compactions == 1
    records = [json.loads(line) for line in run.rollout.read_text(encoding="utf-8").splitlines()]
    session = str(records[0]["payload"]["id"])
    assert [r["type"] for r in records].count("compacted") == 1

    # SessionStart(compact) put back what the summary dropped, as a developer message the model read next
    told = [t for t in developer_texts(run.rollout) if t.startswith("[mcp-context] The compaction summary")]
    assert len(told) == 1 and "left out" in told[0] and "divide()" in told[0], told
    read = [c.get("text") for i in model.last_main["input"] for c in i.get("content") or [] if isinstance(c, dict)]
    assert told[0] in read
    # PreCompact stored a snapshot and the messages it covers; the audit is journaled for the viewer
    view = Session(store, session, env={})
    entry = next(e for e in read_journal(view.store, session) if e["kind"] == "host_compaction")
    assert (entry["host"], entry["trigger"], entry["boundaries"]) == ("codex-cli", "auto", 1)
    assert entry["snapshot"].startswith("r_") and entry["archive"].startswith("r_")
    assert not (store / "hooks.log").exists() or "codex" not in (store / "hooks.log").read_text()

    # the command line finds the rollout from the session id alone and says the same
    audited = mcp_context("--root", str(store), "audit", "--session", session, "--json", env=env)
    assert audited.returncode == 0, audited.stderr
    doc = json.loads(audited.stdout)
    assert doc["host"] == "codex-cli" and doc["trigger"] == "auto" and len(doc["dropped"]) == entry["dropped"]
    print(f"\ncodex compaction: {doc['originals']} messages replaced; dropped: {[f['text'] for f in doc['dropped']]}")
    done = mcp_context("--root", str(store), "hooks", "uninstall", "codex", env=env)
    assert done.returncode == 0 and not (run_dir / "home" / ".codex" / "hooks.json").exists()


UPDATING_HOOK = """
import json, sys
data = json.load(sys.stdin)
if data.get("tool_name", "").startswith("mcp__"):
    out = {"hookEventName": "PostToolUse", "additionalContext": "CONTEXT-" + sys.argv[1]}
    if sys.argv[1] == "replace":
        out["updatedMCPToolOutput"] = {"content": [{"type": "text", "text": "REPLACED-BY-THE-HOOK"}]}
    print(json.dumps({"hookSpecificOutput": out}))
"""


@pytest.mark.parametrize("mode", ["replace", "context"])
def test_codex_refuses_a_post_tool_use_answer_that_replaces_an_mcp_output(tmp_path: Path, mode: str) -> None:
    rc, codex = installed()
    run_dir = tmp_path / mode
    hook = tmp_path / "hook.py"
    hook.write_text(UPDATING_HOOK)
    codex_home = run_dir / "home" / ".codex"
    codex_home.mkdir(parents=True)
    command = f"{sys.executable} {hook} {mode}"
    (codex_home / "hooks.json").write_text(
        json.dumps({"hooks": {"PostToolUse": [{"hooks": [{"type": "command", "command": command}]}]}})
    )
    notes = "".join(f"note {i}\n" for i in range(50))
    prompt = rc.Prompt("Store these notes.", [rc.call("persist_result", {"content": notes}), rc.answer("Stored.")])
    run, model = codex_run(rc, codex, run_dir, rc.Scenario(mode, [prompt], mcp=True))
    seen = json.dumps(model.last_main)
    assert "REPLACED-BY-THE-HOOK" not in seen and "REPLACED-BY-THE-HOOK" not in run.rollout.read_text()
    assert re.search(r"handle.{0,8}r_[0-9a-f]{16}", seen), seen[-2000:]  # the tool's own output reached the model
    if mode == "context":
        assert "CONTEXT-context" in seen  # the same answer without updatedMCPToolOutput is taken
    else:
        assert "CONTEXT-replace" not in seen  # with it, Codex drops the whole answer
