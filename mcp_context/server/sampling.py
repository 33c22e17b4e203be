"""Asking the client's model so that a refusal costs only the model's part of the answer, never the tool call.

Over the 2026-07-28 era a ``Sample`` goes back to the client inside an input-required result, and the client
answers or gives up on its side. Over the legacy era the SDK would send ``sampling/createMessage`` mid-call and
let a refusal (a user who declines the prompt, a host that cannot sample right now) fail the whole tool call:
the summary or the loop check the agent asked for would be lost for the sake of an optional model. So in that
era the request is sent here, with the same metadata the SDK uses, and a refusal comes back as a ``Refusal``
the tool body turns into a fallback and a note.
"""

from dataclasses import dataclass

from mcp.server.mcpserver import Context, Sample
from mcp.shared.exceptions import MCPError
from mcp.shared.message import ServerMessageMetadata
from mcp.types import CreateMessageRequest, CreateMessageResult
from mcp_types.version import is_version_at_least

# The first protocol revision that carries sampling inside an input-required result.
INPUT_REQUIRED_ERA = "2026-07-28"


@dataclass(frozen=True)
class Refusal:
    """The client answered the sampling request with an error."""

    reason: str


async def ask(ctx: Context, sample: Sample) -> Sample | CreateMessageResult | Refusal:
    """What a resolver returns for ``sample``: the marker itself where the SDK's round trip cannot fail the
    call, else the client's answer or its refusal."""
    version = ctx.protocol_version
    if version is None or is_version_at_least(version, INPUT_REQUIRED_ERA) or not ctx.session.can_send_request:
        return sample
    try:
        answer: CreateMessageResult = await ctx.session.send_request(
            CreateMessageRequest(params=sample.params),
            CreateMessageResult,
            metadata=ServerMessageMetadata(related_request_id=ctx.request_id),
        )
    except MCPError as exc:
        return Refusal(exc.error.message or f"error {exc.error.code}")
    return answer
