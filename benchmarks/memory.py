"""``python -m benchmarks.memory [--quick] [--size 60M] [--runs 5]``: how much memory the server takes to persist
one large result sent as ``persist_result``'s ``content`` over stdio, against the size of the result.

    server    a real ``mcp-context serve`` (a fresh process and a temporary store per run) is initialized over
              stdio with raw JSON-RPC lines and warmed up with one persist_result (see below); then its resident
              size is read (``VmRSS``), its high-water mark reset (``echo 5 > /proc/<pid>/clear_refs``), one
              ``tools/call`` of persist_result with the large text is sent and answered, and the growth is
              ``VmHWM`` minus that resident size.
    cli       ``mcp-context persist`` reading the same text from stdin, for comparison: the command runs in a
              child process of its own, once on the warm-up file and then on the large one, with the same
              before/reset/after reading around the second run.

The warm-up is a log text just over what redaction scans before it makes its automaton of every spelling of
its anchors (``anchors.SPELLED_AFTER``): making that automaton costs about 14 MiB once per process, outside
Python's heap, and a process that persists a large result makes it during that result's first megabytes. The
warm-up brings each process to the state a running server is in, so the rows are what one more large result
costs; the once-per-process figure is part of start-up, like the modules a process imports.

Texts are log-like lines: one mostly ASCII, one where some lines carry non-ASCII words (accents, arrows,
Cyrillic), which makes Python hold the text in two bytes a character. Each row is the median of the runs, as
a ratio to the text's size in UTF-8 bytes; the target is at most ×2. Each stored text is read back and
compared, so a cheap wrong answer is not a result. Linux only (it reads /proc).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from .measure import MiB
from .report import align, duration

_PROJECT = Path(__file__).resolve().parent.parent
TARGET = 2.0
SIZE = 60 * 1000 * 1000
QUICK_SIZE = 20 * 1000 * 1000
_NON_ASCII = ("café", "naïve", "→", "ошибка", "Größe", "±5%")


def log_text(size: int, non_ascii: bool = False) -> str:
    """Log-like lines of about ``size`` UTF-8 bytes (not over it); every 7th line with non-ASCII words when asked."""
    lines: list[str] = []
    total, i = 0, 0
    while True:
        extra = f" {_NON_ASCII[i % len(_NON_ASCII)]}" if non_ascii and i % 7 == 0 else ""
        line = f"2024-05-01T12:{i // 60 % 60:02d}:{i % 60:02d}Z INFO [worker-{i % 8}] step {i} done{extra} ok\n"
        size_of = len(line.encode("utf-8"))
        if total + size_of > size:
            return "".join(lines)
        lines.append(line)
        total += size_of
        i += 1


def warm_up_text() -> str:
    """A log text just over what redaction scans before making its large automaton (see the docstring)."""
    from mcp_context.redaction.anchors import SPELLED_AFTER

    return log_text(SPELLED_AFTER + 64 * 1024)


def status(pid: int | str) -> dict[str, int]:
    """VmRSS and VmHWM of a process, in bytes."""
    out = {}
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = int(value.split()[0]) * 1024
    return out


def reset_peak(pid: int | str) -> int:
    """Reset the process's VmHWM to its VmRSS; return that resident size."""
    with open(f"/proc/{pid}/clear_refs", "w", encoding="ascii") as f:
        f.write("5")
    return status(pid)["VmRSS"]


@dataclass
class Run:
    growth: int
    seconds: float


class Server:
    """``mcp-context serve`` over raw JSON-RPC lines on pipes."""

    def __init__(self, root: Path) -> None:
        env = os.environ | {"MCP_CONTEXT_HOME": str(root)}
        argv = [sys.executable, "-m", "mcp_context", "--root", str(root), "serve"]
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, cwd=_PROJECT)
        self._id = 0

    def call(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self._id += 1
        self.send({"jsonrpc": "2.0", "id": self._id, "method": method, "params": params})
        return self.receive()

    def send(self, message: dict[str, Any]) -> None:
        stdin: IO[bytes] = self.proc.stdin  # type: ignore[assignment]
        stdin.write(json.dumps(message, ensure_ascii=False).encode("utf-8") + b"\n")
        stdin.flush()

    def receive(self) -> dict[str, Any]:
        line = self.proc.stdout.readline()  # type: ignore[union-attr]
        if not line:
            raise RuntimeError(f"the server ended (exit code {self.proc.wait()})")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def start(self) -> None:
        info = {"name": "benchmarks.memory", "version": "1"}
        self.call("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": info})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        self.persist(warm_up_text())

    def persist(self, text: str) -> str:
        answer = self.call("tools/call", {"name": "persist_result", "arguments": {"content": text, "label": "x"}})
        result = answer.get("result") or {}
        if result.get("isError") or "structuredContent" not in result:
            raise AssertionError(f"wrong answer: {json.dumps(answer)[:300]}")
        handle: str = result["structuredContent"]["handle"]
        return handle

    def close(self) -> None:
        self.proc.stdin.close()  # type: ignore[union-attr]
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def read_back(root: Path, handle: str) -> str:
    from mcp_context import Session

    return "".join(Session(root=root).iter_text(handle))


def server_run(text: str, workdir: Path) -> Run:
    """One fresh server and store: the growth of its peak while it persists ``text``."""
    root = Path(tempfile.mkdtemp(prefix="server-", dir=workdir))
    server = Server(root)
    try:
        server.start()
        before = reset_peak(server.proc.pid)
        start = time.perf_counter()
        handle = server.persist(text)
        seconds = time.perf_counter() - start
        growth = status(server.proc.pid)["VmHWM"] - before
    finally:
        server.close()
    if read_back(root, handle) != text:
        raise AssertionError("wrong answer: the stored text does not read back equal")
    shutil.rmtree(root, ignore_errors=True)
    return Run(growth, seconds)


def cli_child(root: str, small: str) -> None:
    """In the child: ``mcp-context persist`` on the warm-up file (named as an argument), then measured
    on the large one, which is this process's stdin."""
    from mcp_context.cli import main

    main(["--root", root, "persist", "--json", "--label", "x", small])
    before = reset_peak("self")
    start = time.perf_counter()
    main(["--root", root, "persist", "--json", "--label", "x"])
    seconds = time.perf_counter() - start
    print(json.dumps({"growth": status("self")["VmHWM"] - before, "seconds": seconds}), file=sys.stderr)


def cli_run(text: str, workdir: Path) -> Run:
    root = Path(tempfile.mkdtemp(prefix="cli-", dir=workdir))
    small, large = workdir / "small.txt", workdir / "large.txt"
    small.write_text(warm_up_text(), encoding="utf-8")
    large.write_bytes(text.encode("utf-8"))
    argv = [sys.executable, "-m", "benchmarks.memory", "--cli-child", str(root), str(small)]
    with open(large, "rb") as stdin:
        done = subprocess.run(argv, stdin=stdin, capture_output=True, text=True, cwd=_PROJECT, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"the CLI failed: {done.stderr.strip()[-300:]}")
    got = json.loads(done.stderr.strip().splitlines()[-1])
    handle = _last_json(done.stdout)["handle"]
    if read_back(root, handle) != text:
        raise AssertionError("wrong answer: the stored text does not read back equal")
    shutil.rmtree(root, ignore_errors=True)
    return Run(got["growth"], got["seconds"])


def _last_json(text: str) -> Any:
    """The last of the JSON documents printed one after the other (``--json`` indents them)."""
    decoder, at, last = json.JSONDecoder(), 0, None
    while text[at:].strip():
        last, at = decoder.raw_decode(text, len(text) - len(text[at:].lstrip()))
    return last


@dataclass
class Row:
    face: str
    text: str
    size: int
    runs: list[Run]

    @property
    def growth(self) -> float:
        return statistics.median(r.growth for r in self.runs)

    @property
    def ratio(self) -> float:
        return self.growth / self.size

    @property
    def seconds(self) -> float:
        return statistics.median(r.seconds for r in self.runs)


def measure(size: int, runs: int, faces: tuple[str, ...] = ("server", "cli")) -> list[Row]:
    """Each face on each text, ``runs`` times, in a temporary directory removed at the end."""
    workdir = Path(tempfile.mkdtemp(prefix="mcp-context-memory-"))
    out = []
    try:
        for kind, text in (("ascii", log_text(size)), ("some non-ASCII", log_text(size, non_ascii=True))):
            nbytes = len(text.encode("utf-8"))
            for face in faces:
                run = server_run if face == "server" else cli_run
                got = []
                for i in range(runs):
                    got.append(run(text, workdir))
                    growth = got[-1].growth
                    _log(f"{face}, {kind}, run {i + 1}: {growth / MiB:,.1f} MiB, ×{growth / nbytes:.2f}")
                out.append(Row(face, kind, nbytes, got))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return out


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def _verdict(row: Row) -> str:
    return f"×{row.ratio:.2f} of the size, {'within' if row.ratio <= TARGET else 'OVER'} the ×{TARGET:g} target"


def rows(quick: bool) -> list[dict[str, Any]]:
    """The suite's rows (see benchmarks/__main__.py): each face on each text."""
    return [
        {
            "operation": f"persist {r.size / 1e6:,.0f} MB, {r.face} ({r.text})",
            "size": f"{r.size / 1e6:,.0f} MB",
            "median_s": r.seconds,
            "peak_mib": r.growth / MiB,
            "baseline": "the text's size",
            "ratio": r.ratio,
            "result": f"{_verdict(r)}, n={len(r.runs)}",
        }
        for r in measure(QUICK_SIZE if quick else SIZE, 3)
    ]


def table(measured: list[Row]) -> str:
    lines = [["face", "text", "size", "n", "median growth", "ratio to size", "median time", "target"]]
    for r in measured:
        growths = ", ".join(f"{x.growth / MiB:.0f}" for x in r.runs)
        lines.append(
            [
                r.face,
                r.text,
                f"{r.size:,} B",
                str(len(r.runs)),
                f"{r.growth / MiB:,.1f} MiB ({growths})",
                f"×{r.ratio:.2f}",
                duration(r.seconds),
                "ok" if r.ratio <= TARGET else "OVER",
            ]
        )
    return align(lines, left=2, texts=(7,))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.memory", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_SIZE // 10**6} MB and 3 runs")
    parser.add_argument("--size", type=float, help=f"text size in MB (default {SIZE // 10**6})")
    parser.add_argument("--runs", type=int, default=5, help="runs of each face on each text (default 5)")
    parser.add_argument("--only", choices=("server", "cli"), help="one face only")
    parser.add_argument("--cli-child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.cli_child:
        cli_child(*args.cli_child)
        return 0
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    size = int(args.size * 10**6) if args.size else QUICK_SIZE if args.quick else SIZE
    measured = measure(size, 3 if args.quick else args.runs, (args.only,) if args.only else ("server", "cli"))
    print(table(measured))
    print()
    print(
        "growth: the process's VmHWM after the call minus its VmRSS just before it (the peak reset then), median "
        f"of the runs (each run's in parentheses, MiB); ratio: growth / the text's UTF-8 size; target ≤ ×{TARGET:g}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
