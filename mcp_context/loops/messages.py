"""Stuck: the same non-empty assistant message again and again (OpenManus's rule: the third copy is stuck).

OpenManus counts over the whole memory; we count over the last ``STUCK_MEMORY`` assistant messages so the
persisted state stays bounded. Messages are compared after stripping surrounding whitespace, and empty ones
(pure tool calls) never count.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from .events import clip, digest
from .policy import Policy
from .verdict import Evidence, Finding

STUCK_MEMORY = 50


class StuckTracker:
    def __init__(self, policy: Policy) -> None:
        self.threshold = policy.stuck_repeats
        self.seen: deque[tuple[str, int]] = deque(maxlen=STUCK_MEMORY)  # (digest, event index)

    def add(self, text: str, index: int) -> Finding | None:
        text = text.strip()
        if not text:
            return None
        key = digest(text)
        self.seen.append((key, index))
        events = tuple(i for k, i in self.seen if k == key)
        if len(events) < self.threshold:
            return None
        return Finding(
            "stuck",
            Evidence(events[-10:], len(events), clip(text)),
            f'You have sent the same message {len(events)} times: "{clip(text, 150)}". Saying it again will '
            "not move the task on. Consider a new strategy: a different tool or different arguments, a "
            "smaller step, or ask the user the question that blocks you.",
        )

    def to_state(self) -> list[list[Any]]:
        return [[key, index] for key, index in self.seen]

    def load_state(self, state: list[list[Any]]) -> None:
        self.seen.clear()
        self.seen.extend((str(key), int(index)) for key, index in state)
