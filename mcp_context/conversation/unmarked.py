"""What to tell of a run that failed (its exit code says so) and names no error in any line, when its output is itself
the finding: a golden-file check prints only the diff, a formatter run as a check prints the diff it would apply, a
dead-code finder prints the unused names with their places. Told so, the reader sees what failed, not only the
output's first and last lines."""

from __future__ import annotations

import re

from .causes import MOST
from .reasons import score

__all__ = ["diagnosed", "failed_row", "finding", "listed"]

#: Where a diff begins: its file headers, a hunk, ``diff a b`` or a formatter's ``Diff in src/a.rs:1:``.
_DIFF = re.compile(r"^(?:--- \S|\+\+\+ \S|@@ [-+\d, ]+ @@|diff \S|Diff in \S)", re.M)
#: The header naming the file a diff changes (not ``+++ -``, the standard input of ``diff -u a -``).
_NAMED = re.compile(r"^(?:\+\+\+ (?!-(?:\s|$))|Diff in )\S")
#: A place in a file named anywhere in a line (``left-pad  package.json:9:6``, a parser's ``in "a.yaml", line 2``,
#: ``rpc/a.x, line 6:`` as rpcgen and Sun's compilers put it), or a file named before what was found in it
#: (``src/a.py: Unused imports detected``, ``b.iso: FAILED``), or said not to be valid (``data/a.xml is not valid``).
_PLACED = re.compile(
    r"(?:^|\s)[\w./-]+\.\w{1,8}:\d+(?::\d+)?(?::?\s|:(?=[A-Za-z])|$)|\bin \"[\w./-]+\.\w{1,8}\", line \d+|"
    r"(?:^|\s)\"?[\w./-]+\.\w{1,8}\"?, line \d+:\s|"
    r"^\s*[\w./-]+\.\w{1,8} (?:is not valid|is invalid|does not validate|failed validation|is not well-formed)\b|"
    r"^\s*[\w./-]+\.\w{1,8}:\s+(?=[^\n]*\b(?i:detected|found|unused|missing|invalid|failed|mismatch\w*)\b)"
)
#: A heading over a list of findings (``Unused dependencies (1)``, ``Unused exports:``).
_HEADING = re.compile(r"^\S[^:\n]{0,60}(?:\(\d+\)|:)$")
#: A table's row whose last cell is only a failed check's status (``| Invoice.total (L15) | MISSED |``), drawn with
#: bars or box lines; the rows of the checks that passed say ``COVERED``, ``OK`` or ``PASSED`` there.
_FAILED_ROW = re.compile(
    r"(?m)^[ \t]*[|│┃].*\S.*[|│┃][ \t]*(?:MISSED|MISSING|FAILED|FAIL|FAILURE|ERROR|ERRORED|BROKEN|UNCOVERED|INVALID|"
    r"NOT OK|NOT COVERED|[✗✖✘❌])[ \t]*[|│┃][ \t]*$"
)
_LEAD_CHARS = 100


def finding(text: str) -> str | None:
    """What a failed run's output that names no error shows: the change its diff makes (with the file it names and
    what the tool said over it), a table's row that marks a check failed, else the first line that names a place in a
    file; None for any other output."""
    diff = _DIFF.search(text)
    if diff is not None:
        shown = _diff_told(text, diff.start())
        if shown:
            return shown
    row = failed_row(text)
    if row is not None:
        return row
    above = ""
    for line in text.split("\n"):
        said = line.strip()
        if _PLACED.search(line) and not said.startswith(("at ", "File ")):
            return f"{above} {said}" if _HEADING.match(above) else said
        above = said or above
    return None


def failed_row(text: str) -> str | None:
    """The first row of a table of checks whose status column marks it failed (the finding, where the verdict under
    the table only compares a total with a threshold), its cells' padding left out; None when there is none."""
    row = _FAILED_ROW.search(text)
    return " ".join(row.group(0).split()) if row is not None else None


def listed(text: str) -> str | None:
    """The first item of a list of findings under a heading that says what was found (``Clone found (javascript):``
    over `` - web/src/a.js [1:22 - 11:32]``, ``Unused dependencies`` over ``* left-pad``); None when there is none."""
    lines = text.split("\n")
    for above, line in zip(lines, lines[1:], strict=False):
        if _FOUND_HEADING.match(above.strip()) and _ITEM.match(line):
            return line.strip()
    return None


#: A heading that names what a check found, over the list of it.
_FOUND_HEADING = re.compile(
    r"(?i)^\S[^\n]{0,60}\b(?:found|detected|unused|missing|duplicates?|clones?|violations?|problems?|issues?|"
    r"undefined|unresolved|outdated|vulnerabilit(?:y|ies))\b[^\n]{0,30}(?:\(\d+\)|:)$"
)
#: An item of a list: a bullet, or a line indented under its heading.
_ITEM = re.compile(r"^(?:[ \t]*[-*•+][ \t]+\S|[ \t]+\S)")


def _diff_told(text: str, at: int) -> str | None:
    """What the tool said over its diff (the file it names), the diff's file and its first change."""
    lead = [ln.strip() for ln in text[:at].split("\n") if ln.strip()][-2:]
    said = " ".join(ln for ln in lead if len(ln) <= _LEAD_CHARS)
    removed = added = header = None
    for line in text[at:].split("\n"):
        if line.startswith(("--- ", "+++ ")):
            header = header or (line.strip() if _NAMED.match(line) else None)
            continue
        if _NAMED.match(line):
            header = header or line.strip()
        elif line.startswith("@@") and (removed or added):
            break
        removed = removed or (line.rstrip() if line[:1] == "-" else None)
        added = added or (line.rstrip() if line[:1] == "+" else None)
        if removed and added:
            break
    change = " / ".join(side for side in (removed, added) if side)
    told = "; ".join(part for part in (said, header, change) if part)
    return told[:MOST] if change else None


#: A diagnostic at a place, as compilers, assemblers and generators print one (``src/a.l:6: undefined definition``,
#: miniwdl's ``(a.wdl Ln 19 Col 38) Unknown identifier x``).
_DIAGNOSTIC = re.compile(r"^(?:[\w./-]+\.\w{1,8}:\d+(?::\d+)?:|\([\w./-]+\.\w{1,8} Ln \d+ Col \d+\))(?=\s*[A-Za-z])")
_ONE_SIGN = 2.0
_MILD = re.compile(r"(?i)\bwarn|\bnote\b|\binfo\b|\bhint\b|\bremark\b|\bmessage\[\d")
#: Programs whose output shows files' lines at their places (a search's matches, a file numbered): no diagnostics.
_SHOWS_LINES = {"grep", "egrep", "fgrep", "rg", "ag", "ack", "git", "cat", "nl", "sed", "awk", "head", "tail", "less"}


def diagnosed(text: str, programs: set[str]) -> str | None:
    """The first diagnostic of an output made of nothing but diagnostics at places (each with the excerpt or the
    context indented under it), when its message reads as an error (a sign of one, or a parser's words for what it
    wanted; not a warning or a note): a build step run with no
    exit code shown failed so, as a compiler's error lines say. None for any other output, and for programs that
    print files' lines at places."""
    lines = [ln for ln in text.split("\n") if ln.strip()]
    if not lines or programs & _SHOWS_LINES or not _DIAGNOSTIC.match(lines[0]):
        return None
    if not all(_DIAGNOSTIC.match(ln) or ln[:1] in (" ", "\t") for ln in lines):
        return None
    found = (ln.strip() for ln in lines if _DIAGNOSTIC.match(ln) and not _MILD.search(ln))
    return next((ln for ln in found if _erring(_DIAGNOSTIC.sub("", ln))), None)


#: A parser's message, after the name of the stage that says it (``read-syntax: expected a `)` to close `(```): what
#: it wanted and did not find.
_PARSER_SAID = re.compile(r"^\s*(?:[\w-]+:\s*)?(?:expected|unexpected|unterminated|unclosed|unbalanced)\b")


def _erring(message: str) -> bool:
    """Whether a diagnostic's message reads as an error: a sign of one, or a parser's words for what it wanted."""
    return score(message) >= _ONE_SIGN or _PARSER_SAID.match(message) is not None
