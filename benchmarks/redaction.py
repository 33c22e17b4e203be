"""``python -m benchmarks.redaction``: what taking credentials out of stored text costs, against the same
operations with redaction turned off, in the same run on the same data.

Rows: ``persist_file`` of a generated log (no credentials: the common case, every rule's anchors scanned for),
the same log with a credential on one line in a thousand, ``compact_history`` of a recorded host transcript
(redacted before it is clipped), and one ``check_loop`` event. Medians of ``--runs`` runs (default 5)."""

from __future__ import annotations

import argparse
import secrets
import statistics
import string
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from mcp_context import Session

from .corpus import generate

HOSTS = Path(__file__).resolve().parent.parent / "tests" / "hosts"


def _with_credentials(plain: Path, out: Path) -> None:
    alnum = string.ascii_letters + string.digits
    with open(plain, encoding="utf-8") as src, open(out, "w", encoding="utf-8") as dst:
        for i, line in enumerate(src):
            if i % 1000 == 0:
                token = "ghp_" + "".join(secrets.choice(alnum) for _ in range(36))
                line = f"git push https://x-access-token:{token}@github.com/org/repo.git\n"
            dst.write(line)


def _run(op: Callable[[Session], object], root: Path, n: int, redact: bool, i: int) -> object:
    return op(Session(root / f"{n}-{redact}-{i}", "b", redact=redact))


def _compare(runs: int, work: Callable[[bool, int], object]) -> tuple[float, float]:
    """Median times with redaction on and off, runs interleaved so a slow stretch of the machine hits both."""
    times: dict[bool, list[float]] = {True: [], False: []}
    for i in range(runs):
        for redact in (True, False):
            start = time.perf_counter()
            work(redact, i)
            times[redact].append(time.perf_counter() - start)
    return statistics.median(times[True]), statistics.median(times[False])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.redaction")
    parser.add_argument("--size-mib", type=int, default=32)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    transcript = max((HOSTS / "claude").glob("*.jsonl"), key=lambda p: p.stat().st_size)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        plain, dirty = root / "plain.log", root / "dirty.log"
        generate(plain, args.size_mib * 1024 * 1024)
        _with_credentials(plain, dirty)
        cases: list[tuple[str, Callable[[Session], object]]] = [
            (f"persist_file, {args.size_mib} MiB log", lambda s: s.persist_file(plain)),
            ("persist_file, same with a token on 1 line in 1,000", lambda s: s.persist_file(dirty)),
            (
                f"compact_history, {transcript.name}",
                lambda s: s.compact_history(transcript=str(transcript), target_tokens=4000),
            ),
            (
                "check_loop, one event",
                lambda s: s.check_loop(event={"kind": "tool_call", "name": "sh", "args": {"cmd": "make"}}),
            ),
        ]
        for n, (name, op) in enumerate(cases):
            on, off = _compare(args.runs, partial(_run, op, root, n))
            rows.append((name, on, off))
    print("| operation | redacted | not redacted | ratio |\n|---|---|---|---|")
    for name, on, off in rows:
        print(f"| {name} | {on * 1000:.1f} ms | {off * 1000:.1f} ms | ×{on / off:.2f} |")


if __name__ == "__main__":
    main()
