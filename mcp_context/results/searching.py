"""Search across every stored result a view may reach: which results hold lines matching a pattern, best first,
with the matching lines' numbers and a short snippet of each.

The pattern is grep's (a regular expression, or literal text when it is not a valid one), and so is the answer
for each result: the text index (see storage/text_index.py) names the chunks that may hold a match, and grep
reads only those, the regular expression deciding every line. A pattern without a literal of three characters
(``\\d+``) reads every result, newest first, until the time allowed runs out. Results are ranked by how many
matching lines they hold (up to what is shown), then newest first.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import InvalidArgument, StoreError, UnknownHandle
from ..storage.protocol import Store
from ..storage.records import ResultMeta
from ..storage.text_index import TextIndex
from ..tokens.count import TokenCounter
from .prefilter import Narrowed, required
from .reading import GrepLine, TextReader, compile_pattern

#: Characters of a matching line a search shows, around the match.
SNIPPET_CHARS = 160
_LINE_TOKENS = 12  # what a row's handle, line number and layout add to its snippet


@dataclass(frozen=True)
class Hit:
    """One result that matches: its matching lines as shown (numbers and snippets), and whether it has more."""

    meta: ResultMeta
    lines: list[GrepLine]
    more: bool


@dataclass(frozen=True)
class Search:
    pattern: str
    mode: str  # "regex" or "literal"
    hits: list[Hit]
    searched: int  # results read or ruled out by the index
    matched: int  # results with a match, shown or not
    tokens: int
    notes: list[str] = field(default_factory=list)


def sync(index: TextIndex, store: Store, session: str, metas: Sequence[ResultMeta]) -> None:
    """Index the results of ``session`` the index lacks: stored before it existed, by a library that does not
    index, or while a kill interrupted indexing."""
    have = index.indexed(session, (m.handle for m in metas))
    for meta in metas:
        if meta.handle not in have:
            try:
                content = store.open_content(session, meta.handle)
            except UnknownHandle:
                continue  # removed meanwhile
            with content:
                index.add(session, meta.handle, content)


def narrower(index: TextIndex | None, meta: ResultMeta, pattern: str) -> Callable[[str], Narrowed | None] | None:
    """What grep on one result asks before reading it (see TextReader.grep): the chunks that may hold a match,
    or None to read every line (no index, the result not indexed yet, or a pattern without a literal)."""
    if index is None:
        return None

    def narrow(mode: str) -> Narrowed | None:
        alternatives = required(pattern, mode)
        if alternatives is None:
            return None
        try:
            if not index.indexed(meta.session, [meta.handle]):
                return None
            spans = [(a, b) for _, _, a, b in index.candidates([meta.session], alternatives, meta.handle)]
        except StoreError:
            return None  # an index that cannot be read (a read-only root, say) only costs the scan it would save
        return Narrowed.of(spans, alternatives)

    return narrow


def search(
    store: Store,
    index: TextIndex | None,
    counter: TokenCounter,
    sessions: Sequence[str],
    pattern: str,
    *,
    max_results: int,
    per_result: int,
    max_tokens: int,
    timeout_s: float,
) -> Search:
    """The results of ``sessions`` (the ones a view may reach) holding a line that matches ``pattern``."""
    if max_results < 1 or per_result < 1:
        raise InvalidArgument("max_results and max_matches must be at least 1")
    compiled, mode = compile_pattern(pattern, None, 0, per_result)
    deadline = time.monotonic() + timeout_s
    metas = {(s, m.handle): m for s in sessions for m in store.list_results(s)}
    alternatives = required(pattern, mode)
    notes: list[str] = []
    try:
        spans = None if index is None or alternatives is None else _candidates(index, store, sessions, alternatives)
    except StoreError as exc:
        notes.append(f"the search index could not be used ({exc}): every result was read")
        spans = None
    order = sorted(metas if spans is None else (k for k in spans if k in metas), key=lambda k: -metas[k].created)
    found: list[Hit] = []
    for done, key in enumerate(order):
        left = deadline - time.monotonic()
        if left <= 0:
            notes.append(f"stopped after {timeout_s:g}s: {len(order) - done:,} results not searched")
            break
        meta = metas[key]
        narrowed = None if spans is None or alternatives is None else Narrowed.of(spans[key], alternatives)
        hit = _grep_one(store, counter, meta, compiled, pattern, per_result, max_tokens, left, narrowed)
        if hit is not None:
            found.append(hit)
    found.sort(key=lambda h: (-len(h.lines) - h.more, -h.meta.created, h.meta.handle))
    hits, tokens = _within(found, max_results, max_tokens, counter)
    searched = len(metas) if spans is not None else min(len(metas), len(order))
    return Search(pattern, mode, hits, searched, len(found), tokens, notes)


def _candidates(
    index: TextIndex, store: Store, sessions: Sequence[str], alternatives: list[list[str]]
) -> dict[tuple[str, str], list[tuple[int, int]]]:
    """The chunks that may match, by result, once the index holds every result of ``sessions``."""
    for session in sessions:
        sync(index, store, session, store.list_results(session))
    spans: dict[tuple[str, str], list[tuple[int, int]]] = {}
    for session, handle, a, b in index.candidates(list(sessions), alternatives):
        spans.setdefault((session, handle), []).append((a, b))
    return spans


def _grep_one(
    store: Store,
    counter: TokenCounter,
    meta: ResultMeta,
    compiled: Any,
    pattern: str,
    per_result: int,
    max_tokens: int,
    timeout_s: float,
    narrowed: Narrowed | None,
) -> Hit | None:
    """One result's matching lines (grep with no context, narrowed by the index when it can be); None when it
    has none, or was removed since it was listed."""
    try:
        content, data = store.open_indexed(meta.session, meta.handle)
    except UnknownHandle:
        return None
    with TextReader(data, content, counter) as reader:
        grep = reader.grep(
            pattern,
            start_line=None,
            context=0,
            max_matches=per_result,
            max_tokens=max_tokens,
            timeout_s=timeout_s,
            narrow=None if narrowed is None else (lambda _mode: narrowed),
        )
    if not grep.matches:
        return None
    return Hit(meta, [_snippet(line, compiled) for line in grep.lines if line.match], grep.next is not None)


def _snippet(line: GrepLine, compiled: Any) -> GrepLine:
    """The matching line cut to SNIPPET_CHARS around its match."""
    text = line.text
    if len(text) <= SNIPPET_CHARS:
        return line
    found = compiled.search(text)
    at = found.start() if found else 0
    begin = max(0, min(at - SNIPPET_CHARS // 4, len(text) - SNIPPET_CHARS))
    shown = ("…" if begin else "") + text[begin : begin + SNIPPET_CHARS] + "…"
    return GrepLine(line.line, shown, True, True)


def _within(found: list[Hit], max_results: int, max_tokens: int, counter: TokenCounter) -> tuple[list[Hit], int]:
    """The best hits that fit ``max_tokens``: the first always, its lines cut to what fits."""
    hits: list[Hit] = []
    tokens = 0
    for hit in found[:max_results]:
        lines: list[GrepLine] = []
        for line in hit.lines:
            cost = counter.count(line.text).tokens + _LINE_TOKENS
            if tokens + cost > max_tokens and (hits or lines):
                break
            lines.append(line)
            tokens += cost
        if not lines:
            break
        hits.append(Hit(hit.meta, lines, hit.more or len(lines) < len(hit.lines)))
    return hits, tokens


def reindex(index: TextIndex, store: Store, sessions: Sequence[str]) -> int:
    """Rebuild the index from the results (``cleanup --reindex``); how many results it now holds."""
    index.clear()
    count = 0
    for session in sessions:
        listed = store.list_results(session)
        sync(index, store, session, listed)
        count += len(listed)
    return count
