"""What summarize_range answers, for both faces: the text a model or a person reads, and the same facts as a
JSON shape (the tool's structured content, the CLI's --json)."""

from __future__ import annotations

from pydantic import BaseModel, Field

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


class EarlierOut(BaseModel):
    index: int | None = Field(description="the message holding it, or null for a summary given as context")
    origin: str = Field(description="who wrote it: mcp-context, Claude Code or Gemini CLI")
    archive_handles: list[str] = Field(description="the archives its first line names, kept by the new summary")


class SummaryOutput(BaseModel):
    status: str = Field(description="'stored', or 'needs_summary': write the summary and make next_call")
    engine: str = Field(description="who wrote the summary: extractive, sampling or agent")
    style: str
    format: str = Field(description="'openai', 'anthropic' or 'gemini': the format of the source")
    start: int = Field(description="first message summarised, after widening")
    end: int = Field(description="last message summarised (inclusive)")
    requested_start: int
    requested_end: int
    message_count: int
    range_tokens: int
    summary_tokens: int | None
    reduction: float | None = Field(description="the share of the range's tokens the summary saves, 0 to 1")
    target_tokens: int
    token_method: str = Field(description="'exact:<encoding>' or 'estimate'")
    summary_handle: str | None = Field(description="the stored summary")
    summary_uri: str | None
    archive_handle: str | None = Field(description="the range's original messages (JSON lines)")
    archive_uri: str | None
    earlier_summaries: list[EarlierOut]
    sections: list[str] = Field(description="the sections of the style")
    summary: str | None = Field(description="the summary; its first line names the archive")
    instructions: str | None = Field(description="needs_summary: how to write it")
    digest: str | None = Field(description="needs_summary: the facts of the range to write it from")
    next_call: str | None = Field(description="needs_summary: the call that stores your summary")
    notes: list[str]


def output(result: RangeSummary) -> SummaryOutput:
    span = result.span
    return SummaryOutput(
        status=result.status,
        engine=result.engine,
        style=result.style,
        format=result.format,
        start=span.start,
        end=span.end,
        requested_start=span.requested[0],
        requested_end=span.requested[1],
        message_count=span.count,
        range_tokens=result.range_tokens,
        summary_tokens=result.summary_tokens,
        reduction=round(result.reduction, 4) if result.reduction is not None else None,
        target_tokens=result.target_tokens,
        token_method=result.token_method,
        summary_handle=result.summary.handle if result.summary else None,
        summary_uri=result.summary.uri if result.summary else None,
        archive_handle=result.archive.handle if result.archive else None,
        archive_uri=result.archive.uri if result.archive else None,
        earlier_summaries=[
            EarlierOut(index=e.index, origin=e.origin, archive_handles=list(e.handles)) for e in result.earlier
        ],
        sections=result.sections,
        summary=result.text,
        instructions=result.instructions,
        digest=result.digest,
        next_call=result.next_call,
        notes=result.notes,
    )
