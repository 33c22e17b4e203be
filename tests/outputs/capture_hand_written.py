"""The corpus's hand-written cases (see ``capture.py``): errors of tools that are not a shell, as the host prints
them, their wording checked against Claude Code 2.0.0's cli.js."""

from __future__ import annotations

from capture_corpus import Corpus

# ================================================================================================
# Non-shell tool errors (hand-written; wording checked against Claude Code 2.0.0's cli.js)
# ================================================================================================


def hand_written(c: Corpus) -> None:
    entries = [
        (
            "claude_read_missing_file",
            'Read {"file_path": "/tmp/proj/calc/calc/utils.py"}',
            "<tool_use_error>File does not exist.</tool_use_error>",
            "File does not exist.",
        ),
        (
            "claude_edit_string_not_found",
            'Edit {"file_path": "/tmp/proj/calc/calc.py",'
            ' "old_string": "    return a // b", "new_string": "    return a / b"}',
            "<tool_use_error>String to replace not found in file.\nString:     return a // b</tool_use_error>",
            "String to replace not found in file.",
        ),
        (
            "claude_write_unread_file",
            'Write {"file_path": "/tmp/proj/calc/calc.py", "content": "..."}',
            "<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>",
            "File has not been read yet. Read it first before writing to it.",
        ),
    ]
    for name, command, text, message in entries:
        c.record(
            name,
            command,
            text,
            exit_code=None,
            kind="tool_error",
            failed=True,
            message=message,
            source="hand-written",
        )
