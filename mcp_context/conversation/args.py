"""Argument types every history tool shares: where the messages come from and in which format."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

Format = Literal["auto", "openai", "anthropic", "gemini"]

Messages = Annotated[
    list[dict[str, Any]] | None, Field(description="the history: OpenAI, Anthropic or Gemini messages")
]
Transcript = Annotated[str | None, Field(description="'host', or the path of a Claude Code / Gemini CLI transcript")]
FormatField = Annotated[Format, Field(description="the format of messages; auto tells it from their shape")]
