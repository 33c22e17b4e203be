"""Stuck: the same non-empty assistant message again and again (OpenManus's rule: the third copy is stuck).

OpenManus counts earlier copies anywhere in the memory, so an agent that says "Now let me run the tests." three
times over forty productive turns is "stuck". We count a message only while nothing else moved: copies in a
row, with no different assistant message between them and no tool result that brought something new (a
result that differs from what the same call returned before, or a call never seen: the same evidence of
change the repeated-read rule uses). Saying the same thing while the tools keep returning new things is
narrating progress; saying it again while nothing changes around it is being stuck. Messages are compared
after stripping surrounding whitespace, and empty ones (pure tool calls) never count.
"""

from __future__ import annotations

from typing import Any

from .events import clip, digest
from .policy import Policy
from .verdict import Evidence, Finding

EVIDENCE_EVENTS = 10


class StuckTracker:
    def __init__(self, policy: Policy) -> None:
        self.threshold = policy.stuck_repeats
        self.progress()

    def progress(self) -> None:
        """Something changed since the last message: the next one starts a new count."""
        self.key: str | None = None  # digest of the message repeated so far
        self.count = 0
        self.events: list[int] = []

    def add(self, text: str, index: int) -> Finding | None:
        text = text.strip()
        if not text:
            return None
        key = digest(text)
        if key != self.key:
            self.progress()
            self.key = key
        self.count += 1
        self.events = [*self.events, index][-EVIDENCE_EVENTS:]
        if self.count < self.threshold:
            return None
        return Finding(
            "stuck",
            Evidence(tuple(self.events), self.count, clip(text)),
            f"You have sent the same message {self.count} times in a row, with nothing new in between: "
            f'"{clip(text, 150)}". Saying it again will not move the task on. Consider a new strategy: a '
            "different tool or different arguments, a smaller step, or ask the user the question that blocks you.",
        )

    def to_state(self) -> dict[str, Any]:
        return {"key": self.key, "count": self.count, "events": self.events}

    def load_state(self, state: dict[str, Any]) -> None:
        key = state["key"]
        self.key = None if key is None else str(key)
        self.count, self.events = int(state["count"]), [int(i) for i in state["events"]]
