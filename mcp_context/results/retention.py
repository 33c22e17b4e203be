"""What ``cleanup`` removes: whole sessions by age or by the size of the store, and what interrupted writes left.

Sessions go whole, oldest first, because a result may be named by any other text of its session (a compacted
history names its archives, a summary the messages it covers): removing single results would leave handles
that a conversation still holds pointing at nothing.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..errors import InvalidArgument
from ..storage.protocol import Store
from ..storage.records import SessionInfo


@dataclass(frozen=True)
class CleanupReport:
    sessions_removed: list[str]
    bytes_freed: int
    debris_removed: int


def doomed(sessions: list[SessionInfo], older_than_s: float | None, max_bytes: int | None) -> list[SessionInfo]:
    """The sessions to remove: idle longer than ``older_than_s``, then the oldest until under ``max_bytes``
    (``sessions`` come newest first)."""
    if older_than_s is None and max_bytes is None:
        raise InvalidArgument("say what to remove: an age (--older-than) or a size cap (--max-size)")
    if (older_than_s is not None and older_than_s < 0) or (max_bytes is not None and max_bytes < 0):
        raise InvalidArgument("age and size must not be negative")
    out: list[SessionInfo] = []
    if older_than_s is not None:
        cutoff = time.time() - older_than_s
        out = [s for s in sessions if s.updated < cutoff]
    if max_bytes is not None:
        keep = [s for s in sessions if s not in out]
        total = sum(s.bytes for s in keep)
        for info in reversed(keep):  # oldest first
            if total <= max_bytes:
                break
            out.append(info)
            total -= info.bytes
    return out


def cleanup(
    store: Store,
    sessions: list[SessionInfo],
    older_than_s: float | None,
    max_bytes: int | None,
    dry_run: bool,
    debris: bool,
) -> CleanupReport:
    """Remove the doomed sessions among ``sessions`` (those a view may reach), and the debris when asked."""
    chosen = doomed(sessions, older_than_s, max_bytes)
    if not dry_run:
        for info in chosen:
            store.delete_session(info.session)
    removed = store.remove_debris() if debris and not dry_run else 0
    return CleanupReport([s.session for s in chosen], sum(s.bytes for s in chosen), removed)
