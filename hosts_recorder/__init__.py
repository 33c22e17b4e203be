"""Record real Claude Code and Gemini CLI session transcripts as test fixtures (``scripts/record-hosts``).

Usage (from the repository root):
    ./scripts/record-hosts [--out tests/hosts] [--only HOST[/SCENARIO],...] [--keep] [--timeout SECS] [--check]

What it does:
  1. Installs the real hosts (@anthropic-ai/claude-code, @google/gemini-cli) through
     scripts/real-clients.sh --install-only (npm, cached; set RECORD_HOSTS_INSTALLER
     to use another copy of that script).
  2. Starts a scripted fake model on 127.0.0.1 that speaks the Anthropic Messages API (SSE streaming) and the
     Gemini API (generateContent / streamGenerateContent); each model turn is the next step of the scenario's
     plan: a built-in tool call of the host (Bash/Read/Edit/Write/Grep/TodoWrite, run_shell_command/read_file/
     replace/write_file/grep_search/write_todos) or a final text answer.
  3. Runs each host headless (`claude -p`, `gemini -p --approval-mode yolo`) in a fresh HOME with no
     credentials, on a scratch project (a tiny Python package with a failing test, a C file that does not
     compile, a Makefile; for long-session also a package holding copies of stdlib modules), so the tools
     really run.
  4. Copies the session file each host wrote into OUT/<host>/<scenario>.jsonl, with the scratch project path
     replaced by /tmp/proj and the fake HOME by /home/user.
  5. Writes OUT/<host>/<scenario>.truth.json: the facts the plan planted (requests, failures with the error line
     as the host recorded it, the fix, the passing re-run, final answers, decisions, pending work), each tied to
     the tool call id in the transcript, and checks that every planted fact is really in the transcript.

No login, no real LLM: the only network use is npm installing the hosts (once). The tests drive the hosts
with the same fake model (tests/test_hooks_real.py, tests/test_audit_real.py), through the names below.
scripts/real-clients.sh plays its plans of MCP tool calls with tool_plan.py on the same HTTP handler (model.py),
and scripts/record-codex plays Codex's Responses API with codex_model.py.
"""

from __future__ import annotations

from .hosts import Hosts, gemini_settings, host_env, install, make_project
from .model import FakeModel, serve
from .plan import GEMINI_MODEL, Prompt, Scenario, answer, edit, grep, read, sh, todo, write

__all__ = [
    "GEMINI_MODEL",
    "FakeModel",
    "Hosts",
    "Prompt",
    "Scenario",
    "answer",
    "edit",
    "gemini_settings",
    "grep",
    "host_env",
    "install",
    "make_project",
    "read",
    "serve",
    "sh",
    "todo",
    "write",
]
