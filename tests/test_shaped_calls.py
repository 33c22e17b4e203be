"""Calls whose tool names and argument keys say nothing (``{"a0": "npx jest"}``, ``{"target": ..., "was": ...,
"now": ...}``), read by the shape of their values: a command-like line that its result shows ran, a path with an
old and a new text, a path with a file's whole text, a path alone. Invented examples, none from a corpus part."""

from __future__ import annotations

import json
from typing import Any

from mcp_context.conversation.formats import adapter
from mcp_context.conversation.model import Block
from mcp_context.summary import calls, shaped
from mcp_context.summary.facts import extract


def _call(args: dict[str, Any], name: str = "tool_b") -> calls.Call:
    return calls.classify(Block(kind="tool_call", name=name, args=args))


def _history(*steps: tuple[str, dict[str, Any], str]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"role": "user", "content": "Fix the failing check."}]
    for n, (name, args, result) in enumerate(steps):
        call = {"id": f"c{n}", "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}
        out.append({"role": "assistant", "content": "", "tool_calls": [call]})
        out.append({"role": "tool", "tool_call_id": f"c{n}", "content": result})
    return out


_FAILED = (
    "FAIL src/users.test.js\n  ● getUser › returns the id\n\n"
    "    TypeError: Cannot read properties of undefined (reading 'uid')\n\nTests: 1 failed, 1 total\n"
)


def test_a_command_under_a_key_of_no_known_name_is_a_command_once_its_result_shows_it_ran() -> None:
    run = {"q1": "npx jest --ci", "q2": "Run the tests"}
    history = _history(
        ("invoke", run, f"{_FAILED}\n[exit status 1]"),
        ("alter", {"q1": "src/users.js", "q2": "found.account.uid", "q3": "found.profile.uid"}, "done"),
        ("invoke", run, "PASS src/users.test.js\nTests: 1 passed, 1 total\n"),
    )
    found = extract(adapter("openai").parse(history))
    (failure,) = found.failures
    assert failure.action.call.kind == "command" and failure.action.call.target == "npx jest --ci"
    assert "TypeError: Cannot read properties of undefined (reading 'uid')" in failure.action.outcome
    assert failure.fixed_by is not None  # the same tool's passing run: a command too, though it printed no code
    assert failure.edits and failure.edits[0].call.change == "`found.account.uid` -> `found.profile.uid`"


def test_a_line_that_looks_like_a_command_but_never_ran_stays_a_call() -> None:
    history = _history(("lookup", {"q": "jest cannot read properties of undefined"}, "3 pages found\n"))
    (action,) = extract(adapter("openai").parse(history)).actions
    assert action.call.kind == "call" and not action.failed


def test_an_argv_and_its_working_folder_are_a_command_not_a_read_of_the_folder() -> None:
    call = _call({"x": ["bash", "-lc", "go test ./..."], "y": "/work/app", "z": 120000})
    assert call.kind == "call" and call.runs == "go test ./..."
    call = _call({"x": "cargo test -q", "y": "/work/app"})
    assert call.kind == "call" and call.runs == "cargo test -q"


def test_a_path_with_two_texts_is_an_edit_and_an_operation_word_is_no_text() -> None:
    call = _call({"op": "str_replace", "at": "/w/app.py", "was": "x = 1", "now": "x = 2"})
    assert (call.kind, call.target, call.replaced) == ("edit", "/w/app.py", [("x = 1", "x = 2")])
    call = _call({"why": "Fix the off-by-one", "at": "lib/a.rb", "was": "i < n", "now": "i <= n"})
    assert call.kind == "edit" and call.change == "`i < n` -> `i <= n`"


def test_a_path_with_a_text_of_several_lines_writes_the_file_and_is_told_by_what_changed() -> None:
    history = _history(
        ("peek", {"t": "src/cart.js"}, "function total(items) {\n  return 0;\n}\n"),
        ("put", {"t": "src/cart.js", "u": "function total(items) {\n  return items.length;\n}\n"}, "ok"),
    )
    found = extract(adapter("openai").parse(history))
    read, write = found.actions
    assert read.call.kind == "read" and write.call.kind == "write"
    assert write.call.change == "`return 0;` -> `return items.length;`"


def test_a_script_in_a_value_of_no_known_name_that_writes_a_file_is_that_write() -> None:
    call = _call({"s": "cat > conf/app.ini <<'EOF'\nport = 8080\nEOF\n"})
    assert (call.kind, call.target, call.content) == ("write", "conf/app.ini", "port = 8080\n")


def test_what_is_not_a_path() -> None:
    assert shaped.path_like({"u": "https://example.com/a.js"}) is None
    assert shaped.path_like({"n": "found.account.uid", "p": "src/users.js"}) == "src/users.js"
    assert shaped.path_like({"a": "src/a.py", "b": "src/b.py"}) is None  # a source and a destination: neither
    assert shaped.path_like({"m": "fix the build"}) is None
    assert shaped.folder("/work/app") and shaped.folder("src/") and not shaped.folder("src/app.py")


def test_a_missing_file_read_by_shape_is_a_failure_of_that_read() -> None:
    history = _history(
        ("peek", {"t": "docs/NOTES.md"}, "Error: ENOENT: no such file or directory, open 'docs/NOTES.md'")
    )
    (action,) = extract(adapter("openai").parse(history)).actions
    assert action.call.kind == "read" and action.failed and "no such file" in action.outcome


def test_an_operation_named_by_a_value_says_what_the_call_does() -> None:
    read = _call({"Action": "read_file", "Content": "", "Path": "/w/app.js"}, name="files")
    assert read.kind == "read"  # an empty text beside the path of a read writes nothing
    write = _call({"Action": "update_file", "Content": "x = 2\n", "Path": "/w/app.js"}, name="files")
    assert write.kind == "write" and write.content == "x = 2\n"


def test_a_script_that_runs_one_command_through_the_shell_runs_that_command() -> None:
    code = 'import subprocess\nrun = subprocess.run("make check", shell=True, text=True)\nprint(run.stdout)'
    assert _call({"src": code}).runs == "make check"


def test_a_list_of_files_and_nothing_else_is_a_read_of_them_and_an_argv_is_not() -> None:
    call = _call({"b0": ["src/users.js", "README.md"]})
    assert call.kind == "read" and [p for p, _ in call.paths] == ["src/users.js", "README.md"]
    assert _call({"b0": ["go", "test", "./..."]}).kind == "call"  # a program first: an argv
    assert _call({"b0": ["src/", "lib/"]}).kind == "call"  # folders alone: a listing, maybe, not a read


def test_a_tool_named_for_finding_with_a_path_and_two_texts_replaces() -> None:
    call = _call({"c0": "lib/users.js", "c1": "found.account.uid", "c2": "found.profile.uid"}, name="find_and_swap")
    assert call.kind == "edit" and call.replaced == [("found.account.uid", "found.profile.uid")]


def test_a_text_that_leaves_code_out_is_an_edit_and_a_list_of_command_lines_a_command() -> None:
    call = _call(
        {"t": "src/users.js", "u": "// ... existing code ...\nreturn found.profile.uid;\n// ... existing code ..."}
    )
    assert call.kind == "edit" and call.content is None  # not the whole file: what it left out is still there
    assert _call({"x": ["cd /w/app", "npx jest"]}).runs == "cd /w/app && npx jest"
