"""``python -m benchmarks.ui [--quick] [--runs N]``: how long the viewer's pages take on a large session.

One session of the store holds a 10,000-message agent history compacted once (its journal entry names
thousands of messages per layer, its archives hold every original) and 2,000 results in all; a second
compaction and a few loop warnings join the journal. The real ``mcp-context ui`` serves it on loopback, and each
page is fetched over HTTP: once first (what the process had not read yet it reads now: the results' metadata, an
archive's line map), then ``--runs`` times; the median is against two baselines measured in the same run on the
same server, the stylesheet (a request that does no work: the HTTP round trip) for the median, and for the
first load the store's own listing of the session's results by a fresh Session (what any page of the session
reads at least once). The compaction stores results of its own, so the session holds more than asked for.
Goal: every page under 1 s.
"""

from __future__ import annotations

import argparse
import http.client
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from mcp_context import Session

from .histories import Case, Texts, build_history
from .report import align

SESSION = "big"
GOAL_S = 1.0


def build(root: Path, messages: int, results: int) -> dict[str, str]:
    """The large session; the addresses of its pages."""
    s = Session(root, SESSION, env={})
    history = build_history(Texts(random.Random("ui")), Case("ui", "openai", messages), 1, 0).messages
    first = s.compact_history(messages=history, target_tokens=50_000)
    s.compact_history(messages=[*history, {"role": "user", "content": "go on"}], target_tokens=50_000)
    read = [{"kind": "tool_call", "name": "read_file", "args": {"path": "a.py"}}]
    read.append({"kind": "tool_result", "name": "read_file", "text": "the same text"})
    s.check_loop(events=[{"kind": "user", "text": "go"}])
    for _ in range(4):
        s.check_loop(events=[{"kind": "turn"}, *read])
    have = len(s.results())
    for i in range(max(0, results - have)):
        s.persist_result("".join(f"log line {i}.{j}: value {j * i}\n" for j in range(40)), label=f"output {i}")
    assert first.archive is not None
    piece = max((m for m in s.results() if m.label and "piece" in m.label), key=lambda m: m.chars)
    return {
        "sessions": "/",
        "timeline": f"/s/{SESSION}",
        "results (a page of 200)": f"/s/{SESSION}/results",
        "compaction": f"/s/{SESSION}/compaction/0",
        "archive piece, first page": f"/s/{SESSION}/r/{piece.handle}",
        "archive piece, grep": f"/s/{SESSION}/r/{piece.handle}?grep=tool_call_id",
    }


def fetch(port: int, token: str, path: str) -> float:
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    conn.request("GET", path, headers={"Cookie": f"mcx_ui={token}"})
    response = conn.getresponse()
    body = response.read()
    conn.close()
    took = time.perf_counter() - start
    if response.status != 200 or not body:
        raise SystemExit(f"{path}: HTTP {response.status}")
    return took


def listing(root: Path) -> float:
    start = time.perf_counter()
    Session(root, SESSION, env={}).results()
    return time.perf_counter() - start


class Served:
    """The real ``mcp-context ui`` over the store, on a free loopback port."""

    def __init__(self, root: Path) -> None:
        command = [sys.executable, "-m", "mcp_context", "--root", str(root), "ui"]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert self.process.stdout is not None
        found = re.fullmatch(r"http://127\.0\.0\.1:(\d+)/\?token=(\S+)", self.process.stdout.readline().strip())
        assert found, "no address printed"
        self.port, self.token = int(found[1]), found[2]

    def fetch(self, path: str) -> float:
        return fetch(self.port, self.token, path)

    def stop(self) -> None:
        self.process.terminate()
        self.process.communicate(timeout=10)


def measure(messages: int, results: int, runs: int) -> list[dict[str, Any]]:
    """Each page's first load by a fresh process (nothing of the store read yet), then its median."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "store"
        pages = build(root, messages, results)
        size = f"{messages:,} msgs, {len(Session(root, SESSION, env={}).results()):,} results"
        listed = statistics.median(listing(root) for _ in range(runs))
        rows = []
        for name, path in pages.items():
            served = Served(root)
            try:
                round_trip = statistics.median(served.fetch("/static/ui.css") for _ in range(runs * 3))
                cold = served.fetch(path)
                median = statistics.median(served.fetch(path) for _ in range(runs))
            finally:
                served.stop()
            rows.append(_row(f"ui {name}", size, median, cold, round_trip, listed))
        return rows


def _row(op: str, size: str, median: float, cold: float, round_trip: float, listed: float) -> dict[str, Any]:
    verdict = "under 1 s" if max(median, cold) < GOAL_S else "OVER 1 s"
    return {
        "operation": op,
        "size": size,
        "median_s": median,
        "peak_mib": None,
        "baseline": f"HTTP round trip {round_trip * 1000:.1f} ms; listing {listed * 1000:.0f} ms",
        "ratio": cold / listed if listed else None,  # a first load against the first listing: both read cold
        "result": f"first {cold * 1000:.0f} ms; {verdict}",
        "round_trip_ratio": median / round_trip if round_trip else None,
    }


def rows(quick: bool) -> list[dict[str, Any]]:
    return measure(10_000, 2_000, 3 if quick else 7)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ui", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs")
    parser.add_argument("--runs", type=int, help="fetches per page after the first (default 7)")
    parser.add_argument("--messages", type=int, default=10_000)
    parser.add_argument("--results", type=int, default=2_000)
    args = parser.parse_args(argv)
    got = measure(args.messages, args.results, args.runs or (3 if args.quick else 7))
    table = [["page", "session", "median", "× round trip", "first", "× listing", "baseline"]]
    for r in got:
        first = r["result"].split(";")[0].removeprefix("first ")
        table.append(
            [
                r["operation"],
                r["size"],
                f"{r['median_s'] * 1000:.0f} ms",
                f"×{r['round_trip_ratio']:.1f}",
                first,
                f"×{r['ratio']:.2f}",
                r["baseline"],
            ]
        )
    print(align(table, left=2, texts=(6,)))


if __name__ == "__main__":
    main()
