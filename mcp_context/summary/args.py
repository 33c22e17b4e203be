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
    handle: str | None = Field(None, description="a stored archive (r_...)")
    start: Position = Field(None, description="index, '#i' or message id")
    end: Position = Field(None, description="inclusive; negative from the end")
    style: Style = Field("sections")
    engine: Engine = Field("auto", description="agent: you write it from the facts the first call gives")
    summary: str | None = Field(None, description="agent's second call: your summary")
    max_tokens: int | None = Field(None, ge=1, description="the most the summary may take")
    focus: str | None = Field(None, description="what to keep first")
    session: Annotated[str | None, Field(description="session id; omit to use this server's")] = None
    format: FormatField = "auto"
