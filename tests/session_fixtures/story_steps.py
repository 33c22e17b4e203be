"""The telling of a story, below its plot: the two random sources (structure, and wording and material), the
sentence an agent says about a real result, the exploring steps that fill a session between the plot's turns, the
compaction's summary, a subagent's report and a pytest run's output."""

from __future__ import annotations

import os
import random
import re

from .material import HISTORY_AT, Material
from .story import FIRST_REQUEST, Call, Event, Reply, Tools


class StorySteps:
    """What a story is told with: picks, remarks on real results, exploring steps and canned outputs."""

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
