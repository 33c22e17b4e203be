"""The arguments of summarize_range, one typed model shared by every face."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ..arguments import Arguments
from ..conversation.args import FormatField, Messages, Transcript

Style = Literal["sections", "snapshot", "brief"]
Engine = Literal["auto", "extractive", "sampling", "agent"]
Position = int | str | None


class SummarizeArgs(Arguments):
    """summarize_range: the source, the range of it, and how the summary is written."""

    messages: Messages = None
    transcript: Transcript = None
    handle: str | None = Field(None, description="a stored archive or message list (r_...)")
    start: Position = Field(
        None, description="first message: index, '#i', or a message, tool-call or transcript line id (default 0)"
    )
    end: Position = Field(None, description="last message, inclusive; negative counts from the end (default last)")
    style: Style = Field(
        "sections",
        description="sections (Claude Code's 8), snapshot (Gemini CLI's state snapshot) or brief (a few lines)",
    )
    engine: Engine = Field(
        "auto",
        description="extractive (no LLM), sampling (the client's model), agent (you write it: two calls) or auto "
        "(sampling if offered, else extractive)",
    )
    summary: str | None = Field(None, description="engine='agent', second call: the summary you wrote")
    max_tokens: int | None = Field(None, ge=1, description="the most the summary may take")
    focus: str | None = Field(None, description="what to keep first, e.g. 'the database migration'")
    session: Annotated[str | None, Field(description="session id; omit to use this server's")] = None
    format: FormatField = "auto"
