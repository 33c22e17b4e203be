"""``python -m benchmarks.ui [--quick] [--runs N]``: how long the viewer's pages take on a large session.

The session (benchmarks/ui_session.py) holds exactly 10,000 messages and exactly 2,000 results: a Claude Code
transcript with the host's own compaction audited by our hooks, two compactions by ``compact_history``, a loop
stop, and the outputs the hooks kept out. The real ``mcp-context ui`` serves it on loopback, and each kind of
page is fetched over HTTP by a fresh server: once first (nothing of the store read yet), then ``--runs`` times
for the median; then all again, by another fresh server, while every CPU is kept busy by as many spinning
processes (the machine is shared: a page must come up while others work). The baseline, measured on the same
server in the same run, is the stylesheet (a request that does no work: the HTTP round trip). Goal: every page
under 1 s, first load and median, idle or busy (benchmarks/goals.py).
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from mcp_context import Session
from mcp_context.journal import read_journal

from .report import align
from .ui_session import SESSION, build

GOAL_S = 1.0


def pages(root: Path) -> dict[str, str]:
    """Each kind of page (goals.UI_PAGES), by its address in the session as built."""
    s = Session(root, SESSION, env={})
    base = f"/s/{SESSION}"
    entries = read_journal(s.store, SESSION)
    first = next(i for i, e in enumerate(entries) if e.get("kind") == "compaction")
    output = max((m for m in s.results() if (m.source or "").startswith("claude ")), key=lambda m: m.created)
    return {
        "sessions list": "/",
        "timeline": base,
        "results list": f"{base}/results",
        "result": f"{base}/r/{output.handle}",
        "result, grep": f"{base}/r/{output.handle}?grep=warnings%5C%29%24",
        "compaction": f"{base}/compaction/{first}",
        "audit": f"{base}/audit",
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


@contextmanager
def busy() -> Iterator[None]:
    """Every CPU kept busy by a spinning process of its own while the block runs."""
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(os.cpu_count() or 1)]
    try:
        time.sleep(0.5)  # the spinners running before the first fetch
        yield
    finally:
        for spinner in spinners:
            spinner.terminate()
        for spinner in spinners:
            spinner.wait(timeout=10)


def measure(messages: int, results: int, runs: int, keep: Path | None = None) -> list[dict[str, Any]]:
    """Each page's figures; ``keep``: a folder to build the session in once and measure again on later."""
    with tempfile.TemporaryDirectory() as temporary:
        folder = keep or Path(temporary)
        root = folder / "store"
        if not (keep and (root / "sessions" / SESSION).is_dir()):
            folder.mkdir(parents=True, exist_ok=True)
            build(root, folder, messages, results)
        size = f"{messages:,} msgs, {len(Session(root, SESSION, env={}).results()):,} results"
        rows = []
        for kind, path in pages(root).items():
            round_trip, first, median = _timed(root, path, runs)
            with busy():
                _, busy_first, busy_median = _timed(root, path, runs)
            rows.append(_row(kind, size, (first, median), (busy_first, busy_median), round_trip))
        return rows


def _timed(root: Path, path: str, runs: int) -> tuple[float, float, float]:
    """(the HTTP round trip, the page's first load, its median after) on a fresh server."""
    served = Served(root)
    try:
        served.fetch("/static/ui.css")  # the server is up: what follows is the page's own first load
        first = served.fetch(path)
        round_trip = statistics.median(served.fetch("/static/ui.css") for _ in range(runs * 3))
        return round_trip, first, statistics.median(served.fetch(path) for _ in range(runs))
    finally:
        served.stop()


def _row(
    kind: str, size: str, idle: tuple[float, float], loaded: tuple[float, float], round_trip: float
) -> dict[str, Any]:
    """A page's figures: (first load, median) on an idle machine and with every CPU busy."""
    verdict = "under 1 s" if max(*idle, *loaded) < GOAL_S else "OVER 1 s"
    return {
        "operation": f"ui page: {kind}",
        "size": size,
        "median_s": idle[1],
        "peak_mib": None,
        "baseline": f"HTTP round trip {round_trip * 1000:.1f} ms",
        "ratio": idle[1] / round_trip if round_trip else None,
        "result": f"first {idle[0] * 1000:.0f} ms; busy: first {loaded[0] * 1000:.0f}, median "
        f"{loaded[1] * 1000:.0f} ms; {verdict}",
        "first_s": idle[0],
        "busy_first_s": loaded[0],
        "busy_s": loaded[1],
    }


def rows(quick: bool) -> list[dict[str, Any]]:
    return measure(10_000, 2_000, 3 if quick else 7)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ui", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs")
    parser.add_argument("--runs", type=int, help="fetches per page for each median (default 7)")
    parser.add_argument("--messages", type=int, default=10_000)
    parser.add_argument("--results", type=int, default=2_000)
    parser.add_argument("--keep", type=Path, help="build the session in this folder once, and measure on it after")
    args = parser.parse_args(argv)
    got = measure(args.messages, args.results, args.runs or (3 if args.quick else 7), args.keep)
    table = [["page", "session", "first", "median", "busy: first", "busy: median", "× round trip", "baseline"]]
    for r in got:
        table.append(
            [
                r["operation"],
                r["size"],
                f"{r['first_s'] * 1000:.0f} ms",
                f"{r['median_s'] * 1000:.0f} ms",
                f"{r['busy_first_s'] * 1000:.0f} ms",
                f"{r['busy_s'] * 1000:.0f} ms",
                f"×{r['ratio']:.1f}",
                r["baseline"],
            ]
        )
    print(align(table, left=2, texts=(7,)))


if __name__ == "__main__":
    main()
