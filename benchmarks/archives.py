"""``python -m benchmarks.archives [--messages 300] [--every 1]``: what a session stores when an agent compacts
at every turn, with the archives' retention rule against the same run without it (a rule that keeps every
compaction's archives), on the same history.

The history is one of the compaction benchmark's (benchmarks/histories.py: real stdlib sources as tool
results); the run compacts it to 30,000 tokens after each new message from the 40th on, as an agent that
compacts at every turn does. Reported: results and bytes stored, and the time all the compactions took.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from mcp_context import Session
from mcp_context.limits import Limits

from .histories import Case, Texts, build_history
from .report import align


def run(messages: int, every: int, keep: int | None) -> tuple[int, int, float]:
    texts = Texts(random.Random("archives"))
    history = build_history(texts, Case("archives", "anthropic", messages), 1, 0).messages
    limits = Limits() if keep is None else Limits(archive_generations=keep)
    with tempfile.TemporaryDirectory() as root:
        session = Session(root=root, session="archives", env={}, limits=limits)
        started = time.perf_counter()
        for end in range(40, len(history) + 1, every):
            session.compact_history(messages=history[:end], target_tokens=30_000)
        took = time.perf_counter() - started
        stored = session.results()
        on_disk = sum(p.stat().st_size for p in Path(root).rglob("*") if p.is_file())
        return len(stored), on_disk, took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--messages", type=int, default=300)
    parser.add_argument("--every", type=int, default=1)
    args = parser.parse_args()
    rows = [["store", "results", "on disk", "compactions took"]]
    measured = {}
    for name, keep in (("every archive kept (baseline)", 10**9), ("retention rule (default)", None)):
        count, size, took = run(args.messages, args.every, keep)
        measured[name] = size
        rows.append([name, f"{count:,}", f"{size / 1e6:.1f} MB", f"{took:.1f} s"])
    print(align(rows, 1))
    base, rule = measured.values()
    print(f"\nthe rule stores {rule / base:.2f}x the baseline's bytes")


if __name__ == "__main__":
    main()
