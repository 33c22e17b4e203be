"""``python -m benchmarks.plugin_start [--runs 7]``: how soon a host gets its answers from the server the
Claude Code plugin and the Gemini CLI extension start (bin/mcp-context), spawn included, median of ``--runs``:

    baseline      ``python -m mcp_context serve`` started directly, with this checkout's environment
    later start   bin/mcp-context with its environment ready: it checks it and execs the same server
    first start   bin/mcp-context while its environment is still being installed: the launcher answers from
                  bin/listing.json (the install is held on its lock here, so no pip runs)

Each is timed to the answer of ``initialize`` and to that of ``tools/list`` sent right after it. A host stops
waiting for ``initialize`` after 30 s (Claude Code) and, for ``gemini mcp list``, sooner; the first start's
install itself takes a minute or more, which is what the launcher's own answers are for.
"""

from __future__ import annotations

import argparse
import fcntl
import importlib.machinery
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LAUNCHER = ROOT / "bin" / "mcp-context"
HELLO = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}}


def _answers(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds from spawn to the answer of initialize, and to that of tools/list."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    assert proc.stdin is not None and proc.stdout is not None
    lines = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": HELLO},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}},
    ]
    proc.stdin.write(b"".join(json.dumps(m).encode() + b"\n" for m in lines))
    proc.stdin.flush()
    at: dict[int, float] = {}
    for line in proc.stdout:
        found = json.loads(line)
        if found.get("id") in (1, 2):
            assert "result" in found, found
            at[found["id"]] = time.perf_counter() - t0
        if len(at) == 2:
            break
    proc.stdin.close()
    proc.wait()
    proc.stdout.close()
    return at[1], at[2]


def _median(argv: list[str], env: dict[str, str], runs: int) -> tuple[float, float]:
    got = [_answers(argv, env) for _ in range(runs)]
    return statistics.median(g[0] for g in got), statistics.median(g[1] for g in got)


def measure(runs: int) -> dict[str, Any]:
    loader = importlib.machinery.SourceFileLoader("plugin_launcher", str(LAUNCHER))
    spec = importlib.util.spec_from_loader("plugin_launcher", loader)
    assert spec is not None
    launcher = importlib.util.module_from_spec(spec)
    loader.exec_module(launcher)
    digest = launcher.digest()  # the name of the environment the launcher looks for
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        env = {**os.environ, "MCP_CONTEXT_HOME": str(base / "store")}
        baseline = _median([sys.executable, "-m", "mcp_context", "serve"], env, runs)
        ready_home, building_home = base / "ready", base / "building"
        env_dir = ready_home / f"env-{digest}"
        (env_dir / "bin").mkdir(parents=True)
        python = env_dir / "bin" / "python"  # this checkout's environment stands for the one the install builds
        python.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
        python.chmod(0o755)
        (env_dir / "ready").touch()
        later = _median(["python3", str(LAUNCHER), "serve"], {**env, "MCP_CONTEXT_PLUGIN_HOME": str(ready_home)}, runs)
        building_home.mkdir()
        with open(building_home / f"env-{digest}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # an install in progress: the launcher's installers wait on it
            first = _median(
                ["python3", str(LAUNCHER), "serve"], {**env, "MCP_CONTEXT_PLUGIN_HOME": str(building_home)}, runs
            )
            (building_home / f"env-{digest}").mkdir()
            (building_home / f"env-{digest}" / "ready").touch()  # the waiting installers find it done and stop
    return {"runs": runs, "baseline": baseline, "later start": later, "first start": first}


def report(result: dict[str, Any]) -> str:
    base = result["baseline"]
    lines = [f"plugin server start-up, spawn to answer (median of {result['runs']} runs)", ""]
    lines.append(f"{'':<14}{'initialize':>12}{'tools/list':>12}{'× baseline':>12}")
    for name in ("baseline", "later start", "first start"):
        init, tools = result[name]
        lines.append(f"{name:<14}{init * 1000:>10.0f}ms{tools * 1000:>10.0f}ms{tools / base[1]:>11.2f}×")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    print(report(measure(args.runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
