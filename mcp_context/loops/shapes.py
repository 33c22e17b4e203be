"""What check_loop answers as JSON: the tool's structured content and the CLI's --json, the same facts as the
text in ``views``. Kept apart from the text so that what only prints text never loads pydantic."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from ..results.shapes import Absent
from .answers import LoopCheck
from .args import Scalar
from .policy import Policy


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
    kind: str | Absent = Field(
        None, description="what was found: repeated_call, cycle, repeated_read, chanting, ... (absent when ok)"
    )
    strike: int = Field(
        description="checks since the last user prompt that found a loop (one per check): the first warns, "
        "the next stops"
    )
    nudge: str | Absent = Field(None, description="the message to give the model; it starts with [check_loop]")
    at: int | Absent = Field(None, description="the event at which it was found")
    evidence: list[EvidenceOut]
    counters: CountersOut
    events_seen: int = Field(description="events checked by this call")
    session: str
    mode: Literal["stateful", "replay"]
    policy: dict[str, Scalar] = Field(description="the policy keys that differ from the defaults")
    detections: list[DetectionOut] = Field(description="replay: every detection on the way (the last 20)")
    detections_total: int
    judge: JudgeOut | Absent = Field(
        None, description="what the LLM judge did on this check (absent when it was not due)"
    )
    notes: list[str]


#: The default policy's values: the answer names only the keys a session's policy changes.
_DEFAULTS = Policy().to_dict()


def output(result: LoopCheck) -> LoopOutput:
    verdict, defaults = result.verdict, _DEFAULTS
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
        counters=CountersOut(**verdict.counters._asdict()),
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
        judge=None if judge is None else JudgeOut(**judge._asdict()),
        notes=result.notes,
    )
