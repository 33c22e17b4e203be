"""compact_history from end to end: parse, repair, replay earlier decisions, run the layers, archive what
left, validate, render in the input's own format. A failure anywhere leaves the caller's history untouched."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..errors import ContextError, InvalidArgument
from . import archive as archives
from . import formats
from .accounting import Accountant, message_json
from .budget import Budget
from .layers import DEFAULT_EXCLUDED, LayerReport, Persist, Stored
from .pipeline import STRATEGIES, Run, archive_line
from .repair import repair
from .state import ReplacementState


@dataclass
class Compaction:
    format: str
    messages: list[Any]
    compacted: bool
    tokens_before: int
    tokens_after: int
    token_method: str
    target: int
    trigger: int | None
    window: int | None
    model: str | None
    layers: list[LayerReport]
    removed: list[str]
    shortened: list[str]
    archive: Stored | None
    bridge_archive: str | None
    history: Stored | None = None
    input_count: int = 0
    #: ``messages`` as compact JSON, one per message, when anything changed: for storing the history.
    json_lines: list[str] = field(default_factory=list, repr=False)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def fits(self) -> bool:
        return self.tokens_after <= self.target


@dataclass
class Request:
    items: Any
    format: str
    budget: Budget
    strategy: str = "auto"
    system: Any = None
    tools: Any = None
    exclude_tools: tuple[str, ...] = DEFAULT_EXCLUDED
    #: The most one stored result may hold: archives larger than this are written in pieces.
    piece_bytes: int = 64 * 1024 * 1024


def compact(
    request: Request,
    accountant: Accountant,
    persist: Persist,
    load_state: Callable[[], bytes | None],
    save_state: Callable[[bytes], None],
    finish: Callable[[Compaction], None] | None = None,
) -> Compaction:
    if request.strategy not in STRATEGIES:
        raise InvalidArgument(f"unknown strategy {request.strategy!r}: use {', '.join(STRATEGIES)}")
    if request.format != "auto" and request.format not in formats.FORMATS:
        raise InvalidArgument(f"unknown format {request.format!r}: use auto, {', '.join(formats.FORMATS)}")
    name = formats.detect(request.items) if request.format == "auto" else request.format
    adapter = formats.adapter(name)
    inputs = adapter.parse(request.items)
    notes = [f"format {name} (detected)"] if request.format == "auto" else []
    messages, repairs = repair(inputs, adapter)
    notes += [f"repaired: {r}" for r in repairs]
    state = ReplacementState.from_json(load_state())
    fixed = accountant.value(request.system) + accountant.value(request.tools)
    try:
        run = Run(
            messages,
            adapter,
            accountant,
            persist,
            state,
            request.budget,
            fixed_tokens=fixed,
            exclude=request.exclude_tools,
            piece_bytes=request.piece_bytes,
        )
        outcome = run.execute(request.strategy)
        kept = {m.index for m in outcome.messages if m.index is not None and not m.changed}
        present = {m.index for m in outcome.messages if m.index is not None}
        removed = [m for m in inputs if m.index not in present]
        shortened = [m for m in inputs if m.index in present and m.index not in kept]
        archive = None
        if removed or shortened:
            lines = [archive_line(m, adapter) for m in sorted(removed + shortened, key=lambda m: m.index or 0)]
            head = {"archive": "compact_history", "part": "all", "format": name}
            archive = archives.write(persist, head, lines, "compact_history archive", request.piece_bytes)
        budget = request.budget
        result = Compaction(
            format=name,
            messages=adapter.render_all(outcome.messages),
            compacted=outcome.compacted,
            tokens_before=outcome.tokens_before,
            tokens_after=outcome.tokens_after,
            token_method=accountant.method,
            target=budget.target,
            trigger=budget.trigger_tokens,
            window=budget.window,
            model=budget.profile.name if budget.profile else None,
            layers=outcome.layers,
            removed=[m.label() for m in removed],
            shortened=[m.label() for m in shortened],
            archive=archive,
            bridge_archive=outcome.bridge.archive if outcome.bridge else None,
            input_count=len(inputs),
            # only what changed is stored: an untouched history is never serialised again
            json_lines=[message_json(m, adapter) for m in outcome.messages] if removed or shortened else [],
            warnings=list(budget.warnings),
            notes=notes + budget.notes,
        )
        if finish is not None:
            finish(result)
        # Saved last: a failure anywhere above leaves the earlier state, so nothing is replayed that was not returned.
        if outcome.compacted or repairs:
            save_state(state.to_json())
    except (ContextError, OSError) as exc:
        if isinstance(exc, InvalidArgument):
            raise
        why = str(exc) if isinstance(exc, ContextError) else f"{exc.strerror or exc}"
        error = type(exc) if isinstance(exc, ContextError) else ContextError
        raise error(f"{why}; your history was left as it was") from None
    return result
