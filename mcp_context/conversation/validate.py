"""Is a history one the provider will accept? The rules that, broken, make every later request fail.

Each format's adapter says how strict its provider is (one result per message, strict role alternation, user
first); the pairing rules are shared: every kept call has its result, every kept result has its call, and the
results come right after the turn that made the calls. Ids match exactly, never by prefix."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .formats.base import Adapter
from .model import Block, Message

if TYPE_CHECKING:
    from ..reuse.memos import Checkpoints


def is_empty(message: Message) -> bool:
    """No block with content: text and reasoning that is only whitespace (and unsigned), or no blocks at all.
    Asked of every message by repair and by validation, so found once, as the message is made."""
    return message.empty


def _blank(text: str) -> bool:
    """``not text.strip()`` without copying a long text: both use the same notion of whitespace."""
    return not text or text.isspace()


def is_blank_text(block: Block) -> bool:
    return block.kind == "text" and not block.signed and _blank(block.text)


def result_span(messages: list[Message], i: int, adapter: Adapter) -> range:
    """The messages right after turn ``i`` that may hold its results (one user turn, or a run of tool messages)."""
    j = i + 1
    if adapter.one_result_per_message:
        while j < len(messages) and messages[j].role == "tool":
            j += 1
        return range(i + 1, j)
    if j < len(messages) and messages[j].role == "user" and messages[j].results:
        return range(i + 1, j + 1)
    return range(i + 1, i + 1)


def last_turn_with_calls(messages: list[Message], start: int) -> int:
    """Where a walk resumes on the next call: the last turn with calls from ``start`` on, else the end."""
    for i in range(len(messages) - 1, start - 1, -1):
        if messages[i].calls and messages[i].role == "assistant":
            return i
    return len(messages)


def problems(messages: list[Message], adapter: Adapter, checkpoints: Checkpoints | None = None) -> list[str]:
    """Every rule broken, in plain words naming the messages; empty when the history is valid. With
    ``checkpoints``, resumed where the last call's walk over the same messages stood."""
    found: list[str] = []
    consumed: set[int] = set()
    seen_calls: set[str] = set()
    walk, start = ("problems", adapter.name), 0
    resumed = checkpoints.resume(walk, messages) if checkpoints is not None else None
    if resumed is not None:
        start, (was_found, was_consumed, was_seen) = resumed
        found, consumed, seen_calls = list(was_found), set(was_consumed), set(was_seen)
    mark = last_turn_with_calls(messages, start)
    for i in range(start, len(messages)):
        message = messages[i]
        if i == mark and checkpoints is not None:
            checkpoints.keep(walk, messages, i, (list(found), set(consumed), set(seen_calls)))
        if is_empty(message):
            found.append(f"{_where(i, message)} is empty")
        elif adapter.blank_text_rejected and (blank := sum(map(is_blank_text, message.blocks))):
            found.append(f"{_where(i, message)} holds {blank} empty text block(s), which {adapter.name} refuses")
        if message.role == "assistant" and message.calls:
            span = result_span(messages, i, adapter)
            consumed.update(span)
            wanted = [c.call_id for c in message.calls]
            for call_id in wanted:
                if call_id in seen_calls:
                    found.append(f"{_where(i, message)}: tool call id {call_id} is used twice")
                seen_calls.add(call_id or "")
            got = [r.call_id for j in span for r in messages[j].results]
            if got != wanted or len(set(wanted)) != len(wanted):  # else each call has its one result, in order
                found += _pairing_problems(_where(i, message), message, wanted, got)
            if not adapter.one_result_per_message:
                for j in span:
                    if _results_not_first([b.kind for b in messages[j].blocks]):
                        found.append(f"message {j}: tool results must come before any other content")
        elif message.results and i not in consumed:
            found.append(f"{_where(i, message)}: tool result with no call right before it")
    if mark == len(messages) and checkpoints is not None:
        checkpoints.keep(walk, messages, mark, (list(found), set(consumed), set(seen_calls)))
    return found + _role_problems(messages, adapter)


def _pairing_problems(where: str, message: Message, wanted: list[str | None], got: list[str | None]) -> list[str]:
    """A turn's calls without exactly one result, and results for no call of the turn; only asked where the
    results are not simply the calls' ids in order (counting each id in the results is the slow part)."""
    found = []
    for call in message.calls:
        if got.count(call.call_id) != 1:
            state = "no result" if call.call_id not in got else "more than one result"
            found.append(f"{where}: call {call.call_id} ({call.name}) has {state} right after it")
    for call_id in got:
        if call_id not in wanted:
            found.append(f"{where}: the result for {call_id} after it answers no call of this turn")
    return found


def _where(i: int, message: Message) -> str:
    """How a problem names its message; made only for a message that has one."""
    return f"message {i} ({message.label()})"


def _results_not_first(kinds: list[str]) -> bool:
    last_result = max(k for k, kind in enumerate(kinds) if kind == "tool_result")
    return any(kind != "tool_result" for kind in kinds[:last_result])


def _role_problems(messages: list[Message], adapter: Adapter) -> list[str]:
    found: list[str] = []
    if not adapter.user_first and not adapter.strict_alternation:
        return found
    turns = [(i, "user" if m.role == "tool" else m.role) for i, m in enumerate(messages) if m.role != "system"]
    if adapter.user_first and turns and turns[0][1] != "user":
        found.append(f"message {turns[0][0]}: the first turn must be the user's")
    if adapter.strict_alternation:
        for (_, a), (j, b) in zip(turns, turns[1:], strict=False):
            if a == b:
                found.append(f"message {j}: two {b} turns in a row ({adapter.name} needs them to alternate)")
    return found
