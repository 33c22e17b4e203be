"""Placeholders of three agent dialects (``tests/dialects``) whose answers are built from a run's output, exit code and
the fixed file in a way a plain template cannot write: Continue's ``cn`` CLI (a failing run's stderr under the exit
code, an edit or a write answered with jsdiff's two-file patch of the change), Agency Swarm's PersistentShellTool (the
streams in Markdown fences, the exit code and the working directory) and auto-coder's agentic mode (every result as a
``<tool_result>`` element, its message and content XML-escaped, a failed run's content ``str()`` of a Python dict).
``fidelity_answers`` merges them into its slots."""

from __future__ import annotations

import difflib
from xml.sax.saxutils import escape

#: The lines of context jsdiff's createTwoFilesPatch is asked for by Continue's generateDiff.
CN_CONTEXT = 3


def answer_slots(output: str, before: str, after: str, abs_path: str, code: int, root: str) -> dict[str, str]:
    """``{cn_failed}``/``{cn_edited}``/``{cn_written}``, ``{swarm_ok}``/``{swarm_failed}``/``{swarm_read}`` and
    ``{autocoder_ok}``/``{autocoder_failed}``/``{autocoder_read}``/``{autocoder_edited}``/``{autocoder_written}``."""
    rel = abs_path.removeprefix(f"{root}/")
    return {
        **_continue(output, before, after, abs_path, rel, code),
        **_swarm(output, before, code, root),
        **_autocoder(output, before, after, rel, code),
    }


def two_files_patch(name: str, old: str, new: str, context: int = CN_CONTEXT) -> str:
    """jsdiff's ``createTwoFilesPatch(name, name, old, new)``: ``Index:`` (the names are the same), a rule, the
    ``---``/``+++`` headers without a date, then each hunk with both counts always written (a start one lower when
    its count is 0) and ``\\ No newline at end of file`` after a last line that has none."""
    a, b = old.splitlines(keepends=True), new.splitlines(keepends=True)
    out = [f"Index: {name}", "=" * 67, f"--- {name}", f"+++ {name}"]
    for group in difflib.SequenceMatcher(None, a, b).get_grouped_opcodes(context):
        i1, i2, j1, j2 = group[0][1], group[-1][2], group[0][3], group[-1][4]
        old_start = i1 if i2 == i1 else i1 + 1
        new_start = j1 if j2 == j1 else j1 + 1
        out.append(f"@@ -{old_start},{i2 - i1} +{new_start},{j2 - j1} @@")
        for tag, x1, x2, y1, y2 in group:
            if tag == "equal":
                out += _marked(" ", a[x1:x2])
                continue
            out += _marked("-", a[x1:x2])
            out += _marked("+", b[y1:y2])
    return "\n".join(out) + "\n"


def _marked(sign: str, lines: list[str]) -> list[str]:
    out = []
    for line in lines:
        out.append(sign + line.removesuffix("\n"))
        if not line.endswith("\n"):
            out.append("\\ No newline at end of file")
    return out


def _continue(output: str, before: str, after: str, abs_path: str, rel: str, code: int) -> dict[str, str]:
    """Continue's Bash rejects a run that failed with something on stderr as ``Error (exit code N): STDERR``, which its
    tool loop answers as ``Error executing tool Bash: `` and that; a failure with nothing printed resolves empty.
    Edit (by the absolute path Read marked) and Write answer the change as a two-file patch."""
    printed = f"{output}\n" if output else ""
    failed = f"Error executing tool Bash: Error (exit code {code}): {printed}" if printed else ""
    return {
        "cn_failed": failed,
        "cn_edited": f"Successfully edited {abs_path}\nDiff:\n{two_files_patch(abs_path, before, after)}",
        "cn_written": f"Successfully wrote to file: {rel}\nDiff:\n{two_files_patch(rel, before, after)}",
    }


def _swarm_answer(stdout: str, code: int, root: str) -> str:
    parts = [f"**Output:**\n```\n{stdout.strip()}\n```"] if stdout else []
    if code:
        parts.append(f"**Exit Code:** {code}")
    text = "\n\n".join(parts) if parts else "\u2705 Command executed successfully (no output)"
    return f"{text}\n\n**Working Directory:** `{root}`"


def _swarm(output: str, before: str, code: int, root: str) -> dict[str, str]:
    """Agency Swarm's PersistentShellTool fences stdout and stderr stripped under bold labels, adds the exit code
    when it is not 0, and always the working directory; the corpus's one stream is taken as stdout. A file is read
    with ``cat``."""
    return {
        "swarm_ok": _swarm_answer(output, 0, root),
        "swarm_failed": _swarm_answer(output, code, root),
        "swarm_read": _swarm_answer(before, 0, root),
    }


def _tool_result(tool: str, success: bool, message: str, content: str) -> str:
    flag = "true" if success else "false"
    body = f"<message>{escape(message)}</message><content>{escape(content)}</content>"
    return f"<tool_result tool_name='{tool}' success='{flag}'>{body}</tool_result>"


def _autocoder(output: str, before: str, after: str, rel: str, code: int) -> dict[str, str]:
    """auto-coder runs a command with stdout and stderr apart (the corpus's one stream as stdout): a pass answers
    the stdout as content, a failure a message with both streams and ``str()`` of a dict of them and the code.
    read_file answers the text; replace_in_file and write_to_file the whole file after the change."""
    stdout = f"{output}\n" if output else ""
    failed = f"Command failed with return code {code}.\nStderr:\n\nStdout:\n{stdout}"
    return {
        "autocoder_ok": _tool_result("ExecuteCommandTool", True, "Command executed successfully.", stdout),
        "autocoder_failed": _tool_result(
            "ExecuteCommandTool", False, failed, str({"stdout": stdout, "stderr": "", "returncode": code})
        ),
        "autocoder_read": _tool_result("ReadFileTool", True, f"Successfully read file: {rel}", before),
        "autocoder_edited": _tool_result(
            "ReplaceInFileTool", True, f"Successfully applied 1/1 changes to file: {rel}.", after
        ),
        # The content element's text, the newline after its opening tag included, is what write_to_file writes.
        "autocoder_written": _tool_result("WriteToFileTool", True, f"Successfully wrote to file: {rel}", f"\n{after}"),
    }
