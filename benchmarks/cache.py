"""The page cache is put in a known state before every timed call: warm by default, cold on request.

Leaving it to chance does not work. Some machines (this project's VMs among them) hand the page cache back
to the host within a minute or two even with most memory free, so "just written, hence cached" fails for a
1 GiB file, and a benchmark that assumes it mixes disk reads into some samples and not others. Warm answers
"what does the code cost"; cold answers "what does an agent wait for when it comes back to a result later".
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from .measure import Plan

WARM_EVERY_S = 10.0  # re-read the inputs before a call if the last warming is older than this
_BLOCK = 1024 * 1024


def can_evict() -> bool:
    return hasattr(os, "posix_fadvise")


def evict(paths: list[Path]) -> None:
    """Drop the files' clean pages from the cache (they were fsynced, so all of them are clean)."""
    for path in paths:
        fd = os.open(path, os.O_RDONLY)
        try:
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)


def warm(paths: list[Path]) -> None:
    buffer = bytearray(_BLOCK)
    for path in paths:
        with open(path, "rb", buffering=0) as f:
            while f.readinto(buffer):
                pass


def with_cache(plan: Plan, inputs: Callable[[], list[Path]], cold: bool) -> Plan:
    """The plan with its inputs warmed (at most ``WARM_EVERY_S`` old) or evicted before each timed call."""
    last_warmed = float("-inf")

    def before_each() -> None:
        nonlocal last_warmed
        plan.before_each()  # first: it may delete and recreate what the inputs name
        if cold:
            evict(inputs())
        elif time.monotonic() - last_warmed > WARM_EVERY_S:
            warm(inputs())
            last_warmed = time.monotonic()

    return replace(plan, before_each=before_each)
