"""The scripted fake model: the Anthropic Messages API and the Gemini API on 127.0.0.1, one step a turn."""

from __future__ import annotations

import json
import threading
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from .calls import claude_call, fill_schema, gemini_call
from .plan import Prompt


class ScriptedModel:
    """What the HTTP handler (ModelHandler) needs of a scripted model: its answer to each API and a log of the
    requests, one JSON line each (``log_limit``: the characters kept of a line; None keeps it whole)."""

    log_limit: int | None = 20000
    #: The input tokens each Anthropic answer reports: a test raises it to make Claude Code compact by itself.
    input_tokens = 100

    def __init__(self, log_path: Path):
        self.lock = threading.Lock()
        self.log_path = log_path
        self.seq = 0

    def log(self, rec: dict[str, Any]) -> None:
        with self.lock:
            self.seq += 1
            rec["seq"] = self.seq
            with open(self.log_path, "a") as f:
                f.write(json.dumps(rec)[: self.log_limit] + "\n")

    def gemini_prompt_tokens(self, body: dict[str, Any]) -> int:
        """The prompt tokens a Gemini answer reports."""
        return 100

    def count_tokens(self, body: dict[str, Any]) -> int:
        """Gemini's countTokens answer."""
        return 100

    def anthropic(self, body: dict[str, Any]) -> tuple[list[dict[str, Any]], str]:
        """The content blocks of the answer to a Messages request, and its stop reason."""
        raise NotImplementedError

    def gemini(self, body: dict[str, Any]) -> list[dict[str, Any]]:
        """The parts of the answer to a generateContent request."""
        raise NotImplementedError


class FakeModel(ScriptedModel):
    """Plays the current run's plan. The turn is found from the request itself: the last user message that
    holds one of the plan's prompt texts picks the prompt, the number of tool results after it picks the step."""

    def __init__(self, log_path: Path):
        super().__init__(log_path)
        self.prompts: list[Prompt] = []
        self.proj = ""
        self.problems: list[str] = []
        self.last_main: dict[str, Any] | None = None  # the last request of the main conversation
        #: Whether each Gemini answer reports its request's size (characters / 4) as its prompt tokens, as a real
        #: model would, rather than a flat 100: with a low compressionThreshold, Gemini CLI then compresses only
        #: once its history has grown.
        self.gemini_counts = False

    def gemini_prompt_tokens(self, body: dict[str, Any]) -> int:
        if not self.gemini_counts:
            return 100
        return len(json.dumps(body.get("contents") or [], ensure_ascii=False)) // 4

    def count_tokens(self, body: dict[str, Any]) -> int:
        return len(json.dumps(body, ensure_ascii=False)) // 4 if self.gemini_counts else 100

    def set_plan(self, prompts: list[Prompt], proj: str, log_path: Path) -> None:
        with self.lock:
            self.prompts, self.proj, self.log_path, self.problems = prompts, proj, log_path, []
            self.last_main = None

    def locate(self, texts: list[tuple[int, str]], results_after: list[int]) -> tuple[int | None, int]:
        """texts: (message index, user text); results_after[i] = tool results in messages after index i."""
        for idx, text in reversed(texts):
            for p, prompt in enumerate(self.prompts):
                if prompt.text in text:
                    return p, results_after[idx]
        return None, 0

    def step(self, p: int | None, n: int) -> dict[str, Any] | None:
        if p is None:
            return None
        steps = self.prompts[p].steps
        return steps[n] if n < len(steps) else steps[-1]

    # -- Anthropic Messages API
    def anthropic(self, body: dict[str, Any]) -> tuple[list[dict[str, Any]], str]:
        tools = {t.get("name") for t in body.get("tools") or [] if isinstance(t, dict)}
        msgs = body.get("messages") or []
        texts, counts = [], []
        for i, m in enumerate(msgs):
            c = m.get("content")
            blocks = c if isinstance(c, list) else [{"type": "text", "text": c or ""}]
            if m.get("role") == "user":
                texts.append(
                    (i, "\n".join(b.get("text", "") for b in blocks if isinstance(b, dict) and b.get("type") == "text"))
                )
            counts.append(sum(1 for b in blocks if isinstance(b, dict) and b.get("type") == "tool_result"))
        after = [sum(counts[i + 1 :]) for i in range(len(msgs))]
        p, n = self.locate(texts, after) if "Bash" in tools else (None, 0)
        st = self.step(p, n)
        if p is not None:
            self.last_main = {"messages": msgs}
        rec: dict[str, Any] = {
            "api": "anthropic",
            "main": p is not None,
            "prompt": p,
            "n": n,
            "tools": sorted(t for t in tools if t),
        }
        if st is None:
            content = [{"type": "text", "text": "OK"}]
        elif st["op"] == "answer":
            content = [{"type": "text", "text": st["text"]}]
        else:
            name, args = claude_call(st, self.proj)
            if name not in tools:
                self.problems.append(f"claude does not declare {name}")
            content = ([{"type": "text", "text": st["say"]}] if st.get("say") else []) + [
                {"type": "tool_use", "id": f"toolu_{uuid.uuid4().hex[:24]}", "name": name, "input": args}
            ]
        rec["answer"] = content
        self.log(rec)
        return content, ("tool_use" if content[-1]["type"] == "tool_use" else "end_turn")

    # -- Gemini API
    def gemini(self, body: dict[str, Any]) -> list[dict[str, Any]]:
        declared = {
            fd["name"]: fd
            for t in body.get("tools") or []
            for fd in t.get("functionDeclarations") or []
            if fd.get("name")
        }
        gc = body.get("generationConfig") or {}
        schema = gc.get("responseJsonSchema") or gc.get("responseSchema")
        rec: dict[str, Any] = {"api": "gemini", "tools": sorted(declared)}
        if gc.get("responseMimeType") == "application/json" or schema:
            val = fill_schema(schema) if schema else {}
            if isinstance(val, dict) and "unproductive_state_confidence" in val:
                # Gemini CLI's loop check (from the 30th model turn of one prompt): this plan makes progress
                val["unproductive_state_analysis"] = "Each step works on a different file or check: no loop."
                val["unproductive_state_confidence"] = 0.0
            rec["answer"] = {"json": val}
            self.log(rec)
            return [{"text": json.dumps(val)}]
        contents = body.get("contents") or []
        texts, counts = [], []
        for i, c in enumerate(contents):
            parts = [x for x in c.get("parts") or [] if isinstance(x, dict)]
            if c.get("role") == "user":
                texts.append((i, "\n".join(x.get("text", "") for x in parts if isinstance(x.get("text"), str))))
            counts.append(sum(1 for x in parts if "functionResponse" in x))
        after = [sum(counts[i + 1 :]) for i in range(len(contents))]
        p, n = self.locate(texts, after) if "run_shell_command" in declared else (None, 0)
        st = self.step(p, n)
        rec.update({"main": p is not None, "prompt": p, "n": n})
        if p is not None:
            self.last_main = {"contents": contents}
        if st is None:
            parts = [{"text": "OK"}]
        elif st["op"] == "answer":
            parts = [{"text": st["text"]}]
        else:
            try:
                name, args = gemini_call(st, self.proj, declared)
                parts = ([{"text": st["say"]}] if st.get("say") else []) + [
                    {"functionCall": {"name": name, "args": args}}
                ]
            except LookupError as e:
                self.problems.append(str(e))
                parts = [{"text": f"(skipped step: {e})"}]
        rec["answer"] = parts
        self.log(rec)
        return parts


def serve(model: ScriptedModel, thread: bool = True) -> ThreadingHTTPServer:
    """The fake model on an ephemeral port of 127.0.0.1, served from a daemon thread (``thread``; else the
    caller serves it)."""
    handler = type("Handler", (ModelHandler,), {"model": model})
    srv = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    srv.daemon_threads = True
    if thread:
        threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


class JsonHandler(BaseHTTPRequestHandler):
    """A fake API's handler: HTTP/1.1, quiet, answers sent whole (JSON, or bytes as they are)."""

    protocol_version = "HTTP/1.1"

    def log_message(self, *_: Any) -> None:
        pass

    def send(self, code: int, payload: Any, ctype: str = "application/json") -> None:
        data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


class ModelHandler(JsonHandler):
    """The two APIs the hosts call, answered from ``model`` (set by serve)."""

    model: ScriptedModel

    def do_GET(self) -> None:
        self.model.log({"api": "other", "method": "GET", "path": self.path})
        if "/models" in self.path:
            return self.send(200, {"data": [], "models": [], "has_more": False})
        self.send(404, {"error": {"message": "not found"}})

    def do_POST(self) -> None:
        n = int(self.headers.get("Content-Length") or 0)
        try:
            body = json.loads(self.rfile.read(n) or b"{}") if n else {}
        except ValueError:
            body = {}
        path = self.path
        if path.startswith("/v1/messages/count_tokens"):
            return self.send(200, {"input_tokens": 100})
        if path.startswith("/v1/messages"):
            return self.anthropic(body)
        if ":countTokens" in path:
            return self.send(200, {"totalTokens": self.model.count_tokens(body)})
        if ":generateContent" in path or ":streamGenerateContent" in path:
            return self.gemini(body, path)
        self.model.log({"api": "other", "method": "POST", "path": path})
        self.send(404, {"error": {"message": "not found"}})

    def gemini(self, body: dict[str, Any], path: str) -> None:
        parts = self.model.gemini(body)
        resp = {
            "candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}],
            "usageMetadata": {
                "promptTokenCount": (prompt := self.model.gemini_prompt_tokens(body)),
                "candidatesTokenCount": 20,
                "totalTokenCount": prompt + 20,
            },
            "modelVersion": path.split("/models/")[-1].split(":")[0],
        }
        if ":streamGenerateContent" in path:
            return self.send(200, f"data: {json.dumps(resp)}\r\n\r\n".encode(), "text/event-stream")
        return self.send(200, resp)

    def anthropic(self, body: dict[str, Any]) -> None:
        content, stop = self.model.anthropic(body)
        msg = {
            "id": f"msg_{uuid.uuid4().hex[:24]}",
            "type": "message",
            "role": "assistant",
            "model": body.get("model", "fake"),
            "content": content,
            "stop_reason": stop,
            "stop_sequence": None,
            "usage": {"input_tokens": self.model.input_tokens, "output_tokens": 20},
        }
        if not body.get("stream"):
            return self.send(200, msg)
        self.send(200, anthropic_events(msg, content, stop), "text/event-stream")


def anthropic_events(msg: dict[str, Any], content: list[dict[str, Any]], stop: str) -> bytes:
    """The Messages API's server-sent events for one message, as a streaming client reads them."""
    ev: list[tuple[str, dict[str, Any]]] = [
        ("message_start", {"type": "message_start", "message": dict(msg, content=[], stop_reason=None)})
    ]
    for i, b in enumerate(content):
        if b["type"] == "tool_use":
            start = {"type": "tool_use", "id": b["id"], "name": b["name"], "input": {}}
            delta = {"type": "input_json_delta", "partial_json": json.dumps(b["input"])}
        else:
            start, delta = {"type": "text", "text": ""}, {"type": "text_delta", "text": b["text"]}
        ev.append(("content_block_start", {"type": "content_block_start", "index": i, "content_block": start}))
        ev.append(("content_block_delta", {"type": "content_block_delta", "index": i, "delta": delta}))
        ev.append(("content_block_stop", {"type": "content_block_stop", "index": i}))
    stopped = {"stop_reason": stop, "stop_sequence": None}
    ev.append(("message_delta", {"type": "message_delta", "delta": stopped, "usage": {"output_tokens": 20}}))
    ev.append(("message_stop", {"type": "message_stop"}))
    return "".join(f"event: {e}\ndata: {json.dumps(d)}\n\n" for e, d in ev).encode()
