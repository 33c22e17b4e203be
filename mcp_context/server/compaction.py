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
Make a conversation history smaller so it fits a token budget, keeping it valid for its provider (every tool \
call keeps its result) and losing nothing: whatever is removed or shortened is stored first and named by a \
handle that read_persisted reads. Takes messages (OpenAI, Anthropic or Gemini format; the output is in the \
same format) or transcript: a Claude Code / Gemini / Codex CLI transcript path, or "host" for the running host's own. \
Give target_tokens, or model / context_window to derive it. Cheapest steps first: old tool results become \
markers, huge ones previews, long write arguments are cut, then older turns are summarised, then dropped. \
Calling again with the same history plus new messages repeats earlier replacements exactly (prompt cache)."""


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
