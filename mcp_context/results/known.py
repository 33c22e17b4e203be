"""What a Session has already read about stored results: their metadata, line index and preview.

A stored result never changes (its handle is its content's hash), so these are read once per process. What
can change is whether it is still there, and every read still opens the text itself, which fails for a result
deleted since (a session removed by the CLI in another process, say): nothing stale is ever served as text.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from ..storage.records import ResultMeta
from .reading import Preview

#: Results remembered, most recently used first; each costs its metadata, index (about 40 bytes per 64 KiB
#: of text) and a preview of some 2 KB.
KEPT = 512


@dataclass
class Known:
    meta: ResultMeta
    index: bytes | None = None
    preview: Preview | None = None


class KnownResults:
    """A small LRU map from what a caller named (a handle or a resource URI) to what is known of it; the server
    calls a Session from several worker threads, hence the lock."""

    def __init__(self) -> None:
        self._known: OrderedDict[str, Known] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, name: str) -> Known | None:
        with self._lock:
            found = self._known.get(name)
            if found is not None:
                self._known.move_to_end(name)
            return found

    def put(self, name: str, known: Known) -> Known:
        with self._lock:
            self._known[name] = known
            self._known.move_to_end(name)
            if len(self._known) > KEPT:
                self._known.popitem(last=False)
        return known

    def drop(self, names: list[str]) -> None:
        """Forget results removed from the store (the retention rule's archives)."""
        with self._lock:
            for name in names:
                self._known.pop(name, None)
