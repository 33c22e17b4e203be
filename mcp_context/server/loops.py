"""The check_loop tool: its description, its structured result, the optional LLM judge through sampling, and
the thin call into the Session.

The judge is a resolver: before the tool body runs, it works out (without saving anything) whether the
policy's judge is due on this check and, if the client offers sampling, returns the question as a
``Sample``. The client's model is asked in whichever way the protocol era allows (an input-required round
trip, or a sampling request mid-call whose refusal only leaves the judge out: see ``sampling``) and the
answer goes to the body, which runs the check for real with it. A client that offers no sampling, which
includes Claude Code and Gemini CLI, costs nothing extra.
"""

from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context, MCPServer, Resolve, Sample
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, CreateMessageResult, SamplingMessage, TextContent, ToolAnnotations
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt

from .. import render
from ..api import Session
from ..errors import ContextError, ModelDeclined
from ..loops.judge import JudgeRequest
from ..loops.policy import Policy
from ..loops.service import LoopCheck
from .sampling import Refusal, ask
from .tools import tool_result

DESCRIPTION = """\
Check whether you are looping or stuck: the same tool call or cycle of calls again and again, re-reading \
what has not changed, repeating the same text or message, failing call after call, or over a step, token or \
time budget. Call it every few tool calls with the steps since your last check as events (the session \
remembers earlier ones, across restarts), or with transcript="host" to check your own conversation without \
reporting steps. It answers ok, warn or stop with what repeated, where, and a nudge: on warn follow the \
nudge and change approach; on stop, stop and tell the user what you tried and what blocks you."""

# Strict, as the core is: pydantic would otherwise turn "yes" into true, "12" into 12 and "false" into false,
# accepting over MCP what the Python API refuses. The schema the model reads is the same.
Scalar = StrictBool | StrictInt | StrictFloat | None
PolicyIn = dict[str, Scalar]


class EventIn(BaseModel):
    """One step of the agent, as the core parses it (it refuses keys a kind does not take)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Literal["tool_call", "tool_result", "assistant", "content", "turn", "user"] = Field(
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


class EvidenceOut(BaseModel):
    kind: str
    source: Literal["detector", "judge"] = Field(description="judge: the client's model found it, not a rule")
    events: list[int] = Field(description="indices of the events behind it, in the stream since the last reset")
    messages: list[str] = Field(description="replay: the messages they came from, as '#index'")
    count: int = Field(description="how many times it repeated")
    excerpt: str = Field(description="what repeated, on one line")


class CountersOut(BaseModel):
    events: int = Field(description="events in the stream since the last reset")
    steps: int = Field(description="turns since the last user prompt")
    tool_calls: int
    tokens: int
    token_method: str = Field(description="'reported', 'exact:<encoding>', 'estimate', a '+' of those, or 'none'")
    elapsed_s: float


class DetectionOut(BaseModel):
    status: str
    kind: str
    event: int
    message: str = Field(description="the message at which it was found")
    messages: list[str] = Field(description="the messages behind its evidence")
    count: int
    excerpt: str


class JudgeOut(BaseModel):
    asked: bool = Field(description="false when it was due but no model answered (no sampling offered, or declined)")
    turn: int
    next_turn: int
    confidence: float | None
    analysis: str | None
    loop: bool


class LoopOutput(BaseModel):
    status: Literal["ok", "warn", "stop"] = Field(description="warn: follow the nudge; stop: stop and report")
    kind: str | None = Field(description="what was found: repeated_call, cycle, repeated_read, chanting, ...")
    strike: int = Field(
        description="checks since the last user prompt that found a loop (one per check): the first warns, "
        "the next stops"
    )
    nudge: str | None = Field(description="the message to give the model; it starts with [check_loop]")
    at: int | None = Field(description="the event at which it was found")
    evidence: list[EvidenceOut]
    counters: CountersOut
    events_seen: int = Field(description="events checked by this call")
    session: str
    mode: Literal["stateful", "replay"]
    policy: dict[str, Scalar] = Field(description="the policy keys that differ from the defaults")
    detections: list[DetectionOut] = Field(description="replay: every detection on the way (the last 20)")
    detections_total: int
    judge: JudgeOut | None = Field(description="what the LLM judge did on this check, if it was due")
    notes: list[str]


def output(result: LoopCheck) -> LoopOutput:
    verdict, defaults = result.verdict, Policy().to_dict()
    evidence = []
    if verdict.evidence is not None and verdict.kind is not None:
        evidence.append(
            EvidenceOut(
                kind=verdict.kind,
                source=result.source or "detector",
                events=list(verdict.evidence.events),
                messages=result.messages,
                count=verdict.evidence.count,
                excerpt=verdict.evidence.excerpt,
            )
        )
    judge = result.judge
    return LoopOutput(
        status=verdict.status,
        kind=verdict.kind,
        strike=verdict.strike,
        nudge=verdict.nudge,
        at=verdict.at,
        evidence=evidence,
        counters=CountersOut(**vars(verdict.counters)),
        events_seen=result.events_seen,
        session=result.session,
        mode=result.mode,
        policy={k: v for k, v in result.policy.to_dict().items() if v != defaults[k]},
        detections=[
            DetectionOut(
                status=d.status,
                kind=d.kind,
                event=d.at,
                message=d.message,
                messages=d.messages,
                count=d.count,
                excerpt=d.excerpt,
            )
            for d in result.detections
        ],
        detections_total=result.detections_total,
        judge=None if judge is None else JudgeOut(**vars(judge)),
        notes=result.notes,
    )


def register(server: MCPServer, session_: Session) -> None:
    def check(
        event: EventIn | None,
        events: list[EventIn] | None,
        messages: list[dict[str, Any]] | None,
        transcript: str | None,
        format: str,
        policy: PolicyIn | None,
        session: str | None,
        reset: bool,
        **extra: Any,
    ) -> LoopCheck:
        try:
            return session_.check_loop(
                event=_dump(event) if event is not None else None,
                events=[_dump(e) for e in events] if events is not None else None,
                messages=messages,
                transcript=transcript,
                policy=policy,
                session=session,
                reset=reset,
                format=format,
                **extra,
            )
        except ContextError as exc:
            raise ToolError(str(exc)) from None

    async def judge_question(
        event: EventIn | None,
        events: list[EventIn] | None,
        messages: list[dict[str, Any]] | None,
        transcript: str | None,
        format: str,
        policy: PolicyIn | None,
        session: str | None,
        reset: bool,
        ctx: Context,
    ) -> Sample | CreateMessageResult | Refusal | None:
        """The judge's question when it is due and the client can sample; found by a check that saves nothing.
        Async so that the common cases (no sampling, or the judge off) cost no worker thread per call."""
        capabilities = ctx.client_capabilities
        if capabilities is None or capabilities.sampling is None:
            return None
        try:
            replay = messages is not None or transcript is not None
            if not session_.judge_may_ask(policy, session, replay):
                return None  # the judge is off: no question to prepare, which would cost a whole check
        except ContextError:
            return None  # a bad policy or session: the check itself says what is wrong
        asked: list[JudgeRequest] = []

        def capture(request: JudgeRequest) -> None:
            asked.append(request)
            return None

        check(event, events, messages, transcript, format, policy, session, reset, judge=capture, dry_run=True)
        if not asked:
            return None
        request = asked[0]
        message = SamplingMessage(role="user", content=TextContent(type="text", text=request.prompt))
        return await ask(
            ctx, Sample([message], max_tokens=request.max_tokens, system_prompt=request.system, temperature=0.0)
        )

    @server.tool(
        title="Check for loops",
        description=DESCRIPTION,
        annotations=ToolAnnotations(
            read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False
        ),
    )
    def check_loop(
        event: Annotated[EventIn | None, Field(description="one step to add to the session's stream")] = None,
        events: Annotated[list[EventIn] | None, Field(description="several steps, oldest first")] = None,
        messages: Annotated[
            list[dict[str, Any]] | None,
            Field(description="a whole history (OpenAI, Anthropic or Gemini format) to replay on its own"),
        ] = None,
        transcript: Annotated[
            str | None, Field(description="'host' for your own conversation, or a Claude Code / Gemini CLI path")
        ] = None,
        format: Annotated[str, Field(description="auto, openai, anthropic or gemini (messages)")] = "auto",
        policy: Annotated[
            PolicyIn | None,
            Field(description='thresholds and switches, e.g. {"max_steps": 40}; kept for the session\'s checks'),
        ] = None,
        session: Annotated[str | None, Field(description="session id; omit to use this server's")] = None,
        reset: Annotated[
            StrictBool, Field(description="forget the session's earlier events and strikes first")
        ] = False,
        answer: Annotated[CreateMessageResult | Refusal | None, Resolve(judge_question)] = None,
    ) -> Annotated[CallToolResult, LoopOutput]:
        def judge(_: JudgeRequest) -> str:
            if isinstance(answer, Refusal):
                raise ModelDeclined(answer.reason)
            assert answer is not None
            # An answer that is not text (an image, say) is read as an answer without the JSON asked for.
            return answer.content.text if isinstance(answer.content, TextContent) else ""

        asked = judge if answer is not None else None
        result = check(event, events, messages, transcript, format, policy, session, reset, judge=asked)
        return tool_result(output(result), render.loop_check(result))


def _dump(event: EventIn) -> dict[str, Any]:
    return event.model_dump(exclude_none=True)
