"""Whether an output shows an error at its edges, its first or last few lines: a tool that stops on an error says so
first or last, where the same line in the middle of a long output is more often a log printed. Read where no exit
code says whether a run failed."""

from __future__ import annotations

import re

from .failure_rules import ERROR_LED
from .reasons import CROSSED, FAILED_COUNT, marker, severe

__all__ = ["ERROR_LINE", "error_at_edge"]

ERROR_LINE = re.compile(ERROR_LED)
_EDGE_LINES = 3


def error_at_edge(text: str) -> bool:
    """A line that reads as an error among an output's first or last few lines: a tool that stops on an error says
    so first (``Error: ...`` and nothing after) or last (a script's output, then ``Error in f() : ...``), led by the
    word error or reading as a failure by itself (``reasons.severe``). In the middle of a long output such a line
    is more often a log printed."""
    edges = _edges(text)
    if ("rror" in text or "RROR" in text) and any(ERROR_LINE.match(ln) for ln in edges):
        return True
    if any(marker(ln) for ln in edges[:_EDGE_LINES][:-1]):  # ``Error:``, ``rake aborted!``: its message below it
        return True
    if any(CROSSED.match(ln) or _TRACE_HEAD.match(ln) for ln in edges):
        return True
    if _closing_stack(edges) or any(FAILED_COUNT.search(ln) for ln in edges[-_EDGE_LINES:]):
        return True
    if edges and _CLOSING_VERDICT.match(edges[-1]):
        return True
    return any(severe(ln) for ln in edges)


#: A frame of a stack as the languages that print one on an uncaught error write it: JavaScript's and Java's
#: ``at f (src/a.js:3:9)`` / ``at a.B.f(B.java:12)``, Ruby's ``from lib/a.rb:4:in 'f'``, PHP's ``#1 /a.php(12): f()``,
#: C#'s ``at A.F() in /a.cs:line 12``, Go's ``\t/app/main.go:12 +0x1d``.
_STACK_FRAME = re.compile(
    r"^[ \t]*(?:at [^\s(]+(?: \[as \w+\])? ?\(?[^()\s]+:\d+(?::\d+)?\)?|at [\w$.<>]+\([\w$.]+:\d+\)|"
    r"at async \S+|at \S+ \(node:[\w/:]+\)|from \S+:\d+:in\b|#\d+ \S+\(\d+\): |at .+ in \S+:line \d+|"
    r"\S+\.go:\d+ \+0x[0-9a-f]+)"
)


#: A run's last words that say only that it failed (``Deploy failed``, ``1/1 modules FAILED unittests``, ``Error!
#: Issues detected.``, ``sha256sum: WARNING: 1 computed checksum did NOT match``): what failed is said above.
_CLOSING_VERDICT = re.compile(
    r"^\W*(?!.*\b(?:0|no|none|nothing) (?:\w+ )?(?:failed|FAILED))(?:[\w/-]+ ){0,3}(?:failed|FAILED|aborted|ABORTED)"
    r"(?: [\w/-]+)?[.!]?\s*$|^\W*Error! \S|"
    r"\bdid NOT match\b|^\W*(?:BUILD|DEPLOY|CHECK|VALIDATION) FAIL"
)


def _closing_stack(edges: list[str]) -> bool:
    """Whether the output ends on a stack's frames (two or more) under a line that is none: a program that printed
    its stack last stopped on an uncaught error."""
    frames = [_STACK_FRAME.match(ln) is not None for ln in edges]
    return sum(frames[-_EDGE_LINES:]) >= 2 and frames[-1] and not all(frames)


#: A stack's dump announced on a line of its own (``stack traceback:``, ``Stack trace:``, ``Backtrace:``): the
#: program stopped on an error.
_TRACE_HEAD = re.compile(r"(?i)^[ \t]*(?:stack traceback|stack trace|backtrace|call stack)[ \t]*:?[ \t]*$")


_EDGE_CHARS = 4_000  # where an output's first and last lines are looked for: a long output is not split whole


def _edges(text: str) -> list[str]:
    """An output's first and last few non-blank lines (all of them when there are few)."""
    if len(text) > 2 * _EDGE_CHARS:
        head = [ln for ln in text[:_EDGE_CHARS].splitlines()[:-1] if ln.strip()][:_EDGE_LINES]
        tail = [ln for ln in text[-_EDGE_CHARS:].splitlines()[1:] if ln.strip()][-_EDGE_LINES:]
        if len(head) == len(tail) == _EDGE_LINES:
            return head + tail
    lines = [ln for ln in text.splitlines() if ln.strip()]
    return lines if len(lines) <= 2 * _EDGE_LINES else lines[:_EDGE_LINES] + lines[-_EDGE_LINES:]
