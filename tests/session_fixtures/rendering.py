"""What every host's renderer shares: a clock and ids drawn from the seed, hashes, token and size estimates, a
call's shell text, a unified diff as a structured patch, and a tool result as neutral text."""

from __future__ import annotations

import base64
import difflib
import hashlib
import json
import random
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from .story import Call

START = datetime(2026, 11, 20, 9, 14, 3, 120000, tzinfo=UTC)


class Clock:
    def __init__(self, rng: random.Random, start: datetime = START) -> None:
        self.now = start
        self.rng = rng

    def tick(self, lo_ms: int = 3, hi_ms: int = 40) -> str:
        self.now += timedelta(milliseconds=self.rng.randint(lo_ms, hi_ms))
        return self.iso()

    def iso(self) -> str:
        return self.now.strftime("%Y-%m-%dT%H:%M:%S.") + f"{self.now.microsecond // 1000:03d}Z"

    def epoch_ms(self) -> int:
        return int(self.now.timestamp() * 1000)


ALNUM = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz123456789"


class Ids:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def uuid(self) -> str:
        return str(uuid.UUID(int=self.rng.getrandbits(128), version=4))

    def token(self, n: int) -> str:
        return "".join(self.rng.choice(ALNUM) for _ in range(n))

    def hex(self, n: int) -> str:
        return "".join(self.rng.choice("0123456789abcdef") for _ in range(n))

    def signature(self) -> str:
        return base64.b64encode(b"\x12" + self.rng.randbytes(self.rng.randint(180, 420))).decode()


def sha(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def tokens(text: str) -> int:
    return max(1, len(text) // 4)


def size_label(n: int) -> str:
    return f"{n / 1024:.1f}KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:.1f}MB"


def shell_text(call: Call) -> str:
    out: str = call.data["stdout"].rstrip("\n")
    err: str = call.data["stderr"].rstrip("\n")
    return out + ("\n" if out and err else "") + err


def structured_patch(old: str, new: str) -> list[dict[str, Any]]:
    a, b = old.splitlines(), new.splitlines()
    hunks = []
    for group in difflib.SequenceMatcher(None, a, b, autojunk=False).get_grouped_opcodes(3):
        lines: list[str] = []
        for tag, a1, a2, b1, b2 in group:
            if tag == "equal":
                lines += [" " + x for x in a[a1:a2]]
            if tag in ("replace", "delete"):
                lines += ["-" + x for x in a[a1:a2]]
            if tag in ("replace", "insert"):
                lines += ["+" + x for x in b[b1:b2]]
        i1, i2, j1, j2 = group[0][1], group[-1][2], group[0][3], group[-1][4]
        hunks.append({"oldStart": i1 + 1, "oldLines": i2 - i1, "newStart": j1 + 1, "newLines": j2 - j1, "lines": lines})
    return hunks


def neutral_text(call: Call, cwd: str) -> str:
    """The result text an agent with Claude-Code-like tools sees (used by Claude Code and the OpenAI agent)."""
    d = call.data
    if call.tool == "read":
        if d.get("missing"):
            return (
                f"<tool_use_error>File does not exist. Note: your current working directory is {cwd}.</tool_use_error>"
            )
        if not d["lines"]:
            return "<system-reminder>Warning: the file exists but the contents are empty.</system-reminder>"
        return "\n".join(f"{d['start'] + i}\t{line}" for i, line in enumerate(d["lines"]))
    if call.tool == "bash":
        text = shell_text(call)
        return f"Exit code {d['code']}\n{text}" if d["code"] else text or "(Bash completed with no output)"
    if call.tool == "grep":
        if d["files_only"]:
            files = sorted({h[0] for h in d["hits"]})
            return f"Found {len(files)} files\n" + "\n".join(files) if files else "No files found"
        return "\n".join(f"{p}:{n}:{line}" for p, n, line in d["hits"]) or "No matches found"
    if call.tool == "glob":
        return "\n".join(d["files"]) or "No files found"
    if call.tool == "edit":
        return f"The file {call.args['path']} has been updated successfully."
    if call.tool == "write":
        return f"File created successfully at: {call.args['path']}"
    return str(d.get("report", ""))
