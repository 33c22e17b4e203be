"""``python -m benchmarks.load [--clients 16] [--rounds 20] [--store postgresql://...]``: many agents, one
service. N concurrent clients persist results of 4-64 KB over Streamable HTTP and read each one back, and the
run counts what was lost or came back different, with p50/p99 per operation and the round trips per second.

Two setups, measured in the same run on the same machine with the same clients and texts:

    file store, 1 replica      the one-machine baseline: one ``serve --transport http`` over a local root
    PostgreSQL, 2 replicas     two ``serve --transport http`` over one PostgreSQL; each client persists on
                               one replica and reads back on the other, alternating per round

Every request carries an API key made with ``keys create`` (tenant ``bench``), as production would. Without
``--store``, a throwaway PostgreSQL is started for the run (``initdb`` + ``pg_ctl``, as the tests do) and
removed after. Reads use the result's resource (the whole text in one answer) and are compared byte for byte.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import httpx2

from .report import align

SERVE = [sys.executable, "-m", "mcp_context"]
ACCEPT = {"accept": "application/json, text/event-stream", "content-type": "application/json"}
METADATA = "/.well-known/oauth-protected-resource"


@dataclass
class Outcome:
    persist: list[float] = field(default_factory=list)
    read: list[float] = field(default_factory=list)
    lost: int = 0
    mismatched: int = 0
    seconds: float = 0.0


def _cluster_module() -> Any:
    """The tests' throwaway PostgreSQL (tests/pg_cluster.py), loaded by path: one way to start one, not two."""
    path = Path(__file__).resolve().parent.parent / "tests" / "pg_cluster.py"
    spec = importlib.util.spec_from_file_location("pg_cluster", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@contextmanager
def postgres(url: str | None) -> Iterator[str]:
    if url:
        yield url
        return
    pg = _cluster_module()
    found = pg.bindir()
    if found is None:
        raise SystemExit("no PostgreSQL server binaries (initdb): give --store URL or install postgresql")
    cluster = pg.Cluster(found)
    cluster.start()
    try:
        yield pg.create_database(cluster.url(), "mcx_load")
    finally:
        cluster.stop()


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith(("MCP_CONTEXT_", "CLAUDE_CODE_"))}


def _cli(root: Path, store: list[str], *args: str) -> str:
    out = subprocess.run([*SERVE, "--root", str(root), *store, *args], capture_output=True, text=True, env=_env())
    if out.returncode:
        raise SystemExit(f"mcp-context {' '.join(args)} failed: {out.stderr.strip()}")
    return out.stdout


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def replicas(root: Path, store: list[str], count: int) -> Iterator[list[str]]:
    processes, urls = [], []
    try:
        for _ in range(count):
            port = _free_port()
            command = [*SERVE, "--root", str(root), *store, "serve", "--transport", "http", "--port", str(port)]
            processes.append(
                subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=_env())
            )
            urls.append(f"http://127.0.0.1:{port}/mcp")
        for url, process in zip(urls, processes, strict=True):
            deadline = time.monotonic() + 60
            while True:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"replica {url} did not start")
                try:
                    if httpx2.get(url.removesuffix("/mcp") + METADATA, timeout=1).status_code == 200:
                        break
                except httpx2.TransportError:
                    time.sleep(0.1)
        yield urls
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=30)


def texts(clients: int, rounds: int, seed: int) -> list[list[str]]:
    """Each client's texts: 4-64 KB of log-like lines, different for every round trip."""
    rng = random.Random(seed)
    words = "request served error retry cache miss token upstream latency worker queue".split()
    out = []
    for n in range(clients):
        mine = []
        for i in range(rounds):
            size, lines = rng.randint(4 * 1024, 64 * 1024), [f"client {n} trip {i}"]
            while sum(len(x) + 1 for x in lines) < size:
                lines.append(f"{rng.randrange(10**6):06d} " + " ".join(rng.choices(words, k=rng.randint(3, 12))))
            mine.append("\n".join(lines) + "\n")
        out.append(mine)
    return out


def _rpc(method: str, params: dict[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}


async def _client(urls: list[str], key: str, n: int, mine: list[str], out: Outcome, hc: httpx2.AsyncClient) -> None:
    headers = ACCEPT | {"authorization": f"Bearer {key}", "mcp-context-session": f"load-{n}"}
    for i, text in enumerate(mine):
        started = time.perf_counter()
        body = _rpc("tools/call", {"name": "persist_result", "arguments": {"content": text}})
        put = (await hc.post(urls[(n + i) % len(urls)], json=body, headers=headers)).json()
        stored = time.perf_counter()
        out.persist.append(stored - started)
        uri = (put.get("result") or {}).get("structuredContent", {}).get("uri")
        if not uri:
            out.lost += 1
            continue
        got = await hc.post(urls[(n + i + 1) % len(urls)], json=_rpc("resources/read", {"uri": uri}), headers=headers)
        out.read.append(time.perf_counter() - stored)
        contents = (got.json().get("result") or {}).get("contents") or [{}]
        if contents[0].get("text") != text:
            out.mismatched += 1


def drive(urls: list[str], key: str, work: list[list[str]]) -> Outcome:
    out = Outcome()

    async def main() -> None:
        limits = httpx2.Limits(max_connections=len(work) * 2)
        async with httpx2.AsyncClient(timeout=300, limits=limits) as hc, anyio.create_task_group() as tg:
            for n, mine in enumerate(work):
                tg.start_soon(_client, urls, key, n, mine, out, hc)

    started = time.perf_counter()
    anyio.run(main)
    out.seconds = time.perf_counter() - started
    return out


def _ms(values: list[float], q: float) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000:.1f}"


def measure(store: list[str], count: int, work: list[list[str]]) -> Outcome:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "store"
        key = _cli(root, store, "keys", "create", "--tenant", "bench").splitlines()[-1]
        with replicas(root, store, count) as urls:
            drive(urls, key, [w[:2] for w in work[:2]])  # warm: connections, schema, first imports
            return drive(urls, key, work)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--store", help="a PostgreSQL URL to use (default: start a throwaway one)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    work = texts(args.clients, args.rounds, args.seed)
    trips = args.clients * args.rounds
    rows = [
        ["setup", "round trips", "lost", "mismatched", "persist p50/p99 ms", "read p50/p99 ms", "trips/s", "vs file"]
    ]
    base = measure([], 1, work)
    with postgres(args.store) as url:
        shared = measure(["--store", url], 2, work)
    for name, out in (("file store, 1 replica (baseline)", base), ("PostgreSQL, 2 replicas", shared)):
        rate = trips / out.seconds
        rows.append([
            name, f"{trips:,}", str(out.lost), str(out.mismatched),
            f"{_ms(out.persist, 0.5)} / {_ms(out.persist, 0.99)}", f"{_ms(out.read, 0.5)} / {_ms(out.read, 0.99)}",
            f"{rate:.1f}", f"x{rate / (trips / base.seconds):.2f}",
        ])  # fmt: skip
    print(align(rows, 1))
    sizes = [len(t.encode()) for w in work for t in w]
    print(
        f"\n{args.clients} clients x {args.rounds} round trips, texts of {min(sizes):,}-{max(sizes):,} bytes "
        f"(median {statistics.median(sizes):,.0f}); {os.cpu_count()} CPUs, clients and servers on one machine"
    )
    if base.lost or base.mismatched or shared.lost or shared.mismatched:
        raise SystemExit("results were lost or came back different")


if __name__ == "__main__":
    main()
