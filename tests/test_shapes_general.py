"""Shapes read whatever the tool, the key or the runner: exit codes in any wording or tag, JSON wrappers with
output-like and code-like keys, a line led by the word error, TAP and failure counts in any runner's words,
a compiler's message on the line below its location, an exception behind a runner's marker; keys named in any
case (``CommandLine``, ``oldString``, ``TargetContent``), nested lists of edits, lists of command lines, and an
edit that marks the code it leaves out. The examples are written here for these tests, in the shapes of tools
the corpora do not hold."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mcp_context.conversation import failures, wrappers
from mcp_context.conversation.model import Block
from mcp_context.summary import calls


def call(name: str, args: dict[str, Any]) -> calls.Call:
    return calls.classify(Block(kind="tool_call", name=name, args=args))


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("build output\nCommand exited with code 2", 2),
        ("Task finished with exit code 0.", 0),
        ("exitcode: 1 (execution failed)\nCode output: boom", 1),
        ("<exit_status>3</exit_status>\n<output>\nboom\n</output>", 3),
        ("the exit code 1 means the lint failed, see the docs", None),  # prose goes on after the number
    ],
)
def test_an_exit_code_in_other_words_and_tags(text: str, code: int | None) -> None:
    assert failures.exit_code(text) == code


@pytest.mark.parametrize(
    ("wrapped", "output", "code"),
    [
        ({"returnCode": 2, "stdout": "compiling\n", "stderr": "fatal: no input\n"}, "compiling\nfatal: no input", 2),
        ({"result": {"combined_output": "ok\n", "exit": "0"}}, "ok", 0),
        ([{"stdout": "", "stderr": "boom\n", "outcome": {"type": "exit", "exitCode": 1}}], "boom", 1),
    ],
)
def test_json_around_an_output_is_read_through(wrapped: Any, output: str, code: int) -> None:
    assert wrappers.unwrapped(json.dumps(wrapped)) == (output, code)


def test_a_json_document_printed_is_no_wrapper() -> None:
    text = json.dumps({"name": "api", "status": 404, "retries": 3})
    assert wrappers.unwrapped(text) == (text, None)
    assert not failures.read_command(text).failed


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("Error: unknown flag --colour\nUsage: fmt [options]", "Error: unknown flag --colour"),
        ("loading config\nwarming cache\nFatal error: out of memory (allocated 512)", "Fatal error: out of memory"),
        ("total: 3\nError in summarise(df) : object 'amount' not found\nExecution halted", "Error in summarise(df)"),
    ],
)
def test_a_line_led_by_error_at_the_edge_of_an_output_fails_it(text: str, line: str) -> None:
    reading = failures.read_command(text)
    assert reading.failed and reading.line is not None and line in reading.line


def test_an_error_line_in_the_middle_of_a_long_log_is_no_failure() -> None:
    log = "\n".join([f"12:00:0{i} request served" for i in range(6)] + ["Error: upstream timeout, retried"])
    log += "\n" + "\n".join(f"12:01:0{i} request served" for i in range(6))
    assert not failures.read_command(log).failed


@pytest.mark.parametrize(
    ("text", "cause", "test"),
    [
        (
            "1..2\nok 1 - adds\nnot ok 2 - parses dates\n#   Failed test 'parses dates'\n"
            "Error: date out of range: 2024-13-01\n# Looks like you failed 1 test of 2.\n",
            "Error: date out of range: 2024-13-01",
            "not ok 2 - parses dates",
        ),
        (
            "running 4 specs\n  1) Cart totals\n     ** (ArithmeticError) bad argument in arithmetic expression\n"
            "4 specs, 1 failure\n",
            "(ArithmeticError) bad argument in arithmetic expression",
            "Cart totals",
        ),
    ],
)
def test_the_cause_is_told_with_the_test_in_other_runners(text: str, cause: str, test: str) -> None:
    reading = failures.read_command(text)
    assert reading.failed and reading.line is not None
    assert cause in reading.line and test in reading.line, reading.line


@pytest.mark.parametrize(
    "text",
    ["suite: 12 passed / 2 failures / 0 skipped", "Failed: 3.  Passed: 9.", "Result: FAIL"],
)
def test_a_failure_count_in_any_wording_fails_a_run(text: str) -> None:
    assert failures.read_command(f"running\n{text}\n").failed


@pytest.mark.parametrize("text", ["suite: 12 passed / 0 failures", "errors: 0, warnings: 2", "Result: PASS"])
def test_a_count_of_none_is_no_failure(text: str) -> None:
    assert not failures.read_command(f"running\n{text}\n").failed


def test_a_diagnostic_whose_message_is_on_the_next_line() -> None:
    text = "src/parse.zig:14:9: error:\n        use of undeclared identifier 'y'\n    const x: u8 = y;\n"
    line = failures.read_command(text).line or ""
    assert "src/parse.zig:14:9: error:" in line and "use of undeclared identifier 'y'" in line


@pytest.mark.parametrize(
    ("name", "args", "command"),
    [
        ("launch", {"CommandLine": "make -j4", "Cwd": "/w"}, "make -j4"),
        ("sandbox", {"commands": ["cd /w/app", "npm run lint"]}, "cd /w/app && npm run lint"),
        ("sandbox", {"cmds": ["deno test"]}, "deno test"),
        ("proc", {"shell_command": "ctest --output-on-failure"}, "ctest --output-on-failure"),
        ("exec", {"argv": ["python", "-m", "pytest", "tests/test a.py"]}, "python -m pytest 'tests/test a.py'"),
    ],
)
def test_a_command_under_a_key_of_any_spelling(name: str, args: dict[str, Any], command: str) -> None:
    found = call(name, args)
    assert (found.kind, found.target) == ("command", command)


@pytest.mark.parametrize(
    "args",
    [
        {"filePath": "a.py", "oldText": "x = 1", "newText": "x = 2"},
        {"FileUri": "a.py", "SearchBlock": "x = 1", "ReplaceBlock": "x = 2"},
        {"file": "a.py", "changes": [{"original_lines": "x = 1", "updated_lines": "x = 2"}]},
        {"TargetPath": "a.py", "Chunks": [{"TargetSnippet": "x = 1", "ReplacementSnippet": "x = 2"}]},
    ],
)
def test_an_edit_under_keys_of_any_spelling(args: dict[str, Any]) -> None:
    found = call("change", args)
    assert (found.kind, found.target, found.change) == ("edit", "a.py", "`x = 1` -> `x = 2`")


def test_a_write_under_keys_of_any_spelling() -> None:
    found = call("put", {"fileUri": "notes/a.md", "body": "# Notes\nfirst\n"})
    assert (found.kind, found.target, found.content) == ("write", "notes/a.md", "# Notes\nfirst\n")


def test_an_edit_that_marks_the_code_it_leaves_out_tells_only_its_new_lines() -> None:
    found = call("apply", {"target_file": "a.ts", "code_edit": "// ... existing code ...\nconst x = 2;\n// ..."})
    assert found.kind == "edit" and found.change is not None and "const x = 2;" in found.change
    assert "existing code" not in found.change


def test_only_new_text_without_markers_is_the_whole_file() -> None:
    found = call("apply", {"target_file": "a.ts", "code_edit": "const x = 2;\nexport { x };\n"})
    assert (found.kind, found.content) == ("write", "const x = 2;\nexport { x };\n")


def test_diff_hunks_given_apart_from_their_path_are_an_edit() -> None:
    found = call(
        "patch", {"op": "update", "file": "a.go", "hunks": "@@\n func f() int {\n-\treturn 1\n+\treturn 2\n }"}
    )
    assert (found.kind, found.target) == ("edit", "a.go") and found.change == "`return 1` -> `return 2`"


def test_every_line_added_is_a_whole_file_written() -> None:
    found = call("patch", {"op": "create", "file": "b.go", "hunks": "+package b\n+\n+const N = 3"})
    assert (found.kind, found.content) == ("write", "package b\n\nconst N = 3")


def test_an_old_new_pair_whose_text_starts_with_a_plus_is_no_diff() -> None:
    found = call("Edit", {"file_path": "t.rb", "old_string": "+ 23", "new_string": "+ 32"})
    assert (found.kind, found.change) == ("edit", "`+ 23` -> `+ 32`")


def test_a_path_inside_the_one_operation_of_a_call() -> None:
    found = call("fs_view", {"operations": [{"mode": "Line", "path": "/w/app.rb"}]})
    assert (found.kind, found.target) == ("read", "/w/app.rb")


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("test/util_test.tcl:14: expected 4 got 5\nexit status: 1", "test/util_test.tcl:14: expected 4 got 5"),
        ('Can\'t locate object method "total" via package "Cart" at lib/Shop.pm line 12.\nexit code 255', "line 12."),
        ("In deploy.sh line 3:\nrm $dir/*\n   ^--^ SC2086 (info): Double quote it.\nexit code 1", "SC2086 (info)"),
    ],
)
def test_the_line_that_says_why_in_other_tools_forms(text: str, line: str) -> None:
    reading = failures.read_command(text)
    assert reading.failed and reading.line is not None and line in reading.line, reading.line
