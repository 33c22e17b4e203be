"""The performance goals, each read off the rows the sections measured in the same run, and the regression check.

Each goal names the figure the sections produce (a ratio to a baseline of the same run, a throughput, a wall
time), the goal, and what this tree holds: the goal where it is met, else the figure it reaches today, whose
bound the README explains with its profile. ``python -m benchmarks --check`` fails when a figure falls behind
what the tree holds by more than NOISE: a slower change is caught, a shared machine's swing is not.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: How far a figure may fall behind what the tree holds before the check fails: timings on a shared 2-CPU
#: machine swing by a quarter between runs.
NOISE = 0.30

Rows = list[dict[str, Any]]


def _largest(rows: Rows, operation: str) -> dict[str, Any] | None:
    """The row of ``operation`` at the largest size measured (sizes read as numbers with K/M/G units)."""
    found = [r for r in rows if r["operation"] == operation]
    units = {"K": 1e3, "M": 1e6, "G": 1e9}

    def size(row: dict[str, Any]) -> float:
        match = re.match(r"([\d.,]+)\s*([KMG]?)", str(row["size"]))
        return float(match[1].replace(",", "")) * units.get(match[2], 1) if match else 0.0

    return max(found, key=size) if found else None


def _ratio(operation: str, size: str | None = None) -> Callable[[Rows], float | None]:
    def pick(rows: Rows) -> float | None:
        row = (
            next((r for r in rows if r["operation"] == operation and r["size"] == size), None)
            if size
            else _largest(rows, operation)
        )
        return row["ratio"] if row else None

    return pick


def _worst_ratio(operation: str) -> Callable[[Rows], float | None]:
    """The highest ratio of an operation measured several times (the round trips, once per protocol era)."""

    def pick(rows: Rows) -> float | None:
        found = [r["ratio"] for r in rows if r["operation"] == operation and r["ratio"] is not None]
        return max(found) if found else None

    return pick


def _chanting_rate(rows: Rows) -> float | None:
    """MB/s of our detector on prose (the size column says how many MB it read)."""
    for row in rows:
        if row["operation"] == "chanting: ChantingDetector" and "prose" in str(row["size"]):
            megabytes = float(str(row["size"]).split("MB")[0])
            return megabytes / row["median_s"] if row["median_s"] else None
    return None


def _seconds(operation: str, scale: float = 1000.0) -> Callable[[Rows], float | None]:
    def pick(rows: Rows) -> float | None:
        row = next((r for r in rows if r["operation"] == operation), None)
        return row["median_s"] * scale if row and row["median_s"] is not None else None

    return pick


def _largest_ms(prefix: str) -> Callable[[Rows], float | None]:
    """Milliseconds of the row starting with ``prefix`` at the largest size (benchmarks/peers.py)."""

    def pick(rows: Rows) -> float | None:
        found = [r for r in rows if str(r["operation"]).startswith(prefix)]
        row = _largest([{**r, "operation": prefix} for r in found], prefix) if found else None
        return row["median_s"] * 1000 if row else None

    return pick


def _largest_ratio(prefix: str) -> Callable[[Rows], float | None]:
    def pick(rows: Rows) -> float | None:
        found = [{**r, "operation": prefix} for r in rows if str(r["operation"]).startswith(prefix)]
        row = _largest(found, prefix) if found else None
        return row["ratio"] if row else None

    return pick


def _server_memory(rows: Rows) -> float | None:
    """The server's peak growth while persisting ASCII text, as a ratio to its size (60 MB, 20 MB when quick)."""
    row = next((r for r in rows if re.fullmatch(r"persist [\d,]+ MB, server \(ascii\)", r["operation"])), None)
    return row["ratio"] if row else None


def _log_estimate(rows: Rows) -> float | None:
    """How far the estimate lands from the real count on the median log page, in percent."""
    row = next((r for r in rows if r["operation"] == "token estimate: logs"), None)
    return abs(row["ratio"] - 1) * 100 if row and row["ratio"] is not None else None


#: The viewer's kinds of page (benchmarks/ui.py), each timed on a session of 10,000 messages and 2,000 results.
UI_PAGES = ("sessions list", "timeline", "results list", "result", "result, grep", "compaction", "audit")


#: The pages whose slowest figure is not under the goal on every run here, at what they reach: the timeline's first
#: load parses the host's whole transcript (10.8 MB) and lists 2,000 results' metadata (docs/ui/README.md).
UI_HOLDS = {"timeline": 1300.0}


def _ui_worst(kind: str) -> Callable[[Rows], float | None]:
    """Milliseconds of the slowest of a page's first load, its median, and its median with every CPU busy (a
    first load while busy is in the table: a process starting on a shared machine is the scheduler's to time)."""

    def pick(rows: Rows) -> float | None:
        row = next((r for r in rows if r["operation"] == f"ui page: {kind}"), None)
        return max(row["first_s"], row["median_s"], row["busy_s"]) * 1000 if row else None

    return pick


_ROUND_TRIP_READ = "round trip: read_persisted, 5-line page"
_SMALL_HOOK = "hook claude post-tool-use, small output"


@dataclass(frozen=True)
class Goal:
    name: str
    unit: str
    goal: float
    #: What this tree reaches and the check keeps: the goal where met, else today's figure (see the README).
    holds: float
    higher_is_better: bool
    pick: Callable[[Rows], float | None]

    def verdict(self, figure: float | None) -> tuple[str, bool]:
        """(the figure against the goal, in words; whether it fell behind what the tree holds beyond noise)."""
        if figure is None:
            return "not measured in this run", False
        if self.higher_is_better:
            met, behind = figure >= self.goal, figure < self.holds / (1 + NOISE)
        else:
            met, behind = figure <= self.goal, figure > self.holds * (1 + NOISE)
        state = "met" if met else f"not met (holds {self.holds:g}, README says why)"
        return ("REGRESSED: " if behind else "") + state, behind


GOALS = (
    Goal("persist a large result (largest size run)", "x raw write+fsync", 2.0, 25.0, False, _ratio("persist_file")),
    Goal("read one page by line", "x raw 16 KiB read", 5.0, 57.0, False, _ratio("page by line, middle")),
    Goal(
        "first compaction, 10K messages", "x naive window", 10.0, 22.0, False,
        _ratio("compact_history, first (fresh Session)", "10K messages"),
    ),  # fmt: skip
    Goal(
        "re-compaction after +1 message", "x the first", 0.05, 0.05, False,
        _ratio("compact_history, +1 message (same Session, decoded afresh)", "10K messages"),
    ),  # fmt: skip
    Goal("loop chanting detector", "MB/s", 20.0, 16.5, True, _chanting_rate),
    Goal("round trip: read_persisted", "x echo server", 1.2, 1.2, False, _worst_ratio(_ROUND_TRIP_READ)),
    Goal("round trip: check_loop", "x echo server", 1.5, 1.5, False, _worst_ratio("round trip: check_loop, one event")),
    Goal("server memory persisting a large result", "x its size", 2.0, 2.0, False, _server_memory),
    Goal("token estimate on logs, median page", "% off the real count", 10.0, 10.0, False, _log_estimate),
    Goal("hook on a small tool output", "ms, spawn included", 150.0, 150.0, False, _seconds(_SMALL_HOOK)),
    Goal("peers: ten needles at the largest size", "ms", 50.0, 50.0, False, _largest_ms("peers: lookup ten needles")),
    Goal("peers: which of 20 results holds a term", "ms", 10.0, 16.0, False, _largest_ms("peers: which of 20")),
    Goal("peers: store the largest log", "x context-mode", 0.5, 0.5, False, _largest_ratio("peers: store log")),
    Goal(
        "peers: pre-tool-use hook", "ms, spawn included", 100.0, 320.0, False,
        _seconds("peers: hook pre-tool-use (loop check)"),
    ),
    *(
        Goal(f"ui page: {kind} (slowest: first, median, busy)", "ms", 1000.0, UI_HOLDS.get(kind, 1000.0), False,
             _ui_worst(kind))
        for kind in UI_PAGES
    ),
)  # fmt: skip


def table(rows: Rows) -> tuple[list[list[str]], bool]:
    """The goals as table lines, and whether any fell behind what the tree holds."""
    lines, regressed = [["goal", "this run", "goal", "verdict"]], False
    for goal in GOALS:
        figure = goal.pick(rows)
        words, behind = goal.verdict(figure)
        regressed = regressed or behind
        shown = "-" if figure is None else f"{figure:,.3g} {goal.unit}"
        lines.append([goal.name, shown, f"{'>=' if goal.higher_is_better else '<='} {goal.goal:g} {goal.unit}", words])
    return lines, regressed
