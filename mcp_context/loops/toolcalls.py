"""Tool-call loops: the same call or cycle of calls (Gemini CLI), re-reads that return nothing new, and
streaks of failures.

Repeated reads are the case the cycle rule sees late: an agent re-reading a file it already has, or polling
a command whose output never changes, burns context long before a fifth identical call. We cannot know which
tools change the world, so the evidence is the results themselves: a call whose result differs from what it
returned last time (or a call never seen) shows that something changed, and restarts every other call's
count. A call that returns the same result ``read_repeats`` times with only unchanged results in between is
a loop: by default the 3rd identical read warns and, through escalation, the 4th stops (hermes-agent warns
on the 2nd re-read and blocks the 3rd).
"""

from __future__ import annotations

from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any

from .events import canonical_args, clip, digest
from .policy import Policy
from .verdict import Evidence, Finding

LABEL_CHARS = 120
READ_MEMORY = 64  # calls whose last result is remembered; the least recently used is forgotten first
PENDING_MEMORY = 25  # calls waiting for their result
EVIDENCE_EVENTS = 10  # event indices kept per tracked repetition


@dataclass(frozen=True)
class Call:
    key: str
    name: str
    label: str  # "Name {args}" on one line, for evidence and nudges


def make_call(name: str, args: object) -> Call:
    """``args=None`` (a result whose call was never reported) keys on the name alone."""
    text = canonical_args(args) if args is not None else ""
    return Call(digest(f"{name}\0{text}"), name, clip(f"{name} {text}".rstrip(), LABEL_CHARS))


class CallHistory:
    """The last ``call_history`` calls; a loop when the last n·k are the last k repeated n times, k ≤ max_cycle.

    So with the defaults 5 identical calls are caught at the 5th, a 2-cycle at the 10th call, a 5-cycle at
    the 25th, and a 6-cycle never: past that length a repeated pattern is better left to the LLM judge.
    """

    def __init__(self, policy: Policy) -> None:
        self.repeats = policy.call_repeats
        self.max_cycle = policy.max_cycle
        self.calls: deque[tuple[str, int, str]] = deque(maxlen=policy.call_history)  # (key, index, label)

    def add(self, call: Call, index: int) -> Finding | None:
        self.calls.append((call.key, index, call.label))
        keys = [key for key, _, _ in self.calls]
        for k in range(1, self.max_cycle + 1):
            n = self.repeats * k
            if len(keys) < n:
                break
            recent = keys[-n:]
            if all(recent[i] == recent[n - k + i % k] for i in range(n)):
                return self._finding(k, n)
        return None

    def _finding(self, k: int, n: int) -> Finding:
        recent = list(self.calls)[-n:]
        events = tuple(index for _, index, _ in recent)
        if k == 1:
            label = recent[-1][2]
            return Finding(
                "repeated_call",
                Evidence(events, self.repeats, clip(label)),
                f"You have made the same call {self.repeats} times in a row: {label}. Its result will not "
                "change by asking again. Use the result you already have, change the arguments, or try a "
                "different tool or approach; if something blocks you, say what it is.",
            )
        cycle = " → ".join(label for _, _, label in recent[-k:])
        return Finding(
            "cycle",
            Evidence(events, self.repeats, clip(cycle)),
            f"You are going round the same cycle of {k} calls, {self.repeats} times now with identical "
            f"arguments: {clip(cycle, 400)}. Going round again will not give new results. Stop and look at "
            "what the last round returned, then change one of the steps (different arguments, a fix "
            "before re-running, another tool) or report what blocks you.",
        )

    def to_state(self) -> list[list[Any]]:
        return [list(entry) for entry in self.calls]

    def load_state(self, state: list[list[Any]]) -> None:
        self.calls.clear()
        self.calls.extend((str(key), int(index), str(label)) for key, index, label in state)


@dataclass
class _Read:
    result: str  # digest of the last result
    count: int
    events: list[int] = field(default_factory=list)


class ReadTracker:
    """Per call, its last result and how many times in a row it came back with nothing new in between."""

    def __init__(self, policy: Policy) -> None:
        self.threshold = policy.read_repeats
        self.reads: OrderedDict[str, _Read] = OrderedDict()

    def add(self, call: Call, result: str, result_excerpt: str, index: int) -> Finding | None:
        read = self.reads.get(call.key)
        if read is not None and read.result == result:
            read.count += 1
            read.events = [*read.events, index][-EVIDENCE_EVENTS:]
            self.reads.move_to_end(call.key)
        else:  # something changed: what other calls returned before may be stale now
            for other in self.reads.values():
                other.count, other.events = 0, []
            read = self.reads[call.key] = _Read(result, 1, [index])
            self.reads.move_to_end(call.key)
            while len(self.reads) > READ_MEMORY:
                self.reads.popitem(last=False)
        if read.count < self.threshold:
            return None
        return Finding(
            "repeated_read",
            Evidence(tuple(read.events), read.count, clip(f"{call.label} → {result_excerpt}")),
            f"{call.label} has returned exactly the same result {read.count} times, and no other call "
            f"returned anything new in between (latest: {clip(result_excerpt, 80)}). Reading it again will not "
            "show anything new: work from the result you have, change something first, or move on.",
        )

    def to_state(self) -> list[list[Any]]:
        return [[key, read.result, read.count, read.events] for key, read in self.reads.items()]

    def load_state(self, state: list[list[Any]]) -> None:
        self.reads = OrderedDict(
            (str(key), _Read(str(result), int(count), [int(i) for i in events])) for key, result, count, events in state
        )


class ErrorStreak:
    """Consecutive failed tool calls; more than ``max_consecutive_errors`` is a loop of retries."""

    def __init__(self, policy: Policy) -> None:
        self.limit = policy.max_consecutive_errors
        self.events: list[int] = []
        self.count = 0

    def add(self, call: Call, is_error: bool, result_excerpt: str, index: int) -> Finding | None:
        if not is_error:
            self.count, self.events = 0, []
            return None
        self.count += 1
        self.events = [*self.events, index][-EVIDENCE_EVENTS:]
        if self.count <= self.limit:
            return None
        return Finding(
            "error_streak",
            Evidence(tuple(self.events), self.count, clip(f"{call.label} → {result_excerpt}")),
            f"The last {self.count} tool calls all failed (latest: {call.label} → {clip(result_excerpt, 80)}). "
            "Retrying the same way will fail again: read the error, check your assumptions (paths, argument "
            "names and types, permissions, whether the tool fits), then try a different approach or report "
            "what blocks you.",
        )

    def to_state(self) -> dict[str, Any]:
        return {"count": self.count, "events": self.events}

    def load_state(self, state: dict[str, Any]) -> None:
        self.count, self.events = int(state["count"]), [int(i) for i in state["events"]]


class PendingCalls:
    """Calls awaiting their result, matched first-in first-out by tool name (parallel calls return in order)."""

    def __init__(self) -> None:
        self.calls: deque[Call] = deque(maxlen=PENDING_MEMORY)

    def add(self, call: Call) -> None:
        self.calls.append(call)

    def take(self, name: str) -> Call:
        for i, call in enumerate(self.calls):
            if call.name == name:
                del self.calls[i]
                return call
        return make_call(name, None)

    def to_state(self) -> list[list[str]]:
        return [[call.key, call.name, call.label] for call in self.calls]

    def load_state(self, state: list[list[str]]) -> None:
        self.calls.clear()
        self.calls.extend(Call(str(key), str(name), str(label)) for key, name, label in state)
