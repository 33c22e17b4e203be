"""Calls and answers wrapped the ways agents wrap them: a call written as data in a ``~~~`` fence with its
arguments under ``tool_args``, the answer as data under ``tool_result``, a script given to ``python3 -c`` in shell
quotes that edits a file, a one-member envelope (``{"data": ...}``) around an output or an error, streams labelled
on their first line, and a list of files written or read. Invented examples, none from a corpus part."""

from __future__ import annotations

import json
import shlex
from typing import Any

from mcp_context.conversation import edits, failures, wrappers
from mcp_context.conversation.formats import adapter
from mcp_context.conversation.model import Block
from mcp_context.summary import calls, reads, textual
from mcp_context.summary.facts import extract


def _reply(call: dict[str, Any]) -> str:
    return "~~~json\n" + json.dumps({"thoughts": ["Next step."], **call}, indent=4) + "\n~~~"


def _answer(result: str) -> str:
    return "~~~json\n" + json.dumps({"tool_name": "shell_tool", "tool_result": result}, indent=4) + "\n~~~"


def test_a_call_written_as_data_in_a_tilde_fence_is_carried_out_and_answered() -> None:
    edit = "import pathlib; p = pathlib.Path('/w/app.py'); p.write_text(p.read_text().replace('x = 1', 'x = 2', 1))"
    history = [
        {"role": "user", "content": "Fix the build."},
        {"role": "assistant", "content": _reply({"tool_name": "shell_tool", "tool_args": {"code": "make check"}})},
        {"role": "user", "content": _answer("app.py:3: error: x must be 2\nmake: *** [check] Error 1\n")},
        {
            "role": "assistant",
            "content": _reply({"tool_name": "shell_tool", "tool_args": {"code": "python3 -c " + shlex.quote(edit)}}),
        },
        {"role": "user", "content": _answer("")},
        {"role": "assistant", "content": _reply({"tool_name": "shell_tool", "tool_args": {"code": "make check"}})},
        {"role": "user", "content": _answer("all good\n")},
    ]
    found = extract(adapter("openai").parse(history))
    failure = found.failures[0]
    assert failure.action.outcome.startswith("app.py:3: error: x must be 2")
    assert failure.fixed_by is not None and failure.edits and failure.edits[0].call.change == "`x = 1` -> `x = 2`"
    assert textual.prose(history[1]["content"]) == ""  # the data is the call, not the reply's words


def test_a_shell_quoted_script_that_edits_or_writes_a_file_is_that_change() -> None:
    edit = "from pathlib import Path; p = Path('a.txt'); p.write_text(p.read_text().replace(\"it's\", 'it is'))"
    assert edits.shell_change("python3 -c " + shlex.quote(edit)) == ("a.txt", "edit", "it's", "it is")
    write = "open('b.cfg', 'w').write('port = 8080\\n')"
    assert edits.shell_change("python -c " + shlex.quote(write)) == ("b.cfg", "write", "", "port = 8080\n")


def test_a_one_member_envelope_is_read_for_what_it_holds() -> None:
    failed = json.dumps({"data": "Command failed: exit status 2 \nstdout: lib/a.rb:4: syntax error\n\nstderr: "})
    assert failures.read_command(failed) == failures.Reading(True, "lib/a.rb:4: syntax error", 2)
    missing = json.dumps({"result": "Error: NotFound: no file at /w/README.md"})
    assert failures.read_tool(missing, "/w/README.md") == failures.Reading(
        True, "Error: NotFound: no file at /w/README.md"
    )
    assert wrappers.enveloped('{"a": 1, "b": "x"}') == '{"a": 1, "b": "x"}'  # two members: no envelope


def test_streams_labelled_on_their_first_line_are_the_output() -> None:
    assert wrappers.unwrapped("exit status 1\nstdout: one\ntwo\nstderr: oops\n") == ("one\ntwo\noops", 1)
    assert (
        wrappers.unwrapped("stdout: a line the program printed\nmore")[0] == "stdout: a line the program printed\nmore"
    )


def test_a_list_of_one_file_written_or_read_is_that_file() -> None:
    call = calls.classify(
        Block(kind="tool_call", name="saveFiles", args={"files": [{"path": "/w/a.py", "content": "x = 2\n"}]})
    )
    assert (call.kind, call.target, call.content) == ("write", "/w/a.py", "x = 2\n")
    answer = json.dumps({"data": json.dumps([{"path": "/w/a.py", "content": "x = 1\n"}])})
    assert reads.file_text(answer) == "x = 1\n"
    plain = json.dumps({"data": json.dumps({"version": 2, "content": "kept"})})  # a JSON file's own text
    assert reads.file_text(plain) == json.dumps({"version": 2, "content": "kept"})


def test_a_call_given_as_data_after_a_few_words_and_answered_with_nothing_is_carried_out() -> None:
    edit = "import pathlib; p = pathlib.Path('/w/a.c'); p.write_text(p.read_text().replace('n = 0', 'n = 1', 1))"
    history = [
        {"role": "user", "content": "Fix the build."},
        {"role": "assistant", "content": '{"code": "make", "description": "Build."}'},
        {"role": "user", "content": "a.c:3: error: n must not be 0\nmake: *** [all] Error 1"},
        {"role": "assistant", "content": "Fixing a.c.\n\n" + json.dumps({"code": "python3 -c " + shlex.quote(edit)})},
        {"role": "user", "content": ""},  # the edit printed nothing
        {"role": "assistant", "content": '{"code": "make", "description": "Build again."}'},
        {"role": "user", "content": "built a.out"},
    ]
    found = extract(adapter("openai").parse(history))
    assert [a.call.change for a in found.actions if a.call.kind == "edit"] == ["`n = 0` -> `n = 1`"]
    assert found.failures[0].fixed_by is not None
    assert textual.json_calls_written("It printed {x} as shown.\n{not data}") == []


def test_an_error_element_holding_only_the_status_gives_way_to_the_output_in_its_result_element() -> None:
    answer = "<error>\nExited with code 3\n</error>\n<result>\nStale entries\n* cache/old.bin\n</result>\n"
    assert wrappers.unwrapped(answer) == ("Stale entries\n* cache/old.bin", 3)
    call = calls.classify(Block(kind="tool_call", name="run", args={"command": "prune --check"}))
    failed, line = calls.outcome(call, Block(kind="tool_result", text=answer))
    assert failed and line == "exit code 3: Stale entries; * cache/old.bin"
    # a result element inside what a command printed is its own text
    printed = "Exit code: 0\n<report><result>ok</result></report>\n"
    assert wrappers.unwrapped(printed)[0] == "<report><result>ok</result></report>\n"


def test_an_output_label_leading_the_first_line_of_the_output_is_the_hosts() -> None:
    answer = "Command failed: exit status 2\nOutput: Unknown flag --fast\nUsage: build [--quick]\n"
    assert wrappers.unwrapped(answer) == ("Unknown flag --fast\nUsage: build [--quick]\n", 2)


def test_a_file_named_as_a_folder_and_a_file_name_under_two_keys_is_the_two_joined() -> None:
    from mcp_context.summary import keyed

    assert keyed.path_of({"path": "/w/site", "filename": "conf/app.toml", "content": "x"}) == "/w/site/conf/app.toml"
    assert keyed.path_of({"dir": "/w/site/", "file_name": "./a.py"}) == "/w/site/a.py"
    # a path that is a file's already, or a name that is no file's, is read as before
    assert keyed.path_of({"path": "/w/site/a.py", "name": "a.py"}) == "/w/site/a.py"
    assert keyed.path_of({"path": "/w/site", "name": "cleanup"}) == "/w/site"


def test_an_exit_code_in_a_hosts_shorter_words_is_read() -> None:
    listing = "pkg/a.go\npkg/b.go"
    for shaped in (
        f"{listing}\n[exit 1]",
        f"{listing}\n(exit 1)",
        f"{listing}\nExit: 1",
        f"{listing}\nProcess exited with non-zero status 1",
        f"Return code 1. Output:\n{listing}",
    ):
        assert failures.read_command(shaped, "gofmt -l .").exit_code == 1, shaped
    assert failures.read_command(f"{listing}\n[exit 0]", "gofmt -l .") == failures.Reading(False, None, 0)
    # a shell script's own ``exit 1``, printed, is no host's exit code
    script = '#!/bin/sh\nif [ -z "$1" ]; then\n  exit 1\nfi\n'
    assert failures.read_command(script, "cat run.sh").exit_code is None


def test_a_python_repr_of_the_dict_a_tool_returned_is_read_for_its_output() -> None:
    said = "npm test\n\n  1) totals\n     AssertionError: expected 41 to equal 42\n"
    answer = str({"shell output": said.strip()})  # a framework written in Python hands back str() of its dict
    assert failures.read_command(answer).line == "AssertionError: expected 41 to equal 42 (1) totals)"
    missing = str({"result": "cat: /w/NOTES.md: No such file or directory"})
    assert failures.read_command(missing).failed
    assert wrappers.unwrapped(str({"stdout": "it's built", "exit_code": 0})) == ("it's built", 0)
    assert wrappers.unwrapped(str([{"stdout": b"raw bytes\n", "returncode": 3}])) == ("raw bytes", 3)
    assert wrappers.unwrapped("{'half': 'a dict never closed'") == ("{'half': 'a dict never closed'", None)


def test_a_finished_process_record_and_a_json_string_are_read_for_their_output() -> None:
    record = (
        "CompletedProcess(args=['cargo', 'test'], returncode=101, stdout=b'', "
        "stderr=b'error[E0308]: mismatched types\\n')"
    )
    assert wrappers.unwrapped(record) == ("error[E0308]: mismatched types", 101)
    assert failures.read_command(record) == failures.Reading(True, "error[E0308]: mismatched types", 101)
    assert (
        wrappers.unwrapped(json.dumps("line one\nError: the disk is full\n"))[0]
        == "line one\nError: the disk is full\n"
    )
    assert wrappers.unwrapped("Total(items=3)") == ("Total(items=3)", None)  # a record with no output or code


def test_mcp_content_blocks_handed_on_as_json_are_read_for_their_text() -> None:
    said = "lib/cart.ex:12: error: undefined function totl/1\n** (CompileError) compilation failed"
    one = json.dumps({"type": "text", "text": said, "annotations": None, "meta": None})  # one block, as its JSON
    listed = json.dumps([{"type": "text", "text": "compiling 3 files"}, {"type": "text", "text": said}])
    for answer in (one, listed, str([{"type": "text", "text": said}])):
        line = failures.read_command(answer).line or ""
        assert line.startswith("lib/cart.ex:12: error: undefined function totl/1"), answer
    flagged = json.dumps({"content": [{"type": "text", "text": "timed out after 30 s"}], "isError": True})
    assert wrappers.unwrapped(flagged) == ("timed out after 30 s", 1)
    missing = json.dumps([{"type": "text", "text": "Error: ENOENT: no such file or directory, open '/w/TODO.md'"}])
    assert failures.read_tool(missing, "/w/TODO.md").failed
    assert not failures.read_tool(json.dumps([{"type": "text", "text": "# To do\n- ship"}]), "/w/TODO.md").failed


def test_a_read_answering_only_that_no_such_file_is_there_failed_though_it_names_none() -> None:
    asked = "/w/shop/NOTES.md"
    for said in (
        "The requested file was not found.",
        "Read failed (ENOENT)",
        f"java.nio.file.NoSuchFileException: {asked}",
        f"Missing file: {asked}",
    ):
        assert failures.read_tool(said, asked).failed, said
    for kept in ("Handle a file not found error gracefully.", "# Notes\nThe file list is not found here yet."):
        assert not failures.read_tool(kept, asked).failed, kept


def test_a_hosts_fields_with_nothing_in_them_are_not_part_of_the_output() -> None:
    said = (
        "Command: make check\nDirectory: /w\nStdout: lib/a.ml:4: Unbound value totl\n\nStderr: (empty)\n"
        "Error: (none)\nExit Code: 2\nSignal: (none)\nBackground PIDs: (none)\n"
    )
    assert wrappers.unwrapped(said) == ("lib/a.ml:4: Unbound value totl", 2)
    assert failures.read_command(said, "make check").line == "lib/a.ml:4: Unbound value totl"


def test_json_inside_one_tag_and_an_exit_status_after_the_last_line_are_the_hosts() -> None:
    result = json.dumps({"exit_code": 3, "output": "lib/a.ex:2: undefined function totl/1", "success": False})
    assert wrappers.unwrapped(f'<tool_output name="shell">\n{result}\n</tool_output>') == (
        "lib/a.ex:2: undefined function totl/1",
        3,
    )
    said = "ERROR: OUTPUT: compiling 2 files\nlib/a.ex:2: undefined function totl/1, ERROR: exit status 1"
    assert wrappers.unwrapped(said) == ("compiling 2 files\nlib/a.ex:2: undefined function totl/1", 1)
