"""The rule-based layers (1 to 4): tool results and call arguments replaced by short markers whose handles
bring the originals back. Each works oldest first and stops the moment the history fits."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..conversation.accounting import block_key
from ..conversation.model import Block, Message, args_text
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


def result_key(block: Block) -> str:
    return block_key(block, "result")


def call_key(block: Block) -> str:
    return block_key(block, "call")


def replaceable(message: Message) -> list[tuple[Block, str]]:
    """The blocks of ``message`` an earlier replacement may stand for, with their keys: its untouched results
    and calls. Made once per message: a Session's next call reuses the messages it parsed."""
    found: list[tuple[Block, str]] | None = message.made.get("replaceable")
    if found is None:
        found = message.made["replaceable"] = [
            (b, result_key(b) if b.kind == "tool_result" else call_key(b))
            for b in message.blocks
            if b.kind in ("tool_result", "tool_call") and not b.changed
        ]
    return found


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


def replace_result(message: Message, block: Block, text: str) -> Message:
    new = block.replaced(text=text)
    return message.with_blocks([new if b is block else b for b in message.blocks])


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
