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
