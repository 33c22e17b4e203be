"""The session's replacement state: what earlier compactions replaced, so the same history prefix comes out
byte for byte the same on every later call and the host's prompt cache keeps hitting.

Entries are keyed by content: a result block's key, a call's key, a run of message keys. Entries that no
longer match anything in the history are dropped when the state is saved, so it stays as small as the history."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

VERSION = 1


@dataclass
class Bridge:
    """A run of messages replaced by one bridge text (a summary, or a note of what was dropped)."""

    keys: list[str]
    text: str
    archive: str
    kind: str  # "summary" or "window"


@dataclass
class ReplacementState:
    results: dict[str, str] = field(default_factory=dict)
    args: dict[str, Any] = field(default_factory=dict)
    bridge: Bridge | None = None
    used: set[str] = field(default_factory=set)
    #: The target the replacements were made for: a later call with more room compacts afresh.
    target: int | None = None

    @classmethod
    def from_json(cls, data: bytes | None) -> ReplacementState:
        if not data:
            return cls()
        try:
            doc = json.loads(data)
            if doc.get("version") != VERSION:
                return cls()
            bridge = Bridge(**doc["bridge"]) if doc.get("bridge") else None
            target = doc.get("target")
            target = target if isinstance(target, int) and not isinstance(target, bool) else None
            return cls(dict(doc.get("results", {})), dict(doc.get("args", {})), bridge, target=target)
        except (ValueError, TypeError, KeyError, AttributeError):
            return cls()  # a damaged state only costs cache hits, never correctness

    def to_json(self) -> bytes:
        doc = {
            "version": VERSION,
            "results": {k: v for k, v in self.results.items() if k in self.used},
            "args": {k: v for k, v in self.args.items() if k in self.used},
            "bridge": self.bridge.__dict__ if self.bridge else None,
            "target": self.target,
        }
        return json.dumps(doc, ensure_ascii=False).encode()  # key order kept: replayed args must match bytes
