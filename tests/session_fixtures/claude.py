"""A story rendered as a Claude Code 2.1.330 transcript: the prompts, the model's replies (one line per content
block, sharing ``message.id``), an automatic compaction and the session's closing lines."""

from __future__ import annotations

import json
import random
from typing import Any

from .claude_records import CLAUDE_MODEL, CLAUDE_TOOL
from .claude_tools import ClaudeTools
from .rendering import tokens
from .story import Compaction, Event, Prompt, Reply


class ClaudeWriter(ClaudeTools):
    """Writes a Claude Code session transcript: threaded lines, one line per content block, and bookkeeping."""

    # -- conversation ------------------------------------------------------------------------------------------

    def prompt(self, text: str) -> int:
        self.prompt_index += 1
        self.prompt_id = self.ids.uuid()
        self.prompt_text = text
        self.clock.tick(20_000, 90_000)
        self.side({"type": "queue-operation", "operation": "enqueue", "timestamp": self.clock.iso(), "content": text})
        self.side({"type": "queue-operation", "operation": "dequeue", "timestamp": self.clock.tick(1, 3)})
        self.threaded(
            {
                "promptId": self.prompt_id,
                "type": "user",
                "message": {"role": "user", "content": text},
                "uuid": self.ids.uuid(),
                "timestamp": self.clock.tick(300, 700),
                "permissionMode": "default",
                "promptSource": "sdk",
                "turnOrigin": "sdk",
                "turnPosition": {"promptIndex": self.prompt_index, "turnIndex": 1},
            }
        )
        if self.prompt_index == 0:
            self.header()
        self.pending.append({"role": "user", "content": [{"type": "text", "text": text}]})
        self.grow(tokens(text))
        index = self.count
        self.count += 1
        return index

    def reply(self, r: Reply) -> int:
        """Write one model reply (one line per block, shared message.id) and its tool results; return its index."""
        request = self.api_request()
        if self.rng.random() < 0.35 and self.tools_used:
            self.side({"type": "tools-used", "tools": list(self.tools_used)})
        blocks: list[dict[str, Any]] = []
        if r.thinking:
            blocks.append({"type": "thinking", "thinking": r.thinking, "signature": self.ids.signature()})
        if r.text:
            blocks.append({"type": "text", "text": r.text})
        tool_ids = []
        for call in r.calls:
            tool_id = "toolu_01" + self.ids.token(22)
            tool_ids.append(tool_id)
            blocks.append(
                {
                    "type": "tool_use",
                    "id": tool_id,
                    "name": CLAUDE_TOOL[call.tool],
                    "input": self.tool_input(call),
                    "caller": {"type": "direct"},
                }
            )
            name = CLAUDE_TOOL[call.tool]
            if name not in self.tools_used:
                self.tools_used.append(name)
        message_id = "msg_01" + self.ids.token(22)
        output = sum(tokens(json.dumps(b)) for b in blocks)
        thinking = tokens(r.thinking) if r.thinking else 0
        usage = self.usage(output, thinking)
        self.clock.tick(1_500, 9_000)
        self.api_ms += self.rng.randint(1_500, 9_000)
        uuids = []
        for i, block in enumerate(blocks):
            last = i == len(blocks) - 1
            message = {
                "id": message_id,
                "type": "message",
                "role": "assistant",
                "model": CLAUDE_MODEL,
                "content": [block],
                "stop_reason": ("tool_use" if r.calls else "end_turn") if last else None,
                "stop_sequence": None,
                "usage": usage,
                "stop_details": None,
            }
            record: dict[str, Any] = {"message": message}
            if block["type"] == "tool_use":
                record["toolInputStreamMs"] = self.rng.randint(1, 400)
            record.update(
                {
                    "apiBlockIndex": i,
                    "requestRef": request,
                    "requestedModel": CLAUDE_MODEL,
                    "promptCacheRequested": "5m",
                    "type": "assistant",
                    "uuid": self.ids.uuid(),
                    "timestamp": self.clock.tick(20, 900),
                    "effort": "medium",
                    "perTurnEffort": "medium",
                    "madeBy": "model",
                }
            )
            uuids.append(self.threaded(record)["uuid"])
        index = self.count
        self.count += 1
        self.pending.append({"role": "assistant", "content": blocks})
        self.grow(output)
        self.cost["output"] += output
        self.cost["thinking"] += thinking
        self.cost["read"] += self.context
        source = dict(zip(tool_ids, uuids[len(uuids) - len(tool_ids) :], strict=True))
        results = []
        for call, tool_id in zip(r.calls, tool_ids, strict=True):
            results.append(self.tool_result(call, tool_id, source[tool_id]))
        if results:
            self.pending.append({"role": "user", "content": results})
        if self.rng.random() < 0.4 or not r.calls:
            self.side({"type": "last-prompt", "lastPrompt": self.prompt_text[:200], "leafUuid": self.last})
        if self.rng.random() < 0.25:
            self.side({"type": "atis-latch", "atis": ""})
        if not r.calls:
            self.threaded(
                {
                    "type": "system",
                    "subtype": "turn_duration",
                    "durationMs": self.rng.randint(8_000, 240_000),
                    "messageCount": self.count,
                    "isMeta": False,
                    "timestamp": self.clock.tick(),
                    "uuid": self.ids.uuid(),
                }
            )
        return index

    def compact(self, summary: str) -> None:
        """An automatic compaction: a boundary cutting the tree, then the summary as the first message after it."""
        pre = self.context
        boundary = {
            "parentUuid": None,
            "logicalParentUuid": self.last,
            "isSidechain": False,
            "type": "system",
            "subtype": "compact_boundary",
            "content": "Conversation compacted",
            "isMeta": False,
            "timestamp": self.clock.tick(30_000, 60_000),
            "uuid": self.ids.uuid(),
            "level": "info",
            "compactMetadata": {
                "trigger": "auto",
                "preTokens": pre,
                "postTokens": tokens(summary),
                "durationMs": self.rng.randint(20_000, 60_000),
            },
            **self.tail(),
        }
        self.lines.append(boundary)
        self.last = boundary["uuid"]
        self.count = 0
        self.threaded(
            {
                "type": "user",
                "message": {"role": "user", "content": summary},
                "isVisibleInTranscriptOnly": True,
                "isCompactSummary": True,
                "uuid": self.ids.uuid(),
                "timestamp": self.clock.tick(5, 30),
            }
        )
        self.count += 1
        for rel in ("mcp_context/storage/files.py", "mcp_context/cli/sessions.py"):
            path = f"{self.cwd}/{rel}"
            self.attachment({"type": "compact_file_reference", "filename": path, "displayPath": rel})
        self.context = self.fresh = tokens(summary) + 9_000
        self.request = None
        self.kept = 0
        self.pending = [{"role": "user", "content": [{"type": "text", "text": summary}]}]

    def finish(self) -> None:
        self.side({"type": "last-prompt", "lastPrompt": self.prompt_text[:200], "leafUuid": self.last})
        c = self.cost
        usd = round((c["output"] * 25 + c["read"] * 0.5) / 1_000_000, 6)
        self.side(
            {
                "type": "cost-state",
                "totalCostUSD": usd,
                "totalAPIDuration": self.api_ms,
                "totalAPIDurationWithoutRetries": self.api_ms - 40,
                "totalToolDuration": self.tool_ms,
                "totalLinesAdded": self.lines_added,
                "totalLinesRemoved": self.lines_removed,
                "totalDuration": self.clock.epoch_ms() - self.started,
                "startTime": self.started,
                "modelUsage": {
                    CLAUDE_MODEL: {
                        "inputTokens": 0,
                        "outputTokens": c["output"],
                        "thinkingTokens": c["thinking"],
                        "cacheReadInputTokens": c["read"],
                        "cacheCreationInputTokens": 0,
                        "cacheCreationEphemeral5mInputTokens": 0,
                        "cacheCreationEphemeral1hInputTokens": 0,
                        "webSearchRequests": 0,
                        "costUSD": usd,
                    }
                },
                "hasUnknownModelCost": False,
            }
        )


def render_claude(
    events: list[Event],
    rng: random.Random,
    cwd: str,
    branch: str,
    instructions: str,
    watch: tuple[str, str] | None = None,
    nth: int = 5,
) -> tuple[ClaudeWriter, int]:
    """Render a story as a Claude Code transcript; also return the index of the reply making the ``nth`` call
    identical to ``watch`` (tool name, command), or -1."""
    w = ClaudeWriter(rng, cwd, branch, instructions)
    seen = 0
    found = -1
    for event in events:
        if isinstance(event, Prompt):
            w.prompt(event.text)
        elif isinstance(event, Reply) and event.only in (None, "claude"):
            index = w.reply(event)
            if watch and any(c.tool == watch[0] and c.args.get("command") == watch[1] for c in event.calls):
                seen += 1
                if seen == nth:
                    found = index
        elif isinstance(event, Compaction):
            w.compact(event.summary)
    w.finish()
    return w, found
