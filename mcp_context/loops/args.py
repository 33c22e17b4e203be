"""The arguments of check_loop, one typed model shared by every face.

Strict, as the event parser is: pydantic would otherwise turn "yes" into true, "12" into 12 and "false" into
false, accepting over MCP what the Python API refuses. The per-kind rules (which keys a tool_call takes, ...)
stay with the parser in ``events``; the model gives the shape hosts and models read in the schema."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt, WithJsonSchema

from ..arguments import Arguments
from ..conversation.args import FormatField, Messages
from .events import Kind
from .policy import Policy

Scalar = StrictBool | StrictInt | StrictFloat | None
_JSON_TYPES = {
    "bool": "boolean",
    "int": "integer",
    "int | None": "integer",
    "float": "number",
    "float | None": "number",
}


def _policy_schema() -> dict[str, Any]:
    """Every policy key with its JSON type, so hosts and models see that ``call_repeats`` wants an integer (and
    Gemini CLI, which refuses an object whose values may be anything, accepts the tool). Values are checked by
    Policy itself, which names the bounds of the one that is wrong."""
    properties = {name: {"type": _JSON_TYPES[spelled]} for name, spelled in Policy.types().items()}
    return {"type": "object", "properties": properties, "additionalProperties": False}


#: Checked as a plain object here (Policy refuses unknown keys with the valid ones and a near match); typed in
#: the schema.
PolicyIn = Annotated[dict[str, Scalar], WithJsonSchema(_policy_schema())]


class EventArgs(BaseModel):
    """One step of the agent, as the core parses it (it refuses keys a kind does not take)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    kind: Kind = Field(description="user: a new prompt, tracking starts afresh")
    name: str | None = Field(None, description="tool name")
    args: dict[str, Any] | None = Field(None, description="tool_call's arguments")
    text: str | None = Field(None, description="message, or tool_result's text")
    digest: str | None = Field(None, description="a fingerprint of the result, instead of its text")
    is_error: bool | None = Field(None)
    tokens: int | None = Field(None, ge=0)
    time: float | None = Field(None, ge=0, description="unix seconds; default: when the server sees it")

    def to_dict(self) -> dict[str, Any]:
        return self.model_dump(exclude_none=True)


class CheckLoopArgs(Arguments):
    """check_loop: steps to add to the session's stream, or a history to replay on its own."""

    event: EventArgs | None = Field(None, description="one step to add to the session's stream")
    events: list[EventArgs] | None = Field(None, description="oldest first")
    messages: Annotated[
        Messages, Field(description="a whole history (OpenAI, Anthropic or Gemini format) to replay on its own")
    ] = None
    transcript: str | None = Field(None, description="'host' (your own), or a transcript path")
    format: FormatField = "auto"
    policy: PolicyIn | None = Field(None, description='e.g. {"max_steps": 40}; kept for later checks')
    session: Annotated[str | None, Field(description="session id; omit to use this server's")] = None
    reset: StrictBool = Field(False, description="forget earlier events first")
