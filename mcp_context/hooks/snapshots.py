"""Around a host's own compaction: a state snapshot made and stored before it, and handed back after it.

Before (Claude Code's PreCompact, Gemini CLI's PreCompress) the host's transcript is summarised in the
``snapshot`` style with the extractive engine (no model: a hook has none, and must be quick), which stores the
snapshot and an archive of the messages it covers. Claude Code takes a PreCompact hook's plain stdout as the
compaction's custom instructions (the first 10,000 characters), so the snapshot steers its own summary.
After: Claude Code fires SessionStart with source ``compact``; by then its transcript holds its own summary, so
only what that summary dropped goes back in as additional context (:mod:`.audit`), or the whole snapshot when
the transcript shows no compaction. Gemini CLI has no such event (its SessionStart sources are startup, resume
and clear), so the snapshot waits and rides on the next AfterTool, or on SessionStart when the session is resumed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .context import HookCall

#: Claude Code keeps 10,000 characters of a PreCompact hook's output; leave room for its own words.
INSTRUCTION_CHARS = 9_000
#: What goes back into the conversation: short, the whole is a read away.
INJECTED_CHARS = 4_000
SNAPSHOT_TOKENS = 1_500


def take(call: HookCall) -> dict[str, Any] | None:
    """Summarise the host's transcript, store it, remember it for after the compaction; None without one."""
    transcript = call.text("transcript_path")
    if not transcript:
        return None
    result = call.session.summarize_range(
        transcript=transcript, style="snapshot", engine="extractive", max_tokens=SNAPSHOT_TOKENS
    )
    if not result.text or result.summary is None:
        return None
    snapshot = {
        "summary": result.summary.handle,
        "archive": result.archive.handle if result.archive is not None else None,
        "text": result.text,
        "transcript": transcript,
    }
    doc = call.state()
    doc["snapshot"] = snapshot
    pending = doc.get("pending")
    doc["pending"] = {**(pending if isinstance(pending, dict) else {}), "snapshot": True}
    call.save_state(doc)
    return snapshot


def _cut(text: str, limit: int, handle: str) -> str:
    if len(text) <= limit:
        return text
    return f"{text[: limit - 120].rstrip()}\n… (cut here; the whole snapshot: read_persisted(handle='{handle}'))"


def injected(snapshot: dict[str, Any]) -> str:
    """The snapshot as it goes back into the conversation after a compaction."""
    handle = str(snapshot.get("summary"))
    head = (
        "[mcp-context] The conversation was compacted. The state snapshot taken just before is below, stored "
        f"whole as handle {handle}; read_persisted(handle=...) pages or greps it and the archived messages."
    )
    return f"{head}\n{_cut(str(snapshot.get('text', '')), INJECTED_CHARS, handle)}"


def claude_pre_compact(call: HookCall) -> str | None:
    """Plain text: Claude Code's new custom instructions for this compaction."""
    snapshot = take(call)
    if snapshot is None:
        return None
    given = call.text("custom_instructions")
    lead = (
        "Keep these facts in the summary, with the handles (r_...) exactly as written: the full snapshot is "
        f"stored as {snapshot['summary']} and the messages being compacted as {snapshot['archive']}; they can be "
        "read back with read_persisted."
    )
    body = f"{given.strip()}\n\n{lead}" if given and given.strip() else lead
    room = max(1_000, INSTRUCTION_CHARS - len(body) - 2)
    return f"{body}\n\n{_cut(str(snapshot['text']), room, str(snapshot['summary']))}"[:INSTRUCTION_CHARS]


def _pending_snapshot(call: HookCall) -> dict[str, Any] | None:
    doc = call.state()
    pending = doc.get("pending")
    snapshot = doc.get("snapshot")
    if not (isinstance(pending, dict) and pending.get("snapshot") and isinstance(snapshot, dict)):
        return None
    pending.pop("snapshot", None)
    if not pending:
        doc.pop("pending")
    call.save_state(doc)
    return snapshot


def _after_audit(call: HookCall, snapshot: dict[str, Any]) -> str:
    """Only what Claude Code's own summary dropped (see :mod:`.audit`) when its summary is known here (it came
    with PostCompact, the transcript still ending with the messages it replaced); else the whole snapshot.
    Claude Code 2.1.330 runs SessionStart(compact) before PostCompact and before it writes the boundary, so
    there the summary is not known yet and the whole snapshot goes back in (checked on the real host)."""
    from . import audit  # here: only this event reads a whole transcript

    path = call.text("transcript_path") or snapshot.get("transcript")
    summary = snapshot.get("host_summary")
    if not (isinstance(path, str) and Path(path).is_file() and isinstance(summary, str) and summary.strip()):
        return injected(snapshot)
    found = audit.audit(Path(path), snapshot, host_summary=summary)
    return found.reinjection() if found.found else injected(snapshot)


def claude_post_compact(call: HookCall) -> None:
    """Keep the host's summary (``compact_summary``) for SessionStart(compact), which follows; nothing to say."""
    summary = call.text("compact_summary")
    doc = call.state()
    snapshot = doc.get("snapshot")
    if summary and isinstance(snapshot, dict):
        snapshot["host_summary"] = summary
        call.save_state(doc)


def claude_session_start(call: HookCall) -> dict[str, Any] | None:
    if call.text("source") != "compact":
        return None
    snapshot = _pending_snapshot(call)
    if snapshot is None:
        return None
    context = _after_audit(call, snapshot)
    return {"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": context}}


def gemini_pre_compress(call: HookCall) -> dict[str, Any] | None:
    snapshot = take(call)
    if snapshot is None:
        return None
    return {"systemMessage": f"mcp-context: state snapshot stored as {snapshot['summary']} before compression"}


def gemini_session_start(call: HookCall) -> dict[str, Any] | None:
    snapshot = _pending_snapshot(call)
    if snapshot is None:
        return None
    return {"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": injected(snapshot)}}
