"""The rule-based layers (1 to 4): tool results and call arguments replaced by short markers whose handles
bring the originals back. Each works oldest first and stops the moment the history fits."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..conversation.model import Block, Message, args_text, key_of
from ..results.archive import Stored

#: Open Multi-Agent's threshold for clearing a consumed result.
CONSUMED_MIN_CHARS = 500
#: Claude Code persists a single result above 50,000 characters ...
RESULT_MAX_CHARS = 50_000
#: ... and keeps all results of one turn under 200,000 characters, largest fresh ones replaced first.
TURN_MAX_CHARS = 200_000
#: deepagents cuts written file contents above 2,000 characters outside the recent window.
ARG_MAX_CHARS = 2_000
ARG_KEEP_CHARS = 200
#: Sub-agent results are the only record of delegated work; Open Multi-Agent never compresses them.
DEFAULT_EXCLUDED = ("Task", "Agent", "delegate_task")


@dataclass
class LayerReport:
    layer: int
    name: str
    changed: int = 0
    tokens_saved: int = 0
    messages: list[str] = field(default_factory=list)
    skipped: str | None = None


def block_key(block: Block, kind: str, inputs: Sequence[Message]) -> str:
    """A block's identity from call to call: the input message it was parsed from (``inputs``, the history as
    parsed) by its content key, and its place there, so no block is serialised again. A block no input holds
    (repair made it) is keyed by its call id and content."""
    if block.at is not None:
        index, position = block.at
        if index < len(inputs) and (home := inputs[index]).origin is not None:
            return f"{kind}:{home.origin_key}:{position}"
    return key_of([kind, block.call_id, block.raw if block.raw is not None else block.source])


def result_key(block: Block, inputs: Sequence[Message]) -> str:
    return block_key(block, "result", inputs)


def call_key(block: Block, inputs: Sequence[Message]) -> str:
    return block_key(block, "call", inputs)


def replaceable(message: Message, inputs: Sequence[Message]) -> list[tuple[int, Block, str]]:
    """The blocks of ``message`` an earlier replacement may stand for, with their places and keys: its untouched
    results and calls."""
    return [
        (position, b, result_key(b, inputs) if b.kind == "tool_result" else call_key(b, inputs))
        for position, b in enumerate(message.blocks)
        if b.kind in ("tool_result", "tool_call") and not b.changed
    ]


def results_of(message: Message) -> list[tuple[int, Block]]:
    """The message's results, each with its place among its blocks."""
    if not message.results:
        return []
    return [(position, b) for position, b in enumerate(message.blocks) if b.kind == "tool_result"]


def cleared_marker(name: str, text: str, stored: Stored) -> str:
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    first = first if len(first) <= 120 else first[:117] + "..."
    lines = text.count("\n") + (not text.endswith("\n"))
    return (
        f'[tool result cleared: {name}, {len(text):,} chars, {lines:,} lines, first line "{first}"; '
        f'stored as {stored.handle}: read_persisted("{stored.handle}") brings it back]'
    )


def stored_marker(name: str, text: str, stored: Stored) -> str:
    return (
        f"[tool result stored: {name} returned {len(text):,} chars, too large to keep here; stored as "
        f'{stored.handle}. Head and tail below; read_persisted("{stored.handle}") pages or greps the rest]\n'
        f"{stored.preview}"
    )


def replace_result(message: Message, position: int, text: str) -> Message:
    """``message`` with the result at ``position`` replaced by ``text``."""
    return _replaced(message, position, text=text)


def replace_args(message: Message, position: int, args: Any) -> Message:
    """``message`` with the call at ``position`` given ``args`` instead."""
    return _replaced(message, position, args=args)


def _replaced(message: Message, position: int, **changes: Any) -> Message:
    blocks = list(message.blocks)
    blocks[position] = blocks[position].replaced(**changes)
    return message.with_blocks(blocks)


def cut_args(args: Any, stored: Stored) -> tuple[Any, int]:
    """Long string values cut to a head plus a note with the handle, at any depth (MultiEdit's ``edits`` hold
    their strings in a list of objects); returns the new args and the characters cut. Keys and their order stay."""
    if not isinstance(args, dict):
        return args, 0
    return _cut(args, stored)


def _cut(value: Any, stored: Stored) -> tuple[Any, int]:
    if isinstance(value, str) and len(value) > ARG_MAX_CHARS:
        note = f"...(argument truncated: {len(value):,} chars; the full call is stored as {stored.handle})"
        cut = value[:ARG_KEEP_CHARS] + note
        return cut, len(value) - len(cut)
    if isinstance(value, dict):
        pairs = [(key, _cut(item, stored)) for key, item in value.items()]
        return {key: new for key, (new, _) in pairs}, sum(saved for _, (_, saved) in pairs)
    if isinstance(value, list):
        items = [_cut(item, stored) for item in value]
        return [new for new, _ in items], sum(saved for _, saved in items)
    return value, 0


def long_args(block: Block) -> bool:
    return isinstance(block.args, dict) and _has_long_string(block.args)


def _has_long_string(value: Any) -> bool:
    if isinstance(value, str):
        return len(value) > ARG_MAX_CHARS
    if isinstance(value, dict):
        return any(_has_long_string(item) for item in value.values())
    if isinstance(value, list):
        return any(_has_long_string(item) for item in value)
    return False


def args_document(block: Block) -> str:
    return f"{block.name}\n{args_text(block.args)}\n"
