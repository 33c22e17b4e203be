"""``python -m benchmarks.persistence``: persist 1 MiB, 100 MiB and 1 GiB of log text, read pages back, print
one table against raw file I/O on the same bytes.

The claims under test: ``persist_file`` streams a file of any size with flat memory at close to disk speed,
and a page read through the checkpoint index costs the same at 1 GiB as at 1 MiB. Each operation is
compared with the cheapest raw equivalent measured in the same run on the same file (see plans.py). Every
operation runs in its own process (see measure.py), with the files it reads warmed or evicted before each
timed call (see cache.py).

Options: ``--sizes 1M,100M`` (or ``--quick``) to choose sizes, ``--repeat`` for whole-file repetitions,
``--samples`` for page reads, ``--cold`` to read from disk rather than the page cache, ``--no-trace`` to
skip the tracemalloc pass, ``--tmpdir`` for the scratch space. Everything written goes into one temporary
directory that is removed at the end, even on failure.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .cache import can_evict
from .corpus import Corpus, generate
from .measure import MiB, Outcome, merge, run_isolated
from .plans import MAX_RESULT_BYTES, OPS, Params
from .report import ROWS, WHOLE_FILE, notes, scaling, table

_UNITS = {"K": 1024, "M": 1024**2, "G": 1024**3}
DEFAULT_SIZES = "1M,100M,1G"
QUICK_SIZES = "1M,100M"
# Bytes of free disk needed per byte of corpus: the corpus, the raw copy, the stored text and a spool.
DISK_FACTOR = 4
# Short operations (a few ms in all) run in this many processes, their samples pooled: one process can land
# on a slow stretch of a shared machine and shift every sample it takes.
SHORT_OP_PROCESSES = 3
SHORT_OPS = frozenset({"raw_seek", "page_start", "page_middle", "page_end", "page_chars"})

Results = dict[str, tuple[int, dict[str, Outcome]]]


# driving one size ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Options:
    reps: int | None  # whole-file repetitions; None: 5, or 3 from 1 GiB up
    samples: int  # page and seek samples (random positions)
    seed: int
    trace: bool
    cold: bool  # evict the inputs from the page cache before each timed call, instead of warming them


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def run_size(size: int, label: str, workdir: Path, options: Options) -> dict[str, Outcome]:
    """Generate one corpus, measure every operation on it in its own process, then delete its files."""
    directory = workdir / label
    directory.mkdir()
    try:
        _log(f"[{label}] generating {size:,} bytes of log text")
        corpus: Corpus = generate(directory / "corpus.log", size, options.seed)
        params: Params = {
            "file": str(corpus.path),
            "store": str(directory / "store"),
            "scratch": str(directory),
            "corpus": {k: v for k, v in asdict(corpus).items() if k != "path"},
            "reps": options.reps or (3 if size >= 1024**3 else 5),
            "samples": options.samples,
            "seed": options.seed,
            "trace": options.trace,
            "cold": options.cold,
            "handle": None,
        }
        outcomes: dict[str, Outcome] = {}
        for op in OPS:
            if op == "floor":
                continue
            _log(f"[{label}] {op}")
            processes = SHORT_OP_PROCESSES if op in SHORT_OPS else 1
            outcomes[op] = merge([run_isolated(op, params | {"process": i}) for i in range(processes)])
            if op == "raw_write":
                (directory / "raw-copy").unlink(missing_ok=True)  # free the disk before the store fills it
            if op == "persist":
                params["handle"] = outcomes[op].info["handle"]
        return outcomes
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def measure_floor(workdir: Path, options: Options) -> Outcome:
    params = {"store": str(workdir / "floor-store"), "seed": options.seed, "trace": False, "cold": False}
    return run_isolated("floor", params)


def measure_sizes(
    sizes: list[tuple[str, int]], options: Options, tmpdir: Path | None
) -> tuple[Results, Outcome, dict[str, str]]:
    """Every size in one temporary directory, removed at the end; a size the disk cannot hold is skipped (and
    named, with the reason, in the last value)."""
    workdir = Path(tempfile.mkdtemp(prefix="mcp-context-bench-", dir=tmpdir))
    results: Results = {}
    skipped: dict[str, str] = {}
    try:
        floor = measure_floor(workdir, options)
        for label, size in sizes:
            free = shutil.disk_usage(workdir).free
            if free < DISK_FACTOR * size:
                skipped[label] = (
                    f"skipped {label}: needs {DISK_FACTOR * size / 1024**3:.1f} GiB free in {workdir.parent}, "
                    f"only {free / 1024**3:.1f} GiB available"
                )
                _log(skipped[label])
                continue
            results[label] = (size, run_size(size, label, workdir, options))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return results, floor, skipped


# the suite's rows ----------------------------------------------------------------------------------------

SUITE_SIZES = {True: (1024**2,), False: (1024**2, 100 * 1024**2)}  # quick, default; 1 GiB only by main()
_TITLES = {op: title.removesuffix(" (baseline)") for op, title, _ in ROWS}


def rows(quick: bool) -> list[dict[str, Any]]:
    """The suite's rows (see benchmarks/__main__.py): every operation at 1 MiB, and 100 MiB unless quick."""
    options = Options(reps=None, samples=25, seed=1, trace=False, cold=False)
    results, _, skipped = measure_sizes([(size_label(s), s) for s in SUITE_SIZES[quick]], options, None)
    smallest = min(results, key=lambda k: results[k][0], default="")
    out: list[dict[str, Any]] = []
    for op, title, base in ROWS:
        for label, (size, got) in results.items():
            outcome = got[op]
            result = [f"{size / MiB / outcome.median:,.0f} MiB/s"] if op in WHOLE_FILE else []
            if op.startswith("page_") and label != smallest:
                result.append(f"×{outcome.median / results[smallest][1][op].median:.2f} of {smallest}'s time")
            out.append(
                {
                    "operation": title,
                    "size": label,
                    "median_s": outcome.median,
                    "peak_mib": outcome.rss_mib,
                    "baseline": "-" if base is None else _TITLES[base],
                    "ratio": None if base is None else outcome.median / got[base].median,
                    "result": ", ".join(result),
                }
            )
    for label, message in skipped.items():
        out.append(
            {
                "operation": "persistence (every operation)",
                "size": label,
                "median_s": None,
                "peak_mib": None,
                "baseline": "-",
                "ratio": None,
                "result": message,
            }
        )
    return out


# the command ---------------------------------------------------------------------------------------------


def parse_size(text: str) -> int:
    """``1M`` is 1 MiB: binary units, because page and segment sizes in the library are binary too."""
    text = text.strip().upper().removesuffix("B").removesuffix("I")
    unit = _UNITS.get(text[-1:], 1)
    number = text[:-1] if text[-1:] in _UNITS else text
    try:
        value = int(float(number) * unit)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a size: {text!r} (try 1M, 100M, 1G)") from None
    if not 1024 <= value <= MAX_RESULT_BYTES:
        raise argparse.ArgumentTypeError(f"size {text!r} is out of range: 1K to {size_label(MAX_RESULT_BYTES)}")
    return value


def size_label(size: int) -> str:
    """The shortest exact name of a size: ``1G``, ``100M``, ``1536K``; it also names the size's directory."""
    for suffix, unit in sorted(_UNITS.items(), key=lambda item: -item[1]):
        if size % unit == 0:
            return f"{size // unit}{suffix}"
    return str(size)


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.persistence", description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default=DEFAULT_SIZES, help=f"comma-separated sizes (default {DEFAULT_SIZES})")
    parser.add_argument("--quick", action="store_true", help=f"same as --sizes {QUICK_SIZES}")
    parser.add_argument("--repeat", type=int, help="whole-file repetitions (default 5, 3 from 1 GiB up)")
    parser.add_argument(
        "--samples",
        type=int,
        default=25,
        help=f"random positions per page read, in each of {SHORT_OP_PROCESSES} processes (default 25)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cold", action="store_true", help="evict files from the page cache before each timed call")
    parser.add_argument("--no-trace", action="store_true", help="skip the tracemalloc pass (faster)")
    parser.add_argument("--tmpdir", type=Path, help="where to write the corpus and the store (default: system temp)")
    args = parser.parse_args(argv)
    if args.samples < 5:
        parser.error("--samples must be at least 5: a median of fewer says little")
    if args.cold and not can_evict():
        parser.error("--cold needs posix_fadvise, which this system lacks")
    if args.repeat is not None and args.repeat < 1:
        parser.error("--repeat must be at least 1")
    try:
        sizes = sorted({parse_size(s) for s in (QUICK_SIZES if args.quick else args.sizes).split(",")})
    except argparse.ArgumentTypeError as exc:
        parser.error(str(exc))
    args.size_list = [(size_label(size), size) for size in sizes]
    return args


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    options = Options(reps=args.repeat, samples=args.samples, seed=args.seed, trace=not args.no_trace, cold=args.cold)
    results, floor, skipped = measure_sizes(args.size_list, options, args.tmpdir)
    if results:
        print(table(results))
        print()
        print(scaling(results))
        print(notes(results, floor, cold=args.cold))
    for message in skipped.values():
        print(message)
    return 0 if results else 1


if __name__ == "__main__":
    sys.exit(main())
