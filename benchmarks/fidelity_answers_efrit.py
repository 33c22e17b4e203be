"""Placeholders of Efrit's dialect (``tests/dialects/efrit.json``), an agent inside Emacs whose tools answer in Emacs
Lisp's terms a plain template cannot write: shell_exec's run under ``[Executed: ...]`` and ``[Duration: ...]`` with
what ``shell-command-to-string`` returned cut at 1,000 characters, and read_file, edit_file and create_file answering
``json-encode`` of an alist under a ``[... Result]`` line (a read with its size, time and line counts, an edit with the
unified diff ``diff -u`` prints, a creation with every line marked added). ``fidelity_answers`` merges them into its
slots."""

from __future__ import annotations

import difflib
import json
import re

#: The characters of a run's output shell_exec keeps before its truncation note.
EFRIT_KEPT = 1000
#: A run's time as shell_exec prints it (``%.2fs``); the corpus keeps no time of its runs, so one is written for all.
EFRIT_DURATION = "0.42"
#: A file's modification time as efrit-tool-format-time prints it; the corpus keeps none, so one is written for all.
EFRIT_MTIME = "2026-11-29T12:00:00Z"
#: efrit-sensitive-file-patterns, matched without regard to case as Emacs' string-match-p does by default.
_SENSITIVE = re.compile(
    r"\.env\Z|\.env\.[^/]*\Z|credentials|\.pem\Z|\.key\Z|\.authinfo\Z|\.netrc\Z|id_rsa|id_ed25519|id_ecdsa|"
    r"\.gnupg/|password|secret",
    re.IGNORECASE,
)


def answer_slots(output: str, before: str, after: str, abs_path: str, old: str, new: str, root: str) -> dict[str, str]:
    """``{efrit_ran}``, ``{efrit_read}``, ``{efrit_edited}`` and ``{efrit_written}``; ``output`` without its last
    newline, ``before`` and ``after`` the whole texts."""
    printed = f"{output}\n" if output else ""
    rel = abs_path.removeprefix(f"{root}/")
    return {
        "efrit_ran": efrit_ran(printed),
        "efrit_read": efrit_read(before, abs_path, rel),
        "efrit_edited": efrit_edited(before, after, abs_path, rel, old),
        "efrit_written": efrit_written(f"{after.rstrip(chr(10))}\n", abs_path, rel),
    }


def json_encode(value: object) -> str:
    """json.el's ``json-encode``: no spaces, other than ASCII kept, only quotes, backslashes and control characters
    escaped."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def efrit_ran(printed: str) -> str:
    """The command itself is shown by the template; this is the result line, the output cut past 1,000 characters."""
    if len(printed) > EFRIT_KEPT:
        printed = printed[:EFRIT_KEPT] + "\n... (output truncated)"
    return f"[Duration: {EFRIT_DURATION}s]\n[Result: {printed}]"


def count_lines(text: str) -> int:
    """Emacs' ``count-lines`` over a whole buffer: its newlines, and one more for a last line without one."""
    return text.count("\n") + (1 if text and not text.endswith("\n") else 0)


def _result(label: str, result: dict[str, object], warnings: list[str]) -> str:
    """efrit-tool-success's alist under the handler's label, its warnings only when there are some."""
    response: dict[str, object] = {"success": True, "result": result}
    if warnings:
        response["warnings"] = warnings
    return f"\n[{label}]\n{json_encode(response)}"


def efrit_read(before: str, abs_path: str, rel: str) -> str:
    """read_file on a whole text file: its text, encoding, bytes, time, line counts and no truncation."""
    lines = count_lines(before)
    result = {
        "path": abs_path,
        "path_relative": rel,
        "content": before,
        "encoding": "utf-8",
        "size": len(before.encode()),
        "mtime": EFRIT_MTIME,
        "total_lines": lines,
        "lines_returned": f"1-{lines}",
        "truncated": False,
    }
    warnings = [f"Sensitive file: {rel}"] if _SENSITIVE.search(abs_path) else []
    return _result("Read File Result", result, warnings)


def unified_diff(before: str, after: str, name: str) -> str:
    """``diff -u --label a/NAME --label b/NAME``: three lines of context, a note under a last line with no newline."""
    lines = difflib.unified_diff(
        before.splitlines(keepends=True), after.splitlines(keepends=True), f"a/{name}", f"b/{name}", n=3
    )
    out = []
    for line in lines:
        out.append(line if line.endswith("\n") else f"{line}\n\\ No newline at end of file\n")
    return "".join(out)


def efrit_edited(before: str, after: str, abs_path: str, rel: str, old: str) -> str:
    """edit_file: how many times the old text was found, the diff, and the texts' lengths in characters."""
    result = {
        "path": abs_path,
        "path_relative": rel,
        "replacements": max(1, before.count(old)),
        "diff": unified_diff(before, after, abs_path.rsplit("/", 1)[-1]),
        "old_size": len(before),
        "new_size": len(after),
    }
    warnings = [f"Editing sensitive file: {rel}"] if _SENSITIVE.search(abs_path) else []
    return _result("Edit File Result", result, warnings)


def efrit_written(content: str, abs_path: str, rel: str) -> str:
    """create_file with overwrite over an existing file: its size and lines, every line marked added, and the
    warnings pushed in turn (so the last pushed first)."""
    lines = count_lines(content)
    added = "".join(f"+{line}" for line in content.splitlines(keepends=True))
    result = {
        "path": abs_path,
        "path_relative": rel,
        "size": len(content),
        "lines": lines,
        "diff": f"--- /dev/null\n+++ b/{abs_path.rsplit('/', 1)[-1]}\n@@ -0,0 +1,{lines} @@\n{added}",
        "created": True,
    }
    warnings = [f"Overwriting existing file: {rel}"]
    if _SENSITIVE.search(abs_path):
        warnings.append(f"Creating sensitive file: {rel}")
    return _result("Create File Result", result, warnings)
