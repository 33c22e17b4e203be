"""Work done through the shell or told in text, read by its shape: a command written in a fenced shell block and
answered by a user turn that states its exit code (code executors, bash-only agents); a file written whole by a
here-document, or changed by ``sed -i`` or a script's literal replace; a file's text as read tools wrap it
(a header naming it, a tag, ``00001|`` numbers, a closing remark) or as ``nl -ba`` numbers it. The examples are
written here for these tests."""

from __future__ import annotations

from typing import Any

import pytest

from mcp_context.conversation import edits
from mcp_context.conversation.formats import adapter
from mcp_context.conversation.model import Block
from mcp_context.summary import calls
from mcp_context.summary.facts import extract
from tests.test_shapes import openai

FAILED = "FAIL src/date.test.js\n  ✕ parses ISO dates\n    RangeError: Invalid time value\nTests: 1 failed, 3 passed"


def facts_of(messages: list[dict[str, Any]]) -> Any:
    return extract(adapter("openai").parse(messages))


def test_a_command_written_in_a_reply_and_answered_with_its_exit_code_is_a_run() -> None:
    messages = openai(
        ("user", "make the date tests pass"),
        ("assistant", "Reproduce first.\n\n```bash\nnpx jest src/date.test.js\n```"),
        ("user", f"[exit: 1]\nexit status: 1\n{FAILED}"),
        ("assistant", "Patch it.\n\n```sh\nsed -i 's/new Date(s)/new Date(`${s}Z`)/' src/date.js\n```"),
        ("user", "exit status: 0"),
        ("assistant", "Again.\n\n```console\nnpx jest src/date.test.js\n```"),
        ("user", "exit status: 0\nTests: 4 passed"),
    )
    found = facts_of(messages)
    [failure] = found.failures
    assert "RangeError: Invalid time value" in failure.action.outcome and failure.fixed_by is not None
    assert [e.call.change for e in failure.edits] == ["`new Date(s)` -> `new Date(`${s}Z`)`"]
    assert [s.text for s in found.said] == ["make the date tests pass"]  # the answers are output, not the user


def test_a_fenced_block_the_user_does_not_answer_with_an_exit_code_is_no_run() -> None:
    messages = openai(
        ("user", "how do I run the tests?"),
        ("assistant", "Like this:\n\n```bash\nnpm test\n```"),
        ("user", "thanks, and how do I lint?"),
    )
    found = facts_of(messages)
    assert not found.actions and [s.text for s in found.said][-1] == "thanks, and how do I lint?"


def test_a_here_document_write_is_told_by_what_changed_from_the_file_cat_showed() -> None:
    before = "[server]\nport = 80\nhost = a\n"
    messages = openai(
        ("user", "use port 8080"),
        ("call", ("shell", {"command": "cat conf/app.ini"}, before)),
        ("call", ("shell", {"command": "python -m pytest -q"}, "exit code 1\nE   AssertionError: 80 != 8080")),
        ("call", ("shell", {"command": "cat > conf/app.ini <<'EOF'\n[server]\nport = 8080\nhost = a\nEOF"}, "")),
        ("call", ("shell", {"command": "python -m pytest -q"}, "exit code 0\n3 passed")),
    )
    [failure] = facts_of(messages).failures
    assert [e.call.change for e in failure.edits] == ["`port = 80` -> `port = 8080`"]


@pytest.mark.parametrize(
    ("command", "path", "old", "new"),
    [
        ("perl -pi -e 's/retries = 1/retries = 3/' lib/Conf.pm", "lib/Conf.pm", "retries = 1", "retries = 3"),
        (
            "node -e \"const fs=require('fs');fs.writeFileSync('a.js', fs.readFileSync('a.js','utf8')"
            ".replace('let x = 1', 'let x = 2'))\"",
            "a.js",
            "let x = 1",
            "let x = 2",
        ),
        ("tee notes.txt <<EOF\nfirst\nsecond\nEOF", "notes.txt", "", "first\nsecond\n"),
    ],
)
def test_a_file_changed_through_the_shell(command: str, path: str, old: str, new: str) -> None:
    assert edits.shell_change(command) == (path, "write" if not old else "edit", old, new)
    found = calls.classify(Block(kind="tool_call", name="bash", args={"command": command}))
    assert found.kind == ("write" if not old else "edit") and found.target == path


@pytest.mark.parametrize(
    "shown",
    [
        '<content path="src/a.rb">\n00001| x = 1\n00002| y = 2\n</content>',
        "Reading src/a.rb (2 lines)\n```ruby\nx = 1\ny = 2\n```",
        "src/a.rb\n     1\tx = 1\n     2\ty = 2\n\n(showing the whole file)",
    ],
)
def test_a_file_as_read_tools_wrap_it(shown: str) -> None:
    assert edits.shown_text(shown, "/w/src/a.rb") == "x = 1\ny = 2"


def test_numbers_that_do_not_count_up_are_the_files_own() -> None:
    assert edits.unnumbered("1: one\n5: five\n") == "1: one\n5: five\n"
