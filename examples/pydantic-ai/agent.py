"""The python-agent example again, as a Pydantic AI agent: mcp-context's tools come in through Pydantic AI's
own MCP adapter (``MCPToolset``), and its context is kept by a history processor.

The model is Pydantic AI's ``FunctionModel`` driven by a scripted policy, so it runs with no key and no
network. The rest is real: the agent reads files of this repository and runs a real command (its own
tools), and talks to ``mcp-context serve`` over stdio:

- ``read_file`` and ``run`` send an output over ``--persist-over`` characters to ``persist_result`` and
  return only the handle and preview;
- before every model request, the history processor reports the new steps to ``check_loop``: a warning
  goes into the request as a nudge, a stop too, and the model then ends the run saying why;
- when the history passes ``--budget`` tokens, the processor sends it to ``compact_history`` (as OpenAI
  messages) and hands the model what comes back.

Needs ``pip install "pydantic-ai-slim[mcp]"`` (or ``pip install -e ".[examples]"`` in this repository).
Run: ``python examples/pydantic-ai/agent.py [--root DIR] [--report FILE]``.
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

try:
    from fastmcp.client.transports import StdioTransport
    from pydantic_ai import Agent
    from pydantic_ai.capabilities import ProcessHistory
    from pydantic_ai.mcp import MCPToolset
    from pydantic_ai.messages import (
        ModelMessage,
        ModelRequest,
        ModelResponse,
        TextPart,
        ToolCallPart,
        ToolReturnPart,
        UserPromptPart,
    )
    from pydantic_ai.models.function import AgentInfo, FunctionModel
    from pydantic_ai.usage import UsageLimits
except ImportError as missing:  # the examples extra is not installed
    sys.exit(f"this example needs Pydantic AI: pip install -e '.[examples]' ({missing.name} is missing)")

from mcp_context.config import command_for_people

REPO = Path(__file__).resolve().parents[2]
TASK = "Find how mcp-context makes its writes crash-safe, and name the functions that do it."
NUDGE, STOP = "[check_loop warn]", "[check_loop stop]"
PLAN: list[tuple[str, dict[str, Any]]] = [
    ("read_file", {"path": "mcp_context/errors.py"}),
    ("read_file", {"path": "README.md"}),
    ("run", {"command": ["grep", "-rnE", r"fsync|os\.replace|def ", "mcp_context", "--include=*.py"]}),
    ("read_file", {"path": "mcp_context/storage/files.py"}),
    ("read_file", {"path": "mcp_context/config.py"}),
]
LOOP_FILE = "mcp_context/storage/files.py"


@dataclass
class Report:
    session: str
    root: str
    steps: list[dict[str, Any]] = field(default_factory=list)
    compactions: list[dict[str, Any]] = field(default_factory=list)
    persisted: list[str] = field(default_factory=list)
    verdicts: list[str] = field(default_factory=list)
    stopped: dict[str, Any] | None = None
    peak_tokens: int = 0
    output: str = ""


class ScriptedModel:
    """A stand-in for an LLM: walks PLAN, then re-reads LOOP_FILE for ever. It reads the newest request: after
    a warning it changes course once (greps the stored copy through read_persisted); after a stop it ends."""

    def __init__(self) -> None:
        self.plan = list(PLAN)

    def __call__(self, messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        said = [p.content for p in messages[-1].parts if isinstance(p, UserPromptPart) and isinstance(p.content, str)]
        if any(s.startswith(STOP) for s in said):
            return ModelResponse(parts=[TextPart(f"I stopped: {said[-1][len(STOP) :].strip()}")])
        if any(s.startswith(NUDGE) for s in said) and (handle := _stored_handle(messages, LOOP_FILE)):
            grep = {"handle": handle, "grep": r"fsync|os\.replace", "context": 1, "max_matches": 8}
            return ModelResponse(parts=[ToolCallPart("read_persisted", grep)])
        name, args = self.plan.pop(0) if self.plan else ("read_file", {"path": LOOP_FILE})
        return ModelResponse(parts=[ToolCallPart(name, args)])


def _stored_handle(messages: list[ModelMessage], path: str) -> str | None:
    for message in reversed(messages):
        for part in message.parts:
            if isinstance(part, ToolReturnPart) and str(part.content).startswith(f"{path}:"):
                found = re.search(r"\br_[0-9a-f]{16}\b", str(part.content))
                if found:
                    return found.group(0)
    return None


# Pydantic AI messages <-> OpenAI Chat Completions messages, the format compact_history takes and gives back.


def to_openai(messages: list[ModelMessage]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for message in messages:
        if isinstance(message, ModelResponse):
            text = "".join(p.content for p in message.parts if isinstance(p, TextPart))
            calls = [
                {
                    "id": p.tool_call_id,
                    "type": "function",
                    "function": {"name": p.tool_name, "arguments": p.args_as_json_str()},
                }
                for p in message.parts
                if isinstance(p, ToolCallPart)
            ]
            out.append({"role": "assistant", "content": text or None} | ({"tool_calls": calls} if calls else {}))
            continue
        for part in message.parts:
            if isinstance(part, ToolReturnPart):
                out.append({"role": "tool", "tool_call_id": part.tool_call_id, "content": part.model_response_str()})
            elif isinstance(part, UserPromptPart):
                out.append(
                    {"role": "user", "content": part.content if isinstance(part.content, str) else str(part.content)}
                )
    return out


def from_openai(messages: list[dict[str, Any]]) -> list[ModelMessage]:
    out: list[ModelMessage] = []
    names: dict[str, str] = {}
    for m in messages:
        if m["role"] == "assistant":
            parts: list[Any] = [TextPart(m["content"])] if m.get("content") else []
            for call in m.get("tool_calls") or []:
                names[call["id"]] = call["function"]["name"]
                parts.append(ToolCallPart(call["function"]["name"], call["function"]["arguments"], call["id"]))
            out.append(ModelResponse(parts=parts))
            continue
        text = m["content"] if isinstance(m["content"], str) else json.dumps(m["content"])
        part: Any = (
            ToolReturnPart(names.get(m["tool_call_id"], "tool"), text, m["tool_call_id"])
            if m["role"] == "tool"
            else UserPromptPart(text)
        )
        if out and isinstance(out[-1], ModelRequest):  # consecutive user and tool messages make one request
            out[-1].parts = [*out[-1].parts, part]
        else:
            out.append(ModelRequest(parts=[part]))
    return out


def estimate_tokens(messages: list[ModelMessage]) -> int:
    return sum(len(json.dumps(m, ensure_ascii=False)) for m in to_openai(messages)) // 4


class ContextKeeper:
    """The history processor: loop checks and compaction, both through mcp-context's MCP tools."""

    def __init__(self, mcp: MCPToolset[None], report: Report, budget: int, target: int) -> None:
        self.mcp, self.report, self.budget, self.target = mcp, report, budget, target
        self.reported: set[str] = set()

    async def __call__(self, messages: list[ModelMessage]) -> list[ModelMessage]:
        verdict = await self.check(messages)
        if verdict is not None and verdict["status"] != "ok":
            tag = STOP if verdict["status"] == "stop" else NUDGE
            last = messages[-1]
            last.parts = [*last.parts, UserPromptPart(f"{tag} {verdict['nudge']}")]
        if estimate_tokens(messages) > self.budget:
            messages = await self.compact(messages)
        self.report.peak_tokens = max(self.report.peak_tokens, estimate_tokens(messages))
        return messages

    async def check(self, messages: list[ModelMessage]) -> dict[str, Any] | None:
        """Report the steps the processor has not seen yet: each call with its result, as the model saw it."""
        results = {p.tool_call_id: p for m in messages for p in m.parts if isinstance(p, ToolReturnPart)}
        events: list[dict[str, Any]] = []
        for message in messages:
            for p in message.parts:
                if isinstance(p, ToolCallPart) and p.tool_call_id in results and p.tool_call_id not in self.reported:
                    self.reported.add(p.tool_call_id)
                    text = results[p.tool_call_id].model_response_str()
                    events += [
                        {"kind": "turn"},
                        {"kind": "tool_call", "name": p.tool_name, "args": p.args_as_dict()},
                        {"kind": "tool_result", "name": p.tool_name, "text": text},
                    ]
                    self.report.steps.append({"tool": p.tool_name, "args": p.args_as_dict()})
        if not events:
            return None
        verdict: dict[str, Any] = await self.mcp.direct_call_tool("check_loop", {"events": events})
        self.report.verdicts.append(verdict["status"])
        step = self.report.steps[-1]
        shown = step["args"].get("path") or step["args"].get("handle") or shlex.join(step["args"].get("command", []))
        found = f" ({verdict['kind']}, strike {verdict['strike']})" if verdict.get("kind") else ""
        print(f"step {len(self.report.steps):>2}  {step['tool']}({shown}); check_loop: {verdict['status']}{found}")
        if verdict["status"] == "stop":
            self.report.stopped = {"step": len(self.report.steps), "kind": verdict["kind"], "nudge": verdict["nudge"]}
        return verdict

    async def compact(self, messages: list[ModelMessage]) -> list[ModelMessage]:
        args = {"messages": to_openai(messages), "target_tokens": self.target, "return_messages": True}
        out: dict[str, Any] = await self.mcp.direct_call_tool("compact_history", args)
        compacted = from_openai(out["messages"])
        self.report.compactions.append(
            {
                "estimate_before": estimate_tokens(messages),
                "estimate_after": estimate_tokens(compacted),
                "tokens_before": out["tokens_before"],
                "tokens_after": out["tokens_after"],
                "target": out["target"],
                "fits": out["fits"],
                "archive": out["archive_handle"],
            }
        )
        print(
            f"  compact_history: {out['message_count_before']} → {out['message_count_after']} messages, "
            f"{out['tokens_before']:,} → {out['tokens_after']:,} tokens (target {out['target']:,}); "
            f"originals in {out['archive_handle']}"
        )
        return compacted


def build(mcp: MCPToolset[None], report: Report, args: argparse.Namespace) -> Agent[None, str]:
    agent = Agent(
        FunctionModel(ScriptedModel()),
        toolsets=[mcp],
        instructions="You are a coding agent. Large outputs are stored; read them back with read_persisted.",
        capabilities=[ProcessHistory(ContextKeeper(mcp, report, args.budget, args.target))],
    )

    async def keep(subject: str, output: str) -> str:
        if len(output) <= args.persist_over:
            return f"{subject}:\n{output}"
        stored = await mcp.direct_call_tool("persist_result", {"content": output, "label": subject, "source": subject})
        report.persisted.append(stored["handle"])
        return (
            f"{subject}: {stored['chars']:,} chars, {stored['tokens']:,} tokens, stored as {stored['handle']} "
            f"(read on: {stored['read_more']})\n{stored['preview']}"
        )

    @agent.tool_plain
    async def read_file(path: str) -> str:
        """Read a file of the repository."""
        return await keep(path, (REPO / path).read_text(encoding="utf-8"))

    @agent.tool_plain
    async def run(command: list[str]) -> str:
        """Run a command in the repository and return its output."""
        done = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=30)
        return await keep(shlex.join(command), done.stdout + done.stderr)

    return agent


async def main_async(args: argparse.Namespace) -> Report:
    session = args.session or time.strftime("pydantic-ai-%Y%m%d-%H%M%S")
    root = Path(args.root or os.environ.get("MCP_CONTEXT_HOME") or Path.home() / ".mcp-context").resolve()
    serve = ["-m", "mcp_context", "--root", str(root), "--session", session, "serve"]
    mcp: MCPToolset[None] = MCPToolset(StdioTransport(command=sys.executable, args=serve, cwd=str(REPO)))
    report = Report(session=session, root=str(root))
    start = time.perf_counter()
    async with mcp:
        policy = {"max_steps": args.max_steps}
        await mcp.direct_call_tool(
            "check_loop", {"events": [{"kind": "user", "text": TASK}], "reset": True, "policy": policy}
        )
        result = await build(mcp, report, args).run(TASK, usage_limits=UsageLimits(request_limit=args.max_steps + 5))
    report.output = result.output
    print(result.output)
    print(
        f"done in {time.perf_counter() - start:.1f} s: {len(report.steps)} steps, {len(report.compactions)} "
        f"compaction(s), {len(set(report.persisted))} result(s) stored; the model never saw more than "
        f"~{report.peak_tokens:,} tokens (budget {args.budget:,})"
    )
    print(f"browse them: {command_for_people()} --root {shlex.quote(str(root))} --session {session} results")
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, help="store root (default: MCP_CONTEXT_HOME or ~/.mcp-context)")
    parser.add_argument("--session", help="session id (default: pydantic-ai-<date>-<time>)")
    parser.add_argument("--budget", type=int, default=1_500, help="compact when the history passes this (tokens)")
    parser.add_argument("--target", type=int, default=800, help="what compact_history shrinks it to (tokens)")
    parser.add_argument("--persist-over", type=int, default=3_000, help="persist outputs over this many chars")
    parser.add_argument("--max-steps", type=int, default=30, help="check_loop's step limit, a backstop")
    parser.add_argument("--report", type=Path, help="also write what happened as JSON to this file")
    args = parser.parse_args(argv)
    report = anyio.run(main_async, args)
    if args.report:
        args.report.write_text(json.dumps(vars(report), indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
