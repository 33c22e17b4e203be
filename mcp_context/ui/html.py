"""The pages' common parts: escaping, addresses, the frame every page sits in, tables and figures.

Every text a page shows goes through :func:`esc` (a stored result may hold anything, ``<script>`` included),
every address through :func:`url`. The pages carry no script and no inline style: the Content-Security-Policy
(see app.py) allows the one stylesheet and nothing else.
"""

from __future__ import annotations

import html
import time
from collections.abc import Iterable
from urllib.parse import quote, urlencode


def esc(value: object) -> str:
    return html.escape(str(value), quote=True)


def url(*parts: str, **query: object) -> str:
    """An address under the viewer's root: each part quoted, the query encoded, None values left out."""
    path = "/" + "/".join(quote(p, safe="") for p in parts)
    given = {k: v for k, v in query.items() if v is not None and v != ""}
    return path + ("?" + urlencode(given) if given else "")


def link(href: str, text: object, cls: str | None = None) -> str:
    kind = f' class="{esc(cls)}"' if cls else ""
    return f'<a href="{esc(href)}"{kind}>{esc(text)}</a>'


def when(ts: float | None) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(ts)) if ts else "-"


def clock(ts: float) -> str:
    return time.strftime("%H:%M:%S", time.localtime(ts))


def size(n: float) -> str:
    """A size for people; the figure and its unit never broken across lines (a no-break space between)."""
    for unit in ("B", "KiB", "MiB"):
        if n < 1024:
            return f"{n:,.0f}\u00a0{unit}" if unit == "B" else f"{n:,.1f}\u00a0{unit}"
        n /= 1024
    return f"{n:,.1f}\u00a0GiB"


def num(n: int | None) -> str:
    return "-" if n is None else f"{n:,}"


def short(n: float) -> str:
    return f"{n / 1_000_000:.1f}M" if n >= 1_000_000 else f"{n / 1000:.0f}K" if n >= 1000 else f"{n:.0f}"


def table(headers: Iterable[str], rows: Iterable[Iterable[str]], cls: str = "grid") -> str:
    """A table of cells already made safe (each cell is HTML: escape what it shows)."""
    head = "".join(f"<th>{esc(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f'<table class="{esc(cls)}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def facts(pairs: Iterable[tuple[str, str]]) -> str:
    """A definition list; the values are HTML already."""
    return '<dl class="facts">' + "".join(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in pairs) + "</dl>"


def page(title: str, body: str, crumbs: Iterable[tuple[str, str | None]] = ()) -> str:
    """A whole page: the title, the trail back to the sessions list, the body (HTML)."""
    trail = [link("/", "sessions")] + [link(href, text) if href else esc(text) for text, href in crumbs]
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{esc(title)} · mcp-context</title><link rel="stylesheet" href="/static/ui.css">'
        '<link rel="icon" href="/static/icon.svg"></head>'
        f'<body><header><span class="brand">mcp-context</span> <nav>{" / ".join(trail)}</nav></header>'
        f"<main><h1>{esc(title)}</h1>{body}</main></body></html>"
    )
