"""Events and monitors for the loop detector's tests: a monitor under a policy with deterministic token estimates,
calls, results and content to feed it (a text cut into chunks as a stream would), and where its first alarm came."""

from __future__ import annotations

import random
from typing import Any

from mcp_context import TokenCounter
from mcp_context.loops import Event, LoopMonitor, Policy, Verdict

COUNTER = TokenCounter(search_local=False)  # deterministic estimates, no encoding lookup


def monitor(**policy: Any) -> LoopMonitor:
    return LoopMonitor(Policy(**policy), counter=COUNTER)


def call(name: str = "Bash", **args: Any) -> Event:
    return Event("tool_call", name=name, args=args)


def result(name: str = "Bash", text: str = "out", is_error: bool = False) -> Event:
    return Event("tool_result", name=name, text=text, is_error=is_error)


def content(text: str) -> Event:
    return Event("content", text=text)


def each(m: LoopMonitor, events: list[Event]) -> list[Verdict]:
    return [m.feed([event]) for event in events]


def first_alarm(verdicts: list[Verdict]) -> int | None:
    return next((i for i, v in enumerate(verdicts) if v.status != "ok"), None)


# chanting ---------------------------------------------------------------------------------------------------


def chunked(text: str, seed: int = 1) -> list[Event]:
    rng, out, i = random.Random(seed), [], 0
    while i < len(text):
        n = rng.randint(5, 40)
        out.append(content(text[i : i + n]))
        i += n
    return out
