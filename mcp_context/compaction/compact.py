"""compact_history from end to end: parse, repair, replay earlier decisions, run the layers, archive what
left, validate, render in the input's own format. A failure anywhere leaves the caller's history untouched."""

from __future__ import annotations

import gc
import operator
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..conversation import formats
from ..conversation.accounting import Accountant, message_json
from ..conversation.archiving import archive_lines
from ..conversation.formats.base import Adapter
from ..conversation.model import Message, compact_json
from ..conversation.repair import repair
from ..errors import ContextError, InvalidArgument
from ..results import archive as archives
from ..results.archive import Persist, Stored
from ..reuse.derived import Derived
from .budget import Budget
from .layers import DEFAULT_EXCLUDED, LayerReport
from .pipeline import STRATEGIES, Outcome, Run
from .state import ReplacementState

if TYPE_CHECKING:
    from ..reuse.memos import Checkpoints, ParseMemo, ReplayMemo


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
    #: The output as lines of the stored compacted history, made only for pieces not stored yet; emptied once
    #: ``finish`` (see compact) has stored them.
    history_lines: list[archives.Line] = field(default_factory=list, repr=False)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def fits(self) -> bool:
        return self.tokens_after <= self.target

    @property
    def untouched(self) -> bool:
        """Whether the output holds the input's messages as they came (redacted, where they held secrets):
        none removed, shortened, added or moved. Each is the same content, if not always the same object: a
        message parsed by the Session's last call stands for an equal one (see reuse.memos.ParseMemo)."""
        return not (self.removed or self.shortened) and self.input_count == len(self.messages)


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
    #: Pieces of archives already stored by this Session, so a re-compaction writes only what changed.
    memo: archives.PieceMemo | None = None
    #: Forget the session's earlier replacements first (they are otherwise replayed for the prompt cache).
    reset: bool = False
    #: Content keys of the input items made already (by the Session's redaction memo), one per item in order.
    keys: list[str | None] | None = None
    #: The messages the Session's last call parsed, taken again for the same items (see reuse.memos.ParseMemo).
    parsed: ParseMemo | None = None
    #: The Session's last replay of the earlier replacements, taken again for the same messages (see reuse.memos).
    replays: ReplayMemo | None = None
    #: What the Session's last call made of each message it parsed, taken again for the same ones (reuse.derived).
    made: Derived | None = None
    #: Nobody changes the items once given, nor the messages handed back (the server decodes each request
    #: afresh and drops it once answered): the next call takes a message parsed from them for an equal item
    #: without comparing the two again (see reuse.memos.ParseMemo.same).
    handed_over: bool = False

    @property
    def checks(self) -> Checkpoints | None:
        """Where the last call's checks of the history stood (see reuse.memos.Checkpoints), kept with its replay."""
        return self.replays.checks if self.replays is not None else None


#: Repairs named one by one in the notes; the rest are counted.
_REPAIRS_NAMED = 10


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """A compaction makes and drops hundreds of thousands of small objects next to a caller's large, long-lived
    history; Python's cycle collector would walk all of it again and again while the call runs. Reference
    counting still frees everything the call drops; the collector runs afterwards."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


@_no_cycle_collection()
def compact(
    request: Request,
    accountant: Accountant,
    persist: Persist,
    load_state: Callable[[], bytes | None],
    save_state: Callable[[bytes], None],
    finish: Callable[[Compaction], None] | None = None,
) -> Compaction:
    """The whole call; the results it counts keep their counts for the stores it makes (see keeping_results).
    What it made of messages is kept only for those the parse memo keeps for the next call, whatever happens."""
    made = request.made if request.made is not None else Derived()
    try:
        with accountant.keeping_results():
            return _compact(request, made, accountant, persist, load_state, save_state, finish)
    finally:
        made.keep_for(request.parsed.take()[0].values() if request.parsed is not None else ())


def _compact(
    request: Request,
    made: Derived,
    accountant: Accountant,
    persist: Persist,
    load_state: Callable[[], bytes | None],
    save_state: Callable[[bytes], None],
    finish: Callable[[Compaction], None] | None = None,
) -> Compaction:
    name, adapter, inputs, messages, repairs, notes = _prepare(request)
    saved = load_state()
    state, fresh = _state(request, saved, notes)
    replays = (request.replays, saved or b"") if request.replays is not None and not fresh else None
    forgotten = bool(saved) and not state.results and not state.args and state.bridge is None
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
            memo=request.memo,
            replays=replays,
            checks=request.checks,
            inputs=inputs,
            made=made,
        )
        outcome = run.execute(request.strategy)
        result = _result(request, made, accountant, persist, adapter, inputs, outcome, notes)
        if finish is not None:
            finish(result)
            # Stored now: the lines hold every message of the run, which would otherwise outlive the call for
            # as long as the caller keeps the result (and be walked by the cycle collector when it runs next).
            result.history_lines = []
        # Saved last: a failure anywhere above leaves the earlier state, so nothing is replayed that was not returned.
        if outcome.compacted or repairs or forgotten:
            save_state(state.to_json())
    except (ContextError, OSError) as exc:
        if isinstance(exc, InvalidArgument):
            raise
        why = str(exc) if isinstance(exc, ContextError) else f"{exc.strerror or exc}"
        error = type(exc) if isinstance(exc, ContextError) else ContextError
        raise error(f"{why}; your history was left as it was") from None
    return result


#: An earlier compaction made for a budget this much smaller (or less) than the one asked for now is not replayed:
#: a host that widens its budget gets its room back; one that moves it a little keeps its cached prefix.
WIDEN = 0.8


def _state(request: Request, saved: bytes | None, notes: list[str]) -> tuple[ReplacementState, bool]:
    """The earlier replacements to replay, unless the caller resets them or asks for more room than they were
    made for: replayed, an aggressive compaction would hold every later call to its budget. True with a fresh
    state in their place."""
    state = ReplacementState.from_json(saved)
    target, fresh = request.budget.target, False
    if request.reset and saved:
        notes.append("reset: the session's earlier replacements were forgotten; this output is compacted afresh")
        state, fresh = ReplacementState(), True
    elif state.target is not None and state.target < WIDEN * target:
        notes.append(
            f"earlier replacements were made for a smaller budget ({state.target:,} tokens); compacted afresh for "
            f"{target:,} (the host's cached prefix starts over once)"
        )
        state, fresh = ReplacementState(), True
    state.target = target
    return state, fresh


def _prepare(request: Request) -> tuple[str, Adapter, list[Message], list[Message], list[str], list[str]]:
    """The input parsed in its format (what the Session's last call parsed reused, see reuse.memos.ParseMemo)
    and repaired where a provider would refuse it, with notes saying so."""
    if request.strategy not in STRATEGIES:
        raise InvalidArgument(f"unknown strategy {request.strategy!r}: use {', '.join(STRATEGIES)}")
    if request.format != "auto" and request.format not in formats.FORMATS:
        raise InvalidArgument(f"unknown format {request.format!r}: use auto, {', '.join(formats.FORMATS)}")
    name = formats.detect(request.items) if request.format == "auto" else request.format
    adapter = formats.adapter(name)
    inputs = adapter.parse(request.items, request.keys, request.parsed, request.handed_over)
    notes = [f"format {name} (detected)"] if request.format == "auto" else []
    messages, repairs = repair(inputs, adapter, request.checks)
    notes += [f"repaired: {r}" for r in repairs[:_REPAIRS_NAMED]]
    if len(repairs) > _REPAIRS_NAMED:  # one note per repair would outgrow what a host lets a tool return
        notes.append(f"repaired {len(repairs) - _REPAIRS_NAMED:,} more the same ways (the archive holds the originals)")
    return name, adapter, inputs, messages, repairs, notes


def _result(
    request: Request,
    made: Derived,
    accountant: Accountant,
    persist: Persist,
    adapter: Adapter,
    inputs: list[Message],
    outcome: Outcome,
    notes: list[str],
) -> Compaction:
    """What the run did, with every original it removed or shortened archived first."""
    # An input's index is its place in the input (see Adapter.parse): which are gone or changed is found by set
    # operations on the indices, not by asking each of 10K inputs twice over.
    present = set(map(_INDEX, outcome.messages))
    kept = {m.index for m in outcome.messages if not m.changed}
    places = range(len(inputs))
    removed = [inputs[i] for i in sorted(set(places).difference(present))]
    shortened = [inputs[i] for i in sorted(present.difference(kept).intersection(places))]
    archive = None
    if removed or shortened:
        lines = archive_lines(sorted(removed + shortened, key=lambda m: m.index or 0), adapter)
        head = {"archive": "compact_history", "part": "all", "format": adapter.name}
        label = "compact_history archive"
        archive = archives.write(persist, head, lines, label, request.piece_bytes, memo=request.memo)
    budget = request.budget
    return Compaction(
        format=adapter.name,
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
        history_lines=_history_lines(outcome.messages, adapter, made) if removed or shortened else [],
        warnings=list(budget.warnings),
        notes=notes + budget.notes,
    )


def _history_lines(messages: list[Message], adapter: Adapter, made: Derived) -> list[archives.Line]:
    """Each message's line. An untouched input message keeps its line (see reuse.derived: the Session's next
    call reuses the message), which names only the caller's object, so no cycle is made."""
    lines = []
    for message in messages:
        if message.changed or message.origin is None:
            lines.append(archives.Line(made.key(message, adapter), _rendered_line(message, adapter)))
            continue
        record = made.of(message, adapter.name)
        if record.line is None:
            record.line = archives.Line(message.origin_key, _origin_line(message.origin))
        lines.append(record.line)
    return lines


def _rendered_line(message: Message, adapter: Adapter) -> Callable[[], str]:
    return lambda: f'{{"message":{message_json(message, adapter)}}}'


def _origin_line(origin: Any) -> Callable[[], str]:
    return lambda: f'{{"message":{compact_json(origin)}}}'


_INDEX = operator.attrgetter("index")
