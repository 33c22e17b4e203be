"""What summarize_range answers, for both faces: the text a model or a person reads, and the same facts as a
JSON shape (the tool's structured content, the CLI's --json)."""

from __future__ import annotations

from ..results import views
from .engine import RangeSummary


def report(result: RangeSummary) -> str:
    """What summarize_range tells a model: the range actually covered, the figures, both handles, the summary;
    or, after the agent engine's first call, the task and the exact call that stores its answer."""
    span, how = result.span, views.method_words(result.token_method)
    what = f"messages {span.label()} ({span.count:,} {result.format} messages, {result.range_tokens:,} tokens)"
    lines: list[str] = []
    if result.status == "needs_summary":
        lines.append(
            f"Write the summary of {what} yourself, in the {result.style} style, under {result.target_tokens:,} "
            f"tokens ({how}); nothing is stored until you call: {result.next_call}"
        )
    else:
        assert result.summary is not None and result.archive is not None and result.summary_tokens is not None
        lines.append(
            f"Summarised {what} with the {result.engine} engine, {result.style} style: {result.range_tokens:,} -> "
            f"{result.summary_tokens:,} tokens ({how}), {100 * (result.reduction or 0):.1f}% fewer."
        )
        lines.append(f"Summary stored as {result.summary.handle} ({result.summary.uri}).")
        lines.append(
            f"Originals of the range (JSON lines, one message each): {result.archive.handle} "
            f"({result.archive.uri}); {views.call(result.archive.handle, grep='PATTERN')} finds one."
        )
    if span.requested != (span.start, span.end):
        lines.append(f"Asked for #{span.requested[0]} to #{span.requested[1]}.")
    for e in result.earlier:
        kept = f"its originals stay in {', '.join(e.handles)}" if e.handles else "kept in the summary and the archive"
        where = f"#{e.index}" if e.index is not None else "its start"
        lines.append(f"The range holds an earlier summary ({e.origin}'s, at {where}): {kept}.")
    lines += [f"Note: {n}" for n in result.notes]
    if result.status == "needs_summary":
        lines += ["", result.instructions or "", result.digest or ""]
    else:
        lines += ["", result.text or ""]
    return "\n".join(lines)
