"""The scripted model scripts/real-clients.sh drives the hosts with: a plan of MCP tool calls, one a turn.

``python -m hosts_recorder.tool_plan --plan PLAN --log LOG --port-file FILE --server NAME`` serves the Anthropic
Messages API and the Gemini API on an ephemeral port of 127.0.0.1 (written to FILE once it listens) through the
same handler as the host recorder's model (model.py). PLAN is a JSON list of ``{"tool": name, "args": {...}}``:
turn N of the conversation (N tool results so far) calls step N's tool, as the host declares it (``mcp__NAME__x``,
``mcp_NAME_x``); steps whose tool the host does not declare are left out; past the last step the model says
FINAL_TEXT. Every request is logged whole (the script's checks read the tool results from the log).
"""

from __future__ import annotations

import argparse
import json
import os
import threading
from pathlib import Path
from typing import Any

from .calls import fill_schema
from .model import ScriptedModel, serve

FINAL_TEXT = "FAKE_LLM_DONE"


def resolve(name: str, declared: list[str], server: str) -> str | None:
    """The declared name of ``name``: itself, or the server's namespaced form of it."""
    if name in declared:
        return name
    return next((d for d in declared if server in d and (d.endswith("__" + name) or d.endswith("_" + name))), None)


class ToolPlanModel(ScriptedModel):
    """Plays ``plan`` (see the module's docstring) for the MCP server named ``server``."""

    log_limit = None

    def __init__(self, plan: list[dict[str, Any]], server: str, log_path: Path):
        super().__init__(log_path)
        self.plan, self.server = plan, server

    def next_step(self, declared: list[str], done: int) -> tuple[int | None, str | None, list[str]]:
        """The plan's step for the turn after ``done`` tool results, its tool's declared name, and the tools
        of the plan the host does not declare."""
        steps: list[tuple[int, str]] = []
        skipped: list[str] = []
        for i, step in enumerate(self.plan):
            name = resolve(step["tool"], declared, self.server)
            if name:
                steps.append((i, name))
            else:
                skipped.append(step["tool"])
        if done < len(steps):
            return steps[done][0], steps[done][1], skipped
        return None, None, skipped

    def anthropic(self, body: dict[str, Any]) -> tuple[list[dict[str, Any]], str]:
        declared = [str(t["name"]) for t in body.get("tools") or [] if isinstance(t, dict) and t.get("name")]
        results = [
            b
            for m in body.get("messages", [])
            if isinstance(m.get("content"), list)
            for b in m["content"]
            if isinstance(b, dict) and b.get("type") == "tool_result"
        ]
        rec: dict[str, Any] = {"api": "anthropic", "declared_tools": declared, "tool_results": results}
        content: list[dict[str, Any]] = [{"type": "text", "text": FINAL_TEXT}]
        # Only the main conversation declares the MCP tools; side calls get text.
        main = any(d.startswith("mcp__") for d in declared)
        if main or any(resolve(s["tool"], declared, self.server) for s in self.plan):
            i, name, skipped = self.next_step(declared, len(results))
            rec["unresolved"] = skipped
            if i is not None and name:
                args = self.plan[i].get("args", {})
                content = [{"type": "tool_use", "id": f"toolu_fake_{i:03d}", "name": name, "input": args}]
        rec["answer"] = content[0]
        self.log(rec)
        return content, ("tool_use" if content[0]["type"] == "tool_use" else "end_turn")

    def gemini(self, body: dict[str, Any]) -> list[dict[str, Any]]:
        declared = [
            fd["name"] for t in body.get("tools") or [] for fd in t.get("functionDeclarations") or [] if fd.get("name")
        ]
        results = [
            p["functionResponse"]
            for c in body.get("contents", [])
            for p in c.get("parts") or []
            if isinstance(p, dict) and "functionResponse" in p
        ]
        rec: dict[str, Any] = {"api": "gemini", "declared_tools": declared, "tool_results": results}
        config = body.get("generationConfig") or {}
        schema = config.get("responseJsonSchema") or config.get("responseSchema")
        if config.get("responseMimeType") == "application/json" or schema:  # a side call asking for JSON
            value = fill_schema(schema) if schema else {}
            rec["answer"] = {"json": value}
            self.log(rec)
            return [{"text": json.dumps(value)}]
        parts: list[dict[str, Any]] = [{"text": FINAL_TEXT}]
        if declared:
            i, name, skipped = self.next_step(declared, len(results))
            rec["unresolved"] = skipped
            if i is not None and name:
                parts = [{"functionCall": {"name": name, "args": self.plan[i].get("args", {})}}]
        rec["answer"] = parts[0]
        self.log(rec)
        return parts


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m hosts_recorder.tool_plan", description=__doc__.split("\n")[0])
    parser.add_argument("--plan", required=True, help="the plan: a JSON list of {tool, args}")
    parser.add_argument("--log", required=True, help="where each request is logged, one JSON line each")
    parser.add_argument("--port-file", required=True, help="where the port is written once the model listens")
    parser.add_argument("--server", default="", help="the MCP server's name, as the hosts namespace its tools")
    parser.add_argument("--max-seconds", type=float, default=600, help="stop serving after this long")
    a = parser.parse_args(argv)
    model = ToolPlanModel(json.loads(Path(a.plan).read_text()), a.server, Path(a.log))
    srv = serve(model, thread=False)
    Path(a.port_file + ".tmp").write_text(str(srv.server_address[1]))
    os.replace(a.port_file + ".tmp", a.port_file)
    threading.Timer(a.max_seconds, srv.shutdown).start()
    srv.serve_forever()


if __name__ == "__main__":
    main()
