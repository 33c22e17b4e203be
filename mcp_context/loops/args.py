"""The arguments of check_loop, one typed model shared by every face.

Strict, as the event parser is: pydantic would otherwise turn "yes" into true, "12" into 12 and "false" into
false, accepting over MCP what the Python API refuses. The per-kind rules (which keys a tool_call takes, ...)
stay with the parser in ``events``; the model gives the shape hosts and models read in the schema."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt

from ..arguments import Arguments
from ..conversation.args import FormatField, Messages
from .events import Kind

Scalar = StrictBool | StrictInt | StrictFloat | None
PolicyIn = dict[str, Scalar]


class EventArgs(BaseModel):
    """One step of the agent, as the core parses it (it refuses keys a kind does not take)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    kind: Kind = Field(
        description="tool_call, tool_result, assistant (a whole message), content (a streamed chunk), turn "
        "(a new model turn), user (a new user prompt: starts tracking afresh)"
    )
    name: str | None = Field(None, description="the tool's name (tool_call, tool_result)")
    args: dict[str, Any] | None = Field(None, description="the call's arguments (tool_call)")
    text: str | None = Field(None, description="the text (assistant, content, user) or the result's text")
    digest: str | None = Field(None, description="a fingerprint of the result, instead of its text")
    is_error: bool | None = Field(None, description="the call failed (tool_result)")
    tokens: int | None = Field(None, ge=0, description="tokens this step used, if known")
    time: float | None = Field(None, ge=0, description="unix seconds; default: when the server sees it")

    def to_dict(self) -> dict[str, Any]:
        return self.model_dump(exclude_none=True)


class CheckLoopArgs(Arguments):
    """check_loop: steps to add to the session's stream, or a history to replay on its own."""

    event: EventArgs | None = Field(None, description="one step to add to the session's stream")
    events: list[EventArgs] | None = Field(None, description="several steps, oldest first")
    messages: Annotated[
        Messages, Field(description="a whole history (OpenAI, Anthropic or Gemini format) to replay on its own")
    ] = None
    transcript: str | None = Field(
        None, description="'host' for your own conversation, or a Claude Code / Gemini CLI / Codex CLI path"
    )
    format: FormatField = "auto"
    policy: PolicyIn | None = Field(
        None, description='thresholds and switches, e.g. {"max_steps": 40}; kept for the session\'s checks'
    )
    session: Annotated[str | None, Field(description="session id; omit to use this server's")] = None
    reset: StrictBool = Field(False, description="forget the session's earlier events and strikes first")
