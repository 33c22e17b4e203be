"""compact_history's pipeline: cheapest layers first, stopping as soon as the history fits its target.

1-4 replace tool results and long call arguments with markers (layers.py); 5 summarises the older part of the
history into one bridge message; 6 drops the oldest turns as a last resort. The system prompt and the first
user request are pinned; the newest ``keep`` of the history is protected from layers 4 to 6. Everything a layer
removes or shortens is stored first, and the output is validated before it is returned."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field

from ..conversation.accounting import Accountant
from ..conversation.archiving import archive_lines, origin_key
from ..conversation.formats.base import Adapter
from ..conversation.model import Block, Message, Role
from ..conversation.validate import problems
from ..errors import ContextError, TooLarge
from ..results import archive
from ..results.archive import HANDLE_SLACK, STAND_IN, Persist, Stored
from ..reuse.derived import Derived
from ..reuse.memos import Checkpoints, Replayed, ReplayMemo
from ..summary import render as summaries
from ..summary.earlier import SUMMARY_MARK
from . import layers
from .budget import Budget
from .layers import LayerReport
from .pinned import head_end
from .state import Bridge, ReplacementState

STRATEGIES: dict[str, tuple[int, ...]] = {
    "auto": (1, 2, 3, 4, 5, 6),
    "compact": (1, 2, 3, 4, 6),
    "summarize": (5, 6),
    "sliding_window": (6,),
}
#: The user turn that follows a bridge placed as a model turn, where roles must alternate (Gemini).
CONTINUE = "[Continue from the summary above.]"
#: What the note naming a sliding-window archive costs, at most (it holds two handles and a range).
_NOTE_TOKENS = 120
#: With no room between trigger and target, a compaction frees at least this share of the target below what
#: came in: the next calls then fit as they are, and the prefix the host cached stays valid for a while
#: (Anthropic's context editing has ``clear_at_least`` for the same reason).
FREE_AT_LEAST = 0.25
LAYER_NAMES = {
    1: "clear consumed tool results",
    2: "store oversized tool results",
    3: "per-turn result budget",
    4: "cut long call arguments",
    5: "summarise older messages",
    6: "sliding window",
}


@dataclass
class Outcome:
    messages: list[Message]
    tokens_before: int
    tokens_after: int
    compacted: bool
    layers: list[LayerReport]
    bridge: Bridge | None
    fixed_tokens: int
    notes: list[str] = field(default_factory=list)


class Run:
    """One compaction of one history. Works on canonical messages; the caller parses, renders and archives."""

    def __init__(
        self,
        messages: list[Message],
        adapter: Adapter,
        accountant: Accountant,
        persist: Persist,
        state: ReplacementState,
        budget: Budget,
        *,
        fixed_tokens: int,
        exclude: tuple[str, ...],
        piece_bytes: int,
        memo: archive.PieceMemo | None = None,
        replays: tuple[ReplayMemo, bytes] | None = None,
        checks: Checkpoints | None = None,
        inputs: list[Message],
        made: Derived | None = None,
    ) -> None:
        """``replays``: the Session's memo of the last replay, and the saved state the tables come from (see
        reuse.memos); None where the tables are not the saved ones (reset, or made for a smaller budget).
        ``checks``: where the last call's validation stood (see reuse.memos.Checkpoints). ``inputs``: the history
        as parsed, before repair (what names a block from call to call, see layers.block_key). ``made``: what
        was made of each message (see reuse.derived), kept by the Session."""
        self.inputs = inputs
        self.made = made if made is not None else Derived()
        self.adapter, self.acc, self.persist, self.state, self.budget = adapter, accountant, persist, state, budget
        self.fixed, self.exclude, self.piece_bytes, self.memo = fixed_tokens, exclude, piece_bytes, memo
        split = head_end(messages)
        self.head, self.body = messages[:split], messages[split:]
        #: The body as it came, beside the body the layers change: a summary is made of what was said, not of
        #: the markers that stand in for it (a failed run cleared by layer 1 must still read as failed).
        self.originals = list(self.body)
        self.head_tokens = sum(self._count(m) for m in self.head)
        self.replays, self.checks = replays, checks
        self.replayed = replays[0].match(self.body, replays[1], adapter.name) if replays is not None else None
        known = self.replayed.before_tokens if self.replayed is not None else []
        self.tok = known + [self._count(m) for m in self.body[len(known) :]]
        self.body_tokens = sum(self.tok)  # kept current by _set and _drop: fits() runs once per candidate
        self.bridge: Bridge | None = None
        self.bridge_tokens = 0
        self.goal = budget.target  # what this run compacts down to: the target, or below it (see execute)
        self._messages = messages
        self.reports: list[LayerReport] = []

    # accounting ------------------------------------------------------------------------------------------

    def _count(self, message: Message) -> int:
        return self.made.tokens(message, self.adapter, self.acc)

    def _replaceable(self, message: Message) -> list[tuple[int, Block, str]]:
        """``layers.replaceable``, made once per message: a Session's next call reuses the messages it parsed."""
        made = self.made.of(message, self.adapter.name)
        if made.replaceable is None:
            made.replaceable = layers.replaceable(message, self.inputs)
        return made.replaceable

    def total(self) -> int:
        return self.fixed + self.head_tokens + self.bridge_tokens + self.body_tokens

    def fits(self) -> bool:
        return self.total() <= self.goal

    def _set(self, i: int, message: Message) -> None:
        self.body[i] = message
        tokens = self._count(message)
        self.body_tokens += tokens - self.tok[i]
        self.tok[i] = tokens

    # the run ---------------------------------------------------------------------------------------------

    def execute(self, strategy: str) -> Outcome:
        before = self.total()
        replay = LayerReport(0, "replay earlier replacements (keeps the prompt cache valid)")
        self._replay_state(replay)
        replay.tokens_saved = before - self.total()
        if replay.changed:
            self.reports.append(replay)
        # Judged on the history as it now stands, earlier replacements replayed: after a compaction the next calls
        # replay it byte for byte and add only their new messages, until the trigger is crossed again
        # (hysteresis). Judged on what came in, every call after the first would compact a little further and
        # break the host's cached prefix each time.
        now = self.total()
        triggered = self._over_trigger(now) and now > self.budget.target
        if triggered:
            self.goal = self._goal(now)
            for layer in STRATEGIES[strategy]:
                if self.fits():
                    break
                report = LayerReport(layer, LAYER_NAMES[layer])
                saved_before = self.total()
                getattr(self, f"_layer{layer}")(report)
                report.tokens_saved = saved_before - self.total()
                self.reports.append(report)
                if report.changed:  # valid for the provider after every layer, not only at the end
                    self._check(f"after layer {layer} ({report.name})")
            if self.total() > self.budget.target:  # below the goal is a wish; above the target a failure
                raise TooLarge(self._pinned_report())
        out = self._check("")
        return Outcome(out, before, self.total(), triggered, self.reports, self.bridge, self.fixed)

    def _check(self, where: str) -> list[Message]:
        """The history as it stands, refused if its provider would refuse it."""
        out = self.assemble()
        found = problems(out, self.adapter, self.checks)
        if found:
            at = f" {where}" if where else ""
            raise ContextError(f"the compacted history failed validation{at}: " + "; ".join(found[:5]))
        return out

    def _goal(self, now: int) -> int:
        """The target; below it when the trigger is the target itself, so that a compaction frees enough to
        leave the next calls alone."""
        b = self.budget
        trigger = b.trigger_tokens if b.trigger_tokens is not None else b.target
        if b.trigger_messages is not None or trigger > b.target:
            return b.target  # compacting from the trigger down to the target frees the gap between them
        return min(b.target, now - int(b.target * FREE_AT_LEAST))

    def _over_trigger(self, tokens: int) -> bool:
        b = self.budget
        if b.trigger_messages is not None:
            return len(self.head) + len(self.body) > b.trigger_messages
        return tokens > (b.trigger_tokens if b.trigger_tokens is not None else b.target)

    # state replay ----------------------------------------------------------------------------------------

    def _replay_state(self, report: LayerReport) -> None:
        """Earlier decisions come first and byte for byte: the host's cached prefix stays valid.

        A message the Session's last call parsed is the very same object here (see reuse.memos.ParseMemo): the version
        replayed for it then is taken again when the same replacements apply, with its key and count (see
        reuse.derived)."""
        st, start, tokens_before = self.state, 0, list(self.tok)
        if self.replayed is not None:  # the history starts with the last call's: its replay is taken as it was
            start = len(self.replayed.before)
            self.body[:start], self.tok[:start] = self.replayed.after, self.replayed.after_tokens
            self.body_tokens = sum(self.tok)
            st.used.update(self.replayed.used)
            report.changed += self.replayed.changed
        for i in range(start, len(self.body)):
            message = self.body[i]
            found = [
                (position, block, key, table[key])
                for position, block, key in self._replaceable(message)
                if key in (table := st.results if block.kind == "tool_result" else st.args)
            ]
            if not found:
                continue
            applied = [(key, value) for _, _, key, value in found]
            st.used.update(key for key, _ in applied)
            report.changed += len(found)
            made = self.made.of(message, self.adapter.name)
            if made.replayed is not None and made.replayed[0] == applied:
                self._set(i, made.replayed[1])
                continue
            for position, block, _, value in found:
                current = self.body[i]
                replace = layers.replace_result if block.kind == "tool_result" else layers.replace_args
                self._set(i, replace(current, position, value))
            made.replayed = (applied, self.body[i])
        if self.replays is not None:
            memo, tables = self.replays
            after, tokens, used = list(self.body), list(self.tok), frozenset(st.used)
            before = list(self.originals)
            memo.keep(Replayed(tables, self.adapter.name, before, tokens_before, after, tokens, used, report.changed))
        bridge = st.bridge
        if bridge and len(bridge.keys) < len(self.body):
            keys = [origin_key(m, self.adapter) for m in self.body[: len(bridge.keys)]]
            if keys == bridge.keys and _valid_cut(self.body, len(keys)):
                report.changed += len(keys)
                self._drop(len(keys))
                self._set_bridge(bridge)

    # layers 1-4: markers ---------------------------------------------------------------------------------

    def _protect_from(self) -> int:
        """Start of the protected recent part: ``keep`` worth of the newest messages, at a safe cut."""
        b, n = self.budget, len(self.body)
        start = n
        if b.keep_messages is not None:
            start = max(0, n - b.keep_messages)
        else:
            kept = 0
            while start > 0 and kept + self.tok[start - 1] <= (b.keep_tokens or 0):
                start -= 1
                kept += self.tok[start]
        start = min(start, self._last_cut())
        while start > 0 and not _valid_cut(self.body, start):
            start -= 1
        return start

    def _last_cut(self) -> int:
        """The last turn is always kept whole: the newest place where a cut splits nothing."""
        for i in range(len(self.body) - 1, -1, -1):
            if _valid_cut(self.body, i):
                return i
        return 0

    def _results(self, lo: int, hi: int) -> list[tuple[int, int, Block]]:
        """The results of messages ``lo`` to ``hi``: each message's place, the result's place in it, the result."""
        return [(i, *r) for i in range(lo, hi) for r in layers.results_of(self.body[i])]

    @functools.cached_property
    def call_names(self) -> dict[str, str]:
        """Each call's tool, by call id; made when a result is first stored: a re-compaction that only replays
        stores none, and need not walk every call of the history for it."""
        return {c.call_id: c.name or "tool" for m in self._messages for c in m.calls if c.call_id}

    def _name(self, block: Block) -> str:
        return self.call_names.get(block.call_id or "", block.name or "tool")

    def _replace(self, report: LayerReport, i: int, position: int, block: Block, text: str) -> None:
        key, message = layers.result_key(block, self.inputs), self.body[i]
        self.state.results[key] = text
        self.state.used.add(key)
        self._set(i, layers.replace_result(message, position, text))
        if not message.changed and self._replaceable(message) == [(position, block, key)]:
            # what replaying this replacement will make of the message on the next call (see _replay_state)
            self.made.of(message, self.adapter.name).replayed = ([(key, text)], self.body[i])
        report.changed += 1
        report.messages.append(self.body[i].label())

    def _store(self, block: Block) -> Stored:
        name = self._name(block)
        source = f"compact_history: {name} {block.call_id or ''}".strip()
        return self.persist(block.text, f"result of {name}", source, tokens=self.acc.counted(block.text))

    def _layer1(self, report: LayerReport) -> None:
        last_assistant = max((i for i, m in enumerate(self.body) if m.role == "assistant"), default=-1)
        for i, position, block in self._results(0, min(self._protect_from(), last_assistant)):
            if self.fits():
                return
            name = self._name(block)
            if block.changed or block.is_error or name in self.exclude or len(block.text) <= layers.CONSUMED_MIN_CHARS:
                continue
            self._replace(report, i, position, block, layers.cleared_marker(name, block.text, self._store(block)))

    def _layer2(self, report: LayerReport) -> None:
        for i, position, block in self._results(0, len(self.body)):
            if self.fits():
                return
            if (
                not block.changed
                and len(block.text) > layers.RESULT_MAX_CHARS
                and self._name(block) not in self.exclude
            ):
                marker = layers.stored_marker(self._name(block), block.text, self._store(block))
                self._replace(report, i, position, block, marker)

    def _layer3(self, report: LayerReport) -> None:
        groups: dict[int, list[tuple[int, int, Block]]] = {}
        owner = -1
        for i, message in enumerate(self.body):
            if message.role == "assistant":
                owner = i
            for position, block in layers.results_of(message):
                groups.setdefault(owner, []).append((i, position, block))
        for group in groups.values():
            size = sum(len(b.text) for _, _, b in group)
            for i, position, block in sorted(group, key=lambda item: -len(item[2].text)):
                if size <= layers.TURN_MAX_CHARS or self.fits():
                    break
                if block.changed or self._name(block) in self.exclude:
                    continue
                marker = layers.stored_marker(self._name(block), block.text, self._store(block))
                size -= len(block.text) - len(marker)
                self._replace(report, i, position, block, marker)

    def _layer4(self, report: LayerReport) -> None:
        for i in range(self._protect_from()):
            for position, block in enumerate(self.body[i].blocks):
                if self.fits():
                    return
                if block.kind != "tool_call" or block.changed or block.signed or block.name in self.exclude:
                    continue
                if not layers.long_args(block):
                    continue
                stored = self.persist(layers.args_document(block), f"arguments of {block.name}", "compact_history")
                new_args, _ = layers.cut_args(block.args, stored)
                key = layers.call_key(block, self.inputs)
                self.state.args[key] = new_args
                self.state.used.add(key)
                message = self.body[i]
                self._set(i, layers.replace_args(message, position, new_args))
                report.changed += 1
                report.messages.append(message.label())

    # layers 5-6: the bridge ------------------------------------------------------------------------------

    def _layer5(self, report: LayerReport) -> None:
        cut = self._protect_from()
        if cut == 0:
            report.skipped = "nothing older than the protected recent messages"
            return
        covered = self.originals[:cut]  # as they were said, before layers 1-4 put markers in
        if self.bridge:
            covered = [self._bridge_message()] + covered

        def header(handle: str) -> str:
            return (
                f"{SUMMARY_MARK}: {len(covered)} messages ({_span(covered)}) were summarised to save context; "
                f'the originals are stored as {handle}: read_persisted("{handle}") pages or greps them.]'
            )

        replaced = sum(self.tok[:cut]) + self.bridge_tokens
        budget = summaries.default_budget(replaced)
        body = summaries.summarize(covered, "sections", self.acc.text, budget, before=self.head)
        # Sized with a stand-in handle first, so a summary that is not worth it leaves no archive behind.
        if self.acc.text(header(STAND_IN) + "\n\n" + body) + HANDLE_SLACK >= replaced:
            report.skipped = "a summary would not be smaller than the messages it replaces"
            return
        archive = self._archive(self.originals[:cut], "summary")
        text = header(archive.handle) + "\n\n" + body
        keys = (self.bridge.keys if self.bridge else []) + [origin_key(m, self.adapter) for m in self.body[:cut]]
        report.changed = cut
        report.messages = [m.label() for m in self.body[:cut]]
        self._drop(cut)
        self._set_bridge(Bridge(keys, text, archive.handle, "summary"))

    def _layer6(self, report: LayerReport) -> None:
        last = self._last_cut()
        keep_summary = True
        cut = self._window_cut(last, self.bridge_tokens, 0)
        if not self._fits_without(cut, self.bridge_tokens, 0) and self.bridge:
            # The summary itself must go: a note naming both archives replaces it.
            keep_summary, cut = False, self._window_cut(last, 0, _NOTE_TOKENS)
        if cut == 0 and keep_summary:
            report.skipped = "only the latest turn is left"
            return
        old = self.bridge
        archive = self._archive(self.body[:cut], "window", old.text if old and not keep_summary else None)
        note = (
            f"[{cut} earlier message(s) ({_span(self.body[:cut])}) were removed to fit the context; they are "
            f'stored as {archive.handle}: read_persisted("{archive.handle}") brings them back.]'
        )
        if old and not keep_summary:
            note += f" (That archive also holds the summary of older messages, whose originals are in {old.archive}.)"
        keys = (old.keys if old else []) + [origin_key(m, self.adapter) for m in self.body[:cut]]
        text = f"{old.text}\n\n{note}" if old and keep_summary else note
        report.changed = cut
        report.messages = [m.label() for m in self.body[:cut]]
        self._drop(cut)
        self._set_bridge(Bridge(keys, text, archive.handle, old.kind if old and keep_summary else "window"))

    def _window_cut(self, last: int, bridge_tokens: int, base_note: int) -> int:
        cut = 0
        while not self._fits_without(cut, bridge_tokens, base_note) and cut < last:
            cut = next(j for j in range(cut + 1, last + 1) if _valid_cut(self.body, j))
        return cut

    def _fits_without(self, cut: int, bridge_tokens: int, base_note: int) -> bool:
        note = _NOTE_TOKENS if cut else base_note
        rest = self.fixed + self.head_tokens + bridge_tokens + sum(self.tok[cut:])
        return rest + note <= self.goal

    def _drop(self, cut: int) -> None:
        self.body_tokens -= sum(self.tok[:cut])
        del self.body[:cut]
        del self.tok[:cut]
        del self.originals[:cut]

    def _set_bridge(self, bridge: Bridge) -> None:
        self.bridge = bridge
        self.state.bridge = bridge
        self.bridge_tokens = self.acc.text(bridge.text) + 4
        if self.adapter.strict_alternation:  # at most one extra turn around it (see assemble)
            self.bridge_tokens += self.acc.text(CONTINUE) + 4

    def _bridge_message(self) -> Message:
        assert self.bridge is not None
        return Message(role="user", blocks=[Block("text", self.bridge.text)], changed=True)

    def _archive(self, messages: list[Message], kind: str, summary: str | None = None) -> Stored:
        first = [json.dumps({"index": None, "summary": summary}, ensure_ascii=False)] if summary is not None else []
        lines = archive.plain(first) + archive_lines(messages, self.adapter)
        head = {"archive": "compact_history", "part": kind, "format": self.adapter.name}
        label = f"compact_history {kind} archive"
        return archive.write(self.persist, head, lines, label, self.piece_bytes, memo=self.memo)

    # output ----------------------------------------------------------------------------------------------

    def assemble(self) -> list[Message]:
        if self.bridge is None:
            return self.head + self.body
        first = self.body[0] if self.body else None
        head = list(self.head)
        text_block = Block("text", self.bridge.text)
        if first is not None and first.role == "user" and head and head[-1].role == "user":
            return head + [_new("assistant", text_block)] + self.body
        if head and head[-1].role == "user" and self.adapter.strict_alternation:
            # The pinned request stays as it was: the bridge is a model turn, then a user turn hands back.
            return head + [_new("assistant", text_block), _new("user", Block("text", CONTINUE))] + self.body
        if first is not None and first.role == "user" and self.adapter.strict_alternation:
            return head + [first.with_blocks([text_block] + first.blocks)] + self.body[1:]
        return head + [_new("user", text_block)] + self.body

    def _pinned_report(self) -> str:
        last = self._last_cut()
        parts = [
            ("system prompt and tool schemas", self.fixed),
            ("first user request", self.head_tokens),
            ("latest turn", sum(self.tok[last:])),
            ("note naming the archive of what was removed", self.bridge_tokens),
        ]
        shown = ", ".join(f"{name} {tokens:,}" for name, tokens in parts)
        biggest = max(parts, key=lambda p: p[1])
        return (
            f"the history cannot fit {self.budget.target:,} tokens: what must stay whole already takes "
            f"{sum(p[1] for p in parts):,} ({shown}); the largest is the {biggest[0]}. Raise target_tokens or "
            "shorten that part"
        )


def _new(role: Role, block: Block) -> Message:
    return Message(role=role, blocks=[block], changed=True)


def _valid_cut(body: list[Message], i: int) -> bool:
    """A history may start at ``body[i]`` only if that splits no call from its result."""
    if i >= len(body):
        return False
    message = body[i]
    return message.role != "tool" and not message.results


def _span(messages: list[Message]) -> str:
    labels = [m.label() for m in messages if m.index is not None]
    if not labels:
        return "an earlier summary"
    return labels[0] if len(labels) == 1 else f"{labels[0]} to {labels[-1]}"
