"""Content keys of JSON-like values: one spelling of a value, and its digest.

The redaction memo keys each message of a history it is handed, and compaction takes those keys as the
messages' own (conversation.model.key_of): both spell and digest here, so the two can never key one message two
ways. Marshal format 0 spells equal JSON values identically (no shared references, no interning marks; 1, 1.0
and True apart; a list apart from a tuple) and costs far less than JSON text, on every message of every call.
"""

from __future__ import annotations

import hashlib
import marshal
from typing import Any


def spelled(value: Any) -> bytes | None:
    """``value``'s one spelling; None for what marshal cannot spell (a caller's own class, a str subclass)."""
    try:
        return marshal.dumps(value, 0)
    except ValueError:
        return None


def keyed(data: bytes) -> str:
    """The content key of a spelling."""
    return hashlib.blake2b(data, digest_size=12).hexdigest()
