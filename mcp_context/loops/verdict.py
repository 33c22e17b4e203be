"""What a loop check answers: ok, warn or stop, with the evidence and the message to give the model.

A nudge always names what was repeated: "you appear stuck" alone tells a model nothing it can act on, while
"you called Read(path=a.py) 5 times and got the same 2,000 lines" points at the way out.

Every nudge starts with :data:`NUDGE_TAG`. A host passes the nudge to the model, often as a user message, and
a later replay of that history must not take it for the user speaking: a new prompt would start every count
and strike afresh, and the warning would never escalate. The tag is how a replay (and a stream) tells a nudge
from a prompt.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

Status = Literal["ok", "warn", "stop"]
SEVERITY: dict[Status, int] = {"ok": 0, "warn": 1, "stop": 2}
NUDGE_TAG = "[check_loop]"
# Hosts tag nudges their own way too ("[check_loop warn]"): what they share is this start.
_NUDGE_START = NUDGE_TAG[:-1]


def is_nudge(text: str | None) -> bool:
    """Whether a user message is a nudge handed back to the model rather than the user speaking."""
    return text is not None and text.lstrip().startswith(_NUDGE_START)


# Each answer's parts are named tuples rather than dataclasses: a host's hook checks every tool call in a process
# of its own, and making a dataclass (its methods compiled from source) costs that process more than its check.


class Evidence(NamedTuple):
    """Which events (indices in the stream) make up the repetition, how many times, and a short excerpt."""

    events: tuple[int, ...]
    count: int  # type: ignore[assignment]  # the field, in place of tuple's count()
    excerpt: str  # one line, at most 200 characters


class Finding(NamedTuple):
    """One detection by one layer, before escalation decides whether it warns or stops."""

    kind: str
    evidence: Evidence
    nudge: str


class Found(NamedTuple):
    """A finding at one event, not yet answered: a loop (it takes a strike when a check answers with it) or a
    hard limit (it stops at once and takes none)."""

    finding: Finding
    at: int | None
    limit: bool = False


class Counters(NamedTuple):
    """Where the stream stands. All but ``events`` count since the last user prompt (or reset)."""

    events: int  # events fed since the monitor started (or was reset): the next event's index
    steps: int  # turn events
    tool_calls: int
    tokens: int
    token_method: str  # "reported", "exact:<encoding>", "estimate", a "+" of those, or "none"
    elapsed_s: float  # from the first event of the prompt to the latest


class Verdict(NamedTuple):
    """The answer to a check: the most severe detection among the events fed, or ok.

    ``at`` is the index of the event at which that detection was made; ``strike`` counts the checks since the
    last user prompt that answered with a loop (one per check, however many layers found it), so it counts the
    warnings the agent was given: the first warns, by default the second stops.
    """

    status: Status
    kind: str | None
    at: int | None
    evidence: Evidence | None
    strike: int
    nudge: str | None
    counters: Counters

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form for tool answers."""
        out = self._asdict()
        if self.evidence is not None:
            out["evidence"] = {**self.evidence._asdict(), "events": list(self.evidence.events)}
        out["counters"] = self.counters._asdict()
        return out
