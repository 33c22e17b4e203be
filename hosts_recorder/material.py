"""What the scenarios are made of: the answers the model gives, the files it edits, the long files it reads."""

from __future__ import annotations

from pathlib import Path

from .plan import Prompt

PYTEST = "python3 -m pytest -q"
PYTEST_FAIL = "AssertionError: add(2, 3) should be 5"

FIX_ANSWER = (
    "Fixed the failing test. `add()` in calc/ops.py returned `a - b`; it now returns `a + b`. "
    "`python3 -m pytest -q` passes now (1 passed).\n\n"
    "Decision: I fixed the function rather than the test, because the test states the intended behaviour.\n"
    "Pending: `divide()` still has no guard against division by zero (see its TODO)."
)

FINDINGS_ANSWER = (
    "Findings in the calc package:\n"
    "1. `add()` in calc/ops.py subtracts (`return a - b`), so tests/test_ops.py::test_add fails.\n"
    "2. `divide()` has no guard against `b == 0` (there is a TODO for it); it raises ZeroDivisionError.\n"
    "3. calc/ops.py imports `os` but never uses it.\n\n"
    "I have not changed anything yet."
)

FOLLOWUP_ANSWER = (
    'Done: `divide()` now raises `ValueError("b must not be zero")` when `b == 0`; `divide(6, 3)` still '
    "returns 2.0.\n\n"
    "Decision: raise ValueError instead of returning None, so callers cannot ignore the error.\n"
    "Pending: finding 1 (`add()` subtracts) and finding 3 (unused `import os`) are not fixed yet."
)

FLAGLESS_ANSWER = (
    "Summary of the failures:\n"
    "- `false` exited with status 1 (no output).\n"
    "- `nosuchtool` is not installed (command not found, exit 127).\n"
    "- `import nosuchmodule` fails with ModuleNotFoundError.\n"
    '- src/hello.c did not compile: a missing `;` after `printf("hello\\n")`; so `make` failed too.\n\n'
    "I added the missing semicolon in src/hello.c; `make && ./build/hello` now builds and prints `hello`.\n"
    "Pending: nosuchtool and nosuchmodule are still missing; install them if you need them."
)

LOOP_ANSWER = (
    "The test failed 4 times in a row with the identical error (AssertionError: add(2, 3) should be 5), so it "
    "is not flaky: `add()` is wrong. I stopped retrying.\n"
    "Pending: fix `add()` in calc/ops.py (it returns `a - b`)."
)

TODO_ANSWER = (
    "Wrote NOTES.md with the release notes and printed the data (6500 lines, 1..6500). Both todo items are done.\n"
    "Decision: keep the notes in NOTES.md, not in README.md."
)

TODOS_START = [("Write NOTES.md", "in_progress"), ("Print the numbers 1 to 6500", "pending")]
TODOS_DONE = [("Write NOTES.md", "completed"), ("Print the numbers 1 to 6500", "completed")]
HELLO_OLD = 'printf("hello\\n")\n'
HELLO_NEW = 'printf("hello\\n");\n'
DIVIDE_OLD = "    # TODO: guard against b == 0\n    return a / b\n"
DIVIDE_NEW = '    if b == 0:\n        raise ValueError("b must not be zero")\n    return a / b\n'


# ------------------------------------------------------------------------------------------- long session

# The long-session scenario works on a bigger scratch project: the calc package above plus "textkit", whose
# wrap/lexer/patterns modules are copies of the standard library's textwrap, shlex and fnmatch (taken from the
# Python that runs this script), so the reads carry real-sized real text.
STDLIB_COPIES = {"textkit/wrap.py": "textwrap", "textkit/lexer.py": "shlex", "textkit/patterns.py": "fnmatch"}

LONG_FILES = {
    "textkit/__init__.py": '"""textkit: small text utilities (wrap, lexer, patterns: vendored stdlib copies)."""\n',
    "textkit/slug.py": (
        '"""Slugs for report titles."""\n'
        "import re\n"
        "\n"
        "\n"
        "def slugify(title):\n"
        '    """"Hello World" -> "hello-world"."""\n'
        '    words = re.findall(r"[A-Za-z0-9]+", title)\n'
        '    return "-".join(words)\n'
    ),
    "textkit/report.py": (
        '"""Plain-text reports built on the vendored wrap module."""\n'
        "from textkit import wrap\n"
        "from textkit.slug import slugify\n"
        "\n"
        "\n"
        "def count_words(text):\n"
        '    return len(text.split(" "))\n'
        "\n"
        "\n"
        "def format_report(title, body, width=72):\n"
        '    header = f"{title} [{slugify(title)}]"\n'
        '    lines = [header, "=" * len(header), wrap.fill(body, width=width)]\n'
        '    lines.append(f"({count_words(body)} words)")\n'
        '    return "\\n".join(lines)\n'
    ),
    "textkit/cli.py": (
        '"""python3 -m textkit.cli [--width N] TEXT...: prints the words of TEXT, wrapped to N columns."""\n'
        "import sys\n"
        "\n"
        "from textkit import lexer, wrap\n"
        "\n"
        "\n"
        "def main(argv=None):\n"
        "    argv = list(sys.argv[1:] if argv is None else argv)\n"
        "    width = 40\n"
        '    if argv[:1] == ["--width"]:\n'
        "        width, argv = int(argv[1]), argv[2:]\n"
        '    words = lexer.split(" ".join(argv))\n'
        '    print(wrap.fil(" ".join(words), width=width))\n'
        "    return 0\n"
        "\n"
        "\n"
        'if __name__ == "__main__":\n'
        "    sys.exit(main())\n"
    ),
    "tests/test_textkit.py": (
        "from textkit import lexer, patterns, wrap\n"
        "from textkit.report import count_words, format_report\n"
        "from textkit.slug import slugify\n"
        "\n"
        "\n"
        "def test_slugify_lowercases():\n"
        '    assert slugify("Hello World") == "hello-world"\n'
        "\n"
        "\n"
        "def test_count_words_ignores_repeated_spaces():\n"
        '    assert count_words("one  two three") == 3\n'
        "\n"
        "\n"
        "def test_format_report_wraps_at_width():\n"
        '    out = format_report("Notes", "word " * 30, width=40)\n'
        "    assert max(len(line) for line in out.splitlines()) <= 40\n"
        "\n"
        "\n"
        "def test_vendored_modules_work():\n"
        '    assert lexer.split("a \'b c\'") == ["a", "b c"]\n'
        '    assert patterns.fnmatch("notes.txt", "*.txt")\n'
        '    assert wrap.fill("a b", width=10) == "a b"\n'
    ),
    "src/wc.c": (
        "#include <ctype.h>\n"
        "#include <stdio.h>\n"
        "\n"
        "/* Counts the words on stdin, like `wc -w`. */\n"
        "int main(void) {\n"
        "    int c, in_word = 0;\n"
        "    long words = 0;\n"
        "    while ((c = getchar()) != EOF) {\n"
        "        if (isspace(c)) {\n"
        "            in_word = 0;\n"
        "        } else if (!in_word) {\n"
        "            in_word = 1;\n"
        "            nwords++;\n"
        "        }\n"
        "    }\n"
        '    printf("%ld\\n", words);\n'
        "    return 0;\n"
        "}\n"
    ),
    "Makefile": (
        "build/hello: src/hello.c\n\tmkdir -p build\n\tgcc -Wall -o build/hello src/hello.c\n\n"
        "build/wc: src/wc.c\n\tmkdir -p build\n\tgcc -Wall -o build/wc src/wc.c\n\n"
        ".PHONY: lint\nlint:\n\tsh scripts/lint.sh\n"
    ),
    "scripts/lint.sh": (
        "#!/bin/sh\n"
        "# Style check of our own modules (the vendored wrap, lexer and patterns are left out).\n"
        "pycodestyle --max-line-length=100 textkit/cli.py textkit/report.py textkit/slug.py\n"
    ),
    "README.md": (
        "# calc and textkit\n\n"
        "Two tiny packages: `calc` (arithmetic) and `textkit` (slugs, word counts, wrapped reports and a CLI).\n"
        "`textkit/wrap.py`, `textkit/lexer.py` and `textkit/patterns.py` are vendored copies of the standard\n"
        "library's textwrap, shlex and fnmatch: do not edit them.\n\n"
        "- tests: `python3 -m pytest -q`\n"
        "- CLI: `python3 -m textkit.cli --width 20 some words`\n"
        "- word counter: `make build/wc && ./build/wc < README.md`\n"
        "- lint: `make lint`\n"
    ),
}


def stdlib_copies() -> dict[str, str]:
    import importlib

    return {rel: Path(importlib.import_module(mod).__file__ or "").read_text() for rel, mod in STDLIB_COPIES.items()}


def step_numbers(prompts: list[Prompt]) -> dict[str, int]:
    """tag -> the step's number among the steps both hosts play (what facts name), 1-based."""
    common = [s for p in prompts for s in p.steps if s["op"] != "answer" and "only" not in s]
    return {s["tag"]: i + 1 for i, s in enumerate(common) if "tag" in s}


TK_TEST = "python3 -m pytest -q tests/test_textkit.py"
CLI_FOX = 'python3 -m textkit.cli --width 20 "the quick brown fox jumps over the lazy dog"'
CLI_QUOTE = 'python3 -m textkit.cli --width 20 "it\'s a test"'
CLI_GLOB = "python3 -m textkit.cli --glob 'b*' apple banana berry cherry"
WC_WORDS = len(LONG_FILES["README.md"].split())
LINT_OLD = "pycodestyle --max-line-length=100 textkit/cli.py textkit/report.py textkit/slug.py\n"
LINT_NEW = 'python3 -m py_compile textkit/cli.py textkit/report.py textkit/slug.py && echo "lint: 3 modules compile"\n'
SLUG_OLD, SLUG_NEW = '    return "-".join(words)\n', '    return "-".join(w.lower() for w in words)\n'
COUNT_OLD, COUNT_NEW = '    return len(text.split(" "))\n', "    return len(text.split())\n"
WC_OLD, WC_NEW = "            nwords++;\n", "            words++;\n"
FIL_OLD = '    print(wrap.fil(" ".join(words), width=width))\n'
FIL_NEW = '    print(wrap.fill(" ".join(words), width=width))\n'
QUOTE_OLD = '    words = lexer.split(" ".join(argv))\n'
QUOTE_NEW = (
    "    try:\n"
    '        words = lexer.split(" ".join(argv))\n'
    "    except ValueError:  # an unbalanced quote (it's): take the words as they are\n"
    '        words = " ".join(argv).split()\n'
)
GLOB_OLD = (
    "    width = 40\n"
    '    if argv[:1] == ["--width"]:\n'
    "        width, argv = int(argv[1]), argv[2:]\n" + QUOTE_NEW + FIL_NEW
)
GLOB_NEW = (
    "    width, pattern = 40, None\n"
    '    while argv[:1] in (["--width"], ["--glob"]):\n'
    '        if argv[0] == "--width":\n'
    "            width = int(argv[1])\n"
    "        else:\n"
    "            pattern = argv[1]\n"
    "        argv = argv[2:]\n" + QUOTE_NEW + "    if pattern is not None:\n"
    "        words = [w for w in words if patterns.fnmatch(pattern, w)]\n" + FIL_NEW
)
IMPORT_OLD, IMPORT_NEW = "from textkit import lexer, wrap\n", "from textkit import lexer, patterns, wrap\n"
SWAP_OLD, SWAP_NEW = "patterns.fnmatch(pattern, w)", "patterns.fnmatch(w, pattern)"
GLOB_TEST_OLD = '    assert wrap.fill("a b", width=10) == "a b"\n'
GLOB_TEST_NEW = GLOB_TEST_OLD + (
    "\n"
    "\n"
    "def test_cli_glob_keeps_matching_words(capsys):\n"
    "    from textkit.cli import main\n"
    "\n"
    '    main(["--glob", "b*", "apple", "banana", "berry", "cherry"])\n'
    '    assert capsys.readouterr().out == "banana berry\\n"\n'
)

LONG_TODO = ["Fix the failing tests", "Fix the build of src/wc.c", "Make `make lint` work"]


def todo_state(done: int) -> list[tuple[str, str]]:
    """The todo list with the first `done` items completed and the next one in progress."""
    return [
        (t, "completed" if i < done else "in_progress" if i == done else "pending") for i, t in enumerate(LONG_TODO)
    ]


LONG_REQUEST_1 = (
    "This repo is in bad shape: the tests fail, src/wc.c does not build and `make lint` fails. Fix those three "
    "(leave the vendored textkit/wrap.py, lexer.py and patterns.py alone) and track the work in a todo list."
)
LONG_REQUEST_2 = (
    "Thanks. Next, `python3 -m textkit.cli` crashes: fix it, then add a `--glob PATTERN` option that keeps only "
    "the words matching PATTERN (use textkit.patterns), with a test."
)
LONG_ANSWER_1 = (
    "All three are fixed; the whole suite passes (`python3 -m pytest -q`: 5 passed).\n"
    "- Tests: `slugify()` kept the case (it now lowercases the words) and `count_words()` split on single spaces, "
    "counting the empty strings between repeated spaces (it now uses `text.split()`). The whole suite then showed "
    "`add()` in calc/ops.py returning `a - b`; it now returns `a + b`.\n"
    f"- src/wc.c used the undeclared `nwords`; it now counts in `words`, and `./build/wc < README.md` prints "
    f"{WC_WORDS}.\n"
    "- `make lint` runs scripts/lint.sh, which called pycodestyle: it is not installed (command not found, and no "
    "module either). The script now byte-compiles our three modules with `python3 -m py_compile`.\n\n"
    "Decision: I fixed the code, not the tests, and left the vendored wrap.py, lexer.py and patterns.py untouched.\n"
    "Pending: install pycodestyle to get a real style check back in scripts/lint.sh; `divide()` in calc/ops.py "
    "still has no zero guard (its TODO)."
)
LONG_ANSWER_2 = (
    "The CLI works again and has `--glob`.\n"
    "- The crash: textkit/cli.py called `wrap.fil` (AttributeError); it now calls `wrap.fill`. An unbalanced quote "
    "such as `it's` then made the vendored lexer raise `ValueError: No closing quotation`; the CLI now falls back "
    "to a plain split in that case.\n"
    "- `--glob PATTERN` keeps only the words matching PATTERN (via `textkit.patterns.fnmatch`): "
    "`python3 -m textkit.cli --glob 'b*' apple banana berry cherry` prints `banana berry`. The new test "
    "`test_cli_glob_keeps_matching_words` failed twice first: I had not imported `patterns` (NameError), then I "
    "had passed fnmatch's arguments the wrong way round. The whole suite passes (6 passed).\n\n"
    "Decision: the quote problem is handled in cli.py, not in the vendored lexer, and --glob uses the vendored "
    "fnmatch (shell-style patterns) rather than regular expressions, so it matches what users type in a shell.\n"
    "Pending: --glob is not documented in README.md yet."
)
