"""Shapes recognised whatever an agent calls them: an exit code in a tag, an attribute or at the end of a host's
sentence; a command, an edit or a whole file written in a reply as a tag or a labelled block; conflict markers
under any label. Written from invented examples, not from any corpus part."""

from __future__ import annotations

import pytest

from mcp_context.conversation import edits, wrappers
from mcp_context.summary import textual


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ('<run_result status="done" exit_code="3">\nboom\n</run_result>', 3),
        ("done\n<exit-status>\n2\n</exit-status>", 2),
        ("lots of output\n\nThe job ran for 4.2s and finished with exit code 1", 1),
        ("output\n[Process completed, return code 0]", 0),
        ("We discussed what the exit code should be and moved on.", None),
        ("the exit code 1 is what make returns on error, see the manual", None),
    ],
)
def test_an_exit_code_is_read_in_any_host_wording(text: str, code: int | None) -> None:
    assert wrappers.exit_code(text) == code


def test_a_command_in_a_tag_or_a_labelled_block_of_a_reply_is_a_call() -> None:
    tag = textual.command_written('Trying it.\n<bash cwd="/srv/app">\npytest -x\n</bash>')
    label = textual.command_written("Next:\n[ACTION]\nexecute_command\nnpm test\n[ACTION]")
    assert tag is not None and tag.args == {"command": "pytest -x"}
    assert label is not None and label.args == {"command": "npm test"}
    assert textual.command_written('<note path="a.txt">\nnot a command\n</note>') is None


def test_an_edit_written_as_tags_with_a_path_is_an_old_new_pair() -> None:
    reply = (
        '<replace_text file="src/app.py">\n<search>rate = 1</search>\n'
        "<replacement>rate = 2</replacement>\n</replace_text>"
    )
    (block,) = textual.edits_written(reply)
    assert block.args == {"path": "src/app.py", "old": "rate = 1", "new": "rate = 2"}


def test_a_whole_file_written_in_a_tag_a_labelled_block_or_a_fence_names_its_path() -> None:
    assert textual.files_written('<write_file path="lib/a.rb">\nputs 1\n</write_file>') == [("lib/a.rb", "puts 1")]
    assert textual.files_written("[BLOCK]\nsave_file\nlib/b.rb\nputs 2\n[BLOCK]") == [("lib/b.rb", "puts 2")]
    assert textual.files_written("```write lib/c.rb\nputs 3\n```") == [("lib/c.rb", "puts 3")]
    assert textual.files_written("```ruby\nputs 4\n```") == []


def test_conflict_markers_under_any_label_are_an_edit_with_the_path_on_the_fence() -> None:
    reply = "```change src/app.py\n<<<<<<< OLD\nrate = 1\n=======\nrate = 2\n>>>>>>> NEW\n```"
    (edit,) = edits.text_edits(reply)
    assert (edit.path, edit.old, edit.new) == ("src/app.py", "rate = 1\n", "rate = 2\n")


def test_code_is_a_command_under_a_tool_named_for_running_it_or_beside_its_language() -> None:
    from mcp_context.conversation.model import Block
    from mcp_context.summary import calls

    ran = calls.classify(Block(kind="tool_call", name="run_code", args={"code": "make check"}))
    beside = calls.classify(Block(kind="tool_call", name="tool", args={"runtime": "sh", "source": "make check"}))
    stored = calls.classify(Block(kind="tool_call", name="save_snippet", args={"code": "make check"}))
    assert ran.kind == beside.kind == "command" and stored.kind != "command"


def test_a_script_that_writes_a_file_whole_is_a_write_and_one_that_replaces_is_an_edit() -> None:
    assert edits.shell_change('open("app/cfg.py", "w").write("""A = 1\nB = 2\n""")') == (
        "app/cfg.py",
        "write",
        "",
        "A = 1\nB = 2\n",
    )
    assert edits.shell_change('fs.writeFileSync("x.js", "let a = \\"b\\";\\n")') == (
        "x.js",
        "write",
        "",
        'let a = "b";\n',
    )


def test_a_content_key_that_also_names_the_file_holds_the_text() -> None:
    from mcp_context.conversation.model import Block
    from mcp_context.summary import calls

    call = calls.classify(Block(kind="tool_call", name="put", args={"path": "a.txt", "file_content": "x\ny\n"}))
    assert call.kind == "write" and call.content == "x\ny\n"


def test_a_read_written_in_a_reply_is_answered_by_the_next_turn() -> None:
    tag = textual.read_written('Looking.\n<view_file file="src/a.py" />')
    call = textual.read_written('Looking.\n```\nopen_file("src/b.py")\n```')
    assert tag is not None and tag.args == {"path": "src/a.py"}
    assert call is not None and call.args == {"path": "src/b.py"}
    assert textual.read_written("I will read the file later.") is None


def test_a_bare_output_answers_a_written_command_when_it_shows_a_failure() -> None:
    assert textual.answered("Traceback (most recent call last):\n  File \"a.py\", line 1\nKeyError: 'id'")
    assert not textual.answered("Thanks, that looks right to me.")


def test_an_error_named_with_its_kind_is_the_cause_not_the_epilogue_after_it() -> None:
    from mcp_context.conversation import failures

    out = "step 3\nLinker runtime error: symbol table full\n\nError termination. Trace:\n#0 0x1 in ???\n"
    assert failures.quote(out, failed=True) == "Linker runtime error: symbol table full"


def test_an_exit_code_after_a_long_host_sentence_is_read() -> None:
    lead = "Command executed in terminal within working directory '/home/someone/projects/app'. Command failed with"
    assert wrappers.exit_code(f"{lead} exit code 2.\nOutput:\nboom") == 2


def test_a_failure_told_short_keeps_the_file_name_of_a_leading_absolute_path_not_its_folders() -> None:
    from mcp_context.summary import render

    assert render._near("/srv/build/app/src/mod.py:5:2 - error: bad", 10) == "mod.py:5:2 - error: bad"
    assert render._near("src/mod.py:5: error: bad", 10) == "src/mod.py:5: error: bad"
    assert render._near("/usr/bin/ld: cannot find -lz", 10) == "/usr/bin/ld: cannot find -lz"
    assert render._near("/srv/app/src/mod.py:5:2 - error: bad", 80) == "/srv/app/src/mod.py:5:2 - error: bad"  # it fits


def test_a_message_wrapped_onto_an_indented_line_is_quoted_whole() -> None:
    from mcp_context.conversation import failures

    out = "mod.x:3:\nError: this value has kind text but a value was expected of kind\n         number\n"
    assert failures.quote(out, failed=True) == (
        "Error: this value has kind text but a value was expected of kind number"
    )


def test_a_count_told_after_a_cause_is_left_out_when_room_is_short() -> None:
    from mcp_context.summary import render

    assert render._near("error: bad value (1 error, 0 warnings)", 10) == "error: bad value"
    assert render._near("error: bad value (see notes)", 10) == "error: bad value (see notes)"


@pytest.mark.parametrize(
    ("out", "cause"),
    [
        ("2/2 suites FAILED\nparse.d(12): [unittest] a blank line is no record\n", "parse.d(12): [unittest] a blank"),
        ("[Suite] io\n  x.nim(3, 9): Probe failed: size == 4\n  [FAILED] reads\nError: the runner stopped\n", "Probe"),
        ("note: 1 run\n==7== 64 bytes in 2 blocks are definitely lost in loss record 2 of 2\n", "definitely lost"),
    ],
)
def test_a_cause_in_a_location_paren_form_a_named_check_or_a_loss_is_found(out: str, cause: str) -> None:
    from mcp_context.conversation import failures

    line = failures.quote(out, failed=True)
    assert line is not None and cause in line


def test_a_reply_s_own_words_leave_out_the_calls_it_writes_for_its_host() -> None:
    reply = "Running the check now.\n\n[CALL]\nrun_in_terminal\nmake test\n[CALL]"
    assert textual.prose(reply) == "Running the check now."
    assert textual.prose("Keep <b>this</b> word.") == "Keep <b>this</b> word."
    assert textual.prose('Looking.\n<open_file path="a.py"/>') == "Looking."


def test_a_call_written_as_a_block_is_answered_by_the_next_turn_and_a_fence_only_by_an_output() -> None:
    from mcp_context.conversation.formats import adapter
    from mcp_context.summary.facts import extract

    def actions(reply: str, answer: str) -> list[tuple[str, bool | None]]:
        messages = [
            {"role": "user", "content": "get the tests passing"},
            {"role": "assistant", "content": reply},
            {"role": "user", "content": answer},
        ]
        found = extract(adapter("openai").parse(messages))
        return [(a.call.target, a.failed) for a in found.actions]

    assert actions("Checking.\n[CALL]\nrun_shell\nmake test\n[CALL]", "all 12 tests ok") == [("make test", False)]
    assert actions("You could run:\n```bash\nmake test\n```", "thanks, will do") == []
