"""The loop monitor: every layer over one event stream, escalation from warn to stop, and persistence.

Escalation follows Gemini CLI. Its first detection interrupts the model with feedback, then clears, keeping
every history, so a model that carries on repeating itself is caught again at the very next event, and that
second strike ends the turn. Here a strike is a warning delivered: a check (one :meth:`LoopMonitor.feed`,
whatever number of events it brings) that answers with a loop takes one strike, however many layers found
loops in it, since the agent hears one answer. The first warns, the ``strikes_to_stop``-th stops, so the
agent is always warned before a loop stops it; a new user prompt starts over. Hard limits stop at once.

The state is bounded (the last 25 call keys, a 5,000-character text buffer, a few small tables and counters)
and serialises to a few kilobytes (about 100 KB at worst, when text arrives one character per event), so a
server can store it after each check and restore it on the next: a restored monitor answers exactly as one
that never stopped.

The LLM judge (Gemini CLI's third layer) lives outside this module: whatever runs it reports a positive
verdict through :meth:`LoopMonitor.flag`, where it takes a strike like any other detection.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from ..errors import InvalidArgument
from ..tokens.count import TokenCounter
from .chanting import ChantingDetector
from .events import Event, clip, digest
from .messages import StuckTracker
from .policy import Policy
from .toolcalls import Call, CallHistory, ErrorStreak, PendingCalls, ReadTracker, make_call, runs_a_command
from .verdict import NUDGE_TAG, SEVERITY, Counters, Evidence, Finding, Found, Status, Verdict, is_nudge

STATE_VERSION = 2
_STOP = " this approach now and tell the user what you tried, what happened and what you need to go on."


class Answer(NamedTuple):
    """One check's verdict, and what the check found before the last user prompt among its events: loops of
    a prompt the user has since replaced, which the verdict no longer covers."""

    verdict: Verdict
    superseded: tuple[Found, ...]


class LoopMonitor:
    """Feed it events as they happen; each :meth:`feed` answers for the stream so far."""

    def __init__(self, policy: Policy | None = None, *, counter: TokenCounter | None = None) -> None:
        self.policy = policy or Policy()
        self._counter = counter or TokenCounter()
        self.reset()

    def reset(self) -> None:
        """Forget everything, stream position included: the monitor is as new."""
        self._index = 0
        self._new_prompt()

    def _new_prompt(self) -> None:
        policy = self.policy
        self._strikes = self._steps = self._tool_calls = self._tokens = 0
        self._token_methods: list[str] = []
        self._start: float | None = None
        self._latest: float | None = None
        self._streamed = False  # the current assistant message arrived as content chunks
        self._calls = CallHistory(policy)
        self._pending = PendingCalls()
        self._reads = ReadTracker(policy)
        self._errors = ErrorStreak(policy)
        self._stuck = StuckTracker(policy)
        self._chanting = ChantingDetector(policy)

    @property
    def counters(self) -> Counters:
        elapsed = self._latest - self._start if self._start is not None and self._latest is not None else 0.0
        methods = "+".join(self._token_methods) or "none"
        return Counters(self._index, self._steps, self._tool_calls, self._tokens, methods, elapsed)

    @property
    def strikes(self) -> int:
        """Checks of this prompt that answered with a loop."""
        return self._strikes

    def feed(self, events: Iterable[Event]) -> Verdict:
        """One check: add the events and answer with the most severe detection since the last user prompt
        among them (the first, if several tie)."""
        return self.check(events).verdict

    def check(self, events: Iterable[Event]) -> Answer:
        """:meth:`feed`, also returning what the events showed before their last user prompt."""
        current: list[Found] = []
        superseded: list[Found] = []
        for event in events:
            if event.kind == "user" and not is_nudge(event.text):
                superseded += current
                current = []
            found = self.observe(event)
            if found is not None:
                current.append(found)
        return Answer(self.answer(current), tuple(superseded))

    def observe(self, event: Event) -> Found | None:
        """Add one event without answering: what it completes, if anything, takes no strike until a check
        answers with it (:meth:`answer`). A replay uses this to answer only where the agent was answered."""
        index = self._index
        self._index += 1
        if event.kind == "user" and not is_nudge(event.text):
            self._new_prompt()
        moment = event.time if event.time is not None else time.time()
        self._start = moment if self._start is None else self._start
        self._latest = moment if self._latest is None else max(self._latest, moment)
        self._count_tokens(event)
        finding = self._detect(event, index)
        limit = self._limit(index)
        if limit is not None:
            return Found(limit, index, limit=True)
        return Found(finding, index) if finding is not None else None

    def answer(self, found: Sequence[Found], *, cap: Status = "stop") -> Verdict:
        """The answer of one check to what it found: the most severe (the first, if several tie), a loop
        taking one strike. A loop warns until the ``strikes_to_stop``-th strike, a limit stops; never beyond
        ``cap``."""
        if not found:
            return Verdict("ok", None, None, None, self._strikes, None, self.counters)
        loop: Status = "warn" if self._strikes + 1 < self.policy.strikes_to_stop else "stop"
        chosen = max(found, key=lambda f: SEVERITY["stop" if f.limit else loop])  # the first of the most severe
        finding, nudge = chosen.finding, chosen.finding.nudge
        status: Status = "stop" if chosen.limit else loop
        if not chosen.limit:
            self._strikes += 1
        if SEVERITY[status] > SEVERITY[cap]:
            status = cap
        elif status == "stop" and not chosen.limit:
            again = " You were warned and it goes on, so stop" if self._strikes > 1 else " Stop"
            nudge += f"{again}{_STOP}"
        nudge = f"{NUDGE_TAG} {nudge}"
        return Verdict(status, finding.kind, chosen.at, finding.evidence, self._strikes, nudge, self.counters)

    def flag(self, kind: str, excerpt: str, nudge: str, *, cap: Status = "stop") -> Verdict:
        """Record a detection made elsewhere (an LLM judge) as a check of its own; it escalates like the
        built-in layers, but never beyond ``cap``: a judge's first verdict is an opinion, so it may warn and
        still count as a strike."""
        if not kind or not nudge:
            raise InvalidArgument("flag needs a kind and a nudge")
        at = self._index - 1 if self._index else None
        finding = Finding(kind, Evidence(() if at is None else (at,), 1, clip(excerpt)), nudge)
        return self.answer([Found(finding, at)], cap=cap)

    def _count_tokens(self, event: Event) -> None:
        if event.kind == "assistant" and self._streamed:
            return  # its text was counted chunk by chunk as it streamed: counting it again doubles the tokens
        if event.tokens is not None:
            used, method = event.tokens, "reported"
        else:
            text = event.args_text if event.kind == "tool_call" else event.text
            if not text:
                return
            count = self._counter.count(text)
            used, method = count.tokens, count.method
        self._tokens += used
        if method not in self._token_methods:
            self._token_methods = sorted([*self._token_methods, method])

    def _detect(self, event: Event, index: int) -> Finding | None:
        policy, kind = self.policy, event.kind
        if kind == "turn":
            self._steps += 1
            self._streamed = False
            self._chanting.end_message()
        elif kind == "tool_call":
            assert event.name is not None  # guaranteed by Event's validation
            self._tool_calls += 1
            self._streamed = False
            self._chanting.clear()  # Gemini CLI: chanting happens within one stream of text
            call = make_call(event.name, event.args or {}, event.args_text)
            self._pending.add(call)
            return self._calls.add(call, index) if policy.detect_repeated_calls else None
        elif kind == "tool_result":
            return self._result(event, index)
        elif kind == "content":
            self._streamed = True
            return self._chanting.feed(event.text or "", index) if policy.detect_chanting else None
        elif kind == "assistant":
            return self._assistant(event.text or "", index)
        return None

    def _result(self, event: Event, index: int) -> Finding | None:
        assert event.name is not None
        call = self._pending.take(event.name)
        failed = event.is_error
        if event.text is not None:
            from ..conversation import sameness  # here: a hook's check of a tool call never reads a result

            # Compared as said, not as printed: a Gemini CLI result carries its new process group every run.
            result, excerpt = digest(sameness.normalised(event.text)), clip(event.text, 120) or "(empty)"
            failed = failed or _says_failed(call, event.text)
        elif event.digest is not None:
            result, excerpt = "given:" + digest(event.digest), f"result digest {clip(event.digest, 40)}"
        else:
            result, excerpt = None, "(result not given)"
        errors = self._errors.add(call, failed, excerpt, index) if self.policy.detect_error_streak else None
        reads = None
        if result is not None:  # tracked even with the layer off: a new result is the progress stuck looks for
            new, reads = self._reads.add(call, result, excerpt, index)
            if new:
                self._stuck.progress()
        return errors or (reads if self.policy.detect_repeated_reads else None)

    def _assistant(self, text: str, index: int) -> Finding | None:
        stuck = self._stuck.add(text, index) if self.policy.detect_stuck else None
        chant = None
        if self.policy.detect_chanting and not self._streamed:  # streamed, its chunks were checked already
            chant = self._chanting.feed(text, index)
        self._streamed = False
        self._chanting.end_message()
        return stuck or chant

    def _limit(self, index: int) -> Finding | None:
        policy, counters = self.policy, self.counters
        checks: tuple[tuple[str, float | None, float, str], ...] = (
            ("max_steps", policy.max_steps, counters.steps, "steps"),
            ("max_tool_calls", policy.max_tool_calls, counters.tool_calls, "tool calls"),
            ("max_tokens", policy.max_tokens, counters.tokens, "tokens"),
            ("max_wall_time_s", policy.max_wall_time_s, counters.elapsed_s, "seconds"),
        )
        for kind, limit, used, unit in checks:
            if limit is not None and used > limit:
                shown = f"{used:,.1f}" if unit == "seconds" else f"{used:,.0f}"
                return Finding(
                    kind,
                    Evidence((index,), int(used), f"{shown} {unit} used, over the limit of {limit:,g}"),
                    f"The budget of {limit:,g} {unit} for this request is used up ({shown} so far). Stop now: "
                    "give the user what is done, what is left and what slowed you down.",
                )
        return None

    def set_policy(self, policy: Policy) -> None:
        """Carry on under another policy: what was tracked stays, the new thresholds and switches apply from the
        next event (a shorter call history keeps only its newest calls)."""
        state = self.to_state()
        self.policy = policy
        self._new_prompt()
        self._load(state)

    def to_json(self) -> bytes:
        """The whole state, bounded in size whatever the number of events seen."""
        return json.dumps(self.to_state(), ensure_ascii=False, separators=(",", ":")).encode()

    def to_state(self) -> dict[str, Any]:
        """The state as a JSON-ready dict, for a caller that stores it inside a document of its own."""
        return {
            "version": STATE_VERSION,
            "policy": self.policy.to_dict(),
            "index": self._index,
            "strikes": self._strikes,
            "steps": self._steps,
            "tool_calls": self._tool_calls,
            "tokens": self._tokens,
            "token_methods": self._token_methods,
            "start": self._start,
            "latest": self._latest,
            "streamed": self._streamed,
            "calls": self._calls.to_state(),
            "pending": self._pending.to_state(),
            "reads": self._reads.to_state(),
            "errors": self._errors.to_state(),
            "stuck": self._stuck.to_state(),
            "chanting": self._chanting.to_state(),
        }

    @classmethod
    def from_json(cls, data: bytes, *, counter: TokenCounter | None = None) -> LoopMonitor:
        """A monitor that carries on exactly where the serialised one stood."""
        try:
            state: Any = json.loads(data)
        except (ValueError, UnicodeDecodeError) as exc:
            raise InvalidArgument(f"stored loop state is not JSON ({exc})") from None
        return cls.from_state(state, counter=counter)

    @classmethod
    def from_state(cls, state: object, *, counter: TokenCounter | None = None) -> LoopMonitor:
        """The inverse of :meth:`to_state`; a damaged or foreign document raises InvalidArgument."""
        if not isinstance(state, dict) or state.get("version") != STATE_VERSION:
            raise InvalidArgument(f"stored loop state is not version {STATE_VERSION} loop state")
        try:
            monitor = cls(Policy.from_dict(state["policy"]), counter=counter)
            monitor._load(state)
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidArgument(f"stored loop state is damaged ({type(exc).__name__}: {exc})") from None
        return monitor

    def _load(self, state: dict[str, Any]) -> None:
        self._index, self._strikes, self._steps = int(state["index"]), int(state["strikes"]), int(state["steps"])
        self._tool_calls, self._tokens = int(state["tool_calls"]), int(state["tokens"])
        self._token_methods = [str(method) for method in state["token_methods"]]
        self._start = None if state["start"] is None else float(state["start"])
        self._latest = None if state["latest"] is None else float(state["latest"])
        self._streamed = bool(state["streamed"])
        self._calls.load_state(state["calls"])
        self._pending.load_state(state["pending"])
        self._reads.load_state(state["reads"])
        self._errors.load_state(state["errors"])
        self._stuck.load_state(state["stuck"])
        self._chanting.load_state(state["chanting"])


def replay(events: Iterable[Event], policy: Policy | None = None, *, counter: TokenCounter | None = None) -> Verdict:
    """Run a whole stream through a fresh monitor and answer at the first detection: its ``at`` is the event
    where the loop was caught and its counters are as they stood then. Ok, with final counters, if none."""
    monitor = LoopMonitor(policy, counter=counter)
    for event in events:
        found = monitor.observe(event)
        if found is not None:
            return monitor.answer([found])
    return monitor.answer([])


#: How much of a result's ends is read for a failure: exit codes are written first (Claude Code) or last
#: (Gemini CLI), a runner's verdict last; a check stays cheap on a long output.
_ENDS = 4_000


def _says_failed(call: Call, text: str) -> bool:
    """A result that says it failed without the flag: an exit code, a runner's verdict, an error text."""
    from ..conversation import failures

    ends = text if len(text) <= 2 * _ENDS else f"{text[:_ENDS]}\n{text[-_ENDS:]}"
    reading = failures.read_command(ends) if runs_a_command(call) else failures.read_tool(ends)
    return reading.failed
