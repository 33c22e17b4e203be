"""What check_loop answers, whichever way it ran (a stored stream or a replayed history), and the optional
LLM judge's part in it: asked only when nothing else was found, its loop taking a strike like any other."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, NamedTuple

from ..errors import ModelDeclined
from .judge import Judge, JudgeRequest
from .monitor import LoopMonitor
from .policy import Policy
from .verdict import Status, Verdict

JUDGE_KIND = "llm_judge"

#: Asks a model a :class:`JudgeRequest` and returns its raw answer, or None when it could not ask (or raises
#: ModelDeclined, whose message the note repeats).
JudgeFn = Callable[[JudgeRequest], str | None]
Mode = Literal["stateful", "replay"]
Source = Literal["detector", "judge"]


class Detection(NamedTuple):
    """One detection made while replaying a history: where (event and messages), what, and how a check made
    right there would have answered."""

    status: Status
    kind: str
    at: int
    message: str  # where it was found
    messages: list[str]  # the messages behind its evidence
    count: int  # type: ignore[assignment]  # the field, in place of tuple's count()
    excerpt: str


class JudgeReport(NamedTuple):
    """What the judge did on this check: asked or not, what it said, and the turn it is next due."""

    asked: bool
    turn: int
    next_turn: int
    confidence: float | None = None
    analysis: str | None = None
    loop: bool = False


class LoopCheck:
    """The answer of check_loop: the verdict with its evidence and nudge, and where it came from. A plain class:
    a host's hook makes one at every tool call, in a process that a dataclass would make compile its methods."""

    def __init__(
        self,
        mode: Mode,
        session: str,
        verdict: Verdict,
        source: Source | None,
        events_seen: int,
        policy: Policy,
        messages: list[str] | None = None,
        detections: list[Detection] | None = None,
        detections_total: int = 0,
        judge: JudgeReport | None = None,
        notes: list[str] | None = None,
    ) -> None:
        self.mode = mode
        self.session = session
        self.verdict = verdict
        self.source = source  # who made the detection: the built-in layers or the judge; None when ok
        self.events_seen = events_seen  # events checked by this call
        self.policy = policy
        self.messages = [] if messages is None else messages  # replay: the messages behind the evidence
        self.detections = [] if detections is None else detections  # replay: the last DETECTIONS_SHOWN of them
        self.detections_total = detections_total
        self.judge = judge
        self.notes = [] if notes is None else notes

    def __repr__(self) -> str:
        return f"LoopCheck({self.mode!r}, {self.session!r}, {self.verdict!r})"


def source(verdict: Verdict) -> Source | None:
    return None if verdict.status == "ok" else "detector"


def consult(monitor: LoopMonitor, judge: Judge, result: LoopCheck, ask: JudgeFn | None) -> None:
    """Ask the judge when it is due and nothing else was found; a loop it sees becomes a strike."""
    if result.verdict.status != "ok":
        return
    turns = monitor.counters.steps
    request = judge.ask(turns)
    if request is None:
        return
    why = "the client offers no sampling"
    try:
        text = ask(request) if ask is not None else None
    except ModelDeclined as exc:
        judge.declined(turns)
        text, why = None, f"the client's model did not answer: {exc}"
    if text is None:
        result.judge = JudgeReport(False, turns, judge.due)
        result.notes.append(
            f"the LLM judge was due at turn {turns} but no model could be asked ({why}); "
            "the other layers answered alone"
        )
        return
    answer = judge.answered(turns, text)
    if answer is None:
        result.judge = JudgeReport(True, turns, judge.due)
        result.notes.append("the LLM judge's answer was not the JSON object asked for; it was ignored")
        return
    loop = judge.is_loop(answer)
    result.judge = JudgeReport(True, turns, judge.due, answer.confidence, answer.analysis, loop)
    if not loop:
        return
    excerpt = f"judged by the client's model (confidence {answer.confidence:.2f}): {answer.analysis}"
    nudge = (
        f"A reviewing model judged that you are going round in circles (confidence {answer.confidence:.2f}): "
        f"{answer.analysis} Step back: say what you are trying to do and what the repeated steps returned, "
        "then take a different approach (another tool, other arguments, a fix first) or ask the user."
    )
    # Its first verdict in a prompt is an opinion, so it warns; a confirming one may stop.
    cap: Status = "warn" if judge.positives <= 1 else "stop"
    result.verdict = monitor.flag(JUDGE_KIND, excerpt, nudge, cap=cap)
    result.source = "judge"
