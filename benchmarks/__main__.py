"""``python -m benchmarks``: persist 1 MiB, 100 MiB and 1 GiB of log text, read pages back, print one table.

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
from pathlib import Path

from .cache import can_evict
from .measure import Outcome
from .persistence import DISK_FACTOR, MAX_RESULT_BYTES, SHORT_OP_PROCESSES, Options, measure_floor, run_size
from .report import notes, scaling, table

_UNITS = {"K": 1024, "M": 1024**2, "G": 1024**3}
DEFAULT_SIZES = "1M,100M,1G"
QUICK_SIZES = "1M,100M"


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
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.split("\n\n")[0])
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
    workdir = Path(tempfile.mkdtemp(prefix="mcp-context-bench-", dir=args.tmpdir))
    results: dict[str, tuple[int, dict[str, Outcome]]] = {}
    skipped: list[str] = []
    try:
        floor = measure_floor(workdir, options)
        for label, size in args.size_list:
            free = shutil.disk_usage(workdir).free
            if free < DISK_FACTOR * size:
                skipped.append(
                    f"skipped {label}: needs {DISK_FACTOR * size / 1024**3:.1f} GiB free in {workdir.parent}, "
                    f"only {free / 1024**3:.1f} GiB available"
                )
                print(skipped[-1], file=sys.stderr)
                continue
            results[label] = (size, run_size(size, label, workdir, options))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    if results:
        print(table(results))
        print()
        print(scaling(results))
        print(notes(results, floor, cold=args.cold))
    for message in skipped:
        print(message)
    return 0 if results else 1


if __name__ == "__main__":
    sys.exit(main())
