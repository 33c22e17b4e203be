"""Resources: every persisted result is a concrete, listed resource (Gemini CLI cannot expand templates),
each session has a listing resource, and both are reachable through URI templates too."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from mcp.server.lowlevel.helper_types import ReadResourceContents
from mcp.server.mcpserver.exceptions import ResourceNotFoundError
from mcp.types import ListResourcesResult, Resource, ResourceTemplate

from ..errors import ContextError, echoed, shown_path
from ..session import Session
from ..storage import ids
from ..storage.records import ResultMeta, SessionInfo

PAGE_SIZE = 50
#: A result larger than this is offered by pages too: Claude Code's ReadMcpResourceTool shows a resource of
#: about 50 KB or more as a 2 KB preview, so the whole text reaches a model there only in smaller parts.
WHOLE_BYTES = 40_000
_RANGE_URI_RE = re.compile(r"(?P<result>.+/results/[^/]+)/(?P<unit>lines|chars)/(?P<first>\d+)-(?P<last>\d+)")
_SESSION_URI_RE = re.compile(rf"{ids.URI_SCHEME}://sessions/(?P<session>[^/]*)")
_INSIGHT_URI_RE = re.compile(rf"{ids.URI_SCHEME}://sessions/(?P<session>[^/]*)/(?P<what>audit|gauge)")


def _template(name: str, title: str, uri: str, description: str, mime: str = "text/plain") -> ResourceTemplate:
    return ResourceTemplate(name=name, title=title, uri_template=uri, description=description, mime_type=mime)


_RESULT = ids.result_uri("{session}", "{handle}")
_SESSION = ids.session_uri("{session}")
_JSON = "application/json"
TEMPLATES = [
    _template("persisted-result", "Persisted result", _RESULT, "A text stored with persist_result"),
    _template(
        "persisted-result-lines",
        "Lines of a persisted result",
        _RESULT + "/lines/{first}-{last}",
        "Lines first to last (from 1, inclusive) of a stored text, exactly as stored: a large result a page at a "
        "time (its description names the pages)",
    ),
    _template(
        "persisted-result-chars",
        "Characters of a persisted result",
        _RESULT + "/chars/{start}-{end}",
        "Characters start to end (from 0, end excluded) of a stored text, exactly as stored: a text whose lines "
        "are too long for pages of lines",
    ),
    _template(
        "audit",
        "What the host's compaction dropped",
        _SESSION + "/audit",
        "The facts of the messages the host's last compaction replaced that its summary does not hold",
        _JSON,
    ),
    _template(
        "gauge",
        "Context gauge",
        _SESSION + "/gauge",
        "How full the host's context is, what the hooks kept out of it, what the session holds",
        _JSON,
    ),
    _template("session", "Session contents", _SESSION, "What a session holds: its results, newest first", _JSON),
]


def _result_resource(meta: ResultMeta) -> Resource:
    return Resource(
        uri=meta.uri,
        name=f"{meta.session}/{meta.label or meta.handle}",
        title=meta.label,
        description=_describe(meta),
        mime_type=meta.mime_type,
        size=meta.bytes,
    )


def _session_resource(info: SessionInfo) -> Resource:
    return Resource(
        uri=ids.session_uri(info.session),
        name=f"session {info.session}",
        description=f"{info.results} results, {info.bytes:,} bytes",
        mime_type="application/json",
    )


def _describe(meta: ResultMeta) -> str:
    sizes = f"{meta.lines:,} lines, {meta.chars:,} chars, {meta.tokens:,} tokens ({meta.token_method})"
    if meta.bytes <= WHOLE_BYTES:
        return sizes
    chars = max(1, meta.chars * WHOLE_BYTES // meta.bytes)
    by_chars = f"{meta.uri}/chars/0-{chars}, then {meta.uri}/chars/{chars}-{2 * chars} and so on to {meta.chars:,}"
    if meta.lines < 2:
        return f"{sizes}; {meta.bytes:,} bytes, more than some hosts show whole: read it by pages, {by_chars}"
    per_page = max(1, meta.lines * WHOLE_BYTES // meta.bytes)
    pages = -(-meta.lines // per_page)
    first, second = f"{meta.uri}/lines/1-{per_page}", f"{meta.uri}/lines/{per_page + 1}-{2 * per_page}"
    return (
        f"{sizes}; {meta.bytes:,} bytes, more than some hosts show whole: read it by pages of {per_page:,} lines "
        f"({pages:,} pages), {first}, then {second} and so on to line {meta.lines:,} (any range of lines works); "
        f"a page still too large, by characters: {by_chars}"
    )


def _cursor(key: list[Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(key).encode()).decode()


def _uncursor(cursor: str) -> list[Any]:
    try:
        key = json.loads(base64.urlsafe_b64decode(cursor.encode()))
        if (  # the shape list_page makes: compared with its keys, anything else would fail mid-sort
            isinstance(key, list)
            and len(key) == 3
            and key[0] in (0, 1)
            and isinstance(key[1], int | float)
            and not isinstance(key[1], bool)
            and isinstance(key[2], str)
        ):
            return key
    except ValueError:
        pass
    raise ValueError("invalid cursor")


def list_page(session: Session, cursor: str | None) -> ListResourcesResult:
    """One page of resources, newest results first, then sessions; keyset cursors stay valid as results arrive."""
    items: list[tuple[list[Any], Callable[[], Resource]]] = []
    for meta in session.all_results():
        items.append(([0, -meta.created, meta.uri], partial(_result_resource, meta)))
    for info in session.sessions():
        items.append(([1, -info.updated, ids.session_uri(info.session)], partial(_session_resource, info)))
    items.sort(key=lambda item: item[0])
    if cursor:
        after = _uncursor(cursor)
        items = [item for item in items if item[0] > after]
    page = items[:PAGE_SIZE]  # only the page is made into resources: a store may hold thousands
    more = len(items) > PAGE_SIZE
    return ListResourcesResult(
        resources=[make() for _, make in page], next_cursor=_cursor(page[-1][0]) if more else None
    )


def read(session: Session, uri: str) -> Iterable[ReadResourceContents]:
    try:
        ranged = _RANGE_URI_RE.fullmatch(uri) if uri.startswith(f"{ids.URI_SCHEME}://sessions/") else None
        if ranged:
            meta = session.info(ranged["result"])
            first, last = int(ranged["first"]), int(ranged["last"])
            part = _line_range if ranged["unit"] == "lines" else _char_range
            return [ReadResourceContents(content=part(session, meta, first, last), mime_type=meta.mime_type)]
        if uri.startswith(f"{ids.URI_SCHEME}://sessions/") and "/results/" in uri:
            meta = session.info(uri)
            return [ReadResourceContents(content="".join(session.iter_text(uri)), mime_type=meta.mime_type)]
        insight = _INSIGHT_URI_RE.fullmatch(uri)
        if insight:
            found = _insight(session, _admitted(session, insight["session"]), insight["what"])
            return [ReadResourceContents(content=json.dumps(found, indent=1), mime_type="application/json")]
        match = _SESSION_URI_RE.fullmatch(uri)
        if match:
            name = _reachable(session, match["session"])
            listing = {
                "session": name,
                "results": [
                    {
                        "handle": m.handle,
                        "uri": m.uri,
                        "label": m.label,
                        "source": m.source,
                        "created": m.created,
                        "chars": m.chars,
                        "bytes": m.bytes,
                        "lines": m.lines,
                        "tokens": m.tokens,
                        "token_method": m.token_method,
                    }
                    for m in session.results(name)
                ],
            }
            return [ReadResourceContents(content=json.dumps(listing, indent=1), mime_type="application/json")]
    except ContextError as exc:
        raise ResourceNotFoundError(str(exc)) from None
    raise ResourceNotFoundError(f"no resource {echoed(uri)}")


def _line_range(session: Session, meta: ResultMeta, first: int, last: int) -> str:
    """Lines ``first`` to ``last`` of a stored text, exact: read_persisted's pages (each bounded by its token
    budget, a long line continued by offset) joined until the range's last line has ended."""
    if first < 1 or last < first:
        raise ResourceNotFoundError(f"lines {first}-{last}: give first-last, from 1, last not before first")
    if first > meta.lines:
        raise ResourceNotFoundError(f"lines {first}-{last}: {meta.handle} has {meta.lines:,} lines")
    parts: list[str] = []
    ended = 0  # lines of the range whose newline has been read
    where: dict[str, int] = {"start_line": first}
    wanted = min(last, meta.lines) - first + 1
    budget = session.limits.max_page_tokens
    while ended < wanted:
        page = session.read_persisted(meta.handle, **where, max_lines=wanted - ended, max_tokens=budget).page
        if page is None or not page.text:
            break
        parts.append(page.text)
        ended += page.text.count("\n")
        if page.next is None:
            break
        where = page.next
    return "".join(parts)


def _char_range(session: Session, meta: ResultMeta, start: int, end: int) -> str:
    """Characters ``start`` (from 0) to ``end`` (excluded) of a stored text, exact, joined from pages."""
    if start < 0 or end <= start or start >= meta.chars:
        raise ResourceNotFoundError(
            f"chars {start}-{end}: give start-end, from 0, end after start, start before {meta.chars:,}"
        )
    parts: list[str] = []
    at, end = start, min(end, meta.chars)
    while at < end:
        page = session.read_persisted(
            meta.handle, offset=at, max_chars=end - at, max_tokens=session.limits.max_page_tokens
        ).page
        if page is None or not page.text:
            break
        parts.append(page.text)
        at += len(page.text)
    return "".join(parts)


def _admitted(session: Session, given: str) -> str:
    """A session named in a URI, when this server's scope admits it; one outside answers the same whether it
    exists or not (decided from the id, before the store is looked at)."""
    name = ids.check_session(given)
    if not session.scope.admits(name):
        raise ResourceNotFoundError(f"no session {name!r} in this store")
    return name


def _reachable(session: Session, given: str) -> str:
    """A session named in a URI that this server may show and that exists."""
    name = _admitted(session, given)
    if name not in session.store.session_ids():
        raise ResourceNotFoundError(f"no session {name!r} in this store")
    return name


def _insight(session: Session, name: str, what: str) -> dict[str, Any]:
    """A session's audit or gauge, from the snapshot our hooks kept and the host's transcript it names; a path
    outside the hosts' folders is not read."""
    from ..hooks import audit, gauge, insight
    from ..summary import sources

    root = session.store.root
    snapshot = insight.snapshot(root, name)
    path = insight.transcript_for(None, name, snapshot)
    if path is not None and not insight.within(path, session.transcript_roots):
        path = None
    if what == "gauge":
        doc = gauge.measure(root, name, path, lambda text: session.counter.count(text).tokens).to_dict()
        return doc | {"transcript": shown_path(doc["transcript"]) if doc.get("transcript") else None}
    if path is None or not path.is_file():
        raise ResourceNotFoundError(f"no host transcript for session {name!r}: the hooks record it at a compaction")

    def archived(handle: str) -> list[dict[str, Any]] | None:
        items, _ = sources.stored(handle, lambda h: "".join(session.iter_text(h)))
        return [i for i in items if isinstance(i, dict)]

    return {"session": name, **audit.audit(path, snapshot, archived).to_dict()}
