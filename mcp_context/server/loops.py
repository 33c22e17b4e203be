"""The check_loop tool: its description, the optional LLM judge through sampling, and
the thin call into the Session.

The judge is a resolver: before the tool body runs, it works out (without saving anything) whether the
policy's judge is due on this check and, if the client offers sampling, returns the question as a
``Sample``. The client's model is asked in whichever way the protocol era allows (an input-required round
trip, or a sampling request mid-call whose refusal only leaves the judge out: see ``sampling``) and the
answer goes to the body, which runs the check for real with it. A client that offers no sampling, which
includes Claude Code and Gemini CLI, costs nothing extra.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer, Resolve, Sample
from mcp.types import CallToolResult, CreateMessageResult, SamplingMessage, TextContent, ToolAnnotations

from ..errors import ContextError, ModelDeclined
from ..loops import shapes, views
from ..loops.args import CheckLoopArgs
from ..loops.judge import JudgeRequest
from ..session import Session
from .binding import Direct, answer, bind
from .sampling import Refusal, ask

DESCRIPTION = """\
Check whether you are looping or stuck (repeated calls or text, re-reads, failing calls, over budget). Every \
few tool calls, send the steps since the last check as events, or transcript="host". On warn follow its \
nudge; on stop, stop and tell the user what blocks you."""


def register(server: MCPServer, session: Session) -> dict[str, Direct]:
    judge_question = _judge_question(session)

    def check(args: CheckLoopArgs, judge: Callable[[JudgeRequest], str] | None = None) -> CallToolResult:
        result = session.check_loop(args, judge=judge)
        return answer(shapes.output(result), views.report(result))

    def check_loop(answer_: CreateMessageResult | Refusal | None = None, **arguments: Any) -> CallToolResult:
        def judge(_: JudgeRequest) -> str:
            if isinstance(answer_, Refusal):
                raise ModelDeclined(answer_.reason)
            assert answer_ is not None
            # An answer that is not text (an image, say) is read as an answer without the JSON asked for.
            return answer_.content.text if isinstance(answer_.content, TextContent) else ""

        return check(CheckLoopArgs.model_construct(**arguments), judge if answer_ is not None else None)

    context = inspect.Parameter("ctx", inspect.Parameter.KEYWORD_ONLY, annotation=Context)
    resolved = inspect.Parameter(
        "answer_",
        inspect.Parameter.KEYWORD_ONLY,
        default=None,
        annotation=Annotated[
            CreateMessageResult | Refusal | None, Resolve(bind(CheckLoopArgs, judge_question, [context]))
        ],
    )
    server.tool(
        name="check_loop",
        title="Check for loops",
        description=DESCRIPTION,
        annotations=ToolAnnotations(
            read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False
        ),
    )(bind(CheckLoopArgs, check_loop, [resolved], returns=Annotated[CallToolResult, shapes.LoopOutput]))
    return {"check_loop": Direct(check, asks_client=True)}


def _judge_question(session: Session) -> Callable[..., Awaitable[Sample | CreateMessageResult | Refusal | None]]:
    """The resolver that prepares the judge's question for the client's model."""

    async def judge_question(ctx: Context, **arguments: Any) -> Sample | CreateMessageResult | Refusal | None:
        """The judge's question when it is due and the client can sample; found by a check that saves nothing.
        Async so that the common cases (no sampling, or the judge off) cost no worker thread per call."""
        capabilities = ctx.client_capabilities
        if capabilities is None or capabilities.sampling is None:
            return None
        args = CheckLoopArgs.model_construct(**arguments)
        try:
            replay = args.messages is not None or args.transcript is not None
            if not session.judge_may_ask(args.policy, args.session, replay):
                return None  # the judge is off: no question to prepare, which would cost a whole check
        except ContextError:
            return None  # a bad policy or session: the check itself says what is wrong
        asked: list[JudgeRequest] = []

        def capture(request: JudgeRequest) -> None:
            asked.append(request)
            return None

        try:
            session.check_loop(args, judge=capture, dry_run=True)
        except ContextError:
            return None  # the check itself reports it
        if not asked:
            return None
        request = asked[0]
        message = SamplingMessage(role="user", content=TextContent(type="text", text=request.prompt))
        return await ask(
            ctx, Sample([message], max_tokens=request.max_tokens, system_prompt=request.system, temperature=0.0)
        )

    return judge_question
