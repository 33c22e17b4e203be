"""Timing and memory for one operation, run in a fresh process so one size's peak never shows in the next.

A process's peak resident set only ever grows, so each operation runs in its own child (``run_isolated``)
and reports that child's peak. Python's own allocations are measured separately with
``tracemalloc`` in one extra, untimed pass: tracing slows allocation-heavy code several times over, so it
must never overlap the timed repetitions.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

MiB = 1024 * 1024
_PROJECT = Path(__file__).resolve().parent.parent


@dataclass
class Plan:
    """What a worker runs: each call timed once, in order, with untimed set-up before each.

    ``check`` sees every call's return value and returns facts for the report (and raises if the library
    answered wrongly: a fast wrong answer is not a result).
    """

    calls: list[Callable[[], Any]]
    before_each: Callable[[], None] = lambda: None
    warmup: Callable[[], Any] | None = None
    check: Callable[[list[Any]], dict[str, Any]] = lambda results: {}


@dataclass
class Outcome:
    """One operation's measurements, as a worker prints them and the parent reads them back."""

    op: str
    times: list[float]
    rss_mib: float
    py_peak_mib: float | None
    info: dict[str, Any] = field(default_factory=dict)

    @property
    def median(self) -> float:
        return statistics.median(self.times)


def peak_rss_mib() -> float:
    """This process's peak resident set.

    On Linux this is ``VmHWM``, not ``ru_maxrss``: the kernel carries the parent's peak into a child across
    fork and exec, so a child started by a parent that once held 300 MiB reports at least 300 MiB of
    ``ru_maxrss`` however little it uses itself. ``VmHWM`` belongs to the address space exec created.
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024  # kB
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / MiB if sys.platform == "darwin" else peak / 1024


def execute(op: str, plan: Plan, trace: bool) -> Outcome:
    """Run a plan in this process: warm-up, timed calls, then (optionally) one traced call."""
    if plan.warmup is not None:
        plan.warmup()
    times, results = [], []
    for call in plan.calls:
        plan.before_each()
        start = time.perf_counter()
        results.append(call())
        times.append(time.perf_counter() - start)
    info = plan.check(results)
    rss = peak_rss_mib()  # before tracing, whose bookkeeping would inflate it
    py_peak = None
    if trace and plan.calls:
        plan.before_each()
        tracemalloc.start()
        try:
            plan.calls[-1]()
            py_peak = tracemalloc.get_traced_memory()[1] / MiB
        finally:
            tracemalloc.stop()
    return Outcome(op, times, rss, py_peak, info)


def run_isolated(op: str, params: dict[str, Any]) -> Outcome:
    """Run ``op`` in a child interpreter (``benchmarks._worker``) and return what it measured."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(_PROJECT), env.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks._worker", op, json.dumps(params)],
        cwd=_PROJECT,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise RuntimeError(f"benchmark step {op!r} failed:\n{done.stderr.strip()}")
    return Outcome(**json.loads(done.stdout.strip().splitlines()[-1]))


def merge(outcomes: list[Outcome]) -> Outcome:
    """Several processes' runs of one operation as one: samples pooled, the highest peaks, the first's facts."""
    first = outcomes[0]
    peaks = [o.py_peak_mib for o in outcomes if o.py_peak_mib is not None]
    return Outcome(
        op=first.op,
        times=[t for o in outcomes for t in o.times],
        rss_mib=max(o.rss_mib for o in outcomes),
        py_peak_mib=max(peaks) if peaks else None,
        info=first.info,
    )


def emit(outcome: Outcome) -> None:
    print(json.dumps(asdict(outcome)))
