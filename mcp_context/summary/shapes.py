"""What summarize_range answers as JSON: the tool's structured content and the CLI's --json, the same facts as the
text in ``views``. Kept apart from the text so that what only prints text never loads pydantic."""

from __future__ import annotations

from pydantic import BaseModel, Field

from .engine import RangeSummary


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
