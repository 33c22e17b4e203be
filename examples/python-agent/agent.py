"""A small agent loop in plain Python that keeps its own context with mcp-context.

The "model" is scripted: a deterministic policy instead of an LLM, so the example runs anywhere with no key
and no network. Everything else is real: it reads real files of this repository and runs a real command,
and it talks to the real server (``mcp-context serve``, started over stdio) through the MCP SDK's client:

- a tool output over ``--persist-over`` characters goes through ``persist_result``; only the handle and the
  preview stay in the history;
- after every step it reports the step to ``check_loop`` and obeys the answer: on ``warn`` it puts the nudge
  in its history and changes course once, on ``stop`` it stops and says why;
- when its history passes ``--budget`` tokens it calls ``compact_history`` with a smaller target and goes on
  with the messages that come back.

Run it from anywhere: ``python examples/python-agent/agent.py [--root DIR] [--report FILE]``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, StdioServerParameters

from mcp_context.config import command_for_people

REPO = Path(__file__).resolve().parents[2]
TASK = "Find how mcp-context makes its writes crash-safe, and name the functions that do it."
NUDGE_TAG = "[check_loop]"
SYSTEM = (
    "You are a coding agent. Tools: read_file(path), run(command), and mcp-context's tools. Large outputs "
    "are stored with persist_result; read them back with read_persisted."
)
# The scripted model's plan: what a model might do for TASK, ending in the file it will not stop re-reading.
PLAN: list[tuple[str, dict[str, Any]]] = [
    ("read_file", {"path": "mcp_context/errors.py"}),
    ("read_file", {"path": "README.md"}),
    ("run", {"command": ["grep", "-rnE", r"fsync|os\.replace|def ", "mcp_context", "--include=*.py"]}),
    ("read_file", {"path": "mcp_context/storage/files.py"}),
    ("read_file", {"path": "mcp_context/config.py"}),
]
LOOP_FILE = "mcp_context/storage/files.py"


@dataclass
class Call:
    name: str
    args: dict[str, Any]
    why: str


class ScriptedModel:
    """Stands in for an LLM: walks PLAN, then re-reads LOOP_FILE for ever, as a stuck model does. It reads
    the newest message of its history: after a nudge it changes course once, using the history's handle."""

    def __init__(self) -> None:
        self.plan = list(PLAN)

    def next_call(self, history: list[dict[str, Any]]) -> Call:
        last = history[-1]
        if last["role"] == "user" and str(last["content"]).startswith(NUDGE_TAG):
            handle = _stored_handle(history, LOOP_FILE)
            if handle:
                args = {"handle": handle, "grep": r"fsync|os\.replace", "context": 1, "max_matches": 8}
                return Call("read_persisted", args, "nudged: grep the stored copy instead of re-reading")
            return Call("run", {"command": ["grep", "-nE", r"fsync|os\.replace", LOOP_FILE]}, "nudged: grep it")
        if self.plan:
            name, args = self.plan.pop(0)
            return Call(name, args, "plan")
        return Call("read_file", {"path": LOOP_FILE}, "wants to check the file once more")


def _stored_handle(history: list[dict[str, Any]], path: str) -> str | None:
    """The handle under which the newest read of ``path`` was stored, as the history shows it."""
    for message in reversed(history):
        content = message.get("content")
        if message["role"] == "tool" and isinstance(content, str) and content.startswith(f"{path}:"):
            found = re.search(r"\br_[0-9a-f]{16}\b", content)
            if found:
                return found.group(0)
    return None


def estimate_tokens(history: list[dict[str, Any]]) -> int:
    """What the agent itself counts, cheaply: a quarter of the characters (the server counts exactly)."""
    return sum(len(json.dumps(m, ensure_ascii=False)) for m in history) // 4


def run_local(call: Call) -> tuple[str, bool]:
    """The agent's own tools, run for real in this repository."""
    if call.name == "read_file":
        path = REPO / call.args["path"]
        try:
            return path.read_text(encoding="utf-8"), False
        except OSError as exc:
            return f"cannot read {call.args['path']}: {exc.strerror}", True
    done = subprocess.run(call.args["command"], cwd=REPO, capture_output=True, text=True, timeout=30)
    return done.stdout + done.stderr, done.returncode > 1  # grep: 1 means no match, not a failure


@dataclass
class Run:
    """What happened, for the log and for ``--report``."""

    session: str
    root: str
    steps: list[dict[str, Any]] = field(default_factory=list)
    compactions: list[dict[str, Any]] = field(default_factory=list)
    persisted: list[str] = field(default_factory=list)
    verdicts: list[str] = field(default_factory=list)
    stopped: dict[str, Any] | None = None
    peak_tokens: int = 0  # the largest history the model was given
    final_tokens: int = 0
    seconds: float = 0.0


class Agent:
    def __init__(self, client: Client, run: Run, budget: int, target: int, persist_over: int) -> None:
        self.client, self.run = client, run
        self.budget, self.target, self.persist_over = budget, target, persist_over
        self.model = ScriptedModel()
        self.history: list[dict[str, Any]] = [
            {"role": "system", "content": SYSTEM},
            {"role": "user", "content": TASK},
        ]

    async def tool(self, name: str, args: dict[str, Any]) -> dict[str, Any]:
        result = await self.client.call_tool(name, args)
        if result.is_error or result.structured_content is None:
            text = " ".join(getattr(c, "text", "") for c in result.content)
            raise RuntimeError(f"{name} failed: {text}")
        out: dict[str, Any] = result.structured_content
        return out

    async def go(self, max_steps: int) -> None:
        # A fresh stream for this prompt, with a step limit as a backstop should no detector fire.
        await self.tool(
            "check_loop",
            {"events": [{"kind": "user", "text": TASK}], "reset": True, "policy": {"max_steps": max_steps}},
        )
        for number in range(1, max_steps + 2):
            self.run.peak_tokens = max(self.run.peak_tokens, estimate_tokens(self.history))
            call = self.model.next_call(self.history)
            call_id = f"call_{number}"
            self.history.append(
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": call_id,
                            "type": "function",
                            "function": {"name": call.name, "arguments": json.dumps(call.args)},
                        }
                    ],
                }
            )
            kept, is_error, stored = await self.execute(call)
            self.history.append({"role": "tool", "tool_call_id": call_id, "content": kept})
            verdict = await self.tool("check_loop", {"events": self.events(call, kept, is_error)})
            self.log_step(number, call, kept, stored, verdict)
            if verdict["status"] == "warn":
                self.history.append({"role": "user", "content": verdict["nudge"]})  # it starts with [check_loop]
            if estimate_tokens(self.history) > self.budget:
                await self.compact()
            if verdict["status"] == "stop":
                self.run.stopped = {"step": number, "kind": verdict["kind"], "nudge": verdict["nudge"]}
                print(f"stopped at step {number} ({verdict['kind']}): {verdict['nudge']}")
                break
        self.run.final_tokens = estimate_tokens(self.history)

    async def execute(self, call: Call) -> tuple[str, bool, str | None]:
        """Run the call; a large output is persisted and only its handle and preview are kept."""
        if call.name == "read_persisted":
            out = await self.tool("read_persisted", call.args)
            lines = [f"{m['line']:>5}{':' if m['match'] else '-'} {m['text']}" for m in out["matches"] or []]
            return f"{out['match_count']} match(es) in {out['handle']}:\n" + "\n".join(lines), False, None
        output, is_error = run_local(call)
        subject = call.args.get("path") or shlex.join(call.args["command"])
        if len(output) <= self.persist_over or is_error:
            return f"{subject}:\n{output}", is_error, None
        stored = await self.tool("persist_result", {"content": output, "label": subject, "source": subject})
        self.run.persisted.append(stored["handle"])
        kept = (
            f"{subject}: {stored['chars']:,} chars, {stored['tokens']:,} tokens, stored as {stored['handle']} "
            f"(read on: {stored['read_more']})\n{stored['preview']}"
        )
        return kept, False, stored["handle"]

    def events(self, call: Call, kept: str, is_error: bool) -> list[dict[str, Any]]:
        # The result is reported as the model saw it: a re-read of an unchanged file looks the same each time.
        return [
            {"kind": "turn"},
            {"kind": "tool_call", "name": call.name, "args": call.args},
            {"kind": "tool_result", "name": call.name, "text": kept, "is_error": is_error},
        ]

    async def compact(self) -> None:
        before = estimate_tokens(self.history)
        out = await self.tool(
            "compact_history", {"messages": self.history, "target_tokens": self.target, "return_messages": True}
        )
        self.history = out["messages"]
        after = estimate_tokens(self.history)
        layers = ", ".join(f"{x['name']} x{x['changed']}" for x in out["layers"] if x["changed"])
        self.run.compactions.append(
            {
                "estimate_before": before,
                "estimate_after": after,
                "tokens_before": out["tokens_before"],
                "tokens_after": out["tokens_after"],
                "target": out["target"],
                "fits": out["fits"],
                "messages_before": out["message_count_before"],
                "messages_after": out["message_count_after"],
                "archive": out["archive_handle"],
            }
        )
        print(
            f"  compact_history: {out['message_count_before']} → {out['message_count_after']} messages, "
            f"{out['tokens_before']:,} → {out['tokens_after']:,} tokens (target {out['target']:,}; "
            f"{layers or 'nothing changed'}); originals in {out['archive_handle']}"
        )

    def log_step(self, number: int, call: Call, kept: str, stored: str | None, verdict: dict[str, Any]) -> None:
        shown = call.args.get("path") or call.args.get("handle") or shlex.join(call.args.get("command", []))
        what = f"stored as {stored}, {len(kept):,} chars kept" if stored else f"{len(kept):,} chars kept"
        status = verdict["status"] + (
            f" ({verdict['kind']}, strike {verdict['strike']})" if verdict.get("kind") else ""
        )
        self.run.steps.append({"step": number, "tool": call.name, "args": call.args, "stored": stored})
        self.run.verdicts.append(verdict["status"])
        print(f"step {number:>2}  {call.name}({shown})  [{call.why}]  {what}; check_loop: {status}")
        if call.name == "read_persisted":
            for line in kept.splitlines()[1:4]:
                print(f"  | {line[:110]}")
        if verdict["status"] == "warn":
            print(f"  nudge → history: {verdict['nudge']}")


async def main_async(args: argparse.Namespace) -> Run:
    session = args.session or time.strftime("agent-%Y%m%d-%H%M%S")
    root = Path(args.root or os.environ.get("MCP_CONTEXT_HOME") or Path.home() / ".mcp-context").resolve()
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "mcp_context", "--root", str(root), "--session", session, "serve"],
        cwd=str(REPO),
    )
    start = time.perf_counter()
    async with Client(params) as client:
        tools = [t.name for t in (await client.list_tools()).tools]
        run = Run(session=session, root=str(root))
        print(f"server up in {time.perf_counter() - start:.1f} s with {len(tools)} tools: {', '.join(tools)}")
        print(f"task: {TASK}")
        agent = Agent(client, run, args.budget, args.target, args.persist_over)
        await agent.go(args.max_steps)
    run.seconds = round(time.perf_counter() - start, 2)
    print(
        f"done in {run.seconds:.1f} s: {len(run.steps)} steps, {len(run.compactions)} compaction(s), "
        f"{len(set(run.persisted))} result(s) stored; the model never saw more than ~{run.peak_tokens:,} tokens "
        f"(budget {args.budget:,})"
    )
    print(f"browse them: {command_for_people()} --root {shlex.quote(str(root))} --session {run.session} results")
    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, help="store root (default: MCP_CONTEXT_HOME or ~/.mcp-context)")
    parser.add_argument("--session", help="session id (default: agent-<date>-<time>)")
    parser.add_argument("--budget", type=int, default=1_500, help="compact when the history passes this (tokens)")
    parser.add_argument("--target", type=int, default=800, help="what compact_history shrinks it to (tokens)")
    parser.add_argument("--persist-over", type=int, default=3_000, help="persist outputs over this many chars")
    parser.add_argument("--max-steps", type=int, default=30, help="check_loop's step limit, a backstop")
    parser.add_argument("--report", type=Path, help="also write what happened as JSON to this file")
    args = parser.parse_args(argv)
    run = anyio.run(main_async, args)
    if args.report:
        args.report.write_text(json.dumps(vars(run), indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
