"""The hooks in the real hosts: Claude Code 2.1.330 and Gemini CLI 0.61.0, headless, in a fake HOME whose
settings got our hooks from ``mcp-context hooks install``, against the scripted fake model of
scripts/record-hosts on 127.0.0.1 (no login, no LLM). The model asks for ``seq 1 300000`` (1,988,895 bytes);
what matters is the request that follows, as the fake model receives it: the tool result the model would read.

Installing the hosts needs npm the first time (../shared/tools/real-clients.sh --install-only, cached); when
that is not possible the tests are skipped and say why.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import uuid
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from test_hooks import read_all

import hosts_recorder
from mcp_context import Session

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
CLI = Path(sys.executable).parent / "mcp-context"
WHOLE = "".join(f"{i}\n" for i in range(1, 300001))
PROMPT = "Count to three hundred thousand with seq, please."
HANDLE = re.compile(r"r_[0-9a-f]{16}")


def recorder() -> ModuleType:
    """The host recorder (hosts_recorder/, what scripts/record-hosts runs): its fake model drives the hosts."""
    return hosts_recorder


@pytest.fixture(scope="module")
def rh() -> ModuleType:
    return recorder()


@pytest.fixture(scope="module")
def hosts(rh: ModuleType) -> Any:
    try:
        return rh.install()
    except SystemExit as exc:  # the recorder exits with the installer's message
        pytest.skip(f"the real hosts could not be installed: {exc}")


def run_host(
    rh: ModuleType, hosts: Any, host: str, tmp: Path
) -> tuple[Any, Path, str, subprocess.CompletedProcess[str]]:
    """Install our hooks in a fake HOME, play one Bash call of seq 1 300000, return the model and the store."""
    home, proj, root = tmp / "home", tmp / "proj", tmp / "store"
    proj.mkdir(parents=True)
    home.mkdir()
    if host == "gemini":
        rh.gemini_settings(home)
    settings = home / f".{host}" / "settings.json"
    subprocess.run([str(CLI), "--root", str(root), "hooks", "install", host, "--settings", str(settings)], check=True)
    model = rh.FakeModel(tmp / "fake-model.jsonl")
    model.set_plan([rh.Prompt(PROMPT, [rh.sh("seq 1 300000", desc="Count"), rh.answer("Done.")])], str(proj), tmp / "m")
    srv = rh.serve(model)
    sid = str(uuid.uuid4())
    env = rh.host_env(hosts, home, srv.server_address[1], host)
    if host == "claude":
        cmd = [hosts.claude, "-p", PROMPT, "--output-format", "stream-json", "--verbose", "--allowedTools", "Bash"]
        cmd += ["--session-id", sid]
    else:
        cmd = [hosts.gemini, "-p", PROMPT, "-m", rh.GEMINI_MODEL, "--approval-mode", "yolo", "-o", "stream-json"]
    try:
        done = subprocess.run(
            cmd, cwd=proj, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=240
        )
    finally:
        srv.shutdown()
        srv.server_close()
    return model, root, sid, done


def _diagnose(root: Path, done: subprocess.CompletedProcess[str]) -> str:
    log = root / "hooks.log"
    return f"rc={done.returncode}\nhooks.log: {log.read_text() if log.exists() else '(none)'}\n{done.stdout[-3000:]}"


def test_claude_code_gets_the_preview_and_the_handle_reads_back_whole(
    rh: ModuleType, hosts: Any, tmp_path: Path
) -> None:
    model, root, sid, done = run_host(rh, hosts, "claude", tmp_path)
    assert model.last_main is not None, _diagnose(root, done)
    results = [
        b
        for m in model.last_main["messages"]
        if isinstance(m.get("content"), list)
        for b in m["content"]
        if isinstance(b, dict) and b.get("type") == "tool_result"
    ]
    assert len(results) == 1, _diagnose(root, done)
    content = results[0]["content"]
    text = content if isinstance(content, str) else "".join(c.get("text", "") for c in content)
    assert len(text) <= 16_000, f"{len(text)} chars: {text[:500]}"
    assert "persisted-output" not in text, text[:500]  # the host's own 2 KB cut did not come back
    handles = HANDLE.findall(text)
    assert handles, f"no handle in the tool result: {text[:1000]}\n{_diagnose(root, done)}"
    assert read_all(Session(root, sid), handles[0]) == WHOLE
    assert not (root / "hooks.log").exists(), (root / "hooks.log").read_text()  # no hook failed
    print(f"\nclaude: tool result {len(text):,} chars (was 1,988,895 bytes); handle {handles[0]}")


def test_gemini_cli_gets_the_handle_and_the_store_holds_the_whole(rh: ModuleType, hosts: Any, tmp_path: Path) -> None:
    model, root, _, done = run_host(rh, hosts, "gemini", tmp_path)
    assert model.last_main is not None, _diagnose(root, done)
    responses = [
        p["functionResponse"]
        for c in model.last_main["contents"]
        for p in c.get("parts") or []
        if isinstance(p, dict) and "functionResponse" in p
    ]
    shell = [r for r in responses if r.get("name") == "run_shell_command"]
    assert len(shell) == 1, _diagnose(root, done)
    text = json.dumps(shell[0]["response"], ensure_ascii=False)
    assert "<hook_context>" in text, f"no hook context: {text[-2000:]}\n{_diagnose(root, done)}"
    handle = HANDLE.findall(text.split("<hook_context>")[1])[0]
    stored = "".join(Session(root).iter_text(handle))
    assert WHOLE.rstrip("\n") in stored, f"stored {len(stored):,} chars"
    # what Gemini CLI itself shows the model stays cut, so the handle is the way to the rest
    print(f"\ngemini: tool result {len(text):,} chars with the handle {handle}; stored {len(stored):,} chars")
    assert not (root / "hooks.log").exists(), (root / "hooks.log").read_text()  # no hook failed
