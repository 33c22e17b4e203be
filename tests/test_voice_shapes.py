"""Failures told in a program's own voice and calls written in fields and fences: a program that names itself
before its message (``sed: ...``), a line that says only that a run failed (an exit status, an error said to have
occurred, errors said to be encountered, a count), a line a tool cut short, a place printed under its rule's
message, and calls written as labelled fields or in a fence named for running, answered in a fence or under labels
named for output. Invented examples, none from a corpus part."""

from __future__ import annotations

from mcp_context.conversation import failures, wrappers
from mcp_context.conversation.formats import adapter
from mcp_context.conversation.model import Block
from mcp_context.summary import calls, textual
from mcp_context.summary.facts import extract


def test_a_program_that_names_itself_with_a_word_of_failure_failed_though_no_code_was_written() -> None:
    said = "sed: -e expression #1, char 9: unterminated `s' command\n"
    assert failures.read_command(said, "sh release.sh") == failures.Reading(True, said.strip())
    assert not failures.read_command("tar: Removing leading `/' from member names\n", "tar -cf a.tar /w").failed
    assert not failures.read_command("info: cache entry not found, fetching\n", "sh fetch.sh").failed


def test_a_line_that_points_at_the_errors_before_it_is_told_with_them() -> None:
    text = "tar: docs/a.html: Not in the archive\ntar: Exiting with failure status due to previous errors\n"
    line = failures.read_command(text + "Exit code: 2").line or ""
    assert line.startswith("tar: docs/a.html: Not in the archive")


def test_a_short_place_is_told_with_the_message_on_the_next_line() -> None:
    text = "Syntax error reading source at (app/core.clj:8:1).\nEOF while reading, starting at line 3\n"
    assert failures.read_command(text + "Exit code: 1").line == (
        "Syntax error reading source at (app/core.clj:8:1). EOF while reading, starting at line 3"
    )


def test_an_exit_status_or_an_error_said_to_have_occurred_is_told_with_the_error_itself() -> None:
    text = "api:build: Error: ENOENT: no such file or directory, open 'rates.json'\n"
    text += " ERROR  run failed: command  exited (1)\n"
    line = failures.read_command(text + "Exit code: 1").line or ""
    assert line.startswith("api:build: Error: ENOENT: no such file or directory")
    text = (
        'Traceback (most recent call last):\n  File "run.py", line 3, in <module>\n'
        "runner.CellError: An error occurred while executing the following cell:\n------\nx = d['k']\n------\n\n"
        "KeyError: 'k'\n"
    )
    assert "KeyError: 'k'" in (failures.read_command(text + "Exit code: 1").line or "")


def test_a_line_the_tool_cut_short_is_told_whole_from_where_it_printed_it_whole() -> None:
    text = (
        "E   ValueError: the quantity must be positive, got -3\n\ncart.py:9: ValueError\n"
        "FAILED test_cart.py::test_total - ValueError: the quantity must be pos...\n1 failed in 0.02s\n"
    )
    assert "ValueError: the quantity must be positive, got -3" in (failures.read_command(text).line or "")


def test_a_place_under_its_rules_message_is_told_with_that_message() -> None:
    text = "WARNING  Listing 1 violation\nshell-quote: Arguments should be quoted.\nplay.yml:7 Task/Handler: run it\n"
    assert (failures.read_command(text + "Exit code: 2").line or "").startswith("shell-quote: Arguments should be")


def test_errors_said_to_be_encountered_are_a_failure_told_by_the_finding() -> None:
    text = "Schema validation errors were encountered.\n  conf/a.json::$: 'port' is a required property\n"
    reading = failures.read_command(text, "check-schema conf/a.json")
    assert reading.failed and "'port' is a required property" in (reading.line or "")
    assert not failures.read_command("No schema validation errors were found.\n").failed


def _turns(*texts: str) -> list[dict[str, str]]:
    roles = ["user", *["assistant", "user"] * len(texts)]
    return [{"role": role, "content": text} for role, text in zip(roles, ["Fix the build.", *texts], strict=False)]


def test_code_in_a_fence_named_for_running_is_a_call_and_a_fence_named_for_output_its_answer() -> None:
    run = '```tool_code\nimport subprocess\nsubprocess.run("make check", shell=True)\n```'
    history = _turns(run, "```tool_output\nCode execution result:\nmain.c:3:1: error: expected ';'\nexit code: 2\n```")
    (action,) = extract(adapter("openai").parse(history)).actions
    assert action.call.target == "make check" and action.failed and "expected ';'" in action.outcome


def test_a_call_written_as_labelled_fields_is_that_call_and_labels_named_for_output_its_answer() -> None:
    call = (
        "[[ ## next_thought ## ]]\nLook first.\n\n[[ ## next_tool_name ## ]]\nread_file\n\n"
        '[[ ## next_tool_args ## ]]\n{"path": "/w/app.py"}\n\n[[ ## completed ## ]]'
    )
    answer = (
        "[[ ## trajectory ## ]]\n[[ ## observation_0 ## ]]\nExecution error in read_file: \n"
        'Traceback (most recent call last):\n  File "t.py", line 2, in read_file\n'
        "FileNotFoundError: [Errno 2] No such file or directory: '/w/app.py'"
    )
    assert textual.json_calls_written(call)[0].args == {"path": "/w/app.py"}
    (action,) = extract(adapter("openai").parse(_turns(call, answer))).actions
    assert action.call.kind == "read" and action.failed and action.outcome.startswith("FileNotFoundError")


def test_a_line_that_says_why_is_elsewhere_is_told_with_the_reason_it_points_at() -> None:
    text = (
        'sync: [sender] change_dir "/w/site" failed: No such file or directory (2)\n'
        "sync error: some files were not transferred (see previous errors) (code 23) at main.c(1394)\n"
    )
    assert (failures.read_command(text + "Exit code: 23").line or "").startswith('sync: [sender] change_dir "/w/site"')
    text = (
        "    [javac] Stock.java:5: error: incompatible types: String cannot be converted to int\n\nBUILD FAILED\n"
        "/w/build.xml:4: Compile failed; see the compiler error output for details.\n"
    )
    assert "incompatible types" in (failures.read_command(text + "Exit code: 1").line or "")


def test_an_error_said_to_be_encountered_is_told_by_the_lines_below_it() -> None:
    text = "10:01:02  Encountered an error:\nCompilation Error\n  Model 'orders' needs 'stg' which was not found\n"
    assert "which was not found" in (failures.read_command(text + "Exit code: 2").line or "")


def test_an_exception_whose_message_is_only_a_path_is_told_with_the_reason_printed_before_it() -> None:
    text = (
        "lib/stats.pyx:15:11: undeclared name not builtin: lenght\nTraceback (most recent call last):\n"
        '  File "/v/bin/cythonize", line 8, in <module>\nCompileError: /w/lib/stats.pyx\n'
    )
    assert "undeclared name not builtin: lenght" in (failures.read_command(text + "Exit code: 1").line or "")


def test_a_code_and_an_output_label_on_one_line_wrap_the_output_below() -> None:
    assert wrappers.unwrapped("Exit code: 1, Output:\ncat: a.md: No such file or directory\n") == (
        "cat: a.md: No such file or directory\n",
        1,
    )


def test_an_edit_or_a_write_nested_in_one_object_is_read_inside_it() -> None:
    edit = calls.classify(
        Block(
            kind="tool_call",
            name="edit_file",
            args={"payload": {"file_path": "/w/a.c", "replacements": [{"old_str": "x = 1;", "new_str": "x = 2;"}]}},
        )
    )
    assert edit.kind == "edit" and edit.replaced == [("x = 1;", "x = 2;")]
    write = calls.classify(
        Block(
            kind="tool_call", name="edit", args={"filePath": "/w/a.yml", "edit": {"type": "rewrite", "text": "a: 1\n"}}
        )
    )
    assert write.kind == "write" and write.content == "a: 1\n"
