"""The summarize_range tool and the summary prompts: descriptions, structured result, the thin call into the
Session, and sampling the SDK v2 way (a resolver asks the client's model when the client declares sampling;
a refusal falls back to the extractive engine, see ``sampling``)."""

from typing import Annotated, Any

import anyio
from mcp.server.mcpserver import Context, MCPServer, Resolve, Sample
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, CreateMessageResult, SamplingMessage, TextContent, ToolAnnotations
from pydantic import BaseModel, Field

from .. import render
from ..api import Session
from ..errors import ContextError, ModelDeclined
from ..summary import styles
from ..summary.engine import RangeSummary, SamplingRequest
from .sampling import Refusal, ask
from .tools import tool_result

DESCRIPTION = """\
Summarise a range of a conversation into a structured summary and store it beside the original messages, so \
the range can leave the context without losing anything: every item cites its message ([#i]) and the \
originals stay readable with read_persisted. Use it before dropping old turns, or to hand a long session on. \
Source: messages (OpenAI, Anthropic or Gemini format), transcript (a Claude Code / Gemini CLI transcript path, \
or "host"), or handle (an archive from compact_history or summarize_range). start/end: indexes, '#i' labels \
or message/tool-call ids; widened so no tool call is parted from its result. style: sections (Claude Code's \
8), snapshot (Gemini CLI's state snapshot) or brief. engine: extractive (no LLM), sampling (the client's \
model), agent (the first call returns the facts and the template; write the summary and call again with \
summary=...), auto (sampling if offered, else extractive). focus: what to keep first."""

PROMPT_DESCRIPTIONS = {
    "sections": "Summarise this conversation in Claude Code's eight sections (request, concepts, files, errors, "
    "problem solving, user messages, pending tasks, current work)",
    "snapshot": "Summarise this conversation as Gemini CLI's state snapshot (goal, knowledge, files, actions, plan)",
    "brief": "Summarise this conversation in a few lines",
}


class EarlierOut(BaseModel):
    index: int | None = Field(description="the message holding it, or null for a summary given as context")
    origin: str = Field(description="who wrote it: mcp-context, Claude Code or Gemini CLI")
    archive_handles: list[str] = Field(description="the archives its first line names, kept by the new summary")


class SummaryOutput(BaseModel):
    status: str = Field(description="'stored', or 'needs_summary': write the summary and make next_call")
    engine: str = Field(description="who wrote the summary: extractive, sampling or agent")
    style: str
    format: str = Field(description="'openai', 'anthropic' or 'gemini': the format of the source")
    start: int = Field(description="first message summarised, after widening")
    end: int = Field(description="last message summarised (inclusive)")
    requested_start: int
    requested_end: int
    message_count: int
    range_tokens: int
    summary_tokens: int | None
    reduction: float | None = Field(description="the share of the range's tokens the summary saves, 0 to 1")
    target_tokens: int
    token_method: str = Field(description="'exact:<encoding>' or 'estimate'")
    summary_handle: str | None = Field(description="the stored summary")
    summary_uri: str | None
    archive_handle: str | None = Field(description="the range's original messages (JSON lines)")
    archive_uri: str | None
    earlier_summaries: list[EarlierOut]
    sections: list[str] = Field(description="the sections of the style")
    summary: str | None = Field(description="the summary; its first line names the archive")
    instructions: str | None = Field(description="needs_summary: how to write it")
    digest: str | None = Field(description="needs_summary: the facts of the range to write it from")
    next_call: str | None = Field(description="needs_summary: the call that stores your summary")
    notes: list[str]


def output(result: RangeSummary) -> SummaryOutput:
    span = result.span
    return SummaryOutput(
        status=result.status,
        engine=result.engine,
        style=result.style,
        format=result.format,
        start=span.start,
        end=span.end,
        requested_start=span.requested[0],
        requested_end=span.requested[1],
        message_count=span.count,
        range_tokens=result.range_tokens,
        summary_tokens=result.summary_tokens,
        reduction=round(result.reduction, 4) if result.reduction is not None else None,
        target_tokens=result.target_tokens,
        token_method=result.token_method,
        summary_handle=result.summary.handle if result.summary else None,
        summary_uri=result.summary.uri if result.summary else None,
        archive_handle=result.archive.handle if result.archive else None,
        archive_uri=result.archive.uri if result.archive else None,
        earlier_summaries=[
            EarlierOut(index=e.index, origin=e.origin, archive_handles=list(e.handles)) for e in result.earlier
        ],
        sections=result.sections,
        summary=result.text,
        instructions=result.instructions,
        digest=result.digest,
        next_call=result.next_call,
        notes=result.notes,
    )


def register(server: MCPServer, session_: Session) -> None:
    async def sample(
        messages: list[dict[str, Any]] | None,
        transcript: str | None,
        handle: str | None,
        start: int | str | None,
        end: int | str | None,
        style: str,
        engine: str,
        summary: str | None,
        max_tokens: int | None,
        focus: str | None,
        session: str | None,
        format: str,
        ctx: Context,
    ) -> Sample | CreateMessageResult | Refusal | None:
        """Ask the client's model, if it can be asked; built from the arguments alone, so every round asks alike."""
        capabilities = ctx.client_capabilities
        if engine not in ("auto", "sampling") or summary is not None or capabilities is None:
            return None
        if capabilities.sampling is None:
            return None

        def task() -> SamplingRequest | None:
            try:
                return session_.summarize_range(
                    messages=messages,
                    transcript=transcript,
                    handle=handle,
                    start=start,
                    end=end,
                    style=style,
                    engine="agent",
                    max_tokens=max_tokens,
                    focus=focus,
                    session=session,
                    format=format,
                ).request
            except ContextError:
                return None  # the tool body meets the same error and reports it

        request = await anyio.to_thread.run_sync(task)
        if request is None:
            return None
        prompt = SamplingMessage(role="user", content=TextContent(type="text", text=request.prompt))
        return await ask(ctx, Sample([prompt], max_tokens=request.max_tokens, system_prompt=request.system))

    @server.tool(
        title="Summarise a range of messages",
        description=DESCRIPTION,
        annotations=ToolAnnotations(
            read_only_hint=False, destructive_hint=False, idempotent_hint=True, open_world_hint=False
        ),
    )
    def summarize_range(
        sampled: Annotated[CreateMessageResult | Refusal | None, Resolve(sample)],
        messages: Annotated[list[dict[str, Any]] | None, Field(description="the history to summarise")] = None,
        transcript: Annotated[
            str | None, Field(description="'host', or the path of a Claude Code / Gemini CLI transcript")
        ] = None,
        handle: Annotated[str | None, Field(description="a stored archive or message list (r_...)")] = None,
        start: Annotated[
            int | str | None,
            Field(description="first message: index, '#i', or a message, tool-call or transcript line id (default 0)"),
        ] = None,
        end: Annotated[
            int | str | None, Field(description="last message, inclusive; negative counts from the end (default last)")
        ] = None,
        style: Annotated[str, Field(description="sections, snapshot or brief")] = "sections",
        engine: Annotated[str, Field(description="auto, extractive, sampling or agent")] = "auto",
        summary: Annotated[str | None, Field(description="engine='agent', second call: the summary you wrote")] = None,
        max_tokens: Annotated[int | None, Field(ge=1, description="the most the summary may take")] = None,
        focus: Annotated[str | None, Field(description="what to keep first, e.g. 'the database migration'")] = None,
        session: Annotated[str | None, Field(description="session id; omit to use this server's")] = None,
        format: Annotated[str, Field(description="auto, openai, anthropic or gemini")] = "auto",
    ) -> Annotated[CallToolResult, SummaryOutput]:
        def sampler(_: SamplingRequest) -> str:
            if isinstance(sampled, Refusal):
                raise ModelDeclined(sampled.reason)
            assert sampled is not None
            return _sampled_text(sampled)

        try:
            result = session_.summarize_range(
                messages=messages,
                transcript=transcript,
                handle=handle,
                start=start,
                end=end,
                style=style,
                engine=engine,
                summary=summary,
                max_tokens=max_tokens,
                focus=focus,
                session=session,
                format=format,
                sampler=sampler if sampled is not None else None,
            )
        except ContextError as exc:
            raise ToolError(str(exc)) from None
        return tool_result(output(result), render.range_summary(result))

    for style_name, description in PROMPT_DESCRIPTIONS.items():
        _prompt(server, styles.style(style_name), description)


def _sampled_text(result: CreateMessageResult) -> str:
    """The model's text; anything else (an image, nothing) is not a summary and fails the checks as empty."""
    content = result.content
    return content.text if isinstance(content, TextContent) else ""


def _prompt(server: MCPServer, style: styles.Style, description: str) -> None:
    def summarize(
        focus: Annotated[str | None, Field(description="what to keep above all, e.g. 'the auth refactor'")] = None,
    ) -> str:
        keep = (
            f"To keep it beside the originals, call summarize_range(transcript='host', style='{style.name}', "
            "engine='agent', summary=<the summary>)."
        )
        return styles.instructions(style, "this conversation so far", None, focus) + "\n\n" + keep

    server.prompt(name=f"summarize_{style.name}", title=f"Summarise ({style.name})", description=description)(summarize)
