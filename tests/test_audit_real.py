"""The compaction audit and the gauge in the real Claude Code 2.1.330, headless, against the scripted fake model
of scripts/record-hosts on 127.0.0.1 (no login, no LLM), with our hooks installed by ``mcp-context hooks install
claude --statusline`` in a fake HOME.

Turn 1 plays a small coding session: a failing pytest fixed by an edit, a 2 MB ``seq`` output the hooks store, a
failure left unresolved, a decision and an open item. Turn 2 is ``claude -p /compact --resume``: a real manual
compaction, whose summary request the fake model answers with a summary that keeps the request and the edited
file and drops the rest. In 2.1.330 SessionStart(compact) fires before the host's summary reaches PostCompact or
the transcript, so our hook says one line there. Turn 3 resumes with a new prompt: its UserPromptSubmit hook finds
the summary in the transcript and puts back only the dropped facts, which the model's request then carries.
"""

from __future__ import annotations

import json
import subprocess
import time
import uuid
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from test_hooks_real import CLI, hosts, recorder, rh  # noqa: F401  (fixtures)

from mcp_context import Session
from mcp_context.hooks import audit, gauge, snapshots

pytestmark = pytest.mark.slow

PROMPT = "The tests fail. Please fix calc/ops.py so that pytest passes, and count to 300000 with seq."
SUMMARY = (
    "<analysis>short</analysis>\n<summary>\n1. Primary Request and Intent: the user asked to fix calc/ops.py so "
    "that the pytest tests pass.\n2. Files and Code Sections: calc/ops.py, add now returns a + b.\n</summary>"
)
FAILURE = "nosuchmodule"
DECISION = "We'll use a plain addition instead of a helper module."
OPEN = "The zero guard in divide is still open; it is left for later."


def _steps(rhm: ModuleType) -> list[dict[str, Any]]:
    return [
        rhm.sh("python3 -m pytest -q", say="Running the tests first."),
        rhm.read("calc/ops.py"),
        rhm.edit("calc/ops.py", "return a - b", "return a + b", say=DECISION),
        rhm.sh("python3 -m pytest -q"),
        rhm.sh("seq 1 300000", desc="Count"),
        rhm.sh(f"python3 -c 'import {FAILURE}'", say=OPEN, desc="Check the optional module"),
        rhm.answer("Fixed add; the tests pass."),
    ]


def _model(rhm: ModuleType, log: Path, summary: str = SUMMARY, compact_at: int | None = None) -> Any:
    class Compacting(rhm.FakeModel):  # type: ignore[name-defined,misc]
        """The plan's model, which also answers Claude Code's compaction request with a lossy summary and keeps
        every request. From its ``compact_at``-th answer until the compaction it reports 195,000 input tokens,
        so that Claude Code (with a 200,000 window) compacts by itself."""

        requests: list[str] = []

        def anthropic(self, body: dict[str, Any]) -> tuple[list[dict[str, Any]], str]:
            messages = body.get("messages") or []
            last = json.dumps(messages[-1] if messages else {}, ensure_ascii=False)
            self.requests.append(json.dumps(messages, ensure_ascii=False))
            if "Your task is to create a detailed summary of the conversation" in last:
                self.input_tokens = 100
                return [{"type": "text", "text": summary}], "end_turn"
            if compact_at is not None and len(self.requests) == compact_at:
                self.input_tokens = 195_000
            return super().anthropic(body)  # type: ignore[no-any-return]

    return Compacting(log)


def _texts(request: str) -> list[str]:
    """Every text block of a request's messages, as the model reads them."""
    out = []
    for message in json.loads(request):
        content = message.get("content")
        blocks = content if isinstance(content, list) else [{"type": "text", "text": content or ""}]
        out += [str(b.get("text", "")) for b in blocks if isinstance(b, dict) and b.get("type") == "text"]
    return out


def _run(claude: str, args: list[str], proj: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    base = [claude, "--output-format", "stream-json", "--verbose", "--allowedTools", "Bash", "Read", "Edit"]
    base += ["--permission-mode", "acceptEdits"]
    return subprocess.run(
        base + args, cwd=proj, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=240
    )


def test_real_compaction_is_audited_and_only_the_dropped_facts_come_back(
    rh: ModuleType,  # noqa: F811
    hosts: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    home, proj, root = tmp_path / "home", tmp_path / "proj", tmp_path / "store"
    proj.mkdir()
    home.mkdir()
    rh.make_project(proj)
    settings = home / ".claude" / "settings.json"
    install = [str(CLI), "--root", str(root), "hooks", "install", "claude", "--settings", str(settings)]
    subprocess.run([*install, "--statusline"], check=True, capture_output=True)
    assert "gauge --statusline" in json.loads(settings.read_text())["statusLine"]["command"]
    model = _model(rh, tmp_path / "fake-model.jsonl")
    model.set_plan([rh.Prompt(PROMPT, _steps(rh))], str(proj), tmp_path / "fake-model.jsonl")
    srv = rh.serve(model)
    sid = str(uuid.uuid4())
    env = rh.host_env(hosts, home, srv.server_address[1], "claude")
    try:
        turns = [
            _run(hosts.claude, ["-p", PROMPT, "--session-id", sid], proj, env),
            _run(hosts.claude, ["-p", "/compact", "--resume", sid], proj, env),
        ]
        asked = len(model.requests)
        turns.append(_run(hosts.claude, ["-p", "Go on, please.", "--resume", sid], proj, env))
    finally:
        srv.shutdown()
        srv.server_close()
    log = root / "hooks.log"
    diagnosis = f"{[t.returncode for t in turns]} {turns[1].stdout[-2000:]} {log.read_text() if log.exists() else ''}"
    assert all(t.returncode == 0 for t in turns), diagnosis
    transcript = next((home / ".claude" / "projects").glob(f"*/{sid}.jsonl"))
    lines = audit.records(transcript)

    # the host really compacted: a boundary, then its summary line
    assert any(audit.is_boundary(r) for r in lines), diagnosis
    assert any(r.get("isCompactSummary") and "Primary Request" in audit.message_text(r.get("message")) for r in lines)

    # the audit lists what the host's summary dropped, and not what it kept
    found = audit.audit(transcript)
    dropped = {f.kind: f.text for f in found.dropped}
    assert found.found and found.trigger == "manual", found.report()
    assert FAILURE in dropped.get("failure", "") and "plain addition" in dropped.get("decision", ""), found.report()
    assert "zero guard" in dropped.get("open", ""), found.report()
    assert "request" not in dropped and not any("ops.py" in f.text for f in found.dropped), found.report()

    # Claude Code 2.1.330 runs SessionStart(compact) before PostCompact and before it writes the boundary: that
    # hook said one line (the handles); the next prompt's UserPromptSubmit found the summary and put back the
    # drops, once. The model's requests after the compaction carry those and never the whole snapshot.
    context = {
        r["attachment"].get("hookEvent"): "\n".join(r["attachment"]["content"])
        for r in lines
        if r.get("type") == "attachment" and r.get("attachment", {}).get("type") == "hook_additional_context"
    }
    pointer, back = context.get("SessionStart", ""), context.get("UserPromptSubmit", "")
    assert pointer.startswith("[mcp-context] The state before this compaction is stored"), (context, diagnosis)
    assert back.startswith("[mcp-context] The compaction summary left out 3 of 5 facts"), (context, diagnosis)
    for dropped_fact in (FAILURE, "plain addition", "zero guard"):
        assert dropped_fact in back, back
    assert "ops.py" not in back and "fix calc" not in back and "<state_snapshot>" not in back, back  # kept ones
    after = [_texts(request) for request in model.requests[asked:]]
    assert after and all(any(back in t for t in texts) for texts in after), diagnosis
    # nor does the snapshot come back another way: after /compact the host echoes PreCompact's output into the
    # conversation, so a manual compaction's instructions are the handles and what to keep, no facts
    echoed = [t for texts in after for t in texts if "PreCompact [" in t]
    assert echoed and all("<state_snapshot>" not in t and "calc/ops.py" not in t for t in echoed), echoed
    assert not any("<state_snapshot>" in t for texts in after for t in texts)
    assert sum(back in t for t in after[-1]) == 1, after[-1]  # once
    state = json.loads(Session(root, sid).store.read_state(sid, "hooks") or b"{}")
    assert "Primary Request" in state["snapshot"]["host_summary"] and "pending" not in state, state
    whole = snapshots.injected(state["snapshot"])  # what went back before: the whole snapshot

    # the gauge: the context since the boundary, and the 2 MB the hooks kept out
    measured = gauge.measure(root, sid, transcript)
    assert measured.compactions == 1 and measured.window and measured.used_tokens, measured.report()
    assert measured.stored.count == 1 and measured.stored.chars >= 1_988_895, measured.report()
    assert 0 < measured.injected.chars < 5_000 and measured.kept_out > 300_000, measured.report()
    status = json.dumps({"session_id": sid, "transcript_path": str(transcript), "model": {"id": "claude-opus-5-5"}})
    started = time.perf_counter()
    line = subprocess.run(
        [str(CLI), "--root", str(root), "gauge", "--statusline"], input=status, capture_output=True, text=True
    )
    elapsed = time.perf_counter() - started
    assert line.returncode == 0 and line.stdout.startswith("mcp-context: ctx "), line.stdout + line.stderr
    assert "compacted 1x" in line.stdout and "hooks kept" in line.stdout, line.stdout

    # uninstall takes the status line and the hooks out: the file is gone again, as before install
    subprocess.run([str(CLI), "--root", str(root), "hooks", "uninstall", "claude", "--settings", str(settings)])
    assert not settings.exists()
    print(f"\naudit: {found.report()}\nSessionStart(compact) {len(pointer)} chars: {pointer}")
    print(f"UserPromptSubmit {len(back)} chars (the whole snapshot was {len(whole)}):\n{back}\n{measured.report()}")
    print(f"status line in {elapsed * 1000:.0f} ms: {line.stdout.strip()}")
    assert not log.exists(), log.read_text()


def test_after_an_automatic_compaction_the_next_tool_call_brings_the_drops(
    rh: ModuleType,  # noqa: F811
    hosts: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    """Claude Code compacts by itself mid-turn (after the failing import the fake model reports 195,000 input
    tokens of a 200,000 window) and the model goes on with no prompt in between: the next PreToolUse hook adds
    what the summary dropped, and nothing echoes the snapshot."""
    home, proj, root = tmp_path / "home", tmp_path / "proj", tmp_path / "store"
    proj.mkdir()
    home.mkdir()
    rh.make_project(proj)
    settings = home / ".claude" / "settings.json"
    subprocess.run(
        [str(CLI), "--root", str(root), "hooks", "install", "claude", "--settings", str(settings)], check=True
    )
    # the summary holds the prompt, so the fake model goes on with its plan after the compaction
    model = _model(rh, tmp_path / "fake-model.jsonl", summary=f"{SUMMARY}\nThe user said: {PROMPT}", compact_at=6)
    model.set_plan([rh.Prompt(PROMPT, _steps(rh))], str(proj), tmp_path / "fake-model.jsonl")
    srv = rh.serve(model)
    sid = str(uuid.uuid4())
    env = rh.host_env(hosts, home, srv.server_address[1], "claude") | {"CLAUDE_CODE_AUTO_COMPACT_WINDOW": "200000"}
    try:
        done = _run(hosts.claude, ["-p", PROMPT, "--session-id", sid], proj, env)
    finally:
        srv.shutdown()
        srv.server_close()
    log = root / "hooks.log"
    diagnosis = f"{done.returncode} {done.stdout[-2000:]} {log.read_text() if log.exists() else ''}"
    transcript = next((home / ".claude" / "projects").glob(f"*/{sid}.jsonl"))
    lines = audit.records(transcript)
    assert [r["compactMetadata"]["trigger"] for r in lines if audit.is_boundary(r)] == ["auto"], diagnosis
    context = [
        (r["attachment"].get("hookEvent"), "\n".join(r["attachment"]["content"]))
        for r in lines
        if r.get("type") == "attachment" and r.get("attachment", {}).get("type") == "hook_additional_context"
    ]
    drops = [text for event, text in context if event == "PreToolUse"]
    assert len(drops) == 1 and drops[0].startswith("[mcp-context] The compaction summary left out"), context
    # the host kept the last messages (the failing import, the open item) verbatim, and its summary the request
    # and the file: only the decision was lost
    assert "plain addition" in drops[0] and "left out 1 of" in drops[0], drops[0]
    assert all(kept not in drops[0] for kept in ("fix calc", "ops.py", FAILURE, "zero guard")), drops[0]
    asked = next(i for i, r in enumerate(model.requests) if "create a detailed summary" in r)
    after = [_texts(request) for request in model.requests[asked + 1 :]]
    assert any(any(drops[0] in t for t in texts) for texts in after), diagnosis
    assert not any("<state_snapshot>" in t for texts in after for t in texts), diagnosis
    assert done.returncode == 0 and not log.exists(), diagnosis
    print(f"\nafter the automatic compaction, PreToolUse added {len(drops[0])} chars:\n{drops[0]}")
