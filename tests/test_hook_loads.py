"""What the hooks load: they run at every tool call of the host, each in a process of its own, so a hook loads
what its decision needs and nothing a Session, a tool's argument model or another event would bring. Checked on
the modules a real hook process ends with (not on its time: tests never assert timings)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

SID = "b7e1c0de-0000-4000-8000-000000000001"

_PROBE = """
import io, json, sys
sys.stdin = io.TextIOWrapper(io.BytesIO(sys.argv[1].encode()))
sys.argv = ["mcp-context", "--root", sys.argv[2], "hook", "claude", sys.argv[3]]
from mcp_context.cli import main
main()
loaded = sorted(sys.modules)
rules = sys.modules.get("mcp_context.redaction.rules")
markdown = sys.modules.get("mcp_context.loops.markdown")
compiled = {
    "rules": sorted({r.kind for r in rules.RULES if {"pattern", "bytes_pattern"} & set(vars(r))}) if rules else [],
    "markdown": sorted(vars(markdown._RE)) if markdown else [],
}
print("\\nLOADED" + json.dumps({"modules": loaded, "compiled": compiled}))
"""

#: What no hook loads: the facade, pydantic and the MCP SDK (100 ms and more each), click (the hook's own entry
#: goes around it), the exact token counter's library, the text index's database, the regex engine of summaries.
NEVER = ("mcp_context.session", "pydantic", "mcp", "click", "tiktoken", "sqlite3", "regex")


def _probe(event: str, data: dict[str, Any], root: Path) -> tuple[str, list[str], dict[str, list[str]]]:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(data), str(root), event], capture_output=True, text=True, check=True
    )
    answer, loaded = done.stdout.rsplit("\nLOADED", 1)
    found = json.loads(loaded)
    return answer, found["modules"], found["compiled"]


def _within(modules: list[str], names: tuple[str, ...]) -> list[str]:
    return [m for m in modules if any(m == n or m.startswith(n + ".") for n in names)]


@pytest.mark.slow
def test_the_loop_check_hook_loads_the_check_and_the_store_alone(tmp_path: Path) -> None:
    data = {"session_id": SID, "tool_name": "Bash", "tool_input": {"command": "ls"}}
    for _ in range(5):  # the fifth repeat answers with a nudge: the whole check ran, and saved its state
        answer, modules, compiled = _probe("pre-tool-use", data, tmp_path)
    assert "same call" in json.loads(answer)["hookSpecificOutput"]["additionalContext"]
    assert "mcp_context.loops.monitor" in modules and "mcp_context.storage.files" in modules
    # no compaction's drops are due: the snapshot machinery stays unloaded; difflib only tells a mistyped key; the
    # check's types are no dataclasses, and a process that checks once spells its state without orjson
    unloaded = ("mcp_context.hooks.snapshots", "mcp_context.hooks.outputs", "difflib", "dataclasses", "orjson")
    assert _within(modules, (*NEVER, *unloaded)) == []
    # the markdown gate never judged text; of the credential rules, only those whose anchors stand in the saved
    # state were tried (its "key" and "token" are anchors of the rules for values given secret names), and the
    # anchorless token rule's pattern only where its scan finds a place to try it (none in the state)
    assert compiled["markdown"] == [] and set(compiled["rules"]) <= {"password", "secret"}


@pytest.mark.slow
def test_a_small_output_hook_loads_neither_the_store_nor_redaction(tmp_path: Path) -> None:
    data = {
        "session_id": SID,
        "tool_name": "Bash",
        "tool_input": {"command": "seq 1 10"},
        "tool_response": {"stdout": "\n".join(map(str, range(1, 11))), "stderr": "", "interrupted": False},
    }
    answer, modules, _ = _probe("post-tool-use", data, tmp_path)
    assert answer == ""  # small: the host keeps its output
    heavy = ("mcp_context.redaction", "mcp_context.loops", "mcp_context.storage.files", "orjson", "ahocorasick_rs")
    assert _within(modules, (*NEVER, *heavy)) == []
