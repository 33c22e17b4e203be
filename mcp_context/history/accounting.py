"""Token figures for messages, cached by content so a re-compaction only counts what is new.

Text is counted by the shared TokenCounter (exact where an encoding is local, else the calibrated estimate);
structure costs a flat few tokens per message and images a flat estimate, as providers bill them."""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from typing import Any

from ..tokens import TokenCounter
from .formats.base import Adapter
from .model import IMAGE_TOKENS, Block, Message, args_text, canonical_json

PER_MESSAGE = 4
CACHE_SIZE = 250_000


def key_of(value: Any) -> str:
    """A content key for a provider object. Insertion order counts: the bytes sent are what the cache sees."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=12).hexdigest()


class Accountant:
    """Counts messages in one format; lives as long as the Session, so its cache spans calls."""

    def __init__(self, counter: TokenCounter) -> None:
        self.counter = counter
        self._cache: OrderedDict[str, int] = OrderedDict()
        self.hits = 0
        self.misses = 0

    @property
    def method(self) -> str:
        return self.counter.method

    def text(self, text: str) -> int:
        return self.counter.count(text).tokens if text else 0

    def value(self, value: Any) -> int:
        """System prompts and tool schemas, whatever shape they come in."""
        if value is None:
            return 0
        return self.text(value if isinstance(value, str) else canonical_json(value))

    def message(self, message: Message, adapter: Adapter) -> int:
        key = key_of(adapter.render(message))
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            self.hits += 1
            return cached
        self.misses += 1
        tokens = PER_MESSAGE + sum(self._block(b) for b in message.blocks)
        self._cache[key] = tokens
        if len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return tokens

    def _block(self, block: Block) -> int:
        if block.kind in ("text", "reasoning", "tool_result"):
            extra = 0 if block.text or block.kind != "reasoning" else self.value(block.raw)
            return self.text(block.text) + extra
        if block.kind == "tool_call":
            return self.text(f"{block.name}({args_text(block.args)})")
        if block.kind == "image":
            return IMAGE_TOKENS
        return self.value(block.raw)
