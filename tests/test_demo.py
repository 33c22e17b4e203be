"""The README's first command: ``mcp-context demo`` plays the whole product against the real server, offline."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from mcp_context import Session
from mcp_context.results import archive

pytestmark = pytest.mark.slow  # a whole demo run against the real server: the full suite's part


def test_demo_runs_every_tool_and_leaves_a_session_to_browse(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MCP_CONTEXT_", "CLAUDE_", "GEMINI_"))}
    root = tmp_path / "store"
    done = subprocess.run(
        [sys.executable, "-m", "mcp_context", "--root", str(root), "--session", "demo-test", "demo"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    out = done.stdout
    for tool in ("persist_result", "read_persisted", "compact_history", "summarize_range", "check_loop"):
        assert f"→ {tool}(" in out, f"the demo never called {tool}"
    assert "[7/7] Where it all is" in out
    assert re.search(r"fits: True", out)
    assert re.search(r"read #\d of the same file: warn", out) and re.search(r"read #\d of the same file: stop", out)
    assert "Traceback" not in out + done.stderr

    # everything it names is really stored, and the archive holds the originals
    session = Session(root=root, session="demo-test", env={})
    handles = set(re.findall(r"\br_[0-9a-f]{16}\b", out))
    stored = {m.handle for m in session.results()}
    assert handles and handles <= stored
    archive_handle = re.search(r"originals of everything removed or shortened: (r_[0-9a-f]{16})", out)
    assert archive_handle is not None
    entries = list(archive.read(archive_handle.group(1), lambda h: "".join(session.iter_text(h))))
    assert len(entries) > 100

    # the commands it suggests run as printed, from this shell's PATH (a checkout's .venv is not on it)
    suggested = out.split("browse it:", 1)[1].split("see its story in a browser", 1)[0].splitlines()
    assert len([line for line in suggested if line.strip()]) == 3
    for line in suggested:
        if line.strip() and "delete-session" not in line:
            ran = subprocess.run(shlex.split(line.strip()), env=env, capture_output=True, text=True)
            assert ran.returncode == 0, f"{line.strip()}: {ran.stderr}"
            assert ran.stdout.strip()
    # and it ends with the viewer's command for this session (run in tests/test_ui_browser.py)
    assert out.strip().splitlines()[-1].strip().endswith("--session demo-test ui --open")
