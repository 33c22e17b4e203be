"""``python -m benchmarks.compaction [--quick]``: how long compact_history takes on long agent histories.

What is measured, for OpenAI-format histories of 1K, 10K and 100K messages (``--quick``: 1K and 10K) and one
Anthropic-format history of 10K messages:

    first compaction     ``Session.compact_history(strategy="auto")`` to half the history's own token count,
                         each run in a fresh Session and a fresh store, so no token-count cache, no stored
                         results and no replacement state help it
    re-compaction        the agent's next turn: the same Session as a first run, input = previous input + one
                         message. The Accountant's cache and the saved replacement state should make this a
                         small fraction of the first run; the ratio is printed per size (target: well under 0.2)

against two baselines measured in the same run on the same history:

    json round-trip      ``json.loads(json.dumps(messages))``: the unavoidable cost of receiving the history
                         over MCP (or any JSON transport), and a floor no compactor can beat
    naive window         drop the oldest messages until a characters/4 estimate fits the same target: what a
                         host does with no compactor at all (it may split a call from its result, which the
                         library never does, and it stores nothing)

Histories are synthetic in shape but made of real text from this machine: tool results of 200 to 20,000
characters (log-uniform) are slices of the Python standard library's sources (``read_file`` with line
numbers, ``grep`` hits, ``git diff`` hunks, test-run listings, a few tracebacks), ``write_file`` calls carry
source in their arguments, and assistant and user texts are the stdlib's docstrings.

Times are medians of ``--repeat`` runs (fewer once one operation has used ``--budget`` seconds: a first
compaction of 100K messages takes minutes). The peak is Python's own allocations during one extra call under
``tracemalloc``, never overlapping the timed runs (tracing slows them several times over), not counting the
input history; it is skipped for an operation whose single run exceeds ``--trace-limit``. The stores live in
one temporary directory, on ``/dev/shm`` by default so that fsync (four per stored result) costs nothing and
the figures are the library's own work rather than a shared disk's mood; ``--tmpdir`` on a disk includes it.
The directory is removed at the end, even on failure. ``--profile`` adds a cProfile of one first compaction
and one re-compaction of the largest history.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import itertools
import json
import math
import os
import pstats
import random
import re
import shutil
import statistics
import sys
import sysconfig
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from mcp_context import Limits, Session
from mcp_context.history.compact import Compaction

from .measure import MiB
from .report import align, duration

Message = dict[str, Any]
SESSION = "bench"
TARGET_FRACTION = 0.5
RESULT_CHARS = (200, 20_000)
TEXT_POOL_BYTES = 12 * 1024 * 1024
RATIO_GOAL = 0.2
SHM = Path("/dev/shm")
#: Raised from the 64 MiB default: at 100K messages the archive of what a compaction removes or shortens is
#: larger than that, and the call would fail (see the note the run prints when it happens).
MAX_RESULT_BYTES = 2 * 1024**3
#: A docstring: triple quotes opening a line (per file, so quotes never pair across files).
_DOCSTRING = re.compile(r'^[ \t]*[rRuU]?"""(.*?)"""', re.M | re.S)


#: The table's rows, in order; the first two are the baselines every compaction is divided by.
OPS = (
    "json round-trip (baseline)",
    "naive sliding window (baseline)",
    "compact_history, first (fresh Session)",
    "compact_history, +1 message (same Session)",
)


@dataclass(frozen=True)
class Case:
    """One history to measure: a label for the table, its format and its exact length in messages."""

    label: str
    format: str
    messages: int

    @property
    def name(self) -> str:
        return self.label if self.format == "openai" else f"{self.label} {self.format}"


FULL = (Case("1K", "openai", 1_000), Case("10K", "openai", 10_000), Case("100K", "openai", 100_000))
QUICK = FULL[:2]
ANTHROPIC = Case("10K", "anthropic", 10_000)


# the text the histories are made of ----------------------------------------------------------------------


class Texts:
    """Real text from this machine: Python stdlib sources (for tool results) and their docstrings (prose)."""

    def __init__(self, rng: random.Random) -> None:
        root = Path(sysconfig.get_paths()["stdlib"])
        candidates = sorted(p for p in root.glob("**/*.py") if "site-packages" not in p.parts)
        rng.shuffle(candidates)
        self.files: list[tuple[str, list[str]]] = []
        total = 0
        for path in candidates:
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            if not 2_000 <= len(text) <= 400_000:
                continue
            self.files.append((str(path.relative_to(root.parent)), text.splitlines()))
            total += len(text)
            if total >= TEXT_POOL_BYTES:
                break
        if not self.files:
            raise RuntimeError(f"no Python sources found under {root} to build histories from")
        docstrings = [d for _, lines in self.files for d in _DOCSTRING.findall("\n".join(lines))]
        self.prose = [" ".join(d.split()) for d in docstrings if len(d) > 80 and d.count(" ") > 10]
        self.names = sorted({n for _, lines in self.files for line in lines for n in re.findall(r"def (\w+)", line)})

    def prose_text(self, rng: random.Random, chars: int) -> str:
        parts, size = [], 0
        while size < chars:
            part = rng.choice(self.prose)
            parts.append(part)
            size += len(part) + 1
        return " ".join(parts)[:chars]

    def source(self, rng: random.Random, chars: int) -> tuple[str, int, list[str]]:
        """A file and a run of its lines holding about ``chars`` characters, from a random line on."""
        path, lines = rng.choice(self.files)
        start = rng.randrange(len(lines))
        out, size = [], 0
        for line in lines[start:] + lines[:start]:
            out.append(line)
            size += len(line) + 1
            if size >= chars:
                break
        return path, start + 1, out


@dataclass
class Call:
    name: str
    args: dict[str, Any]
    result: str
    is_error: bool = False


@dataclass
class Step:
    """An assistant turn that calls tools, and the tools' results."""

    text: str
    calls: list[Call]


@dataclass
class Talk:
    """An assistant turn that only speaks, then the user's next request."""

    reply: str
    prompt: str


@dataclass
class History:
    format: str
    messages: list[Message]
    system: str | None = None
    extra: list[Message] = field(default_factory=list)  # the next turns, appended one per re-compaction


def _result_chars(rng: random.Random) -> int:
    low, high = RESULT_CHARS
    return int(math.exp(rng.uniform(math.log(low), math.log(high))))


def _make_call(texts: Texts, rng: random.Random) -> Call:
    size, kind = _result_chars(rng), rng.random()
    path, first, lines = texts.source(rng, size)
    if kind < 0.40:
        body = "\n".join(f"{first + i:>6}\t{line}" for i, line in enumerate(lines))
        return Call("read_file", {"path": path, "offset": first, "limit": len(lines)}, body[:size])
    if kind < 0.55:
        word = rng.choice(("self.", "return ", "import ", "def ", "if ", "raise "))
        hits, total = [], 0
        while total < size:
            hit_path, hit_first, hit_lines = texts.source(rng, 4_000)
            for i, line in enumerate(hit_lines):
                if word in line:
                    hits.append(f"{hit_path}:{hit_first + i}:{line}")
                    total += len(hits[-1]) + 1
        return Call("grep", {"pattern": word.strip(), "path": "Lib/"}, "\n".join(hits)[:size])
    if kind < 0.70:
        marks = [rng.choice(("+", "-", " ", " ", " ")) for _ in lines]
        head = f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n@@ -{first},{len(lines)} @@\n"
        body = head + "\n".join(m + line for m, line in zip(marks, lines, strict=True))
        return Call("bash", {"command": f"git diff -- {path}"}, body[:size])
    if kind < 0.82:
        tests, total = [], 0
        while total < size:
            name = rng.choice(texts.names)
            tests.append(f"tests/test_{path.split('/')[-1]}::test_{name} {rng.choice(('PASSED', 'PASSED', 'FAILED'))}")
            total += len(tests[-1]) + 1
        return Call("bash", {"command": "python -m pytest -q tests"}, "\n".join(tests)[:size])
    if kind < 0.90:
        content = "\n".join(lines)[: rng.randint(500, 8_000)]
        return Call("write_file", {"path": path, "content": content}, f"Wrote {len(content):,} characters to {path}")
    if kind < 0.93:
        frames = "\n".join(
            f'  File "{path}", line {first + i}, in <module>\n    {line.strip()}' for i, line in enumerate(lines[:8])
        )
        text = f"Traceback (most recent call last):\n{frames}\nValueError: {texts.prose_text(rng, 120)}"
        return Call("bash", {"command": f"python {path}"}, text, is_error=True)
    return Call("sed", {"command": f"sed -n '{first},{first + len(lines)}p' {path}"}, "\n".join(lines)[:size])


def _turns(texts: Texts, rng: random.Random, room: int, *, openai: bool) -> list[Step | Talk]:
    """Turns filling exactly ``room`` messages: in OpenAI's format a step is 1 + one message per call, else 2."""
    if not openai and room % 2:
        raise ValueError("an Anthropic history of alternating turns needs an even number of messages")
    turns: list[Step | Talk] = []
    while room > 0:
        turn: Step | Talk
        if room > 8:
            if rng.random() < 0.12:
                turn = Talk(texts.prose_text(rng, rng.randint(200, 2_000)), texts.prose_text(rng, rng.randint(20, 800)))
            else:
                count = rng.choices((1, 2, 3), weights=(70, 20, 10))[0]
                said = texts.prose_text(rng, rng.randint(40, 600)) if rng.random() < 0.6 else ""
                turn = Step(said, [_make_call(texts, rng) for _ in range(count)])
        else:  # the last few messages: a step whose size is exactly what is left (OpenAI: 4 to 7 calls)
            turn = Step("", [_make_call(texts, rng) for _ in range(room - 1 if openai else 1)])
        turns.append(turn)
        room -= 1 + len(turn.calls) if openai and isinstance(turn, Step) else 2
    return turns


def build_history(texts: Texts, case: Case, seed: int, extra: int) -> History:
    rng = random.Random(f"{seed}-{case.format}-{case.messages}")
    system = texts.prose_text(rng, 3_000)
    first = texts.prose_text(rng, 600)
    ids = itertools.count()

    def call_id(prefix: str) -> str:
        return f"{prefix}{next(ids):08d}{rng.getrandbits(64):016x}"

    if case.format == "openai":
        messages: list[Message] = [{"role": "system", "content": system}, {"role": "user", "content": first}]
        for turn in _turns(texts, rng, case.messages - 3, openai=True):
            if isinstance(turn, Talk):
                messages += [{"role": "assistant", "content": turn.reply}, {"role": "user", "content": turn.prompt}]
                continue
            ids_here = [call_id("call_") for _ in turn.calls]
            calls = [
                {"id": i, "type": "function", "function": {"name": c.name, "arguments": json.dumps(c.args)}}
                for i, c in zip(ids_here, turn.calls, strict=True)
            ]
            messages.append({"role": "assistant", "content": turn.text or None, "tool_calls": calls})
            messages += [
                {"role": "tool", "tool_call_id": i, "content": c.result}
                for i, c in zip(ids_here, turn.calls, strict=True)
            ]
        messages.append({"role": "assistant", "content": texts.prose_text(rng, 800)})
        history = History("openai", messages)
    else:
        messages = [{"role": "user", "content": first}]
        for turn in _turns(texts, rng, case.messages - 2, openai=False):
            if isinstance(turn, Talk):
                messages.append({"role": "assistant", "content": [{"type": "text", "text": turn.reply}]})
                messages.append({"role": "user", "content": turn.prompt})
                continue
            ids_here = [call_id("toolu_") for _ in turn.calls]
            content: list[dict[str, Any]] = [{"type": "text", "text": turn.text}] if turn.text else []
            content += [
                {"type": "tool_use", "id": i, "name": c.name, "input": c.args}
                for i, c in zip(ids_here, turn.calls, strict=True)
            ]
            results: list[dict[str, Any]] = []
            for i, c in zip(ids_here, turn.calls, strict=True):
                results.append({"type": "tool_result", "tool_use_id": i, "content": c.result})
                if c.is_error:
                    results[-1]["is_error"] = True
            messages += [{"role": "assistant", "content": content}, {"role": "user", "content": results}]
        messages.append({"role": "assistant", "content": [{"type": "text", "text": texts.prose_text(rng, 800)}]})
        history = History("anthropic", messages, system=system)
    assert len(history.messages) == case.messages, (len(history.messages), case.messages)
    for k in range(extra):  # the agent's next turns: the user speaks, then the assistant answers
        text = texts.prose_text(rng, rng.randint(100, 600))
        if k % 2 == 0:
            history.extra.append({"role": "user", "content": text})
        elif case.format == "openai":
            history.extra.append({"role": "assistant", "content": text})
        else:
            history.extra.append({"role": "assistant", "content": [{"type": "text", "text": text}]})
    return history


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

    def __init__(self, workdir: Path) -> None:
        self.workdir, self.count = workdir, 0

    def new(self) -> Session:
        self.count += 1
        limits = Limits(max_result_bytes=MAX_RESULT_BYTES)
        return Session(root=self.workdir / f"store-{self.count}", session=SESSION, env={}, limits=limits)

    @staticmethod
    def drop(session: Session) -> None:
        shutil.rmtree(session.settings.root, ignore_errors=True)


def _compact(session: Session, history: History, messages: list[Message], target: int) -> Compaction:
    return session.compact_history(messages=messages, target_tokens=target, strategy="auto", system=history.system)


def _target(history: History, stores: Stores) -> tuple[int, int]:
    """The history's token count in the library's own terms (untimed, in a throwaway Session), and the target."""
    probe = stores.new()
    try:
        before = _compact(probe, history, history.messages, 10**12).tokens_before
    finally:
        stores.drop(probe)
    return before, int(before * TARGET_FRACTION)


def _check(result: Compaction, target: int, what: str) -> None:
    """A fast wrong answer is not a result."""
    if not result.compacted or not result.fits or not result.messages:
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


def _too_large(session: Session, result: Compaction) -> list[str]:
    """Results this call stored above the default size limit: with default Limits the call would have failed."""
    default = Limits().max_result_bytes
    out = []
    for what, stored in (
        ("archive of removed/shortened messages", result.archive),
        ("compacted history", result.history),
    ):
        if stored is not None and (size := session.info(stored.handle).bytes) > default:
            out.append(
                f"the {what} it stores is {size / MiB:,.0f} MiB, above the default max_result_bytes "
                f"({default / MiB:,.0f} MiB): with default Limits this call fails with TooLarge after doing its work"
            )
    return out


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
    rows.append(Row(OPS[1], case, times, peak, f"≈{before:,} → ≈{after:,}", [note]))
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
        elapsed, first = timed(partial(_compact, session, history, messages, target))
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
        *_too_large(session, first),
        *_skipped_trace(times, budget),
    ]
    rows.append(Row(OPS[2], case, times, peak, f"{first.tokens_before:,} → {first.tokens_after:,}", first_notes))

    # re-compaction: the agent's next turns, one new message each, in the same Session
    times, previous, current, result = [], first, list(messages), first
    prefixes: list[tuple[int, int]] = []
    hits, misses = session.accountant.hits, session.accountant.misses
    for extra in history.extra:
        current = current + [extra]
        if not budget.more(times):
            break
        elapsed, result = timed(partial(_compact, session, history, current, target))
        times.append(elapsed)
        _check(result, target, f"{label} re-compaction")
        prefixes.append((_common_prefix(previous.messages, result.messages), len(previous.messages)))
        previous = result
    counted, cached = session.accountant.misses - misses, session.accountant.hits - hits
    peak = traced_peak(partial(_compact, session, history, current, target)) if budget.traced(times) else None
    kept, of = min(prefixes)
    again_notes = [
        f"{len(times)} turn(s) counted {counted:,} message(s) afresh and {cached:,} from the cache; layers: "
        f"{_layers(result)}; each output kept at least {kept:,} of the previous output's {of:,} messages "
        "unchanged at its start (the host's prompt cache)",
        *_skipped_trace(times, budget),
    ]
    rows.append(Row(OPS[3], case, times, peak, f"{result.tokens_before:,} → {result.tokens_after:,}", again_notes))
    stores.drop(session)
    return rows


# the report ----------------------------------------------------------------------------------------------


def table(rows: list[Row]) -> str:
    header = ["operation", "history", "messages", "n", "median", "py peak MiB", "tokens before → after"]
    header += ["vs json", "vs window"]
    base = {(r.case, r.op): r.median for r in rows}
    lines = [header]
    for op in OPS:
        for r in (r for r in rows if r.op == op):
            vs_json = r.median / base[(r.case, OPS[0])]
            vs_window = r.median / base[(r.case, OPS[1])]
            lines.append(
                [
                    r.op,
                    r.case.name,
                    f"{r.case.messages:,}",
                    str(len(r.times)),
                    duration(r.median),
                    f"{r.py_peak_mib:,.1f}" if r.py_peak_mib is not None else "-",
                    r.tokens,
                    "1 (base)" if op == OPS[0] else f"×{vs_json:,.1f}",
                    "1 (base)" if op == OPS[1] else ("" if op == OPS[0] else f"×{vs_window:,.1f}"),
                ]
            )
    return align(lines, left=2)


def ratios(rows: list[Row]) -> str:
    out = []
    for first in (r for r in rows if r.op == OPS[2]):
        again = next(r for r in rows if r.op == OPS[3] and r.case == first.case)
        ratio = again.median / first.median
        verdict = "ok" if ratio < RATIO_GOAL else f"ABOVE the goal of {RATIO_GOAL:g}"
        out.append(
            f"re-compaction / first, {first.case.name}: {duration(again.median)} / {duration(first.median)} = "
            f"{ratio:.3f}  ({verdict})"
        )
    return "\n".join(out)


def notes(rows: list[Row], budget: Budget) -> str:
    out = [f"{r.case.name}, {r.op}: {note}" for r in rows for note in r.notes]
    out.append(
        f"median of n runs (up to {budget.reps}, fewer once an operation has taken {budget.seconds:g} s); first "
        "compactions each in a fresh Session and store, re-compactions each one message longer than the last; "
        "py peak = tracemalloc peak of one extra untimed call, not counting the input; 'vs' columns divide by the "
        f"baselines on the same history; max_result_bytes raised to {MAX_RESULT_BYTES / MiB:,.0f} MiB"
    )
    return "\n".join(out)


def profile(case: Case, history: History, stores: Stores, top: int) -> str:
    """cProfile of one first compaction and one re-compaction of ``case``: where the time goes."""
    _, target = _target(history, stores)
    session = stores.new()
    out = io.StringIO()
    for what, messages in (
        ("first compaction", history.messages),
        ("re-compaction", history.messages + history.extra[:1]),
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


def _scratch(chosen: Path | None) -> Path:
    """Memory-backed by default (``/dev/shm``): fsync there costs nothing, so the figures are the library's own
    work and do not swing with a shared disk's load; ``--tmpdir`` on a disk includes the fsyncs of every stored
    result."""
    if chosen is None and SHM.is_dir() and os.access(SHM, os.W_OK):
        chosen = SHM
    return Path(tempfile.mkdtemp(prefix="mcp-context-compaction-", dir=chosen))


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.compaction", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="1K and 10K messages only (no 100K)")
    parser.add_argument(
        "--sizes", help=f"OpenAI history sizes to run, of {', '.join(c.label for c in FULL)} (default: all of them)"
    )
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per operation (default 3)")
    parser.add_argument(
        "--budget",
        type=float,
        default=270.0,
        help="seconds of timed runs per operation before fewer than --repeat are taken (default 270)",
    )
    parser.add_argument(
        "--trace-limit",
        type=float,
        default=30.0,
        help="skip an operation's tracemalloc pass when one run took longer than this (default 30 s)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-trace", action="store_true", help="skip the tracemalloc passes (faster)")
    parser.add_argument("--no-anthropic", action="store_true", help="skip the Anthropic-format history")
    parser.add_argument("--profile", action="store_true", help="also cProfile the largest history (slow at 100K)")
    parser.add_argument("--top", type=int, default=25, help="profile entries to print (default 25)")
    parser.add_argument(
        "--tmpdir", type=Path, help=f"where the stores go (default {SHM} if writable, else the system temp)"
    )
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    known = {c.label.upper(): c for c in FULL}
    chosen = (args.sizes or "").upper().replace(" ", "").split(",") if args.sizes else None
    if chosen is not None and not set(chosen) <= set(known):
        parser.error(f"--sizes takes {', '.join(known)}; got {args.sizes!r}")
    args.cases = [known[k] for k in chosen] if chosen else list(QUICK if args.quick else FULL)
    if not args.no_anthropic:
        args.cases.append(ANTHROPIC)
    return args


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    cases: list[Case] = args.cases
    budget = Budget(args.repeat, args.budget, not args.no_trace, args.trace_limit)
    started = time.perf_counter()
    texts = Texts(random.Random(f"{args.seed}-texts"))
    workdir = _scratch(args.tmpdir)
    stores = Stores(workdir)
    rows: list[Row] = []
    profiled = ""
    try:
        for case in cases:
            history = build_history(texts, case, args.seed, extra=args.repeat + 2)
            print(f"{case.name}: {len(history.messages):,} messages built; measuring ...", file=sys.stderr)
            rows += measure_case(case, history, stores, budget)
            if args.profile and case == max(cases, key=lambda c: c.messages):
                print(f"{case.name}: profiling ...", file=sys.stderr)
                profiled = profile(case, history, stores, args.top)
            del history
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    print(table(rows))
    print()
    print(ratios(rows))
    print(notes(rows, budget))
    kind = "memory-backed, fsync is free" if workdir.is_relative_to(SHM) else "fsync included"
    print(f"stores in {workdir.parent} ({kind}); whole run {time.perf_counter() - started:.0f} s")
    if profiled:
        print(profiled)
    return 0


if __name__ == "__main__":
    sys.exit(main())
