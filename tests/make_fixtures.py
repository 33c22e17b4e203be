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

The parts are in ``tests/session_fixtures/``: the material (``material.py``), the story (``story.py``, the code its
agent writes in ``story_code.py``), its telling (``story_steps.py``, ``teller.py``), what the renderers share
(``rendering.py``) and one renderer per format (``claude_records.py``, ``claude_tools.py`` and ``claude.py``;
``gemini.py``; ``openai_chat.py``). This module writes the files and says what they hold.

Usage: ``python tests/make_fixtures.py OUT_DIR [--seed N]``. It runs offline in about a second (mostly the commands)."""

from __future__ import annotations

import json
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from session_fixtures.claude import render_claude
from session_fixtures.gemini import render_gemini
from session_fixtures.material import REPO, Material, real_instructions
from session_fixtures.openai_chat import render_openai
from session_fixtures.rendering import START
from session_fixtures.story import BRANCH_PROMPT, CORRECTION, ERROR_COMMAND, FIRST_REQUEST, FIX_TEXT, LOOP_COMMAND
from session_fixtures.teller import StoryTeller


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
