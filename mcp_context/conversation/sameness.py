"""What two outputs of the same work say alike: the parts that differ from run to run and say nothing of the
result (process ids, durations, temporary paths) are set aside, so that a loop check can see "the same result
again" and a re-run can be told from one whose output changed."""

from __future__ import annotations

import re

__all__ = ["normalised"]


#: What changes between two runs of the same command and says nothing of its result: Gemini CLI's process group
#: and background pids, temporary paths and thread ids, and numbers of several digits with their units (durations,
#: timestamps, addresses, pids). A single digit stays: "1 failed" and "3 failed" must not compare equal.
_VOLATILE = re.compile(
    r"(?m:^)(?:Process Group PGID|Background PIDs): .*$"
    r"|\d[\d:.,T-]*\d(?:\s?(?:ms|s|sec|seconds|µs|us|ns|min)\b|Z|[+-]\d{2}:?\d{2})?"
    r"|/tmp/[\w.-]+"
    r"|\(\d{2,}\)",
)


def normalised(text: str) -> str:
    """``text`` with what differs between two runs of the same work replaced: two outputs that say the same
    compare equal (a loop check's "the same result again")."""
    return _VOLATILE.sub("\u2026", text)
