"""What a host's own compaction dropped: its summary checked against the messages it replaced.

Claude Code writes a ``compact_boundary`` system line into its transcript, then a user line flagged
``isCompactSummary`` holding its summary; the lines before the boundary stay in the file, and the boundary's
``compactMetadata.preservedMessages`` names the few it kept verbatim. The facts a user would hate to lose are
taken from the replaced messages with the extractive engine (:func:`..summary.facts.extract`): the user's
requests, failures left unresolved, files changed, decisions and open items. Each fact has key strings (a
file's name, the distinctive words of a request or an error) and counts as kept when the host's summary, or
the messages it kept verbatim, hold enough of them. What is left is what the host dropped.

Gemini CLI keeps no boundary in its chat file; its compressed history starts with a ``<state_snapshot>`` user
turn. The originals are read off the chat file itself: the message list as it stood before the rewrite that
compressed it (:mod:`.compressions` tells that rewrite from the others), so every compression in the file can be
audited, recorded by our hooks or not. A chat file without such a rewrite falls back on the archive our hook
stored with its snapshot.

Codex CLI writes a ``compacted`` record into its rollout: its summary (``message``, behind a fixed bridge
sentence) and the history it put in place (``replacement_history``: the user's messages, kept verbatim, and the
summary). The originals are the history as the model saw it before the record, from the compaction before on.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..conversation import formats, transcripts
from ..summary import cuts
from ..summary.facts import Facts, extract

#: A fact counts as kept when this share of its key words is in what the host kept.
KEPT_SHARE = 0.5
MAX_KEYS = 12
#: What SessionStart(compact) puts back: only what was dropped, short; the rest is a read away.
REINJECT_CHARS = 2_500
FACT_CHARS = 240
KINDS = ("request", "failure", "file", "decision", "open")
_LABEL = {
    "request": "user request",
    "failure": "unresolved failure",
    "file": "file changed",
    "decision": "decision",
    "open": "open item",
}
#: User turns a host writes itself (a summary, a slash command and its output, reminders): not requests.
_HOST_TEXT = (
    "This session is being continued",
    "<command-name>",
    "<command-message>",
    "<local-command",
    "<system-reminder>",
    "Caveat:",
    "<session_context>",
    "<state_snapshot>",
    "<environment_context>",
    "Another language model started to solve this problem",
)
_COMPACTED = re.compile(rb'"type"\s*:\s*"compacted"')
#: What Codex CLI puts before its summary in the ``compacted`` record and in the history after it.
CODEX_BRIDGE = "use the information in this summary to assist with your own analysis:"
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]{3,}")
_STOP = frozenset(
    "that this with from have what when then than there their they them were will would could should about "
    "into also just only some more most other please make sure need needs want like does done each which "
    "while after before again here your yours ours file files error errors failed fails line exit code "
    "command found output named".split()
)
_SUMMARY = re.compile(
    r"Summary:\s*\n(?P<body>.*?)(?:\n\s*If you need specific details from before compaction|\Z)", re.S
)


@dataclass(frozen=True)
class Fact:
    kind: str
    ref: int | None  # the message it came from, in the replaced range (as the snapshot's archive cites it)
    text: str
    keys: tuple[str, ...]


@dataclass
class HostCompaction:
    """A host's last compaction as its transcript shows it."""

    host: str
    summary: str  # the host's own summary text
    kept: str  # the summary and the messages kept verbatim: everything the model still sees of the range
    originals: list[dict[str, Any]]  # the messages it replaced, in the transcript's message format
    format: str
    trigger: str | None = None
    pre_tokens: int | None = None
    boundaries: int = 0


@dataclass
class Audit:
    host: str
    transcript: str | None
    found: bool  # a host compaction was found
    trigger: str | None = None
    summary_chars: int = 0
    originals: int = 0
    checked: list[Fact] = field(default_factory=list)
    dropped: list[Fact] = field(default_factory=list)
    snapshot: str | None = None  # our PreCompact snapshot's handle
    archive: str | None = None  # the replaced messages as stored by our PreCompact hook
    notes: list[str] = field(default_factory=list)
    summary: str = ""  # the host's summary: the viewer shows it beside what it dropped
    boundaries: int = 0  # the compactions the transcript showed: which one this is

    def to_dict(self) -> dict[str, Any]:
        doc = asdict(self)
        del doc["summary"], doc["boundaries"]
        doc["checked"] = len(self.checked)
        doc["dropped"] = [{k: v for k, v in asdict(f).items() if k != "keys"} for f in self.dropped]
        doc["kept_by_kind"] = {k: sum(f.kind == k for f in self.checked) - self.count(k) for k in KINDS}
        return doc

    def count(self, kind: str) -> int:
        return sum(f.kind == kind for f in self.dropped)

    def report(self) -> str:
        """For people: what was compared, and each dropped fact on its line."""
        if not self.found:
            return "\n".join(["No host compaction found in the transcript: nothing to audit.", *self.notes])
        lines = [
            f"{self.host} compaction ({self.trigger or 'trigger unknown'}): its summary ({self.summary_chars:,} chars) "
            f"replaced {self.originals} messages; {len(self.checked)} facts checked, {len(self.dropped)} dropped.",
        ]
        if self.snapshot or self.archive:
            lines.append(f"Our snapshot: {self.snapshot or '-'}; the replaced messages: {self.archive or '-'}.")
        lines += [f"  - {_LABEL[f.kind]} {_cite(f.ref)}: {f.text}" for f in self.dropped]
        return "\n".join(lines + [f"note: {n}" for n in self.notes])

    def reinjection(self, limit: int = REINJECT_CHARS) -> str:
        """What SessionStart(compact) hands the model: the dropped facts only, with the handles to read on."""
        where = []
        if self.archive:
            where.append(f"The messages before it are stored as {self.archive} (read_persisted(handle=...))")
        if self.snapshot:
            where.append(f"our full snapshot as {self.snapshot}")
        tail = f" {'; '.join(where)}." if where else ""
        if not self.dropped:
            return (
                f"[mcp-context] The compaction summary kept all {len(self.checked)} facts checked (requests, open "
                f"failures, changed files, decisions).{tail}"
            )
        head = (
            f"[mcp-context] The compaction summary left out {len(self.dropped)} of {len(self.checked)} facts from "
            f"before it; here they are ([#i] cites the message).{tail}"
        )
        out, used = [head], len(head)
        for n, fact in enumerate(self.dropped):
            line = f"- {_LABEL[fact.kind]} {_cite(fact.ref)}: {fact.text}"
            if used + len(line) + 1 > limit - 60:
                out.append(f"- … and {len(self.dropped) - n} more (mcp-context audit lists them all)")
                break
            out.append(line)
            used += len(line) + 1
        return "\n".join(out)


def _cite(ref: int | None) -> str:
    return f"[#{ref}]" if ref is not None else "[earlier]"


# the host's compaction, from its transcript ------------------------------------------------------------------


def records(path: Path) -> list[dict[str, Any]]:
    """The transcript's JSON lines (a line being written, or not JSON, is skipped)."""
    out = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if isinstance(record, dict):
                out.append(record)
    return out


def is_boundary(record: dict[str, Any]) -> bool:
    return record.get("type") == "system" and record.get("subtype") == "compact_boundary"


def boundaries(path: Path) -> int:
    """How many compactions a Claude Code transcript shows; only lines naming a boundary are parsed, so a
    PreCompact hook counts them in a long transcript without reading every message."""
    count = 0
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if "compact_boundary" not in line:
                continue
            try:
                record = json.loads(line)
            except ValueError:
                continue
            count += isinstance(record, dict) and is_boundary(record)
    return count


def message_text(message: Any) -> str:
    """The text of a Claude Code line's message: a string, or its text blocks."""
    content = message.get("content") if isinstance(message, dict) else None
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(str(b.get("text", "")) for b in content if isinstance(b, dict) and b.get("type") == "text")
    return ""


def claude_compaction(lines: list[dict[str, Any]]) -> HostCompaction | None:
    """The last compaction in a Claude Code transcript: its summary, what it kept verbatim, what it replaced."""
    bounds = [i for i, r in enumerate(lines) if is_boundary(r)]
    if not bounds:
        return None
    last = bounds[-1]
    first = bounds[-2] + 1 if len(bounds) > 1 else 0
    before, after = lines[first:last], lines[last + 1 :]
    said = next((message_text(r.get("message")) for r in after if r.get("isCompactSummary")), "")
    found = _SUMMARY.search(said)
    summary = found["body"].strip() if found else said
    meta = lines[last].get("compactMetadata")
    meta = meta if isinstance(meta, dict) else {}
    preserved = meta.get("preservedMessages")
    uuids = set(preserved.get("allUuids") or preserved.get("uuids") or []) if isinstance(preserved, dict) else set()
    verbatim = [_record_text(r) for r in before if r.get("uuid") in uuids]
    messages, _ = transcripts.read_claude_code(before)
    pre = meta.get("preTokens")
    return HostCompaction(
        "claude-code",
        summary,
        "\n".join([summary, *verbatim]),
        messages,
        "anthropic",
        meta.get("trigger") if isinstance(meta.get("trigger"), str) else None,
        pre if isinstance(pre, int) else None,
        len(bounds),
    )


def pending_compaction(lines: list[dict[str, Any]], summary: str) -> HostCompaction:
    """Claude Code's compaction as PostCompact sees it: its summary known, its boundary not yet written, so the
    messages since the last boundary are those it replaces (those it keeps verbatim are not known yet)."""
    bounds = [i for i, r in enumerate(lines) if is_boundary(r)]
    written = claude_compaction(lines) if bounds else None
    if written is not None and written.summary.strip()[:60] in summary:  # the boundary is there already
        return written
    messages, _ = transcripts.read_claude_code(lines[bounds[-1] + 1 if bounds else 0 :])
    return HostCompaction("claude-code", summary, summary, messages, "anthropic", None, None, len(bounds))


def _record_text(record: dict[str, Any]) -> str:
    """Everything a line shows the model: text, tool calls and their results."""
    message = record.get("message")
    content = message.get("content") if isinstance(message, dict) else None
    return content if isinstance(content, str) else json.dumps(content, ensure_ascii=False)


def gemini_compaction(lines: list[dict[str, Any]], archived: list[dict[str, Any]] | None) -> HostCompaction | None:
    """Gemini CLI: the compressed history's ``<state_snapshot>`` turn and what follows it, against the originals
    the snapshot of that compression archived. None without either."""
    messages, _ = transcripts.read_gemini_cli(lines)
    texts = ["\n".join(str(p.get("text", "")) for p in m.get("parts") or [] if isinstance(p, dict)) for m in messages]
    at = next((i for i in range(len(texts) - 1, -1, -1) if texts[i].lstrip().startswith("<state_snapshot>")), None)
    if at is None or not archived:
        return None
    kept = "\n".join(json.dumps(m, ensure_ascii=False) for m in messages[at + 1 :])
    return HostCompaction("gemini-cli", texts[at], f"{texts[at]}\n{kept}", archived, "gemini")


def gemini_live(path: Path) -> HostCompaction | None:
    """Gemini CLI's last compression read off the chat file alone: the list before the rewrite that compressed
    it are the originals, the user turns the rewrite brought in are the summary (what the model answered to
    the compression prompt; a real model writes a ``<state_snapshot>``). None when no rewrite compressed."""
    from ..conversation.transcripts import read_gemini_lines
    from . import compressions

    found = compressions.read_on(compressions.Reading(str(path), 0, []))
    if not found:
        return None
    before = compressions.before(str(path), found[-1])
    originals, ids = read_gemini_lines(before)
    known = {i for group in ids for i in group}
    written = compressions.rewrite_at(str(path), found[-1])
    added = [m for m in written if m.get("id") not in known]
    said = [_gemini_text(m) for m in added if m.get("type") == "user"]
    summary = "\n".join(t for t in said if t and not t.lstrip().startswith("<session_context>"))
    kept = "\n".join(_gemini_text(m) for m in written)
    return HostCompaction("gemini-cli", summary, kept, originals, "gemini", boundaries=len(found))


def _gemini_text(message: dict[str, Any]) -> str:
    content = message.get("content")
    if isinstance(content, str):
        return content
    parts = content if isinstance(content, list) else []
    return "\n".join(str(p.get("text", "")) for p in parts if isinstance(p, dict) and isinstance(p.get("text"), str))


def codex_compaction(lines: list[dict[str, Any]]) -> HostCompaction | None:
    """The last ``compacted`` record of a Codex CLI rollout: its summary, the history it put in place, and the
    history the model saw before it. Codex records its compaction request's answer (the summary) as an
    assistant item just before the record: that is no original."""
    from ..conversation.formats import codex

    marks = [i for i, r in enumerate(lines) if r.get("type") == "compacted" and isinstance(r.get("payload"), dict)]
    if not marks:
        return None
    payload = lines[marks[-1]]["payload"]
    said = payload.get("message") if isinstance(payload.get("message"), str) else ""
    summary = said.split(CODEX_BRIDGE, 1)[-1].strip()
    before = lines[: marks[-1]]
    # its last item; bookkeeping (token usage after a /compact) may come between it and the record
    last = next((i for i in range(len(before) - 1, -1, -1) if before[i].get("type") == "response_item"), None)
    if last is not None and _codex_said(before[last]) == summary:
        before = before[:last] + before[last + 1 :]
    originals, _ = codex.read_codex(before)
    after, _ = codex.read_codex(lines[: marks[-1] + 1])
    kept = "\n".join(str(m.get("content") or "") for m in after)
    usage = payload.get("latest_token_usage_record")
    usage = usage.get("usage") if isinstance(usage, dict) else None
    pre = usage.get("input_tokens") if isinstance(usage, dict) else None
    return HostCompaction(
        "codex-cli", summary, kept, originals, "openai", None, pre if isinstance(pre, int) else None, len(marks)
    )


def _codex_said(record: dict[str, Any]) -> str | None:
    """The text of an assistant message item of a rollout (None for any other record)."""
    from ..conversation.formats import codex

    payload = record.get("payload")
    if record.get("type") != "response_item" or not isinstance(payload, dict) or payload.get("role") != "assistant":
        return None
    return codex.content_text(payload.get("content")).strip()


def host_of(lines: list[dict[str, Any]]) -> str:
    """Which host wrote these transcript lines: ``gemini-cli``, ``codex-cli`` or ``claude-code``."""
    head = lines[:5]
    if any("$set" in r or "projectHash" in r or r.get("type") == "gemini" for r in head):
        return "gemini-cli"
    if any(r.get("type") == "session_meta" for r in head[:3]):
        return "codex-cli"
    return "claude-code"


def compactions(path: Path) -> int:
    """How many compactions the host's transcript shows now (a journaled audit of fewer is stale). Only the
    lines that can name one are parsed."""
    with open(path, "rb") as f:
        first = f.readline(64 * 1024)
    try:
        head = json.loads(first)
    except ValueError:
        head = None
    name = host_of([head]) if isinstance(head, dict) else "claude-code"
    if name == "gemini-cli" or (isinstance(head, dict) and "projectHash" in head):
        from . import compressions

        return len(compressions.read_on(compressions.Reading(str(path), 0, [])))
    if name == "codex-cli":
        with open(path, "rb") as f:
            return sum(_COMPACTED.search(line, 0, 200) is not None for line in f)
    return boundaries(path)


# facts and their check ---------------------------------------------------------------------------------------


def _stem(word: str) -> str:
    word = word.lower()
    for end in ("ing", "ed", "es", "s"):
        if len(word) > len(end) + 3 and word.endswith(end):
            return word[: -len(end)]
    return word


def key_words(text: str) -> tuple[str, ...]:
    """The distinctive words of a text, stemmed, in order, at most MAX_KEYS."""
    words = (_stem(w) for w in _WORD.findall(text) if w.lower() not in _STOP)
    return tuple(dict.fromkeys(words))[:MAX_KEYS]


def facts_of(messages: list[dict[str, Any]], fmt: str) -> list[Fact]:
    """What a summary of these messages should keep, each with the strings that show it was kept."""
    adapter = formats.adapter(fmt)
    found = extract(adapter.parse(messages))
    return [*_requests(found), *_failures(found), *_files(found), *_said("decision", found), *_said("open", found)]


def _requests(found: Facts) -> list[Fact]:
    out = []
    for said in found.said:
        text = said.text.strip()
        if text and not text.startswith(_HOST_TEXT):
            out.append(Fact("request", said.ref, cuts.cut(" ".join(text.split()), FACT_CHARS), key_words(text)))
    return out


def _failures(found: Facts) -> list[Fact]:
    out = []
    for failure in found.failures:
        if failure.fixed_by is not None:
            continue
        action = failure.action
        text = f"`{cuts.cut(action.call.target, 120)}` failed: {cuts.cut(action.outcome, 160)}"
        out.append(Fact("failure", action.ref, text, key_words(action.outcome) or key_words(action.call.target)))
    return out


def _files(found: Facts) -> list[Fact]:
    out = []
    for path, use in found.files.items():
        if not (use.refs.get("write") or use.refs.get("edit")):
            continue
        ref, change = use.changes[-1] if use.changes else (None, None)
        text = f"{path}" + (f": {cuts.cut(change, 180)}" if change else "")
        out.append(Fact("file", ref, text, (path.rsplit("/", 1)[-1],)))
    return out


def _said(kind: str, found: Facts) -> list[Fact]:
    items = found.decisions if kind == "decision" else found.open_items
    return [Fact(kind, s.ref, cuts.cut(s.text, FACT_CHARS), key_words(s.text)) for s in items]


def kept(fact: Fact, kept_text: str, kept_words: set[str]) -> bool:
    """A file is kept when its name is there; anything else when enough of its key words are."""
    if not fact.keys:
        return True
    if fact.kind == "file":
        return fact.keys[0].lower() in kept_text
    hits = sum(k in kept_words for k in fact.keys)
    return hits >= max(1, round(KEPT_SHARE * len(fact.keys)))


def compare(host: HostCompaction) -> tuple[list[Fact], list[Fact]]:
    """(every fact checked, the ones the host's summary dropped)."""
    checked = facts_of(host.originals, host.format)
    text = host.kept.lower()
    words = {_stem(w) for w in _WORD.findall(host.kept)}
    return checked, [f for f in checked if not kept(f, text, words)]


def audit(
    transcript: Path | None,
    snapshot: dict[str, Any] | None = None,
    archived: Callable[[str], list[dict[str, Any]] | None] | None = None,
    host_summary: str | None = None,
    lines: list[dict[str, Any]] | None = None,
) -> Audit:
    """Audit the last host compaction in ``transcript``; ``snapshot`` is our PreCompact state (handles), and
    ``archived`` reads the messages our hook archived (Gemini CLI's originals). ``host_summary`` is Claude
    Code's summary as PostCompact hands it, before the boundary is written: the transcript's messages since its
    last boundary are then the ones replaced. ``lines`` are the transcript's, when the caller read them already."""
    snap = snapshot or {}
    ours, archive = _str(snap.get("summary")), _str(snap.get("archive"))
    if transcript is None:
        return Audit("-", None, False, notes=["no transcript"], snapshot=ours, archive=archive)
    lines = records(transcript) if lines is None else lines
    name = host_of(lines)
    host: HostCompaction | None
    if name == "gemini-cli":
        host = gemini_live(transcript)
        if host is None and archived is not None and archive:  # a chat file that shows no rewrite
            host = gemini_compaction(lines, archived(archive))
    elif name == "codex-cli":
        host = codex_compaction(lines)
    else:
        host = claude_compaction(lines) if host_summary is None else pending_compaction(lines, host_summary)
    found = Audit(name, str(transcript), host is not None, snapshot=ours, archive=archive)
    if host is None:
        return found
    found.checked, found.dropped = compare(host)
    trigger = host.trigger or _str(snap.get("trigger"))  # Codex's rollout does not say; its PreCompact did
    found.trigger, found.summary_chars, found.originals = trigger, len(host.summary), len(host.originals)
    found.summary, found.boundaries = host.summary, host.boundaries
    if not host.summary.strip():
        found.notes.append("the host's summary line was not found after the boundary")
    return found


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None
