"""What check_loop answers, for both faces: the text a model or a person reads, and the same facts as a JSON
shape (the tool's structured content, the CLI's --json)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from ..results import views
from .answers import LoopCheck
from .args import Scalar
from .policy import Policy


def report(result: LoopCheck) -> str:
    """The answer a model reads: the status, what repeated and where, the nudge to follow, and the counts."""
    verdict, counters = result.verdict, result.verdict.counters
    what = "replay of a history" if result.mode == "replay" else "stateful"
    head = f"Loop check ({what}, session {result.session}): "
    lines: list[str] = []
    if verdict.status == "ok" or verdict.evidence is None:
        checked = f"{result.events_seen:,} event(s) checked"
        lines.append(head + f"OK: no loop, repetition or exceeded limit in the {checked}.")
    else:
        evidence = verdict.evidence
        follows = "" if verdict.status == "stop" else f"; strike {result.policy.strikes_to_stop} stops"
        lines.append(head + f"{verdict.status.upper()}: {verdict.kind} (strike {verdict.strike}{follows}).")
        counted = result.source != "judge" and not (verdict.kind or "").startswith("max_")  # limits count units
        times = f"{evidence.count:,} times; " if counted else ""
        if result.messages:
            where = f"messages {views.labels(result.messages)}"
        else:
            where = f"events {', '.join(str(i) for i in evidence.events)}"
        found_by = "the client's model (LLM judge)" if result.source == "judge" else "the detector"
        lines.append(f"Evidence: {evidence.excerpt} ({times}{where}; found by {found_by}).")
        lines.append(f"Nudge for the model: {verdict.nudge}")
    lines.append(
        f"Since the last user prompt: {counters.steps:,} turns, {counters.tool_calls:,} tool calls, "
        f"{counters.tokens:,} tokens ({counters.token_method}), {counters.elapsed_s:,.1f} s; "
        f"{counters.events:,} events in the stream, {result.events_seen:,} checked now."
    )
    if result.detections_total:
        shown = "; ".join(f"{d.status} {d.kind} at {d.message}" for d in result.detections)
        more = "" if result.detections_total == len(result.detections) else f" (the last {len(result.detections)})"
        lines.append(f"Detections while replaying: {result.detections_total:,}{more}: {shown}.")
    judge = result.judge
    if judge is not None and judge.confidence is not None:
        said = "a loop" if judge.loop else "not a loop"
        lines.append(
            f"LLM judge at turn {judge.turn}: {said}, confidence {judge.confidence:.2f}: {judge.analysis} "
            f"Next due at turn {judge.next_turn}."
        )
    lines += [f"Note: {note}" for note in result.notes]
    return "\n".join(lines)


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
