"""``python -m benchmarks.first_compaction --base DIR``: one first compaction, this tree against another checkout.

A first compaction (``compact_history`` on a history the Session has never seen) is the one call that counts
and redacts a whole history, so the cost of each rule and scan added to redaction shows there first. This
command builds the compaction benchmark's history once (benchmarks/histories.py, seed 1, OpenAI format), writes
it to a file, and has each tree compact it in a fresh process of its own (its package alone first on the path,
a fresh store on ``/dev/shm``), to the same target, alternating the trees run after run: the CPU time of the
call alone, median of ``--runs`` runs each, and the ratio. The fresh process is the point: a first compaction
in a long-lived process finds the rules compiled and the anchors' automata built, which a server's first
request or the CLI does not.

``--callgrind`` counts instructions instead (one run per tree under valgrind's callgrind, hash seed fixed, which
is slow but immune to a shared machine's load): each tree runs twice, once with the compaction and once
without it (the same imports, loading and Session), and the difference is the call's count.

``--base`` is the root of another checkout (a folder holding ``mcp_context``), such as a worktree of an older
commit; it is only read.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from .compaction import SHM
from .histories import Case, Texts, build_history

ROOT = Path(__file__).resolve().parent.parent
SIZES = {"1K": 1_000, "10K": 10_000}
TARGET_FRACTION = 0.5

#: What a child process runs: load the history, make a fresh Session, compact (or not, for callgrind's
#: subtraction), print the call's CPU seconds and what it answered, so a wrong answer cannot pass as a fast one.
_CHILD = """
import gc, json, sys, tempfile, time
from pathlib import Path
from mcp_context import Session
path, target, compact, scratch = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1", sys.argv[4]
with open(path, encoding="utf-8") as f:
    history = json.load(f)
with tempfile.TemporaryDirectory(dir=scratch) as root:
    session = Session(root=Path(root), session="bench", env={})
    gc.collect()
    start = time.process_time()
    done = None
    if compact:
        done = session.compact_history(
            messages=history["messages"], target_tokens=target, strategy="auto", system=history["system"],
            handed_over=True,
        )
    spent = time.process_time() - start
    answer = [done.tokens_before, done.tokens_after, len(done.messages)] if done is not None else None
print(json.dumps({"cpu": spent, "answer": answer}))
"""


def _history_file(size: str, into: Path) -> tuple[Path, int]:
    """The benchmark's history of ``size`` messages written as JSON, and the target: half its token count."""
    from mcp_context import Session

    history = build_history(Texts(random.Random("1-texts")), Case(size, "openai", SIZES[size]), 1, extra=0)
    with tempfile.TemporaryDirectory(dir=_scratch()) as root:
        probe = Session(root=Path(root), session="bench", env={})
        before = probe.compact_history(messages=history.messages, target_tokens=10**12, system=history.system)
    path = into / f"history-{size}.json"
    path.write_text(json.dumps({"messages": history.messages, "system": history.system}), encoding="utf-8")
    return path, int(before.tokens_before * TARGET_FRACTION)


def _scratch() -> str | None:
    """Memory-backed stores where there are (fsync costs nothing there): the library's own work is measured."""
    return str(SHM) if SHM.is_dir() and os.access(SHM, os.W_OK) else None


def _child(tree: Path, history: Path, target: int, compact: bool, wrap: list[str]) -> dict[str, object]:
    """One run in a fresh process with ``tree``'s package first on the path (run from a neutral folder, so this
    checkout's own package is not found first)."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    scratch = _scratch() or tempfile.gettempdir()
    command = [*wrap, sys.executable, "-c", _CHILD, str(history), str(target), "1" if compact else "0", scratch]
    done = subprocess.run(command, env=env, cwd=tempfile.gettempdir(), capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _callgrind(tree: Path, history: Path, target: int, out: Path) -> int:
    """Instructions of the compaction alone: a run with it less a run without it, both under callgrind."""
    counts = []
    for compact in (True, False):
        log = out / f"callgrind-{tree.name}-{int(compact)}.out"
        wrap = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={log}"]
        _child(tree, history, target, compact, wrap)
        counts.append(_instructions(log))
    return counts[0] - counts[1]


def _instructions(log: Path) -> int:
    for line in log.read_text().splitlines():
        if line.startswith("summary:") or line.startswith("totals:"):
            return int(line.split()[1])
    raise RuntimeError(f"no instruction total in {log}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.first_compaction", description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, required=True, help="root of the other checkout (holds mcp_context)")
    parser.add_argument("--size", default="10K", choices=sorted(SIZES), help="history size (default 10K)")
    parser.add_argument("--runs", type=int, default=7, help="runs per tree, alternating (default 7)")
    parser.add_argument("--callgrind", action="store_true", help="count instructions under valgrind instead")
    args = parser.parse_args(argv)
    if not (args.base / "mcp_context" / "__init__.py").is_file():
        parser.error(f"--base: no mcp_context package under {args.base}")
    trees = {"base": args.base.resolve(), "this": ROOT}
    with tempfile.TemporaryDirectory(prefix="first-compaction-") as scratch:
        history, target = _history_file(args.size, Path(scratch))
        print(f"{args.size} messages, target {target:,} tokens; base {trees['base']}", file=sys.stderr)
        if args.callgrind:
            counts = {name: _callgrind(tree, history, target, Path(scratch)) for name, tree in trees.items()}
            for name, count in counts.items():
                print(f"{name}: {count:,} instructions")
            print(f"this / base: ×{counts['this'] / counts['base']:.3f} (instructions, callgrind)")
            return 0
        times: dict[str, list[float]] = {name: [] for name in trees}
        answers: dict[str, object] = {}
        for run in range(args.runs):
            for name in trees if run % 2 == 0 else reversed(list(trees)):
                result = _child(trees[name], history, target, True, [])
                times[name].append(float(str(result["cpu"])))
                answers[name] = result["answer"]
    for name, spent in times.items():
        runs = ", ".join(f"{t:.2f}" for t in spent)
        print(f"{name}: median {statistics.median(spent):.3f} s CPU ({runs}); answer {answers[name]}")
    ratio = statistics.median(times["this"]) / statistics.median(times["base"])
    print(f"this / base: ×{ratio:.3f} (median CPU time of {args.runs} alternating runs each)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
