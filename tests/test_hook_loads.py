"""What the pre-tool-use hook loads: it runs at every tool call of the host, so it loads what a loop check needs
(the store and the loop service) and nothing a Session or a tool's argument model would bring."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

_PROBE = """
import io, sys
sys.stdin = io.TextIOWrapper(io.BytesIO(sys.argv[1].encode()))
sys.argv = ["mcp-context", "--root", sys.argv[2], "hook", "claude", "pre-tool-use"]
from mcp_context.cli import main
main()
heavy = sorted(m for m in sys.modules if m in ("mcp_context.session", "pydantic", "mcp", "sqlite3", "tiktoken"))
print("\\nLOADED", *heavy)
"""


@pytest.mark.slow
def test_the_loop_check_hook_loads_no_session_nor_pydantic(tmp_path: Path) -> None:
    data = {"session_id": "b7e1c0de-0000-4000-8000-000000000001", "tool_name": "Bash", "tool_input": {"command": "ls"}}
    for _ in range(5):  # the fifth repeat answers with a nudge: the whole check ran
        done = subprocess.run(
            [sys.executable, "-c", _PROBE, json.dumps(data), str(tmp_path)], capture_output=True, text=True, check=True
        )
    answer, loaded = done.stdout.rsplit("\nLOADED", 1)
    assert "same call" in json.loads(answer)["hookSpecificOutput"]["additionalContext"]
    assert loaded.split() == []
