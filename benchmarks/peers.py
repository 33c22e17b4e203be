"""``python -m benchmarks.peers [--install] [--runs 7] [--sizes 1M,8M,32M]``: mcp-context against context-mode,
both over stdio, interleaved in one run on the same texts.

context-mode (npm, the most used MCP server for keeping tool output out of context) is run from
``~/.cache/mcp-context-peers`` (``--install`` puts ``context-mode`` and Node 22 from npm's ``node`` package
there; it needs Node >= 22.5, and the system's may be older). Without it the table has mcp-context's rows only.
Its search throttle is raised for the run (CONTEXT_MODE_SEARCH_*), so a lookup is timed, not a refusal.

    store          one log of each size (benchmarks/corpus.py) with ten planted needles, sent as the tool's
                   content: mcp-context's persist_result, context-mode's ctx_index; then the disk the store grew
                   by, against the text's size. Each server stores a 64 KB log first, in a row of its own: its
                   first store also loads what storing needs, once per process
    lookup         one needle: read_persisted(handle, grep) against ctx_search(queries=[needle], source);
                   ten needles in one call (an alternation, ten queries); recall: needles whose line came back
    which-of-20    twenty stored outputs, one of which holds a term: read_persisted(grep) without a handle
                   against ctx_search(queries=[term]); recall: the right output named first
    context tax    the model-visible tool definitions (names, descriptions, input schemas) and a 1 MB store's
                   acknowledgment, in bytes and o200k tokens (an estimate when the encoding is not installed)
    peak memory    the server process's VmHWM at the end
    round trip     one line of a small result through read_persisted: what any call costs over stdio here
    hook           Claude Code's pre-tool-use hook (the loop check), spawn included, against ``python -c pass``

Goals (issue 34) follow the table: a 32 MB lookup <= 50 ms and no slower than context-mode's, the search across
20 results <= 10 ms, recall 100 %, storing >= 2x faster than context-mode's, disk <= 1.5x raw, definitions
<= 6 KB, acknowledgment <= 800 bytes, the hook <= 100 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, StdioServerParameters

from .corpus import generate
from .persistence import parse_size, size_label

CACHE = Path.home() / ".cache" / "mcp-context-peers"
PEER_VERSION = "1.0.169"
SCRIPT = Path(sys.executable).parent / "mcp-context"
NEEDLES = 10


def install() -> None:
    """context-mode and Node 22 into the cache, with npm (the registry is reached only here, when asked)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [
            "npm",
            "install",
            "--no-audit",
            "--no-fund",
            "--prefix",
            str(CACHE),
            f"context-mode@{PEER_VERSION}",
            "node@22",
        ],
        check=True,
    )


def peer_command() -> list[str] | None:
    """How to start context-mode's server, or None when it is not installed or no Node 22.5 is at hand."""
    server = CACHE / "node_modules" / "context-mode" / "server.bundle.mjs"
    if not server.exists():
        return None
    for node in (CACHE / "node_modules" / "node" / "bin" / "node", shutil.which("node")):
        if node and Path(node).exists():
            out = subprocess.run([str(node), "--version"], capture_output=True, text=True).stdout.strip().lstrip("v")
            major, minor = (int(x) for x in out.split(".")[:2])
            if (major, minor) >= (22, 5):
                return [str(node), "--no-warnings", str(server)]
    return None


def tokens(text: str) -> tuple[int, str]:
    """o200k_base tokens when the encoding is on disk, else the library's estimate."""
    from mcp_context.tokens.count import TokenCounter

    counted = TokenCounter().count(text)
    return counted.tokens, "o200k" if counted.method.startswith("exact") else "estimate"


def planted(path: Path, size: int, seed: int) -> tuple[str, list[str]]:
    """A realistic log of ``size`` bytes with NEEDLES unique lines planted at spread positions."""
    generate(path, size, seed=seed)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    rng = random.Random(seed)
    needles = [f"NDL-{k:02d}-{rng.getrandbits(32):08x}" for k in range(NEEDLES)]
    for k, needle in enumerate(needles):
        at = (k * 2 + 1) * len(lines) // (2 * NEEDLES)
        lines[at] = f"2025-03-14T00:00:00.000Z ERROR [audit] {needle} quota exceeded for tenant=acme\n"
    return "".join(lines), needles


def du(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def peak_mib(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def children(marker: str) -> list[int]:
    """Processes started by this one whose command line holds ``marker`` (the servers' pids)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                cmd = (entry / "cmdline").read_bytes().decode(errors="replace")
            except (OSError, IndexError, ValueError):
                continue
            if ppid == os.getpid() and marker in cmd:
                found.append(int(entry.name))
    return found


class Peer:
    """One server and how to ask it for each piece of work."""

    def __init__(self, name: str, client: Client, store: Path, pid: int | None) -> None:
        self.name, self.client, self.store, self.pid = name, client, store, pid
        self.handles: dict[str, str] = {}

    async def call(self, tool: str, args: dict[str, Any]) -> tuple[float, str, Any]:
        t0 = time.perf_counter()
        result = await self.client.call_tool(tool, args)
        elapsed = time.perf_counter() - t0
        text = "".join(getattr(c, "text", "") for c in result.content)
        if result.is_error:
            raise RuntimeError(f"{self.name} {tool}: {text[:300]}")
        return elapsed, text, result.structured_content

    async def store_text(self, label: str, text: str) -> tuple[float, str]:
        if self.name == "mcp-context":
            elapsed, shown, out = await self.call("persist_result", {"content": text, "label": label})
            self.handles[label] = out["handle"]
        else:
            elapsed, shown, _ = await self.call("ctx_index", {"content": text, "source": label})
        return elapsed, shown

    async def lookup(self, label: str, needles: list[str]) -> tuple[float, str]:
        if self.name == "mcp-context":
            args = {"handle": self.handles[label], "grep": "|".join(needles), "context": 0}
            elapsed, shown, _ = await self.call("read_persisted", args)
        else:
            elapsed, shown, _ = await self.call("ctx_search", {"queries": needles, "source": label})
        return elapsed, shown

    async def search(self, term: str) -> tuple[float, str]:
        if self.name == "mcp-context":
            elapsed, shown, _ = await self.call("read_persisted", {"grep": term})
        else:
            elapsed, shown, _ = await self.call("ctx_search", {"queries": [term]})
        return elapsed, shown

    async def definitions(self) -> str:
        tools = (await self.client.list_tools()).tools
        shown = [{"name": t.name, "description": t.description, "inputSchema": t.input_schema} for t in tools]
        return json.dumps(shown, separators=(",", ":"), ensure_ascii=False)


async def open_peers(stack: AsyncExitStack, work: Path, peer: list[str] | None) -> list[Peer]:
    home = work / "mcp-context"
    env = {**os.environ, "MCP_CONTEXT_HOME": str(home), "MCP_CONTEXT_SESSION": "bench"}
    ours = StdioServerParameters(command=str(SCRIPT), args=["serve"], env=env)
    peers = [Peer("mcp-context", await stack.enter_async_context(Client(ours)), home, None)]
    if peer is not None:
        cm_home, project = work / "context-mode-home", work / "project"
        cm_home.mkdir()
        project.mkdir()
        cm_env = {
            "PATH": os.environ.get("PATH", ""),
            "HOME": str(cm_home),
            "CONTEXT_MODE_PROJECT_DIR": str(project),
            "CONTEXT_MODE_SEARCH_BLOCK_AFTER": "100000",
            "CONTEXT_MODE_SEARCH_MAX_RESULTS_AFTER": "100000",
        }
        theirs = StdioServerParameters(command=peer[0], args=peer[1:], env=cm_env, cwd=str(project))
        peers.append(Peer("context-mode", await stack.enter_async_context(Client(theirs)), cm_home, None))
    for p, marker in zip(peers, ("serve", "server.bundle.mjs"), strict=False):
        pids = children(marker)
        p.pid = pids[0] if pids else None
    return peers


def found(text: str, needles: list[str]) -> int:
    return sum(1 for n in needles if n in text)


async def measure(sizes: list[int], runs: int, peer: list[str] | None) -> dict[str, Any]:
    work = Path(tempfile.mkdtemp(prefix="bench-peers-"))
    rows: list[dict[str, Any]] = []
    facts: dict[str, Any] = {}
    try:
        async with AsyncExitStack() as stack:
            peers = await open_peers(stack, work, peer)
            for p in peers:
                text = await p.definitions()
                facts[f"{p.name} definitions"] = (len(text.encode()), *tokens(text))
            rows += await warm_up(peers, work)
            for size in sizes:
                await store_and_look_up(peers, work, size, size == sizes[0], runs, rows, facts)
            rows += await which_of_twenty(peers, runs)
            ours = peers[0]
            small = {"handle": ours.handles["output 0"], "max_lines": 1}
            trips = [(await ours.call("read_persisted", small))[0] for _ in range(runs)]
            facts["mcp-context round trip, one line of a small result (ms)"] = statistics.median(trips) * 1000
            for p in peers:
                facts[f"{p.name} peak memory (MiB)"] = peak_mib(p.pid) if p.pid else None
    finally:
        shutil.rmtree(work, ignore_errors=True)
    facts.update(hook(runs))
    return {"rows": rows, "facts": facts}


async def warm_up(peers: list[Peer], work: Path) -> list[dict[str, Any]]:
    """A small log stored by each server before anything is timed: a server's first store also loads what storing
    needs (modules, the token encoding, the index's database), once per process, and that is not the storing the
    goal compares. Shown in its own row, out of the goals."""
    text, _ = planted(work / "warm-up.txt", 64 * 1024, seed=997)  # no size % 997 is 997
    rows = []
    for p in peers:
        took, ack = await p.store_text("warm-up", text)
        rows.append(dict(peer=p.name, work="first store of the process, 64K", ms=took * 1000,
                         bytes=len(ack.encode()), extra="loads what storing needs"))  # fmt: skip
    return rows


async def store_and_look_up(
    peers: list[Peer], work: Path, size: int, first: bool, runs: int, rows: list[dict[str, Any]], facts: dict[str, Any]
) -> None:
    """One log of ``size`` stored by each peer, then one needle and ten looked up in it, interleaved."""
    label = f"log {size_label(size)}"
    text, needles = planted(work / f"log-{size}.txt", size, seed=size % 997)
    raw = len(text.encode())
    for p in peers:
        before = du(p.store)
        took, ack = await p.store_text(label, text)
        grown = du(p.store) - before
        rows.append(dict(peer=p.name, work=f"store {label}", ms=took * 1000, bytes=len(ack.encode()),
                         extra=f"disk {grown / raw:.2f}x raw"))  # fmt: skip
        if first:
            facts[f"{p.name} acknowledgment ({label})"] = (len(ack.encode()), *tokens(ack))
    for what, asked in (("one needle", needles[4:5]), ("ten needles", needles)):
        times: dict[str, list[float]] = {p.name: [] for p in peers}
        answers: dict[str, str] = {}
        for _ in range(runs):
            for p in peers:  # interleaved, so both see the same machine
                took, shown = await p.lookup(label, asked)
                times[p.name].append(took)
                answers[p.name] = shown
        for p in peers:
            recall = found(answers[p.name], asked)
            rows.append(dict(peer=p.name, work=f"lookup {what} in {label}",
                             ms=statistics.median(times[p.name]) * 1000,
                             bytes=len(answers[p.name].encode()),
                             extra=f"recall {recall}/{len(asked)}"))  # fmt: skip


async def which_of_twenty(peers: list[Peer], runs: int) -> list[dict[str, Any]]:
    """Twenty build outputs stored by each peer, one of them holding a term: which does a search name first?"""
    term = "NDL-XX-c0ffee42"
    for i in range(20):
        body = "".join(f"step {i}.{n}: compiled module_{n} in {n % 13} ms\n" for n in range(1500))
        if i == 13:
            body += f"error: {term} link failed\n"
        for p in peers:
            await p.store_text(f"output {i}", body)
    times: dict[str, list[float]] = {p.name: [] for p in peers}
    answers: dict[str, str] = {}
    for _ in range(runs):
        for p in peers:
            took, shown = await p.search(term)
            times[p.name].append(took)
            answers[p.name] = shown
    rows = []
    for p in peers:
        shown = answers[p.name]
        right = "output 13" in shown.split("\n", 3)[1] if p.name == "mcp-context" else "output 13" in shown
        rows.append(dict(peer=p.name, work="which of 20 results holds a term",
                         ms=statistics.median(times[p.name]) * 1000, bytes=len(shown.encode()),
                         extra=f"recall {int(right)}/1"))  # fmt: skip
    return rows


def hook(runs: int) -> dict[str, Any]:
    """Claude Code's pre-tool-use hook against ``python -c pass``, both spawned, in the same run."""
    from . import hooks

    work = Path(tempfile.mkdtemp(prefix="bench-peers-hook-"))
    env = {**os.environ, "MCP_CONTEXT_HOME": str(work)}
    pre = json.dumps({"session_id": hooks.SID, "tool_name": "Bash", "tool_input": {"command": "ls"}}).encode()
    hooks.bytecode()
    base = hooks._time([sys.executable, "-c", "pass"], b"", runs * 2, env)[0]
    took = hooks._time([str(SCRIPT), "hook", "claude", "pre-tool-use"], pre, runs * 2, env)[0]
    shutil.rmtree(work, ignore_errors=True)
    return {"hook pre-tool-use (ms)": took * 1000, "python -c pass (ms)": base * 1000}


def report(result: dict[str, Any]) -> str:
    rows, facts = result["rows"], result["facts"]
    lines = [f"{'work':<44} {'server':<13} {'median':>10} {'returned':>10}  notes", ""]
    for r in rows:
        lines.append(f"{r['work']:<44} {r['peer']:<13} {r['ms']:>8,.1f} ms {r['bytes']:>8,} B  {r['extra']}")
    lines.append("")
    for name, value in facts.items():
        if isinstance(value, tuple):
            lines.append(f"{name:<58} {value[0]:>7,} bytes, {value[1]:>6,} tokens ({value[2]})")
        elif value is not None:
            lines.append(f"{name:<58} {value:>10,.1f}")
    lines += ["", *goals(rows, facts)]
    return "\n".join(lines)


def goals(rows: list[dict[str, Any]], facts: dict[str, Any]) -> list[str]:
    """Each goal of issue 34 against this run's figures."""

    def of(peer: str, prefix: str) -> list[dict[str, Any]]:
        return [r for r in rows if r["peer"] == peer and r["work"].startswith(prefix)]

    out = ["goals"]
    stored = of("mcp-context", "store log")
    largest = stored[-1]["work"].removeprefix("store ") if stored else None
    for r in of("mcp-context", "lookup"):
        if largest and r["work"].endswith(largest):
            peer = [x["ms"] for x in of("context-mode", r["work"])]
            versus = f", context-mode {peer[0]:,.1f} ms" if peer else ""
            met = r["ms"] <= 50 and (not peer or r["ms"] <= peer[0])
            out.append(f"  {r['work']} <= 50 ms: {r['ms']:,.1f} ms{versus} {'met' if met else 'NOT met'}")
    search = of("mcp-context", "which of 20")
    if search:
        out.append(f"  search across 20 results <= 10 ms: {search[0]['ms']:,.1f} ms "
                   f"{'met' if search[0]['ms'] <= 10 else 'NOT met'}")  # fmt: skip
    recalls = [r["extra"] for r in rows if r["peer"] == "mcp-context" and r["extra"].startswith("recall")]
    whole = all(a == b for a, b in (x.split()[1].split("/") for x in recalls))
    out.append(f"  recall 100 %: {'met' if whole else 'NOT met'} ({', '.join(x.split()[1] for x in recalls)})")
    ours, theirs = of("mcp-context", "store log"), of("context-mode", "store log")
    for a, b in zip(ours, theirs, strict=False):
        ratio = b["ms"] / a["ms"]
        out.append(
            f"  {a['work']}: {ratio:,.1f}x faster than context-mode (goal 2x) {'met' if ratio >= 2 else 'NOT met'}"
        )
    for a in ours:
        disk = float(a["extra"].split()[1].rstrip("x"))
        out.append(f"  {a['work']}: disk {disk:.2f}x raw (goal <= 1.5x) {'met' if disk <= 1.5 else 'NOT met'}")
    defs = facts.get("mcp-context definitions")
    if defs:
        out.append(f"  definitions <= 6 KB: {defs[0]:,} bytes {'met' if defs[0] <= 6 * 1024 else 'NOT met'}")
    acks = [v for k, v in facts.items() if k.startswith("mcp-context acknowledgment")]
    if acks:
        out.append(f"  acknowledgment <= 800 bytes: {acks[0][0]:,} {'met' if acks[0][0] <= 800 else 'NOT met'}")
    hook_ms = facts.get("hook pre-tool-use (ms)")
    if hook_ms is not None:
        base = facts["python -c pass (ms)"]
        out.append(f"  pre-tool-use hook <= 100 ms: {hook_ms:,.0f} ms ({hook_ms / base:.1f}x python -c pass, "
                   f"{base:,.0f} ms here) {'met' if hook_ms <= 100 else 'NOT met'}")  # fmt: skip
    return out


def rows(quick: bool) -> list[dict[str, Any]]:
    """The suite's rows (see benchmarks/__main__.py): mcp-context's figures, each against context-mode's in the
    same run when it is installed (ratio: ours over theirs), else against nothing."""
    sizes = [1 << 20, 8 << 20] if quick else [1 << 20, 8 << 20, 32 << 20]
    result = anyio.run(measure, sizes, 3 if quick else 5, peer_command())
    theirs = {r["work"]: r for r in result["rows"] if r["peer"] == "context-mode"}
    out = []
    for r in result["rows"]:
        if r["peer"] != "mcp-context":
            continue
        peer = theirs.get(r["work"])
        work = r["work"]
        size = work.rsplit(" ", 1)[-1] if work.startswith(("store", "lookup")) else "20 results"
        out.append(
            {
                "operation": f"peers: {work.rsplit(' in log', 1)[0].removesuffix(' ' + size)}",
                "size": size,
                "median_s": r["ms"] / 1000,
                "peak_mib": None,
                "baseline": "context-mode" if peer else "-",
                "ratio": r["ms"] / peer["ms"] if peer else None,
                "result": r["extra"],
            }
        )
    facts = result["facts"]
    out.append(
        {
            "operation": "peers: hook pre-tool-use (loop check)",
            "size": "spawn included",
            "median_s": facts["hook pre-tool-use (ms)"] / 1000,
            "peak_mib": None,
            "baseline": "python -c pass",
            "ratio": facts["hook pre-tool-use (ms)"] / facts["python -c pass (ms)"],
            "result": f"definitions {facts['mcp-context definitions'][0]:,} B",
        }
    )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--install", action="store_true", help=f"install context-mode and Node 22 into {CACHE}")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--sizes", default="1M,8M,32M")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.install:
        install()
    peer = peer_command()
    if peer is None:
        print(f"context-mode is not installed in {CACHE} (or no Node >= 22.5): mcp-context's rows only; "
              "--install fetches it with npm", file=sys.stderr)  # fmt: skip
    sizes = [parse_size(s) for s in args.sizes.split(",")]
    result = anyio.run(measure, sizes, args.runs, peer)
    print(json.dumps(result, indent=1) if args.json else report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
