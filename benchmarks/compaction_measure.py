"""Measuring ``compact_history`` on one history: first compaction, re-compaction, and both baselines.

Each first compaction runs in a fresh Session and store, so no token-count cache, stored results or saved
replacement state help it; each re-compaction runs in the first's Session with one more message. A result
that does not fit the target stops the run: a fast wrong answer is not a result.
"""

from __future__ import annotations

import cProfile
import gc
import io
import json
import pstats
import shutil
import statistics
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from mcp_context import Session
from mcp_context.compaction.compact import Compaction

from .histories import Case, History, Message
from .measure import MiB

SESSION = "bench"
TARGET_FRACTION = 0.5


#: The table's rows, in order; the first two are the baselines every compaction is divided by.
OPS = (
    "json round-trip (baseline)",
    "naive sliding window (baseline)",
    "compact_history, first (fresh Session)",
    "compact_history, +1 message (same Session, decoded afresh)",
    "compact_history, +1 message (same Session, same objects)",
)


# baselines -----------------------------------------------------------------------------------------------


def json_round_trip(messages: list[Message]) -> list[Message]:
    """What receiving the history costs at the least: it arrives as JSON and must be decoded."""
    result: list[Message] = json.loads(json.dumps(messages))
    return result


def naive_window(messages: list[Message], target: int) -> tuple[list[Message], int, int]:
    """Drop the oldest messages (after a system prompt) until a characters/4 estimate fits ``target``."""
    sizes = [len(json.dumps(m, ensure_ascii=False)) // 4 for m in messages]
    before = total = sum(sizes)
    start = cut = 1 if messages and messages[0].get("role") == "system" else 0
    while total > target and cut < len(messages) - 1:
        total -= sizes[cut]
        cut += 1
    return messages[:start] + messages[cut:], before, total


# measuring -----------------------------------------------------------------------------------------------


@dataclass
class Row:
    op: str
    case: Case
    times: list[float]
    py_peak_mib: float | None
    tokens: str
    notes: list[str] = field(default_factory=list)
    kept: float | None = None  # tokens after / tokens before

    @property
    def median(self) -> float:
        return statistics.median(self.times)


@dataclass(frozen=True)
class Budget:
    """How much to measure: ``reps`` timed runs, fewer once ``seconds`` are spent on one operation.

    The traced pass runs several times slower than a timed one, so it is skipped (and the row says so) when a
    single run already took ``trace_limit`` seconds."""

    reps: int
    seconds: float
    trace: bool
    trace_limit: float

    def more(self, times: list[float]) -> bool:
        return len(times) < self.reps and sum(times) + max(times, default=0) <= self.seconds

    def traced(self, times: list[float]) -> bool:
        return self.trace and max(times) <= self.trace_limit


def traced_peak(call: Callable[[], Any]) -> float:
    """Python's peak allocations during one call, in MiB; the call runs untimed, with tracing on."""
    gc.collect()
    tracemalloc.start()
    try:
        call()
        return tracemalloc.get_traced_memory()[1] / MiB
    finally:
        tracemalloc.stop()


def timed(call: Callable[[], Any]) -> tuple[float, Any]:
    gc.collect()
    start = time.perf_counter()
    result = call()
    return time.perf_counter() - start, result


class Stores:
    """Each Session gets its own store root under the scratch directory, removed as soon as it is done with."""

    def __init__(self, workdir: Path, redact: bool = True) -> None:
        self.workdir, self.count, self.redact = workdir, 0, redact

    def new(self) -> Session:
        self.count += 1
        root = self.workdir / f"store-{self.count}"
        return Session(root=root, session=SESSION, env={}, redact=self.redact)  # default limits

    @staticmethod
    def drop(session: Session) -> None:
        shutil.rmtree(session.settings.root, ignore_errors=True)


def _compact(
    session: Session, history: History, messages: list[Message], target: int, handed_over: bool = False
) -> Compaction:
    """``handed_over``: the messages are decoded for this call alone and never changed, as the server's are."""
    return session.compact_history(
        messages=messages, target_tokens=target, strategy="auto", system=history.system, handed_over=handed_over
    )


def _target(history: History, stores: Stores) -> tuple[int, int]:
    """The history's token count in the library's own terms (untimed, in a throwaway Session), and the target."""
    probe = stores.new()
    try:
        before = _compact(probe, history, history.messages, 10**12).tokens_before
    finally:
        stores.drop(probe)
    return before, int(before * TARGET_FRACTION)


def _check(result: Compaction, target: int, what: str, *, replay: bool = False) -> None:
    """A fast wrong answer is not a result. A re-compaction (``replay``) may instead replay the first one's
    replacements without compacting further (hysteresis: the host's cached prefix stays valid), so long as the
    output fits and the replacements are there."""
    replayed = replay and bool(result.removed or result.shortened)
    if not (result.compacted or replayed) or not result.fits or not result.messages:
        raise RuntimeError(
            f"{what}: compact_history did not fit the target ({result.tokens_before:,} → {result.tokens_after:,}, "
            f"target {target:,}, compacted={result.compacted})"
        )


def _common_prefix(a: list[Message], b: list[Message]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _layers(result: Compaction) -> str:
    parts = [f"L{r.layer} {r.changed:,}" + (f" (skipped: {r.skipped})" if r.skipped else "") for r in result.layers]
    return ", ".join(parts) or "none"


def _skipped_trace(times: list[float], budget: Budget) -> list[str]:
    if not budget.trace or budget.traced(times):
        return []
    return [f"tracemalloc pass skipped: one run took {max(times):.0f} s (limit {budget.trace_limit:g} s)"]


def _baselines(case: Case, messages: list[Message], target: int, budget: Budget) -> list[Row]:
    json_mib = len(json.dumps(messages, ensure_ascii=False).encode()) / MiB
    times: list[float] = []
    while budget.more(times) or len(times) < 5:
        times.append(timed(lambda: json_round_trip(messages))[0])
    peak = traced_peak(lambda: json_round_trip(messages)) if budget.trace else None
    rows = [Row(OPS[0], case, times, peak, "", [f"the history is {json_mib:,.1f} MiB of JSON"])]
    times = []
    window: tuple[list[Message], int, int] = ([], 0, 0)
    while budget.more(times) or len(times) < 5:
        elapsed, window = timed(lambda: naive_window(messages, target))
        times.append(elapsed)
    peak = traced_peak(lambda: naive_window(messages, target)) if budget.trace else None
    kept, before, after = window
    note = f"keeps the newest {len(kept):,} messages; token figures are characters/4"
    rows.append(Row(OPS[1], case, times, peak, f"≈{before:,} → ≈{after:,}", [note], after / before))
    return rows


def measure_case(case: Case, history: History, stores: Stores, budget: Budget) -> list[Row]:
    messages, label = history.messages, case.name
    tokens_before, target = _target(history, stores)
    rows = _baselines(case, messages, target, budget)

    # first compaction: a fresh Session (and store) per run; the last one is kept for the re-compactions
    times: list[float] = []
    session: Session | None = None
    first: Compaction | None = None
    while budget.more(times):
        if session is not None:
            stores.drop(session)
        session = stores.new()
        # handed over as the server hands over each request's messages (nothing here changes them): the rows
        # decoded afresh below are then a server's re-compactions
        elapsed, first = timed(partial(_compact, session, history, messages, target, True))
        times.append(elapsed)
        _check(first, target, f"{label} first compaction")
    assert session is not None and first is not None
    peak = None
    if budget.traced(times):
        scratch = stores.new()
        peak = traced_peak(lambda: _compact(scratch, history, messages, target))
        stores.drop(scratch)
    first_notes = [
        f"target {target:,} ({TARGET_FRACTION:.0%} of {tokens_before:,}), tokens {first.token_method}; "
        f"layers: {_layers(first)}; {len(first.messages):,} messages out, {len(first.removed):,} removed, "
        f"{len(first.shortened):,} shortened; {len(session.results()):,} results stored",
        *_skipped_trace(times, budget),
    ]
    tokens = f"{first.tokens_before:,} → {first.tokens_after:,}"
    rows.append(Row(OPS[2], case, times, peak, tokens, first_notes, first.tokens_after / first.tokens_before))

    # re-compaction: the agent's next turns, one new message each, in the same Session: first the same objects
    # again plus one, as a Python agent holding its history hands it over, then each sent in objects of its
    # own, as a server decodes every request afresh (untimed: the json round-trip row is that cost)
    turns = len(history.extra) // 2
    same, current = _recompactions(OPS[4], case, history, budget, session, first, messages, target, turns)
    rows.append(_recompactions(OPS[3], case, history, budget, session, first, current, target, turns)[0])
    rows.append(same)
    stores.drop(session)
    return rows


def _recompactions(
    op: str,
    case: Case,
    history: History,
    budget: Budget,
    session: Session,
    previous: Compaction,
    messages: list[Message],
    target: int,
    turns: int,
) -> tuple[Row, list[Message]]:
    """``turns`` re-compactions (fewer once the budget is spent), each with the next extra message; the row, and
    the history as the last one had it."""
    decoded = op == OPS[3]
    times: list[float] = []
    current, result = list(messages), previous
    prefixes: list[tuple[int, int]] = []
    hits, misses = session.reuse.call().accountant.hits, session.reuse.call().accountant.misses
    done = len(current) - len(history.messages)
    for extra in history.extra[done : done + turns]:
        current = json_round_trip(current + [extra]) if decoded else current + [extra]
        if not budget.more(times):
            break
        elapsed, result = timed(partial(_compact, session, history, current, target, decoded))
        times.append(elapsed)
        _check(result, target, f"{case.name} re-compaction", replay=True)
        prefixes.append((_common_prefix(previous.messages, result.messages), len(previous.messages)))
        previous = result
    counted, cached = session.reuse.call().accountant.misses - misses, session.reuse.call().accountant.hits - hits
    peak = traced_peak(partial(_compact, session, history, current, target, decoded)) if budget.traced(times) else None
    kept, of = min(prefixes)
    notes = [
        f"{len(times)} turn(s) counted {counted:,} message(s) afresh and {cached:,} from the cache; layers: "
        f"{_layers(result)}; each output kept at least {kept:,} of the previous output's {of:,} messages "
        "unchanged at its start (the host's prompt cache)",
        *_skipped_trace(times, budget),
    ]
    tokens = f"{result.tokens_before:,} → {result.tokens_after:,}"
    return Row(op, case, times, peak, tokens, notes, result.tokens_after / result.tokens_before), current


def profile(case: Case, history: History, stores: Stores, top: int) -> str:
    """cProfile of one first compaction and one re-compaction of ``case``: where the time goes."""
    _, target = _target(history, stores)
    session = stores.new()
    out = io.StringIO()
    for what, messages in (
        ("first compaction", history.messages),
        ("re-compaction", json_round_trip(history.messages + history.extra[:1])),
    ):
        profiler = cProfile.Profile()
        profiler.enable()
        _compact(session, history, messages, target)
        profiler.disable()
        out.write(f"\n--- cProfile, {what}, {case.name} ({len(messages):,} messages), by own time ---\n")
        stats = pstats.Stats(profiler, stream=out).strip_dirs().sort_stats("tottime")
        stats.print_stats(top)
        out.write("--- same, by cumulative time ---\n")
        stats.sort_stats("cumulative").print_stats(top)
    stores.drop(session)
    return out.getvalue()
