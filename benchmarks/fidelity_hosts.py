"""A planted story written as one host would have recorded it: OpenAI chat messages, Anthropic messages or
Gemini contents, with that host's tool names, argument names and shell-output wrapper.

Written here by hand rather than by the library's own format adapters, so that a mistake in an adapter shows
up as a loss instead of cancelling out. What varies, because a summariser may key on it:

* Claude Code (Anthropic): ``Bash``/``Read``/``Grep``/``Edit``/``Write``; a failed command's result is flagged
  ``is_error`` and starts ``Exit code N``.
* Gemini CLI: ``run_shell_command``/``read_file``/``search_file_content``/``replace``/``write_file``; no flag,
  the exit code only inside the text (``Exit Code: 1``), in the current wrapper (``<untrusted_context>``) or
  the one of 0.26 and earlier; calls with or without ids.
* OpenAI-style (Codex): ``shell`` or ``exec_command`` for everything, reads and searches included, and
  ``apply_patch`` for edits; never a flag. The output is raw, or in Codex's text header (``Exit code: 1``),
  or its ``exec_command`` header (``Process exited with code 1``), or a JSON object with the exit code in its
  metadata (older Codex), where the output's lines are escaped into one line."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from .planted import Call, Fact, Story, Turn

FORMATS = ("openai", "anthropic", "gemini")
#: Each format's variants: how its shell output is wrapped (and, for OpenAI, which shell tool it has).
VARIANTS = {
    "openai": ("shell/raw", "shell/text", "exec_command/exec", "shell/json"),
    "anthropic": ("claude-code",),
    "gemini": ("gemini-cli/current", "gemini-cli/legacy", "gemini-cli/current/no-ids"),
}
#: Formats whose failures carry no error flag: the summary must read the failure from the output.
FLAGLESS = ("openai", "gemini")


@dataclass
class History:
    """A story in one format: the messages, the facts, and where each turn starts in the messages."""

    name: str
    fmt: str
    variant: str
    messages: list[dict[str, Any]]
    facts: list[Fact]
    at: dict[int, int]  # turn index -> index of its first message
    decoys: list[int]  # turns of successes whose output looks like a failure

    @property
    def flagless(self) -> bool:
        return self.fmt in FLAGLESS


def render(story: Story, fmt: str, variant: str) -> History:
    rng = random.Random(f"hosts-{story.seed}-{fmt}-{variant}")
    writer = {"openai": _OpenAI, "anthropic": _Anthropic, "gemini": _Gemini}[fmt](variant, rng)
    at: dict[int, int] = {}
    for n, turn in enumerate(story.turns):
        at[n] = len(writer.out)
        writer.turn(turn)
    return History(f"story {story.seed} {fmt} {variant}", fmt, variant, writer.out, story.facts, at, story.decoys)


class _Host:
    """What the three writers share: the message list, call ids, and how a shell's output is worded."""

    def __init__(self, variant: str, rng: random.Random) -> None:
        self.variant, self.rng = variant, rng
        self.out: list[dict[str, Any]] = []

    def call_id(self, prefix: str) -> str:
        return f"{prefix}{self.rng.getrandbits(64):016x}"

    def turn(self, turn: Turn) -> None:
        raise NotImplementedError

    def numbered(self, call: Call) -> str:
        first = int(call.args.get("first", 1))
        return "\n".join(f"{first + i:>6}\t{line}" for i, line in enumerate(call.output.splitlines()))


class _Anthropic(_Host):
    NAMES = {"read": "Read", "search": "Grep", "shell": "Bash", "edit": "Edit", "write": "Write"}

    def turn(self, turn: Turn) -> None:
        if turn.role == "user":
            self.out.append({"role": "user", "content": turn.text})
            return
        blocks: list[dict[str, Any]] = [{"type": "text", "text": turn.text}] if turn.text else []
        results: list[dict[str, Any]] = []
        for call in turn.calls:
            ident = self.call_id("toolu_")
            blocks.append({"type": "tool_use", "id": ident, "name": self.NAMES[call.tool], "input": self.args(call)})
            text, failed = self.result(call)
            results.append({"type": "tool_result", "tool_use_id": ident, "content": text, "is_error": failed})
        self.out.append({"role": "assistant", "content": blocks})
        if results:
            self.out.append({"role": "user", "content": results})

    def args(self, call: Call) -> dict[str, Any]:
        a = call.args
        if call.tool == "read":
            return {"file_path": f"/tmp/proj/{a['path']}", "offset": a["first"], "limit": a["lines"]}
        if call.tool == "search":
            return {"pattern": a["pattern"], "path": a["path"], "output_mode": "content", "-n": True}
        if call.tool == "shell":
            return {"command": a["command"], "description": f"Run {a['command'].split()[0]}"}
        if call.tool == "edit":
            return {"file_path": f"/tmp/proj/{a['path']}", "old_string": a["old"], "new_string": a["new"]}
        return {"file_path": f"/tmp/proj/{a['path']}", "content": a["content"]}

    def result(self, call: Call) -> tuple[str, bool]:
        path = f"/tmp/proj/{call.args.get('path', '')}"
        if call.tool == "read":
            return self.numbered(call), False
        if call.tool == "edit":
            return f"The file {path} has been updated successfully.", False
        if call.tool == "write":
            return f"File created successfully at: {path}", False
        if call.tool == "shell" and call.exit_code:
            return f"Exit code {call.exit_code}\n{call.output}".rstrip(), True
        return call.output, False


class _Gemini(_Host):
    NAMES = {
        "read": "read_file",
        "search": "search_file_content",
        "shell": "run_shell_command",
        "edit": "replace",
        "write": "write_file",
    }

    def turn(self, turn: Turn) -> None:
        if turn.role == "user":
            self.out.append({"role": "user", "parts": [{"text": turn.text}]})
            return
        parts: list[dict[str, Any]] = [{"text": turn.text}] if turn.text else []
        results: list[dict[str, Any]] = []
        for call in turn.calls:
            name = self.NAMES[call.tool]
            ident = f"{name}-{1_730_000_000_000 + len(self.out)}-{self.rng.getrandbits(24):06x}"
            ids = {"id": ident} if not self.variant.endswith("no-ids") else {}
            parts.append({"functionCall": {"name": name, "args": self.args(call), **ids}})
            response = {"name": name, "response": {"output": self.result(call)}, **ids}
            results.append({"functionResponse": response})
        self.out.append({"role": "model", "parts": parts})
        if results:
            self.out.append({"role": "user", "parts": results})

    def args(self, call: Call) -> dict[str, Any]:
        a = call.args
        path = f"/tmp/proj/{a.get('path', '')}"
        if call.tool == "read":
            return {"file_path": path, "offset": a["first"] - 1, "limit": a["lines"]}
        if call.tool == "search":
            return {"pattern": a["pattern"], "dir_path": a["path"]}
        if call.tool == "shell":
            return {"command": a["command"], "description": f"Runs {a['command'].split()[0]}."}
        if call.tool == "edit":
            return {"file_path": path, "old_string": a["old"], "new_string": a["new"], "instruction": "Apply the fix."}
        return {"file_path": path, "content": a["content"]}

    def result(self, call: Call) -> str:
        path = f"/tmp/proj/{call.args.get('path', '')}"
        if call.tool == "read":
            return call.output
        if call.tool == "search":
            hits = call.output.splitlines() if call.output != "No matches found" else []
            body = "\n".join(f"L{h.split(':')[1]}: {h.split(':', 2)[2]}" for h in hits if h.count(":") >= 2)
            where = hits[0].split(":")[0] if hits else ""
            head = f'Found {len(hits)} matches for pattern "{call.args["pattern"]}" in path "{call.args["path"]}"'
            return f"{head}:\n---\nFile: {where}\n{body}\n---" if hits else f"No matches found for {head[6:]}"
        if call.tool == "edit":
            return f"Successfully modified file: {path} (1 replacements)."
        if call.tool == "write":
            return f"Successfully created and wrote to new file: {path}."
        return self.shell(call)

    def shell(self, call: Call) -> str:
        """run_shell_command's text, as Gemini CLI 0.61 or 0.26 and earlier writes it."""
        output = "\n".join(line.rstrip() for line in call.output.rstrip().splitlines()) or "(empty)"
        pid = self.rng.randrange(2_000, 60_000)
        if "legacy" in self.variant:
            return (
                f"Command: {call.args['command']}\nDirectory: (root)\nOutput: {output}\nError: (none)\n"
                f"Exit Code: {call.exit_code}\nSignal: (none)\nBackground PIDs: (none)\nProcess Group PGID: {pid}"
            )
        code = f"\nExit Code: {call.exit_code}" if call.exit_code else ""
        body = f"Output: {output}{code}\nProcess Group PGID: {pid}".replace(
            "</untrusted_context>", "&lt;/untrusted_context&gt;"
        )
        return f"<untrusted_context>\n{body}\n</untrusted_context>"


class _OpenAI(_Host):
    def __init__(self, variant: str, rng: random.Random) -> None:
        super().__init__(variant, rng)
        self.tool, self.wrap = variant.split("/")
        self.out.append({"role": "system", "content": "You are a coding agent working in /tmp/proj."})

    def turn(self, turn: Turn) -> None:
        if turn.role == "user":
            self.out.append({"role": "user", "content": turn.text})
            return
        calls, results = [], []
        for call in turn.calls:
            ident = self.call_id("call_")
            name, args = self.args(call)
            calls.append({"id": ident, "type": "function", "function": {"name": name, "arguments": json.dumps(args)}})
            results.append({"role": "tool", "tool_call_id": ident, "content": self.result(call)})
        message: dict[str, Any] = {"role": "assistant", "content": turn.text or None}
        if calls:
            message["tool_calls"] = calls
        self.out += [message, *results]

    def command(self, call: Call) -> str:
        a = call.args
        if call.tool == "read":
            return f"sed -n '{a['first']},{a['first'] + a['lines'] - 1}p' {a['path']}"
        if call.tool == "search":
            return f"rg -n '{a['pattern']}' {a['path']}"
        return str(a["command"])

    def args(self, call: Call) -> tuple[str, dict[str, Any]]:
        if call.tool in ("edit", "write"):
            return "apply_patch", {"input": _patch(call)}
        command = self.command(call)
        if self.tool == "exec_command":
            return "exec_command", {"cmd": command, "workdir": "/tmp/proj"}
        return "shell", {"command": ["bash", "-lc", command], "workdir": "/tmp/proj", "timeout_ms": 120_000}

    def result(self, call: Call) -> str:
        if call.tool in ("edit", "write"):
            mark = "M" if call.tool == "edit" else "A"
            return f"Success. Updated the following files:\n{mark} {call.args['path']}\n"
        output, code, took = call.output, call.exit_code, self.rng.uniform(0.05, 4.0)
        if self.wrap == "text":
            return f"Exit code: {code}\nWall time: {took:.1f} seconds\nOutput:\n{output}"
        if self.wrap == "exec":
            count = max(1, len(output) // 4)
            head = f"Chunk ID: {self.rng.getrandbits(24):06x}\nWall time: {took:.4f} seconds\n"
            return f"{head}Process exited with code {code}\nOriginal token count: {count}\nOutput:\n{output}"
        if self.wrap == "json":
            return json.dumps({"output": output, "metadata": {"exit_code": code, "duration_seconds": round(took, 1)}})
        return output


def _patch(call: Call) -> str:
    """An apply_patch body: the changed lines, with the lines both sides share as context."""
    path = call.args["path"]
    if call.tool == "write":
        added = "\n".join(f"+{line}" for line in call.args["content"].splitlines())
        return f"*** Begin Patch\n*** Add File: {path}\n{added}\n*** End Patch"
    old, new = call.args["old"].splitlines(), call.args["new"].splitlines()
    head = 0
    while head < min(len(old), len(new)) and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < min(len(old), len(new)) - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    body = [f" {ln}" for ln in old[:head]]
    body += [f"-{ln}" for ln in old[head : len(old) - tail]] + [f"+{ln}" for ln in new[head : len(new) - tail]]
    body += [f" {ln}" for ln in old[len(old) - tail :]]
    return f"*** Begin Patch\n*** Update File: {path}\n@@\n" + "\n".join(body) + "\n*** End Patch"
