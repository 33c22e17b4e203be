"""A story rendered as an OpenAI Chat Completions ``messages`` list, each tool output cut at the agent's limit."""

from __future__ import annotations

import json
import random
from typing import Any

from .rendering import Ids, neutral_text
from .story import Event, Prompt, Reply

#: The OpenAI-style agent keeps at most this much of one tool output.
OPENAI_TOOL_CHARS = 60_000

OPENAI_TOOL = {
    "read": "read_file",
    "bash": "run_command",
    "grep": "grep",
    "glob": "glob",
    "edit": "edit_file",
    "write": "write_file",
}


def render_openai(events: list[Event], rng: random.Random, cwd: str) -> list[dict[str, Any]]:
    ids = Ids(rng)
    messages: list[dict[str, Any]] = [
        {
            "role": "system",
            "content": (
                f"You are a coding agent working in the repository at {cwd}. Use the tools to read files, search, run "
                "shell commands and edit files. Keep replies short; say what you are doing and why. Never commit "
                "unless the user asks."
            ),
        }
    ]
    for event in events:
        if isinstance(event, Prompt):
            messages.append({"role": "user", "content": event.text})
        elif isinstance(event, Reply) and event.only in (None, "openai"):
            message: dict[str, Any] = {"role": "assistant", "content": event.text or None}
            calls = []
            for call in event.calls:
                a = call.args
                args: dict[str, Any]
                if call.tool == "edit":
                    args = {"path": a["path"], "old_string": a["old"], "new_string": a["new"]}
                elif call.tool == "grep":
                    args = {"pattern": a["pattern"], "path": a["path"], "files_only": call.data["files_only"]}
                    if a["glob"]:
                        args["include"] = a["glob"]
                else:
                    args = dict(a)
                calls.append(
                    {
                        "id": "call_" + ids.token(24),
                        "type": "function",
                        "function": {"name": OPENAI_TOOL[call.tool], "arguments": json.dumps(args)},
                    }
                )
            if calls:
                message["tool_calls"] = calls
            messages.append(message)
            for call, spec in zip(event.calls, calls, strict=True):
                text = neutral_text(call, cwd)
                if len(text) > OPENAI_TOOL_CHARS:
                    text = (
                        text[:OPENAI_TOOL_CHARS] + f"\n[... output truncated: {len(text) - OPENAI_TOOL_CHARS} more "
                        "characters]"
                    )
                messages.append({"role": "tool", "tool_call_id": spec["id"], "content": text})
    return messages
