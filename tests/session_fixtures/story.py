"""The coding story, independent of any host: what the user asks (the prompts and the correction), the events a
story is made of (prompts, replies with their tool calls, a compaction, a rewrite, a branch) and the tools the agent
calls, each run for real on the material."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .material import Material

FIRST_REQUEST = (
    "Add a `mcp-context stats` command that reports, for every stored session, how many results it holds, their "
    "total size and token count, and when the newest one was stored. Print a plain table like `sessions` does, "
    "put the counting in its own module so the MCP server can reuse it later, and add tests."
)
CORRECTION = (
    "Actually, use JSON Lines instead of the table: one JSON object per session on its own line, so we can pipe "
    "it into jq. Drop the table output entirely."
)
BRANCH_PROMPT = (
    "Also add a `--since YYYY-MM-DD` option to stats that only counts results stored after that date, "
    "and mention it in the README."
)
FINAL_PROMPT = "Looks good. Show me what changed, but don't commit yet."
ERROR_COMMAND = 'python -c "import mcp_context.store"'
FIX_COMMAND = (
    "python -c \"import mcp_context.storage.files as s; print(s.__file__, [n for n in dir(s) if n[0] != '_'])\""
)
FIX_TEXT = "The module is mcp_context.storage.files, not mcp_context.store"
LOOP_COMMAND = "python -m json.tool tests/golden/claude-session.json"
LOOP_PROMPT = (
    "Validate the golden Claude transcript in tests/golden/ with `python -m json.tool` before I commit it, "
    "and fix whatever is wrong with it."
)
LOOP_STOP = (
    "Stop. You have run the exact same command over and over and it fails the same way every time: the file "
    "does not exist. Create tests/golden/claude-session.json first (a small valid transcript), then validate it."
)
LOOP_REPEATS = 7


@dataclass
class Call:
    """One tool call and its result, in neutral terms; each host renders it with its own tool and output format.

    ``tool`` is one of read, bash, grep, glob, edit, write, agent. ``data`` holds what the hosts need to render it
    (file slice and line numbers, stdout/stderr/exit code, matches, old and new file text...).
    """

    tool: str
    args: dict[str, Any]
    data: dict[str, Any]
    is_error: bool = False


@dataclass
class Prompt:
    text: str


@dataclass
class Reply:
    text: str
    calls: list[Call] = field(default_factory=list)
    thinking: str = ""
    subject: str = ""
    only: str | None = None  # a host name: this reply exists in that host's session only


@dataclass
class Compaction:
    summary: str


@dataclass
class Rewrite:
    """Gemini CLI masks old tool outputs and writes the whole history back with ``$set.messages``."""


@dataclass
class Branch:
    """A detour the user rewinds (Gemini CLI ``$rewindTo``); other hosts never see it."""

    events: list[Prompt | Reply]


Event = Prompt | Reply | Compaction | Rewrite | Branch


class Tools:
    """Builds neutral calls from real material."""

    def __init__(self, material: Material) -> None:
        self.m = material

    def read(self, rel: str, offset: int | None = None, limit: int | None = None) -> Call:
        args: dict[str, Any] = {"path": self.m.abs(rel)}
        if offset is not None:
            args["offset"] = offset
        if limit is not None:
            args["limit"] = limit
        text = self.m.text(rel)
        if text is None:
            return Call("read", args, {"missing": True}, is_error=True)
        lines = text.splitlines()
        start = offset or 1
        chosen = lines[start - 1 : start - 1 + limit] if limit else lines[start - 1 :]
        return Call("read", args, {"lines": chosen, "start": start, "total": len(lines)})

    def bash(self, command: str, description: str, fake: tuple[str, str, int] | None = None) -> Call:
        if fake is None:
            run = self.m.run(command)
            stdout, stderr, code = run.stdout, run.stderr, run.code
        else:
            stdout, stderr, code = fake
        data = {"stdout": stdout, "stderr": stderr, "code": code}
        return Call("bash", {"command": command, "description": description}, data, is_error=code != 0)

    def cat(self, rels: list[str], description: str) -> Call:
        """``cat`` of several files: the real concatenated contents, without a subprocess."""
        out = "".join(self.m.text(rel) or f"cat: {rel}: No such file or directory\n" for rel in rels)
        return self.bash("cat " + " ".join(rels), description, fake=(out, "", 0))

    def grep(self, pattern: str, rels: list[str], files_only: bool = False) -> Call:
        """A search over ``*.py`` in the repository, or inside one file when ``rels`` names a single file."""
        if len(rels) == 1:
            hits = self.m.grep(pattern, rels)
            args = {"pattern": pattern, "path": self.m.abs(rels[0]), "glob": None}
        else:
            hits = self.m.grep(pattern, [rel for rel in rels if rel.endswith(".py")])
            args = {"pattern": pattern, "path": str(self.m.repo), "glob": "*.py"}
        data = {"hits": [(self.m.abs(rel), n, line) for rel, n, line in hits], "files_only": files_only}
        return Call("grep", args, data)

    def glob(self, pattern: str) -> Call:
        return Call("glob", {"pattern": pattern}, {"files": [self.m.abs(r) for r in self.m.files(pattern)]})

    def edit(self, rel: str, original: str, old: str, new: str) -> Call:
        if original.count(old) != 1:
            raise ValueError(f"edit anchor in {rel} is not unique")
        updated = original.replace(old, new, 1)
        data = {"original": original, "updated": updated}
        return Call("edit", {"path": self.m.abs(rel), "old": old, "new": new}, data)

    def write(self, rel: str, content: str) -> Call:
        return Call("write", {"path": self.m.abs(rel), "content": content}, {"original": None})

    def agent(self, description: str, prompt: str, report: str, tools_used: int) -> Call:
        args = {"description": description, "prompt": prompt, "subagent_type": "Explore"}
        return Call("agent", args, {"report": report, "tools_used": tools_used})
