"""What the store keeps, and what ``cleanup`` removes.

Archives. A compaction stores, at every call, the compacted history and the archive of every original it
replaced; the next call stores both again, one message longer, so each supersedes the one before. Kept all,
they grow with the square of a conversation (a 300-call run left 261 compacted histories, 16 MB, where the
last one is what a caller needs). The rule: a session keeps the archives of its last ``keep`` compactions
(``Limits.archive_generations``) and whatever pieces those name; the archives of an older compaction are
removed as soon as a newer one replaces them, except the pieces a kept archive still names. A handle removed
this way answers with the newest archive of its kind. Archives written by nothing the session still records
(a compaction killed before it recorded its archives, or stores from before the rule) are removed by
``cleanup``. Everything else a session holds (results, tool outputs a compaction replaced by markers,
summaries and their archives) is named by texts the conversation still carries and goes only with its session.

Sessions. ``cleanup --older-than/--max-size`` removes whole sessions, oldest first, and what interrupted
writes left behind.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import dataclass

from ..errors import InvalidArgument, UnknownHandle
from ..storage.protocol import Store
from ..storage.records import ResultMeta, SessionInfo
from ..storage.states import StateHold

#: The session state that records the archives of its last compactions.
STATE = "archives"
#: What compaction labels the two archives it writes at every call (and their pieces, with " (piece)").
KINDS = {"history": "compacted history", "originals": "compact_history archive"}
_LABELS = {*KINDS.values(), *(f"{label} (piece)" for label in KINDS.values())}
#: Removed handles remembered with their kind, to point a reader to the newest archive of that kind.
RETIRED_KEPT = 2_000


@dataclass(frozen=True)
class CleanupReport:
    sessions_removed: list[str]
    bytes_freed: int
    debris_removed: int
    archives_removed: int = 0
    #: Results the text index holds after ``cleanup --reindex`` rebuilt it (None: not asked).
    reindexed: int | None = None


# archives ------------------------------------------------------------------------------------------------


def _doc(data: bytes | None) -> dict:  # type: ignore[type-arg]
    try:
        doc = json.loads(data) if data else {}
    except ValueError:
        doc = {}  # a damaged record only costs the removal of the archives it named; cleanup finds them
    if not isinstance(doc, dict) or not isinstance(doc.get("kept"), list):
        return {"kept": [], "retired": {}}
    doc.setdefault("retired", {})
    return doc


def _named(store: Store, session: str, handle: str) -> list[str]:
    """An archive and the pieces its index names (its first line); just itself when it is one piece."""
    try:
        content = store.open_content(session, handle)
    except UnknownHandle:
        return []
    with content:
        first = content.readline()
    try:
        header = json.loads(first)
    except ValueError:
        return [handle]
    pieces = header.get("pieces") if isinstance(header, dict) else None
    return [handle, *(str(p) for p in pieces)] if isinstance(pieces, list) else [handle]


def register(store: Store, session: str, hold: StateHold, archives: Mapping[str, str], keep: int) -> list[str]:
    """Record a compaction's archives (kind to handle) as the newest, and remove what the compactions that fell
    out of the last ``keep`` named and no kept one names. Called under ``hold``, the session's archive lock,
    which the whole compaction holds: no other compaction of the session can be reusing a piece meanwhile.
    Returns the handles removed."""
    if keep < 1:
        raise InvalidArgument("archive_generations must be at least 1")
    doc = _doc(hold.stored)
    newest = {kind: {"handle": h, "named": _named(store, session, h)} for kind, h in archives.items()}
    generations = [g for g in doc["kept"] if isinstance(g, dict)] + [newest]
    out, kept = generations[:-keep], generations[-keep:]
    still = {n for g in kept for entry in g.values() for n in entry.get("named", [])}
    removed = []
    for generation in out:
        for kind, entry in generation.items():
            for name in entry.get("named", []):
                if name not in still and name not in removed:
                    store.delete_result(session, name)
                    removed.append(name)
            if entry.get("handle") not in still:
                doc["retired"][entry["handle"]] = kind
    retired = list(doc["retired"].items())[-RETIRED_KEPT:]
    hold.save(json.dumps({"kept": kept, "retired": dict(retired)}).encode())
    return removed


def successor(store: Store, session: str, handle: str) -> str | None:
    """The newest archive of the kind ``handle`` was, when the retention rule removed it; else None."""
    doc = _doc(store.peek_state(session, STATE))
    kind = doc["retired"].get(handle)
    for generation in reversed(doc["kept"]):
        entry = generation.get(kind) if isinstance(generation, dict) and isinstance(kind, str) else None
        if isinstance(entry, dict) and isinstance(entry.get("handle"), str):
            return str(entry["handle"])
    return None


def _is_generation_archive(store: Store, session: str, meta: ResultMeta) -> bool:
    if meta.source != "compact_history" or meta.label not in {
        *KINDS.values(),
        *(f"{k} (piece)" for k in KINDS.values()),
    }:
        return False
    try:
        content = store.open_content(session, meta.handle)
    except UnknownHandle:
        return False
    with content:
        first = content.readline()
    try:
        header = json.loads(first)
    except ValueError:
        return False
    return isinstance(header, dict) and (
        header.get("history") == "compact_history"
        or (header.get("archive") == "compact_history" and header.get("part") == "all")
    )


def sweep(store: Store, session: str, keep: int, dry_run: bool) -> tuple[int, int]:
    """Remove the session's compaction archives that no recorded compaction names; (results, bytes). A session
    with no record yet (a store from before the rule) keeps the newest ``keep`` archives of each kind."""
    with store.state_lock(session, STATE) as hold:
        doc = _doc(hold.stored)
        metas = [m for m in store.list_results(session) if _is_generation_archive(store, session, m)]
        if doc["kept"]:
            named = {n for g in doc["kept"] if isinstance(g, dict) for e in g.values() for n in e.get("named", [])}
        else:
            named = set()
            for label in KINDS.values():
                tops = [m for m in metas if m.label == label][:keep]  # newest first
                named.update(n for m in tops for n in _named(store, session, m.handle))
        doomed = [m for m in metas if m.handle not in named]
        if not dry_run:
            for meta in doomed:
                store.delete_result(session, meta.handle)
        return len(doomed), sum(m.bytes for m in doomed)


# sessions ------------------------------------------------------------------------------------------------


def doomed(sessions: list[SessionInfo], older_than_s: float | None, max_bytes: int | None) -> list[SessionInfo]:
    """The sessions to remove: idle longer than ``older_than_s``, then the oldest until under ``max_bytes``
    (``sessions`` come newest first); none when neither is given."""
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
    keep: int,
) -> CleanupReport:
    """Remove the doomed sessions among ``sessions`` (those a view may reach), then the archives nothing names
    in the rest, then the debris when asked."""
    chosen = doomed(sessions, older_than_s, max_bytes)
    gone = {s.session for s in chosen}
    if not dry_run:
        for info in chosen:
            store.delete_session(info.session)
    archives = freed = 0
    for info in sessions:
        if info.session not in gone:
            count, size = sweep(store, info.session, keep, dry_run)
            archives, freed = archives + count, freed + size
    removed = store.remove_debris() if debris and not dry_run else 0
    return CleanupReport([s.session for s in chosen], sum(s.bytes for s in chosen) + freed, removed, archives)
