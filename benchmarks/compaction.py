"""``python -m benchmarks.compaction [--quick]``: how long compact_history takes on long agent histories.

What is measured, for OpenAI-format histories of 1K, 10K and 100K messages (``--quick``: 1K and 10K) and one
Anthropic-format history of 10K messages:

    first compaction     ``Session.compact_history(strategy="auto")`` to half the history's own token count,
                         each run in a fresh Session and a fresh store, so no token-count cache, no stored
                         results and no replacement state help it
    re-compaction        the agent's next turn: the same Session as a first run, input = previous input + one
                         message, either the same objects again (a Python agent's own list) or decoded afresh
                         into new objects before each call (untimed), as a server receives every request. The
                         redaction memo, the parse memo, the Accountant's cache, the saved replacement state and
                         the piece memo should make this a small fraction of the first run; the ratio of the
                         decoded one is printed per size (goal: at most ×0.05 of the first)

against two baselines measured in the same run on the same history:

    json round-trip      ``json.loads(json.dumps(messages))``: the unavoidable cost of receiving the history
                         over MCP (or any JSON transport), and a floor no compactor can beat
    naive window         drop the oldest messages until a characters/4 estimate fits the same target: what a
                         host does with no compactor at all (it may split a call from its result, which the
                         library never does, and it stores nothing); goal: a first compaction at most ×10 of it

Histories are synthetic in shape but made of real text from this machine: slices of the Python standard
library's sources as tool results and call arguments, its docstrings as what the user and assistant say
(see histories.py).

Times are medians of ``--repeat`` runs (fewer once one operation has used ``--budget`` seconds: a first
compaction of 100K messages takes minutes). The peak is Python's own allocations during one extra call under
``tracemalloc``, never overlapping the timed runs (tracing slows them several times over), not counting the
input history; it is skipped for an operation whose single run exceeds ``--trace-limit``. The stores live in
one temporary directory, on ``/dev/shm`` by default so that fsync (four per stored result) costs nothing and
the figures are the library's own work rather than a shared disk's mood; ``--tmpdir`` on a disk includes it.
The directory is removed at the end, even on failure. ``--profile`` adds a cProfile of one first compaction
and one re-compaction of the largest history. ``--check`` exits with 1 when a ratio misses its goal by more than
a shared machine's noise (``NOISE``): the regression check, run by hand, never as a timed unit test.
``--no-redact`` runs every Session with redaction off: what the library costs without it (the default store
redacts the whole history on every call, and every stored result again), to see what bounds the rows.

What bounds them (10K OpenAI messages, 22 MiB of JSON, stores on /dev/shm, ~2.9-3.3 s; py-spy samples of four
first compactions): the token estimate of the history's 16K blocks, 19%, and redacting the history, 15% (every
message is new to the Session): about 1.1 s together, the naive window's x10 on their own; storing the 2,303
cleared results, 26% (three files each, their hashes and line indexes); the two archives, 20% (the lines made,
redacted again as JSON, since a key named "token" may hold a value redaction of the messages alone left, and
stored, their pieces counted by a sparse estimate); previews of the stored results, 9%. A re-compaction (~100
ms, each request decoded afresh as a server gets it) redacts only the new message (the Session's memo of
untouched messages), takes the messages it parsed of the last request again for equal items (see ParseMemo;
on trust, as the request is handed over), takes the last call's replay again (see reuse/memos.py) and
resumes validation where the last call's stood (see reuse.memos.Checkpoints); what is left is keying each message
by its marshal spelling, rendering and the stored history's lines, less than receiving the same request as
JSON costs.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from .compaction_measure import OPS, Budget, Row, Stores, measure_case, profile
from .histories import Case, Texts, build_history
from .report import align, duration

#: Goals (issue 21): a first compaction at most ×10 the naive window, a re-compaction at most ×0.05 the first.
WINDOW_GOAL = 10.0
RATIO_GOAL = 0.05
#: How far a ratio may stray above its goal before --check fails: a shared 2-CPU machine moves figures by ±30%.
NOISE = 0.3
SHM = Path("/dev/shm")

FULL = (Case("1K", "openai", 1_000), Case("10K", "openai", 10_000), Case("100K", "openai", 100_000))
QUICK = FULL[:2]
ANTHROPIC = Case("10K", "anthropic", 10_000)


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


def goals(rows: list[Row]) -> list[tuple[str, str, float, float]]:
    """Each history's two ratios against their goals: (what, figures, ratio, goal)."""
    base = {(r.case, r.op): r for r in rows}
    out = []
    for first in (r for r in rows if r.op == OPS[2]):
        window, again = base[(first.case, OPS[1])], base[(first.case, OPS[3])]
        for what, r, of, goal in (
            ("first / naive window", first, window, WINDOW_GOAL),
            ("re-compaction / first", again, first, RATIO_GOAL),
        ):
            figures = f"{duration(r.median)} / {duration(of.median)}"
            out.append((f"{what}, {first.case.name}", figures, r.median / of.median, goal))
    return out


def ratios(rows: list[Row]) -> str:
    out = []
    for what, figures, ratio, goal in goals(rows):
        verdict = "met" if ratio <= goal else f"MISSED, goal ×{goal:g}"
        verdict += ", beyond noise" if ratio > goal * (1 + NOISE) else ""
        out.append(f"{what}: {figures} = ×{ratio:.3g}  ({verdict})")
    return "\n".join(out)


def regressions(rows: list[Row]) -> list[str]:
    """The ratios above their goal by more than NOISE: what --check fails on."""
    over = [(what, ratio, goal) for what, _, ratio, goal in goals(rows) if ratio > goal * (1 + NOISE)]
    return [f"{what}: ×{ratio:.3g}, goal ×{goal:g}" for what, ratio, goal in over]


def notes(rows: list[Row], budget: Budget) -> str:
    out = [f"{r.case.name}, {r.op}: {note}" for r in rows for note in r.notes]
    out.append(
        f"median of n runs (up to {budget.reps}, fewer once an operation has taken {budget.seconds:g} s); first "
        "compactions each in a fresh Session and store, re-compactions each one message longer than the last; "
        "py peak = tracemalloc peak of one extra untimed call, not counting the input; 'vs' columns divide by the "
        "baselines on the same history; default limits (an archive above 64 MiB is stored in pieces)"
    )
    return "\n".join(out)


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
    parser.add_argument("--no-redact", action="store_true", help="Sessions with redaction off (it is on by default)")
    parser.add_argument("--profile", action="store_true", help="also cProfile the largest history (slow at 100K)")
    parser.add_argument("--top", type=int, default=25, help="profile entries to print (default 25)")
    parser.add_argument(
        "--check",
        action="store_true",
        help=f"exit 1 when a ratio misses its goal by more than {NOISE * 100:.0f}%% (noise)",
    )
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


def run(
    cases: list[Case], budget: Budget, seed: int, tmpdir: Path | None, top: int | None, redact: bool = True
) -> tuple[list[Row], str, Path]:
    """Every case, one history at a time, in one scratch directory removed at the end; ``top``: also profile
    the largest case. Returns the rows, the profile's text and where the scratch directory was."""
    texts = Texts(random.Random(f"{seed}-texts"))
    workdir = _scratch(tmpdir)
    stores = Stores(workdir, redact)
    rows: list[Row] = []
    profiled = ""
    try:
        for case in cases:
            history = build_history(texts, case, seed, extra=2 * (budget.reps + 2))
            print(f"{case.name}: {len(history.messages):,} messages built; measuring ...", file=sys.stderr)
            rows += measure_case(case, history, stores, budget)
            if top is not None and case == max(cases, key=lambda c: c.messages):
                print(f"{case.name}: profiling ...", file=sys.stderr)
                profiled = profile(case, history, stores, top)
            del history
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return rows, profiled, workdir.parent


# the suite's rows ----------------------------------------------------------------------------------------

SUITE_CASES = {True: QUICK, False: (*QUICK, ANTHROPIC)}  # quick, default; 100K only by main()


def rows(quick: bool) -> list[dict[str, Any]]:
    """The suite's rows (see benchmarks/__main__.py): baselines, first compaction and re-compaction per history.

    A first compaction is divided by the naive window, a re-compaction by the first compaction (the goal)."""
    measured, _, _ = run(list(SUITE_CASES[quick]), Budget(3, 270.0, True, 30.0), seed=1, tmpdir=None, top=None)
    base = {(r.case, r.op): r for r in measured}
    out = []
    for r in measured:
        kept = f"tokens out/in {r.kept:.2f}" if r.kept is not None else ""
        if r.op == OPS[0]:
            baseline, ratio, result = None, None, r.notes[0]
        elif r.op == OPS[1]:
            baseline, ratio, result = None, None, f"{kept} (characters/4)"
        elif r.op == OPS[2]:
            baseline, json = base[(r.case, OPS[1])], base[(r.case, OPS[0])]
            ratio = r.median / baseline.median
            result = f"{kept}, ×{r.median / json.median:.1f} of json round-trip, goal ×{WINDOW_GOAL:g}: "
            result += "met" if ratio <= WINDOW_GOAL else "MISSED"
        else:
            baseline = base[(r.case, OPS[2])]
            ratio = r.median / baseline.median
            result = f"{kept}, goal ×{RATIO_GOAL:g} of first: {'met' if ratio <= RATIO_GOAL else 'MISSED'}"
        out.append(
            {
                "operation": r.op,
                "size": f"{r.case.name} messages",
                "median_s": r.median,
                "peak_mib": r.py_peak_mib,
                "baseline": "-" if baseline is None else baseline.op.removesuffix(" (baseline)"),
                "ratio": ratio,
                "result": result,
            }
        )
    return out


# the command ---------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    budget = Budget(args.repeat, args.budget, not args.no_trace, args.trace_limit)
    started = time.perf_counter()
    top = args.top if args.profile else None
    measured, profiled, where = run(args.cases, budget, args.seed, args.tmpdir, top, not args.no_redact)
    print(table(measured))
    print()
    print(ratios(measured))
    print(notes(measured, budget))
    kind = "memory-backed, fsync is free" if where.is_relative_to(SHM) else "fsync included"
    redaction = "redaction OFF" if args.no_redact else "redaction on (the default)"
    print(f"stores in {where} ({kind}), {redaction}; whole run {time.perf_counter() - started:.0f} s")
    if profiled:
        print(profiled)
    missed = regressions(measured) if args.check else []
    for line in missed:
        print(f"REGRESSION: {line}", file=sys.stderr)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
