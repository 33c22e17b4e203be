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
    """The content key of what the provider is sent. A changed message is rendered and keyed once per format
    (it is never changed in place): counting, the stored history and the archive all ask for it."""
    if not message.changed and message.origin is not None:
        return message.origin_key
    slot = ("key", adapter.name)
    made = message.made.get(slot)
    if made is None:
        made = message.made[slot] = key_of(adapter.render(message))
    return str(made)


def block_key(block: Block, kind: str) -> str:
    """A block's identity: the input message it came from and its place there, so no block is serialised again.
    Blocks that no input holds (made by repair) fall back to their call id. The input message is held weakly
    (see Block.home); a compaction holds the messages it parsed until it returns."""
    message = block.home[0]() if block.home is not None else None
    if message is not None and message.origin is not None:
        return f"{kind}:{message.origin_key}:{block.home[1]}"  # type: ignore[index]
    return key_of([kind, block.call_id, block.raw if block.raw is not None else block.source])


class Accountant:
    """Counts messages in one format; lives as long as the Session's Reuse keeps it (see reuse), so its cache
    spans calls."""

    def __init__(self, counter: TokenCounter) -> None:
        self.counter = counter
        #: Names this Accountant's counts kept on messages (see message): an object of its own, which no other
        #: can be while a message holds it, and which holds nothing (the Accountant itself would be a cycle).
        self._token = object()
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

    def message(self, message: Message, adapter: Adapter) -> int:
        """The message's tokens, by its content key; kept on the message too (see Message.made), which a
        Session's next call reuses (see reuse.memos.ParseMemo): it is not keyed and looked up again."""
        slot = (self._token, adapter.name)
        known: int | None = message.made.get(slot)
        if known is not None:
            self.hits += 1
            return known
        key = message_key(message, adapter)
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            self.hits += 1
        else:
            self.misses += 1
            cached = PER_MESSAGE + sum(self._block(b) for b in message.blocks)
            self._cache[key] = cached
            if len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)
        message.made[slot] = cached
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
