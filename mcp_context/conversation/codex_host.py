"""Finding the rollout of the Codex CLI session this server runs in (``transcript="host"`` inside Codex).

Codex CLI starts an MCP server with a bare environment (HOME, PATH, the locale, and what its config lists): no
variable names the session, as Claude Code's CLAUDE_CODE_SESSION_ID does. What does name it is the process that
started us: a ``codex`` process among our ancestors (directly, or through a launcher such as ``uvx``) keeps its
session's rollout open for appending, so the open file is the current session's, even with several sessions in
one folder. Where the open files cannot be seen (no ``/proc``), or none is open yet, the newest rollout begun
in this working folder is taken: Codex starts its servers in the session's folder.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path

#: How far up the process tree a launcher may put Codex (codex -> uvx -> python is two).
_MAX_DEPTH = 6


def codex_dir(env: Mapping[str, str]) -> Path:
    return Path(env.get("CODEX_HOME") or Path(env.get("HOME") or Path.home()) / ".codex")


def current_rollout(env: Mapping[str, str], pid: int | None = None, cwd: Path | None = None) -> Path | None:
    """The rollout of the Codex session that started this process (``pid``: the process to start from), or
    None when no Codex process is among its ancestors."""
    codex = _codex_ancestor(os.getpid() if pid is None else pid)
    if codex is None:
        return None
    sessions = codex_dir(env) / "sessions"
    held = _open_rollouts(codex)
    if held:
        return max(held, key=_mtime)
    return newest_in(sessions, cwd or Path(os.getcwd()))


def _codex_ancestor(pid: int) -> int | None:
    for _ in range(_MAX_DEPTH):
        parent = _parent(pid)
        if parent is None or parent <= 1:
            return None
        if _is_codex(parent):
            return parent
        pid = parent
    return None


def _parent(pid: int) -> int | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after the last ')'.
    fields = stat[stat.rfind(")") + 2 :].split()
    try:
        return int(fields[1])
    except (IndexError, ValueError):
        return None


def _is_codex(pid: int) -> bool:
    try:
        exe = os.readlink(f"/proc/{pid}/exe")
    except OSError:
        exe = ""
    if Path(exe).name == "codex":
        return True
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip() == "codex"
    except OSError:
        return False


def _open_rollouts(pid: int) -> list[Path]:
    """The rollout files process ``pid`` holds open."""
    folder = f"/proc/{pid}/fd"
    try:
        fds = os.listdir(folder)
    except OSError:
        return []
    found = set()
    for fd in fds:
        try:
            target = os.readlink(f"{folder}/{fd}")
        except OSError:
            continue
        name = Path(target).name
        if name.startswith("rollout-") and name.endswith(".jsonl") and Path(target).is_file():
            found.add(Path(target))
    return sorted(found)


def newest_in(sessions: Path, cwd: Path) -> Path | None:
    """The most recently written rollout under ``sessions`` whose session began in ``cwd``."""
    candidates = sorted(sessions.glob("*/*/*/rollout-*.jsonl"), key=_mtime, reverse=True)
    want = str(cwd.resolve())
    for path in candidates:
        if _started_in(path) == want:
            return path
    return None


def _started_in(path: Path) -> str | None:
    try:
        with path.open(encoding="utf-8", errors="replace") as f:
            first = json.loads(f.readline())
    except (OSError, ValueError):
        return None
    payload = first.get("payload") if isinstance(first, dict) else None
    cwd = payload.get("cwd") if isinstance(payload, dict) else None
    return str(Path(cwd).resolve()) if isinstance(cwd, str) and cwd else None


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
