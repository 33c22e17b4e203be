"""Tool-call loops: the same call or cycle of calls (Gemini CLI), re-reads that return nothing new, and
streaks of failures.

Repeated reads are the case the cycle rule sees late: an agent re-reading a file it already has, or polling
a command whose output never changes, burns context long before a fifth identical call. We cannot know which
tools change the world, so the evidence is the results themselves: a call whose result differs from what it
returned last time (or a call never seen) shows that something changed, and restarts every other call's
count. A call that returns the same result ``read_repeats`` times with only unchanged results in between is
a loop: by default the 3rd identical read warns and, through escalation, the 4th stops (hermes-agent warns
on the 2nd re-read and blocks the 3rd).

Polling is a read too: ``sleep 30 && gh run view`` returning "in progress" again is a call that changes
nothing, and five of them are Gemini CLI's repeated call anyway. We keep the thresholds and exempt nothing
(which command waits on the world cannot be told from its text, and unbounded polling is one of the loops
users report), but the warning names the way out: a command that waits until the thing is done (``gh run
watch``), or a longer wait, which is a different call. An agent that must poll raises ``read_repeats`` and
``call_repeats`` in its policy, or switches the layer off.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from typing import Any, NamedTuple

from .events import canonical_args, clip, digest
from .policy import Policy
from .verdict import Evidence, Finding

LABEL_CHARS = 120
READ_MEMORY = 64  # calls whose last result is remembered; the least recently used is forgotten first
PENDING_MEMORY = 25  # calls waiting for their result
EVIDENCE_EVENTS = 10  # event indices kept per tracked repetition


class Call(NamedTuple):
    key: str
    name: str
    label: str  # "Name {args}" on one line, for evidence and nudges


# Polling is the one repeated read with a better way out, and only a command polls (a CI run, a deployment).
_WAITING = (
    " If you are waiting for something to finish, use a command that waits until it does (such as gh run "
    "watch) or wait longer before looking again, and say what you wait for."
)
_COMMAND_ARGS = ('"command":', '"cmd":', '"script":')


def runs_a_command(call: Call) -> bool:
    """A shell command, read from the arguments written out in the call's label."""
    arguments = call.label[len(call.name) :]
    return any(key in arguments for key in _COMMAND_ARGS)


def make_call(name: str, args: object, text: str | None = None) -> Call:
    """``args=None`` (a result whose call was never reported) keys on the name alone; ``text`` is ``args`` as
    canonical JSON, when the caller has it already."""
    if text is None:
        text = canonical_args(args) if args is not None else ""
    return Call(digest(f"{name}\0{text}"), name, clip(f"{name} {text}".rstrip(), LABEL_CHARS))


class CallHistory:
    """The last ``call_history`` calls; a loop when the last n·k are the last k repeated n times, k ≤ max_cycle.

    So with the defaults 5 identical calls are caught at the 5th, a 2-cycle at the 10th call, a 5-cycle at
    the 25th, and a 6-cycle never: past that length a repeated pattern is better left to the LLM judge.

    Per cycle length k it keeps how many of the latest calls equal the call k before them: the last n·k calls
    repeat a k-cycle exactly when that run is at least (n - 1)·k. The run is not bounded by the history, so the
    evidence counts every round of a loop that goes on (the 31st identical call says 31, not 5).
    """

    def __init__(self, policy: Policy) -> None:
        self.repeats = policy.call_repeats
        self.max_cycle = policy.max_cycle
        self.calls: deque[tuple[str, int, str]] = deque(maxlen=policy.call_history)  # (key, index, label)
        self.runs = [0] * self.max_cycle  # runs[k - 1]: the latest calls equal to the call k before each

    def add(self, call: Call, index: int) -> Finding | None:
        calls = self.calls
        for k in range(1, self.max_cycle + 1):
            same = len(calls) >= k and calls[-k][0] == call.key
            self.runs[k - 1] = self.runs[k - 1] + 1 if same else 0
        calls.append((call.key, index, call.label))
        for k in range(1, self.max_cycle + 1):
            if self.runs[k - 1] >= (self.repeats - 1) * k:
                return self._finding(k, (self.runs[k - 1] + k) // k)
        return None

    def _finding(self, k: int, rounds: int) -> Finding:
        recent = list(self.calls)[-self.repeats * k :]
        events = tuple(index for _, index, _ in recent)
        if k == 1:
            label = recent[-1][2]
            return Finding(
                "repeated_call",
                Evidence(events, rounds, clip(label)),
                f"You have made the same call {rounds} times in a row: {label}. Its result will not "
                "change by asking again. Use the result you already have, change the arguments, or try a "
                "different tool or approach; if something blocks you, say what it is.",
            )
        cycle = " → ".join(label for _, _, label in recent[-k:])
        return Finding(
            "cycle",
            Evidence(events, rounds, clip(cycle)),
            f"You are going round the same cycle of {k} calls, {rounds} times now with identical "
            f"arguments: {clip(cycle, 400)}. Going round again will not give new results. Stop and look at "
            "what the last round returned, then change one of the steps (different arguments, a fix "
            "before re-running, another tool) or report what blocks you.",
        )

    def to_state(self) -> dict[str, Any]:
        return {"calls": [list(entry) for entry in self.calls], "runs": self.runs}

    def load_state(self, state: dict[str, Any]) -> None:
        self.calls.clear()
        self.calls.extend((str(key), int(index), str(label)) for key, index, label in state["calls"])
        runs = [int(run) for run in state["runs"]][: self.max_cycle]
        keys = [key for key, _, _ in self.calls]
        # A policy with longer cycles than the saved one: their runs, as far as the kept calls show them.
        self.runs = runs + [_run(keys, k) for k in range(len(runs) + 1, self.max_cycle + 1)]


def _run(keys: list[str], k: int) -> int:
    """How many of the latest keys equal the key k before each."""
    run = 0
    for i in range(len(keys) - 1, k - 1, -1):
        if keys[i] != keys[i - k]:
            break
        run += 1
    return run


class _Read:
    __slots__ = ("count", "events", "result")

    def __init__(self, result: str, count: int, events: list[int] | None = None) -> None:
        self.result = result  # digest of the last result
        self.count = count
        self.events = [] if events is None else events


class ReadTracker:
    """Per call, its last result and how many times in a row it came back with nothing new in between."""

    def __init__(self, policy: Policy) -> None:
        self.threshold = policy.read_repeats
        self.reads: OrderedDict[str, _Read] = OrderedDict()

    def add(self, call: Call, result: str, result_excerpt: str, index: int) -> tuple[bool, Finding | None]:
        """Whether the result is new (something changed), and the repeated read it completes, if any."""
        read = self.reads.get(call.key)
        new = read is None or read.result != result
        if read is None or new:  # something changed: what other calls returned before may be stale now
            for other in self.reads.values():
                other.count, other.events = 0, []
            read = self.reads[call.key] = _Read(result, 1, [index])
            self.reads.move_to_end(call.key)
            while len(self.reads) > READ_MEMORY:
                self.reads.popitem(last=False)
        else:
            read.count += 1
            read.events = [*read.events, index][-EVIDENCE_EVENTS:]
            self.reads.move_to_end(call.key)
        if read.count < self.threshold:
            return new, None
        return new, Finding(
            "repeated_read",
            Evidence(tuple(read.events), read.count, clip(f"{call.label} → {result_excerpt}")),
            f"{call.label} has returned exactly the same result {read.count} times, and no other call "
            f"returned anything new in between (latest: {clip(result_excerpt, 80)}). Reading it again will not "
            "show anything new: work from the result you have, change something first, or move on."
            + (_WAITING if runs_a_command(call) else ""),
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
