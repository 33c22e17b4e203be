"""Calls recognised by the shape of their arguments, not by a list of tool names: a command line or argv list, an
old/new pair under any of its usual names, SEARCH/REPLACE blocks, a patch, a path with the whole file; and work
written in the conversation's text (edit blocks in a reply, a command quoted with its output in a user turn)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mcp_context.conversation import failures
from mcp_context.conversation.formats import adapter
from mcp_context.conversation.model import Block
from mcp_context.summary import calls
from mcp_context.summary.facts import extract

FAILED = "F\n=== FAILURES ===\nE   KeyError: 'port'\nFAILED tests/test_cfg.py::test_port - KeyError: 'port'\n1 failed"


def call(name: str, args: dict[str, Any]) -> calls.Call:
    return calls.classify(Block(kind="tool_call", name=name, args=args))


@pytest.mark.parametrize(
    ("name", "args", "command"),
    [
        ("terminal", {"input": "pytest -q"}, "pytest -q"),
        ("run", {"cmd": "npm test"}, "npm test"),
        ("exec", {"argv": ["go", "test", "./..."]}, "go test ./..."),
        ("shell", {"command": ["bash", "-lc", "cargo test -q"], "workdir": "/w"}, "cargo test -q"),
        ("anything", {"command": "make check", "description": "run the checks"}, "make check"),
    ],
)
def test_a_command_is_known_by_its_command_line(name: str, args: dict[str, Any], command: str) -> None:
    found = call(name, args)
    assert (found.kind, found.target) == ("command", command)


def test_input_is_data_for_a_tool_not_named_for_a_terminal() -> None:
    assert call("translate", {"input": "bonjour"}).kind == "call"


@pytest.mark.parametrize(
    "args",
    [
        {"path": "a.py", "old": "x = 1", "new": "x = 2"},
        {"file": "a.py", "path": "a.py", "before": "x = 1", "after": "x = 2"},
        {"filepath": "a.py", "find": "x = 1", "replace": "x = 2"},
        {"target_file": "a.py", "original": "x = 1", "replacement": "x = 2"},
        {"path": "a.py", "diff": "<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE"},
        {"filepath": "a.py", "diffs": ["------- SEARCH\nx = 1\n=======\nx = 2\n+++++++ REPLACE"]},
        {"path": "a.py", "diff": "<<<<<<< SEARCH\n:start_line:3\n-------\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE"},
    ],
)
def test_an_edit_is_known_by_its_old_and_new_text(args: dict[str, Any]) -> None:
    found = call("modify", args)
    assert found.kind == "edit" and found.target == "a.py"
    assert found.change == "`x = 1` -> `x = 2`"


@pytest.mark.parametrize(
    "args",
    [
        {"command": ["apply_patch", "*** Begin Patch\n*** Update File: a.py\n@@\n-x = 1\n+x = 2\n*** End Patch\n"]},
        {"patch": "--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n"},
    ],
)
def test_a_patch_anywhere_in_the_arguments_is_an_edit(args: dict[str, Any]) -> None:
    found = call("shell", args)
    assert found.kind == "edit" and found.paths == [("a.py", "edit")]
    assert found.change == "`x = 1` -> `x = 2`"


def openai(*turns: tuple[str, Any]) -> list[dict[str, Any]]:
    """Messages from (role, text) and ("call", (name, args, result)) turns."""
    out: list[dict[str, Any]] = []
    for n, (role, what) in enumerate(turns):
        if role != "call":
            out.append({"role": role, "content": what})
            continue
        name, args, result = what
        ident = f"c{n}"
        function = {"name": name, "arguments": json.dumps(args)}
        out.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [{"id": ident, "type": "function", "function": function}],
            }
        )
        out.append({"role": "tool", "tool_call_id": ident, "content": result})
    return out


def test_a_whole_file_written_is_told_by_what_changed_from_what_the_history_showed() -> None:
    before = "PORT = 80\nHOST = 'a'\nDEBUG = False\n"
    after = before.replace("PORT = 80", "PORT = 8080")
    messages = openai(
        ("user", "fix the port"),
        ("call", ("read_file", {"path": "cfg.py"}, before)),
        ("call", ("run", {"cmd": "pytest -q"}, f"returncode=1\n{FAILED}")),
        ("call", ("write_file", {"path": "cfg.py", "content": after}, "wrote 40 bytes")),
        ("call", ("run", {"cmd": "pytest -q"}, "returncode=0\n1 passed")),
    )
    facts = extract(adapter("openai").parse(messages))
    [failure] = facts.failures
    assert failure.fixed_by is not None
    assert [e.call.change for e in failure.edits] == ["`PORT = 80` -> `PORT = 8080`"]


def test_a_file_never_shown_is_told_by_its_size() -> None:
    messages = openai(("user", "add it"), ("call", ("write_file", {"path": "n.py", "content": "a = 1\n"}, "ok")))
    facts = extract(adapter("openai").parse(messages))
    assert facts.files["n.py"].changes[0][1] == "wrote 1 lines, starting `a = 1`"


def test_aider_edit_blocks_and_quoted_runs_are_read_as_calls() -> None:
    messages = openai(
        ("user", "Fix the port test."),
        (
            "user",
            "I have *added these files to the chat* so you can go ahead and edit them.\n\ncfg.py\n```\nPORT = 80\n```",
        ),
        ("user", f"I ran this command:\n\npytest -q\n\nAnd got this output:\n\n{FAILED}\n"),
        (
            "assistant",
            "The port is wrong.\n\ncfg.py\n```python\n<<<<<<< SEARCH\nPORT = 80\n=======\nPORT = 8080\n"
            ">>>>>>> REPLACE\n```",
        ),
        ("user", "I ran this command:\n\npytest -q\n\nAnd got this output:\n\n1 passed\n"),
    )
    facts = extract(adapter("openai").parse(messages))
    [failure] = facts.failures
    assert "KeyError: 'port'" in failure.action.outcome
    assert failure.fixed_by is not None and failure.edits[0].call.change == "`PORT = 80` -> `PORT = 8080`"
    assert [s.text for s in facts.said] == ["Fix the port test."]  # the files and runs are not the user's words


@pytest.mark.parametrize(
    ("result", "failed"),
    [
        ("[Errno 2] No such file or directory: 'src/app.py'", True),
        ("The path /w/src/app.py does not exist. Please provide a valid path.", True),
        ("ERROR:\nInvalid `path` parameter: /w/src/app.py. The path /w/src/app.py does not exist.", True),
        ("raise LookupError('user not found')\n", False),  # a short file that says "not found" in its own text
        ("/w/src/app.py is not a valid path\n", True),
        ("Unable to open /w/src/app.py (ENOENT)", True),
        ("Invalid file path: src/app.py", True),
        ("# app.py\nraise ValueError('not a valid path')\n", False),  # a file's own text, naming no file it is
    ],
)
def test_a_read_tool_saying_its_file_is_missing_failed(result: str, failed: bool) -> None:
    reading = failures.read_tool(result, "/w/src/app.py")
    assert reading.failed is failed
    assert not failed or "app.py" in (reading.line or "")


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("[INFO] BUILD FAILURE\n", "[INFO] BUILD FAILURE"),  # Maven: a failure, whatever the INFO tag says
        (
            'psql: error: connection failed: FATAL:  password authentication failed for user "a"\n',
            "FATAL:  password authentication failed",
        ),
        ("out\n[The command completed with exit code 2.]\n[Current working directory: /w]", None),  # OpenHands
    ],
)
def test_failure_shapes_without_an_error_flag(text: str, line: str | None) -> None:
    reading = failures.read_command(text)
    assert reading.failed
    assert line is None or line in (reading.line or "")


def test_an_error_tag_in_a_successful_build_log_is_no_failure() -> None:
    """Maven's [ERROR] helps quote a failed build; alone (a log with ERROR lines, a build that succeeded) it is none."""
    assert not failures.read_command("[INFO] Scanning\n[ERROR] retrying mirror\n[INFO] BUILD SUCCESS\n").failed


def test_old_and_new_run_together_in_lower_case_keys_are_an_edits_pair() -> None:
    found = call("edit_file", {"file_name": "/w/a.kt", "oldcontent": "val n = 1", "newcontent": "val n = 2"})
    assert (found.kind, found.target, found.change) == ("edit", "/w/a.kt", "`val n = 1` -> `val n = 2`")


def test_an_edits_old_side_under_a_word_of_its_own_or_named_as_what_is_to_be_replaced() -> None:
    for args in (
        {"file": "/w/a.py", "str_to_replace": "n = 1", "replacement_str": "n = 2"},
        {"path": "/w/a.py", "existing": "n = 1", "replacement": "n = 2"},
        {"path": "/w/a.py", "current": "n = 1", "proposed": "n = 2"},
    ):
        found = call("modify", args)
        assert (found.kind, found.change) == ("edit", "`n = 1` -> `n = 2`"), args
