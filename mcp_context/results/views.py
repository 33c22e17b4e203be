"""Plain-text renderings of results, for readers that see text only (Gemini CLI's model, the CLI).

Each rendering is complete on its own: the handle, the URI, the sizes and how tokens were counted, the
content, and the exact call that reads more. The structured results carry the same facts as fields.
"""

from __future__ import annotations

from collections.abc import Callable

from ..storage.records import ResultMeta
from .answers import Persisted, Read
from .searching import Search


def call(handle: str, **arguments: object) -> str:
    """The read_persisted call a model should make next, written as it would write it."""
    args = [f"handle={handle!r}"] + [f"{k}={v!r}" for k, v in arguments.items() if v is not None]
    return f"read_persisted({', '.join(args)})"


#: Writes the call that reads more: ``call`` for a model, the CLI's own for a shell.
Caller = Callable[..., str]


def sizes(meta: ResultMeta) -> str:
    method = method_words(meta.token_method)
    return f"{meta.chars:,} chars, {meta.bytes:,} bytes, {meta.lines:,} lines, {meta.tokens:,} tokens ({method})"


def persisted(result: Persisted, call: Caller = call) -> str:
    meta = result.meta
    title = f" '{meta.label}'" if meta.label else ""
    again = "" if result.created else " (this content was already stored: nothing written)"
    whole = " (all shown)" if result.preview.complete else ""
    lines = [f"Stored{title} as handle {meta.handle} in session {meta.session}{again}: {sizes(meta)}{whole}."]
    lines.append(result.preview.render())
    if not result.preview.complete:
        lines.append(
            f"Read more: {call(meta.handle, **result.preview.more)}; search: {call(meta.handle, grep='PATTERN')}"
        )
    return "\n".join(lines)


def read(result: Read, call: Caller = call) -> str:
    meta = result.meta
    out: list[str] = []
    if result.page is not None:
        page = result.page
        where = f"lines {page.first_line:,}-{page.last_line:,}" if page.text else "no text (end reached)"
        out.append(
            f"{meta.handle}: {where} of {meta.lines:,} (chars {page.start_offset:,}-{page.end_offset:,} "
            f"of {meta.chars:,}, {page.tokens:,} tokens)"
        )
        out.append(page.numbered())
    elif result.grep is not None:
        found = result.grep
        mode = "" if found.mode == "regex" else " (not a valid regex: searched as literal text)"
        out.append(
            f"{meta.handle}: {found.matches} matching line(s) for {found.pattern!r}{mode}, lines "
            f"{found.scanned_from:,}-{found.scanned_to:,} of {meta.lines:,} searched"
        )
        if found.lines:
            out.append(found.numbered())
        out.extend(found.notes)
    out.extend(result.notes)
    out.append(next_hint(result, call))
    return "\n".join(out)


def searched(found: Search, call: Caller = call) -> str:
    """A search across results: which match, best first, each with its matching lines' numbers and snippets."""
    mode = "" if found.mode == "regex" else " (not a valid regex: searched as literal text)"
    head = f"{found.matched:,} of {found.searched:,} stored results match {found.pattern!r}{mode}"
    if not found.hits:
        return "\n".join([head + ".", *found.notes])
    shown = f", the best {len(found.hits)} shown" if len(found.hits) < found.matched else ""
    out = [f"{head}{shown}, best first:"]
    for hit in found.hits:
        title = f" '{hit.meta.label}'" if hit.meta.label else ""
        more = ", more" if hit.more else ""
        out.append(f"{hit.meta.handle}{title} (session {hit.meta.session}, {hit.meta.lines:,} lines{more}):")
        out += [f"{line.line:>8}: {line.text}" for line in hit.lines]
    out += found.notes
    out.append(f"Read around them: {call(found.hits[0].meta.handle, grep=found.pattern)}")
    return "\n".join(out)


def next_hint(result: Read, call: Caller = call) -> str:
    following = next_call(result, call)
    if following is None:
        return "End of result: nothing more to read." if result.page else "No more matches."
    return f"More matches: {following}" if result.grep is not None else f"Next page: {following}"


def next_call(result: Read, call: Caller = call) -> str | None:
    cursor = result.next
    if cursor is None:
        return None
    if result.grep is not None:
        return call(result.meta.handle, grep=result.grep.pattern, **cursor, **result.options)
    return call(result.meta.handle, **cursor, **result.options)


def method_words(method: str) -> str:
    return f"exact, {method.split(':', 1)[1]}" if method.startswith("exact") else "estimate"


#: Notes a report shows at most: repairing a broken history writes one per repair.
NOTES_SHOWN = 20


def labels(labels: list[str], limit: int = 30) -> str:
    spans = label_spans(labels)
    shown = ", ".join(spans[:limit])
    more = f" and {len(spans) - limit:,} more runs" if len(spans) > limit else ""
    return f"{shown}{more} ({len(labels):,} messages)"


def label_spans(labels: list[str]) -> list[str]:
    """'#3', '#4', '#5', '#9' as '#3-#5', '#9': a long history removes thousands of messages in a few runs,
    and hosts cap what a tool may return."""
    spans: list[list[int]] = []
    rest: list[str] = []
    for label in labels:
        if not label.startswith("#") or not label[1:].isdigit():
            rest.append(label)
        elif spans and int(label[1:]) == spans[-1][1] + 1:
            spans[-1][1] += 1
        else:
            spans.append([int(label[1:])] * 2)
    return [f"#{a}" if a == b else f"#{a}-#{b}" for a, b in spans] + rest
