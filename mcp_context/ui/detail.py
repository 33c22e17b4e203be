"""The pages behind a timeline's events: a stored result (paged, numbered, grep), a compaction (what each layer
did, with links to the archived originals, and the summary with its citations linked), and an audit of the
host's own compaction (what its summary kept and what it dropped, side by side)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from ..errors import ContextError
from ..journal import read_journal
from ..session import Session
from ..storage import ids
from . import story as stories
from .html import esc, facts, link, num, page, table, url, when

PAGE_LINES = 500
GREP_MATCHES = 200
#: Matching lines shown per result found by a search.
SEARCH_LINES = 5
#: Message labels listed per layer; the archive holds them all.
LABELS_SHOWN = 400
_CITATION = re.compile(r"\[#(\d+)\]")
_RUN = re.compile(r"#(\d+)-#(\d+)")


def result_page(view: Session, sid: str, handle: str, start: int, grep: str | None) -> str:
    meta = stories.meta_of(view, sid, handle)
    uri = ids.result_uri(meta.session, meta.handle)
    head = facts(
        [
            ("label", esc(meta.label or "-")),
            ("source", esc(meta.source or "-")),
            ("stored", esc(when(meta.created))),
            (
                "size",
                esc(f"{meta.chars:,} characters, {meta.lines:,} lines, {meta.tokens:,} tokens ({meta.token_method})"),
            ),
            ("original", link(url("s", sid, "r", meta.handle, "download"), f"download {meta.handle}.txt")),
        ]
    )
    form = (
        f'<form class="grep" method="get" action="{esc(url("s", sid, "r", meta.handle))}">'
        f'<label>grep <input name="grep" value="{esc(grep or "")}" placeholder="a regular expression"></label> '
        '<button type="submit">find</button></form>'
    )
    budget = view.limits.max_page_tokens
    try:
        if grep:
            found = view.read_persisted(uri, grep=grep, max_matches=GREP_MATCHES, context=2, max_tokens=budget).grep
            assert found is not None
            rows = [(g.line, g.text, g.match) for g in found.lines]
            told = f"{found.matches:,} matching line(s) of {meta.lines:,}" + (
                ", more after these" if found.next else ""
            )
            notes = "".join(f'<p class="note">{esc(n)}</p>' for n in found.notes)
            body = f"<p>{esc(told)} ({esc(found.mode)})</p>{notes}{_lines(sid, meta.handle, rows)}"
        else:
            page_ = view.read_persisted(uri, start_line=start, max_lines=PAGE_LINES, max_tokens=budget).page
            assert page_ is not None
            texts = page_.text.split("\n")
            if texts and texts[-1] == "" and page_.text.endswith("\n"):
                texts.pop()
            rows = [(page_.first_line + i, t, False) for i, t in enumerate(texts)]
            body = _pager(sid, meta.handle, page_.first_line, page_.last_line, meta.lines, len(rows))
            body += _lines(sid, meta.handle, rows) + _pager(
                sid, meta.handle, page_.first_line, page_.last_line, meta.lines, len(rows)
            )
    except ContextError as exc:
        body = f'<p class="error">{esc(exc)}</p>'
    crumbs = [(sid, url("s", sid)), (meta.handle, None)]
    return page(f"Result {meta.handle}", head + form + body + search_form(), crumbs)


def search_form(pattern: str = "") -> str:
    """Search every stored result within reach (the text index narrows, a regular expression confirms)."""
    return (
        f'<form class="grep" method="get" action="/search"><label>search every result <input name="q" '
        f'value="{esc(pattern)}" placeholder="words or a regular expression"></label> '
        '<button type="submit">search</button></form>'
    )


def search_page(view: Session, pattern: str | None) -> str:
    if not pattern:
        return page("Search", search_form())
    try:
        found = view.search_persisted(pattern, max_matches=SEARCH_LINES)
    except ContextError as exc:
        return page("Search", search_form(pattern) + f'<p class="error">{esc(exc)}</p>', [("search", None)])
    told = f"{found.matched:,} of {found.searched:,} results match ({found.mode})"
    if found.matched > len(found.hits):
        told += f"; the best {len(found.hits)} shown"
    parts = [search_form(pattern), f"<p>{esc(told)}</p>"]
    parts += [f'<p class="note">{esc(n)}</p>' for n in found.notes]
    for hit in found.hits:
        m = hit.meta
        title = link(url("s", m.session, "r", m.handle), f"{m.session} / {m.handle}")
        parts.append(f"<h3>{title} {esc(m.label or '')}</h3>")
        parts.append(_lines(m.session, m.handle, [(g.line, g.text, g.match) for g in hit.lines]))
    return page("Search", "".join(parts), [("search", None)])


def _lines(sid: str, handle: str, rows: list[tuple[int, str, bool]]) -> str:
    out = []
    for i, (n, text, hit) in enumerate(rows):
        if i and n > rows[i - 1][0] + 1:  # lines left out between two matches' context
            out.append('<tr class="gap"><td class="n">⋯</td><td></td></tr>')
        anchor = link(url("s", sid, "r", handle, start=max(1, n - 10)) + f"#L{n}", n)
        out.append(f'<tr id="L{n}"{" class=hit" if hit else ""}><td class="n">{anchor}</td><td>{esc(text)}</td></tr>')
    return '<table class="lines"><tbody>' + "".join(out) + "</tbody></table>" if out else '<p class="empty">empty</p>'


def _pager(sid: str, handle: str, first: int, last: int, total: int, shown: int) -> str:
    parts = [esc(f"lines {first:,} to {last:,} of {total:,}")]
    if first > 1:
        parts.append(link(url("s", sid, "r", handle, start=max(1, first - PAGE_LINES)), "previous"))
    if last < total and shown:
        parts.append(link(url("s", sid, "r", handle, start=last + 1), "next"))
    return f'<p class="pager">{" · ".join(parts)}</p>'


def compaction_page(view: Session, sid: str, entry: dict[str, Any], number: int, maps: stories.ArchiveMap) -> str:
    archive, bridge = entry.get("archive"), entry.get("bridge")
    where: dict[int, tuple[str, int]] = {}

    def read(handle: str) -> bytes:
        return stories.stored_bytes(view, sid, handle)

    for handle in (archive, bridge):  # the bridge's originals win for the messages a summary cites
        if isinstance(handle, str):
            try:
                where.update(maps.of(handle, read))
            except stories.NotFound:
                pass  # retired by the retention rule since: the labels stay, without links
    head = facts(
        [
            ("when", esc(when(entry.get("time")))),
            (
                "tokens",
                esc(
                    f"{entry.get('tokens_before', 0):,} -> {entry.get('tokens_after', 0):,} "
                    f"({entry.get('token_method')}; target {entry.get('target', 0):,})"
                ),
            ),
            (
                "messages",
                esc(
                    f"{entry.get('messages_before', 0):,} -> {entry.get('messages_after', 0):,} "
                    f"({entry.get('removed', 0):,} removed, {entry.get('shortened', 0):,} shortened)"
                ),
            ),
            ("model", esc(f"{entry.get('model') or 'not given'}; window {num(entry.get('window'))}")),
            ("originals", _stored(sid, archive)),
            ("summary's originals", _stored(sid, bridge)),
            ("compacted history", _stored(sid, entry.get("history"))),
        ]
    )
    rows, details = [], []
    for layer in entry.get("layers", []):
        name, labels = str(layer.get("name")), _expand([str(m) for m in layer.get("messages", [])])
        state = f"skipped: {layer['skipped']}" if layer.get("skipped") else ""
        figures = [num(layer.get(k)) for k in ("layer", "changed", "tokens_saved")]
        rows.append([figures[0], esc(name), figures[1], figures[2], esc(state)])
        if labels:
            shown = " ".join(_label(sid, label, where) for label in labels[:LABELS_SHOWN])
            rest = len(labels) - LABELS_SHOWN
            more = f" and {rest:,} more (all in the archive)" if rest > 0 else ""
            count = f"{layer.get('changed') or len(labels):,}"
            details.append(f"<h3>{esc(name)}: {esc(count)} message(s)</h3><p class=labels>{shown}{esc(more)}</p>")
    body = head + "<h2>Layers</h2>" + table(["#", "layer", "changed", "tokens saved", ""], rows) + "".join(details)
    body += _summary(view, sid, entry, where)
    return page(f"Compaction {number}", body, [(sid, url("s", sid)), (f"compaction {number}", None)])


def _expand(runs: list[str]) -> list[str]:
    """``#3-#5`` as ``#3``, ``#4``, ``#5`` (the journal keeps runs); other labels as they are."""
    out: list[str] = []
    for run in runs:
        found = _RUN.fullmatch(run)
        if found is None:
            out.append(run)
            continue
        first, last = int(found[1]), int(found[2])
        out += [f"#{i}" for i in range(first, min(last, first + 100_000) + 1)]
    return out


def _stored(sid: str, handle: object) -> str:
    return link(url("s", sid, "r", handle), handle) if isinstance(handle, str) else "-"


def _label(sid: str, label: str, where: dict[int, tuple[str, int]]) -> str:
    found = where.get(int(label[1:])) if label.startswith("#") and label[1:].isdigit() else None
    if found is None:
        return esc(label)
    piece, line = found
    return link(url("s", sid, "r", piece, start=max(1, line - 2)) + f"#L{line}", label)


def _summary(view: Session, sid: str, entry: dict[str, Any], where: dict[int, tuple[str, int]]) -> str:
    """The message that stands for the summarised range in the compacted history, its citations linked."""
    history, bridge = entry.get("history"), entry.get("bridge")
    if not isinstance(history, str) or not isinstance(bridge, str):
        return ""
    try:
        messages = stories.history_messages(view, sid, history)
    except stories.NotFound:
        return "<h2>Summary</h2><p class=empty>The compacted history is no longer stored.</p>"
    texts = [t for t in map(stories.message_text, messages) if bridge in t]
    if not texts:
        return ""
    linked = _CITATION.sub(lambda m: "[" + _label(sid, "#" + m[1], where) + "]", esc(texts[0]))
    return f'<h2>Summary that replaced them</h2><div class="summary">{linked}</div>'


def audit_page(view: Session, sid: str, transcript: Path | None, maps: stories.ArchiveMap) -> str:
    """The host's last compaction: as our hook audited it when its summary became known (journaled), else
    audited now from the transcript. Each fact's citation links to its message in our hook's archive."""
    crumbs = [(sid, url("s", sid)), ("audit", None)]
    entry = next((e for e in reversed(read_journal(view.store, sid)) if e.get("kind") == "host_compaction"), None)
    if entry is not None and isinstance(entry.get("facts"), str) and _current(entry, transcript):
        try:
            doc = json.loads(stories.stored_bytes(view, sid, entry["facts"]))
        except (stories.NotFound, ValueError):
            doc = None  # retired by the retention rule, or not a document: audited afresh below
        if isinstance(doc, dict):
            found = [f for f in doc.get("facts", []) if isinstance(f, dict)]
            how = f"audited by our hook at {when(entry.get('time'))}, once the host's summary was known"
            where = _archived(view, sid, entry.get("archive"), maps)
            notes = [str(n) for n in doc.get("notes", [])]
            body = _sides(sid, _audit_head(sid, entry, how), notes, str(doc.get("summary") or ""), found, where)
            return page(f"Audit of {sid}", body, crumbs)
    if transcript is None or not transcript.is_file():
        body = (
            '<p class="empty">No host transcript is known for this session, so there is no host compaction to '
            "audit. The audit compares what Claude Code, Gemini CLI or Codex CLI kept after compacting with the "
            "messages it replaced; it needs the host's transcript (found by the session's id, or named by our "
            "hooks).</p>"
        )
        return page(f"Audit of {sid}", body, crumbs)
    return page(f"Audit of {sid}", _audited_now(view, sid, transcript, maps), crumbs)


def _current(entry: dict[str, Any], transcript: Path | None) -> bool:
    """Whether a journaled audit is of the host's last compaction: the transcript it read shows no compaction
    since (Gemini CLI's compressions are never journaled, and a host goes on compacting after our hook ran)."""
    from ..hooks import audit

    if transcript is None or not transcript.is_file() or entry.get("transcript") != str(transcript):
        return transcript is None or not transcript.is_file()
    try:
        return audit.compactions(transcript) == entry.get("boundaries")
    except OSError:
        return True


def _archived(view: Session, sid: str, archive: object, maps: stories.ArchiveMap) -> dict[int, tuple[str, int]]:
    """Where each message of our hook's archive is (nothing when there is none, or it is gone)."""
    if not isinstance(archive, str):
        return {}
    try:
        return maps.of(archive, lambda handle: stories.stored_bytes(view, sid, handle))
    except stories.NotFound:
        return {}


def _audited_now(view: Session, sid: str, transcript: Path, maps: stories.ArchiveMap) -> str:
    from ..hooks import audit
    from ..summary import sources

    def archived(handle: str) -> list[dict[str, Any]] | None:
        items, _ = sources.stored(handle, lambda h: "".join(view.iter_text(h)))
        return [i for i in items if isinstance(i, dict)]

    found = audit.audit(transcript, stories.snapshot_of(view, sid), archived)
    if not found.found:
        return "<p class=empty>No host compaction in the transcript yet.</p>"
    dropped = {id(f) for f in found.dropped}
    listed = [{"kind": f.kind, "ref": f.ref, "text": f.text, "dropped": id(f) in dropped} for f in found.checked]
    head = _audit_head(sid, {**found.to_dict(), "facts": None}, "audited now, from the transcript")
    return _sides(sid, head, found.notes, found.summary, listed, _archived(view, sid, found.archive, maps))


def _audit_head(sid: str, e: dict[str, Any], how: str) -> str:
    return facts(
        [
            ("host", esc(f"{e.get('host')} ({e.get('trigger') or 'trigger unknown'})")),
            ("transcript", esc(e.get("transcript"))),
            (
                "replaced",
                esc(f"{e.get('originals', 0):,} messages by a summary of {e.get('summary_chars', 0):,} characters"),
            ),
            ("audit", esc(how) + (" " + _stored(sid, e.get("facts")) if e.get("facts") else "")),
            ("our snapshot", _stored(sid, e.get("snapshot"))),
            ("replaced messages, as our hook stored them", _stored(sid, e.get("archive"))),
        ]
    )


def _sides(
    sid: str,
    head: str,
    notes: list[str],
    summary: str,
    found: list[dict[str, Any]],
    where: dict[int, tuple[str, int]],
) -> str:
    """What the host's summary kept beside what it dropped."""

    def fact(f: dict[str, Any]) -> str:
        ref = f.get("ref")
        cite = "[" + _label(sid, f"#{ref}", where) + "]" if isinstance(ref, int) else "[earlier]"
        return f"<li><span class=kind>{esc(f.get('kind'))}</span> {cite} {esc(f.get('text'))}</li>"

    kept, lost = [f for f in found if not f.get("dropped")], [f for f in found if f.get("dropped")]
    said = f'<div class="summary">{esc(summary)}</div>' if summary else ""
    left = f"<h2>Kept: {len(kept)} fact(s)</h2>{said}<ul>{''.join(map(fact, kept))}</ul>"
    right = f"<h2>Dropped: {len(lost)} fact(s)</h2><ul class=dropped>{''.join(map(fact, lost))}</ul>"
    shown = "".join(f"<p class=note>{esc(n)}</p>" for n in notes)
    return f'{head}{shown}<div class="sides"><section>{left}</section><section>{right}</section></div>'
