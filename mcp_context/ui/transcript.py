"""The host's context over time, read off its transcript: the tokens it held message by message (since its last
compaction), its compactions, and its model.

A transcript of a long session runs to tens of megabytes and ten thousand lines, and the timeline must come up in
well under a second: lines are parsed with orjson, and the tokens are estimated from each message's bytes at the
density the estimator finds on a sample of the whole (a fixed budget of bytes, spread evenly over the messages);
a short transcript is estimated message by message. What a file held is kept per (path, size, modification
time): a host appends, so a changed transcript is read afresh, an unchanged one never twice.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import orjson

from ..tokens.count import estimate_bytes

#: Bytes of message content the density is measured on; a transcript with less is estimated message by message.
SAMPLE_BYTES = 256 * 1024


@dataclass
class Point:
    time: float
    tokens: int


@dataclass
class HostContext:
    context: list[Point] = field(default_factory=list)  # the host's context, message by message
    compactions: list[Point] = field(default_factory=list)  # where it compacted, at about how many tokens
    model: str | None = None


def _is_boundary(record: dict[str, Any]) -> bool:
    return record.get("type") == "system" and record.get("subtype") == "compact_boundary"


def read(path: Path) -> HostContext:
    found = HostContext()
    steps: list[tuple[float | None, bytes | None]] = []  # (when, a message's content) or (when, None): a boundary
    last = None
    for line in path.read_bytes().splitlines():
        try:
            record = orjson.loads(line)
        except orjson.JSONDecodeError:
            continue  # a line being written, or not JSON
        if not isinstance(record, dict):
            continue
        when = _timestamp(record.get("timestamp")) or last  # a line without one happened after the one before
        last = when
        if _is_boundary(record):
            steps.append((when, None))
            continue
        message = record.get("message")
        if record.get("type") not in ("user", "assistant") or not isinstance(message, dict):
            continue
        model = message.get("model")
        if isinstance(model, str) and model and not model.startswith("<"):
            found.model = model
        steps.append((when, orjson.dumps(message.get("content"))))
    blobs = [b for _, b in steps if b is not None]
    total = sum(map(len, blobs))
    density = None  # a short transcript: each message estimated on its own
    if total > SAMPLE_BYTES:
        sample = b"\n".join(blobs[:: max(1, round(total / SAMPLE_BYTES))])[: SAMPLE_BYTES * 2]
        density = estimate_bytes(sample) / max(len(sample), 1)
    running = 0
    for when, blob in steps:
        if blob is None:
            if when is not None:
                found.compactions.append(Point(when, running))
            running = 0
            continue
        running += estimate_bytes(blob) if density is None else max(1, round(len(blob) * density))
        if when is not None:
            found.context.append(Point(when, running))
    return found


def _timestamp(value: Any) -> float | None:
    if not isinstance(value, str):
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return None


class Transcripts:
    """What each transcript held, by (path, size, modification time); a bounded number kept."""

    def __init__(self, size: int = 8) -> None:
        self._known: OrderedDict[tuple[str, int, int], HostContext] = OrderedDict()
        self._size, self._lock = size, threading.Lock()

    def of(self, path: Path) -> HostContext:
        stat = path.stat()
        key = (str(path), stat.st_size, stat.st_mtime_ns)
        with self._lock:
            known = self._known.get(key)
        if known is not None:
            return known
        made = read(path)
        with self._lock:
            self._known[key] = made
            while len(self._known) > self._size:
                self._known.popitem(last=False)
        return made
