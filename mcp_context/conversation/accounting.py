"""Token figures for messages, cached by content so a re-compaction only counts what is new.

Text is counted by the shared TokenCounter (exact where an encoding is local, else the calibrated estimate);
structure costs a flat few tokens per message, images a flat estimate as providers bill them, and documents
what they hold (see media)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..tokens.count import TokenCount, TokenCounter
from . import media
from .formats.base import Adapter
from .model import Block, Message, args_text, canonical_json, compact_json, key_of

PER_MESSAGE = 4
CACHE_SIZE = 250_000
#: Tool results at least this long keep their count while a compaction runs (see keeping_results).
RECENT_MIN_CHARS = 500
#: ... up to this many characters of them at once.
RECENT_CHARS = 64 * 1024 * 1024


def message_json(message: Message, adapter: Adapter) -> str:
    """What the provider is sent for ``message``, as compact JSON; made once for an untouched input message."""
    if not message.changed and message.origin is not None:
        return message.origin_json
    return compact_json(adapter.render(message))


def message_key(message: Message, adapter: Adapter) -> str:
    """The content key of what the provider is sent: an untouched input message's is its item's, a changed one
    is rendered and keyed (compaction keeps what it made of each message, see reuse.derived)."""
    if not message.changed and message.origin is not None:
        return message.origin_key
    return key_of(adapter.render(message))


class Accountant:
    """Counts messages in one format; lives as long as the Session's Reuse keeps it (see reuse), so its cache
    spans calls."""

    def __init__(self, counter: TokenCounter) -> None:
        self.counter = counter
        self._cache: OrderedDict[str, int] = OrderedDict()
        self.hits = 0
        self.misses = 0
        #: Tool results counted lately, by identity, with their count: compaction stores some of the very
        #: texts it has just counted, and the store need not count them again (see counted).
        self._recent: OrderedDict[int, tuple[str, TokenCount]] = OrderedDict()
        self._recent_chars = 0
        self._keeping = 0
        self._lock = threading.Lock()

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

    def message(self, message: Message, adapter: Adapter, key: str | None = None) -> int:
        """The message's tokens, by its content key (``key``, when the caller has it already)."""
        key = key if key is not None else message_key(message, adapter)
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            self.hits += 1
            return cached
        self.misses += 1
        cached = PER_MESSAGE + sum(self._block(b) for b in message.blocks)
        self._cache[key] = cached
        if len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return cached

    def counted(self, text: str) -> TokenCount | None:
        """The count of ``text`` when this very string was counted as a tool result lately, else None."""
        with self._lock:
            found = self._recent.get(id(text))
        return found[1] if found is not None and found[0] is text else None

    @contextmanager
    def keeping_results(self) -> Iterator[None]:
        """While it lasts, tool results counted keep their count for ``counted`` (a compaction stores some of
        them); once the last such block ends, the texts are no longer kept alive."""
        with self._lock:
            self._keeping += 1
        try:
            yield
        finally:
            with self._lock:
                self._keeping -= 1
                if not self._keeping:
                    self._recent.clear()
                    self._recent_chars = 0

    def _result_text(self, text: str) -> int:
        count = self.counter.count(text)
        if len(text) >= RECENT_MIN_CHARS and self._keeping:
            with self._lock:
                self._recent[id(text)] = (text, count)  # the string is held, so its id names it alone
                self._recent_chars += len(text)
                while self._recent_chars > RECENT_CHARS:
                    self._recent_chars -= len(self._recent.popitem(last=False)[1][0])
        return count.tokens

    def _block(self, block: Block) -> int:
        if block.kind in ("text", "reasoning", "tool_result"):
            extra = 0 if block.text or block.kind != "reasoning" else self.value(block.raw)
            if block.kind == "tool_result" and isinstance(block.raw, dict):  # images a result hands back
                extra = media.nested_media_tokens(block.raw.get("content"), self.text)
            if block.kind == "tool_result" and block.text:
                return self._result_text(block.text) + extra
            return self.text(block.text) + extra
        if block.kind == "tool_call":
            return self.text(f"{block.name}({args_text(block.args)})")
        if block.kind == "image":
            return media.part_tokens(block.raw, self.text)
        return self.value(block.raw)
