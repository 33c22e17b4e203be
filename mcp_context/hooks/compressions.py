"""Whether Gemini CLI really compressed its conversation, told from its chat file rather than from PreCompress.

Gemini CLI 0.61 fires PreCompress before every model request and only then decides whether to compress (the
history's last prompt tokens against ``compressionThreshold`` of the model's window), so the event says nothing
happened. What does tell is the chat file (JSONL): a compression starts a new chat on the summary, which
rewrites the message list (a ``$set.messages`` record) that drops messages the list held and brings in new
ones, a model turn among them (the model's acknowledgement of the summary). The other rewrites do one or the
other, never both: a resumed session first sets the list to the session context alone and then restores it;
a cancelled request rolls the last turns back; masking a bulky tool output changes a message in place.

The file before such a record is the conversation as it stood when Gemini CLI compressed it, so the snapshot
is made from exactly what was replaced, after the fact, and only when it happened. The hook keeps how far it
has read and the list's ids at that point in its state, so each event reads only what the host appended since.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

STATE_KEY = "gemini_chat"
#: How many chat files' readings the state keeps (a session's events name one or two).
_FILES_KEPT = 4
_MESSAGE_TYPES = ("user", "gemini")


@dataclass(frozen=True)
class Compression:
    """One rewrite that compressed: where its record begins in the chat file, and what it did to the list."""

    offset: int
    dropped: int
    kept: int


@dataclass
class Reading:
    """How far the chat file at ``path`` was read, and the ids of its message list at that point."""

    path: str
    offset: int
    ids: list[str]

    @classmethod
    def of(cls, saved: Any, path: str) -> Reading:
        """The reading of ``path`` kept in the state (``saved``), or a fresh one."""
        kept = _kept(saved).get(path)
        if isinstance(kept, dict) and isinstance(kept.get("offset"), int) and isinstance(kept.get("ids"), list):
            return cls(path, kept["offset"], [i for i in kept["ids"] if isinstance(i, str)])
        return cls(path, 0, [])

    def kept_with(self, saved: Any) -> dict[str, Any]:
        """The state to save: this reading beside the other files' (the newest few). A resumed prompt that
        starts in another minute gives its hooks a new chat file's path on some events while the host goes on
        writing the first file, so the events alternate between two paths: a single reading would start the
        first file afresh at each switch and find its old compression again."""
        files = {p: r for p, r in _kept(saved).items() if p != self.path}
        files[self.path] = {"offset": self.offset, "ids": self.ids}
        return {"files": dict(list(files.items())[-_FILES_KEPT:])}


def _kept(saved: Any) -> dict[str, Any]:
    """The readings in the state by path (a state saved with one reading, as earlier versions did, too)."""
    if not isinstance(saved, dict):
        return {}
    files = saved.get("files")
    if isinstance(files, dict):
        return {p: r for p, r in files.items() if isinstance(p, str)}
    path = saved.get("path")
    return {path: saved} if isinstance(path, str) else {}


def read_on(reading: Reading) -> list[Compression]:
    """Read the complete lines appended since ``reading`` (which moves past them) and return the compressions
    among them. A file shorter than what was read is a new file: it is read from the start."""
    try:
        with open(reading.path, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            if size < reading.offset:
                reading.offset, reading.ids = 0, []
            f.seek(reading.offset)
            data = f.read(size - reading.offset)
    except OSError:
        return []
    found: list[Compression] = []
    end = data.rfind(b"\n") + 1  # a last line without its newline is still being written
    at = 0
    while at < end:
        nl = data.index(b"\n", at)
        compression = _apply(reading, data[at:nl], reading.offset + at)
        if compression is not None:
            found.append(compression)
        at = nl + 1
    reading.offset += end
    return found


def _apply(reading: Reading, line: bytes, offset: int) -> Compression | None:
    try:
        record = json.loads(line) if line.strip() else None
    except ValueError:
        return None
    if not isinstance(record, dict):
        return None
    patch = record.get("$set")
    if isinstance(patch, dict):
        messages = patch.get("messages")
        return _rewrite(reading, messages, offset) if isinstance(messages, list) else None
    target = record.get("$rewindTo")
    if isinstance(target, str):
        if target in reading.ids:
            del reading.ids[reading.ids.index(target) :]
        return None
    if _message_id(record) is not None and record["id"] not in reading.ids:
        reading.ids.append(record["id"])
    return None


def _rewrite(reading: Reading, messages: list[Any], offset: int) -> Compression | None:
    new = [m for m in messages if _message_id(m) is not None]
    ids = [m["id"] for m in new]
    before = set(reading.ids)
    dropped = before - set(ids)
    added = [m for m in new if m["id"] not in before]
    reading.ids = ids
    if dropped and any(m.get("type") == "gemini" for m in added):
        return Compression(offset, len(dropped), len(ids) - len(added))
    return None


def _message_id(record: Any) -> str | None:
    if isinstance(record, dict) and record.get("type") in _MESSAGE_TYPES and isinstance(record.get("id"), str):
        return str(record["id"])
    return None


def before(path: str, compression: Compression) -> list[str]:
    """The chat file's lines up to the compression's record: the conversation as it stood before it."""
    with open(Path(path), "rb") as f:
        head = f.read(compression.offset)
    return head.decode("utf-8", "replace").splitlines()


def rewrite_at(path: str, compression: Compression) -> list[dict[str, Any]]:
    """The message list the compressing rewrite put in place."""
    with open(Path(path), "rb") as f:
        f.seek(compression.offset)
        record = json.loads(f.readline())
    messages = record.get("$set", {}).get("messages") if isinstance(record, dict) else None
    return [m for m in messages if isinstance(m, dict)] if isinstance(messages, list) else []
