"""Turn a broken history into a valid one before compacting it: a broken input must not be passed on.

Dangling calls get a result that says the call never finished (what LangChain's patch does, but exact ids only);
results that answer no call are removed; results that drifted away from their call are moved back; empty turns
go, and so do the empty text blocks Anthropic refuses; Gemini's same-role runs are merged. Every message
touched is archived by the caller like any other."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .formats.base import Adapter
from .model import Block, Message, new_text
from .validate import is_blank_text, is_empty, last_turn_with_calls, result_span

if TYPE_CHECKING:
    from ..reuse.memos import Checkpoints

NO_RESULT = "(no result was recorded for this call: it was interrupted or never finished)"
HEAD_NOTE = "(the conversation before this point is not part of this history)"


def repair(
    messages: list[Message], adapter: Adapter, checkpoints: Checkpoints | None = None
) -> tuple[list[Message], list[str]]:
    """The history made valid for its provider, and what was done; ``checkpoints``: where the last call's check
    that calls and results are paired stood, to resume it over the same messages (see reuse.memos.Checkpoints)."""
    notes: list[str] = []
    out = [m for m in messages if not is_empty(m)]
    if len(out) < len(messages):
        notes.append(f"removed {len(messages) - len(out)} empty message(s)")
    if adapter.blank_text_rejected:
        out = _drop_blank_text(out, notes)
    if not _paired(out, adapter, checkpoints):
        out = _pair(out, adapter, notes)
        out = _drop_orphans(out, adapter, notes)
    if adapter.strict_alternation:
        out = _merge_runs(out, notes)
    turns = [m for m in out if m.role != "system"]
    if adapter.user_first and turns and turns[0].role != "user":
        out.insert(out.index(turns[0]), new_text("user", HEAD_NOTE))
        notes.append("added a user turn before the first assistant turn, which the provider requires")
    return out, notes


def _drop_blank_text(out: list[Message], notes: list[str]) -> list[Message]:
    blank = 0
    for i, message in enumerate(out):
        kept = [b for b in message.blocks if not is_blank_text(b)]
        if len(kept) < len(message.blocks):
            blank += len(message.blocks) - len(kept)
            out[i] = message.with_blocks(kept)
    if blank:
        notes.append(f"removed {blank} empty text block(s), which the provider refuses")
    return out


def _pair(out: list[Message], adapter: Adapter, notes: list[str]) -> list[Message]:
    i = 0
    while i < len(out):
        message = out[i]
        if message.role != "assistant" or not message.calls or _well_placed(out, i, adapter):
            i += 1
            continue
        wanted = [c.call_id for c in message.calls]
        end = next((j for j in range(i + 1, len(out)) if out[j].role == "assistant"), len(out))
        taken: dict[str | None, Block] = {}
        for j in range(i + 1, end):
            keep = []
            for block in out[j].blocks:
                if block.kind == "tool_result" and block.call_id in wanted and block.call_id not in taken:
                    taken[block.call_id] = block
                else:
                    keep.append(block)
            if len(keep) < len(out[j].blocks):
                out[j] = out[j].with_blocks(keep)
        results = []
        for call in message.calls:
            if call.call_id in taken:
                results.append(taken[call.call_id])
            else:
                results.append(Block("tool_result", NO_RESULT, call_id=call.call_id, name=call.name, is_error=True))
                notes.append(f"added a result for dangling call {call.call_id} ({call.name}) of {message.label()}")
        out = [m for k, m in enumerate(out) if k <= i or not is_empty(m)]
        if adapter.one_result_per_message:
            out[i + 1 : i + 1] = [adapter.results_message([r]) for r in results]
        elif i + 1 < len(out) and out[i + 1].role == "user":
            out[i + 1] = out[i + 1].with_blocks(results + out[i + 1].blocks)
        else:
            out.insert(i + 1, adapter.results_message(results))
        i += 1
    return out


def _paired(out: list[Message], adapter: Adapter, checkpoints: Checkpoints | None = None) -> bool:
    """Whether _pair and _drop_orphans would find nothing to do, in one pass: every turn's calls have their
    results right after it, and every result is among those of the turn before it (most histories)."""
    walk, start, span_end = ("paired", adapter.name), 0, 0  # the results of the last turn with calls end here
    resumed = checkpoints.resume(walk, out) if checkpoints is not None else None
    if resumed is not None:
        start, span_end = resumed
    mark = last_turn_with_calls(out, start)
    for i in range(start, len(out)):
        message = out[i]
        if i == mark and checkpoints is not None:  # all before it paired: the next call may resume here
            checkpoints.keep(walk, out, i, span_end)
        if message.results and i >= span_end:
            return False
        if message.calls and message.role == "assistant":
            if not _well_placed(out, i, adapter):
                return False
            span_end = result_span(out, i, adapter).stop
    if mark == len(out) and checkpoints is not None:
        checkpoints.keep(walk, out, mark, span_end)
    return True


def _well_placed(out: list[Message], i: int, adapter: Adapter) -> bool:
    wanted = [c.call_id for c in out[i].calls]
    span = result_span(out, i, adapter)
    got = [r.call_id for j in span for r in out[j].results]
    if got != wanted and sorted(got, key=str) != sorted(wanted, key=str):
        return False
    if adapter.one_result_per_message:
        return True
    kinds = [b.kind for j in span for b in out[j].blocks]
    return kinds[: len(got)] == ["tool_result"] * len(got)


def _drop_orphans(out: list[Message], adapter: Adapter, notes: list[str]) -> list[Message]:
    answered: set[tuple[int, str | None]] = set()
    for i, message in enumerate(out):
        if message.role == "assistant" and message.calls:
            wanted = {c.call_id for c in message.calls}
            answered.update(
                (j, r.call_id) for j in result_span(out, i, adapter) for r in out[j].results if r.call_id in wanted
            )
    kept = []
    for j, message in enumerate(out):
        orphans = {
            position: b
            for position, b in enumerate(message.blocks if message.results else ())
            if b.kind == "tool_result" and (j, b.call_id) not in answered
        }
        if orphans:
            names = ", ".join(str(r.call_id) for r in orphans.values())
            notes.append(f"removed {len(orphans)} result(s) of {message.label()} answering no call: {names}")
            message = message.with_blocks([b for position, b in enumerate(message.blocks) if position not in orphans])
            if is_empty(message):
                continue
        kept.append(message)
    return kept


def _merge_runs(out: list[Message], notes: list[str]) -> list[Message]:
    merged: list[Message] = []
    for message in out:
        previous = merged[-1] if merged else None
        same = previous is not None and _side(previous) == _side(message) and message.role != "system"
        if previous is not None and same:
            merged[-1] = previous.with_blocks(previous.blocks + message.blocks)
            notes.append(f"merged {message.label()} into the turn before it (same role twice)")
        else:
            merged.append(message)
    return merged


def _side(message: Message) -> str:
    return "user" if message.role == "tool" else message.role
