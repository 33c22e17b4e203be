"""Summaries found inside a history: ours (compact_history's bridge, summarize_range's output), Claude Code's
continuation summary and Gemini CLI's state snapshot. A summary of a range holding one says so and keeps the
older summary's archive handle, so nothing it stood for becomes unreachable."""

from __future__ import annotations

import re
from dataclasses import dataclass

#: The first words of every summary this library writes; its first line names the archive of the originals.
SUMMARY_MARK = "[Summary of earlier conversation"
#: Claude Code opens the user message that carries its compaction summary with these words.
CLAUDE_CODE_MARK = "This session is being continued from a previous conversation"
#: Gemini CLI's compression summary is one XML element.
GEMINI_MARK = "<state_snapshot>"

_HANDLE = re.compile(r"\br_[0-9a-f]{16}\b")


@dataclass(frozen=True)
class Earlier:
    index: int | None
    origin: str  # "mcp-context", "Claude Code" or "Gemini CLI"
    handles: tuple[str, ...]  # archives its first line names (ours only)
    text: str


def find(index: int | None, text: str) -> Earlier | None:
    """The earlier summary ``text`` is, if it is one."""
    stripped = text.lstrip()
    if stripped.startswith(SUMMARY_MARK):
        first = stripped.split("\n", 1)[0]
        return Earlier(index, "mcp-context", tuple(dict.fromkeys(_HANDLE.findall(first))), stripped)
    if stripped.startswith(CLAUDE_CODE_MARK):
        return Earlier(index, "Claude Code", (), stripped)
    if stripped.startswith(GEMINI_MARK):
        return Earlier(index, "Gemini CLI", (), stripped)
    return None


def header(count: int, span: str, archive: str, style: str, earlier: list[Earlier]) -> str:
    """The first line of a stored summary: what it covers and where the originals are, older archives too."""
    older = [h for e in earlier for h in e.handles]
    kept = f" It contains {len(earlier)} earlier summary(ies)" if earlier else ""
    kept += f", whose originals are in {', '.join(older)}." if older else "." if earlier else ""
    return (
        f"{SUMMARY_MARK}: {count} messages ({span}) summarised ({style} style); the originals are stored as "
        f'{archive}: read_persisted("{archive}") pages or greps them; [#i] cites message i.{kept}]'
    )
