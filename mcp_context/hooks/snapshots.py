"""Around a host's own compaction: a state snapshot made and stored before it, and handed back after it.

Before (Claude Code's PreCompact, Gemini CLI's PreCompress) the host's transcript is summarised in the
``snapshot`` style with the extractive engine (no model: a hook has none, and must be quick), which stores the
snapshot and an archive of the messages it covers. Claude Code takes a PreCompact hook's plain stdout as the
compaction's custom instructions (the first 10,000 characters), so the snapshot steers its own summary.

After, Claude Code gets back only what its own summary dropped (:mod:`.audit`). Claude Code 2.1.330 fires
SessionStart(compact) before PostCompact and before it writes its summary to the transcript, so there the summary
is not known: that event says one line (the handles) and marks the drops as due. The next event whose additional
context reaches the model (UserPromptSubmit, or PreToolUse when the model goes on by itself after an automatic
compaction) finds the summary in the transcript, or as PostCompact handed it over, and puts the drops in once.
Only when the summary can never be known (no transcript) does the whole snapshot go back. Gemini CLI has no such
event (its SessionStart sources are startup, resume and clear), so its snapshot waits and rides on the next
AfterTool, or on SessionStart when the session is resumed.

Codex CLI 0.169 fires PreCompact (its output cannot steer the summary: only ``systemMessage`` and ``continue``
are read), then, once its ``compacted`` record is in the rollout, SessionStart with source ``compact``, whose
additional context reaches the model as a developer message: there the audit is known at once, and only the
drops go back (checked on the real host).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .context import DUE, HookCall

if TYPE_CHECKING:
    from . import audit as audit_module

#: Claude Code keeps 10,000 characters of a PreCompact hook's output; leave room for its own words.
INSTRUCTION_CHARS = 9_000
#: What goes back into the conversation: short, the whole is a read away.
INJECTED_CHARS = 4_000
SNAPSHOT_TOKENS = 1_500
#: The hook state's count of the host compactions already audited (Codex CLI).
AUDITED = "audited_compactions"
MANUAL_KEEP = "user request, unresolved failure, changed file, decision and open item"


def summarised(call: HookCall, **source: Any) -> dict[str, Any] | None:
    """A snapshot of ``source`` (``transcript=`` or ``messages=`` with ``format=``), stored with an archive of
    the messages it covers; None when there is nothing to summarise."""
    result = call.session.summarize_range(style="snapshot", engine="extractive", max_tokens=SNAPSHOT_TOKENS, **source)
    if not result.text or result.summary is None:
        return None
    return {
        "summary": result.summary.handle,
        "archive": result.archive.handle if result.archive is not None else None,
        "text": result.text,
    }


def _waiting(doc: dict[str, Any], snapshot: dict[str, Any]) -> None:
    """``snapshot`` becomes the one waiting for the model (a drop still due from an earlier one goes)."""
    doc["snapshot"] = snapshot
    pending = doc.get("pending")
    pending = {k: v for k, v in (pending if isinstance(pending, dict) else {}).items() if k != DUE}
    doc["pending"] = {**pending, "snapshot": True}


def take(call: HookCall) -> dict[str, Any] | None:
    """Summarise the host's transcript, store it, remember it for after the compaction; None without one."""
    transcript = call.text("transcript_path")
    if not transcript:
        return None
    snapshot = summarised(call, transcript=transcript)
    if snapshot is None:
        return None
    snapshot["transcript"] = transcript
    if call.host in ("claude", "codex"):  # a compaction past this count is the host's summary of this one
        from . import audit  # here: only PreCompact and the events after it read a whole transcript

        snapshot["boundaries"] = audit.compactions(Path(transcript))
        if call.text("trigger"):
            snapshot["trigger"] = call.text("trigger")
    doc = call.state()
    _waiting(doc, snapshot)
    call.save_state(doc)
    return snapshot


def _cut(text: str, limit: int, handle: str) -> str:
    if len(text) <= limit:
        return text
    return f"{text[: limit - 120].rstrip()}\n… (cut here; the whole snapshot: read_persisted(handle='{handle}'))"


def injected(snapshot: dict[str, Any]) -> str:
    """The snapshot as it goes back into the conversation after a compaction."""
    handle = str(snapshot.get("summary"))
    if isinstance(snapshot.get("dropped"), int):  # Gemini CLI: told from its chat file, with what it replaced
        what = f"Gemini CLI compressed the conversation, replacing {snapshot['dropped']} messages with its summary"
    else:
        what = "The conversation was compacted"
    head = (
        f"[mcp-context] {what}. The state snapshot of the messages before is below, stored whole as handle "
        f"{handle}; read_persisted(handle=...) pages or greps it and the archived messages ({snapshot.get('archive')})."
    )
    return f"{head}\n{_cut(str(snapshot.get('text', '')), INJECTED_CHARS, handle)}"


def claude_pre_compact(call: HookCall) -> str | None:
    """Plain text: Claude Code's new custom instructions for this compaction. An automatic compaction gets the
    snapshot itself; a manual one (``/compact``) only the handles and what to keep, because Claude Code 2.1.330
    echoes a PreCompact hook's output into the conversation after a ``/compact`` (a ``local-command-stdout``
    the model reads), where the whole snapshot would come back beside the host's summary (checked on the real
    host; after an automatic compaction nothing is echoed)."""
    snapshot = take(call)
    if snapshot is None:
        return None
    given = call.text("custom_instructions")
    lead = (
        "Keep these facts in the summary, with the handles (r_...) exactly as written: the full snapshot is "
        f"stored as {snapshot['summary']} and the messages being compacted as {snapshot['archive']}; they can be "
        "read back with read_persisted."
    )
    if call.text("trigger") == "manual":
        lead = lead.replace("these facts", f"every {MANUAL_KEEP}", 1)
    body = f"{given.strip()}\n\n{lead}" if given and given.strip() else lead
    if call.text("trigger") == "manual":
        return body[:INSTRUCTION_CHARS]
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


def known_audit(call: HookCall, snapshot: dict[str, Any]) -> audit_module.Audit | None:
    """The audit of Claude Code's compaction once its summary is known: written to the transcript (a boundary
    past the ones the snapshot counted) or handed over by PostCompact (the transcript then still ends with the
    messages it replaced). None while it is not known, or when there is no transcript to audit."""
    from . import audit

    path = call.text("transcript_path") or snapshot.get("transcript")
    if not (isinstance(path, str) and Path(path).is_file()):
        return None
    lines = audit.records(Path(path))
    written = sum(audit.is_boundary(r) for r in lines) > _int(snapshot.get("boundaries"))
    summary = snapshot.get("host_summary")
    if not written and not (isinstance(summary, str) and summary.strip()):
        return None
    found = audit.audit(Path(path), snapshot, host_summary=None if written else summary, lines=lines)
    if not found.found:
        return None
    _journal(call, found)
    return found


def _journal(call: HookCall, found: audit_module.Audit) -> None:
    """The audit kept for the viewer (``mcp-context ui``), which could not redo it in a page's time on a long
    session; a store that fails here costs the page, never the host its answer."""
    from ..errors import ContextError
    from ..journal import audit_document, record_host_audit
    from .run import log

    try:
        stored = call.session.persist_result(
            audit_document(found), label="audit of the host's compaction", source="mcp-context audit"
        )
        record_host_audit(call.session.store, call.session_id, found, stored.meta.handle)
    except (ContextError, OSError) as exc:
        log(call.root, f"{call.host} audit not journaled: {type(exc).__name__}: {exc}")


def _int(value: Any) -> int:
    return value if isinstance(value, int) else 0


def _dropped(found: audit_module.Audit) -> str | None:
    """The drops only; nothing when the host's summary kept every fact checked."""
    return found.reinjection() if found.dropped else None


def pointer(snapshot: dict[str, Any]) -> str:
    """One line for SessionStart(compact) while the host's summary is not known yet: where the state is."""
    return (
        f"[mcp-context] The state before this compaction is stored: snapshot {snapshot.get('summary')}, messages "
        f"{snapshot.get('archive')} (read_persisted(handle=...))."
    )


def claude_post_compact(call: HookCall) -> None:
    """Keep the host's summary (``compact_summary``) for the audit; its output reaches only the user."""
    summary = call.text("compact_summary")
    doc = call.state()
    snapshot = doc.get("snapshot")
    if summary and isinstance(snapshot, dict):
        snapshot["host_summary"] = summary
        call.save_state(doc)


def claude_session_start(call: HookCall) -> dict[str, Any] | None:
    """The drops when the host's summary is already known here; else one line, and the drops fall due."""
    if call.text("source") != "compact":
        return None
    doc = call.state()
    snapshot, pending = doc.get("snapshot"), doc.get("pending")
    if not (isinstance(pending, dict) and pending.get("snapshot") and isinstance(snapshot, dict)):
        return None
    if pending.get(DUE):  # said already: the drops wait for the next prompt or tool call
        return None
    found = known_audit(call, snapshot)
    if found is None:
        pending[DUE] = True
        call.save_state(doc)
        context: str | None = pointer(snapshot)
    else:
        _pending_snapshot(call)
        context = _dropped(found)
    if context is None:
        return None
    return {"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": context}}


def claude_due(call: HookCall) -> str | None:
    """What the host's summary dropped, once, at the first event after SessionStart(compact) that can add
    context: the summary is known by then. The whole snapshot only when it never can be (no transcript)."""
    snapshot = call.claim_pending(DUE)
    if snapshot is None:
        return None
    found = known_audit(call, snapshot)
    return injected(snapshot) if found is None else _dropped(found)


def claude_user_prompt_submit(call: HookCall) -> dict[str, Any] | None:
    context = claude_due(call)
    if context is None:
        return None
    return {"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": context}}


def gemini_compressions(call: HookCall) -> dict[str, Any] | None:
    """The snapshot of what Gemini CLI's last compression since the previous event replaced, read off its chat
    file (:mod:`.compressions`) and stored; it waits for the model. None when no compression happened. When
    several happened between two events (hooks installed mid-session), the last one's is made: the earlier
    ones' messages are in the chat file, and a summary each would hold up the host."""
    path = call.text("transcript_path")
    if not path or not call.text("session_id"):
        return None
    from ..conversation.transcripts import read_gemini_lines
    from . import compressions

    with call.held_state() as doc:
        saved = doc.get(compressions.STATE_KEY)
        reading = compressions.Reading.of(saved, path)
        found = compressions.read_on(reading)
        doc[compressions.STATE_KEY] = reading.kept_with(saved)
        if not found:
            return None
        messages, _ = read_gemini_lines(compressions.before(path, found[-1]))
        if len(json.dumps(messages)) < 8 * SNAPSHOT_TOKENS:
            return None  # shorter than a snapshot would be: nothing to hand back, the chat file holds it all
        snapshot = summarised(call, messages=messages, format="gemini")
        if snapshot is None:
            return None
        snapshot.update(transcript=path, dropped=found[-1].dropped, compressions=len(found))
        _waiting(doc, snapshot)
    return snapshot


def compressed_note(snapshot: dict[str, Any]) -> str:
    """The user's line (Gemini CLI prints a hook's systemMessage) when a compression was found."""
    return (
        f"mcp-context: Gemini CLI compressed the conversation; a snapshot of the {snapshot['dropped']} messages "
        f"it replaced is stored as {snapshot['summary']}"
    )


def gemini_pre_compress(call: HookCall) -> dict[str, Any] | None:
    """Settings written before PreCompress was left out still call this: it only looks for compressions that
    already happened, since PreCompress fires before every request whether or not Gemini CLI compresses."""
    gemini_compressions(call)
    return None


def gemini_session_start(call: HookCall) -> dict[str, Any] | None:
    gemini_compressions(call)
    snapshot = _pending_snapshot(call)
    if snapshot is None:
        return None
    return {"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": injected(snapshot)}}


def codex_pre_compact(call: HookCall) -> None:
    """The snapshot of what Codex is about to compact, stored; Codex takes no instructions from this event."""
    take(call)


def codex_session_start(call: HookCall) -> dict[str, Any] | None:
    """After Codex compacted (source ``compact``): its ``compacted`` record is written, so the audit is known;
    the model gets what the summary dropped (or, when nothing was, where the state before is kept), and the
    audit is journaled for the viewer. Without a readable rollout the whole snapshot goes back."""
    if call.text("source") != "compact":
        return None
    from . import audit

    snapshot = _pending_snapshot(call)
    path = call.text("transcript_path") or (snapshot or {}).get("transcript")
    found = audit.audit(Path(path), snapshot) if isinstance(path, str) and Path(path).is_file() else None
    doc = call.state()
    seen = max(_int((snapshot or {}).get("boundaries")), _int(doc.get(AUDITED)))
    if found is not None and found.found and found.boundaries > seen:  # each compaction audited once
        doc[AUDITED] = found.boundaries
        call.save_state(doc)
        _journal(call, found)
        context = _dropped(found) or (pointer(snapshot) if snapshot is not None else None)
    else:
        context = injected(snapshot) if snapshot is not None else None
    if context is None:
        return None
    return {"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": context}}
