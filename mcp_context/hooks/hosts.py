"""What each host calls its hook events and where it keeps its settings, in one table.

The command line names events in kebab case (``post-tool-use``); the settings file names them the host's way
(``PostToolUse``). Both directions are read from :data:`HOSTS`, so adding an event is one row.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class HookEvent:
    """One event a host fires and how it is registered: the host's name for it, the matcher our entry uses
    (None: no matcher key, the event has none), and how long the host waits for us."""

    cli: str
    host_name: str
    matcher: str | None
    timeout_s: int


@dataclass(frozen=True)
class Host:
    name: str
    #: The settings folder under the home directory (user scope) or the project (project scope).
    folder: str
    #: Gemini CLI counts hook timeouts in milliseconds, Claude Code in seconds.
    timeout_unit: int
    events: tuple[HookEvent, ...]
    #: The file the hooks go in, inside the folder: Codex keeps them apart from its config.toml.
    file: str = "settings.json"
    #: A variable that moves the user-scope folder (Codex's ``CODEX_HOME``), honoured when set.
    home_env: str | None = None

    def event(self, cli_name: str) -> HookEvent | None:
        return next((e for e in self.events if e.cli == cli_name), None)

    def settings_path(
        self, scope: str, home: Path | None = None, project: Path | None = None, env: Mapping[str, str] | None = None
    ) -> Path:
        if scope == "user":
            moved = (os.environ if env is None else env).get(self.home_env) if self.home_env else None
            if moved and home is None:
                return Path(moved).expanduser() / self.file
            return (home or Path.home()) / self.folder / self.file
        return (project or Path.cwd()) / self.folder / self.file


CLAUDE = Host(
    "claude",
    ".claude",
    1,
    (
        # Every call is checked for loops; only Bash's output shape is known well enough to replace it.
        HookEvent("pre-tool-use", "PreToolUse", "", 10),
        HookEvent("post-tool-use", "PostToolUse", "Bash", 30),
        HookEvent("pre-compact", "PreCompact", None, 60),
        HookEvent("session-start", "SessionStart", "compact", 10),
        # Hands over the host's summary (compact_summary), which reaches the transcript only later.
        HookEvent("post-compact", "PostCompact", None, 10),
        # The first prompt after a compaction carries what the host's summary dropped (PreToolUse does when
        # the model goes on by itself): SessionStart(compact) runs before that summary is known.
        HookEvent("user-prompt-submit", "UserPromptSubmit", None, 30),
    ),
)
GEMINI = Host(
    "gemini",
    ".gemini",
    1000,
    (
        HookEvent("before-tool", "BeforeTool", "", 10),
        # Every tool: a compression is told from the chat file here, and the first tool result after one
        # carries the snapshot back. PreCompress is not used: it fires before every request, compressing or not.
        HookEvent("after-tool", "AfterTool", "", 60),
        HookEvent("session-start", "SessionStart", None, 30),
    ),
)
CODEX = Host(
    "codex",
    ".codex",
    1,
    (
        # Claude Code's protocol, but after a tool Codex 0.169 takes only additional context: its schema lists
        # updatedMCPToolOutput, yet an answer holding it is refused whole (checked on the real host), so an
        # output is stored and its handle added, never replaced. Every tool is
        # matched (no matcher key); the handler tells ours and small outputs apart.
        HookEvent("pre-tool-use", "PreToolUse", None, 10),
        HookEvent("post-tool-use", "PostToolUse", None, 30),
        # A snapshot before Codex compacts; after (SessionStart, source compact) what its summary dropped.
        HookEvent("pre-compact", "PreCompact", None, 60),
        HookEvent("session-start", "SessionStart", "compact", 30),
    ),
    file="hooks.json",
    home_env="CODEX_HOME",
)
HOSTS: dict[str, Host] = {h.name: h for h in (CLAUDE, GEMINI, CODEX)}

#: Our entries are recognised by their command: this install's (or any install's) ``mcp-context ... hook
#: <host> <event>``. Nothing else is written into the host's settings, so a user's own hooks are never touched.
_OURS = re.compile(r"(?:mcp-context|mcp_context)\S*\s(?:.*\s)?hook\s+(claude|gemini|codex)\s+([a-z-]+)")


def our_event(command: object) -> tuple[str, str] | None:
    """(host, event) when ``command`` is one of our hook commands, else None."""
    if not isinstance(command, str):
        return None
    found = _OURS.search(command)
    return (found[1], found[2]) if found else None
