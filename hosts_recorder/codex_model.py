"""Codex CLI's scripted fake model: the OpenAI Responses API on 127.0.0.1 (``POST /v1/responses``, streamed
server-sent events), one step of the plan a turn (``scripts/record-codex`` and the real-host tests drive it)."""

from __future__ import annotations

import json
import re
import threading
import time
import uuid
from dataclasses import dataclass
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

from .model import JsonHandler

#: The model name the fake answers under when a request names none.
MODEL = "gpt-5.1-codex"
#: How Codex's compaction request begins (its last input item, a user message): the model answers with its
#: summary, as a real model would, and the plan goes on where it was.
COMPACTION_PROMPT = "You are performing a CONTEXT CHECKPOINT COMPACTION"


@dataclass
class Prompt:
    text: str
    steps: list[dict[str, Any]]


def declared_tools(body: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The function tools a Responses request declares, by name (namespaced tools flattened as Codex calls
    them)."""
    found: dict[str, dict[str, Any]] = {}
    for tool in body.get("tools") or []:
        if not isinstance(tool, dict):
            continue
        if tool.get("type") == "namespace":
            for inner in tool.get("tools") or []:
                if isinstance(inner, dict) and inner.get("name"):
                    space = str(tool.get("name") or "")
                    joined = space if space.endswith("__") else space + "__"
                    found[f"{joined}{inner['name']}"] = inner | {"namespace": space}
        elif tool.get("name"):
            found[tool["name"]] = tool
    return found


def resolve(name: str, declared: dict[str, dict[str, Any]]) -> str | None:
    if name in declared:
        return name
    for full in declared:
        if full.endswith("__" + name) or full.endswith("_" + name):
            return full
    return None


class ResponsesModel:
    """Plays a plan over the Responses API. The turn is read from the request: the last user message holding
    one of the plan's prompts picks the prompt, the number of function-call outputs after it picks the step."""

    def __init__(self, log_path: Path):
        self.lock = threading.Lock()
        self.prompts: list[Prompt] = []
        self.log_path = log_path
        self.seq = 0
        self.problems: list[str] = []
        self.last_main: dict[str, Any] | None = None
        self.calls: list[dict[str, Any]] = []  # every call the model made: {call_id, name, args}
        self.declared: list[str] = []
        #: Codex starts MCP servers beside the first request: until a server's tools are declared, the model
        #: waits a second with a shell call (not a step of the plan) and asks again.
        self.waits: set[str] = set()
        self.first_declared: float | None = None  # when a request first declared an MCP tool (time.time())
        #: The input tokens each response reports: a fixed 1,000, or (``counted``) about a token per 4 bytes of
        #: the request's input, so Codex's own auto-compaction sees the context grow as a real model's would.
        self.counted = False
        #: What the model answers Codex's compaction request with; how many it answered.
        self.summary = "Summary: work in progress."
        self.compactions = 0
        #: The next step of each prompt: after a compaction the outputs that counted the steps are gone.
        self.reached: dict[int, int] = {}

    def input_tokens(self, body: dict[str, Any]) -> int:
        if not self.counted:
            return 1000
        return max(1, len(json.dumps(body.get("input") or [], ensure_ascii=False)) // 4)

    def set_plan(self, prompts: list[Prompt], log_path: Path) -> None:
        with self.lock:
            self.prompts, self.log_path, self.problems, self.calls = prompts, log_path, [], []
            self.last_main, self.first_declared, self.waits = None, None, set()
            self.compactions, self.reached = 0, {}

    def log(self, rec: dict[str, Any]) -> None:
        with self.lock:
            self.seq += 1
            rec["seq"] = self.seq
            with open(self.log_path, "a") as f:
                f.write(json.dumps(rec)[:20000] + "\n")

    def answer(self, body: dict[str, Any]) -> list[dict[str, Any]]:
        """The model's output items for one request: the current step of the plan, or plain text for a side
        request (a title, a summary)."""
        items = [i for i in body.get("input") or [] if isinstance(i, dict)]
        declared = declared_tools(body)
        rec: dict[str, Any] = {"api": "responses", "declared_tools": sorted(declared), "n_input": len(items)}
        if items and _user_text(items[-1]).startswith(COMPACTION_PROMPT):
            with self.lock:
                self.compactions += 1
            rec["answer"] = "compaction"
            self.log(rec)
            return [_message(self.summary)]
        # a request that declares no tools is a side request of the prompt (Codex's interactive TUI names the
        # thread from it), never a step of the plan
        where = self.locate(items) if declared else None
        if where is None:
            rec["answer"] = "side"
            self.log(rec)
            return [_message("FAKE_LLM_DONE")]
        with self.lock:
            self.last_main = body
            self.declared = sorted(declared)
            if self.first_declared is None and any(d.startswith("mcp__") for d in declared):
                self.first_declared = time.time()
        p, n = where
        if self.compactions:  # the outputs before the compaction are gone from the request
            n = max(n, self.reached.get(p, 0))
        steps = self.prompts[p].steps
        step = steps[n] if n < len(steps) else steps[-1]
        out: list[dict[str, Any]] = [_message(step["say"])] if step.get("say") else []
        out.append(
            _message(step["text"]) if step["op"] == "answer" else self.function_call(step, declared, items, p, n)
        )
        rec["answer"] = out[-1]
        self.log(rec)
        return out

    def locate(self, items: list[dict[str, Any]]) -> tuple[int, int] | None:
        """The prompt (the last user message holding one of the plan's) and the step (the function-call
        outputs after it, waits left out); None for a request of no prompt."""
        for idx in range(len(items) - 1, -1, -1):
            item = items[idx]
            text = _user_text(item)
            if not text:
                continue
            hit = next((p for p, pr in enumerate(self.prompts) if pr.text in text), None)
            if hit is not None:
                outputs = sum(
                    1
                    for i in items[idx:]
                    if str(i.get("type", "")).endswith("_call_output") and i.get("call_id") not in self.waits
                )
                return hit, outputs
        return None

    def function_call(
        self, step: dict[str, Any], declared: dict[str, dict[str, Any]], items: list[dict[str, Any]], p: int, n: int
    ) -> dict[str, Any]:
        """The function call item for a shell or tool step, or a message saying it cannot be made."""
        if step["op"] == "shell":
            name: str | None = resolve("exec_command", declared) or resolve("shell", declared)
            args: dict[str, Any] = {"cmd": step["command"]}
            if name and "shell" == name:
                args = {"command": ["bash", "-lc", step["command"]]}
        else:
            name, args = resolve(step["tool"], declared), fill_handles(step["args"], items)
            if name is None and len(self.waits) < 30:
                # each wait its own command: the same call again and again is what check_loop calls a loop
                wait = f"sleep 1  # waiting for the MCP tools ({len(self.waits) + 1})"
                name, args = resolve("exec_command", declared), {"cmd": wait}
                step = {**step, "wait": True}
        if name is None:
            self.problems.append(f"prompt {p + 1} step {n + 1}: {step.get('tool', 'shell')} not declared")
            return _message(f"cannot call {step.get('tool', 'shell')}: not declared")
        call_id = f"call_{uuid.uuid4().hex[:24]}"
        decl = declared[name]
        item: dict[str, Any] = {
            "type": "function_call",
            "id": f"fc_{uuid.uuid4().hex[:24]}",
            "call_id": call_id,
            "name": decl.get("name", name),
            "arguments": json.dumps(args),
            "status": "completed",
        }
        if decl.get("namespace"):
            item["namespace"] = decl["namespace"]
        with self.lock:
            if step.get("wait"):
                self.waits.add(call_id)
            else:
                self.reached[p] = n + 1
                self.calls.append({"call_id": call_id, "name": name, "args": args, "prompt": p, "step": n})
        return item


HANDLE = re.compile(r"r_[0-9a-f]{16}")


def fill_handles(args: dict[str, Any], items: list[dict[str, Any]]) -> dict[str, Any]:
    """``"$handle"`` in a step's arguments: the first stored-result handle of the latest tool output that has
    one (the model reads it from persist_result's answer, as a real model would)."""
    if "$handle" not in json.dumps(args):
        return args
    handle = "r_missing"
    for item in reversed(items):
        if str(item.get("type", "")).endswith("_call_output"):
            found = HANDLE.search(json.dumps(item.get("output")))
            if found:
                handle = found[0]
                break
    filled: dict[str, Any] = json.loads(json.dumps(args).replace("$handle", handle))
    return filled


def _user_text(item: dict[str, Any]) -> str:
    """The text of a user message item ("" for any other item)."""
    if item.get("type", "message") != "message" or item.get("role") != "user":
        return ""
    return " ".join(str(c.get("text", "")) for c in item.get("content") or [] if isinstance(c, dict))


def _message(text: str) -> dict[str, Any]:
    return {
        "type": "message",
        "id": f"msg_{uuid.uuid4().hex[:24]}",
        "role": "assistant",
        "status": "completed",
        "content": [{"type": "output_text", "text": text, "annotations": []}],
    }


def serve(model: ResponsesModel) -> ThreadingHTTPServer:
    class H(JsonHandler):
        def do_GET(self) -> None:
            model.log({"api": "other", "method": "GET", "path": self.path})
            if "/models" in self.path:
                return self.send(200, {"object": "list", "data": [], "models": []})
            self.send(404, {"error": {"message": "not found"}})

        def do_POST(self) -> None:
            n = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(n) if n else b""
            if self.headers.get("Content-Encoding") == "zstd":
                model.log({"api": "other", "method": "POST", "path": self.path, "note": "zstd body"})
                return self.send(415, {"error": {"message": "send plain JSON"}})
            try:
                body = json.loads(raw or b"{}")
            except ValueError:
                body = {}
            if not self.path.rstrip("/").endswith("/responses"):
                model.log({"api": "other", "method": "POST", "path": self.path})
                return self.send(404, {"error": {"message": "not found"}})
            items = model.answer(body)
            rid = f"resp_{uuid.uuid4().hex[:24]}"
            head = {"id": rid, "object": "response", "model": body.get("model", MODEL), "status": "in_progress"}
            events: list[dict[str, Any]] = [{"type": "response.created", "response": head}]
            for i, item in enumerate(items):
                events.append({"type": "response.output_item.added", "output_index": i, "item": item})
                events.append({"type": "response.output_item.done", "output_index": i, "item": item})
            usage = {
                "input_tokens": model.input_tokens(body),
                "input_tokens_details": {"cached_tokens": 0},
                "output_tokens": 20,
                "output_tokens_details": {"reasoning_tokens": 0},
                "total_tokens": model.input_tokens(body) + 20,
            }
            done = head | {"status": "completed", "output": items, "usage": usage}
            events.append({"type": "response.completed", "response": done})
            data = "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events).encode()
            self.send(200, data, "text/event-stream")

    srv = ThreadingHTTPServer(("127.0.0.1", 0), H)
    srv.daemon_threads = True
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv
