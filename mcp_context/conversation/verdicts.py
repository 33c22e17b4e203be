"""What a tool's verdict is told with when the verdict alone does not say why: a measure that missed its threshold
with the finding that made it miss, a status table's verdict with the row it marks failed, an exception raised
again with the line where the tool first reported it. The quote (``failures.quote``) picks the line; these widen
or move it to what the fix will be for."""

from __future__ import annotations

import re

from .reasons import SEVERE, strongest
from .unmarked import failed_row, listed

__all__ = ["against_threshold", "compared", "first_said", "labelled_over", "rooted", "said_first", "with_row"]

#: An exception's line as a traceback ends on it (``validate_pyproject.errors.ValidationError: `a` must be b``):
#: the kind, then the message.
#: Also as Ruby ends its trace, on the first line (``lib/a.rb:70:in `parse': the message (Liquid::SyntaxError)``).
_RAISED_AS = re.compile(
    r"^[\w.]*(?:Error|Exception|Failure|Fault)\w*: (?P<said>.{16,})$|"
    r"^\S+:\d+:in [`'][^'\n]+': (?P<rb>.{16,}?) \([\w:]+\)$"
)
#: A word a tool reports a failure with, before a message it repeats.
_FAILED_WORD = re.compile(r"(?i)\b(?:error|fail(?:ed|ure)?|fatal|exception)\b")
#: How much of a raised message is looked for where the tool first said it (a long one may be cut or escaped there).
_SAID_CHARS = 60


def said_first(text: str, line: str, start: int) -> tuple[int, str] | None:
    """Where (offset, line) the tool first said the message of the exception ``line`` (at ``start``) raised after
    it, or None: a tool that reports an error (``[ERROR] `a` must be b``) and then raises it again prints the same
    message twice, and the first is its own report, the second its traceback's end. The first must say so in a word
    of its own (``[ERROR]``): a runner's arrow over a test's name (``→ Cannot read ...``) only abbreviates the
    exception below it."""
    raised = _RAISED_AS.match(line)
    if raised is None:
        return None
    said = (raised["said"] or raised["rb"]).strip()[:_SAID_CHARS]
    at = 0
    for each in text[:start].split("\n"):
        own = each.strip()
        where = own.find(said)
        if where >= 0 and _FAILED_WORD.search(own[:where]) and not _RAISED_AS.match(own):
            return at + each.find(own), own
        at += len(each) + 1
    return None


def first_said(text: str, why: str | None) -> str | None:
    """``why`` (a reason read from ``text``), or where the tool first said it when ``why`` is an exception raised
    again (see :func:`said_first`)."""
    if why is None or _RAISED_AS.match(why) is None:
        return why
    at = text.find(why)
    first = said_first(text, why, at) if at > 0 else None
    return first[1] if first else why


#: A verdict that a measure missed its threshold (``Coverage for lines (75%) does not meet threshold (80%)``,
#: ``found too many duplicates (45.45%) over threshold (0%)``, ``total of 33 is less than fail-under=90``).
_THRESHOLD = re.compile(
    r"(?i)\b(?:(?:over|under|above|below|exceeds?|meet|reach(?:ed)?) (?:the )?(?:global )?(?:threshold|minimum|"
    r"maximum|limit)|fail[-_ ]under|not reached|(?:less|greater|more|fewer) than (?:the )?(?:threshold|minimum|"
    r"maximum|limit))\b"
)


def against_threshold(text: str, line: str, start: int, others: list[str], told: str) -> str:
    """``told`` (the quote of ``line``, at ``start``) where ``line`` says a measure missed its threshold, told with
    what made it miss: the finding listed above it (the clone, the unused name) where one is, else the tool's other
    verdicts of the kind among ``others`` (each measure it missed: the fix may be for any of them)."""
    if _THRESHOLD.search(line) is None:
        return told
    found = listed(text[:start])
    if found is not None and found not in told:
        return f"{found} ({told})"
    more = [o for o in others if o != line and o not in told and _THRESHOLD.search(o)]
    return f"{told}; {more[0]}" if more else told


def with_row(text: str, why: str | None) -> str | None:
    """The reason, told after the table row that marks a check failed where the output holds one: a verdict under a
    table (``RESULT: FAILED (minimum: 100.0%, actual: 75.0%)``) says only that the total fell short, the row which."""
    row = failed_row(text)
    if row is None or (why is not None and row in why):
        return why
    return f"{row} ({why})" if why else row


_AT_PLACE = re.compile(r"^[\w./-]+\.\w{1,8}:\d+(?::\d+)?:\s")
#: An error's label over its message (``error: required file './NEWS' not found``), not a bare verdict (``FAIL``) or
#: a host's empty field (``Error: (none)``).
_LABELLED = re.compile(r"(?i)\b(?:error|fatal)[ \t]*:[ \t]*(?!\(none\))[\w'\"`./-]")


def labelled_over(text: str, line: str) -> tuple[int, str] | None:
    """Where ``line`` is a place and a message with no word of failure (``configure.ac:3: installing './compile'``),
    the line (offset, text) that reads most as a reason when it labels an error so (``Makefile.am: error: required
    file './NEWS' not found``): a located line is a finding only when no error is labelled; else None."""
    if not _AT_PLACE.match(line) or _FAILED_WORD.search(line):
        return None
    found = strongest(text)
    if found is None or found[0] < SEVERE:
        return None
    start = text.rfind("\n", 0, found[1]) + 1
    end = text.find("\n", found[1])
    said = text[start : end if end >= 0 else len(text)].strip()
    return (start, said) if _LABELLED.search(said) else None


#: A numbered chain of causes under ``Caused by:`` (as Rust's error libraries print it: ``0: failed to read``,
#: ``1: failed to deserialize``, ``2: Unknown ES version: es2029``): the last link is the root.
_CHAIN = re.compile(r"(?m)^[ \t]*Caused by:[ \t]*\n((?:[ \t]+\d+: [^\n]+\n?){2,})")


def rooted(text: str, told: str) -> str:
    """``told`` after the root of a numbered chain of causes the output prints, where it prints one and ``told``
    is not already it: a wrapper's last words (``Error: Failed to compile: src/a.tsx``) say only what failed."""
    chain = _CHAIN.search(text)
    if chain is None:
        return _deepest_place(text, _after_system_error(text, _first_of_chain(text, told)))
    root = chain.group(1).rstrip("\n").rsplit("\n", 1)[-1].strip()
    return told if root in told else f"{root} ({told})"


#: A line led by a place with its line and column, the message indented after it (cwltool's ``a.cwl:8:5:     Field
#: 'type' references unknown identifier``): one link of a chain of places, each deeper than the one before.
_PLACED_LINK = re.compile(r"(?m)^[\w./-]+\.\w{1,8}:\d+:\d+:(?P<gap>[ \t]*)\S[^\n]*$")
_LINKS = 3


def _deepest_place(text: str, told: str) -> str:
    """``told`` after the last link of a chain of places printed under it, each link's message indented deeper
    than the one before (``checking field 'inputs'``, ``checking object 'a'``, ``Field 'type' references unknown
    identifier 'Fil'``): a validator walks down to the root of what failed and names it last."""
    at = text.find(told.split(" (", 1)[0][:40])
    links = list(_PLACED_LINK.finditer(text, max(at, 0)))
    if len(links) < _LINKS or at < 0:
        return told
    gaps = [len(link["gap"]) for link in links]
    if any(b <= a for a, b in zip(gaps, gaps[1:], strict=False)):  # not one chain, each link deeper
        return told
    root = " ".join(links[-1].group(0).split())
    return told if root in " ".join(told.split()) else f"{root} ({told})"


#: A program's own line that the system refused it a file or a command (``awk: cannot open data/a.txt (No such file
#: or directory)``, ``sh: 1: jq: not found``): printed first, it is what the failures after it come from.
_SYSTEM_ERROR = re.compile(
    r"(?m)^[\w.-]+(?:: \d+)?: [^\n]{0,200}?(?:No such file or directory|Permission denied|command not found|"
    r"cannot open|can't open|not found)\b[^\n]{0,80}$"
)


#: Python's words between two exceptions of a chain: the one above is what the one below came from.
_PY_CHAINED = re.compile(
    r"(?m)^(?:The above exception was the direct cause of the following exception|"
    r"During handling of the above exception, another exception occurred):$"
)
_PY_RAISED = re.compile(r"^[\w.]*(?:Error|Exception|Warning|Exit|Interrupt|Failure)\w*(?::[ \t]+\S.*)?$")


def _first_of_chain(text: str, told: str) -> str:
    """``told`` after the first exception of a chain Python printed, where ``told`` is a later one: the first is
    what the rest came from (an import that failed, then the loader's own error about it)."""
    link = _PY_CHAINED.search(text)
    if link is None:
        return told
    above = [ln.strip() for ln in text[: link.start()].rstrip().rsplit("\n", 3)[-3:] if ln.strip()]
    first = next((ln for ln in reversed(above) if _PY_RAISED.match(ln)), None)
    return told if first is None or first in told else f"{first}; {told}"


def _after_system_error(text: str, told: str) -> str:
    """``told`` after the system's refusal a program printed before the quoted line (a test failing on an empty
    value because the data file it read is not there), where ``told`` is not already it."""
    first = _SYSTEM_ERROR.search(text)
    if first is None or first.group(0).strip() in told:
        return told
    at = text.find(re.split(r" \(|; ", told, maxsplit=1)[0][:60])
    return f"{first.group(0).strip()}; {told}" if 0 <= first.start() < at else told


#: A value a test wanted or got, labelled on its own line as a runner's diagnostics print it (``#   expected: '900'``,
#: ``#        got: '990'``, ``actual  : 990``).
_WANTED_GOT = re.compile(
    r"(?im)^[ \t#>|]*(?P<label>expected|wanted|got|actual|received|but was)[ \t]*:[ \t]*(?P<value>\S[^\n]{0,120})$"
)
_COMPARED_LINES = 6


def compared(text: str, end: int, told: str) -> str:
    """``told`` (the quote of a failed test's line, ending at ``end``) with the values the runner printed right
    under it, what was wanted and what came, when it does not say them itself."""
    below = "\n".join(text[end:].split("\n", _COMPARED_LINES + 1)[1 : _COMPARED_LINES + 1])
    found = {m["label"].lower(): " ".join(m.group(0).split()) for m in _WANTED_GOT.finditer(below)}  # as printed
    wanted = found.get("expected") or found.get("wanted")
    came = next((found[k] for k in ("got", "actual", "received", "but was") if k in found), None)
    if wanted is None or came is None or wanted in told:
        return told
    return f"{told}: {wanted}, {came}"
