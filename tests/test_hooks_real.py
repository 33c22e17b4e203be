"""The hooks in the real hosts: Claude Code 2.1.330 and Gemini CLI 0.61.0, headless, in a fake HOME whose
settings got our hooks from ``mcp-context hooks install``, against the scripted fake model of
scripts/record-hosts on 127.0.0.1 (no login, no LLM). The model asks for ``seq 1 300000`` (1,988,895 bytes);
what matters is the request that follows, as the fake model receives it: the tool result the model would read.

Installing the hosts needs npm the first time (scripts/real-clients.sh --install-only, cached); when
that is not possible the tests are skipped and say why.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
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
def hosts(real_hosts: Any) -> Any:
    return real_hosts


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
    # the command's own output, out of Gemini CLI's wrapper (which also drops the last newline): line numbers match
    assert stored == WHOLE.rstrip("\n"), f"stored {len(stored):,} chars: {stored[:80]!r} … {stored[-80:]!r}"
    session = _stored_in(root, handle)
    meta = session.store.meta(session.id, handle)
    assert "PGID" in (meta.source or ""), meta  # the wrapper's fields are kept as the result's metadata
    # what Gemini CLI itself shows the model stays cut, so the handle is the way to the rest
    print(f"\ngemini: tool result {len(text):,} chars with the handle {handle}; stored {len(stored):,} chars")
    assert not (root / "hooks.log").exists(), (root / "hooks.log").read_text()  # no hook failed


# Gemini CLI compresses: PreCompress fires before every request, a compression only past compressionThreshold --------


def run_gemini_turns(
    rh: ModuleType, hosts: Any, tmp: Path, threshold: float | None, new_minute: bool = False, legacy: bool = False
) -> tuple[Any, Path, list[str]]:
    """Three prompts in one Gemini CLI session (the later ones resumed), the fake model reporting each request's
    size as its prompt tokens; with ``threshold``, Gemini CLI's compressionThreshold. With ``new_minute``, the
    second prompt starts in the next minute, where Gemini CLI starts a second chat file for the session. Returns
    the model, the store and each turn's stderr (where Gemini CLI prints a hook's systemMessage). With ``legacy``
    the settings also hold the PreCompress hook an earlier install wrote: it must say and store nothing."""
    home, proj, root = tmp / "home", tmp / "proj", tmp / "store"
    proj.mkdir(parents=True)
    home.mkdir()
    rh.gemini_settings(home)
    settings = home / ".gemini" / "settings.json"
    if threshold is not None:
        doc = json.loads(settings.read_text())
        settings.write_text(json.dumps({**doc, "model": {"compressionThreshold": threshold}}))
    subprocess.run(
        [str(CLI), "--root", str(root), "hooks", "install", "gemini", "--settings", str(settings)], check=True
    )
    if legacy:  # as an earlier install wrote it: a PreCompress hook, which Gemini CLI fires before every request
        doc = json.loads(settings.read_text())
        fired = tmp / "pre-compress.fired"  # one line each time Gemini CLI runs it
        command = f"sh -c 'echo >> {fired}; exec {CLI} --root {root} hook gemini pre-compress'"
        hook = {"name": "mcp-context-pre-compress", "type": "command", "command": command, "timeout": 60000}
        doc["hooks"]["PreCompress"] = [{"hooks": [hook]}]
        settings.write_text(json.dumps(doc))
    prompts = [
        rh.Prompt("First: count to three thousand with seq.", [rh.sh("seq 1 3000"), rh.sh("echo one"), rh.answer("1")]),
        rh.Prompt("Second: say hi with echo.", [rh.sh("echo hi"), rh.answer("Said hi.")]),
        rh.Prompt("Third: list the folder.", [rh.sh("ls"), rh.answer("Listed.")]),
    ]
    model = rh.FakeModel(tmp / "fake-model.jsonl")
    model.gemini_counts = True
    # the later prompts first: a snapshot handed back on resume quotes the first request, and the fake model
    # takes the first prompt of its plan found in the newest user text
    model.set_plan(prompts[::-1], str(proj), tmp / "m")
    srv = rh.serve(model)
    env = rh.host_env(hosts, home, srv.server_address[1], "gemini")
    errs = []
    try:
        for i, prompt in enumerate(prompts):
            cmd = [
                hosts.gemini,
                "-p",
                prompt.text,
                "-m",
                rh.GEMINI_MODEL,
                "--approval-mode",
                "yolo",
                "-o",
                "stream-json",
            ]
            cmd += ["--session-id", str(uuid.uuid4())] if i == 0 else ["--resume", "latest"]
            if new_minute and i == 1:
                time.sleep(61 - time.time() % 60)
            done = subprocess.run(
                cmd, cwd=proj, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=240
            )
            assert done.returncode == 0, f"turn {i + 1}: rc={done.returncode}\n{done.stderr[-2000:]}"
            errs.append(done.stderr)
    finally:
        srv.shutdown()
        srv.server_close()
    assert not model.problems, model.problems
    return model, root, errs


def _chat(tmp: Path) -> str:
    """The session's chat files, all of them: a prompt resumed in another minute goes into a new file."""
    files = sorted((tmp / "home" / ".gemini" / "tmp").glob("*/chats/session-*.jsonl"))
    assert files, "Gemini CLI wrote no chat file"
    return "".join(f.read_text() for f in files)


def _stored_in(root: Path, handle: str) -> Session:
    for folder in (root / "sessions").iterdir():
        session = Session(root, folder.name)
        if handle in {m.handle for m in session.store.list_results(session.id)}:
            return session
    raise AssertionError(f"{handle} is in no session under {root}")


def test_gemini_cli_without_a_compression_hears_nothing_of_one(rh: ModuleType, hosts: Any, tmp_path: Path) -> None:
    model, root, errs = run_gemini_turns(rh, hosts, tmp_path, None, legacy=True)
    assert len((tmp_path / "pre-compress.fired").read_text().splitlines()) >= 3  # before every request
    chat = _chat(tmp_path)
    assert "Got it. Thanks for the additional context!" not in chat  # Gemini CLI did not compress
    assert not any("compress" in e or "snapshot" in e for e in errs), errs
    assert "compressed the conversation" not in chat and "was compacted" not in chat
    assert "compressed the conversation" not in json.dumps(model.last_main)
    assert not (root / "hooks.log").exists(), (root / "hooks.log").read_text()
    states = list(root.glob("sessions/*/state/hooks*"))
    assert states and not any(b'"snapshot"' in p.read_bytes() for p in states), states


def test_gemini_cli_compression_is_told_once_with_the_messages_it_replaced(
    rh: ModuleType, hosts: Any, tmp_path: Path
) -> None:
    model, root, errs = run_gemini_turns(rh, hosts, tmp_path, 0.002, new_minute=True)
    chat = _chat(tmp_path)
    assert "Got it. Thanks for the additional context!" in chat  # Gemini CLI really compressed
    assert len(list(tmp_path.glob("home/.gemini/tmp/*/chats/*.jsonl"))) == 2  # the events named two files
    told = [e for e in errs if "Gemini CLI compressed the conversation" in e]
    assert len(told) == 1, errs
    handle = HANDLE.findall(told[0].split("compressed the conversation")[1])[0]
    # the model heard of it once, inside a tool result, with the snapshot of what was replaced
    assert chat.count(f"stored whole as handle {handle}") >= 1
    whole = read_all(_stored_in(root, handle), handle)
    assert "<state_snapshot>" in whole and "seq 1 3000" in whole and "First: count" in whole, whole[:2000]
    assert not (root / "hooks.log").exists(), (root / "hooks.log").read_text()
