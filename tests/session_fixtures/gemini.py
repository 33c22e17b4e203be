"""A story rendered as a Gemini CLI 0.61.0 chat file: records upserted by id, the model's turns written twice (the
second time with their tool calls), a ``$rewindTo`` branch and a history rewrite masking older outputs."""

from __future__ import annotations

import copy
import difflib
import hashlib
import json
import os
import random
import re
from typing import Any

from .material import Material, real_instructions
from .rendering import Clock, Ids, shell_text, tokens
from .story import Branch, Call, Event, Prompt, Reply, Rewrite

GEMINI_MODEL = "gemini-2.5-pro"
#: Gemini CLI masks older tool outputs bigger than this (in characters of their JSON) when it rewrites history.
GEMINI_MASK_CHARS = 6_000

GEMINI_TOOL = {
    "read": "read_file",
    "bash": "run_shell_command",
    "grep": "grep_search",
    "glob": "glob",
    "edit": "replace",
    "write": "write_file",
}
GEMINI_DISPLAY = {
    "read_file": "ReadFile",
    "run_shell_command": "Shell",
    "grep_search": "SearchText",
    "glob": "FindFiles",
    "replace": "Edit",
    "write_file": "WriteFile",
}
SESSION_CONTEXT_ID = "d04923d38bb0f6017037e74183378ef4"  # the fixed id Gemini CLI gives the context record


class GeminiWriter:
    """Writes a Gemini CLI chat file: metadata, upserted message records, ``$set`` patches and ``$rewindTo``."""

    def __init__(self, rng: random.Random, material: Material) -> None:
        self.rng = rng
        self.ids = Ids(rng)
        self.clock = Clock(rng)
        self.m = material
        self.session = self.ids.uuid()
        self.root = str(material.repo)
        self.temp = os.path.join(os.path.expanduser("~"), ".gemini", "tmp", material.repo.name)
        self.lines: list[dict[str, Any]] = []
        self.messages: dict[str, dict[str, Any]] = {}  # the writer's own view: what a reader must end up with
        self.context = 0
        self.pgid = rng.randint(20_000, 60_000)
        self.removed: list[str] = []
        self.branch_start = ""

    def write(self, record: dict[str, Any]) -> None:
        self.lines.append(record)

    def upsert(self, message: dict[str, Any]) -> None:
        self.write(message)
        self.messages[message["id"]] = message

    def touched(self) -> None:
        self.write({"$set": {"lastUpdated": self.clock.iso()}})

    def start(self) -> None:
        now = self.clock.iso()
        self.write(
            {
                "sessionId": self.session,
                "projectHash": hashlib.sha256(self.root.encode()).hexdigest(),
                "startTime": now,
                "lastUpdated": now,
                "kind": "main",
            }
        )
        when = self.clock.now.strftime("%A, %B %-d, %Y")
        context = (
            "<session_context>\nThis is the Gemini CLI. We are setting up the context for our chat.\n"
            f"Today's date is {when} (formatted according to the user's locale).\nMy operating system is: linux\n"
            f"The project's temporary directory is: {self.temp}\n- **Workspace Directories:**\n  - {self.root}\n"
            "- **Directory Structure:**\n\nShowing up to 200 items (files + folders).\n\n"
            f"{self.root}/\n{self.m.tree()}\n\n<loaded_context>\n<project_context>\n"
            "The following are instructions provided by the tool server 'mcp-context':\n"
            f"---[start of server instructions]---\n{real_instructions(self.m)}\n---[end of server instructions]---\n"
            "</project_context>\n</loaded_context>\n</session_context>"
        )
        first: dict[str, Any] = {
            "id": SESSION_CONTEXT_ID,
            "timestamp": now,
            "type": "user",
            "content": [{"text": context}],
        }
        self.write({"$set": {"messages": [first], "lastUpdated": now}})
        self.messages = {first["id"]: first}
        self.context = tokens(context)

    def prompt(self, text: str) -> str:
        self.clock.tick(20_000, 90_000)
        message_id = self.ids.uuid()
        self.upsert({"id": message_id, "timestamp": self.clock.iso(), "type": "user", "content": [{"text": text}]})
        self.touched()
        self.context += tokens(text)
        return message_id

    def reply(self, r: Reply) -> list[str]:
        self.clock.tick(1_500, 9_000)
        out = tokens(r.text + json.dumps([c.args for c in r.calls]))
        thoughts = tokens(r.thinking) if r.thinking else 0
        cached = self.context * 3 // 4
        message: dict[str, Any] = {
            "id": self.ids.uuid(),
            "timestamp": self.clock.iso(),
            "type": "gemini",
            "content": r.text,
            "thoughts": (
                [
                    {
                        "subject": r.subject or "Planning the next step",
                        "description": r.thinking,
                        "timestamp": self.clock.iso(),
                    }
                ]
                if r.thinking
                else []
            ),
            "tokens": {
                "input": self.context,
                "output": out,
                "cached": cached,
                "thoughts": thoughts,
                "tool": 0,
                "total": self.context + out + thoughts,
            },
            "model": GEMINI_MODEL,
        }
        self.upsert(message)
        self.touched()
        self.context += out
        ids = [message["id"]]
        if not r.calls:
            return ids
        started = self.clock.epoch_ms()
        records = [self.tool_call(call, i, started) for i, call in enumerate(r.calls)]
        again = copy.deepcopy(message)
        again["toolCalls"] = records
        self.upsert(again)
        parts = [copy.deepcopy(part) for record in records for part in record["result"]]
        response = {"id": self.ids.uuid(), "timestamp": self.clock.tick(1, 4), "type": "user", "content": parts}
        self.upsert(response)
        self.touched()
        self.context += tokens(json.dumps(parts))
        ids.append(response["id"])
        return ids

    def tool_call(self, call: Call, index: int, started: int) -> dict[str, Any]:
        name = GEMINI_TOOL[call.tool]
        call_id = f"{name}__{name}_{started}_{index}"
        args, output, display, description = self.render(call)
        status = "error" if call.tool == "read" and call.is_error else "success"
        response = {"error": output} if status == "error" else {"output": output}
        self.clock.tick(10, 2_500)
        return {
            "id": call_id,
            "name": name,
            "args": args,
            "result": [{"functionResponse": {"id": call_id, "name": name, "response": response}}],
            "status": status,
            "timestamp": self.clock.iso(),
            "resultDisplay": display,
            "description": description,
            "displayName": GEMINI_DISPLAY[name],
            "renderOutputAsMarkdown": name != "run_shell_command",
        }

    def render(self, call: Call) -> tuple[dict[str, Any], str, Any, str]:
        """Gemini's args, the text the model sees, what the UI shows, and the call's description."""
        a, d = call.args, call.data
        rel = os.path.relpath(a.get("path", self.root), self.root)
        if call.tool == "read":
            args: dict[str, Any] = {"file_path": a["path"]}
            if d.get("missing"):
                return args, f"File not found: {a['path']}", f"File not found: {a['path']}", rel
            text = "\n".join(d["lines"])
            if "offset" in a:
                args.update({"offset": a["offset"] - 1, "limit": a["limit"]})
                end = d["start"] + len(d["lines"]) - 1
                text = (
                    "\nIMPORTANT: The file content has been truncated.\n"
                    f"Status: Showing lines {d['start']}-{end} of {d['total']} total lines.\n"
                    "Action: To read more of the file, you can use the 'offset' and 'limit' parameters in a "
                    f"subsequent 'read_file' call. For example, to read the next section of the file, use offset: "
                    f"{end}.\n\n--- FILE CONTENT (truncated) ---\n{text}"
                )
            return args, text, "", rel
        if call.tool == "bash":
            output = shell_text(call)
            if len(output) > 40_000:
                saved = f"{self.temp}/tool-outputs/session-{self.session}/shell_{self.ids.hex(8)}.txt"
                lines = output.splitlines()
                output = (
                    "Tool output was too large and has been truncated.\n"
                    f"The full output has been saved to: {saved}\n"
                    "To read the complete output, use the read_file tool with the absolute file path above.\n"
                    "Truncated part of the output:\n"
                    + "\n".join(lines[:200])
                    + "\n\n... ["
                    + str(len(lines) - 400)
                    + " lines omitted] ...\n\n"
                    + "\n".join(lines[-200:])
                )
            parts = [f"Output: {output or '(empty)'}"]
            if d["code"]:
                parts.append(f"Exit Code: {d['code']}")
            self.pgid += self.rng.randint(3, 40)
            parts.append(f"Process Group PGID: {self.pgid}")
            text = "<untrusted_context>\n" + "\n".join(parts) + "\n</untrusted_context>"
            desc = f"{a['command']} [current working directory {self.root}] ({a['description']})"
            display = output or (f"Command exited with code: {d['code']}" if d["code"] else "")
            return {"command": a["command"], "description": a["description"]}, text, display, desc
        if call.tool == "grep":
            hits = d["hits"]
            folder, include = (os.path.dirname(rel), os.path.basename(rel)) if a["glob"] is None else (".", a["glob"])
            where = f'in path "{folder}" (filter: "{include}")'
            if not hits:
                text = f'No matches found for pattern "{a["pattern"]}" {where}.'
            else:
                blocks = []
                for path in dict.fromkeys(h[0] for h in hits):
                    body = "\n".join(f"L{n}: {line}" for p, n, line in hits if p == path)
                    blocks.append(f"File: {os.path.relpath(path, self.root)}\n{body}")
                noun = "match" if len(hits) == 1 else "matches"
                text = (
                    f'Found {len(hits)} {noun} for pattern "{a["pattern"]}" {where}:'
                    "\n---\n" + "\n---\n".join(blocks) + "\n---"
                )
            args = {"pattern": a["pattern"], "include": include}
            if folder != ".":
                args["dir_path"] = os.path.join(self.root, folder)
            return args, text, f"Found {len(hits)} matches", f"'{a['pattern']}' in {include} within {folder}"
        if call.tool == "glob":
            files = d["files"]
            text = (
                (
                    f'Found {len(files)} file(s) matching "{a["pattern"]}" within {self.root}, sorted by modification '
                    "time (newest first):\n" + "\n".join(files)
                )
                if files
                else (f'No files found matching pattern "{a["pattern"]}" within {self.root}')
            )
            return {"pattern": a["pattern"]}, text, f"Found {len(files)} matching file(s)", f"'{a['pattern']}'"
        original = d["original"] or ""
        updated = d["updated"] if call.tool == "edit" else a["content"]
        name = os.path.basename(a["path"])
        diff = "".join(
            difflib.unified_diff(
                original.splitlines(True), updated.splitlines(True), f"{name}\tCurrent", f"{name}\tProposed"
            )
        )
        diff_display: dict[str, Any] = {
            "fileDiff": f"Index: {name}\n{'=' * 67}\n{diff}",
            "fileName": name,
            "filePath": a["path"],
            "originalContent": d["original"],
            "newContent": updated,
            "diffStat": {
                "model_added_lines": updated.count("\n"),
                "model_removed_lines": original.count("\n"),
                "model_added_chars": len(updated),
                "model_removed_chars": len(original),
                "user_added_lines": 0,
                "user_removed_lines": 0,
                "user_added_chars": 0,
                "user_removed_chars": 0,
            },
        }
        if call.tool == "edit":
            args = {"file_path": a["path"], "old_string": a["old"], "new_string": a["new"]}
            return args, f"Successfully modified file: {a['path']} (1 replacements).", diff_display, rel
        args = {"file_path": a["path"], "content": a["content"]}
        return args, f"Successfully created and wrote to new file: {a['path']}.", diff_display, f"Writing to {rel}"

    def rewind(self, message_id: str) -> None:
        keys = list(self.messages)
        cut = keys.index(message_id)
        self.removed = keys[cut:]
        self.messages = {k: self.messages[k] for k in keys[:cut]}
        self.clock.tick(5_000, 20_000)
        self.write({"$rewindTo": message_id})

    def rewrite(self) -> None:
        """History as the API sees it, with older big tool outputs masked, written back over the whole list."""
        history = list(self.messages.values())
        new: list[dict[str, Any]] = []
        latest_user = max(i for i, msg in enumerate(history) if msg["type"] == "user")
        for i, msg in enumerate(history):
            msg = copy.deepcopy(msg)
            if msg["type"] == "gemini":
                parts: list[dict[str, Any]] = [{"text": msg["content"]}] if msg["content"] else []
                for j, tc in enumerate(msg.get("toolCalls", [])):
                    fc: dict[str, Any] = {"functionCall": {"id": tc["id"], "name": tc["name"], "args": tc["args"]}}
                    if j == 0:
                        fc["thoughtSignature"] = self.ids.signature()
                    parts.append(fc)
                msg["content"] = parts
            elif any("functionResponse" in p for p in msg["content"]):
                for part in msg["content"]:
                    fr = part["functionResponse"]
                    body = json.dumps(fr["response"], indent=2)
                    if i < latest_user - 1 and len(body) > GEMINI_MASK_CHARS and "output" in fr["response"]:
                        fr["response"] = {"output": self.masked(fr["name"], fr["id"], fr["response"])}
                # As the host does: each call of the turn gets the whole (possibly masked) parts of the answer.
                owner = new[-1] if new and new[-1]["type"] == "gemini" else None
                for tc in (owner or {}).get("toolCalls", []):
                    tc["result"] = [copy.deepcopy(p) for p in msg["content"]]
            new.append(msg)
        now = self.clock.tick(200, 900)
        self.write({"$set": {"messages": new, "lastUpdated": now}})
        self.messages = {msg["id"]: msg for msg in new}

    def masked(self, tool: str, call_id: str, response: dict[str, Any]) -> str:
        """The placeholder Gemini CLI's tool-output masking leaves: a preview and where the full output went."""
        safe = re.sub(r"[^a-zA-Z0-9_-]", "_", call_id).lower()
        path = f"{self.temp}/tool-outputs/session-{self.session}/{tool}_{safe}_{self.ids.token(6).lower()}.txt"
        if tool == "run_shell_command":
            sections = re.split(
                r"^(Output|Error|Exit Code|Signal|Background PIDs|Process Group PGID): ", response["output"], flags=re.M
            )
            pieces = [simple_preview(sections[0].strip())] if sections[0].strip() else []
            for name, body in zip(sections[1::2], sections[2::2], strict=True):
                body = body.strip()
                pieces.append(f"Output: {simple_preview(body)}" if name == "Output" else f"{name}: {body}")
            preview = "\n".join(pieces)
        else:
            content = json.dumps(response, indent=2, ensure_ascii=False)
            preview = f"{content[:250]}\n... [TRUNCATED] ...\n{content[-250:]}" if len(content) > 500 else content
        tag = "tool_output_masked"
        return f"<{tag}>\n{preview}\n\nOutput too large. Full output available at: {path}\n</{tag}>"


def simple_preview(text: str) -> str:
    lines = text.split("\n")
    if len(lines) <= 20:
        return text
    return "\n".join(lines[:10]) + f"\n\n... [{len(lines) - 20} lines omitted] ...\n\n" + "\n".join(lines[-10:])


def render_gemini(events: list[Event], rng: random.Random, material: Material) -> GeminiWriter:
    w = GeminiWriter(rng, material)
    w.start()
    for event in events:
        if isinstance(event, Prompt):
            w.prompt(event.text)
        elif isinstance(event, Reply) and event.only in (None, "gemini"):
            w.reply(event)
        elif isinstance(event, Rewrite):
            w.rewrite()
        elif isinstance(event, Branch):
            first = ""
            for inner in event.events:
                if isinstance(inner, Prompt):
                    first = first or w.prompt(inner.text)
                else:
                    w.reply(inner)
            w.rewind(first)
    return w
