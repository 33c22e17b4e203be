"""The sessions list and a session's timeline."""

from __future__ import annotations

from typing import Any

from . import story as stories
from .chart import Chart, Mark
from .detail import search_form
from .html import clock, esc, facts, link, num, page, size, table, url, when

#: Hook outputs in a row listed one by one among the events; the rest of the run is one line.
HOOK_RUN = 5


def sessions_page(rows: list[stories.Overview]) -> str:
    if not rows:
        body = '<p class="empty">No sessions in this store yet: <code>mcp-context demo</code> makes one.</p>'
        return page("Sessions", body)
    cells = [
        [
            link(url("s", r.session), r.session),
            esc(when(r.updated)),
            esc(size(r.bytes)),
            num(r.results),
            num(r.compactions),
            esc(f"{r.loop_events:,} events")
            + (f' <span class="warn">{r.warnings} warn</span>' if r.warnings else "")
            + (f' <span class="stop">{r.stops} stop</span>' if r.stops else ""),
            esc(f"{r.hook_outputs:,} output(s), about {r.hook_saved:,} tokens kept out") if r.hook_outputs else "-",
        ]
        for r in rows
    ]
    headers = ["session", "updated", "size", "results", "compactions", "loop checks", "hook savings"]
    listed = f"<p>{len(rows)} session(s), newest first.</p>" + table(headers, cells)
    return page("Sessions", search_form() + listed)


def _compaction_title(n: int, e: dict[str, Any]) -> str:
    ran = ", ".join(str(layer.get("name")) for layer in e.get("layers", []) if layer.get("changed"))
    return (
        f"compaction {n}: {e.get('tokens_before', 0):,} -> {e.get('tokens_after', 0):,} tokens, "
        f"{e.get('messages_before', 0):,} -> {e.get('messages_after', 0):,} messages; layers: {ran or 'none'}"
    )


def _events(found: stories.Story, chart: Chart) -> tuple[list[tuple[float, str, str, str]], int]:
    """The events table's rows (time, kind, what, links) and the chart's marks; how many compactions."""
    sid = found.session
    rows: list[tuple[float, str, str, str]] = []
    n = 0
    for index, e in enumerate(found.entries):
        t = float(e.get("time", 0))
        kind = e.get("kind")
        if kind == "compaction":
            n += 1
            href = url("s", sid, "compaction", str(index))
            title = _compaction_title(n, e)
            drop = Mark(t, "compaction", title, href, e.get("tokens_before"), e.get("tokens_after"), f"C{n}")
            chart.marks.append(drop)
            handles = [_handle(sid, e.get("archive"), "originals"), _handle(sid, e.get("history"), "history")]
            rows.append((t, "compaction", link(href, title), " ".join(h for h in handles if h)))
        elif kind == "summary":
            title = (
                f"summary of #{e.get('start')}-#{e.get('end')}: {e.get('range_tokens', 0):,} -> "
                f"{e.get('summary_tokens') or 0:,} tokens ({e.get('style')}, {e.get('engine')})"
            )
            chart.marks.append(Mark(t, "summary", title, url("s", sid, "r", str(e.get("summary")))))
            handles = [_handle(sid, e.get("summary"), "summary"), _handle(sid, e.get("archive"), "originals")]
            rows.append((t, "summary", esc(title), " ".join(h for h in handles if h)))
        elif kind == "host_compaction":
            title = (
                f"{e.get('host')} compacted {e.get('originals', 0):,} messages; its summary dropped "
                f"{e.get('dropped', 0):,} of {e.get('checked', 0):,} facts checked"
            )
            rows.append((t, "host audit", link(url("s", sid, "audit"), title), _handle(sid, e.get("facts"), "facts")))
        elif kind == "loop":
            status = str(e.get("status"))
            title = f"check_loop: {status} ({e.get('detection')}, strike {e.get('strike')})"
            chart.marks.append(Mark(t, status if status in ("warn", "stop") else "warn", title))
            rows.append((t, f"loop {status}", _verdict(e, title), ""))
    for h in found.hooks:
        m = h.meta
        title = f"hook stored {m.label or m.handle}: {size(m.bytes)}, {m.tokens:,} tokens, about {h.saved:,} kept out"
        href = url("s", sid, "r", m.handle)
        chart.marks.append(Mark(m.created, "hook", title, href))
        rows.append((m.created, "hook", esc(title), link(href, m.handle)))
    for p in found.host_compactions:
        chart.marks.append(
            Mark(p.time, "host", f"the host compacted at about {p.tokens:,} tokens", url("s", sid, "audit"))
        )
    rows.sort(key=lambda r: r[0])
    return _folded(sid, rows), n


def _folded(sid: str, rows: list[tuple[float, str, str, str]]) -> list[tuple[float, str, str, str]]:
    """The events, each run of more than HOOK_RUN hook outputs in a row shown as its first few and one line
    for the rest (the results page lists them all)."""
    out: list[tuple[float, str, str, str]] = []
    run: list[tuple[float, str, str, str]] = []
    for row in [*rows, (0.0, "", "", "")]:  # the last run ended by a row of no kind
        if row[1] == "hook":
            run.append(row)
            continue
        out += run[:HOOK_RUN]
        if len(run) > HOOK_RUN:
            rest = len(run) - HOOK_RUN
            what = esc(f"and {rest:,} more outputs the hooks stored, to {clock(run[-1][0])}")
            out.append((run[HOOK_RUN][0], "hook", what, link(url("s", sid, "results"), "all results")))
        run = []
        if row[1]:
            out.append(row)
    return out


def timeline_page(found: stories.Story) -> str:
    sid = found.session
    chart = Chart(line=[(p.time, p.tokens) for p in found.context], window=found.window)
    rows, n = _events(found, chart)
    loop = found.loop
    summary = facts(
        [
            ("results", num(found.results)),
            ("compactions", num(n)),
            ("loop checks", esc(f"{loop.get('index', 0):,} events, {loop.get('strikes', 0)} strike(s) now")),
            ("hook outputs", _hook_figures(found.hooks)),
            ("model", esc(found.model or "not known")),
            (
                "window",
                esc(f"{found.window:,} ({found.window_source})")
                if found.window
                else esc("not known: no host transcript, and no compaction named its model (compact_history model=)"),
            ),
            (
                "host transcript",
                esc(found.transcript) + " " + link(url("s", sid, "audit"), "audit")
                if found.transcript
                else "none found",
            ),
        ]
    )
    shown = (
        {m.cls for m in chart.marks} | ({"context"} if chart.line else set()) | ({"window"} if chart.window else set())
    )
    legend = " ".join(f'<span class="k-{k}">{esc(name)}</span>' for k, name in _LEGEND if k in shown)
    legend = f'<p class="legend">{legend}</p>' if legend else ""
    cells = [[esc(clock(t)), esc(kind), what, links] for t, kind, what, links in rows]
    events = table(["time", "event", "what", "stored"], cells) if cells else '<p class="empty">No events yet.</p>'
    results = link(url("s", sid, "results"), f"all {found.results:,} results")
    body = f"{summary}{legend}{chart.render()}<h2>Events</h2>{events}<p>{results}</p>"
    return page(f"Session {sid}", body, [(sid, None)])


#: The chart's kinds of mark, as the legend names them (only those the chart holds are listed).
_LEGEND = (
    ("context", "host context"),
    ("compaction", "compaction (before, after)"),
    ("window", "model window"),
    ("warn", "loop warn"),
    ("stop", "loop stop"),
    ("hook", "hook output kept out"),
    ("summary", "summary stored"),
    ("host", "host compaction"),
)


def _hook_figures(hooks: list[stories.HookEvent]) -> str:
    if not hooks:
        return esc("none (the hooks store large tool outputs: mcp-context hooks install claude|gemini)")
    stored = sum(h.meta.bytes for h in hooks)
    return esc(f"{len(hooks):,}, {size(stored)} stored, about {sum(h.saved for h in hooks):,} tokens kept out")


def _handle(sid: str, handle: object, what: str) -> str:
    if not isinstance(handle, str):
        return ""
    return f"{esc(what)} {link(url('s', sid, 'r', handle), handle)}"


def _verdict(e: dict[str, Any], title: str) -> str:
    evidence = e.get("evidence") if isinstance(e.get("evidence"), dict) else {}
    assert isinstance(evidence, dict)
    events = ", ".join(str(i) for i in evidence.get("events", []))
    parts = [f'<strong class="{esc(e.get("status"))}">{esc(title)}</strong>']
    if evidence:
        parts.append(f"<div>evidence: {esc(evidence.get('count'))} times, events {esc(events)}</div>")
        parts.append(f'<div class="excerpt">{esc(evidence.get("excerpt", ""))}</div>')
    if e.get("nudge"):
        parts.append(f"<details><summary>nudge for the model</summary><p>{esc(e['nudge'])}</p></details>")
    return "".join(parts)


def results_page(sid: str, metas: list[Any], start: int, per_page: int = 200) -> str:
    metas = sorted(metas, key=lambda m: (-m.created, m.handle))
    shown = metas[start : start + per_page]
    cells = [
        [
            link(url("s", sid, "r", m.handle), m.handle),
            esc(m.label or ""),
            esc(m.source or ""),
            esc(when(m.created)),
            num(m.lines),
            num(m.tokens),
        ]
        for m in shown
    ]
    more = []
    if start > 0:
        more.append(link(url("s", sid, "results", start=max(0, start - per_page)), "newer"))
    if start + per_page < len(metas):
        more.append(link(url("s", sid, "results", start=start + per_page), "older"))
    body = (
        f"<p>{len(metas):,} results, newest first; {start + 1:,} to {start + len(shown):,} shown.</p>"
        + table(["handle", "label", "source", "stored", "lines", "tokens"], cells)
        + f'<p class="pager">{" ".join(more)}</p>'
        + search_form()
    )
    return page(f"Results of {sid}", body, [(sid, url("s", sid)), ("results", None)])
