"""``python -m benchmarks [--quick] [--only persistence,roundtrip]``: every benchmark in one run, one table.

Each section measures the library against a baseline in the same run, on the same machine and data:

    persistence   persist a log file and read pages back (1 MiB, and 100 MiB unless --quick) against raw
                  file I/O on the same bytes
    compaction    compact_history on 1K and 10K-message histories (and a 10K Anthropic one unless --quick)
                  against a naive sliding window; a re-compaction against the first compaction
    loops         the chanting detector against Gemini CLI's algorithm on the same stream, and one loop check
    roundtrip     mcp-context serve's start-up and small tool calls over stdio against a minimal server on
                  the same SDK with one echo tool (targets: round trip ×1.2, start-up ×1.3)
    retention     summary retention (facts kept, tokens saved) against a sliding window, when
                  benchmarks/retention.py is present
    prefix        prompt-cache prefix kept by compact_history as a history grows, against Anthropic's context
                  editing simulated on the same steps
    memory        the server's peak memory growth while it persists a 60 MB result sent over stdio (20 MB with
                  --quick), and the CLI's on the same text from stdin, as a ratio to the text's size (target ×2)
    fidelity      summary fidelity by probe on planted facts and real failure outputs, and on recorded host
                  transcripts, against the last N tokens of the history
    hooks         each host hook's wall time, spawn included, against ``python -c pass``
    ui            mcp-context ui's pages of a 10K-message session over HTTP, against the HTTP round trip and the
                  store's listing of the session's results (goal: each under 1 s)
    tokens        the token estimate against the real o200k_base count per kind of text (needs the reference
                  encoding: ``pip install -e '.[bench]'``; otherwise a note)
    peers         storing, needle lookups and the search across 20 results against context-mode over stdio
                  (benchmarks/peers.py; mcp-context alone when context-mode is not installed)

After the table, the goals (goals.py): each figure against its goal and what this tree holds; ``--check``
exits 1 when one falls behind that by more than noise, a regression check to run by hand, never a test.

``--quick`` takes about 2 minutes on 2 CPUs, the default about 4. Each section is also a command of its
own with more options and a detailed table: ``python -m benchmarks.persistence --sizes 1G``,
``python -m benchmarks.compaction --sizes 100K``, ``python -m benchmarks.loops``,
``python -m benchmarks.roundtrip --runs 21``, ``python -m benchmarks.memory --runs 5``.
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import sys
import time
import traceback
from pathlib import Path
from typing import Any

from . import goals
from .report import align, duration

# Each section, and what its peak-memory figure is.
SECTIONS = {
    "persistence": "peak RSS of the process running the operation",
    "compaction": "Python's peak allocations during one call (tracemalloc), not counting the input",
    "loops": "Python's peak allocations during one run (tracemalloc); Gemini's over the first 20 KB",
    "roundtrip": "peak RSS (VmHWM) of the server process",
    "retention": "Python's peak allocations during one summary (tracemalloc)",
    "fidelity": "not measured (the section measures what summaries keep)",
    "prefix": "not measured (the section counts cache breaks)",
    "memory": "growth of the process's VmHWM above its VmRSS just before the call (its ratio: to the text's size)",
    "hooks": "not measured (the section times whole processes)",
    "tokens": "not measured (the section compares token figures)",
    "ui": "not measured (the section times pages of mcp-context ui over HTTP)",
    "peers": "not measured here (python -m benchmarks.peers prints each server's)",
}
KEYS = ("operation", "size", "median_s", "peak_mib", "baseline", "ratio", "result")
HEADER = ["operation", "size", "median time", "peak memory", "baseline", "ratio", "result"]


def run_section(name: str, quick: bool) -> tuple[list[dict[str, Any]], str | None]:
    """A section's rows, imported only now (a missing or broken section never stops the others), and a note
    when it was skipped or failed."""
    if not Path(__file__).with_name(f"{name}.py").exists():
        return [], f"{name}: skipped, benchmarks/{name}.py is not there"
    try:
        module = importlib.import_module(f".{name}", __package__)
        rows: list[dict[str, Any]] = module.rows(quick)
    except (Exception, SystemExit) as exc:  # a section that finds a wrong answer exits; the others still run
        traceback.print_exc()
        first = str(exc).strip().splitlines()[:1]
        return [], f"{name}: FAILED, {type(exc).__name__}" + (f": {first[0]}" if first else "")
    for row in rows:
        if missing := [k for k in KEYS if k not in row]:
            return [], f"{name}: FAILED, a row lacks {', '.join(missing)}: {row}"
    return rows, None


def ratio_text(ratio: float | None) -> str:
    if ratio is None:
        return "-"
    return f"×{ratio:,.0f}" if ratio >= 100 else f"×{ratio:.2f}" if ratio >= 0.1 else f"×{ratio:.2g}"


def cells(rows: list[dict[str, Any]]) -> list[list[str]]:
    lines = [HEADER]
    for r in rows:
        lines.append(
            [
                str(r["operation"]),
                str(r["size"]),
                duration(r["median_s"]) if r["median_s"] is not None else "-",
                f"{r['peak_mib']:,.1f} MiB" if r["peak_mib"] is not None else "-",
                str(r["baseline"]),
                ratio_text(r["ratio"]),
                str(r["result"]),
            ]
        )
    return lines


def table(rows: list[dict[str, Any]]) -> str:
    return align(cells(rows), left=2, texts=(4, 6))


def _markdown_row(cells: list[str]) -> str:
    return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"


def markdown(lines: list[list[str]]) -> str:
    """A table for the documentation: every cell as the terminal table shows it, pipes escaped."""
    rows = [lines[0], ["---"] * len(lines[0]), *lines[1:]]
    return "\n".join(_markdown_row(r) for r in rows)


def write_report(path: Path, rows: list[dict[str, Any]], notes: list[str], about: str, command: str) -> None:
    """The figures page of the documentation, from this run only: nothing in it is typed by hand."""
    goal_lines, _ = goals.table(rows)
    text = "\n\n".join(
        [
            "# Figures",
            f"Written by `{command}` on {time.strftime('%Y-%m-%d')}: {about}. Regenerate it with the same "
            "command; the methods are in [Performance](performance.md).",
            "## Operations",
            markdown(cells(rows)),
            "## Goals",
            markdown(goal_lines),
            *(["## Notes", "\n".join(f"- {n}" for n in notes)] if notes else []),
        ]
    )
    path.write_text(text + "\n", encoding="utf-8")


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller sizes and fewer runs: about 2-3 minutes")
    parser.add_argument("--only", help=f"comma-separated sections to run, of {', '.join(SECTIONS)} (default: all)")
    parser.add_argument(
        "--check", action="store_true", help="exit 1 when a goal's figure falls behind what the tree holds (goals.py)"
    )
    parser.add_argument("--report", metavar="PATH", help="also write the figures as a Markdown page (docs/figures.md)")
    args = parser.parse_args(argv)
    chosen = [s.strip() for s in args.only.split(",") if s.strip()] if args.only else list(SECTIONS)
    if unknown := [s for s in chosen if s not in SECTIONS]:
        parser.error(f"--only takes {', '.join(SECTIONS)}; got {', '.join(unknown)}")
    args.sections = [s for s in SECTIONS if s in chosen]
    return args


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    rows: list[dict[str, Any]] = []
    notes: list[str] = []
    took: list[str] = []
    failed = False
    for name in args.sections:
        print(f"== {name}", file=sys.stderr, flush=True)
        start = time.perf_counter()
        got, note = run_section(name, args.quick)
        took.append(f"{name} {time.perf_counter() - start:.0f} s")
        rows += got
        if note is not None:
            notes.append(note)
            failed = failed or "FAILED" in note
            print(note, file=sys.stderr, flush=True)
    regressed = False
    if rows:
        print(table(rows))
        print()
        lines, regressed = goals.table(rows)
        print(align(lines, left=1, texts=(2, 3)))
        print()
    print(
        "median time: median of several runs; ratio: median / the baseline's median, both measured in this run "
        "(below 1 is faster); '-': the row is a baseline or has none"
    )
    for name in args.sections:
        print(f"peak memory, {name}: {SECTIONS[name]}")
    for note in notes:
        print(note)
    about = (
        f"{'quick' if args.quick else 'default'} run on {os.cpu_count()} CPUs, Python {platform.python_version()}, "
        f"{platform.system()} {platform.release()}; took {', '.join(took)}"
    )
    print(about)
    if args.report and rows:
        command = "python -m benchmarks " + " ".join(argv if argv is not None else sys.argv[1:])
        write_report(Path(args.report), rows, notes, about, command.strip())
        print(f"figures written to {args.report}")
    return 1 if failed or not rows or (args.check and regressed) else 0


if __name__ == "__main__":
    sys.exit(main())
