"""How a Claude Code 2.1.330 transcript writes tool calls: each call's input, the user line answering it with
the host's ``toolUseResult`` sidecar (an output over the limit replaced by a preview and a file path), and a
subagent's own sidechain lines."""

from __future__ import annotations

import json
import os
import re
from typing import Any

from .claude_records import CLAUDE_MODEL, ClaudeRecords
from .rendering import neutral_text, shell_text, size_label, structured_patch, tokens
from .story import Call

#: Above this many characters Claude Code replaces a tool output by a preview and a file path.
CLAUDE_PERSIST_CHARS = 30_000


class ClaudeTools(ClaudeRecords):
    """A Claude Code transcript's tool calls and results, and the subagents' sidechains."""

    def tool_input(self, call: Call) -> dict[str, Any]:
        a = call.args
        if call.tool == "read":
            return {"file_path": a["path"], **{k: a[k] for k in ("offset", "limit") if k in a}}
        if call.tool == "bash":
            return {"command": a["command"], "description": a["description"]}
        if call.tool == "grep":
            mode = "files_with_matches" if call.data["files_only"] else "content"
            extra = {"-n": True} if mode == "content" else {}
            scope = {"glob": a["glob"]} if a["glob"] else {}
            return {"pattern": a["pattern"], "path": a["path"], **scope, "output_mode": mode, **extra}
        if call.tool == "glob":
            return {"pattern": a["pattern"]}
        if call.tool == "edit":
            return {"file_path": a["path"], "old_string": a["old"], "new_string": a["new"], "replace_all": False}
        if call.tool == "write":
            return {"file_path": a["path"], "content": a["content"]}
        return {"description": a["description"], "prompt": a["prompt"], "subagent_type": a["subagent_type"]}

    def tool_result(self, call: Call, tool_id: str, source: str) -> dict[str, Any]:
        """The user line answering one tool_use, with the host's ``toolUseResult`` sidecar; returns the API block."""
        content: Any = neutral_text(call, self.cwd)
        sidecar: Any
        d = call.data
        if call.tool == "agent":
            content, sidecar = self.sidechain(call)
        elif call.is_error:
            sidecar = "Error: " + (content.removeprefix("<tool_use_error>").removesuffix("</tool_use_error>"))
        elif call.tool == "read":
            sidecar = {
                "type": "text",
                "file": {
                    "filePath": call.args["path"],
                    "content": "\n".join(d["lines"]),
                    "numLines": len(d["lines"]),
                    "startLine": d["start"],
                    "totalLines": d["total"],
                },
            }
        elif call.tool == "bash":
            sidecar = {
                "stdout": d["stdout"].rstrip("\n"),
                "stderr": d["stderr"].rstrip("\n"),
                "interrupted": False,
                "isImage": False,
                "noOutputExpected": False,
            }
            name = self.ids.token(9).lower()  # drawn either way, so output sizes never shift later ids
            if len(content) > CLAUDE_PERSIST_CHARS:
                home = os.path.expanduser("~")
                project = re.sub(r"[^a-zA-Z0-9]", "-", self.cwd)
                path = f"{home}/.claude/projects/{project}/{self.session}/tool-results/{name}.txt"
                preview = content[:2048]
                content = (
                    f"<persisted-output>\nOutput too large ({size_label(len(content.encode()))}). Full output "
                    f"saved to: {path}\n\nPreview (first 2KB):\n{preview}\n...\n</persisted-output>"
                )
                sidecar.update(
                    {
                        "stdout": preview,
                        "persistedOutputPath": path,
                        "persistedOutputSize": len(shell_text(call).encode()),
                    }
                )
        elif call.tool == "grep":
            hits = d["hits"]
            files = sorted({h[0] for h in hits})
            if d["files_only"]:
                sidecar = {"mode": "files_with_matches", "filenames": files, "numFiles": len(files)}
            else:
                sidecar = {"mode": "content", "numFiles": 0, "filenames": [], "content": content, "numLines": len(hits)}
        elif call.tool == "glob":
            sidecar = {
                "filenames": d["files"],
                "durationMs": self.rng.randint(4, 60),
                "numFiles": len(d["files"]),
                "truncated": False,
            }
        elif call.tool == "edit":
            patch = structured_patch(d["original"], d["updated"])
            self.count_lines(patch)
            sidecar = {
                "filePath": call.args["path"],
                "oldString": call.args["old"],
                "newString": call.args["new"],
                "originalFile": d["original"],
                "structuredPatch": patch,
                "userModified": False,
                "replaceAll": False,
            }
        else:
            self.lines_added += call.args["content"].count("\n")
            sidecar = {
                "type": "create",
                "filePath": call.args["path"],
                "content": call.args["content"],
                "structuredPatch": [],
                "originalFile": None,
            }
        block: dict[str, Any] = {"tool_use_id": tool_id, "type": "tool_result", "content": content}
        if call.is_error:
            block["is_error"] = True
        ms = self.rng.randint(15, 2_500)
        self.tool_ms += ms
        self.clock.tick(ms, ms + 5)
        self.threaded(
            {
                "promptId": self.prompt_id,
                "type": "user",
                "message": {"role": "user", "content": [block]},
                "uuid": self.ids.uuid(),
                "timestamp": self.clock.iso(),
                "toolUseResult": sidecar,
                "sourceToolAssistantUUID": source,
                "permissionDecision": {
                    "decision": "accept",
                    "source": "config",
                    "reasonType": "rule",
                    "ruleSource": "cliArg",
                },
            },
            parent=source,
        )
        self.count += 1
        self.grow(tokens(json.dumps(content)))
        return block

    def count_lines(self, patch: list[dict[str, Any]]) -> None:
        for hunk in patch:
            self.lines_added += sum(line.startswith("+") for line in hunk["lines"])
            self.lines_removed += sum(line.startswith("-") for line in hunk["lines"])

    def sidechain(self, call: Call) -> tuple[list[dict[str, str]], dict[str, Any]]:
        """The subagent's own lines (isSidechain, agentId), and the parent's view of its result."""
        agent_id = "a" + self.ids.hex(16)
        report = call.data["report"]
        first = {
            "parentUuid": None,
            "isSidechain": True,
            "promptId": self.prompt_id,
            "agentId": agent_id,
            "type": "user",
            "message": {"role": "user", "content": call.args["prompt"]},
            "uuid": self.ids.uuid(),
            "timestamp": self.clock.tick(50, 200),
            **self.tail(),
        }
        self.lines.append(first)
        usage = self.usage(tokens(report), 0)
        message = {
            "id": "msg_01" + self.ids.token(22),
            "type": "message",
            "role": "assistant",
            "model": CLAUDE_MODEL,
            "content": [{"type": "text", "text": report}],
            "stop_reason": "end_turn",
            "stop_sequence": None,
            "usage": usage,
            "stop_details": None,
        }
        self.lines.append(
            {
                "parentUuid": first["uuid"],
                "isSidechain": True,
                "agentId": agent_id,
                "message": message,
                "apiBlockIndex": 0,
                "requestRef": self.ids.uuid(),
                "requestedModel": CLAUDE_MODEL,
                "promptCacheRequested": "5m",
                "attributionAgent": "Explore",
                "type": "assistant",
                "uuid": self.ids.uuid(),
                "timestamp": self.clock.tick(4_000, 20_000),
                "effort": "medium",
                "perTurnEffort": "medium",
                "madeBy": "model",
                **self.tail(),
            }
        )
        total = tokens(report) + 12_000
        duration = self.rng.randint(8_000, 30_000)
        content = [
            {"type": "text", "text": report},
            {
                "type": "text",
                "text": f"agentId: {agent_id} (use SendMessage with to: '{agent_id}' to continue this "
                f"agent)\n<usage>total_tokens: {total}\ntool_uses: {call.data['tools_used']}\n"
                f"duration_ms: {duration}</usage>",
            },
        ]
        sidecar = {
            "status": "completed",
            "prompt": call.args["prompt"],
            "agentId": agent_id,
            "agentType": "Explore",
            "content": [{"type": "text", "text": report}],
            "resolvedModel": CLAUDE_MODEL,
            "totalDurationMs": duration,
            "totalTokens": total,
            "totalToolUseCount": call.data["tools_used"],
            "usage": usage,
            "toolStats": {
                "readCount": 1,
                "searchCount": 2,
                "bashCount": 0,
                "editFileCount": 0,
                "linesAdded": 0,
                "linesRemoved": 0,
                "otherToolCount": 0,
            },
        }
        return content, sidecar
