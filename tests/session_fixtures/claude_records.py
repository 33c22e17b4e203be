"""A Claude Code 2.1.330 transcript's envelope: the tools' names, the API request's parameters, the system
prompt, and the lines that are not conversation (the header, attachments, API request records, usage) with the
uuid threading every line takes part in."""

from __future__ import annotations

import os
import random
import re
from typing import Any

from .rendering import Clock, Ids, sha

CLAUDE_VERSION = "2.1.330"
CLAUDE_MODEL = "claude-opus-5-5"

CLAUDE_TOOL = {
    "read": "Read",
    "bash": "Bash",
    "grep": "Grep",
    "glob": "Glob",
    "edit": "Edit",
    "write": "Write",
    "agent": "Agent",
}
API_PARAMS = {
    "model": CLAUDE_MODEL,
    "betas": [
        "claude-code-20250219",
        "interleaved-thinking-2025-05-14",
        "context-management-2025-06-27",
        "per-turn-control-2026-07-01",
        "mid-conversation-tool-changes-2026-07-01",
        "thinking-token-count-2026-05-13",
        "effort-2025-11-24",
        "thinking-display-updates-2026-08-18",
    ],
    "max_tokens": 128000,
    "thinking": {"type": "adaptive", "display": "updates"},
    "context_management": {"edits": [{"type": "clear_thinking_20251015", "keep": "all"}]},
    "output_config": {"effort": "medium"},
}
SYSTEM_PROMPT = (
    "\nYou are an agent working with the user toward their goals, using your own judgment along the way.\n\n"
    "# Harness\n - Text you output outside of tool use is displayed to the user as Github-flavored markdown in a "
    "terminal.\n - Prefer the dedicated file/search tools over shell commands when one fits. Independent tool calls "
    "can run in parallel in one response.\n - Reference code as `file_path:line_number` \u2014 it's clickable."
)


class ClaudeRecords:
    """A Claude Code transcript's lines, their threading and the bookkeeping the host writes around them."""

    def __init__(self, rng: random.Random, cwd: str, branch: str, instructions: str) -> None:
        self.rng = rng
        self.ids = Ids(rng)
        self.clock = Clock(rng)
        self.session = self.ids.uuid()
        self.cwd = cwd
        self.branch = branch
        self.instructions = instructions
        self.lines: list[dict[str, Any]] = []
        self.last: str | None = None  # uuid of the last main-thread threaded line
        self.count = 0  # logical conversation messages since the last compact boundary
        self.prompt_id = ""
        self.prompt_text = ""
        self.prompt_index = -1
        self.request: str | None = None
        self.kept = 0
        self.pending: list[dict[str, Any]] = []  # API messages not yet stored as blobs
        self.tools_used: list[str] = []
        self.context = 0  # tokens in the model's context
        self.fresh = 0  # tokens added to the context since the last request
        self.cost = {"input": 0, "output": 0, "read": 0, "write": 0, "thinking": 0}
        self.started = self.clock.epoch_ms()
        self.shape_hash = ""
        self.tool_ms = 0
        self.api_ms = 0
        self.lines_added = 0
        self.lines_removed = 0

    # -- envelope ----------------------------------------------------------------------------------------------

    def tail(self) -> dict[str, Any]:
        return {
            "userType": "external",
            "entrypoint": "sdk-cli",
            "cwd": self.cwd,
            "sessionId": self.session,
            "version": CLAUDE_VERSION,
            "gitBranch": self.branch,
        }

    def threaded(self, record: dict[str, Any], parent: str | None | bool = True) -> dict[str, Any]:
        """Append a line that takes part in the uuid tree; by default its parent is the previous threaded line."""
        line = {"parentUuid": self.last if parent is True else parent, "isSidechain": False, **record}
        line.update(self.tail())
        self.lines.append(line)
        self.last = line["uuid"]
        return line

    def side(self, record: dict[str, Any]) -> None:
        """A flat bookkeeping line (no uuid), with ``sessionId`` where the host puts it for that type."""
        kind = record.pop("type")
        if kind in ("api-request-shape", "api-request-blob", "api-request", "cost-state"):
            self.lines.append({"type": kind, "sessionId": self.session, **record})
        elif kind == "queue-operation":
            content = {"content": record.pop("content")} if "content" in record else {}
            self.lines.append({"type": kind, **record, "sessionId": self.session, **content})
        else:
            self.lines.append({"type": kind, **record, "sessionId": self.session})

    def attachment(self, attachment: dict[str, Any], rendered: str | None = None, role: str = "system") -> None:
        record: dict[str, Any] = {
            "attachment": attachment,
            "type": "attachment",
            "uuid": self.ids.uuid(),
            "timestamp": self.clock.tick(1, 3),
        }
        if rendered is not None:
            record["rendered"] = [{"content": f"<system-reminder>\n{rendered}\n</system-reminder>"}]
            record["renderedRole"] = role
        self.threaded(record)

    # -- bookkeeping -------------------------------------------------------------------------------------------

    def header(self) -> None:
        home = os.path.expanduser("~")
        project = re.sub(r"[^a-zA-Z0-9]", "-", self.cwd)
        self.attachment(
            {
                "type": "environment",
                "snapshot": {
                    "workingDirectory": self.cwd,
                    "isWorktree": False,
                    "isGitRepo": True,
                    "additionalWorkingDirectories": [],
                    "platform": "linux",
                    "shell": "bash",
                    "osVersion": "Linux 6.18.44-fc-v657",
                },
            },
            f"# Environment\nYou have been invoked in the following environment: \n - Primary working directory: "
            f"{self.cwd}\n - Is a git repository: true\n - Platform: linux\n - Shell: bash\n"
            " - OS Version: Linux 6.18.44-fc-v657",
        )
        self.attachment(
            {
                "type": "model",
                "identity": {"modelId": CLAUDE_MODEL, "marketingName": "Opus 5.5", "knowledgeCutoff": "June 2026"},
                "text": f"You are powered by the model named Opus 5.5. The exact model ID is {CLAUDE_MODEL}. Assistant "
                "knowledge cutoff is June 2026.",
            },
            f"You are powered by the model named Opus 5.5. The exact model ID is {CLAUDE_MODEL}. Assistant knowledge "
            "cutoff is June 2026.",
        )
        agents = [
            "- claude: Catch-all for any task that doesn't fit a more specific agent. (Tools: *)",
            "- Explore: Read-only search agent for broad fan-out searches. (Tools: All tools except Agent, Edit, "
            "Write, NotebookEdit)",
            "- general-purpose: General-purpose agent for researching complex questions. (Tools: *)",
            "- Plan: Software architect agent for designing implementation plans. (Tools: All tools except Agent, "
            "Edit, Write, NotebookEdit)",
        ]
        self.attachment(
            {
                "type": "agent_listing_delta",
                "addedTypes": ["claude", "Explore", "general-purpose", "Plan"],
                "addedLines": agents,
                "removedTypes": [],
                "isInitial": True,
                "showConcurrencyNote": False,
            },
            "Available agent types for the Agent tool:\n" + "\n".join(agents),
        )
        self.attachment(
            {
                "type": "mcp_instructions_delta",
                "addedNames": ["mcp-context"],
                "addedBlocks": [f"## mcp-context\n{self.instructions}"],
                "removedNames": [],
            },
            "# MCP Server Instructions\n\nThe following MCP servers have provided instructions for how to use their "
            f"tools and resources:\n\n## mcp-context\n{self.instructions}",
        )
        skills = "- dataviz: Use this skill whenever you are about to create ANY chart, graph, plot or dashboard."
        self.attachment(
            {"type": "skill_listing", "content": skills, "skillCount": 1, "isInitial": True, "names": ["dataviz"]},
            f"The following skills are available for use with the Skill tool:\n\n{skills}",
        )
        self.side({"type": "atis-latch", "atis": ""})
        self.attachment({"type": "session_context", "context": {}})
        self.attachment(
            {"type": "date", "date": self.clock.now.strftime("%Y-%m-%d")},
            f"Today's date is {self.clock.now.strftime('%Y-%m-%d')}.",
        )
        self.attachment(
            {
                "type": "remote_session_change",
                "url": None,
                "commit": "Co-Authored-By: Claude Opus 5.5 <noreply@anthropic.com>",
                "pr": "\U0001f916 Generated with [Claude Code](https://claude.com/claude-code)",
                "sendUserFileHint": False,
                "managedCommit": False,
                "managedPr": False,
            },
            "Attribution for git commits you create from here on:\n- End git commit messages with:\n"
            "Co-Authored-By: Claude Opus 5.5 <noreply@anthropic.com>",
            role="user",
        )
        memory = f"{home}/.claude/projects/{project}/memory/"
        self.attachment(
            {
                "type": "prompt_snapshot",
                "systemPrompt": [
                    SYSTEM_PROMPT,
                    f"# Memory\n\nYou have a persistent file-based memory at `{memory}`.",
                    "# Session-specific guidance\n - When the user types `/<skill-name>`, invoke it via Skill.",
                ],
                "reminderFold": False,
                "echoWireToolInputs": False,
                "contextRendering": "announced",
            }
        )
        shape = {
            "system": [
                {"type": "text", "text": "You are a Claude agent, built on Anthropic's Claude Agent SDK."},
                {"type": "text", "text": SYSTEM_PROMPT},
            ],
            "tools": [
                {
                    "name": name,
                    "description": f"{name} tool.",
                    "input_schema": {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"},
                }
                for name in ("Agent", "Bash", "Edit", "Glob", "Grep", "Read", "Write")
            ],
        }
        self.shape_hash = sha(shape)
        self.side(
            {
                "type": "api-request-shape",
                "shapeHash": self.shape_hash,
                "timestamp": self.clock.tick(),
                "version": CLAUDE_VERSION,
                "shape": shape,
            }
        )

    def api_request(self) -> str:
        """Blob lines for the messages new since the last request, then the request line pointing at them."""
        hashes = []
        for message in self.pending:
            digest = sha(message)
            self.side({"type": "api-request-blob", "hash": digest, "message": message})
            hashes.append(digest)
        request_id = self.ids.uuid()
        record: dict[str, Any] = {
            "type": "api-request",
            "id": request_id,
            "timestamp": self.clock.tick(5, 30),
            "version": CLAUDE_VERSION,
            "querySource": "sdk",
            "shapeHash": self.shape_hash,
            "params": API_PARAMS,
        }
        if self.request:
            record["base"] = self.request
        record.update(
            {
                "keep": self.kept,
                "tail": hashes,
                "cacheControl": [
                    {"path": ["system", 0], "value": {"type": "ephemeral"}},
                    {"path": ["system", 1], "value": {"type": "ephemeral"}},
                    {"path": ["messages", self.kept + len(hashes) - 1, "content", 0], "value": {"type": "ephemeral"}},
                ],
                "requestDigest": sha([self.request, hashes]),
            }
        )
        self.side(record)
        self.kept += len(hashes)
        self.pending = []
        self.request = request_id
        return request_id

    def grow(self, n: int) -> None:
        self.context += n
        self.fresh += n

    def usage(self, output: int, thinking: int) -> dict[str, Any]:
        created, self.fresh = self.fresh, 0
        return {
            "input_tokens": self.rng.randint(1, 9),
            "cache_creation_input_tokens": created,
            "cache_read_input_tokens": max(0, self.context - created),
            "output_tokens": output,
            "output_tokens_details": {"thinking_tokens": thinking},
            "server_tool_use": {"web_search_requests": 0, "web_fetch_requests": 0},
            "service_tier": "standard",
            "cache_creation": {"ephemeral_1h_input_tokens": 0, "ephemeral_5m_input_tokens": created},
            "inference_geo": "",
            "iterations": [],
            "speed": "standard",
            "fallback_credit": None,
        }
