"""What Sessions keep of their last compaction for the next one, bounded for the whole process.

A Session keeps its last history's spellings (the redaction memo's) and the messages it parsed (the parse
memo), so that the agent's next turn, the same history and a message more, is not redacted and parsed again
(see reuse/__init__.py): about four times the history's JSON in memory until that next call. One Session is
one session id, and a server keeps up to thousands, so the bound is the process's: past HELD_BYTES of
histories in all, the Sessions that compacted least recently forget what they keep (their next call works from
scratch, as a first call does). A Session told to forget while a call of its own runs keeps what that call
makes, and is counted again at its next call: the bound can be passed by the histories of the calls running at
that moment, never by idle ones.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from typing import Protocol

#: The most bytes of histories (their marshal spelling, about the JSON's size) all Sessions keep at once.
HELD_BYTES = 256 * 1024 * 1024


class Keeper(Protocol):
    """What keeps a history between calls and can let it go."""

    def forget_held(self) -> None: ...


class Held:
    """The keepers holding a history, least recently held first, and the bytes each holds. Keepers are held
    weakly: a Session dropped (the server's session cache let it go) no longer counts."""

    def __init__(self, limit: int = HELD_BYTES) -> None:
        self.limit = limit
        self._held: OrderedDict[int, tuple[weakref.ReferenceType[Keeper], int]] = OrderedDict()
        self._lock = threading.Lock()

    def hold(self, keeper: Keeper, size: int) -> None:
        """``keeper`` now holds ``size`` bytes (0: nothing); others forget theirs, least recently held first,
        while all hold more than the limit. The newest is kept even alone over it: its next call needs it."""
        with self._lock:
            self._held.pop(id(keeper), None)
            if size > 0:
                self._held[id(keeper)] = (weakref.ref(keeper), size)
            total, alive = 0, OrderedDict()
            for key, (ref, held) in self._held.items():
                if ref() is not None:  # a keeper gone since (its id may even be another's now) is dropped
                    alive[key] = (ref, held)
                    total += held
            out = []
            while total > self.limit and len(alive) > 1:
                _, (ref, held) = alive.popitem(last=False)
                total -= held
                out.append(ref)
            self._held = alive
        for ref in out:  # outside the lock: forgetting takes the keeper's own locks
            gone = ref()
            if gone is not None:
                gone.forget_held()

    def held(self) -> int:
        """The bytes held by keepers still alive."""
        with self._lock:
            return sum(size for ref, size in self._held.values() if ref() is not None)


#: The process's bound, which every Session reports to.
HELD = Held()
