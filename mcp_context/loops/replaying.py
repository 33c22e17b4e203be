"""check_loop on a history: replay it through a fresh monitor and say what the agent is doing now.

The agent that checks its own transcript asks "am I looping now?", not "did I ever loop?". So the status
covers only the latest stretch of the history; detections before it are history, listed with their messages
but not the status. The stretch starts at the latest of:

- the latest user prompt, which starts every count and strike afresh;
- the agent's previous answer about loops (its last check_loop result, or a nudge handed back as a user
  message): what came before, it was told about then;
- the start of its last :data:`RECENT_TURNS` turns. A loop that goes on is found again at each repetition
  (each further identical call or round of a cycle, re-read, failure, copy of a message, chunk of chant, and
  every event past a limit), so a loop still going on has a detection in the latest turns, while one whose
  last detection is further back has been left. Three turns leave room for a turn of plain text and the turn
  that makes this check; an agent that never checked, or a host replaying its history, is judged by this
  rule alone.

Escalation follows what the agent was told. At each earlier answer in the history, the check is replayed as it
would have answered there (by the same rules, on the history up to that point); when that was a loop, it took
a strike. So a loop the agent was warned about and goes on with stops, and the first loop of a history warns
however many detections it made, since no warning was given before.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..conversation import formats
from ..tokens.count import TokenCounter
from .answers import Detection, JudgeFn, LoopCheck, consult, source
from .history import Checkpoint, Replayable, history_events
from .judge import Judge
from .monitor import LoopMonitor
from .policy import Policy
from .verdict import Found, Status, Verdict

DETECTIONS_SHOWN = 20
RECENT_TURNS = 3


def check_history(
    items: Any,
    format: str,
    policy: Policy | None,
    session: str,
    counter: TokenCounter,
    ask: JudgeFn | None = None,
    notes: Iterable[str] = (),
) -> LoopCheck:
    """Replay a message list through a fresh monitor; the answer covers what the agent is doing now."""
    name = formats.detect(items) if format == "auto" else format
    parsed = formats.adapter(name).parse(items)
    chosen = policy or Policy()
    walk = _Walk(history_events(parsed), LoopMonitor(chosen, counter=counter), Judge(chosen))
    verdict = walk.run()
    replayed, detections = walk.replayed, walk.detections
    result = LoopCheck(
        "replay",
        session,
        verdict,
        source(verdict),
        len(replayed.events),
        chosen,
        detections=detections[-DETECTIONS_SHOWN:],
        detections_total=len(detections),
        notes=list(notes),
    )
    result.notes.append(
        f"replayed {len(parsed):,} {name} messages as {len(replayed.events):,} events; the answer covers "
        f"{walk.covers()}"
    )
    earlier = [d for d in detections if walk.prompt_at <= d.at < walk.since()]
    if earlier:
        shown = ", ".join(f"{d.kind} at {d.message}" for d in earlier[-3:])
        result.notes.append(
            f"{len(earlier):,} earlier detection(s) of this prompt came before that ({shown}): history, listed "
            "in detections, not the status"
        )
    if replayed.own_calls:
        result.notes.append(
            f"{replayed.own_calls:,} check_loop call(s) of the agent itself were left out: checking is not the work"
        )
    if chosen.max_wall_time_s is not None:
        result.notes.append("max_wall_time_s is not checked on a replay: messages carry no times")
    consult(walk.monitor, walk.judge, result, ask)
    if result.verdict.evidence is not None:
        result.messages = replayed.messages(result.verdict.evidence.events)
    return result


class _Walk:
    """One pass over the events: what each layer found, where each stretch starts, and the strikes the
    agent's earlier answers took."""

    def __init__(self, replayed: Replayable, monitor: LoopMonitor, judge: Judge) -> None:
        self.replayed, self.monitor, self.judge = replayed, monitor, judge
        self.found: list[Found] = []
        self.detections: list[Detection] = []
        self.prompt_at = 0  # the first event of the latest prompt
        self.answered: Checkpoint | None = None  # the agent's latest answer about loops in this prompt
        self.turns: list[int] = []  # where each turn of this prompt starts

    def run(self) -> Verdict:
        replayed, monitor = self.replayed, self.monitor
        checkpoints = {point.at: point for point in replayed.checkpoints}
        for index, event in enumerate(replayed.events):
            if index in checkpoints:
                self._answered(checkpoints[index])
            self.judge.observe(event)
            if event.kind == "user":
                self.prompt_at, self.answered, self.turns = index, None, []
            elif event.kind == "turn":
                self.turns.append(index)
            found = monitor.observe(event)
            if found is not None and found.at is not None:
                self.found.append(found)
                self.detections.append(self._detection(found, found.at))
        if len(replayed.events) in checkpoints:
            self._answered(checkpoints[len(replayed.events)])
        return monitor.answer(self._stretch())

    def since(self) -> int:
        """The first event of the stretch a check made now covers."""
        start = self.prompt_at
        if self.answered is not None:
            start = max(start, self.answered.at)
        if len(self.turns) >= RECENT_TURNS:
            start = max(start, self.turns[-RECENT_TURNS])
        return start

    def covers(self) -> str:
        start, labels = self.since(), self.replayed.labels
        where = f" (from message {labels[start]})" if start < len(labels) else ""
        if self.answered is not None and start == self.answered.at:
            what = "the nudge" if self.answered.nudge else "your last check_loop answer"
            return f"what came after {what} at {self.answered.label}{where}"
        if start > self.prompt_at:
            return f"the last {RECENT_TURNS} turns{where}, as no check_loop answer came later"
        return f"the latest user prompt{where}"

    def _stretch(self) -> list[Found]:
        start = self.since()
        return [found for found in self.found if found.at is not None and found.at >= start]

    def _answered(self, point: Checkpoint) -> None:
        """The agent was answered here: as a check made here would have answered, taking its strike."""
        self.monitor.answer(self._stretch())
        self.answered = point

    def _detection(self, found: Found, at: int) -> Detection:
        policy, evidence = self.monitor.policy, found.finding.evidence
        loop: Status = "warn" if self.monitor.strikes + 1 < policy.strikes_to_stop else "stop"
        return Detection(
            "stop" if found.limit else loop,
            found.finding.kind,
            at,
            self.replayed.labels[at],
            self.replayed.messages(evidence.events),
            evidence.count,
            evidence.excerpt,
        )
