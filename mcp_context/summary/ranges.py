"""Which messages a summary covers: the range asked for, widened so that no tool call is parted from its result.

A range may be given by index (negative counts from the end), by label (``"#12"``), or by id: a message's own
``id`` or ``uuid``, the id of a tool call it makes or answers, or, in a host transcript, the id of a line or
record it was read from (Claude Code's ``uuid``, Gemini CLI's message ``id``). A range that started on a tool result or
ended on a call would leave one half of a pair outside the summary and the other inside, so the range grows to
take the whole pair, and the answer says which messages were actually summarised and why."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from ..conversation.model import Message
from ..errors import InvalidArgument

Position = int | str | None


@dataclass(frozen=True)
class Span:
    start: int  # first message, inclusive
    end: int  # last message, inclusive
    requested: tuple[int, int]
    notes: list[str] = field(default_factory=list)

    @property
    def count(self) -> int:
        return self.end - self.start + 1

    def label(self) -> str:
        return f"#{self.start}" if self.start == self.end else f"#{self.start} to #{self.end}"


def resolve(
    messages: list[Message], start: Position, end: Position, host_ids: list[tuple[str, ...]] | None = None
) -> Span:
    """``host_ids``: for each message, the ids a transcript gave the lines or records it was read from."""
    if not messages:
        raise InvalidArgument("there are no messages to summarise")
    extra = host_ids if host_ids is not None and len(host_ids) == len(messages) else None
    first = 0 if start is None else _position(messages, start, "start", extra, last=False)
    last = len(messages) - 1 if end is None else _position(messages, end, "end", extra, last=True)
    if first > last:
        raise InvalidArgument(f"the range is empty: start #{first} comes after end #{last}")
    lo, hi, notes = _widen(messages, first, last)
    return Span(lo, hi, (first, last), notes)


def _position(
    messages: list[Message], value: Position, name: str, host_ids: list[tuple[str, ...]] | None, *, last: bool
) -> int:
    n = len(messages)
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise InvalidArgument(f"{name} must be a message index, a '#index' label or a message or tool-call id")
    if isinstance(value, str):
        text = value.strip()
        digits = text[1:] if text.startswith("#") else text
        if digits.lstrip("-").isdigit():
            value = int(digits)
        else:
            found = [i for i, m in enumerate(messages) if text in _ids(m) or (host_ids and text in host_ids[i])]
            if not found:
                raise InvalidArgument(
                    f"{name} {value!r} names no message: use an index from 0 to {n - 1}, a '#index' label, "
                    "or a message or tool-call id"
                )
            return found[-1] if last else found[0]
    index = value + n if value < 0 else value
    if not 0 <= index < n:
        raise InvalidArgument(f"{name} {value} is outside the {n} messages (0 to {n - 1}, or negative from the end)")
    return index


def _ids(message: Message) -> set[str]:
    found = {b.call_id for b in message.blocks if b.call_id and b.kind in ("tool_call", "tool_result")}
    if isinstance(message.origin, dict):
        found |= {v for k in ("id", "uuid") if isinstance(v := message.origin.get(k), str)}
    if message.id:
        found.add(message.id)
    return found


def _widen(messages: list[Message], lo: int, hi: int) -> tuple[int, int, list[str]]:
    """Grow [lo, hi] until every call inside has its results inside and every result inside has its call."""
    call_at: dict[str, int] = {}
    results_at: dict[str, list[int]] = defaultdict(list)
    for i, message in enumerate(messages):
        for block in message.blocks:
            if block.call_id and block.kind == "tool_call":
                call_at.setdefault(block.call_id, i)
            elif block.call_id and block.kind == "tool_result":
                results_at[block.call_id].append(i)
    notes: list[str] = []
    first, last = lo, hi
    todo = list(range(lo, hi + 1))
    while todo:
        i = todo.pop()
        partners = [j for c in messages[i].calls if c.call_id for j in results_at.get(c.call_id, [])]
        partners += [call_at[r.call_id] for r in messages[i].results if r.call_id in call_at]
        for j in partners:
            if j < lo:
                todo += range(j, lo)
                lo = j
            elif j > hi:
                todo += range(hi + 1, j + 1)
                hi = j
    if lo < first:
        notes.append(f"start moved from #{first} to #{lo}, so that no tool result is parted from its call")
    if hi > last:
        notes.append(f"end moved from #{last} to #{hi}, so that no tool call is parted from its result")
    return lo, hi, notes
