"""The canonical message model every history tool works on, whatever the provider format.

A message keeps the provider's own dict (``origin``) and each block keeps the provider's own part (``raw``).
Adapters render an untouched message as its ``origin`` object itself and an untouched block as its ``raw``,
so whatever the compactor does not change goes back out byte for byte, and signed reasoning is never rebuilt.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

from ..spelling import keyed, spelled

Role = Literal["system", "user", "assistant", "tool"]
Kind = Literal["text", "image", "tool_call", "tool_result", "reasoning", "other"]

#: What a part costs when it has no text to count (an image, an opaque provider block): a flat estimate.
IMAGE_TOKENS = 1600


@dataclass
class Block:
    kind: Kind
    text: str = ""
    call_id: str | None = None
    name: str | None = None
    args: Any = None
    is_error: bool = False
    signed: bool = False
    raw: Any = None
    source: Any = None
    #: Where the block was parsed: its input message's index and its own place in that message. Repair may move
    #: a block to another message, so this, with the input message's content key, is what names it from call to
    #: call (see compaction.layers.block_key). None for a block no input holds.
    at: tuple[int, int] | None = field(default=None, repr=False, compare=False)

    @property
    def changed(self) -> bool:
        return self.raw is None

    def replaced(self, **changes: Any) -> Block:
        """A new version of this block; ``source`` keeps the provider part it came from, for rendering.

        Made from the fields as they stand rather than by ``dataclasses.replace``, which looks the fields up
        again on every call (a re-compaction replays thousands of replacements); unknown names still fail."""
        fields = dict(self.__dict__, raw=None, source=self.raw if self.raw is not None else self.source)
        fields.update(changes)
        return Block(**fields)


@dataclass
class Message:
    role: Role
    blocks: list[Block]
    origin: Any = None
    index: int | None = None
    id: str | None = None
    changed: bool = False
    meta: dict[str, Any] = field(default_factory=dict)

    # ``blocks`` is never changed in place (a changed message is a new one, see with_blocks), so what repair,
    # the pipeline and validation ask of each message several times over is found once, as it is made: its calls,
    # its results, and whether it is empty (see conversation.validate.is_empty).
    calls: list[Block] = field(init=False, repr=False, compare=False)
    results: list[Block] = field(init=False, repr=False, compare=False)
    empty: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.calls = [b for b in self.blocks if b.kind == "tool_call"]
        self.results = [b for b in self.blocks if b.kind == "tool_result"]
        self.empty = all(b.kind in _TEXTUAL and _blank(b.text) and not b.signed for b in self.blocks)

    @property
    def is_prompt(self) -> bool:
        """A user turn that is the user speaking, not tool results handed back."""
        return self.role == "user" and not self.results and bool(self.blocks)

    def label(self) -> str:
        return f"#{self.index}" if self.index is not None else "new"

    @cached_property
    def origin_json(self) -> str:
        """The provider's dict as compact JSON, made once per message: keys, token cache and archives share it."""
        return compact_json(self.origin)

    @cached_property
    def origin_key(self) -> str:
        return key_of(self.origin)

    def with_blocks(self, blocks: list[Block]) -> Message:
        """A changed version holding ``blocks``. It shares ``origin``, so it keeps what was made of it (the
        JSON and key the redaction memo may have handed over): ``dataclasses.replace`` would drop them, and
        the key would be made again from the whole message."""
        new = Message(self.role, blocks, self.origin, self.index, self.id, True, self.meta)
        made = self.__dict__
        for name in _OF_ORIGIN:
            if name in made:
                new.__dict__[name] = made[name]
        return new


#: What a message makes of its ``origin`` alone (cached properties), which a version with other blocks shares.
_OF_ORIGIN = ("origin_json", "origin_key")
_TEXTUAL = ("text", "reasoning")


def _blank(text: str) -> bool:
    """``not text.strip()`` without copying a long text: both use the same notion of whitespace. A text that is
    no string is not blank: parsing refuses it (see formats.base), naming the part."""
    return not text or (isinstance(text, str) and text.isspace())


def key_of(value: Any) -> str:
    """A content key for a provider object. Insertion order counts: the bytes sent are what the cache sees.
    Values marshal cannot spell (objects from a Python caller) are keyed by their JSON (see spelling.py)."""
    data = spelled(value)
    return keyed(data if data is not None else compact_json(value).encode("utf-8", "surrogatepass"))


def compact_json(value: Any) -> str:
    """A provider object as it is sent: its own key order, no spaces, text as it is (not escaped)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


def canonical_json(value: Any) -> str:
    """One spelling per value (sorted keys, no spaces), so equal things hash equal whatever their key order."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def digest(value: Any) -> str:
    return hashlib.sha256(canonical_json(value).encode("utf-8", "surrogatepass")).hexdigest()[:24]


def args_text(args: Any) -> str:
    return args if isinstance(args, str) else canonical_json(args)


#: Providers that pair calls and results by position give no ids; ours start with this and are never written.
SYNTHETIC_PREFIX = "~"


def is_synthetic(call_id: str | None) -> bool:
    return call_id is None or call_id.startswith(SYNTHETIC_PREFIX)


def new_text(role: Role, text: str) -> Message:
    return Message(role=role, blocks=[Block("text", text)], changed=True)
