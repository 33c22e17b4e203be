"""The arguments of compact_history, one typed model shared by every face."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field

from ..arguments import Arguments
from ..conversation.args import FormatField, Messages, Objects, Transcript
from .layers import DEFAULT_EXCLUDED

Strategy = Literal["auto", "compact", "summarize", "sliding_window"]

#: A size: tokens (an integer), a fraction of the window (0.85), "6 messages", or {"messages": 6}.
Amount = int | float | str | dict[str, float] | None

_AMOUNT = "tokens (an integer), a fraction of the window like 0.85, '6 messages', or an object like {\"messages\": 6}"


class CompactArgs(Arguments):
    """compact_history: the history, the budget it must fit, and how to get there."""

    accepts: ClassVar[dict[str, str]] = {"trigger": _AMOUNT, "keep": _AMOUNT}

    messages: Messages = None
    transcript: Transcript = None
    format: FormatField = "auto"
    target_tokens: int | None = Field(None, ge=1)
    model: str | None = Field(None, description="its input limit sets the budget")
    context_window: int | None = Field(None, ge=1, description="the model's input limit in tokens")
    trigger: Amount = Field(None, description="compact only above: tokens, '6 messages' or a fraction (0.85)")
    keep: Amount = Field(None, description="newest part kept whole, as trigger")
    strategy: Strategy = Field("auto")
    system: str | list[dict[str, Any]] | dict[str, Any] | None = Field(
        None, description="system prompt, counted in the budget"
    )
    tools: Objects | None = Field(None, description="tool schemas, counted in the budget")
    exclude_tools: list[str] | None = Field(
        None,
        description=f"tools whose results are never cleared (default {', '.join(DEFAULT_EXCLUDED)}: sub-agents)",
    )
    session: Annotated[str | None, Field(description="session id; omit to use this server's")] = None
    reset: bool = Field(
        False,
        description="forget this session's earlier replacements first (they are replayed to keep the prompt cache)",
    )
    return_messages: bool | None = Field(
        None,
        description="include the messages in the result; default: only when they are small (20,000 characters), "
        "else read them from history_handle",
    )
