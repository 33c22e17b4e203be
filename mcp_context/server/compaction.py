"""The compact_history tool: its description, its structured result, and the thin call into the Session."""

from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, ToolAnnotations
from pydantic import BaseModel, Field

from .. import render
from ..api import Session
from ..errors import ContextError
from ..history.compact import Compaction
from .tools import tool_result

DESCRIPTION = """\
Make a conversation history smaller so it fits a token budget, keeping it valid for its provider (every tool \
call keeps its result) and losing nothing: whatever is removed or shortened is stored first and named by a \
handle that read_persisted reads. Takes messages (OpenAI, Anthropic or Gemini format; the output is in the \
same format) or transcript: a Claude Code / Gemini CLI transcript path, or "host" for the running host's own. \
Give target_tokens, or model / context_window to derive it. Cheapest steps first: old tool results become \
markers, huge ones previews, long write arguments are cut, then older turns are summarised, then dropped. \
Calling again with the same history plus new messages repeats earlier replacements exactly (prompt cache)."""


class LayerOut(BaseModel):
    layer: int
    name: str
    changed: int
    tokens_saved: int
    skipped: str | None = None


class CompactOutput(BaseModel):
    compacted: bool = Field(description="false when the history was already under the trigger")
    format: str = Field(description="'openai', 'anthropic' or 'gemini': the format of messages")
    tokens_before: int
    tokens_after: int
    token_method: str = Field(description="'exact:<encoding>' or 'estimate'")
    target: int
    fits: bool
    message_count_before: int
    message_count_after: int
    layers: list[LayerOut]
    removed: list[str] = Field(description="input messages removed, as '#index' or runs '#first-#last'")
    shortened: list[str] = Field(description="input messages kept but shortened, as '#index' or runs")
    archive_handle: str | None = Field(description="every original removed or shortened (JSON lines, or an index)")
    archive_uri: str | None
    summary_archive_handle: str | None = Field(description="the archive the summary message in the output names")
    history_handle: str | None = Field(description="the compacted history, stored (JSON lines, or an index of pieces)")
    history_uri: str | None
    model: str | None
    warnings: list[str]
    notes: list[str]
    messages: list[dict[str, Any]] | None = Field(
        description="the compacted history (null when return_messages is false)"
    )


def output(result: Compaction, return_messages: bool) -> CompactOutput:
    return CompactOutput(
        compacted=result.compacted,
        format=result.format,
        tokens_before=result.tokens_before,
        tokens_after=result.tokens_after,
        token_method=result.token_method,
        target=result.target,
        fits=result.fits,
        message_count_before=result.input_count,
        message_count_after=len(result.messages),
        layers=[
            LayerOut(layer=x.layer, name=x.name, changed=x.changed, tokens_saved=x.tokens_saved, skipped=x.skipped)
            for x in result.layers
        ],
        removed=render.label_spans(result.removed),
        shortened=render.label_spans(result.shortened),
        archive_handle=result.archive.handle if result.archive else None,
        archive_uri=result.archive.uri if result.archive else None,
        summary_archive_handle=result.bridge_archive,
        history_handle=result.history.handle if result.history else None,
        history_uri=result.history.uri if result.history else None,
        model=result.model,
        warnings=result.warnings,
        notes=result.notes,
        messages=result.messages if return_messages else None,
    )


Amount = int | float | str | dict[str, float] | None


def register(server: MCPServer, session_: Session) -> None:
    @server.tool(
        title="Compact a conversation history",
        description=DESCRIPTION,
        annotations=ToolAnnotations(
            read_only_hint=False, destructive_hint=False, idempotent_hint=True, open_world_hint=False
        ),
    )
    def compact_history(
        messages: Annotated[list[dict[str, Any]] | None, Field(description="the history to compact")] = None,
        transcript: Annotated[
            str | None, Field(description="'host', or the path of a Claude Code / Gemini CLI transcript")
        ] = None,
        format: Annotated[str, Field(description="auto, openai, anthropic or gemini")] = "auto",
        target_tokens: Annotated[int | None, Field(ge=1, description="the output must fit this many")] = None,
        model: Annotated[str | None, Field(description="model name, for its input limit")] = None,
        context_window: Annotated[int | None, Field(ge=1, description="the model's input limit in tokens")] = None,
        trigger: Annotated[
            Amount, Field(description="compact only above this: tokens, '6 messages' or a fraction like 0.85")
        ] = None,
        keep: Annotated[
            Amount, Field(description="newest part kept whole: tokens, '6 messages' or a fraction like 0.1")
        ] = None,
        strategy: Annotated[str, Field(description="auto, compact, summarize or sliding_window")] = "auto",
        system: Annotated[
            str | list[dict[str, Any]] | dict[str, Any] | None,
            Field(description="system prompt, counted in the budget"),
        ] = None,
        tools: Annotated[list[dict[str, Any]] | None, Field(description="tool schemas, counted in the budget")] = None,
        session: Annotated[str | None, Field(description="session id; omit to use this server's")] = None,
        return_messages: Annotated[
            bool, Field(description="include the messages in the result (false inside a host: use the handle)")
        ] = True,
    ) -> Annotated[CallToolResult, CompactOutput]:
        try:
            result = session_.compact_history(
                messages=messages,
                transcript=transcript,
                format=format,
                target_tokens=target_tokens,
                model=model,
                context_window=context_window,
                trigger=trigger,
                keep=keep,
                strategy=strategy,
                system=system,
                tools=tools,
                session=session,
            )
        except ContextError as exc:
            raise ToolError(str(exc)) from None
        return tool_result(output(result, return_messages), render.compaction(result))
