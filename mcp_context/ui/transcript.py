"""The host's context over time, read off its transcript (Claude Code's, or a Codex CLI rollout): the tokens it
held message by message (since its last compaction), its compactions, and its model.

A transcript of a long session runs to tens of megabytes and ten thousand lines, and the timeline must come up in
well under a second: lines are parsed with orjson, and the tokens are estimated from each message's bytes at the
density the estimator finds on a sample of the whole (a fixed budget of bytes, spread evenly over the messages);
a short transcript is estimated message by message. What a file held is kept per (path, size, modification
time): a host appends, so a changed transcript is read afresh, an unchanged one never twice.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
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


def read(path: Path) -> HostContext:
    found = HostContext()
    steps: list[tuple[float | None, bytes | None]] = []  # (when, a message's content) or (when, None): a boundary
    loads, dumps, iso = orjson.loads, orjson.dumps, datetime.fromisoformat  # the loop runs once a line: kept lean
    last: float | None = None  # a line without a time happened after the one before
    for line in path.read_bytes().splitlines():
        try:
            record = loads(line)
            kind = record.get("type")
        except (orjson.JSONDecodeError, AttributeError):
            continue  # a line being written, not JSON, or not an object
        stamp = record.get("timestamp")
        if isinstance(stamp, str):
            try:
                last = iso(stamp).timestamp()
            except ValueError:
                pass
        if kind == "system":
            if record.get("subtype") == "compact_boundary":
                steps.append((last, None))
            continue
        if kind == "response_item" or kind == "compacted" or kind == "turn_context":
            _codex(record, last, steps, found, dumps)
            continue
        message = record.get("message")
        if (kind != "user" and kind != "assistant") or not isinstance(message, dict):
            continue
        model = message.get("model")
        if isinstance(model, str) and model and not model.startswith("<"):
            found.model = model
        steps.append((last, dumps(message.get("content"))))
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


def _codex(
    record: dict[str, Any],
    when: float | None,
    steps: list[tuple[float | None, bytes | None]],
    found: HostContext,
    dumps: Callable[[Any], bytes],
) -> None:
    """A Codex CLI rollout's record: an item the model saw, a compaction (the context starts again from the
    history Codex put in place), or a turn's context naming the model."""
    payload = record.get("payload")
    if not isinstance(payload, dict):
        return
    kind = record.get("type")
    if kind == "turn_context":
        model = payload.get("model")
        if isinstance(model, str) and model:
            found.model = model
    elif kind == "compacted":
        steps.append((when, None))
        history = payload.get("replacement_history")
        if isinstance(history, list) and history:
            steps.append((when, dumps(history)))
    elif payload.get("type") != "reasoning":  # stored encrypted, and never reread by the model
        steps.append((when, dumps(payload)))


class Transcripts:
    """What each transcript held, by (path, size, modification time); a bounded number kept. A file is read once
    at a time: a page asking for it while another page reads it waits for that read."""

    def __init__(self, size: int = 8) -> None:
        self._known: OrderedDict[tuple[str, int, int], HostContext] = OrderedDict()
        self._reading: dict[tuple[str, int, int], threading.Lock] = {}
        self._size, self._lock = size, threading.Lock()

    def of(self, path: Path) -> HostContext:
        stat = path.stat()
        key = (str(path), stat.st_size, stat.st_mtime_ns)
        with self._lock:
            known = self._known.get(key)
            reading = self._reading.setdefault(key, threading.Lock()) if known is None else None
        if known is not None:
            return known
        assert reading is not None
        with reading:
            with self._lock:
                known = self._known.get(key)
            if known is not None:
                return known  # read meanwhile by whoever held the lock
            made = read(path)
            with self._lock:
                self._known[key] = made
                self._reading.pop(key, None)
                while len(self._known) > self._size:
                    self._known.popitem(last=False)
        return made
