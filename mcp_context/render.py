"""Plain-text renderings of results, for readers that see text only (Gemini CLI's model, the CLI).

Each rendering is complete on its own: the handle, the URI, the sizes and how tokens were counted, the
content, and the exact call that reads more. The structured results carry the same facts as fields.
"""

from __future__ import annotations

from .api import Persisted, Read
from .store import ResultMeta


def call(handle: str, **arguments: object) -> str:
    """The read_persisted call a model should make next, written as it would write it."""
    args = [f"handle={handle!r}"] + [f"{k}={v!r}" for k, v in arguments.items() if v is not None]
    return f"read_persisted({', '.join(args)})"


def sizes(meta: ResultMeta) -> str:
    method = "exact, " + meta.token_method.split(":", 1)[1] if meta.token_method.startswith("exact") else "estimate"
    return f"{meta.chars:,} chars, {meta.bytes:,} bytes, {meta.lines:,} lines, {meta.tokens:,} tokens ({method})"


def persisted(result: Persisted) -> str:
    meta = result.meta
    title = f" '{meta.label}'" if meta.label else ""
    again = "" if result.created else " (this content was already stored: nothing written)"
    lines = [
        f"Stored{title} as handle {meta.handle} in session {meta.session}{again}.",
        f"Size: {sizes(meta)}. Resource: {meta.uri}",
    ]
    if result.preview.complete:
        lines += ["Full text (all lines shown):", result.preview.render()]
    else:
        lines += [
            f"Preview (lines 1-{result.preview.head_lines:,} and {result.preview.tail_from:,}-{meta.lines:,}):",
            result.preview.render(),
            f"Read more: {call(meta.handle, start_line=result.preview.head_lines + 1)}",
            f"Search: {call(meta.handle, grep='PATTERN')}",
        ]
    return "\n".join(lines)


def read(result: Read) -> str:
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
    out.append(next_hint(result))
    return "\n".join(out)


def next_hint(result: Read) -> str:
    following = next_call(result)
    if following is None:
        return "End of result: nothing more to read." if result.page else "No more matches."
    return f"More matches: {following}" if result.grep is not None else f"Next page: {following}"


def next_call(result: Read) -> str | None:
    cursor = result.next
    if cursor is None:
        return None
    if result.grep is not None:
        return call(result.meta.handle, grep=result.grep.pattern, **cursor)
    return call(result.meta.handle, **cursor)
