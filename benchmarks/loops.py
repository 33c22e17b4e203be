"""``python -m benchmarks.loops [--quick]``: the chanting detector against Gemini CLI's algorithm, and the
cost of one loop check on a long-running session.

Chanting: both detectors read the same streamed text (the standard library's docstrings, then its sources,
from this machine's disk) in chunks of 20 to 200 characters, through the same markdown gate, and must
report a detection at exactly the same chunks, or the run exits non-zero. The baseline is Gemini CLI's code
as written: a SHA-256 of the 50-character window at every character position, a list of positions per
hash, and every stored position shifted each time the 5,000-character buffer drops old text.

Per check, on a session that has seen 10,000 mixed events, the median cost of: feeding one more event to a
monitor in memory; restoring a monitor from its state, feeding one event and serialising the state again, all
in memory (no file); and a real ``Session.check_loop`` call with one event, as the library and the command line
make it: the session's lock, reading the stored state, the check, and the save (temp file, fsync, rename), on
the default temporary directory, whose filesystem is named (tmpfs, which never reaches a disk, makes the
fsync nearly free).
"""

from __future__ import annotations

import argparse
import ast
import glob
import hashlib
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mcp_context import Session, TokenCounter
from mcp_context.loops import Event, LoopMonitor, Policy
from mcp_context.loops.chanting import ChantingDetector, is_decoration
from mcp_context.loops.markdown import MarkdownGate

from .report import align, duration

MB = 1_000_000
TRACE_PREFIX = 100_000  # characters of the stream over which Gemini's peak memory is traced
PLANTED = "Let me run the test suite again to see whether the failure is still there. "


class GeminiFinder:
    """Gemini CLI's ``analyzeContentChunksForLoop`` and ``truncateAndUpdate``, line for line, in Python,
    with this project's two changes: after a hit the rest of the chunk is still scanned (positions stored),
    with no second report, where Gemini stops and latches; and a window of decoration (at most two distinct
    characters besides whitespace: a rule, dot leaders) is never a hit."""

    def __init__(self, policy: Policy) -> None:
        self.p = policy
        self.history = ""
        self.stats: dict[str, list[int]] = {}
        self.index = 0

    def clear(self) -> None:
        self.history, self.stats, self.index = "", {}, 0

    def append(self, text: str) -> bool:
        p, hit = self.p, False
        self.history += text
        if len(self.history) > p.chant_buffer:
            cut = len(self.history) - p.chant_buffer
            self.history = self.history[cut:]
            self.index = max(0, self.index - cut)
            for key, old in list(self.stats.items()):
                adjusted = [i - cut for i in old if i - cut >= 0]
                if adjusted:
                    self.stats[key] = adjusted
                else:
                    del self.stats[key]
        while self.index + p.chant_window <= len(self.history):
            chunk = self.history[self.index : self.index + p.chant_window]
            key = hashlib.sha256(chunk.encode()).hexdigest()
            at, self.index = self.index, self.index + 1
            seen = self.stats.get(key)
            if seen is None:
                self.stats[key] = [at]
                continue
            if self.history[seen[0] : seen[0] + p.chant_window] != chunk:
                continue
            seen.append(at)
            if hit or len(seen) < p.chant_repeats:
                continue
            recent = seen[-p.chant_repeats :]
            if (recent[-1] - recent[0]) / (p.chant_repeats - 1) > p.chant_max_spacing or is_decoration(chunk):
                continue
            periods = {self.history[recent[i] : recent[i + 1]] for i in range(len(recent) - 1)}
            hit = len(periods) <= p.chant_max_periods
        return hit


def run_gemini(chunks: list[str]) -> list[int]:
    """The baseline behind the same markdown gate as ours: the two differ only in how they find repeats."""
    finder, gate, hits = GeminiFinder(Policy()), MarkdownGate(), []
    for i, chunk in enumerate(chunks):
        hit = False
        for reset, text in gate.split(chunk):
            if reset:
                finder.clear()
            if text:
                hit = finder.append(text) or hit
        if hit:
            hits.append(i)
    return hits


def run_ours(chunks: list[str]) -> list[int]:
    detector = ChantingDetector(Policy())
    return [i for i, chunk in enumerate(chunks) if detector.feed(chunk, i) is not None]


# corpus -------------------------------------------------------------------------------------------------------


def stdlib_text(size: int) -> str:
    """Docstrings first (prose, with the odd list and example), then sources, repeated if ever needed."""
    files = sorted(glob.glob(os.path.join(os.path.dirname(os.__file__), "**", "*.py"), recursive=True))
    parts: list[str] = []
    total = 0
    for path in files:
        try:
            with open(path, encoding="utf-8") as f:
                tree = ast.parse(f.read())
        except (SyntaxError, UnicodeDecodeError, ValueError, OSError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                doc = ast.get_docstring(node)
                if doc:
                    parts.append(doc + "\n\n")
                    total += len(parts[-1])
        if total >= size:
            return "".join(parts)[:size]
    sources = []
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as f:
            sources.append(f.read())
        total += len(sources[-1])
        if total >= size:
            break
    text = "".join(parts) + "".join(sources)
    return (text * (size // len(text) + 1))[:size]


def stream(text: str, seed: int) -> list[str]:
    rng, chunks, i = random.Random(seed), [], 0
    while i < len(text):
        n = rng.randint(20, 200)
        chunks.append(text[i : i + n])
        i += n
    return chunks


def planted(text: str, every: int) -> str:
    """``text`` with a chant (one sentence, 15 times) after every ``every`` characters."""
    return "".join(text[i : i + every] + "\n\n" + PLANTED * 15 + "\n\n" for i in range(0, len(text), every))


# measuring ------------------------------------------------------------------------------------------------------


@dataclass
class Row:
    case: str
    size: int
    chunks: int
    hits: int
    ours: list[float]
    gemini: list[float]
    ours_peak: float
    gemini_peak: float


def timed(fn: Callable[[list[str]], list[int]], chunks: list[str], runs: int) -> tuple[list[float], list[int]]:
    times, hits = [], []
    for _ in range(runs):
        start = time.perf_counter()
        hits = fn(chunks)
        times.append(time.perf_counter() - start)
    return times, hits


def traced_peak(fn: Callable[[list[str]], list[int]], chunks: list[str]) -> float:
    """Python's peak allocation during one run, above what the chunks themselves hold (untimed: tracing is slow)."""
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        fn(chunks)
        return (tracemalloc.get_traced_memory()[1] - base) / 1024
    finally:
        tracemalloc.stop()


def chanting_case(case: str, text: str, runs: int, gemini_runs: int, trace_chars: int = TRACE_PREFIX) -> Row:
    chunks = stream(text, seed=len(text))
    ours, our_hits = timed(run_ours, chunks, runs)
    gemini, gemini_hits = timed(run_gemini, chunks, gemini_runs)
    if our_hits != gemini_hits:
        first = next((a, b) for a, b in zip(our_hits + [-1], gemini_hits + [-1], strict=False) if a != b)
        raise SystemExit(
            f"{case}: verdicts differ (ours {len(our_hits)} hits, Gemini {len(gemini_hits)}; first {first})"
        )
    if case.startswith("planted") and not our_hits:
        raise SystemExit(f"{case}: the planted loops were not caught")
    # Tracing slows Gemini's per-character allocations tenfold; its state is bounded by the buffer, so its
    # peak is reached within the first few buffers and a prefix measures it.
    gemini_peak = traced_peak(run_gemini, chunks[: trace_chars // 110])
    return Row(case, len(text), len(chunks), len(our_hits), ours, gemini, traced_peak(run_ours, chunks), gemini_peak)


def session_events(count: int, rng: random.Random, corpus: str) -> list[Event]:
    """A plausible agent session: turns of a little text, a tool call, and its result."""
    events: list[Event] = []
    while len(events) < count:
        at = rng.randrange(len(corpus) - 2000)
        events.append(Event("turn"))
        events.append(Event("content", text=corpus[at : at + rng.randint(20, 200)]))
        name = rng.choice(["Read", "Grep", "Bash", "Edit"])
        events.append(Event("tool_call", name=name, args={"path": f"src/m{rng.randrange(400)}.py", "n": len(events)}))
        events.append(Event("tool_result", name=name, text=corpus[at : at + rng.randint(100, 2000)]))
    return events[:count]


def check_costs(corpus: str, seen: int, samples: int) -> list[tuple[str, float, str]]:
    rng = random.Random(3)
    counter = TokenCounter()
    monitor = LoopMonitor(counter=counter)
    history = session_events(seen, rng, corpus)
    monitor.feed(history)
    extra = session_events(samples, rng, corpus)
    feed_times = []
    for event in extra:
        start = time.perf_counter()
        monitor.feed([event])
        feed_times.append(time.perf_counter() - start)
    state = monitor.to_json()
    round_times = []
    for event in session_events(samples, rng, corpus):
        start = time.perf_counter()
        restored = LoopMonitor.from_json(state, counter=counter)
        restored.feed([event])
        state = restored.to_json()
        round_times.append(time.perf_counter() - start)
    call_times, where = session_check_times(history, session_events(samples, rng, corpus), counter)
    return [
        ("in memory: feed one event", statistics.median(feed_times), f"{len(extra)} samples"),
        ("in memory: restore + feed one + serialise", statistics.median(round_times), f"state {len(state):,} bytes"),
        ("Session.check_loop, one event (lock, read, check, fsync'd save)", statistics.median(call_times), where),
    ]


def session_check_times(history: list[Event], events: list[Event], counter: TokenCounter) -> tuple[list[float], str]:
    """Real check_loop calls on a session that has seen ``history``, in a fresh directory under the default
    temporary directory, and the filesystem they ran on."""
    root = tempfile.mkdtemp(prefix="mcp-context-bench-")
    try:
        session = Session(root=root, session="bench", env={}, counter=counter)
        session.check_loop(events=history)
        times = []
        for event in events:
            start = time.perf_counter()
            session.check_loop(event=event)
            times.append(time.perf_counter() - start)
        return times, f"state saved on {filesystem(root)}"
    finally:
        shutil.rmtree(root, ignore_errors=True)


def filesystem(path: str) -> str:
    """The type and mount point of the filesystem holding ``path`` (Linux), since an fsync costs what it
    reaches: nothing on tmpfs, a disk flush on ext4."""
    real, best = os.path.realpath(path), ("", "an unknown filesystem")
    try:
        with open("/proc/self/mounts", encoding="utf-8") as mounts:
            for line in mounts:
                fields = line.split()
                if len(fields) < 3:
                    continue
                point = fields[1].replace("\\040", " ")
                inside = real == point or real.startswith(point.rstrip("/") + "/")
                if inside and len(point) >= len(best[0]):
                    best = (point, f"{fields[2]} ({point})")
    except OSError:
        pass
    return f"{best[1]}, under {tempfile.gettempdir()}"


def table(rows: list[Row]) -> str:
    header = ["case", "size", "chunks", "hits", "ours median", "Gemini median", "ours peak", "Gemini peak", "ratio"]
    lines = [header]
    for r in rows:
        ours, gemini = statistics.median(r.ours), statistics.median(r.gemini)
        lines.append(
            [
                r.case,
                f"{r.size / MB:g} MB",
                f"{r.chunks:,}",
                str(r.hits),
                f"{duration(ours)} (n={len(r.ours)})",
                f"{duration(gemini)} (n={len(r.gemini)})",
                f"{r.ours_peak:,.0f} KiB",
                f"{r.gemini_peak:,.0f} KiB",
                f"×{gemini / ours:,.0f}",
            ]
        )
    return align(lines, left=1)


def chanting_rows(text: str, runs: int, gemini_runs: int, trace_chars: int) -> list[Row]:
    """The text as it is (prose), then the same length of it with chants planted every 20,000 characters."""
    label = f"{len(text) / MB:g}MB"
    return [
        chanting_case(f"prose {label}", text, runs, gemini_runs, trace_chars),
        chanting_case(f"planted loops {label}", planted(text, 20_000)[: len(text)], runs, gemini_runs, trace_chars),
    ]


# the suite's rows ---------------------------------------------------------------------------------------------

# quick, default: characters of text, timed runs of ours, of Gemini's (about 12 s per MB), loop-check samples
SUITE = {True: (200_000, 3, 1, 200), False: (MB, 5, 1, 1000)}
SUITE_TRACE = 20_000  # Gemini's state is bounded by its 5,000-character buffer: its peak is reached by then


def rows(quick: bool) -> list[dict[str, Any]]:
    """The suite's rows (see benchmarks/__main__.py): both chanting detectors per case, then one loop check."""
    size, runs, gemini_runs, samples = SUITE[quick]
    corpus = stdlib_text(size)
    out: list[dict[str, Any]] = []
    for r in chanting_rows(corpus, runs, gemini_runs, SUITE_TRACE):
        ours, gemini = statistics.median(r.ours), statistics.median(r.gemini)
        kind, label = r.case.rsplit(" ", 1)
        common = {"size": f"{label} {kind}", "baseline": "-", "ratio": None}
        out.append(
            common
            | {
                "operation": "chanting: Gemini CLI's algorithm (baseline)",
                "median_s": gemini,
                "peak_mib": r.gemini_peak / 1024,
                "result": f"{r.chunks:,} chunks",
            }
        )
        out.append(
            common
            | {
                "operation": "chanting: ChantingDetector",
                "median_s": ours,
                "peak_mib": r.ours_peak / 1024,
                "baseline": "Gemini CLI's algorithm",
                "ratio": ours / gemini,
                "result": f"same {r.hits} detection(s) as Gemini's; ×{gemini / ours:,.0f} faster",
            }
        )
    seen = 10_000
    for what, seconds, note in check_costs(corpus, seen, samples):
        out.append(
            {
                "operation": f"loop check: {what}",
                "size": f"{seen:,} events seen",
                "median_s": seconds,
                "peak_mib": None,
                "baseline": "-",
                "ratio": None,
                "result": note,
            }
        )
    return out


# the command --------------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.loops", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="1 MB only, fewer runs")
    args = parser.parse_args(argv)
    runs, gemini_runs = (3, 1) if args.quick else (5, 3)
    sizes = [1 * MB] if args.quick else [1 * MB, 10 * MB]
    corpus = stdlib_text(max(sizes))
    measured = []
    for size in sizes:
        measured += chanting_rows(corpus[:size], runs, gemini_runs if size == MB else 1, TRACE_PREFIX)
    print(table(measured))
    print()
    print("both detectors reported a loop at the same chunks in every case (the run fails otherwise)")
    print(
        f"peak: Python allocations during one untimed run (tracemalloc); Gemini's over the first "
        f"{TRACE_PREFIX // 1000} KB of the stream"
    )
    print("ratio: Gemini median / ours median")
    print()
    seen, samples = 10_000, (200 if args.quick else 1000)
    print(f"one loop check on a session that has seen {seen:,} events (median of {samples}):")
    for what, seconds, note in check_costs(corpus, seen, samples):
        print(f"  {what:<64} {seconds * 1e3:8.3f} ms   {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
