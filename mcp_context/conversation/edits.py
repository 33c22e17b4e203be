"""Edits recognised by their shape, whatever the tool or argument is called.

Agents write a change in one of a few shapes: a pair of old and new strings (``old_string``/``new_string``,
``old``/``new``, ``before``/``after``, ``find``/``replace``), SEARCH/REPLACE blocks (Aider in its reply, Cline and
Roo in ``replace_in_file``'s ``diff``, Continue in ``diffs``), a patch (Codex ``apply_patch``, a unified diff), or a
whole file written over one whose text the history showed earlier (the change is what differs). Each reader
answers the lines that changed, so a summary can say what the fix was and not only which file it touched."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

#: ``<<<<<<< SEARCH`` (Aider, Roo) or ``------- SEARCH`` (Cline), the text, ``=======``, the replacement,
#: ``>>>>>>> REPLACE`` or ``+++++++ REPLACE``. Roo's ``:start_line:`` and ``-------`` lines may follow SEARCH.
_BLOCK = re.compile(
    r"^[<-]{5,9} ?SEARCH[ \t]*\n(?:(?::start_line:|:end_line:)[^\n]*\n)*(?:-{3,}[ \t]*\n)?(.*?)^={5,9}[ \t]*\n(.*?)"
    r"^[>+]{5,9} ?REPLACE[ \t]*$",
    re.M | re.S,
)
#: The path line an Aider edit block is written under: the last non-fence line before the block's fence.
_FENCE = re.compile(r"^```")
_PATCH_FILE = re.compile(r"^\*\*\* (Add|Update|Delete) File: (.+)$", re.M)
_DIFF_FILE = re.compile(r"^\+\+\+ (?:b/)?(\S+)", re.M)
_NUMBERED = re.compile(r"^ *\d+\t", re.M)  # ``cat -n`` style line numbers, as read tools show files


@dataclass(frozen=True)
class Edit:
    path: str | None
    old: str
    new: str


def blocks(text: str) -> list[tuple[str, str]]:
    """The (search, replace) pairs of the SEARCH/REPLACE blocks in ``text``."""
    if "SEARCH" not in text:
        return []
    return [(m.group(1), m.group(2)) for m in _BLOCK.finditer(text)]


def text_edits(text: str) -> list[Edit]:
    """SEARCH/REPLACE blocks written in a message, each with the path on the line above its fence (Aider)."""
    out: list[Edit] = []
    if "SEARCH" not in text:
        return out
    for match in _BLOCK.finditer(text):
        before = text[: match.start()].rstrip("\n").splitlines()
        path = None
        for line in reversed(before[-3:]):
            stripped = line.strip().strip("`*")
            if stripped and not _FENCE.match(line.strip()) and " " not in stripped:
                path = stripped
                break
        out.append(Edit(path, match.group(1), match.group(2)))
    return out


def patch_files(text: str) -> list[tuple[str, str]]:
    """(path, "write" | "edit") for each file an apply_patch body or a unified diff changes."""
    found = [(p.strip(), "write" if op == "Add" else "edit") for op, p in _PATCH_FILE.findall(text)]
    if not found and text.lstrip().startswith(("--- ", "diff --git")) and "\n@@" in text:
        found = [(p, "edit") for p in _DIFF_FILE.findall(text) if p != "/dev/null"]
    return found


def added_file(text: str) -> str | None:
    """The text of the one file an apply_patch body adds whole (``*** Add File:``, ``+`` on every line)."""
    heads = _PATCH_FILE.findall(text)
    if [op for op, _ in heads if op != "Delete"] != ["Add"]:
        return None
    at = text.find("*** Add File:")
    body = text[text.find("\n", at) + 1 :].split("\n*** ", 1)[0]
    lines = body.splitlines()
    return "\n".join(ln[1:] for ln in lines) if lines and all(ln.startswith("+") for ln in lines) else None


def patch_change(text: str) -> tuple[str, str] | None:
    """A patch's removed lines and its added lines (context lines left out)."""
    removed = [ln[1:] for ln in text.splitlines() if ln.startswith("-") and not ln.startswith("---")]
    added = [ln[1:] for ln in text.splitlines() if ln.startswith("+") and not ln.startswith("+++")]
    if not removed and not added:
        return None
    return "\n".join(removed), "\n".join(added)


def changed_lines(old: str, new: str) -> tuple[str, str]:
    """The lines that differ, without the context both sides share (an edit often repeats lines around it, a
    whole file written over another shares most of them)."""
    a, b = old.splitlines() or [""], new.splitlines() or [""]
    start = 0
    while start < min(len(a), len(b)) - 1 and a[start] == b[start]:
        start += 1
    end = 0
    while end < min(len(a), len(b)) - start - 1 and a[-1 - end] == b[-1 - end]:
        end += 1
    return " / ".join(x.strip() for x in a[start : len(a) - end]), " / ".join(
        x.strip() for x in b[start : len(b) - end]
    )


def shown_text(result: str) -> str:
    """A file's text as a read tool showed it: line numbers, a header line and a code fence taken off."""
    lines = result.splitlines()
    if lines and (lines[0].rstrip().endswith(":") or lines[0].startswith(("### ", "Here's the result"))):
        lines = lines[1:]
    while lines and _FENCE.match(lines[0]):
        lines = lines[1:]
    while lines and _FENCE.match(lines[-1]):
        lines = lines[:-1]
    text = "\n".join(lines)
    if len(_NUMBERED.findall(text)) >= max(1, len(lines) // 2):
        text = _NUMBERED.sub("", text)
    return text


#: A line standing for code left out of an edit (``// ... existing code ...``, ``# ...rest unchanged...``).
_ELIDED = re.compile(
    r"^[ \t]*(?://|#|--|/\*|<!--|;|\*)?[ \t]*\.{3}[ \t]*(?:existing|rest|unchanged|remaining|other)\b.*$", re.M | re.I
)


def elided(text: str) -> bool:
    """Whether an edit's new text marks code it leaves out: a part of the file, not its whole text."""
    return _ELIDED.search(text) is not None


def without_elisions(text: str) -> str:
    return "\n".join(ln for ln in text.splitlines() if not _ELIDED.match(ln))


def strings(value: object) -> Iterator[str]:
    """Every string in an argument value, lists and objects walked."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
