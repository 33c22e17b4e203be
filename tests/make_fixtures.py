"""Realistic agent-session fixtures, in the exact on-disk formats of three hosts, made from this machine's material.

Why: the history compactor (and later the summariser and the loop detector) must be tested on sessions that look
like what the hosts really write, not on tidy hand-made lists. A real session carries bookkeeping lines a reader
must skip, replies split over several lines, a compaction, subagent lines, tool outputs of 10k-60k characters,
errors, parallel calls and a user changing their mind. So this script tells one coding story (an agent adding a
``stats`` command to this repository) and writes it as:

1. a Claude Code 2.1.330 transcript (``claude-code/<session-id>.jsonl``, the file Claude Code keeps under
   ``~/.claude/projects/<cwd with non-alphanumerics as ->/``),
2. a Gemini CLI 0.61.0 chat file (``gemini-cli/session-<YYYY-MM-DDTHH-MM>-<id8>.jsonl``, from
   ``~/.gemini/tmp/<project>/chats/``),
3. an OpenAI Chat Completions ``messages`` list (``openai.json``),
4. a shorter Claude Code transcript with a real looping episode (``looping.jsonl``).

Real material: file contents are read from this repository, greps run over it, and shell commands (``ls -la``,
``git log``, failing and succeeding ``python -c`` imports, ``python -m json.tool`` on a missing file) run when the
script runs, so outputs are the machine's own. Everything else (prose, ids, timestamps, the order of steps) comes
from a seeded generator, so the structure and the message counts depend only on the seed.

Counting rules (what ``Fixtures.*_messages`` hold, and what a conforming reader must reproduce):

- Claude Code: only ``user`` and ``assistant`` lines are conversation. Keep those after the LAST
  ``{"type":"system","subtype":"compact_boundary"}`` line, drop ``isSidechain: true`` lines, and merge consecutive
  ``assistant`` lines that share ``message.id`` (the host writes one line per content block: thinking, text,
  each tool_use). Each remaining line or merged group is one message; every tool-result ``user`` line counts
  (the host writes exactly one ``tool_result`` per line) and so does the ``isCompactSummary`` user line.
- Gemini CLI: replay the file in order. The first line is metadata. A line with ``$set.messages`` replaces the
  whole list; other ``$set`` lines are metadata. A line with ``$rewindTo: <id>`` removes that message and every
  message after it. A line with an ``id`` upserts by id: a known id is replaced in place (a model turn is written
  twice, the second time with ``toolCalls``), a new id is appended. Each record in the final list is one message,
  including the opening ``<session_context>`` user record and the user records carrying ``functionResponse``
  parts (one record per model turn, whatever the number of parallel calls).
- OpenAI: every element of the list is one message (the system message included).

``loop_at`` is the 0-based index, in ``looping.jsonl``'s merged conversation list (Claude Code rule above; that
file has no compaction), of the assistant message that holds the 5th identical ``Bash`` tool_use.

Usage: ``python tests/make_fixtures.py OUT_DIR [--seed N]``. It runs offline in about a second (mostly the commands).
"""

from __future__ import annotations

import base64
import copy
import difflib
import hashlib
import json
import os
import random
import re
import subprocess
import sys
import time
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
#: The commit the stories' ``git log`` commands read history from: a fixed one, so that what they quote (diffs
#: of the secrets corpus among them) is the same whatever has been committed since.
HISTORY_AT = "7ecea222761b303fa6f6fd58490817f6c18b27f2"

CLAUDE_VERSION = "2.1.330"
CLAUDE_MODEL = "claude-opus-5-5"
GEMINI_MODEL = "gemini-2.5-pro"
START = datetime(2026, 11, 20, 9, 14, 3, 120000, tzinfo=UTC)

#: Above this many characters Claude Code replaces a tool output by a preview and a file path.
CLAUDE_PERSIST_CHARS = 30_000
#: The OpenAI-style agent keeps at most this much of one tool output.
OPENAI_TOOL_CHARS = 60_000
#: Gemini CLI masks older tool outputs bigger than this (in characters of their JSON) when it rewrites history.
GEMINI_MASK_CHARS = 6_000

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


# ---------------------------------------------------------------------------------------------------------------
# Real material
# ---------------------------------------------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------------------------------------------
# The story, independent of any host
# ---------------------------------------------------------------------------------------------------------------


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


STATS_V1 = '''"""Per-session statistics for `mcp-context stats`: counts, sizes and token totals, from metadata only.

Reading result metadata never opens result content, so this stays cheap on a store that holds gigabytes.
The MCP server can import the same functions later to offer the numbers as a resource.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

from .session import Session
from .storage.records import ResultMeta


@dataclass(frozen=True)
class SessionStats:
    """What one session holds, summed over its results' metadata."""

    session: str
    results: int
    bytes: int
    chars: int
    lines: int
    tokens: int
    tokens_exact: bool
    newest: float | None
    newest_handle: str | None

    @property
    def age_s(self) -> float | None:
        return None if self.newest is None else max(0.0, time.time() - self.newest)


def summarize(session: str, metas: Iterable[ResultMeta]) -> SessionStats:
    """Fold one session's results into totals; an empty session gives zeros and no newest result."""
    count = size = chars = lines = tokens = 0
    exact = True
    newest: ResultMeta | None = None
    for meta in metas:
        count += 1
        size += meta.bytes
        chars += meta.chars
        lines += meta.lines
        tokens += meta.tokens
        exact = exact and meta.token_method.startswith("exact")
        if newest is None or (meta.created, meta.handle) > (newest.created, newest.handle):
            newest = meta
    return SessionStats(
        session=session,
        results=count,
        bytes=size,
        chars=chars,
        lines=lines,
        tokens=tokens,
        tokens_exact=exact,
        newest=newest.created if newest else None,
        newest_handle=newest.handle if newest else None,
    )


def session_stats(session: Session) -> list[SessionStats]:
    """Statistics for every session in the store, the one with the newest result first."""
    stats = [summarize(info.session, session.results(info.session)) for info in session.sessions()]
    stats.sort(key=lambda s: (-(s.newest or 0.0), s.session))
    return stats


def _size(n: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} GB"


def _age(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    for size, unit in ((86400, "d"), (3600, "h"), (60, "min")):
        if seconds >= size:
            return f"{seconds / size:.0f} {unit} ago"
    return f"{seconds:.0f} s ago"


def render_table(stats: list[SessionStats]) -> str:
    """A fixed-width table, the same shape as `mcp-context sessions` prints."""
    rows = [["SESSION", "RESULTS", "SIZE", "TOKENS", "NEWEST"]]
    for s in stats:
        tokens = f"{s.tokens:,}" + ("" if s.tokens_exact else "~")
        rows.append([s.session, str(s.results), _size(s.bytes), tokens, _age(s.age_s)])
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\\n".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows)
'''

RENDER_TABLE_OLD = STATS_V1[STATS_V1.index("def _size(") :]
RENDER_JSONL_NEW = '''def iter_json_lines(stats: Iterable[SessionStats]) -> Iterator[str]:
    """One compact JSON object per session, keys sorted, so `jq` and line tools can consume the output."""
    for item in stats:
        yield json.dumps(asdict(item), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
'''
IMPORTS_OLD = "import time\nfrom collections.abc import Iterable\nfrom dataclasses import dataclass\n"
IMPORTS_NEW = (
    "import json\nimport time\nfrom collections.abc import Iterable, Iterator\n"
    "from dataclasses import asdict, dataclass\n"
)

CLI_TABLE = '''@click.command()
@click.pass_obj
def stats(obj: Ctx) -> None:
    """Per-session totals: results, size, tokens and when the newest result was stored.

    \\b
    Example:
      mcp-context stats
    """
    from ..stats import render_table, session_stats

    rows = session_stats(obj.open())
    click.echo(render_table(rows) if rows else "no sessions yet")
'''
CLI_JSONL = '''@click.command()
@click.pass_obj
def stats(obj: Ctx) -> None:
    """Per-session totals as JSON Lines: one object per session (results, bytes, tokens, newest result).

    \\b
    Example:
      mcp-context stats | jq -r 'select(.results > 0) | .session'
    """
    from ..stats import iter_json_lines, session_stats

    for line in iter_json_lines(session_stats(obj.open())):
        click.echo(line)
'''

TEST_STATS = '''"""mcp-context stats: totals per session from metadata, newest first, and what the command prints."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from mcp_context import Session
from mcp_context.cli import cli
from mcp_context.stats import session_stats, summarize


def test_empty_store_has_no_stats(session: Session) -> None:
    assert session_stats(session) == []


def test_totals_add_up(session: Session) -> None:
    session.persist_result("alpha\\nbeta\\n", label="a")
    session.persist_result("gamma\\n" * 100, label="b")
    (stats,) = session_stats(session)
    metas = session.results()
    assert stats.results == 2
    assert stats.bytes == sum(m.bytes for m in metas)
    assert stats.tokens == sum(m.tokens for m in metas)
    assert stats.newest_handle == max(metas, key=lambda m: (m.created, m.handle)).handle


def test_summarize_without_results() -> None:
    empty = summarize("s", [])
    assert (empty.results, empty.bytes, empty.newest, empty.newest_handle) == (0, 0, None, None)


def test_command_prints_a_table(root: Path, session: Session) -> None:
    session.persist_result("x" * 5000, label="big")
    out = CliRunner().invoke(cli, ["--root", str(root), "stats"])
    assert out.exit_code == 0, out.output
    assert out.output.splitlines()[0].split() == ["SESSION", "RESULTS", "SIZE", "TOKENS", "NEWEST"]
    assert "test-session" in out.output
'''
TEST_TABLE_OLD = TEST_STATS[TEST_STATS.index("def test_command_prints_a_table") :]
TEST_JSONL_NEW = """def test_command_prints_json_lines(root: Path, session: Session) -> None:
    session.persist_result("x" * 5000, label="big")
    out = CliRunner().invoke(cli, ["--root", str(root), "stats"])
    assert out.exit_code == 0, out.output
    rows = [json.loads(line) for line in out.output.splitlines()]
    assert [r["session"] for r in rows] == ["test-session"]
    assert rows[0]["results"] == 1 and rows[0]["bytes"] == 5000
"""

README_STATS = """### Statistics

`mcp-context stats` prints one JSON object per session (JSON Lines): `session`, `results`, `bytes`, `chars`,
`lines`, `tokens`, `tokens_exact`, `newest` (a Unix time) and `newest_handle`. It reads metadata only, so it is
quick on any store size. Pipe it into `jq`, e.g. `mcp-context stats | jq -s 'map(.bytes) | add'` for the total.

"""


def anchored_insert(text: str, marker: str, insertion: str) -> tuple[str, str]:
    """An Edit that inserts before a unique real line of ``text`` (or appends after its last line)."""
    lines = text.splitlines(keepends=True)
    for line in lines:
        if line.startswith(marker) and text.count(line) == 1:
            return line, insertion + line
    tail = "".join(lines[-2:]) if len(lines) >= 2 else text
    if not tail or text.count(tail) != 1:
        raise ValueError(f"no unique anchor for {marker!r}")
    return tail, tail.rstrip("\n") + "\n\n\n" + insertion.rstrip("\n") + "\n"


class StoryTeller:
    """Writes the coding story: the user's requests, the agent's replies and the real tool results."""

    def __init__(self, material: Material, rng: random.Random) -> None:
        self.m = material
        self.t = Tools(material)
        self.rng = rng  # structure: what kind of step, whether it has text or thinking
        self.choose = random.Random(rng.random())  # material and wording: which file, which pattern, which phrase
        found = material.files("mcp_context/**/*.py", "tests/*.py", "benchmarks/*.py", "scripts/*")
        self.py = [rel for rel in found if rel not in material.OWN]
        self.tests = [rel for rel in self.py if rel.startswith("tests/")] or self.py
        if not self.py:
            raise RuntimeError(f"no source files found under {material.repo}")
        self.error_text = ""

    # -- prose helpers -----------------------------------------------------------------------------------------

    def pick(self, options: list[str]) -> str:
        return options[self.choose.randrange(len(options))]

    def remark(self, call: Call) -> str:
        """A sentence about what the previous call returned, from its real result."""
        if call.tool == "read":
            rel = os.path.relpath(call.args["path"], self.m.repo)
            if call.data.get("missing"):
                return f"`{rel}` does not exist."
            if not call.data["lines"]:
                return f"`{rel}` is empty."
            body = "\n".join(call.data["lines"])
            defs = len(re.findall(r"^\s*def ", body, re.M))
            classes = len(re.findall(r"^class ", body, re.M))
            uses = "uses json" if "json" in body else "never touches json"
            shape = f"{defs} function{'s' * (defs != 1)}" + (f" and {classes} class(es)" if classes else "")
            return self.pick(
                [
                    f"`{rel}` has {shape} in that range and {uses}.",
                    f"So `{rel}` ({call.data['total']} lines) {uses}; {shape} in what I read.",
                    f"Nothing surprising in `{rel}`: {shape}, and it {uses}.",
                ]
            )
        if call.tool == "grep":
            hits = call.data["hits"]
            if not hits:
                return f"No matches for `{call.args['pattern']}`."
            files = len({h[0] for h in hits})
            first = hits[0]
            where = f"{os.path.relpath(first[0], self.m.repo)}:{first[1]}"
            return f"{len(hits)} match{'es' * (len(hits) != 1)} in {files} file(s); the first is `{where}`."
        if call.tool == "glob":
            return f"{len(call.data['files'])} file(s) match `{call.args['pattern']}`."
        if call.tool == "bash":
            first = (call.data["stdout"] or call.data["stderr"]).strip().splitlines()
            if call.data["code"]:
                return f"That failed with exit code {call.data['code']}."
            if call.args["command"].startswith("git log") and first:
                return f"Its last change was `{first[0][:90]}`."
            return f"The first line of output is `{first[0][:90]}`." if first else "No output."
        return "Done."

    # -- the story ---------------------------------------------------------------------------------------------

    def main(self, filler_before: int, filler_middle: int, filler_after: int) -> list[Event]:
        t, m = self.t, self.m
        ev: list[Event] = [Prompt(FIRST_REQUEST)]
        ev.append(
            Reply(
                "I'll start by getting the lay of the land: the files, the recent history and the Python modules.",
                [
                    t.bash("ls -la", "List the repository root"),
                    t.bash(f"git log --oneline -n 50 {HISTORY_AT}", "Show recent commits"),
                    t.glob("mcp_context/**/*.py"),
                ],
                thinking=(
                    "The user wants a new `stats` subcommand. Before touching anything I need to know how the CLI is "
                    "organised, how `sessions` prints its table, and where session metadata comes from. Three "
                    "independent looks first: the directory, the git history, the module list."
                ),
                subject="Surveying the repository",
            )
        )
        ev.append(Reply("The README will tell me how the commands are meant to look.", [t.read("README.md")]))
        ev.append(
            Reply(
                "Now the command line itself, since `stats` has to sit next to `sessions` and `results`.",
                [t.read("mcp_context/cli/sessions.py")],
                thinking=(
                    "cli/ is a click group; each command opens a Session and prints through `table` or "
                    "`emit_json`. The new command should follow the same pattern."
                ),
                subject="Reading the CLI",
            )
        )
        ev.append(
            Reply(
                "The counting will come from the store, so let me read the store and its index together.",
                [
                    t.cat(
                        ["mcp_context/storage/files.py", "mcp_context/storage/index.py"],
                        "Print the store and index modules",
                    )
                ],
            )
        )
        ev.append(Reply("And the library surface that the CLI wraps.", [t.read("mcp_context/session.py")]))
        ev.append(
            Reply(
                "The security tests are the biggest test file; they show how the store is exercised end to end.",
                [t.read("tests/test_security.py")],
            )
        )
        ev.extend(self.filler(filler_before, "exploring"))
        ev.append(
            Reply(
                "I have the picture: `Session.sessions()` gives one `SessionInfo` per session and "
                "`Session.results(session)` gives `ResultMeta` with bytes, chars, lines and tokens. Next I'll check "
                "how the store lays sessions out on disk.",
                [t.read("mcp_context/storage/files.py", 290, 80)],
            )
        )
        ev.append(Compaction(self.summary()))

        # After the compaction: the work itself.
        ev.append(
            Reply(
                "Picking up where I left off: re-reading the listing code in the store and finding every session "
                "lister.",
                [
                    t.read("mcp_context/storage/files.py", 300, 70),
                    t.grep(r"def (list_sessions|session_ids|sessions)\b", self.py, files_only=True),
                ],
                thinking=(
                    "The summary says the listing lives in the store. I want the exact signatures of "
                    "list_sessions and session_ids before writing stats.py."
                ),
                subject="Resuming after compaction",
            )
        )
        storage_read = t.read("mcp_context/store.py")
        storage_import = t.bash(ERROR_COMMAND, "Check how the store module is exposed")
        if not storage_import.is_error:
            raise RuntimeError(f"{ERROR_COMMAND!r} was expected to fail in {m.repo}")
        err_lines = (storage_import.data["stderr"] or storage_import.data["stdout"]).strip().splitlines()
        self.error_text = err_lines[-1] if err_lines else "ModuleNotFoundError"
        ev.append(
            Reply(
                "Let me look at the storage module and check what it exports.",
                [storage_read, storage_import],
                subject="Checking the storage module",
            )
        )
        ev.append(
            Reply(
                f"{FIX_TEXT}: I misremembered the name. `{self.error_text}` is the real error. Importing the right "
                "module instead:",
                [t.bash(FIX_COMMAND, "Import the store module and list its public names")],
                thinking="Both calls failed for the same reason: there is no store.py. The file is storage/files.py.",
                subject="Fixing the module name",
            )
        )
        report = self.agent_report()
        ev.append(
            Reply(
                "I'll have a subagent sweep for every caller of the session listers while I write the module.",
                [
                    t.agent(
                        "Find session listing callers",
                        "Find every caller of list_sessions, session_ids and "
                        "Session.sessions in this repository and report file:line for each.",
                        report,
                        3,
                    )
                ],
                only="claude",
            )
        )
        ev.append(
            Reply(
                "Writing the counting module. It works from metadata only, so it never opens result content.",
                [t.write("mcp_context/stats.py", STATS_V1)],
                thinking=(
                    "One dataclass per session, a pure `summarize` over ResultMeta, a `session_stats` that walks "
                    "the store, and a `render_table` matching `sessions`. Keep rendering separate from counting so "
                    "the server can reuse the numbers."
                ),
                subject="Designing stats.py",
            )
        )
        cli_text = m.text("mcp_context/cli/sessions.py") or ""
        old, new = anchored_insert(cli_text, '@click.command(name="delete-session")', CLI_TABLE + "\n\n")
        cli_edit = t.edit("mcp_context/cli/sessions.py", cli_text, old, new)
        ev.append(Reply("Registering the command next to the other listing commands.", [cli_edit]))
        ev.append(Reply("Now the tests.", [t.write("tests/test_stats.py", TEST_STATS)]))
        pytest_ok = self.pytest_output(4, "tests/test_stats.py")
        ev.append(
            Reply(
                "Running the new tests.",
                [t.bash("python -m pytest tests/test_stats.py -q", "Run the stats tests", fake=(pytest_ok, "", 0))],
            )
        )
        table = (
            "SESSION                               RESULTS  SIZE    TOKENS    NEWEST\n"
            "665da3ec-1cc6-4131-b1d6-4ee7cdac1991  3        1.2 MB  310,544~  2 min ago\n"
            "rc                                    2        67 B    16        3 h ago\n"
        )
        ev.append(
            Reply(
                "And the command against the real store.",
                [t.bash("python -m mcp_context stats", "Print the statistics table", fake=(table, "", 0))],
            )
        )
        big = t.bash(f"git log -p -n 30 --stat {HISTORY_AT}", "Show the last 30 commits with their diffs")
        ev.append(Reply("Let me check how recent commits paired CLI changes with their tests.", [big]))
        ev.extend(self.filler(filler_middle, "checking conventions"))
        ev.append(
            Reply(
                "Done: `mcp_context/stats.py` computes per-session totals from metadata, `mcp-context stats` prints "
                "them as a table like `sessions`, and `tests/test_stats.py` covers empty stores, totals and the "
                "command. All 4 new tests pass."
            )
        )
        since_grep = t.grep(r"created", ["mcp_context/storage/files.py", "mcp_context/session.py"])
        ev.append(
            Branch(
                [
                    Prompt(BRANCH_PROMPT),
                    Reply(
                        "To filter by date I need to know where `created` is set.",
                        [since_grep],
                        subject="Planning a date filter",
                    ),
                    Reply(
                        "`created` is a Unix time on every ResultMeta, so the filter can parse the date with "
                        "`datetime.fromisoformat` and skip older results inside `summarize`."
                    ),
                ]
            )
        )
        ev.append(Prompt(CORRECTION))
        ev.append(Rewrite())
        stats_v2 = STATS_V1.replace(IMPORTS_OLD, IMPORTS_NEW)
        ev.append(
            Reply(
                "Switching to JSON Lines. First the module: the table renderer goes, a JSON Lines iterator replaces "
                "it.",
                [t.edit("mcp_context/stats.py", STATS_V1, IMPORTS_OLD, IMPORTS_NEW)],
                thinking=(
                    "JSON Lines: one object per session, compact separators, sorted keys so the output is stable. "
                    "The dataclass already has every field; asdict is enough. The table helpers become dead code."
                ),
                subject="Switching to JSON Lines",
            )
        )
        ev.append(Reply("", [t.edit("mcp_context/stats.py", stats_v2, RENDER_TABLE_OLD, RENDER_JSONL_NEW)]))
        cli_v2 = cli_edit.data["updated"]
        ev.append(
            Reply(
                "The command prints the lines as they come.",
                [t.edit("mcp_context/cli/sessions.py", cli_v2, CLI_TABLE, CLI_JSONL)],
            )
        )
        test_v2 = TEST_STATS.replace("from pathlib import Path", "import json\nfrom pathlib import Path")
        ev.append(
            Reply(
                "The table test becomes a JSON Lines test.",
                [
                    t.edit(
                        "tests/test_stats.py",
                        TEST_STATS,
                        "from pathlib import Path",
                        "import json\nfrom pathlib import Path",
                    ),
                ],
            )
        )
        ev.append(Reply("", [t.edit("tests/test_stats.py", test_v2, TEST_TABLE_OLD, TEST_JSONL_NEW)]))
        readme = m.text("README.md") or "# mcp-context\n"
        old, new = anchored_insert(readme, "## Tools", README_STATS)
        ev.append(Reply("And a short section in the README.", [t.edit("README.md", readme, old, new)]))
        ev.extend(self.filler(filler_after, "reviewing"))
        pytest_both = self.pytest_output(41, "tests/test_stats.py tests/test_cli.py")
        ev.append(
            Reply(
                "Running the stats tests and the CLI tests together.",
                [
                    t.bash(
                        "python -m pytest tests/test_stats.py tests/test_cli.py -q",
                        "Run the stats and CLI tests",
                        fake=(pytest_both, "", 0),
                    )
                ],
            )
        )
        jsonl = (
            '{"bytes":1248113,"chars":1240077,"lines":20911,"newest":1795351295.161,"newest_handle":'
            '"r_604b6b534b5c56dd","results":3,"session":"665da3ec-1cc6-4131-b1d6-4ee7cdac1991","tokens":310544,'
            '"tokens_exact":false}\n'
            '{"bytes":67,"chars":67,"lines":6,"newest":1795340011.02,"newest_handle":"r_e74d8f44f800e638",'
            '"results":2,"session":"rc","tokens":16,"tokens_exact":true}\n'
        )
        ev.append(
            Reply(
                "And the real output.",
                [t.bash("python -m mcp_context stats", "Print the statistics as JSON Lines", fake=(jsonl, "", 0))],
            )
        )
        ev.append(
            Reply(
                "Switched to JSON Lines: `mcp-context stats` now prints one compact JSON object per session (sorted "
                "keys), the table code is gone, the test checks the lines parse, and the README documents the "
                "fields with a `jq` example."
            )
        )
        ev.append(Prompt(FINAL_PROMPT))
        status = " M README.md\n M mcp_context/cli/sessions.py\n?? mcp_context/stats.py\n?? tests/test_stats.py\n"
        stat = (
            " README.md                   |  6 ++++++\n mcp_context/cli/sessions.py | 14 ++++++++++++++\n"
            " 2 files changed, 20 insertions(+)\n"
        )
        ev.append(
            Reply(
                "",
                [
                    t.bash("git status --short", "Show changed files", fake=(status, "", 0)),
                    t.bash("git diff --stat", "Summarise the diff", fake=(stat, "", 0)),
                ],
            )
        )
        ev.append(
            Reply(
                "Changed, not committed:\n\n- `mcp_context/stats.py` (new): `SessionStats`, `summarize`, "
                "`session_stats`, `iter_json_lines`.\n"
                "- `mcp_context/cli/sessions.py`: the `stats` command, JSON Lines output.\n"
                "- `tests/test_stats.py` (new): 4 tests.\n- `README.md`: a Statistics section."
            )
        )
        return ev

    def filler(self, steps: int, mood: str, pool: list[str] | None = None) -> list[Event]:
        """Steps of exploration or review over real files: the bulk of a long session, each grounded in a result.

        Each step's text first remarks on what the previous step returned (from the real result), then says what
        it does next, the way an agent narrates between tool calls. The kind of each step and whether it has text
        or thinking come from ``self.rng``; which file or pattern it uses from ``self.choose``, so files appearing
        in the repository change the material but never the structure.
        """
        t = self.t
        pool = pool or self.py
        patterns = [
            r"_emit_json",
            r"json\.dumps",
            r"asdict\(",
            r"click\.echo",
            r"sort_keys",
            r"def _\w+\(",
            r"SessionInfo",
            r"time\.time\(\)",
            r"token_method",
            r"ensure_ascii",
            r"class \w+Error",
            r"@cli\.command",
        ]
        thoughts = [
            "Still {mood}. What matters is how the other commands print, sort and name fields, so `{rel}` is "
            "worth a look before I go on.",
            "I keep the survey cheap: one file or one search at a time, and only read further where something "
            "differs from what cli.py does.",
            "`{rel}` may define its own output helpers; if it does, new code should reuse them rather than grow a "
            "third way of printing.",
        ]
        out: list[Event] = []
        previous: list[Call] = []
        last = ""
        for _ in range(steps):
            kind = self.rng.choices(["read", "grep", "history", "glob", "pair"], [5, 4, 2, 1, 2])[0]
            has_text, has_thinking = self.rng.random() < 0.85, self.rng.random() < 0.3
            rel = self.pick([r for r in pool if r != last] or pool)
            calls: list[Call]
            if kind == "read":
                total = len((self.m.text(rel) or "").splitlines())
                if total > 220:
                    offset = 1 + self.choose.randrange(max(1, total - 120))
                    calls = [t.read(rel, offset, 120)]
                    intent = f"Reading `{rel}` lines {offset}-{offset + 119}."
                else:
                    calls = [t.read(rel)]
                    intent = self.pick([f"Let me look at `{rel}`.", f"Reading `{rel}` in full.", f"Next, `{rel}`."])
            elif kind == "grep":
                pattern = self.pick(patterns)
                calls = [t.grep(pattern, self.py)]
                intent = f"Searching the code for `{pattern}`."
            elif kind == "history":
                calls = [
                    t.bash(f"git log --oneline -n 5 {HISTORY_AT} -- {rel}", f"Show recent commits touching {rel}"),
                    t.bash(f"wc -l {rel}", f"Count lines of {rel}"),
                ]
                intent = f"Checking how `{rel}` has changed lately."
            elif kind == "glob":
                pattern = self.pick(["tests/test_*.py", "mcp_context/**/*.py", "benchmarks/*.py", "scripts/*"])
                calls = [t.glob(pattern)]
                intent = f"Listing `{pattern}`."
            else:
                other = self.pick([r for r in pool if r != rel] or pool)
                pattern = self.pick(patterns)
                calls = [t.read(other), t.grep(pattern, [rel])]
                intent = f"Reading `{other}`, and checking whether `{rel}` uses `{pattern}` too."
            lead = " ".join(self.remark(c) for c in previous[:1])
            text = (lead + " " + intent).strip() if has_text else ""
            thinking = self.pick(thoughts).format(mood=mood, rel=rel) if has_thinking else ""
            out.append(Reply(text, calls, thinking=thinking, subject=f"{mood.capitalize()} {rel}"))
            previous = calls
            last = rel
        return out

    def summary(self) -> str:
        files = ", ".join(
            f"`{r}`"
            for r in [
                "README.md",
                "mcp_context/cli/sessions.py",
                "mcp_context/storage/files.py",
                "mcp_context/results/reading.py",
                "mcp_context/storage/index.py",
                "mcp_context/session.py",
                "tests/test_security.py",
            ]
        )
        return (
            "This session is being continued from a previous conversation that ran out of context. The conversation "
            "is summarized below:\n"
            "Analysis:\nThe user asked for a new CLI command. I surveyed the repository, read the CLI, the store, "
            "the reader, the index, the API and the security tests, and had not written any code yet.\n\n"
            "Summary:\n"
            "1. Primary Request and Intent:\n   Add a `mcp-context stats` command reporting, per stored session, the "
            "number of results, total size and tokens, and when the newest result was stored; plain table like "
            "`sessions`; counting in its own module for later reuse by the MCP server; tests.\n\n"
            "2. Key Technical Concepts:\n   - click command group in mcp_context/cli/ (`table`, `emit_json`, "
            "`human`, `when`)\n   - `Session.sessions()` -> `SessionInfo(session, results, bytes, updated)`\n"
            "   - `Session.results(session)` -> `ResultMeta(handle, session, label, source, created, chars, bytes, "
            "lines, tokens, token_method, mime_type)`\n   - results are metadata files beside content; listing never "
            "reads content\n\n"
            f"3. Files and Code Sections:\n   Read: {files}. Nothing modified yet.\n\n"
            "4. Errors and fixes:\n   None so far.\n\n"
            "5. Problem Solving:\n   Decided on a separate module `mcp_context/stats.py` with a pure summarize step "
            "and a renderer, registered as a click command beside `sessions`.\n\n"
            f'6. All user messages:\n   - "{FIRST_REQUEST}"\n\n'
            "7. Pending Tasks:\n   - Write mcp_context/stats.py\n   - Register `stats` in mcp_context/cli/main.py\n"
            "   - Write tests/test_stats.py and run them\n\n"
            "8. Current Work:\n   Was reading the session listing code in mcp_context/storage/files.py (list_sessions, "
            "session_ids) to confirm signatures before writing stats.py.\n\n"
            "9. Optional Next Step:\n   Re-read the listing functions, then write mcp_context/stats.py.\n\n"
            "Please continue the conversation from where we left it off without asking the user any further "
            "questions. Continue with the last task that you were asked to work on."
        )

    def agent_report(self) -> str:
        hits = self.m.grep(r"\b(list_sessions|session_ids|\.sessions\(\))", self.py)
        lines = [f"- {self.m.abs(rel)}:{n} `{line.strip()[:100]}`" for rel, n, line in hits[:25]]
        return (
            f"Found {len(hits)} references to the session listers:\n\n" + "\n".join(lines) + "\n\n"
            "`Store.list_sessions` is the only implementation; `Session.sessions()` wraps it, and the CLI's "
            "`sessions` and `cleanup` commands are its callers. Nothing caches the listing."
        )

    def pytest_output(self, passed: int, target: str) -> str:
        """What ``pytest -q`` prints when ``passed`` tests in ``target`` pass (the files are the story's own)."""
        return "." * passed + " " * (72 - passed) + f"[100%]\n{passed} passed in 0.{31 + passed}s\n"

    # -- the looping session -----------------------------------------------------------------------------------

    def looping(self) -> list[Event]:
        t = self.t
        ev: list[Event] = [Prompt(LOOP_PROMPT)]
        ev.append(
            Reply(
                "Let me see what is in tests/ first.",
                [t.bash("ls tests", "List the test directory")],
                thinking="A golden transcript should live under tests/golden/. Check it exists before validating.",
            )
        )
        ev.append(Reply("Looking for JSON files under tests/.", [t.glob("tests/**/*.json")]))
        ev.append(Reply("How do the tests refer to golden files?", [t.grep(r"golden", self.m.files("tests/*.py"))]))
        ev.append(Reply("The shared fixtures may say where data lives.", [t.read("tests/conftest.py")]))
        ev.append(
            Reply(
                "And the test layout.",
                [t.glob("tests/*.py"), t.bash("git log --oneline -n 5 -- tests", "Recent commits touching tests")],
            )
        )
        ev.extend(self.filler(8, "looking around", self.tests))
        loop_call = t.bash(LOOP_COMMAND, "Validate the golden transcript as JSON")
        if not loop_call.is_error:
            raise RuntimeError(f"{LOOP_COMMAND!r} was expected to fail in {self.m.repo}")
        texts = [
            "Validating the golden transcript now.",
            "That failed; let me run the validation again.",
            "Running it once more to see the full error.",
            "Trying the validation again.",
            "Let me re-run the check.",
            "One more time, in case the file was being written.",
            "Running the validation again.",
        ]
        for text in texts[:LOOP_REPEATS]:
            ev.append(Reply(text, [copy.deepcopy(loop_call)]))
        ev.append(Prompt(LOOP_STOP))
        golden = {
            "type": "user",
            "message": {"role": "user", "content": "hello"},
            "uuid": "00000000-0000-4000-8000-000000000001",
            "parentUuid": None,
            "sessionId": "00000000-0000-4000-8000-0000000000aa",
            "timestamp": "2026-11-20T09:00:00.000Z",
        }
        golden_text = json.dumps(golden, indent=2) + "\n"
        ev.append(
            Reply(
                "You're right: I kept repeating a command whose error already said the file is missing. Creating it "
                "first.",
                [t.bash("ls -la tests", "List the test directory in detail")],
                thinking="The error was 'No such file or directory' every time. Repeating it could never help.",
                subject="Breaking the loop",
            )
        )
        ev.append(Reply("", [t.write("tests/golden/claude-session.json", golden_text)]))
        pretty = json.dumps(golden, indent=4) + "\n"
        ev.append(
            Reply(
                "Now the validation has something to read.",
                [t.bash(LOOP_COMMAND, "Validate the golden transcript as JSON", fake=(pretty, "", 0))],
            )
        )
        ev.append(
            Reply(
                "`tests/golden/claude-session.json` now exists and `python -m json.tool` accepts it. Nothing else "
                "needed fixing."
            )
        )
        ev.append(Prompt("Good. Add a test that loads it and checks the uuid."))
        test = (
            '"""The golden transcript stays valid JSON with the fields readers rely on."""\n\nimport json\n'
            "from pathlib import Path\n\n\ndef test_golden_transcript_loads() -> None:\n"
            '    data = json.loads((Path(__file__).parent / "golden" / "claude-session.json").read_text())\n'
            '    assert data["uuid"] == "00000000-0000-4000-8000-000000000001"\n'
        )
        ev.append(Reply("", [t.write("tests/test_golden.py", test)]))
        ev.append(
            Reply(
                "",
                [
                    t.bash(
                        "python -m pytest tests/test_golden.py -q",
                        "Run the golden test",
                        fake=(self.pytest_output(1, "tests/test_golden.py"), "", 0),
                    )
                ],
            )
        )
        ev.append(Reply("Added `tests/test_golden.py`; it passes."))
        return ev


# ---------------------------------------------------------------------------------------------------------------
# Shared rendering helpers
# ---------------------------------------------------------------------------------------------------------------


class Clock:
    def __init__(self, rng: random.Random, start: datetime = START) -> None:
        self.now = start
        self.rng = rng

    def tick(self, lo_ms: int = 3, hi_ms: int = 40) -> str:
        self.now += timedelta(milliseconds=self.rng.randint(lo_ms, hi_ms))
        return self.iso()

    def iso(self) -> str:
        return self.now.strftime("%Y-%m-%dT%H:%M:%S.") + f"{self.now.microsecond // 1000:03d}Z"

    def epoch_ms(self) -> int:
        return int(self.now.timestamp() * 1000)


ALNUM = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz123456789"


class Ids:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def uuid(self) -> str:
        return str(uuid.UUID(int=self.rng.getrandbits(128), version=4))

    def token(self, n: int) -> str:
        return "".join(self.rng.choice(ALNUM) for _ in range(n))

    def hex(self, n: int) -> str:
        return "".join(self.rng.choice("0123456789abcdef") for _ in range(n))

    def signature(self) -> str:
        return base64.b64encode(b"\x12" + self.rng.randbytes(self.rng.randint(180, 420))).decode()


def sha(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def tokens(text: str) -> int:
    return max(1, len(text) // 4)


def size_label(n: int) -> str:
    return f"{n / 1024:.1f}KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:.1f}MB"


def shell_text(call: Call) -> str:
    out: str = call.data["stdout"].rstrip("\n")
    err: str = call.data["stderr"].rstrip("\n")
    return out + ("\n" if out and err else "") + err


def structured_patch(old: str, new: str) -> list[dict[str, Any]]:
    a, b = old.splitlines(), new.splitlines()
    hunks = []
    for group in difflib.SequenceMatcher(None, a, b, autojunk=False).get_grouped_opcodes(3):
        lines: list[str] = []
        for tag, a1, a2, b1, b2 in group:
            if tag == "equal":
                lines += [" " + x for x in a[a1:a2]]
            if tag in ("replace", "delete"):
                lines += ["-" + x for x in a[a1:a2]]
            if tag in ("replace", "insert"):
                lines += ["+" + x for x in b[b1:b2]]
        i1, i2, j1, j2 = group[0][1], group[-1][2], group[0][3], group[-1][4]
        hunks.append({"oldStart": i1 + 1, "oldLines": i2 - i1, "newStart": j1 + 1, "newLines": j2 - j1, "lines": lines})
    return hunks


def neutral_text(call: Call, cwd: str) -> str:
    """The result text an agent with Claude-Code-like tools sees (used by Claude Code and the OpenAI agent)."""
    d = call.data
    if call.tool == "read":
        if d.get("missing"):
            return (
                f"<tool_use_error>File does not exist. Note: your current working directory is {cwd}.</tool_use_error>"
            )
        if not d["lines"]:
            return "<system-reminder>Warning: the file exists but the contents are empty.</system-reminder>"
        return "\n".join(f"{d['start'] + i}\t{line}" for i, line in enumerate(d["lines"]))
    if call.tool == "bash":
        text = shell_text(call)
        return f"Exit code {d['code']}\n{text}" if d["code"] else text or "(Bash completed with no output)"
    if call.tool == "grep":
        if d["files_only"]:
            files = sorted({h[0] for h in d["hits"]})
            return f"Found {len(files)} files\n" + "\n".join(files) if files else "No files found"
        return "\n".join(f"{p}:{n}:{line}" for p, n, line in d["hits"]) or "No matches found"
    if call.tool == "glob":
        return "\n".join(d["files"]) or "No files found"
    if call.tool == "edit":
        return f"The file {call.args['path']} has been updated successfully."
    if call.tool == "write":
        return f"File created successfully at: {call.args['path']}"
    return str(d.get("report", ""))


# ---------------------------------------------------------------------------------------------------------------
# Claude Code 2.1.330
# ---------------------------------------------------------------------------------------------------------------

CLAUDE_TOOL = {
    "read": "Read",
    "bash": "Bash",
    "grep": "Grep",
    "glob": "Glob",
    "edit": "Edit",
    "write": "Write",
    "agent": "Agent",
}
API_PARAMS = {
    "model": CLAUDE_MODEL,
    "betas": [
        "claude-code-20250219",
        "interleaved-thinking-2025-05-14",
        "context-management-2025-06-27",
        "per-turn-control-2026-07-01",
        "mid-conversation-tool-changes-2026-07-01",
        "thinking-token-count-2026-05-13",
        "effort-2025-11-24",
        "thinking-display-updates-2026-08-18",
    ],
    "max_tokens": 128000,
    "thinking": {"type": "adaptive", "display": "updates"},
    "context_management": {"edits": [{"type": "clear_thinking_20251015", "keep": "all"}]},
    "output_config": {"effort": "medium"},
}
SYSTEM_PROMPT = (
    "\nYou are an agent working with the user toward their goals, using your own judgment along the way.\n\n"
    "# Harness\n - Text you output outside of tool use is displayed to the user as Github-flavored markdown in a "
    "terminal.\n - Prefer the dedicated file/search tools over shell commands when one fits. Independent tool calls "
    "can run in parallel in one response.\n - Reference code as `file_path:line_number` \u2014 it's clickable."
)


class ClaudeWriter:
    """Writes a Claude Code session transcript: threaded lines, one line per content block, and bookkeeping."""

    def __init__(self, rng: random.Random, cwd: str, branch: str, instructions: str) -> None:
        self.rng = rng
        self.ids = Ids(rng)
        self.clock = Clock(rng)
        self.session = self.ids.uuid()
        self.cwd = cwd
        self.branch = branch
        self.instructions = instructions
        self.lines: list[dict[str, Any]] = []
        self.last: str | None = None  # uuid of the last main-thread threaded line
        self.count = 0  # logical conversation messages since the last compact boundary
        self.prompt_id = ""
        self.prompt_text = ""
        self.prompt_index = -1
        self.request: str | None = None
        self.kept = 0
        self.pending: list[dict[str, Any]] = []  # API messages not yet stored as blobs
        self.tools_used: list[str] = []
        self.context = 0  # tokens in the model's context
        self.fresh = 0  # tokens added to the context since the last request
        self.cost = {"input": 0, "output": 0, "read": 0, "write": 0, "thinking": 0}
        self.started = self.clock.epoch_ms()
        self.shape_hash = ""
        self.tool_ms = 0
        self.api_ms = 0
        self.lines_added = 0
        self.lines_removed = 0

    # -- envelope ----------------------------------------------------------------------------------------------

    def tail(self) -> dict[str, Any]:
        return {
            "userType": "external",
            "entrypoint": "sdk-cli",
            "cwd": self.cwd,
            "sessionId": self.session,
            "version": CLAUDE_VERSION,
            "gitBranch": self.branch,
        }

    def threaded(self, record: dict[str, Any], parent: str | None | bool = True) -> dict[str, Any]:
        """Append a line that takes part in the uuid tree; by default its parent is the previous threaded line."""
        line = {"parentUuid": self.last if parent is True else parent, "isSidechain": False, **record}
        line.update(self.tail())
        self.lines.append(line)
        self.last = line["uuid"]
        return line

    def side(self, record: dict[str, Any]) -> None:
        """A flat bookkeeping line (no uuid), with ``sessionId`` where the host puts it for that type."""
        kind = record.pop("type")
        if kind in ("api-request-shape", "api-request-blob", "api-request", "cost-state"):
            self.lines.append({"type": kind, "sessionId": self.session, **record})
        elif kind == "queue-operation":
            content = {"content": record.pop("content")} if "content" in record else {}
            self.lines.append({"type": kind, **record, "sessionId": self.session, **content})
        else:
            self.lines.append({"type": kind, **record, "sessionId": self.session})

    def attachment(self, attachment: dict[str, Any], rendered: str | None = None, role: str = "system") -> None:
        record: dict[str, Any] = {
            "attachment": attachment,
            "type": "attachment",
            "uuid": self.ids.uuid(),
            "timestamp": self.clock.tick(1, 3),
        }
        if rendered is not None:
            record["rendered"] = [{"content": f"<system-reminder>\n{rendered}\n</system-reminder>"}]
            record["renderedRole"] = role
        self.threaded(record)

    # -- bookkeeping -------------------------------------------------------------------------------------------

    def header(self) -> None:
        home = os.path.expanduser("~")
        project = re.sub(r"[^a-zA-Z0-9]", "-", self.cwd)
        self.attachment(
            {
                "type": "environment",
                "snapshot": {
                    "workingDirectory": self.cwd,
                    "isWorktree": False,
                    "isGitRepo": True,
                    "additionalWorkingDirectories": [],
                    "platform": "linux",
                    "shell": "bash",
                    "osVersion": "Linux 6.18.44-fc-v657",
                },
            },
            f"# Environment\nYou have been invoked in the following environment: \n - Primary working directory: "
            f"{self.cwd}\n - Is a git repository: true\n - Platform: linux\n - Shell: bash\n"
            " - OS Version: Linux 6.18.44-fc-v657",
        )
        self.attachment(
            {
                "type": "model",
                "identity": {"modelId": CLAUDE_MODEL, "marketingName": "Opus 5.5", "knowledgeCutoff": "June 2026"},
                "text": f"You are powered by the model named Opus 5.5. The exact model ID is {CLAUDE_MODEL}. Assistant "
                "knowledge cutoff is June 2026.",
            },
            f"You are powered by the model named Opus 5.5. The exact model ID is {CLAUDE_MODEL}. Assistant knowledge "
            "cutoff is June 2026.",
        )
        agents = [
            "- claude: Catch-all for any task that doesn't fit a more specific agent. (Tools: *)",
            "- Explore: Read-only search agent for broad fan-out searches. (Tools: All tools except Agent, Edit, "
            "Write, NotebookEdit)",
            "- general-purpose: General-purpose agent for researching complex questions. (Tools: *)",
            "- Plan: Software architect agent for designing implementation plans. (Tools: All tools except Agent, "
            "Edit, Write, NotebookEdit)",
        ]
        self.attachment(
            {
                "type": "agent_listing_delta",
                "addedTypes": ["claude", "Explore", "general-purpose", "Plan"],
                "addedLines": agents,
                "removedTypes": [],
                "isInitial": True,
                "showConcurrencyNote": False,
            },
            "Available agent types for the Agent tool:\n" + "\n".join(agents),
        )
        self.attachment(
            {
                "type": "mcp_instructions_delta",
                "addedNames": ["mcp-context"],
                "addedBlocks": [f"## mcp-context\n{self.instructions}"],
                "removedNames": [],
            },
            "# MCP Server Instructions\n\nThe following MCP servers have provided instructions for how to use their "
            f"tools and resources:\n\n## mcp-context\n{self.instructions}",
        )
        skills = "- dataviz: Use this skill whenever you are about to create ANY chart, graph, plot or dashboard."
        self.attachment(
            {"type": "skill_listing", "content": skills, "skillCount": 1, "isInitial": True, "names": ["dataviz"]},
            f"The following skills are available for use with the Skill tool:\n\n{skills}",
        )
        self.side({"type": "atis-latch", "atis": ""})
        self.attachment({"type": "session_context", "context": {}})
        self.attachment(
            {"type": "date", "date": self.clock.now.strftime("%Y-%m-%d")},
            f"Today's date is {self.clock.now.strftime('%Y-%m-%d')}.",
        )
        self.attachment(
            {
                "type": "remote_session_change",
                "url": None,
                "commit": "Co-Authored-By: Claude Opus 5.5 <noreply@anthropic.com>",
                "pr": "\U0001f916 Generated with [Claude Code](https://claude.com/claude-code)",
                "sendUserFileHint": False,
                "managedCommit": False,
                "managedPr": False,
            },
            "Attribution for git commits you create from here on:\n- End git commit messages with:\n"
            "Co-Authored-By: Claude Opus 5.5 <noreply@anthropic.com>",
            role="user",
        )
        memory = f"{home}/.claude/projects/{project}/memory/"
        self.attachment(
            {
                "type": "prompt_snapshot",
                "systemPrompt": [
                    SYSTEM_PROMPT,
                    f"# Memory\n\nYou have a persistent file-based memory at `{memory}`.",
                    "# Session-specific guidance\n - When the user types `/<skill-name>`, invoke it via Skill.",
                ],
                "reminderFold": False,
                "echoWireToolInputs": False,
                "contextRendering": "announced",
            }
        )
        shape = {
            "system": [
                {"type": "text", "text": "You are a Claude agent, built on Anthropic's Claude Agent SDK."},
                {"type": "text", "text": SYSTEM_PROMPT},
            ],
            "tools": [
                {
                    "name": name,
                    "description": f"{name} tool.",
                    "input_schema": {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"},
                }
                for name in ("Agent", "Bash", "Edit", "Glob", "Grep", "Read", "Write")
            ],
        }
        self.shape_hash = sha(shape)
        self.side(
            {
                "type": "api-request-shape",
                "shapeHash": self.shape_hash,
                "timestamp": self.clock.tick(),
                "version": CLAUDE_VERSION,
                "shape": shape,
            }
        )

    def api_request(self) -> str:
        """Blob lines for the messages new since the last request, then the request line pointing at them."""
        hashes = []
        for message in self.pending:
            digest = sha(message)
            self.side({"type": "api-request-blob", "hash": digest, "message": message})
            hashes.append(digest)
        request_id = self.ids.uuid()
        record: dict[str, Any] = {
            "type": "api-request",
            "id": request_id,
            "timestamp": self.clock.tick(5, 30),
            "version": CLAUDE_VERSION,
            "querySource": "sdk",
            "shapeHash": self.shape_hash,
            "params": API_PARAMS,
        }
        if self.request:
            record["base"] = self.request
        record.update(
            {
                "keep": self.kept,
                "tail": hashes,
                "cacheControl": [
                    {"path": ["system", 0], "value": {"type": "ephemeral"}},
                    {"path": ["system", 1], "value": {"type": "ephemeral"}},
                    {"path": ["messages", self.kept + len(hashes) - 1, "content", 0], "value": {"type": "ephemeral"}},
                ],
                "requestDigest": sha([self.request, hashes]),
            }
        )
        self.side(record)
        self.kept += len(hashes)
        self.pending = []
        self.request = request_id
        return request_id

    def grow(self, n: int) -> None:
        self.context += n
        self.fresh += n

    def usage(self, output: int, thinking: int) -> dict[str, Any]:
        created, self.fresh = self.fresh, 0
        return {
            "input_tokens": self.rng.randint(1, 9),
            "cache_creation_input_tokens": created,
            "cache_read_input_tokens": max(0, self.context - created),
            "output_tokens": output,
            "output_tokens_details": {"thinking_tokens": thinking},
            "server_tool_use": {"web_search_requests": 0, "web_fetch_requests": 0},
            "service_tier": "standard",
            "cache_creation": {"ephemeral_1h_input_tokens": 0, "ephemeral_5m_input_tokens": created},
            "inference_geo": "",
            "iterations": [],
            "speed": "standard",
            "fallback_credit": None,
        }

    # -- conversation ------------------------------------------------------------------------------------------

    def prompt(self, text: str) -> int:
        self.prompt_index += 1
        self.prompt_id = self.ids.uuid()
        self.prompt_text = text
        self.clock.tick(20_000, 90_000)
        self.side({"type": "queue-operation", "operation": "enqueue", "timestamp": self.clock.iso(), "content": text})
        self.side({"type": "queue-operation", "operation": "dequeue", "timestamp": self.clock.tick(1, 3)})
        self.threaded(
            {
                "promptId": self.prompt_id,
                "type": "user",
                "message": {"role": "user", "content": text},
                "uuid": self.ids.uuid(),
                "timestamp": self.clock.tick(300, 700),
                "permissionMode": "default",
                "promptSource": "sdk",
                "turnOrigin": "sdk",
                "turnPosition": {"promptIndex": self.prompt_index, "turnIndex": 1},
            }
        )
        if self.prompt_index == 0:
            self.header()
        self.pending.append({"role": "user", "content": [{"type": "text", "text": text}]})
        self.grow(tokens(text))
        index = self.count
        self.count += 1
        return index

    def reply(self, r: Reply) -> int:
        """Write one model reply (one line per block, shared message.id) and its tool results; return its index."""
        request = self.api_request()
        if self.rng.random() < 0.35 and self.tools_used:
            self.side({"type": "tools-used", "tools": list(self.tools_used)})
        blocks: list[dict[str, Any]] = []
        if r.thinking:
            blocks.append({"type": "thinking", "thinking": r.thinking, "signature": self.ids.signature()})
        if r.text:
            blocks.append({"type": "text", "text": r.text})
        tool_ids = []
        for call in r.calls:
            tool_id = "toolu_01" + self.ids.token(22)
            tool_ids.append(tool_id)
            blocks.append(
                {
                    "type": "tool_use",
                    "id": tool_id,
                    "name": CLAUDE_TOOL[call.tool],
                    "input": self.tool_input(call),
                    "caller": {"type": "direct"},
                }
            )
            name = CLAUDE_TOOL[call.tool]
            if name not in self.tools_used:
                self.tools_used.append(name)
        message_id = "msg_01" + self.ids.token(22)
        output = sum(tokens(json.dumps(b)) for b in blocks)
        thinking = tokens(r.thinking) if r.thinking else 0
        usage = self.usage(output, thinking)
        self.clock.tick(1_500, 9_000)
        self.api_ms += self.rng.randint(1_500, 9_000)
        uuids = []
        for i, block in enumerate(blocks):
            last = i == len(blocks) - 1
            message = {
                "id": message_id,
                "type": "message",
                "role": "assistant",
                "model": CLAUDE_MODEL,
                "content": [block],
                "stop_reason": ("tool_use" if r.calls else "end_turn") if last else None,
                "stop_sequence": None,
                "usage": usage,
                "stop_details": None,
            }
            record: dict[str, Any] = {"message": message}
            if block["type"] == "tool_use":
                record["toolInputStreamMs"] = self.rng.randint(1, 400)
            record.update(
                {
                    "apiBlockIndex": i,
                    "requestRef": request,
                    "requestedModel": CLAUDE_MODEL,
                    "promptCacheRequested": "5m",
                    "type": "assistant",
                    "uuid": self.ids.uuid(),
                    "timestamp": self.clock.tick(20, 900),
                    "effort": "medium",
                    "perTurnEffort": "medium",
                    "madeBy": "model",
                }
            )
            uuids.append(self.threaded(record)["uuid"])
        index = self.count
        self.count += 1
        self.pending.append({"role": "assistant", "content": blocks})
        self.grow(output)
        self.cost["output"] += output
        self.cost["thinking"] += thinking
        self.cost["read"] += self.context
        source = dict(zip(tool_ids, uuids[len(uuids) - len(tool_ids) :], strict=True))
        results = []
        for call, tool_id in zip(r.calls, tool_ids, strict=True):
            results.append(self.tool_result(call, tool_id, source[tool_id]))
        if results:
            self.pending.append({"role": "user", "content": results})
        if self.rng.random() < 0.4 or not r.calls:
            self.side({"type": "last-prompt", "lastPrompt": self.prompt_text[:200], "leafUuid": self.last})
        if self.rng.random() < 0.25:
            self.side({"type": "atis-latch", "atis": ""})
        if not r.calls:
            self.threaded(
                {
                    "type": "system",
                    "subtype": "turn_duration",
                    "durationMs": self.rng.randint(8_000, 240_000),
                    "messageCount": self.count,
                    "isMeta": False,
                    "timestamp": self.clock.tick(),
                    "uuid": self.ids.uuid(),
                }
            )
        return index

    def tool_input(self, call: Call) -> dict[str, Any]:
        a = call.args
        if call.tool == "read":
            return {"file_path": a["path"], **{k: a[k] for k in ("offset", "limit") if k in a}}
        if call.tool == "bash":
            return {"command": a["command"], "description": a["description"]}
        if call.tool == "grep":
            mode = "files_with_matches" if call.data["files_only"] else "content"
            extra = {"-n": True} if mode == "content" else {}
            scope = {"glob": a["glob"]} if a["glob"] else {}
            return {"pattern": a["pattern"], "path": a["path"], **scope, "output_mode": mode, **extra}
        if call.tool == "glob":
            return {"pattern": a["pattern"]}
        if call.tool == "edit":
            return {"file_path": a["path"], "old_string": a["old"], "new_string": a["new"], "replace_all": False}
        if call.tool == "write":
            return {"file_path": a["path"], "content": a["content"]}
        return {"description": a["description"], "prompt": a["prompt"], "subagent_type": a["subagent_type"]}

    def tool_result(self, call: Call, tool_id: str, source: str) -> dict[str, Any]:
        """The user line answering one tool_use, with the host's ``toolUseResult`` sidecar; returns the API block."""
        content: Any = neutral_text(call, self.cwd)
        sidecar: Any
        d = call.data
        if call.tool == "agent":
            content, sidecar = self.sidechain(call)
        elif call.is_error:
            sidecar = "Error: " + (content.removeprefix("<tool_use_error>").removesuffix("</tool_use_error>"))
        elif call.tool == "read":
            sidecar = {
                "type": "text",
                "file": {
                    "filePath": call.args["path"],
                    "content": "\n".join(d["lines"]),
                    "numLines": len(d["lines"]),
                    "startLine": d["start"],
                    "totalLines": d["total"],
                },
            }
        elif call.tool == "bash":
            sidecar = {
                "stdout": d["stdout"].rstrip("\n"),
                "stderr": d["stderr"].rstrip("\n"),
                "interrupted": False,
                "isImage": False,
                "noOutputExpected": False,
            }
            name = self.ids.token(9).lower()  # drawn either way, so output sizes never shift later ids
            if len(content) > CLAUDE_PERSIST_CHARS:
                home = os.path.expanduser("~")
                project = re.sub(r"[^a-zA-Z0-9]", "-", self.cwd)
                path = f"{home}/.claude/projects/{project}/{self.session}/tool-results/{name}.txt"
                preview = content[:2048]
                content = (
                    f"<persisted-output>\nOutput too large ({size_label(len(content.encode()))}). Full output "
                    f"saved to: {path}\n\nPreview (first 2KB):\n{preview}\n...\n</persisted-output>"
                )
                sidecar.update(
                    {
                        "stdout": preview,
                        "persistedOutputPath": path,
                        "persistedOutputSize": len(shell_text(call).encode()),
                    }
                )
        elif call.tool == "grep":
            hits = d["hits"]
            files = sorted({h[0] for h in hits})
            if d["files_only"]:
                sidecar = {"mode": "files_with_matches", "filenames": files, "numFiles": len(files)}
            else:
                sidecar = {"mode": "content", "numFiles": 0, "filenames": [], "content": content, "numLines": len(hits)}
        elif call.tool == "glob":
            sidecar = {
                "filenames": d["files"],
                "durationMs": self.rng.randint(4, 60),
                "numFiles": len(d["files"]),
                "truncated": False,
            }
        elif call.tool == "edit":
            patch = structured_patch(d["original"], d["updated"])
            self.count_lines(patch)
            sidecar = {
                "filePath": call.args["path"],
                "oldString": call.args["old"],
                "newString": call.args["new"],
                "originalFile": d["original"],
                "structuredPatch": patch,
                "userModified": False,
                "replaceAll": False,
            }
        else:
            self.lines_added += call.args["content"].count("\n")
            sidecar = {
                "type": "create",
                "filePath": call.args["path"],
                "content": call.args["content"],
                "structuredPatch": [],
                "originalFile": None,
            }
        block: dict[str, Any] = {"tool_use_id": tool_id, "type": "tool_result", "content": content}
        if call.is_error:
            block["is_error"] = True
        ms = self.rng.randint(15, 2_500)
        self.tool_ms += ms
        self.clock.tick(ms, ms + 5)
        self.threaded(
            {
                "promptId": self.prompt_id,
                "type": "user",
                "message": {"role": "user", "content": [block]},
                "uuid": self.ids.uuid(),
                "timestamp": self.clock.iso(),
                "toolUseResult": sidecar,
                "sourceToolAssistantUUID": source,
                "permissionDecision": {
                    "decision": "accept",
                    "source": "config",
                    "reasonType": "rule",
                    "ruleSource": "cliArg",
                },
            },
            parent=source,
        )
        self.count += 1
        self.grow(tokens(json.dumps(content)))
        return block

    def count_lines(self, patch: list[dict[str, Any]]) -> None:
        for hunk in patch:
            self.lines_added += sum(line.startswith("+") for line in hunk["lines"])
            self.lines_removed += sum(line.startswith("-") for line in hunk["lines"])

    def sidechain(self, call: Call) -> tuple[list[dict[str, str]], dict[str, Any]]:
        """The subagent's own lines (isSidechain, agentId), and the parent's view of its result."""
        agent_id = "a" + self.ids.hex(16)
        report = call.data["report"]
        first = {
            "parentUuid": None,
            "isSidechain": True,
            "promptId": self.prompt_id,
            "agentId": agent_id,
            "type": "user",
            "message": {"role": "user", "content": call.args["prompt"]},
            "uuid": self.ids.uuid(),
            "timestamp": self.clock.tick(50, 200),
            **self.tail(),
        }
        self.lines.append(first)
        usage = self.usage(tokens(report), 0)
        message = {
            "id": "msg_01" + self.ids.token(22),
            "type": "message",
            "role": "assistant",
            "model": CLAUDE_MODEL,
            "content": [{"type": "text", "text": report}],
            "stop_reason": "end_turn",
            "stop_sequence": None,
            "usage": usage,
            "stop_details": None,
        }
        self.lines.append(
            {
                "parentUuid": first["uuid"],
                "isSidechain": True,
                "agentId": agent_id,
                "message": message,
                "apiBlockIndex": 0,
                "requestRef": self.ids.uuid(),
                "requestedModel": CLAUDE_MODEL,
                "promptCacheRequested": "5m",
                "attributionAgent": "Explore",
                "type": "assistant",
                "uuid": self.ids.uuid(),
                "timestamp": self.clock.tick(4_000, 20_000),
                "effort": "medium",
                "perTurnEffort": "medium",
                "madeBy": "model",
                **self.tail(),
            }
        )
        total = tokens(report) + 12_000
        duration = self.rng.randint(8_000, 30_000)
        content = [
            {"type": "text", "text": report},
            {
                "type": "text",
                "text": f"agentId: {agent_id} (use SendMessage with to: '{agent_id}' to continue this "
                f"agent)\n<usage>total_tokens: {total}\ntool_uses: {call.data['tools_used']}\n"
                f"duration_ms: {duration}</usage>",
            },
        ]
        sidecar = {
            "status": "completed",
            "prompt": call.args["prompt"],
            "agentId": agent_id,
            "agentType": "Explore",
            "content": [{"type": "text", "text": report}],
            "resolvedModel": CLAUDE_MODEL,
            "totalDurationMs": duration,
            "totalTokens": total,
            "totalToolUseCount": call.data["tools_used"],
            "usage": usage,
            "toolStats": {
                "readCount": 1,
                "searchCount": 2,
                "bashCount": 0,
                "editFileCount": 0,
                "linesAdded": 0,
                "linesRemoved": 0,
                "otherToolCount": 0,
            },
        }
        return content, sidecar

    def compact(self, summary: str) -> None:
        """An automatic compaction: a boundary cutting the tree, then the summary as the first message after it."""
        pre = self.context
        boundary = {
            "parentUuid": None,
            "logicalParentUuid": self.last,
            "isSidechain": False,
            "type": "system",
            "subtype": "compact_boundary",
            "content": "Conversation compacted",
            "isMeta": False,
            "timestamp": self.clock.tick(30_000, 60_000),
            "uuid": self.ids.uuid(),
            "level": "info",
            "compactMetadata": {
                "trigger": "auto",
                "preTokens": pre,
                "postTokens": tokens(summary),
                "durationMs": self.rng.randint(20_000, 60_000),
            },
            **self.tail(),
        }
        self.lines.append(boundary)
        self.last = boundary["uuid"]
        self.count = 0
        self.threaded(
            {
                "type": "user",
                "message": {"role": "user", "content": summary},
                "isVisibleInTranscriptOnly": True,
                "isCompactSummary": True,
                "uuid": self.ids.uuid(),
                "timestamp": self.clock.tick(5, 30),
            }
        )
        self.count += 1
        for rel in ("mcp_context/storage/files.py", "mcp_context/cli/sessions.py"):
            path = f"{self.cwd}/{rel}"
            self.attachment({"type": "compact_file_reference", "filename": path, "displayPath": rel})
        self.context = self.fresh = tokens(summary) + 9_000
        self.request = None
        self.kept = 0
        self.pending = [{"role": "user", "content": [{"type": "text", "text": summary}]}]

    def finish(self) -> None:
        self.side({"type": "last-prompt", "lastPrompt": self.prompt_text[:200], "leafUuid": self.last})
        c = self.cost
        usd = round((c["output"] * 25 + c["read"] * 0.5) / 1_000_000, 6)
        self.side(
            {
                "type": "cost-state",
                "totalCostUSD": usd,
                "totalAPIDuration": self.api_ms,
                "totalAPIDurationWithoutRetries": self.api_ms - 40,
                "totalToolDuration": self.tool_ms,
                "totalLinesAdded": self.lines_added,
                "totalLinesRemoved": self.lines_removed,
                "totalDuration": self.clock.epoch_ms() - self.started,
                "startTime": self.started,
                "modelUsage": {
                    CLAUDE_MODEL: {
                        "inputTokens": 0,
                        "outputTokens": c["output"],
                        "thinkingTokens": c["thinking"],
                        "cacheReadInputTokens": c["read"],
                        "cacheCreationInputTokens": 0,
                        "cacheCreationEphemeral5mInputTokens": 0,
                        "cacheCreationEphemeral1hInputTokens": 0,
                        "webSearchRequests": 0,
                        "costUSD": usd,
                    }
                },
                "hasUnknownModelCost": False,
            }
        )


def render_claude(
    events: list[Event],
    rng: random.Random,
    cwd: str,
    branch: str,
    instructions: str,
    watch: tuple[str, str] | None = None,
    nth: int = 5,
) -> tuple[ClaudeWriter, int]:
    """Render a story as a Claude Code transcript; also return the index of the reply making the ``nth`` call
    identical to ``watch`` (tool name, command), or -1."""
    w = ClaudeWriter(rng, cwd, branch, instructions)
    seen = 0
    found = -1
    for event in events:
        if isinstance(event, Prompt):
            w.prompt(event.text)
        elif isinstance(event, Reply) and event.only in (None, "claude"):
            index = w.reply(event)
            if watch and any(c.tool == watch[0] and c.args.get("command") == watch[1] for c in event.calls):
                seen += 1
                if seen == nth:
                    found = index
        elif isinstance(event, Compaction):
            w.compact(event.summary)
    w.finish()
    return w, found


# ---------------------------------------------------------------------------------------------------------------
# Gemini CLI 0.61.0
# ---------------------------------------------------------------------------------------------------------------

GEMINI_TOOL = {
    "read": "read_file",
    "bash": "run_shell_command",
    "grep": "grep_search",
    "glob": "glob",
    "edit": "replace",
    "write": "write_file",
}
GEMINI_DISPLAY = {
    "read_file": "ReadFile",
    "run_shell_command": "Shell",
    "grep_search": "SearchText",
    "glob": "FindFiles",
    "replace": "Edit",
    "write_file": "WriteFile",
}
SESSION_CONTEXT_ID = "d04923d38bb0f6017037e74183378ef4"  # the fixed id Gemini CLI gives the context record


class GeminiWriter:
    """Writes a Gemini CLI chat file: metadata, upserted message records, ``$set`` patches and ``$rewindTo``."""

    def __init__(self, rng: random.Random, material: Material) -> None:
        self.rng = rng
        self.ids = Ids(rng)
        self.clock = Clock(rng)
        self.m = material
        self.session = self.ids.uuid()
        self.root = str(material.repo)
        self.temp = os.path.join(os.path.expanduser("~"), ".gemini", "tmp", material.repo.name)
        self.lines: list[dict[str, Any]] = []
        self.messages: dict[str, dict[str, Any]] = {}  # the writer's own view: what a reader must end up with
        self.context = 0
        self.pgid = rng.randint(20_000, 60_000)
        self.removed: list[str] = []
        self.branch_start = ""

    def write(self, record: dict[str, Any]) -> None:
        self.lines.append(record)

    def upsert(self, message: dict[str, Any]) -> None:
        self.write(message)
        self.messages[message["id"]] = message

    def touched(self) -> None:
        self.write({"$set": {"lastUpdated": self.clock.iso()}})

    def start(self) -> None:
        now = self.clock.iso()
        self.write(
            {
                "sessionId": self.session,
                "projectHash": hashlib.sha256(self.root.encode()).hexdigest(),
                "startTime": now,
                "lastUpdated": now,
                "kind": "main",
            }
        )
        when = self.clock.now.strftime("%A, %B %-d, %Y")
        context = (
            "<session_context>\nThis is the Gemini CLI. We are setting up the context for our chat.\n"
            f"Today's date is {when} (formatted according to the user's locale).\nMy operating system is: linux\n"
            f"The project's temporary directory is: {self.temp}\n- **Workspace Directories:**\n  - {self.root}\n"
            "- **Directory Structure:**\n\nShowing up to 200 items (files + folders).\n\n"
            f"{self.root}/\n{self.m.tree()}\n\n<loaded_context>\n<project_context>\n"
            "The following are instructions provided by the tool server 'mcp-context':\n"
            f"---[start of server instructions]---\n{real_instructions(self.m)}\n---[end of server instructions]---\n"
            "</project_context>\n</loaded_context>\n</session_context>"
        )
        first: dict[str, Any] = {
            "id": SESSION_CONTEXT_ID,
            "timestamp": now,
            "type": "user",
            "content": [{"text": context}],
        }
        self.write({"$set": {"messages": [first], "lastUpdated": now}})
        self.messages = {first["id"]: first}
        self.context = tokens(context)

    def prompt(self, text: str) -> str:
        self.clock.tick(20_000, 90_000)
        message_id = self.ids.uuid()
        self.upsert({"id": message_id, "timestamp": self.clock.iso(), "type": "user", "content": [{"text": text}]})
        self.touched()
        self.context += tokens(text)
        return message_id

    def reply(self, r: Reply) -> list[str]:
        self.clock.tick(1_500, 9_000)
        out = tokens(r.text + json.dumps([c.args for c in r.calls]))
        thoughts = tokens(r.thinking) if r.thinking else 0
        cached = self.context * 3 // 4
        message: dict[str, Any] = {
            "id": self.ids.uuid(),
            "timestamp": self.clock.iso(),
            "type": "gemini",
            "content": r.text,
            "thoughts": (
                [
                    {
                        "subject": r.subject or "Planning the next step",
                        "description": r.thinking,
                        "timestamp": self.clock.iso(),
                    }
                ]
                if r.thinking
                else []
            ),
            "tokens": {
                "input": self.context,
                "output": out,
                "cached": cached,
                "thoughts": thoughts,
                "tool": 0,
                "total": self.context + out + thoughts,
            },
            "model": GEMINI_MODEL,
        }
        self.upsert(message)
        self.touched()
        self.context += out
        ids = [message["id"]]
        if not r.calls:
            return ids
        started = self.clock.epoch_ms()
        records = [self.tool_call(call, i, started) for i, call in enumerate(r.calls)]
        again = copy.deepcopy(message)
        again["toolCalls"] = records
        self.upsert(again)
        parts = [copy.deepcopy(part) for record in records for part in record["result"]]
        response = {"id": self.ids.uuid(), "timestamp": self.clock.tick(1, 4), "type": "user", "content": parts}
        self.upsert(response)
        self.touched()
        self.context += tokens(json.dumps(parts))
        ids.append(response["id"])
        return ids

    def tool_call(self, call: Call, index: int, started: int) -> dict[str, Any]:
        name = GEMINI_TOOL[call.tool]
        call_id = f"{name}__{name}_{started}_{index}"
        args, output, display, description = self.render(call)
        status = "error" if call.tool == "read" and call.is_error else "success"
        response = {"error": output} if status == "error" else {"output": output}
        self.clock.tick(10, 2_500)
        return {
            "id": call_id,
            "name": name,
            "args": args,
            "result": [{"functionResponse": {"id": call_id, "name": name, "response": response}}],
            "status": status,
            "timestamp": self.clock.iso(),
            "resultDisplay": display,
            "description": description,
            "displayName": GEMINI_DISPLAY[name],
            "renderOutputAsMarkdown": name != "run_shell_command",
        }

    def render(self, call: Call) -> tuple[dict[str, Any], str, Any, str]:
        """Gemini's args, the text the model sees, what the UI shows, and the call's description."""
        a, d = call.args, call.data
        rel = os.path.relpath(a.get("path", self.root), self.root)
        if call.tool == "read":
            args: dict[str, Any] = {"file_path": a["path"]}
            if d.get("missing"):
                return args, f"File not found: {a['path']}", f"File not found: {a['path']}", rel
            text = "\n".join(d["lines"])
            if "offset" in a:
                args.update({"offset": a["offset"] - 1, "limit": a["limit"]})
                end = d["start"] + len(d["lines"]) - 1
                text = (
                    "\nIMPORTANT: The file content has been truncated.\n"
                    f"Status: Showing lines {d['start']}-{end} of {d['total']} total lines.\n"
                    "Action: To read more of the file, you can use the 'offset' and 'limit' parameters in a "
                    f"subsequent 'read_file' call. For example, to read the next section of the file, use offset: "
                    f"{end}.\n\n--- FILE CONTENT (truncated) ---\n{text}"
                )
            return args, text, "", rel
        if call.tool == "bash":
            output = shell_text(call)
            if len(output) > 40_000:
                saved = f"{self.temp}/tool-outputs/session-{self.session}/shell_{self.ids.hex(8)}.txt"
                lines = output.splitlines()
                output = (
                    "Tool output was too large and has been truncated.\n"
                    f"The full output has been saved to: {saved}\n"
                    "To read the complete output, use the read_file tool with the absolute file path above.\n"
                    "Truncated part of the output:\n"
                    + "\n".join(lines[:200])
                    + "\n\n... ["
                    + str(len(lines) - 400)
                    + " lines omitted] ...\n\n"
                    + "\n".join(lines[-200:])
                )
            parts = [f"Output: {output or '(empty)'}"]
            if d["code"]:
                parts.append(f"Exit Code: {d['code']}")
            self.pgid += self.rng.randint(3, 40)
            parts.append(f"Process Group PGID: {self.pgid}")
            text = "<untrusted_context>\n" + "\n".join(parts) + "\n</untrusted_context>"
            desc = f"{a['command']} [current working directory {self.root}] ({a['description']})"
            display = output or (f"Command exited with code: {d['code']}" if d["code"] else "")
            return {"command": a["command"], "description": a["description"]}, text, display, desc
        if call.tool == "grep":
            hits = d["hits"]
            folder, include = (os.path.dirname(rel), os.path.basename(rel)) if a["glob"] is None else (".", a["glob"])
            where = f'in path "{folder}" (filter: "{include}")'
            if not hits:
                text = f'No matches found for pattern "{a["pattern"]}" {where}.'
            else:
                blocks = []
                for path in dict.fromkeys(h[0] for h in hits):
                    body = "\n".join(f"L{n}: {line}" for p, n, line in hits if p == path)
                    blocks.append(f"File: {os.path.relpath(path, self.root)}\n{body}")
                noun = "match" if len(hits) == 1 else "matches"
                text = (
                    f'Found {len(hits)} {noun} for pattern "{a["pattern"]}" {where}:'
                    "\n---\n" + "\n---\n".join(blocks) + "\n---"
                )
            args = {"pattern": a["pattern"], "include": include}
            if folder != ".":
                args["dir_path"] = os.path.join(self.root, folder)
            return args, text, f"Found {len(hits)} matches", f"'{a['pattern']}' in {include} within {folder}"
        if call.tool == "glob":
            files = d["files"]
            text = (
                (
                    f'Found {len(files)} file(s) matching "{a["pattern"]}" within {self.root}, sorted by modification '
                    "time (newest first):\n" + "\n".join(files)
                )
                if files
                else (f'No files found matching pattern "{a["pattern"]}" within {self.root}')
            )
            return {"pattern": a["pattern"]}, text, f"Found {len(files)} matching file(s)", f"'{a['pattern']}'"
        original = d["original"] or ""
        updated = d["updated"] if call.tool == "edit" else a["content"]
        name = os.path.basename(a["path"])
        diff = "".join(
            difflib.unified_diff(
                original.splitlines(True), updated.splitlines(True), f"{name}\tCurrent", f"{name}\tProposed"
            )
        )
        diff_display: dict[str, Any] = {
            "fileDiff": f"Index: {name}\n{'=' * 67}\n{diff}",
            "fileName": name,
            "filePath": a["path"],
            "originalContent": d["original"],
            "newContent": updated,
            "diffStat": {
                "model_added_lines": updated.count("\n"),
                "model_removed_lines": original.count("\n"),
                "model_added_chars": len(updated),
                "model_removed_chars": len(original),
                "user_added_lines": 0,
                "user_removed_lines": 0,
                "user_added_chars": 0,
                "user_removed_chars": 0,
            },
        }
        if call.tool == "edit":
            args = {"file_path": a["path"], "old_string": a["old"], "new_string": a["new"]}
            return args, f"Successfully modified file: {a['path']} (1 replacements).", diff_display, rel
        args = {"file_path": a["path"], "content": a["content"]}
        return args, f"Successfully created and wrote to new file: {a['path']}.", diff_display, f"Writing to {rel}"

    def rewind(self, message_id: str) -> None:
        keys = list(self.messages)
        cut = keys.index(message_id)
        self.removed = keys[cut:]
        self.messages = {k: self.messages[k] for k in keys[:cut]}
        self.clock.tick(5_000, 20_000)
        self.write({"$rewindTo": message_id})

    def rewrite(self) -> None:
        """History as the API sees it, with older big tool outputs masked, written back over the whole list."""
        history = list(self.messages.values())
        new: list[dict[str, Any]] = []
        latest_user = max(i for i, msg in enumerate(history) if msg["type"] == "user")
        for i, msg in enumerate(history):
            msg = copy.deepcopy(msg)
            if msg["type"] == "gemini":
                parts: list[dict[str, Any]] = [{"text": msg["content"]}] if msg["content"] else []
                for j, tc in enumerate(msg.get("toolCalls", [])):
                    fc: dict[str, Any] = {"functionCall": {"id": tc["id"], "name": tc["name"], "args": tc["args"]}}
                    if j == 0:
                        fc["thoughtSignature"] = self.ids.signature()
                    parts.append(fc)
                msg["content"] = parts
            elif any("functionResponse" in p for p in msg["content"]):
                for part in msg["content"]:
                    fr = part["functionResponse"]
                    body = json.dumps(fr["response"], indent=2)
                    if i < latest_user - 1 and len(body) > GEMINI_MASK_CHARS and "output" in fr["response"]:
                        fr["response"] = {"output": self.masked(fr["name"], fr["id"], fr["response"])}
                # As the host does: each call of the turn gets the whole (possibly masked) parts of the answer.
                owner = new[-1] if new and new[-1]["type"] == "gemini" else None
                for tc in (owner or {}).get("toolCalls", []):
                    tc["result"] = [copy.deepcopy(p) for p in msg["content"]]
            new.append(msg)
        now = self.clock.tick(200, 900)
        self.write({"$set": {"messages": new, "lastUpdated": now}})
        self.messages = {msg["id"]: msg for msg in new}

    def masked(self, tool: str, call_id: str, response: dict[str, Any]) -> str:
        """The placeholder Gemini CLI's tool-output masking leaves: a preview and where the full output went."""
        safe = re.sub(r"[^a-zA-Z0-9_-]", "_", call_id).lower()
        path = f"{self.temp}/tool-outputs/session-{self.session}/{tool}_{safe}_{self.ids.token(6).lower()}.txt"
        if tool == "run_shell_command":
            sections = re.split(
                r"^(Output|Error|Exit Code|Signal|Background PIDs|Process Group PGID): ", response["output"], flags=re.M
            )
            pieces = [simple_preview(sections[0].strip())] if sections[0].strip() else []
            for name, body in zip(sections[1::2], sections[2::2], strict=True):
                body = body.strip()
                pieces.append(f"Output: {simple_preview(body)}" if name == "Output" else f"{name}: {body}")
            preview = "\n".join(pieces)
        else:
            content = json.dumps(response, indent=2, ensure_ascii=False)
            preview = f"{content[:250]}\n... [TRUNCATED] ...\n{content[-250:]}" if len(content) > 500 else content
        tag = "tool_output_masked"
        return f"<{tag}>\n{preview}\n\nOutput too large. Full output available at: {path}\n</{tag}>"


def simple_preview(text: str) -> str:
    lines = text.split("\n")
    if len(lines) <= 20:
        return text
    return "\n".join(lines[:10]) + f"\n\n... [{len(lines) - 20} lines omitted] ...\n\n" + "\n".join(lines[-10:])


def render_gemini(events: list[Event], rng: random.Random, material: Material) -> GeminiWriter:
    w = GeminiWriter(rng, material)
    w.start()
    for event in events:
        if isinstance(event, Prompt):
            w.prompt(event.text)
        elif isinstance(event, Reply) and event.only in (None, "gemini"):
            w.reply(event)
        elif isinstance(event, Rewrite):
            w.rewrite()
        elif isinstance(event, Branch):
            first = ""
            for inner in event.events:
                if isinstance(inner, Prompt):
                    first = first or w.prompt(inner.text)
                else:
                    w.reply(inner)
            w.rewind(first)
    return w


# ---------------------------------------------------------------------------------------------------------------
# OpenAI Chat Completions
# ---------------------------------------------------------------------------------------------------------------

OPENAI_TOOL = {
    "read": "read_file",
    "bash": "run_command",
    "grep": "grep",
    "glob": "glob",
    "edit": "edit_file",
    "write": "write_file",
}


def render_openai(events: list[Event], rng: random.Random, cwd: str) -> list[dict[str, Any]]:
    ids = Ids(rng)
    messages: list[dict[str, Any]] = [
        {
            "role": "system",
            "content": (
                f"You are a coding agent working in the repository at {cwd}. Use the tools to read files, search, run "
                "shell commands and edit files. Keep replies short; say what you are doing and why. Never commit "
                "unless the user asks."
            ),
        }
    ]
    for event in events:
        if isinstance(event, Prompt):
            messages.append({"role": "user", "content": event.text})
        elif isinstance(event, Reply) and event.only in (None, "openai"):
            message: dict[str, Any] = {"role": "assistant", "content": event.text or None}
            calls = []
            for call in event.calls:
                a = call.args
                args: dict[str, Any]
                if call.tool == "edit":
                    args = {"path": a["path"], "old_string": a["old"], "new_string": a["new"]}
                elif call.tool == "grep":
                    args = {"pattern": a["pattern"], "path": a["path"], "files_only": call.data["files_only"]}
                    if a["glob"]:
                        args["include"] = a["glob"]
                else:
                    args = dict(a)
                calls.append(
                    {
                        "id": "call_" + ids.token(24),
                        "type": "function",
                        "function": {"name": OPENAI_TOOL[call.tool], "arguments": json.dumps(args)},
                    }
                )
            if calls:
                message["tool_calls"] = calls
            messages.append(message)
            for call, spec in zip(event.calls, calls, strict=True):
                text = neutral_text(call, cwd)
                if len(text) > OPENAI_TOOL_CHARS:
                    text = (
                        text[:OPENAI_TOOL_CHARS] + f"\n[... output truncated: {len(text) - OPENAI_TOOL_CHARS} more "
                        "characters]"
                    )
                messages.append({"role": "tool", "tool_call_id": spec["id"], "content": text})
    return messages


# ---------------------------------------------------------------------------------------------------------------
# Entry points
# ---------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fixtures:
    """The files written and what a test needs to check a reader (and later a summariser or loop detector).

    Counts follow the rules in the module docstring. ``rewound_ids`` are the Gemini message ids the ``$rewindTo``
    removed (they appear in the file, not in the replayed list); ``rewound_prompt`` is the user text of that removed
    branch. ``edited_files`` are absolute paths the agent wrote or edited. ``error_text`` is the real last line of
    the failing command's output and ``fix_text`` the agent's sentence naming the fix. ``real_line`` is the first
    line of the repository README as read when the fixtures were made.
    """

    out_dir: Path
    claude_code: Path
    gemini_cli: Path
    openai: Path
    looping: Path
    claude_code_messages: int
    gemini_messages: int
    openai_messages: int
    looping_messages: int
    loop_at: int
    loop_command: str
    loop_error: str
    rewound_ids: tuple[str, ...]
    rewound_prompt: str
    first_request: str
    correction: str
    edited_files: tuple[str, ...]
    error_command: str
    error_text: str
    fix_text: str
    real_line: str
    claude_session_id: str
    gemini_session_id: str


def dump_jsonl(path: Path, lines: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as f:
        for line in lines:
            f.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")


def make_all(out_dir: Path, seed: int = 0, repo: Path = REPO) -> Fixtures:
    """Write the four fixtures under ``out_dir`` and return their paths and expected facts."""
    out_dir = Path(out_dir)
    material = Material(repo)
    cwd = str(repo)
    branch = material.run("git rev-parse --abbrev-ref HEAD").stdout.strip() or "HEAD"
    instructions = real_instructions(material)

    teller = StoryTeller(material, random.Random(seed))
    events = teller.main(filler_before=8, filler_middle=36, filler_after=44)
    claude, _ = render_claude(events, random.Random(seed + 1), cwd, branch, instructions)
    gemini = render_gemini(events, random.Random(seed + 2), material)
    openai = render_openai(events, random.Random(seed + 3), cwd)

    loop_teller = StoryTeller(material, random.Random(seed + 4))
    loop_events = loop_teller.looping()
    looping, loop_at = render_claude(
        loop_events, random.Random(seed + 5), cwd, branch, instructions, watch=("bash", LOOP_COMMAND)
    )
    loop_run = material.run(LOOP_COMMAND)

    for name, count in (("claude-code", claude.count), ("gemini-cli", len(gemini.messages)), ("openai", len(openai))):
        if count < 200:
            raise RuntimeError(f"{name} fixture has {count} messages, fewer than the 200 the tests rely on")
    claude_path = out_dir / "claude-code" / f"{claude.session}.jsonl"
    stamp = START.strftime("%Y-%m-%dT%H-%M")
    gemini_path = out_dir / "gemini-cli" / f"session-{stamp}-{gemini.session[:8]}.jsonl"
    openai_path = out_dir / "openai.json"
    looping_path = out_dir / "looping.jsonl"
    dump_jsonl(claude_path, claude.lines)
    dump_jsonl(gemini_path, gemini.lines)
    dump_jsonl(looping_path, looping.lines)
    openai_path.write_text(json.dumps(openai, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")

    edited = ("mcp_context/stats.py", "mcp_context/cli/sessions.py", "tests/test_stats.py", "README.md")
    readme = material.text("README.md") or ""
    return Fixtures(
        out_dir=out_dir,
        claude_code=claude_path,
        gemini_cli=gemini_path,
        openai=openai_path,
        looping=looping_path,
        claude_code_messages=claude.count,
        gemini_messages=len(gemini.messages),
        openai_messages=len(openai),
        looping_messages=looping.count,
        loop_at=loop_at,
        loop_command=LOOP_COMMAND,
        loop_error=(loop_run.stderr or loop_run.stdout).strip().splitlines()[-1],
        rewound_ids=tuple(gemini.removed),
        rewound_prompt=BRANCH_PROMPT,
        first_request=FIRST_REQUEST,
        correction=CORRECTION,
        edited_files=tuple(material.abs(rel) for rel in edited),
        error_command=ERROR_COMMAND,
        error_text=teller.error_text,
        fix_text=FIX_TEXT,
        real_line=readme.splitlines()[0] if readme else "",
        claude_session_id=claude.session,
        gemini_session_id=gemini.session,
    )


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: python tests/make_fixtures.py OUT_DIR [--seed N]")
        return 0 if argv else 2
    seed = int(argv[argv.index("--seed") + 1]) if "--seed" in argv else 0
    began = time.perf_counter()
    fx = make_all(Path(argv[0]), seed)
    took = time.perf_counter() - began
    rows = [
        (fx.claude_code, f"{fx.claude_code_messages} messages after the compact boundary"),
        (fx.gemini_cli, f"{fx.gemini_messages} messages after replay ({len(fx.rewound_ids)} rewound)"),
        (fx.openai, f"{fx.openai_messages} messages"),
        (fx.looping, f"{fx.looping_messages} messages, 5th identical call at message {fx.loop_at}"),
    ]
    for path, what in rows:
        print(f"{path}  {path.stat().st_size:>9,} bytes  {what}")
    print(f"made in {took:.2f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
