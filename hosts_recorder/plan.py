"""The plan a scenario follows: the steps a scripted model takes, prompts and scenarios, the scratch project."""

from __future__ import annotations

import os
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# The installer of the real hosts (npm, cached), kept in the repository.
INSTALLER = Path(os.environ.get("RECORD_HOSTS_INSTALLER", str(ROOT / "scripts" / "real-clients.sh")))
STABLE_PROJ = "/tmp/proj"
STABLE_HOME = "/home/user"
GEMINI_MODEL = "gemini-2.5-flash"
UUID_NS = uuid.UUID("6f1c2a9e-1d51-4c83-9d7e-2f0a6b7c8d90")  # session ids: uuid5(NS, host/scenario/turn)

# --------------------------------------------------------------------------------------------- scratch project

PROJECT_FILES = {
    "calc/__init__.py": '"""Tiny calculator package used by the recorded host sessions."""\n',
    "calc/ops.py": (
        '"""Arithmetic helpers."""\n'
        "import os\n"
        "\n"
        "\n"
        "def add(a, b):\n"
        "    return a - b\n"
        "\n"
        "\n"
        "def divide(a, b):\n"
        "    # TODO: guard against b == 0\n"
        "    return a / b\n"
    ),
    "tests/test_ops.py": (
        'from calc.ops import add\n\n\ndef test_add():\n    assert add(2, 3) == 5, "add(2, 3) should be 5"\n'
    ),
    "src/hello.c": ('#include <stdio.h>\n\nint main(void) {\n    printf("hello\\n")\n    return 0;\n}\n'),
    "Makefile": "build/hello: src/hello.c\n\tmkdir -p build\n\tgcc -Wall -o build/hello src/hello.c\n",
    "README.md": "# calc\n\nA tiny calculator package. Run the tests with `python3 -m pytest -q`.\n",
}

# ------------------------------------------------------------------------------------------------------- plans


def sh(command: str, say: str = "", desc: str = "") -> dict[str, Any]:
    return {"op": "shell", "command": command, "say": say, "desc": desc or f"Run {command.split()[0]}"}


def read(path: str, say: str = "", lines: tuple[int, int] | None = None) -> dict[str, Any]:
    """Read a file, or only its lines first..last (1-based, inclusive)."""
    return {"op": "read", "path": path, "say": say} | ({"lines": lines} if lines else {})


def edit(path: str, old: str, new: str, say: str = "") -> dict[str, Any]:
    return {"op": "edit", "path": path, "old": old, "new": new, "say": say}


def write(path: str, content: str, say: str = "") -> dict[str, Any]:
    return {"op": "write", "path": path, "content": content, "say": say}


def grep(pattern: str, say: str = "") -> dict[str, Any]:
    return {"op": "grep", "pattern": pattern, "say": say}


def todo(items: list[tuple[str, str]], say: str = "") -> dict[str, Any]:
    return {"op": "todo", "items": items, "say": say}


def tool_search(query: str, only: str, say: str = "") -> dict[str, Any]:
    """Claude Code's ToolSearch: loads deferred tool schemas (TaskCreate, TaskUpdate, ...)."""
    return {"op": "toolsearch", "query": query, "only": only, "say": say}


def answer(text: str) -> dict[str, Any]:
    return {"op": "answer", "text": text}


@dataclass
class Prompt:
    text: str
    steps: list[dict[str, Any]]


@dataclass
class Scenario:
    name: str
    about: str
    prompts: list[Prompt]
    # planted facts; "step" is the 1-based index of the tool call in the whole session (all prompts)
    failures: list[dict[str, Any]] = field(default_factory=list)
    fixes: list[dict[str, Any]] = field(default_factory=list)
    passes: list[dict[str, Any]] = field(default_factory=list)
    decisions: list[str] = field(default_factory=list)
    pending: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    needs_gcc: bool = False
    host_env: dict[str, dict[str, str]] = field(default_factory=dict)  # extra environment per host
    written: dict[str, Any] = field(default_factory=dict)
    hosts: tuple[str, ...] = ("claude", "gemini")
    # Gemini CLI names a chat file session-<start minute>-<id8>; --resume opens a new chat first, whose file is
    # a separate stub when the minute changed, and is appended to the resumed file when it did not.
    # "next-minute" waits for a new minute before the resume, "same-minute" makes both runs start in one minute.
    resume_timing: dict[str, str] = field(default_factory=dict)
    long_output: dict[str, Any] = field(default_factory=dict)
    files: dict[str, str] = field(default_factory=dict)  # scratch project files added to (or replacing) the shared ones
    max_bytes: int = 150_000  # the fixture's size limit
    # which failure each fix and passing re-run resolves: [{"failure": step, "fix": step, "rerun": step}]
    resolutions: list[dict[str, int]] = field(default_factory=list)
