"""The summarize_range tool and the summary prompts: descriptions, the thin call into the
Session, and sampling the SDK v2 way (a resolver asks the client's model when the client declares sampling;
a refusal falls back to the extractive engine, see ``sampling``)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Annotated, Any

import anyio
from mcp.server.mcpserver import Context, MCPServer, Resolve, Sample
from mcp.types import CallToolResult, CreateMessageResult, SamplingMessage, TextContent, ToolAnnotations
from pydantic import Field

from ..errors import ContextError, ModelDeclined
from ..session import Session
from ..summary import shapes, styles, views
from ..summary.args import SummarizeArgs
from ..summary.engine import SamplingRequest
from .binding import Direct, answer, bind
from .sampling import Refusal, ask

DESCRIPTION = """\
Summarise a range of a conversation, stored beside the originals (each item cites its message [#i]): before \
dropping old turns, or to hand a session on. Source: messages, transcript or handle (an archive)."""

PROMPT_DESCRIPTIONS = {
    "sections": "Summarise this conversation in Claude Code's eight sections (request, concepts, files, errors, "
    "problem solving, user messages, pending tasks, current work)",
    "snapshot": "Summarise this conversation as Gemini CLI's state snapshot (goal, knowledge, files, actions, plan)",
    "brief": "Summarise this conversation in a few lines",
}


def register(server: MCPServer, session: Session) -> dict[str, Direct]:
    def summarize(args: SummarizeArgs, sampler: Callable[[SamplingRequest], str] | None = None) -> CallToolResult:
        result = session.summarize_range(args, sampler=sampler)
        return answer(shapes.output(result), views.report(result))

    async def sample(ctx: Context, **arguments: Any) -> Sample | CreateMessageResult | Refusal | None:
        """Ask the client's model, if it can be asked; built from the arguments alone, so every round asks alike."""
        args = SummarizeArgs.model_construct(**arguments)
        capabilities = ctx.client_capabilities
        if args.engine not in ("auto", "sampling") or args.summary is not None or capabilities is None:
            return None
        if capabilities.sampling is None:
            return None

        def task() -> SamplingRequest | None:
            try:
                return session.summarize_range(args.model_copy(update={"engine": "agent"})).request
            except ContextError:
                return None  # the tool body meets the same error and reports it

        request = await anyio.to_thread.run_sync(task)
        if request is None:
            return None
        prompt = SamplingMessage(role="user", content=TextContent(type="text", text=request.prompt))
        return await ask(ctx, Sample([prompt], max_tokens=request.max_tokens, system_prompt=request.system))

    def summarize_range(sampled: CreateMessageResult | Refusal | None, **arguments: Any) -> CallToolResult:
        def sampler(_: SamplingRequest) -> str:
            if isinstance(sampled, Refusal):
                raise ModelDeclined(sampled.reason)
            assert sampled is not None
            return _sampled_text(sampled)

        return summarize(SummarizeArgs.model_construct(**arguments), sampler if sampled is not None else None)

    context = inspect.Parameter("ctx", inspect.Parameter.KEYWORD_ONLY, annotation=Context)
    resolved = inspect.Parameter(
        "sampled",
        inspect.Parameter.KEYWORD_ONLY,
        annotation=Annotated[CreateMessageResult | Refusal | None, Resolve(bind(SummarizeArgs, sample, [context]))],
    )
    server.tool(
        name="summarize_range",
        title="Summarise a range of messages",
        description=DESCRIPTION,
        annotations=ToolAnnotations(
            read_only_hint=False, destructive_hint=False, idempotent_hint=True, open_world_hint=False
        ),
    )(bind(SummarizeArgs, summarize_range, [resolved], returns=Annotated[CallToolResult, shapes.SummaryOutput]))

    for style_name, description in PROMPT_DESCRIPTIONS.items():
        _prompt(server, styles.style(style_name), description)
    return {"summarize_range": Direct(summarize, asks_client=True)}


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
