"""The real material the fixtures quote: this repository's files, read once each, and commands run in it once
each (``ls -la``, ``git log`` at a fixed commit, failing and succeeding imports), so every host's fixture shows the
same real output."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
#: The commit the stories' ``git log`` commands read history from: a fixed one, so that what they quote (diffs
#: of the secrets corpus among them) is the same whatever has been committed since.
HISTORY_AT = "7ecea222761b303fa6f6fd58490817f6c18b27f2"


@dataclass(frozen=True)
class Run:
    command: str
    stdout: str
    stderr: str
    code: int


class Material:
    """Reads this repository and runs commands in it, once each, so every fixture quotes the same real output."""

    SKIP_DIRS = {".git", "__pycache__", ".venv", ".mypy_cache", ".ruff_cache", ".pytest_cache", ".hypothesis"}
    #: This generator and its test quote the story's own prompts, so their contents never serve as material.
    OWN = {"tests/make_fixtures.py", "tests/test_fixtures.py"}

    def __init__(self, repo: Path) -> None:
        self.repo = repo
        self._texts: dict[str, str] = {}
        self._runs: dict[str, Run] = {}
        self.env = dict(os.environ)
        # `python` in a command means this interpreter, as the agent's shell would resolve it from the venv.
        self.env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + self.env.get("PATH", "")
        self.env["PYTHONDONTWRITEBYTECODE"] = "1"
        self.env["GIT_PAGER"] = "cat"
        self.env.pop("PYTHONPATH", None)

    def abs(self, rel: str) -> str:
        return str(self.repo / rel)

    def text(self, rel: str) -> str | None:
        if rel not in self._texts:
            try:
                self._texts[rel] = (self.repo / rel).read_text(encoding="utf-8", errors="replace")
            except OSError:
                return None
        return self._texts[rel]

    def run(self, command: str) -> Run:
        if command not in self._runs:
            try:
                done = subprocess.run(
                    command,
                    shell=True,
                    cwd=self.repo,
                    env=self.env,
                    capture_output=True,
                    text=True,
                    errors="replace",
                    timeout=30,
                )
                self._runs[command] = Run(command, done.stdout, done.stderr, done.returncode)
            except (OSError, subprocess.TimeoutExpired) as exc:
                self._runs[command] = Run(command, "", f"{exc}\n", 1)
        return self._runs[command]

    def files(self, *patterns: str) -> list[str]:
        """Repository files matching glob patterns, relative, sorted, without caches and build debris."""
        found: set[str] = set()
        for pattern in patterns:
            for path in self.repo.glob(pattern):
                rel = path.relative_to(self.repo)
                if path.is_file() and not (set(rel.parts) & self.SKIP_DIRS) and ".egg-info" not in str(rel):
                    found.add(str(rel))
        return sorted(found)

    def grep(self, pattern: str, rels: Iterable[str]) -> list[tuple[str, int, str]]:
        regex = re.compile(pattern)
        hits: list[tuple[str, int, str]] = []
        for rel in rels:
            if rel in self.OWN:
                continue
            for number, line in enumerate((self.text(rel) or "").splitlines(), 1):
                if regex.search(line):
                    hits.append((rel, number, line))
        return hits

    def tree(self, limit: int = 200) -> str:
        """The top two levels of the repository, drawn like Gemini CLI's folder structure."""
        ignored = self.SKIP_DIRS | {"build", "dist"}
        lines: list[str] = []

        def entries(path: Path) -> list[Path]:
            kids = [p for p in path.iterdir() if p.name not in ignored and not p.name.endswith(".egg-info")]
            return sorted(kids, key=lambda p: (p.is_dir(), p.name.lower()))

        top = entries(self.repo)
        for i, entry in enumerate(top):
            last = i == len(top) - 1
            lines.append(("└───" if last else "├───") + entry.name + ("/" if entry.is_dir() else ""))
            if entry.is_dir():
                kids = entries(entry)
                for j, kid in enumerate(kids):
                    branch = "└───" if j == len(kids) - 1 else "├───"
                    lines.append(("    " if last else "│   ") + branch + kid.name + ("/" if kid.is_dir() else ""))
        return "\n".join(lines[:limit])


def docstring(text: str) -> str:
    """First line of a module docstring, or ''."""
    match = re.match(r'\s*(?:#[^\n]*\n\s*)*[rRuU]?("""|\'\'\')\s*(.*)', text)
    return match.group(2).split('"""')[0].strip() if match else ""


def real_instructions(material: Material) -> str:
    source = material.text("mcp_context/server/app.py") or ""
    match = re.search(r'INSTRUCTIONS = """\\\n(.*?)"""', source, re.S)
    return match.group(1).replace("\\\n", "") if match else "mcp-context keeps large texts out of your context."
