"""The recorded scenarios, each a plan of prompts and steps with the facts it plants."""

from __future__ import annotations

import sys
from typing import Any

from .material import (
    CLI_FOX,
    CLI_GLOB,
    CLI_QUOTE,
    COUNT_NEW,
    COUNT_OLD,
    DIVIDE_NEW,
    DIVIDE_OLD,
    FIL_NEW,
    FIL_OLD,
    FINDINGS_ANSWER,
    FIX_ANSWER,
    FLAGLESS_ANSWER,
    FOLLOWUP_ANSWER,
    GLOB_NEW,
    GLOB_OLD,
    GLOB_TEST_NEW,
    GLOB_TEST_OLD,
    HELLO_NEW,
    HELLO_OLD,
    IMPORT_NEW,
    IMPORT_OLD,
    LINT_NEW,
    LINT_OLD,
    LONG_ANSWER_1,
    LONG_ANSWER_2,
    LONG_FILES,
    LONG_REQUEST_1,
    LONG_REQUEST_2,
    LONG_TODO,
    LOOP_ANSWER,
    PYTEST,
    PYTEST_FAIL,
    QUOTE_NEW,
    QUOTE_OLD,
    SLUG_NEW,
    SLUG_OLD,
    STDLIB_COPIES,
    SWAP_NEW,
    SWAP_OLD,
    TK_TEST,
    TODO_ANSWER,
    TODOS_DONE,
    TODOS_START,
    WC_NEW,
    WC_OLD,
    WC_WORDS,
    stdlib_copies,
    step_numbers,
    todo_state,
)
from .plan import PROJECT_FILES, Prompt, Scenario, answer, edit, grep, read, sh, todo, tool_search, write


def long_session() -> Scenario:
    """About 50 tool calls over two prompts (the second after a resume) on a project with real-sized files:
    pytest failures, a compile error, a missing command, a crash, each fixed by an edit and re-run, with a todo
    list. The big reads (copies of textwrap, shlex, fnmatch) are in the second prompt: Gemini CLI writes the
    first prompt's records a second time when it resumes, so they would count twice there."""

    prompts = [Prompt(LONG_REQUEST_1, _long_first()), Prompt(LONG_REQUEST_2, _long_second())]
    n = step_numbers(prompts)
    files = LONG_FILES | stdlib_copies()
    return Scenario(
        name="long-session",
        about=(
            "a long coding session, two prompts (the second via resume), ~50 tool calls on a project with "
            "real-sized files (copies of textwrap, shlex, fnmatch): pytest failures, a compile error, a missing "
            "command, a todo list; then a CLI crash (AttributeError, ValueError) and a new option whose test fails "
            "twice (NameError, a wrong assertion); each failure fixed by an edit and re-run"
        ),
        prompts=prompts,
        failures=_long_failures(n),
        fixes=_long_fixes(n),
        passes=_long_passes(n),
        resolutions=_long_resolutions(n),
        decisions=[
            "Fixed the code, not the tests, and left the vendored wrap.py, lexer.py and patterns.py untouched.",
            "The quote problem is handled in cli.py, not in the vendored lexer.",
            "--glob uses the vendored fnmatch (shell-style patterns) rather than regular expressions.",
        ],
        pending=[
            "Install pycodestyle to get a real style check back in scripts/lint.sh.",
            "divide() in calc/ops.py still has no zero guard (its TODO).",
            "--glob is not documented in README.md yet.",
        ],
        extra=_long_extra(n, files),
        needs_gcc=True,
        files=files,
        max_bytes=400_000,
        resume_timing={"gemini": "next-minute"},
    )


def t(tag: str, step: dict[str, Any]) -> dict[str, Any]:
    """A step that facts name by ``tag`` (see plan.step_numbers)."""
    return dict(step, tag=tag)


def _long_first() -> list[dict[str, Any]]:
    """The first prompt: the failing tests, then the build and the lint target."""
    return [*_long_tests(), *_long_build()]


def _long_tests() -> list[dict[str, Any]]:
    return [
        tool_search("select:TaskCreate,TaskUpdate", only="claude", say="I'll track this in a task list."),
        todo(todo_state(0), say="Three problems; I'll track them in a todo list."),
        *[dict(todo(todo_state(0)), create=i, only="claude") for i in (2, 3)],
        sh("ls textkit tests src scripts", say="Let me look at the layout first.", desc="List the project"),
        read("README.md"),
        t("pytest-1", sh(PYTEST, say="Running the whole test suite.", desc="Run the test suite")),
        read("tests/test_textkit.py", say="Three failures. Reading the textkit tests."),
        read("textkit/slug.py", say="slugify() keeps the case; reading it."),
        t("fix-slug", edit("textkit/slug.py", SLUG_OLD, SLUG_NEW, say="slugify() must lowercase the words.")),
        t("tk-1", sh(TK_TEST, desc="Run the textkit tests")),
        grep("count_words", say="count_words() is still wrong. Where is it used?"),
        read("textkit/report.py"),
        t(
            "fix-count",
            edit(
                "textkit/report.py",
                COUNT_OLD,
                COUNT_NEW,
                say='split(" ") counts the empty strings between repeated spaces; split() does not.',
            ),
        ),
        t("tk-2", sh(TK_TEST, desc="Run the textkit tests")),
        t("pytest-2", sh(PYTEST, say="textkit passes. Now the whole suite.", desc="Run the test suite")),
        read("calc/ops.py", say="test_add in calc fails; reading calc/ops.py."),
        t("fix-add", edit("calc/ops.py", "    return a - b\n", "    return a + b\n", say="add() subtracts.")),
        t("pytest-3", sh(PYTEST, desc="Run the test suite")),
        dict(todo(todo_state(1)), update=1),
    ]


def _long_build() -> list[dict[str, Any]]:
    return [
        t("gcc-1", sh("mkdir -p build && gcc -Wall -o build/wc src/wc.c", say="Next, src/wc.c.", desc="Compile wc")),
        read("src/wc.c"),
        t("fix-wc", edit("src/wc.c", WC_OLD, WC_NEW, say="`nwords` is undeclared; the counter is `words`.")),
        t("wc-2", sh("make build/wc && ./build/wc < README.md", desc="Build wc and count README words")),
        dict(todo(todo_state(2)), update=2),
        t("lint-1", sh("make lint", say="Finally the lint target.", desc="Run make lint")),
        t("lint-2", sh("pycodestyle --version", desc="Check pycodestyle")),
        t("lint-3", sh("python3 -m pycodestyle --version", desc="Check pycodestyle as a module")),
        read("scripts/lint.sh", say="pycodestyle is not installed at all. Reading scripts/lint.sh."),
        t(
            "fix-lint",
            edit(
                "scripts/lint.sh",
                LINT_OLD,
                LINT_NEW,
                say="Without pycodestyle, lint can at least byte-compile our own modules.",
            ),
        ),
        t("lint-4", sh("make lint", desc="Run make lint again")),
        dict(todo(todo_state(3)), update=3),
        grep("TODO", say="Last, any TODOs left?"),
        answer(LONG_ANSWER_1),
    ]


def _long_second() -> list[dict[str, Any]]:
    """The second prompt, after a resume: a CLI crash, a quote problem, and a new option with its test."""
    return [
        t("cli-1", sh(CLI_FOX, say="Reproducing the crash first.", desc="Run the CLI")),
        read("textkit/cli.py"),
        grep("def fill", say="Checking what the vendored wrap module offers."),
        read("textkit/wrap.py"),
        t("fix-fil", edit("textkit/cli.py", FIL_OLD, FIL_NEW, say="`wrap.fil` is a typo for `wrap.fill`.")),
        t("cli-2", sh(CLI_FOX, desc="Run the CLI again")),
        t("quote-1", sh(CLI_QUOTE, say="Trying an apostrophe as well.", desc="Run the CLI with a quote")),
        grep("No closing quotation", say="The error comes from the vendored lexer."),
        read("textkit/lexer.py", lines=(133, 200), say="Reading read_token() around that line."),
        t(
            "fix-quote",
            edit(
                "textkit/cli.py",
                QUOTE_OLD,
                QUOTE_NEW,
                say="The lexer is vendored, so the CLI falls back to a plain split on an unbalanced quote.",
            ),
        ),
        t("quote-2", sh(CLI_QUOTE, desc="Run the CLI with a quote again")),
        read("textkit/patterns.py", say="Now --glob. Reading the vendored patterns module."),
        t("glob", edit("textkit/cli.py", GLOB_OLD, GLOB_NEW, say="Adding --glob next to --width.")),
        read("tests/test_textkit.py"),
        t("glob-test", edit("tests/test_textkit.py", GLOB_TEST_OLD, GLOB_TEST_NEW, say="And a test for it.")),
        t("tk-3", sh(TK_TEST, desc="Run the textkit tests")),
        t("fix-import", edit("textkit/cli.py", IMPORT_OLD, IMPORT_NEW, say="I forgot to import patterns.")),
        t("tk-4", sh(TK_TEST, desc="Run the textkit tests")),
        t(
            "fix-swap",
            edit(
                "textkit/cli.py",
                SWAP_OLD,
                SWAP_NEW,
                say="Nothing matched: fnmatch takes the name first, then the pattern.",
            ),
        ),
        t("tk-5", sh(TK_TEST, desc="Run the textkit tests")),
        t("glob-run", sh(CLI_GLOB, desc="Run the CLI with --glob")),
        t("pytest-4", sh(PYTEST, desc="Run the whole test suite")),
        answer(LONG_ANSWER_2),
    ]


def _long_failures(n: dict[str, int]) -> list[dict[str, Any]]:
    return [
        {"step": n["pytest-1"], "expect": "AssertionError: assert 'Hello-World' == 'hello-world'"},
        {"step": n["tk-1"], "expect": "AssertionError: assert 4 == 3"},
        {"step": n["pytest-2"], "expect": PYTEST_FAIL},
        {"step": n["gcc-1"], "expect": "error: 'nwords' undeclared", "exit_code": 1},
        {"step": n["lint-1"], "expect": "pycodestyle: not found", "exit_code": 2},
        {"step": n["lint-2"], "expect": "pycodestyle: command not found", "exit_code": 127},
        {"step": n["lint-3"], "expect": "No module named pycodestyle", "exit_code": 1},
        {"step": n["cli-1"], "expect": "AttributeError: module 'textkit.wrap' has no attribute 'fil'"},
        {"step": n["quote-1"], "expect": "ValueError: No closing quotation"},
        {"step": n["tk-3"], "expect": "NameError: name 'patterns' is not defined"},
        {"step": n["tk-4"], "expect": "AssertionError: assert '\\n' == 'banana berry\\n'"},
    ]


def _long_fixes(n: dict[str, int]) -> list[dict[str, Any]]:
    return [
        {"step": n["fix-slug"], "file": "textkit/slug.py", "old": SLUG_OLD, "new": SLUG_NEW},
        {"step": n["fix-count"], "file": "textkit/report.py", "old": COUNT_OLD, "new": COUNT_NEW},
        {"step": n["fix-add"], "file": "calc/ops.py", "old": "return a - b", "new": "return a + b"},
        {"step": n["fix-wc"], "file": "src/wc.c", "old": WC_OLD, "new": WC_NEW},
        {"step": n["fix-lint"], "file": "scripts/lint.sh", "old": LINT_OLD, "new": LINT_NEW},
        {"step": n["fix-fil"], "file": "textkit/cli.py", "old": FIL_OLD, "new": FIL_NEW},
        {"step": n["fix-quote"], "file": "textkit/cli.py", "old": QUOTE_OLD, "new": QUOTE_NEW},
        {"step": n["fix-import"], "file": "textkit/cli.py", "old": IMPORT_OLD, "new": IMPORT_NEW},
        {"step": n["fix-swap"], "file": "textkit/cli.py", "old": SWAP_OLD, "new": SWAP_NEW},
    ]


def _long_passes(n: dict[str, int]) -> list[dict[str, Any]]:
    return [
        {"step": n["tk-2"], "expect": "4 passed"},
        {"step": n["pytest-3"], "expect": "5 passed"},
        {"step": n["wc-2"], "expect": str(WC_WORDS)},
        {"step": n["lint-4"], "expect": "lint: 3 modules compile"},
        {"step": n["cli-2"], "expect": "the quick brown fox"},
        {"step": n["quote-2"], "expect": "it's a test"},
        {"step": n["tk-5"], "expect": "5 passed"},
        {"step": n["glob-run"], "expect": "banana berry"},
        {"step": n["pytest-4"], "expect": "6 passed"},
    ]


def _long_resolutions(n: dict[str, int]) -> list[dict[str, int]]:
    return [
        {"failure": n["pytest-1"], "fix": n["fix-slug"], "rerun": n["tk-2"]},
        {"failure": n["tk-1"], "fix": n["fix-count"], "rerun": n["tk-2"]},
        {"failure": n["pytest-2"], "fix": n["fix-add"], "rerun": n["pytest-3"]},
        {"failure": n["gcc-1"], "fix": n["fix-wc"], "rerun": n["wc-2"]},
        {"failure": n["lint-1"], "fix": n["fix-lint"], "rerun": n["lint-4"]},
        {"failure": n["lint-2"], "fix": n["fix-lint"], "rerun": n["lint-4"]},
        {"failure": n["lint-3"], "fix": n["fix-lint"], "rerun": n["lint-4"]},
        {"failure": n["cli-1"], "fix": n["fix-fil"], "rerun": n["cli-2"]},
        {"failure": n["quote-1"], "fix": n["fix-quote"], "rerun": n["quote-2"]},
        {"failure": n["tk-3"], "fix": n["fix-import"], "rerun": n["tk-5"]},
        {"failure": n["tk-4"], "fix": n["fix-swap"], "rerun": n["tk-5"]},
    ]


def _long_extra(n: dict[str, int], files: dict[str, str]) -> dict[str, Any]:
    return {
        "feature": {"turn": 2, "edit_step": n["glob"], "test_edit_step": n["glob-test"]},
        "todo_items": LONG_TODO,
        "project_files": {
            rel: {"bytes": len(text.encode())}
            | (
                {"copy_of": f"{STDLIB_COPIES[rel]}.py (Python {sys.version.split()[0]})"}
                if rel in STDLIB_COPIES
                else {}
            )
            for rel, text in sorted((PROJECT_FILES | files).items())
        },
    }


def scenarios(have_gcc: bool) -> list[Scenario]:
    out = [_fix_failing_test(), _followup(), _flagless_failures(), _loop(), _todo_write_long()]
    out.append(long_session())
    same = Scenario(**{**out[1].__dict__})
    same.name = "followup-same-minute"
    same.about = out[1].about + "; Gemini CLI only: both runs start in the same minute"
    same.hosts = ("gemini",)
    same.resume_timing = {"gemini": "same-minute"}
    out[1].resume_timing = {"gemini": "next-minute"}
    out.insert(2, same)
    return [s for s in out if have_gcc or not s.needs_gcc]


def _fix_failing_test() -> Scenario:
    """One prompt: a failing test fixed by a one-line edit."""
    return Scenario(
        name="fix-failing-test",
        about="one prompt: pytest fails (AssertionError), read, one-line edit, pytest passes, summary",
        prompts=[
            Prompt(
                "The test suite of this project fails. Please fix the failing test.",
                [
                    sh(PYTEST, say="I'll run the test suite first.", desc="Run the test suite"),
                    read("calc/ops.py", say="The assertion is about add(); let me read calc/ops.py."),
                    edit(
                        "calc/ops.py",
                        "    return a - b\n",
                        "    return a + b\n",
                        say="add() subtracts instead of adding. Fixing it.",
                    ),
                    sh(PYTEST, desc="Re-run the test suite"),
                    answer(FIX_ANSWER),
                ],
            )
        ],
        failures=[{"step": 1, "expect": PYTEST_FAIL}],
        fixes=[{"step": 3, "file": "calc/ops.py", "old": "return a - b", "new": "return a + b"}],
        passes=[{"step": 4, "expect": "1 passed"}],
        decisions=["Fixed the function rather than the test, because the test states the intended behaviour."],
        pending=["divide() still has no guard against division by zero (see its TODO)."],
    )


def _followup() -> Scenario:
    """Two prompts (the second via resume): findings, then an edit."""
    return Scenario(
        name="followup",
        about="two prompts in one session (second via resume): findings (grep, read, 3 findings), then an edit",
        prompts=[
            Prompt(
                "Review the calc package and list the three most important findings. Do not change anything yet.",
                [
                    grep("TODO", say="Looking for open TODOs first."),
                    read("calc/ops.py"),
                    answer(FINDINGS_ANSWER),
                ],
            ),
            Prompt(
                "Fix finding 2: divide() should raise ValueError when b is zero.",
                [
                    read("calc/ops.py", say="Re-reading calc/ops.py before editing."),
                    edit("calc/ops.py", DIVIDE_OLD, DIVIDE_NEW),
                    sh(
                        'python3 -c "from calc.ops import divide; print(divide(6, 3))"',
                        desc="Check divide still works",
                    ),
                    answer(FOLLOWUP_ANSWER),
                ],
            ),
        ],
        fixes=[{"step": 4, "file": "calc/ops.py", "old": DIVIDE_OLD, "new": DIVIDE_NEW}],
        passes=[{"step": 5, "expect": "2.0"}],
        decisions=["Raise ValueError instead of returning None, so callers cannot ignore the error."],
        pending=["Finding 1 (add() subtracts) is not fixed yet.", "Finding 3 (unused import os) is not fixed yet."],
        extra={
            "findings": [
                "add() in calc/ops.py subtracts (return a - b), so tests/test_ops.py::test_add fails.",
                "divide() has no guard against b == 0 (TODO); it raises ZeroDivisionError.",
                "calc/ops.py imports os but never uses it.",
            ]
        },
    )


def _flagless_failures() -> Scenario:
    """Several failing shell commands (exit codes only), then a fix and its re-run."""
    return Scenario(
        name="flagless-failures",
        about="several failing shell commands in a row (exit codes only), then an edit fixes one and it re-runs",
        prompts=[
            Prompt(
                "Check which of our build tools work here and fix what you can.",
                [
                    sh("false", say="Checking the tools one by one."),
                    sh("nosuchtool --version"),
                    sh('python3 -c "import nosuchmodule"'),
                    sh("gcc -Wall -c src/hello.c -o /dev/null"),
                    sh("make"),
                    read("src/hello.c", say="The compile error is in src/hello.c."),
                    edit("src/hello.c", HELLO_OLD, HELLO_NEW, say="Adding the missing semicolon."),
                    sh("make && ./build/hello", desc="Rebuild and run hello"),
                    answer(FLAGLESS_ANSWER),
                ],
            )
        ],
        failures=[
            {"step": 1, "expect": None, "exit_code": 1},
            {"step": 2, "expect": "nosuchtool: command not found", "exit_code": 127},
            {"step": 3, "expect": "ModuleNotFoundError: No module named 'nosuchmodule'", "exit_code": 1},
            {"step": 4, "expect": "error: expected", "exit_code": 1},
            {"step": 5, "expect": "make: *** [Makefile:3: build/hello] Error 1", "exit_code": 2},
        ],
        fixes=[{"step": 7, "file": "src/hello.c", "old": HELLO_OLD, "new": HELLO_NEW}],
        passes=[{"step": 8, "expect": "hello"}],
        pending=["nosuchtool and nosuchmodule are still missing."],
        needs_gcc=True,
    )


def _loop() -> Scenario:
    """The same failing command four times, then the model gives up."""
    return Scenario(
        name="loop",
        about="the same failing command 4 times identically, then the model gives up",
        prompts=[
            Prompt(
                "The test suite seems flaky. Run it until it passes.",
                [sh(PYTEST, say="Running the tests.", desc="Run the test suite")]
                + [sh(PYTEST, desc="Run the test suite") for _ in range(3)]
                + [answer(LOOP_ANSWER)],
            )
        ],
        failures=[{"step": i, "expect": PYTEST_FAIL} for i in (1, 2, 3, 4)],
        pending=["Fix add() in calc/ops.py (it returns a - b)."],
        extra={"loop": {"command": PYTEST, "repeats": 4, "steps": [1, 2, 3, 4]}},
    )


def _todo_write_long() -> Scenario:
    """A todo list, a new file written, a long shell output."""
    return Scenario(
        name="todo-write-long",
        about="a todo list, a Write of a new file, a long shell output (seq 1 6500, ~39 KB), todo update",
        prompts=[
            Prompt(
                "Write release notes to NOTES.md, then print the data set (the numbers 1 to 6500). "
                "Track the work in a todo list.",
                [
                    tool_search("select:TaskCreate,TaskUpdate", only="claude", say="I'll track this in a task list."),
                    todo(TODOS_START, say="I'll track this in a todo list."),
                    dict(todo(TODOS_START), create=2, only="claude"),
                    write("NOTES.md", "# Release notes\n\n- add() fixed\n- divide() guards zero (planned)\n"),
                    sh("seq 1 6500", desc="Print the numbers 1 to 6500"),
                    dict(todo(TODOS_DONE), update=1, only="claude"),
                    dict(todo(TODOS_DONE), update=2),
                    answer(TODO_ANSWER),
                ],
            )
        ],
        decisions=["Keep the notes in NOTES.md, not in README.md."],
        written={"step": 2, "file": "NOTES.md"},
        long_output={"step": 3, "command": "seq 1 6500", "chars": 31393, "last_line": "6500"},
    )
