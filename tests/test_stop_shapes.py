"""Shapes of a run that stopped and of a file known in part, whatever tool printed them: a program killed by a
signal is told with the first frame of its own code, a tool that says it aborted is told with the message below,
Perl's syntax errors are its own diagnostics, a tagged answer's error element is the read's failure, reads nested
in argument groups or answered with attributes on their content, and reads from the first line to a last line.
Invented examples, none from a corpus part."""

from __future__ import annotations

import json
from typing import Any

from mcp_context.conversation import failures
from mcp_context.conversation.formats import adapter
from mcp_context.conversation.model import Block
from mcp_context.summary import calls, textual
from mcp_context.summary.facts import extract


def _history(steps: list[tuple[str, dict[str, Any], str]]) -> list[dict[str, Any]]:
    history: list[dict[str, Any]] = [{"role": "user", "content": "Fix the build."}]
    for n, (name, args, result) in enumerate(steps):
        call = {"id": f"c{n}", "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}
        history.append({"role": "assistant", "content": None, "tool_calls": [call]})
        history.append({"role": "tool", "tool_call_id": f"c{n}", "content": result})
    return history


def _changes(steps: list[tuple[str, dict[str, Any], str]]) -> list[str]:
    found = extract(adapter("openai").parse(_history(steps)))
    return [a.call.change or "" for a in found.actions if a.call.kind in ("edit", "write")]


ABORT_IN_LIBC = """\
Starting program: /w/calc/bin/calc

Program received signal SIGFPE, Arithmetic exception.
0x00007ffff7e1a3c4 in __divmod (a=4, b=0) at ../sysdeps/generic/divmod.c:31
31\t../sysdeps/generic/divmod.c: No such file or directory.
#0  0x00007ffff7e1a3c4 in __divmod (a=4, b=0) at ../sysdeps/generic/divmod.c:31
#1  0x0000555555555201 in average (xs=0x7fffffffe010, n=0) at src/stats.c:14
#2  0x0000555555555290 in main () at src/main.c:9
"""


def test_a_crash_is_told_with_the_first_frame_of_the_programs_own_code() -> None:
    reading = failures.read_command(ABORT_IN_LIBC)
    assert reading.failed
    assert reading.line == (
        "Program received signal SIGFPE, Arithmetic exception.; "
        "#1  0x0000555555555201 in average (xs=0x7fffffffe010, n=0) at src/stats.c:14"
    )
    # a frame already in the program's own code right below the signal
    own = "Program received signal SIGBUS, Bus error.\n0x0000555555555111 in poke (p=0x1) at io.c:8\n8\t  *p = 1;\n"
    assert failures.read_command(own).line == (
        "Program received signal SIGBUS, Bus error.; 0x0000555555555111 in poke (p=0x1) at io.c:8"
    )
    # a sanitizer's frames name the file after the function, lldb's after ``at``
    asan = "AddressSanitizer:DEADLYSIGNAL\nSegmentation fault\n    #0 0x4f1a in strcpy /usr/lib/libc.c:3\n"
    asan += "    #1 0x4f2b in copy_name /w/app/src/names.c:22:5\n"
    line = failures.read_command(asan).line or ""
    assert line.startswith("Segmentation fault") and line.endswith("; #1 0x4f2b in copy_name /w/app/src/names.c:22:5")
    shell = "$ ./pack out.bin\nIllegal instruction (core dumped)\n"
    assert failures.read_command(shell) == failures.Reading(True, "Illegal instruction (core dumped)")


def test_a_crash_with_no_frame_of_its_own_is_told_alone() -> None:
    text = "Program received signal SIGSEGV, Segmentation fault.\n0x00007ffff7e5 in memcpy () at /usr/src/memcpy.S:40\n"
    assert failures.read_command(text).line == "Program received signal SIGSEGV, Segmentation fault."


def test_a_tool_that_says_it_aborted_is_told_with_the_message_below() -> None:
    text = "deploy aborted!\nNo stage named 'prod-eu' in stages.yml\n\n(See full trace by running with --trace)\n"
    reading = failures.read_command(text)  # no exit code: the line that only says it stopped shows the failure
    assert reading == failures.Reading(True, "deploy aborted! No stage named 'prod-eu' in stages.yml")
    stopped = "gen: 2 templates\nBuild of target site aborted due to earlier errors.\n"
    assert failures.read_command(stopped).failed
    # a negation is no marker, and a log line that names an abort in passing is no failure
    assert not failures.read_command("no error\nall 3 pages built\n").failed
    assert not failures.read_command("retry 1 of 3\nthe old transaction was aborted and replayed\ndone\n").failed


def test_perls_syntax_error_is_its_first_diagnostic() -> None:
    text = (
        'syntax error at tools/gen.pl line 12, near ") {"\n'
        'Global symbol "$out" requires explicit package name (did you forget to declare "my $out"?) at '
        "tools/gen.pl line 13.\ntools/gen.pl had compilation errors.\n"
    )
    assert failures.quote(text, failed=True) == 'syntax error at tools/gen.pl line 12, near ") {"'


def test_a_tagged_answers_error_element_is_the_reads_failure() -> None:
    answer = (
        "<files>\n<file><path>docs/SETUP.md</path><error>Could not open docs/SETUP.md: gone</error></file>\n</files>"
    )
    assert failures.read_tool(answer, "docs/SETUP.md") == failures.Reading(True, "Could not open docs/SETUP.md: gone")
    # a file whose own text holds an error element is read, not failed
    page = '<files><file><path>a.xml</path><content lines="1-2">\n1 | <error>x</error>\n</content></file></files>'
    assert not failures.read_tool(page, "a.xml").failed


def test_a_read_written_with_its_path_nested_in_argument_groups_is_a_read() -> None:
    reply = "Looking first.\n\n<view_file>\n<args>\n<file>\n<path>src/a.c</path>\n</file>\n</args>\n</view_file>"
    block = textual.read_written(reply)
    assert block is not None and block.args == {"path": "src/a.c"}


def test_content_with_attributes_is_the_files_text() -> None:
    answer = '<file><path>a.py</path>\n<content lines="1-2">\n1 | x = 1\n2 | y = 2\n</content>\n</file>'
    steps = [("show", {"path": "a.py"}, answer), ("put_file", {"path": "a.py", "content": "x = 1\ny = 3\n"}, "ok")]
    assert _changes(steps) == ["`y = 2` -> `y = 3`"]


def test_a_read_from_the_first_line_to_a_last_line_is_a_read_with_that_limit() -> None:
    def classified(args: dict[str, Any]) -> calls.Call:
        return calls.classify(Block(kind="tool_call", name="view", args={"path": "a.py", **args}))

    assert (classified({"start_line": 1, "end_line": "40"}).limit, classified({"view_range": [1, 40]}).limit) == (
        40,
        40,
    )
    assert not classified({"start_line": 1, "end_line": 40}).partial and not classified({"view_range": [1, -1]}).partial
    assert classified({"start_line": 5, "end_line": 40}).partial and classified({"view_range": [5, 40]}).partial
    # fewer lines than asked for: the whole file, and a whole file written after it is told by what changed
    whole = _changes(
        [
            ("view", {"path": "a.py", "start_line": 1, "end_line": 40}, "1: x = 1\n2: y = 2"),
            ("put_file", {"path": "a.py", "content": "x = 1\ny = 3\n"}, "ok"),
        ]
    )
    assert whole == ["`y = 2` -> `y = 3`"]


def test_a_failures_two_reasons_are_cut_after_the_first_whole() -> None:
    first = "Global name 'total_amount' is not defined in module billing at line 12"
    line = f"{first}; Run of billing stopped on its errors."
    assert calls.cut(line, len(first) + 10, head=3) == f"{first} ... rors."
    assert calls.cut("`a; b; c = 1` -> `a; b; c = 2`", 20) == "`a; b;  ... ; c = 2`"  # code: head and tail alike


def test_a_stack_dump_or_a_crossed_check_at_an_outputs_edge_shows_a_failure() -> None:
    dumped = 'tcl: can\'t read "cfg(port)": no such element in array\nstack traceback:\n    in proc load_cfg\n'
    assert failures.read_command(dumped).failed
    crossed = "⧗   input: Added the thing\n✖   subject may not end with full stop [subject-full-stop]\n"
    assert failures.read_command(crossed).failed
    # a tick is a passed check, and a stack dump named inside a sentence is no dump
    assert not failures.read_command("✔ 4 checks passed\n✓ lint\n").failed
    assert not failures.read_command("docs: how to read a stack trace: see below\nbuilt 3 pages\n").failed
