"""The two stories the fixtures tell: the main session (a ``stats`` command added to this repository, with its
correction, compaction, rewind and error) and the shorter one whose agent repeats a failing command."""

from __future__ import annotations

import copy
import json

from .material import HISTORY_AT
from .story import (
    BRANCH_PROMPT,
    CORRECTION,
    ERROR_COMMAND,
    FINAL_PROMPT,
    FIRST_REQUEST,
    FIX_COMMAND,
    FIX_TEXT,
    LOOP_COMMAND,
    LOOP_PROMPT,
    LOOP_REPEATS,
    LOOP_STOP,
    Branch,
    Compaction,
    Event,
    Prompt,
    Reply,
    Rewrite,
)
from .story_code import (
    CLI_JSONL,
    CLI_TABLE,
    IMPORTS_NEW,
    IMPORTS_OLD,
    README_STATS,
    RENDER_JSONL_NEW,
    RENDER_TABLE_OLD,
    STATS_V1,
    TEST_JSONL_NEW,
    TEST_STATS,
    TEST_TABLE_OLD,
    anchored_insert,
)
from .story_steps import StorySteps


class StoryTeller(StorySteps):
    """Writes the coding story: the user's requests, the agent's replies and the real tool results."""

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
