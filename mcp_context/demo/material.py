"""What the demo works on: this machine's own files and command output, and a long agent history built from them.

Nothing is downloaded or invented: the large file is the biggest module of the running Python's standard
library, the command output is a real run of this interpreter, and the history is a coding session whose tool
results are the real text of this package's modules.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PACKAGE = Path(__file__).resolve().parent.parent  # the mcp_context package


@dataclass(frozen=True)
class Material:
    path: Path
    text: str


def large_file() -> Material:
    """The largest text module of the standard library (pydoc's topics, about 800 KB, on CPython)."""
    stdlib = Path(os.__file__).resolve().parent
    candidates = [stdlib / "pydoc_data" / "topics.py", *sorted(stdlib.glob("*.py"))]
    best = max((p for p in candidates if p.is_file()), key=lambda p: p.stat().st_size)
    return Material(best, best.read_text(encoding="utf-8", errors="replace"))


def command_output() -> tuple[str, str]:
    """A long real command output: the import-time trace of this server's own start-up."""
    argv = [sys.executable, "-X", "importtime", "-c", "import mcp_context.server.app"]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120, check=False)
    shown = " ".join(["python" if a == sys.executable else a for a in argv])
    return shown, done.stderr + done.stdout


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def _call(call_id: str, name: str, args: dict[str, Any], text: str | None = None) -> dict[str, Any]:
    function = {"name": name, "arguments": json.dumps(args)}
    return {
        "role": "assistant",
        "content": text,
        "tool_calls": [{"id": call_id, "type": "function", "function": function}],
    }


def _result(call_id: str, text: str) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": call_id, "content": text}


def agent_history(command: str, command_text: str) -> list[dict[str, Any]]:
    """A review session in OpenAI's format, a few hundred messages long: the user asks for a review of this
    package; the agent lists it, reads every module, greps for what it wonders about, runs a command, writes
    notes and answers follow-up requests. Every tool result is what the tool would really have returned."""
    modules = _modules()
    root = PACKAGE.parent
    history: list[dict[str, Any]] = [
        {"role": "system", "content": "You are a careful coding agent. Read before you change anything."},
        {"role": "user", "content": f"Review the package in {PACKAGE} module by module and write notes on its design."},
    ]
    n = 0

    def step(name: str, args: dict[str, Any], result: str, text: str | None = None) -> None:
        nonlocal n
        n += 1
        history.extend([_call(f"call_{n:04d}", name, args, text), _result(f"call_{n:04d}", result)])

    listing = "\n".join(str(p.relative_to(root)) for p in modules)
    step("list_files", {"path": str(PACKAGE)}, listing, "Let me see what is there first.")
    notes: list[str] = []
    for k, path in enumerate(modules):
        source = path.read_text(encoding="utf-8")
        rel = str(path.relative_to(root))
        step("read_file", {"path": str(path)}, source, f"Reading {rel}.")
        names = re.findall(r"^(?:class|def) (\w+)", source, re.M)
        if names and k % 3 == 0:
            pattern = names[0]
            hits = [
                f"{m.relative_to(root)}:{i}: {line.strip()}"
                for m in modules
                for i, line in enumerate(m.read_text(encoding="utf-8").splitlines(), 1)
                if pattern in line
            ]
            step("grep", {"pattern": pattern, "path": str(PACKAGE)}, "\n".join(hits) or "(no matches)")
        doc = source.split('"""')[1].strip().splitlines()[0] if source.count('"""') >= 2 else "no module docstring"
        notes.append(f"- {rel}: {doc}")
        history.append({"role": "assistant", "content": f"{rel}: {doc} ({len(source.splitlines())} lines)."})
        if k % 10 == 9:
            history.append(
                {"role": "user", "content": f"Good. Keep going; note anything over 400 lines. ({k + 1} read)"}
            )
    step("run_command", {"command": command}, command_text, "Now how long does the server take to import?")
    step("write_file", {"path": "notes/design-review.md", "content": "# Design review\n\n" + "\n".join(notes)}, "ok")
    history.append(
        {"role": "assistant", "content": f"Done: {len(modules)} modules read, notes in notes/design-review.md."}
    )
    history.append({"role": "user", "content": "Thanks. Now check the store module again for the atomic writes."})
    return history
