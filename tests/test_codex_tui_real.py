"""Codex CLI 0.169.0's interactive TUI, as a user meets it after ``mcp-context hooks install codex``: driven in a
pseudo-terminal (Python's ``pty``), its start-up review ("Hooks need review", "Trust all and continue"), one
prompt, the user's ``/compact``, and the next prompt. The scripted model (scripts/record-codex's Responses API
on 127.0.0.1) answers the prompts and Codex's compaction request.

What holds: PreCompact fires (trigger ``manual``) before Codex asks for the summary and stores our snapshot;
SessionStart with source ``compact`` fires when the next prompt starts, and its context (only what the summary
dropped) reaches the model once, as a developer message; ``mcp-context audit`` reads the compacted rollout.
The terminal answers the one query Codex's TUI waits on (the cursor position); nothing else of a terminal is
emulated, so the screen is read as the text Codex wrote, escape sequences taken out.

tests/hosts/codex/compaction-manual.jsonl, which tests/test_codex_compaction.py reads, is a rollout of this run
(paths made stable as scripts/record-codex does).
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import select
import signal
import struct
import termios
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_codex_compaction_real import developer_texts, installed
from test_codex_hooks_real import mcp_context

pytestmark = pytest.mark.slow

#: CSI and OSC sequences, and the lone escapes of a terminal's output.
ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-_]")
SECOND = "Now fix add and run the check."


class Terminal:
    """A program on a pseudo-terminal of 45 rows by 160 columns: what it wrote, and keys typed into it."""

    def __init__(self, argv: list[str], cwd: Path, env: dict[str, str]):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the program, on the terminal
            os.chdir(cwd)
            os.execvpe(argv[0], argv, env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 45, 160, 0, 0))
        self.raw = b""
        self.lock = threading.Lock()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                ready, _, _ = select.select([self.fd], [], [], 0.5)
                if not ready:
                    continue
                chunk = os.read(self.fd, 65536)
            except OSError:
                return
            if not chunk:
                return
            if b"\x1b[6n" in chunk:  # where is the cursor? (the TUI waits for the answer)
                os.write(self.fd, b"\x1b[1;1R")
            with self.lock:
                self.raw += chunk

    def text(self) -> str:
        with self.lock:
            return ESCAPES.sub("", self.raw.decode("utf-8", "replace"))

    def shows(self, words: str) -> bool:
        """Whether the screen held ``words``: the TUI moves the cursor over blanks, so they are left out."""
        return re.sub(r"\s", "", words) in re.sub(r"\s", "", self.text())

    def type(self, keys: str, enter: bool = True) -> None:
        os.write(self.fd, keys.encode())
        if enter:
            time.sleep(0.5)
            os.write(self.fd, b"\r")

    def wait(self, what: str, ready: Callable[[], bool], seconds: float = 120) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if ready():
                return
            time.sleep(0.3)
        raise AssertionError(f"waited {seconds:.0f}s for {what}; the screen's text ends:\n{self.text()[-3000:]}")

    def close(self) -> None:
        try:
            os.kill(self.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        for _ in range(50):
            if os.waitpid(self.pid, os.WNOHANG)[0]:
                break
            time.sleep(0.1)
        else:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.fd)


def records(home: Path) -> list[dict[str, Any]]:
    found = sorted((home / ".codex" / "sessions").glob("*/*/*/rollout-*.jsonl"))
    if not found:
        return []
    return [json.loads(line) for line in found[-1].read_text(encoding="utf-8").splitlines() if line.strip()]


def test_a_manual_compact_in_codexs_tui_is_snapshotted_and_only_its_drops_come_back_once(tmp_path: Path) -> None:
    rc, codex = installed()
    run_dir, store = tmp_path / "tui", tmp_path / "store"
    home, proj = run_dir / "home", run_dir / "proj"
    rc.record_hosts().make_project(proj)
    (home / ".codex").mkdir(parents=True)
    scenario = rc.compaction()
    first = scenario.prompts[0]
    plan = [first, rc.Prompt(SECOND, [rc.shell(rc.FIX), rc.shell(rc.CHECK), rc.answer(rc.FIX_ANSWER)])]
    model = rc.ResponsesModel(run_dir / "model.jsonl")
    model.set_plan(plan, run_dir / "model.jsonl")
    model.summary = rc.COMPACT_SUMMARY
    srv = rc.serve(model)
    env = rc.codex_env(codex, home, srv.server_address[1]) | {"TERM": "xterm-256color", "COLUMNS": "160"}
    env.pop("CI", None)
    done = mcp_context("--root", str(store), "hooks", "install", "codex", env=env)
    assert done.returncode == 0 and "hook codex pre-compact" in done.stdout, done.stdout + done.stderr
    # as a user runs it: the model and its provider in config.toml, the options of a headless run left out
    options = rc.codex_args(srv.server_address[1])
    config = [options[i + 1] for i, o in enumerate(options) if o == "-c"]
    argv = [codex.codex, "--dangerously-bypass-approvals-and-sandbox", "-m", rc.MODEL]
    argv += [arg for option in config for arg in ("-c", option)]
    term = Terminal(argv, proj, env)
    try:
        term.wait("the start-up review of the hooks", lambda: term.shows("Trust all and continue"))
        assert term.shows("4 hooks are new or changed")
        term.type("2", enter=False)
        time.sleep(0.5)
        term.type("")
        time.sleep(3)
        term.type(first.text)
        term.wait("the first answer", lambda: any(rc.FOUND_ANSWER[:30] in json.dumps(r) for r in records(home)))
        term.type("/compact")
        term.wait("the compacted record", lambda: any(r["type"] == "compacted" for r in records(home)))
        assert model.compactions == 1
        term.wait("Codex's word on it", lambda: term.shows("Context compacted"), 30)
        term.type(SECOND)
        term.wait("the last answer", lambda: "add ok" in json.dumps(records(home)[-12:]))
        term.wait("the turn's end", lambda: records(home)[-1].get("payload", {}).get("type") == "task_complete", 60)
    finally:
        term.close()
        srv.shutdown()
        srv.server_close()
    assert not model.problems, model.problems
    trusted = (home / ".codex" / "config.toml").read_text()  # "Trust all and continue" wrote each hook's hash
    assert trusted.count("trusted_hash") == 4, trusted
    rollout = sorted((home / ".codex" / "sessions").glob("*/*/*/rollout-*.jsonl"))[-1]
    lines = records(home)
    session = str(lines[0]["payload"]["id"])
    # SessionStart(compact) at the second prompt: the drops, once, read by the model
    told = [t for t in developer_texts(rollout) if t.startswith("[mcp-context] The compaction summary")]
    assert len(told) == 1 and "divide()" in told[0] and "AssertionError" in told[0], told
    assert rc.COMPACT_SUMMARY[:40] not in told[0]  # the summary itself is no dropped fact
    sent = [c.get("text") for i in model.last_main["input"] for c in i.get("content") or [] if isinstance(c, dict)]
    assert told[0] in sent
    # PreCompact stored the snapshot and the messages; the journal says the user compacted
    audited = mcp_context("--root", str(store), "audit", "--json", env=env)  # the latest session
    assert audited.returncode == 0, audited.stderr
    doc = json.loads(audited.stdout)
    assert (doc["session"], doc["host"], doc["trigger"], doc["found"]) == (session, "codex-cli", "manual", True)
    assert doc["snapshot"].startswith("r_") and doc["archive"].startswith("r_") and len(doc["dropped"]) >= 2
    assert not (store / "hooks.log").exists(), (store / "hooks.log").read_text()
    print(f"\ncodex /compact: {doc['originals']} messages replaced; dropped {[f['kind'] for f in doc['dropped']]}")
