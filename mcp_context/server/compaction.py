"""The compact_history tool: its description and the thin call into the Session."""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult, ToolAnnotations

from ..compaction import shapes, views
from ..compaction.args import CompactArgs
from ..session import Session
from .binding import Direct, answer, bind

DESCRIPTION = """\
Shrink a conversation history to a token budget, valid for its provider; what is removed is stored under \
handles read_persisted reads. Give messages or transcript, and target_tokens or model. Called again with new \
messages appended, it repeats earlier replacements exactly (prompt cache)."""


def register(server: MCPServer, session: Session) -> dict[str, Direct]:
    def compact(args: CompactArgs) -> CallToolResult:
        result = session.compact_history(args, handed_over=True)  # decoded for this request alone
        return answer(shapes.output(result, args.return_messages), views.report(result))

    def compact_history(**arguments: Any) -> CallToolResult:
        return compact(CompactArgs.model_construct(**arguments))

    server.tool(
        name="compact_history",
        title="Compact a conversation history",
        description=DESCRIPTION,
        annotations=ToolAnnotations(
            read_only_hint=False, destructive_hint=False, idempotent_hint=True, open_world_hint=False
        ),
    )(bind(CompactArgs, compact_history, returns=Annotated[CallToolResult, shapes.CompactOutput]))
    return {"compact_history": Direct(compact)}
