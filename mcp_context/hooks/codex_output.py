"""The longest copy of a shell output Codex CLI keeps, for its PostToolUse hook.

Codex 0.169 hands PostToolUse the shell's output as the model gets it: cut to about 10 KB, head and tail, under
a ``Warning: truncated output (original token count: N)`` line. The whole output reaches no hook. The session's
rollout (``transcript_path``) holds a longer copy, written before the hook runs: the finished
``CommandExecution`` item's ``aggregated_output``, itself cut to 64 KiB around a ``... command output truncated
for persistence ...`` line. The hook stores the longer of the two, so the handle gives the model more than it saw.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

#: Codex's first line over an output it cut for the model.
CUT = re.compile(r"\AWarning: truncated output \(original token count: (\d+)\)\n")
#: Only the end of a long rollout is read: the item was written just before the hook ran.
TAIL_BYTES = 8 * 1024 * 1024


@dataclass(frozen=True)
class Kept:
    text: str
    #: The token count Codex gives for the whole output, when it cut it.
    original_tokens: int | None
    from_rollout: bool


def longest(response: str, transcript: object, call_id: object) -> Kept:
    """``response`` itself, or the rollout's copy of the same call when Codex cut ``response`` and the copy is
    longer. A rollout that cannot be read, or has no such item yet, leaves ``response``."""
    cut = CUT.match(response)
    if cut is None:
        return Kept(response, None, False)
    original = int(cut[1])
    if not (isinstance(transcript, str) and transcript and isinstance(call_id, str) and call_id):
        return Kept(response, original, False)
    found = _aggregated_output(Path(transcript), call_id)
    if found is None or len(found) <= len(response):
        return Kept(response, original, False)
    return Kept(found, original, True)


def _aggregated_output(path: Path, call_id: str) -> str | None:
    try:
        with open(path, "rb") as f:
            size = f.seek(0, 2)
            f.seek(max(0, size - TAIL_BYTES))
            data = f.read()
    except OSError:
        return None
    needle = json.dumps(call_id).encode()
    for line in reversed(data.splitlines()):
        if needle not in line or b"CommandExecution" not in line:
            continue
        try:
            record = json.loads(line)
        except ValueError:
            continue
        payload = record.get("payload") if isinstance(record, dict) else None
        item = payload.get("item") if isinstance(payload, dict) else None
        if isinstance(item, dict) and item.get("type") == "CommandExecution" and item.get("id") == call_id:
            output = item.get("aggregated_output")
            return output if isinstance(output, str) else None
    return None
