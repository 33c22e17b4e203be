"""What happened in a session, kept for people to look at afterwards (``mcp-context ui``): one entry per
compaction, stored summary, loop warning or stop, and audit of a host's own compaction, each with the figures its
answer gave.

The answers themselves go to the caller and are not kept; the archives they name are, but not the figures
(tokens before and after, what each layer did, the evidence of a loop). The entries live in the session's
``journal`` state, so the store needs nothing new and every backend keeps them: JSON lines, one entry each, the
newest :data:`MAX_ENTRIES` that fit in :data:`MAX_BYTES`. An entry is appended to the bytes as they are, the
oldest cut off at a line's end, with nothing parsed, so a full journal costs a compaction only its write. A
layer's messages are kept as runs (``#3-#5``), as the tool's own report gives them.
An audit's facts can run to hundreds: they are stored as a result of their own (JSON), the entry names it.
A check_loop that answers ok records nothing: it is the common case, runs after every tool call, and the loop
state counts those checks already.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

from .results.views import label_spans

if TYPE_CHECKING:
    from .compaction.compact import Compaction
    from .hooks.audit import Audit
    from .loops.answers import LoopCheck
    from .storage.protocol import Store
    from .summary.engine import RangeSummary

STATE = "journal"
#: Entries kept per session, and the most their state may take: the oldest go first.
MAX_ENTRIES = 1000
MAX_BYTES = 128 * 1024
#: Runs of message labels kept per layer of one compaction (the archive holds every message).
MAX_RUNS = 300
_EVENTS = 50


def record(store: Store, session: str, entry: dict[str, Any]) -> None:
    """Append ``entry`` (JSON-ready) to the session's journal under its lock."""
    line = json.dumps({"time": time.time(), **entry}, ensure_ascii=False).encode() + b"\n"
    with store.state_lock(session, STATE) as hold:
        data = (hold.stored or b"") + line
        if len(data) > MAX_BYTES:
            data = data[data.find(b"\n", len(data) - MAX_BYTES) + 1 :] or line  # whole lines; the newest always
        for _ in range(data.count(b"\n") - MAX_ENTRIES):
            data = data[data.index(b"\n") + 1 :]
        hold.save(data)


def entries_of(data: bytes | None) -> list[dict[str, Any]]:
    """The entries of a stored journal, oldest first; a line that is not one is passed over."""
    out = []
    for line in (data or b"").splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if isinstance(entry, dict):
            out.append(entry)
    return out


def read_journal(store: Store, session: str) -> list[dict[str, Any]]:
    """The session's journal, oldest first, read without taking its lock."""
    return entries_of(store.peek_state(session, STATE))


def record_compaction(store: Store, session: str, result: Compaction) -> None:
    layers = [
        {
            "layer": r.layer,
            "name": r.name,
            "changed": r.changed,
            "tokens_saved": r.tokens_saved,
            "skipped": r.skipped,
            "messages": label_spans(r.messages)[:MAX_RUNS],
        }
        for r in result.layers
    ]
    record(
        store,
        session,
        {
            "kind": "compaction",
            "format": result.format,
            "compacted": result.compacted,
            "messages_before": result.input_count,
            "messages_after": len(result.messages),
            "tokens_before": result.tokens_before,
            "tokens_after": result.tokens_after,
            "token_method": result.token_method,
            "target": result.target,
            "window": result.window,
            "model": result.model,
            "layers": layers,
            "removed": len(result.removed),
            "shortened": len(result.shortened),
            "archive": result.archive.handle if result.archive is not None else None,
            "history": result.history.handle if result.history is not None else None,
            "bridge": result.bridge_archive,
        },
    )


def record_summary(store: Store, session: str, result: RangeSummary) -> None:
    if result.summary is None:
        return  # the agent engine's first call: nothing stored yet
    record(
        store,
        session,
        {
            "kind": "summary",
            "start": result.span.start,
            "end": result.span.end,
            "style": result.style,
            "engine": result.engine,
            "range_tokens": result.range_tokens,
            "summary_tokens": result.summary_tokens,
            "summary": result.summary.handle,
            "archive": result.archive.handle if result.archive is not None else None,
        },
    )


def record_loop(store: Store, session: str, check: LoopCheck) -> LoopCheck:
    """Record a check that warned or stopped; ``check`` back, for the caller to return."""
    verdict = check.verdict
    if verdict.status != "ok":
        evidence = verdict.evidence
        record(
            store,
            session,
            {
                "kind": "loop",
                "status": verdict.status,
                "detection": verdict.kind,
                "strike": verdict.strike,
                "at": verdict.at,
                "evidence": None
                if evidence is None
                else {"events": list(evidence.events[-_EVENTS:]), "count": evidence.count, "excerpt": evidence.excerpt},
                "nudge": verdict.nudge,
                "steps": verdict.counters.steps,
            },
        )
    return check


def audit_document(found: Audit) -> str:
    """What the viewer shows of an audit, as stored: the host's summary and every fact checked, dropped or not."""
    dropped = {id(f) for f in found.dropped}
    facts = [{"kind": f.kind, "ref": f.ref, "text": f.text, "dropped": id(f) in dropped} for f in found.checked]
    return json.dumps({"summary": found.summary, "facts": facts, "notes": found.notes}, ensure_ascii=False)


def record_host_audit(store: Store, session: str, found: Audit, facts: str) -> None:
    """An audit of a host's compaction, made once its summary was known; ``facts``: its stored document's handle."""
    record(
        store,
        session,
        {
            "kind": "host_compaction",
            "host": found.host,
            "transcript": found.transcript,
            "boundaries": found.boundaries,
            "trigger": found.trigger,
            "originals": found.originals,
            "summary_chars": found.summary_chars,
            "checked": len(found.checked),
            "dropped": len(found.dropped),
            "snapshot": found.snapshot,
            "archive": found.archive,
            "facts": facts,
        },
    )
