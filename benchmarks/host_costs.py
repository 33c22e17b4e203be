"""``python -m benchmarks.host_costs [--runs 5] [--hosts claude,gemini,codex]``: what registering mcp-context
costs a session in each real host (Claude Code, Gemini CLI, Codex CLI, as installed by scripts/record-hosts and
scripts/record-codex), measured on the requests the host sends to the scripted model on 127.0.0.1. Each run
alternates a session with mcp-context registered as ``mcp-context config HOST`` prints it (stdio, this
checkout's install) and the same session without it, the baseline, in a clean HOME each; medians of ``--runs``.

    tokens    the main request with the server against the baseline's (the project's token estimate of the
              request's JSON: tool declarations, the server's instructions, whatever the host adds for it);
              for Codex CLI the request less its conversation (``input``)
    schemas   the five tools' declarations alone, as the host sends them once it declares them
    start     seconds from the host's launch to its first main request that can call the tools (Claude Code
              loads them with ToolSearch first, so that is its second request), and the baseline's first

Claude Code 2.1.330 defers MCP tools behind its ToolSearch tool: its first request names them only; the plan's
first step loads them, as a model that wants one does. Codex CLI sends its first request before its MCP servers
have answered; the scripted model waits for the tools with a shell ``sleep`` (scripts/record-codex).
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from mcp_context.tokens.count import estimate_bytes

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ("persist_result", "read_persisted", "summarize_range", "check_loop", "compact_history")
PROMPT = "Say done."


def _record_codex() -> ModuleType:
    if "record_codex" in sys.modules:
        return sys.modules["record_codex"]
    loader = importlib.machinery.SourceFileLoader("record_codex", str(ROOT / "scripts" / "record-codex"))
    spec = importlib.util.spec_from_loader("record_codex", loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["record_codex"] = module
    loader.exec_module(module)
    return module


def _tokens(doc: Any) -> int:
    return estimate_bytes(json.dumps(doc, ensure_ascii=False, sort_keys=True).encode())


def _ours(name: str) -> bool:
    return any(name.endswith(tool) for tool in TOOLS) and "context" in name


class Requests:
    """The main requests a host sent, each with its time since launch."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.t0 = time.monotonic()
        self.seen: list[tuple[float, dict[str, Any]]] = []

    def add(self, body: dict[str, Any]) -> None:
        with self.lock:
            self.seen.append((time.monotonic() - self.t0, body))


def _declared(host: str, body: dict[str, Any]) -> list[dict[str, Any]]:
    """The tool declarations of a request, each as the host sent it."""
    tools = [t for t in body.get("tools") or [] if isinstance(t, dict)]
    if host == "gemini":
        return [fd for t in tools for fd in t.get("functionDeclarations") or []]
    if host == "codex":
        return [
            inner | {"name": f"{t.get('name')}__{inner.get('name')}"} if t.get("type") == "namespace" else t
            for t in tools
            for inner in (t.get("tools") or [t] if t.get("type") == "namespace" else [t])
        ]
    return tools


def _claude_or_gemini(host: str, home: Path, proj: Path, register: bool) -> Requests:
    import hosts_recorder
    from hosts_recorder import plan

    hosts = hosts_recorder.install()
    model = hosts_recorder.FakeModel(home.parent / "model.jsonl")
    steps = [plan.answer("done")]
    if host == "claude" and register:
        names = ",".join(f"mcp__mcp-context__{t}" for t in TOOLS)
        steps = [plan.tool_search(f"select:{names}", "claude"), *steps]
    model.set_plan([plan.Prompt(PROMPT, steps)], str(proj), home.parent / "model.jsonl")
    seen = Requests()
    original = model.anthropic if host == "claude" else model.gemini

    def watch(body: dict[str, Any]) -> Any:
        if body.get("tools") and any(
            PROMPT in json.dumps(m) for m in body.get("messages") or body.get("contents") or []
        ):
            seen.add(body)
        return original(body)

    if host == "claude":
        model.anthropic = watch  # type: ignore[method-assign]
    else:
        model.gemini = watch  # type: ignore[method-assign]
        hosts_recorder.gemini_settings(home)
    binary = hosts.claude if host == "claude" else hosts.gemini
    srv = hosts_recorder.serve(model)
    env = hosts_recorder.host_env(hosts, home, srv.server_address[1], host)
    env["PATH"] = (
        f"{Path(binary).parent}:{env['PATH']}"  # the printed command names the host as a user's shell finds it
    )
    try:
        if register:
            printed = _printed(host)
            subprocess.run(["bash", "-c", printed], cwd=home, env=env, capture_output=True, check=True, timeout=120)
        cmd = [binary, "-p", PROMPT]
        if host == "claude":
            cmd += ["--output-format", "stream-json", "--verbose", "--allowedTools", "ToolSearch"]
        else:
            cmd += ["-m", hosts_recorder.GEMINI_MODEL, "--approval-mode", "yolo", "-o", "stream-json"]
        seen.t0 = time.monotonic()
        subprocess.run(cmd, cwd=proj, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=300)
    finally:
        srv.shutdown()
        srv.server_close()
    return seen


def _printed(host: str) -> str:
    """The registration ``mcp-context config HOST`` prints for this checkout's install (its first command)."""
    cli = Path(sys.executable).parent / "mcp-context"
    out = subprocess.run([str(cli), "config", host], capture_output=True, text=True, check=True).stdout
    return next(ln for ln in out.splitlines() if ln and not ln.startswith("#"))


def _codex(home: Path, proj: Path, register: bool) -> Requests:
    rc = _record_codex()
    codex = rc.install()
    model = rc.ResponsesModel(home.parent / "model.jsonl")
    steps = [rc.call("check_loop", {"events": [{"kind": "user", "text": "hi"}]}), rc.answer("done")]
    model.set_plan([rc.Prompt(PROMPT, steps if register else steps[1:])], home.parent / "model.jsonl")
    seen = Requests()
    original = model.answer

    def watch(body: dict[str, Any]) -> Any:
        if body.get("tools"):
            seen.add(body)
        return original(body)

    model.answer = watch
    (home / ".codex").mkdir(parents=True)
    if register:
        cli = Path(sys.executable).parent / "mcp-context"
        printed = subprocess.run([str(cli), "config", "codex"], capture_output=True, text=True, check=True).stdout
        (home / ".codex" / "config.toml").write_text(printed)
    srv = rc.serve(model)
    try:
        seen.t0 = time.monotonic()
        rc.run_codex(codex, home, proj, srv.server_address[1], PROMPT, 240)
    finally:
        srv.shutdown()
        srv.server_close()
    return seen


def one(host: str, base: Path, register: bool) -> dict[str, float]:
    """One session; the main request's tokens, our tools' schemas, and when the tools were first callable."""
    home, proj = base / "home", base / "proj"
    home.mkdir(parents=True)
    proj.mkdir()
    seen = _codex(home, proj, register) if host == "codex" else _claude_or_gemini(host, home, proj, register)
    if not seen.seen:
        raise SystemExit(f"host_costs: {host} sent no main request (register={register}); see {base}")
    at, first = seen.seen[0]
    ready = next(((t, b) for t, b in seen.seen if any(_ours(str(d.get("name"))) for d in _declared(host, b))), None)
    if register and ready is None:
        raise SystemExit(f"host_costs: {host} never declared mcp-context's tools; see {base}")
    at, body = ready if ready is not None else (at, first)
    schemas = [d for d in _declared(host, body) if _ours(str(d.get("name")))]
    # Claude Code's every request carries what its first does (the deferred tools named); the others' first
    # request that declares the tools carries their schemas, as every later one does. Codex's may come after
    # the scripted model's waits, so there only what stands before the conversation is counted.
    if host == "codex":
        counted = {k: v for k, v in body.items() if k != "input"}
    else:
        counted = first if host == "claude" else body
    return {"tokens": _tokens(counted), "schemas": _tokens(schemas), "start": at}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--hosts", default="claude,gemini,codex")
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="host-costs-"))
    print(f"{'host':8} {'tokens added, of baseline':>26} {'schemas':>8} {'tools callable after (s)':>26}")
    for host in args.hosts.split(","):
        rows: dict[bool, list[dict[str, float]]] = {True: [], False: []}
        for run in range(args.runs):
            for register in (False, True):  # alternating, so both see the same load
                rows[register].append(one(host, scratch / f"{host}-{run}-{int(register)}", register))
        med = {r: {k: statistics.median(x[k] for x in rows[r]) for k in ("tokens", "schemas", "start")} for r in rows}
        added = med[True]["tokens"] - med[False]["tokens"]
        ratio = med[True]["start"] / med[False]["start"]
        starts = f"{med[True]['start']:.1f} (baseline {med[False]['start']:.1f}, {ratio:.2f}x)"
        print(f"{host:8} {added:>+10,.0f} of {med[False]['tokens']:>9,.0f}  {med[True]['schemas']:>8,.0f} {starts:>26}")
    shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
