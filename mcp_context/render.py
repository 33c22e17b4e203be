"""Plain-text renderings of results, for readers that see text only (Gemini CLI's model, the CLI).

Each rendering is complete on its own: the handle, the URI, the sizes and how tokens were counted, the
content, and the exact call that reads more. The structured results carry the same facts as fields.
"""

from __future__ import annotations

from collections.abc import Callable

from .api import Persisted, Read
from .history.compact import Compaction
from .loops.service import LoopCheck
from .store import ResultMeta
from .summary.engine import RangeSummary


def call(handle: str, **arguments: object) -> str:
    """The read_persisted call a model should make next, written as it would write it."""
    args = [f"handle={handle!r}"] + [f"{k}={v!r}" for k, v in arguments.items() if v is not None]
    return f"read_persisted({', '.join(args)})"


#: Writes the call that reads more: ``call`` for a model, the CLI's own for a shell.
Caller = Callable[..., str]


def sizes(meta: ResultMeta) -> str:
    method = method_words(meta.token_method)
    return f"{meta.chars:,} chars, {meta.bytes:,} bytes, {meta.lines:,} lines, {meta.tokens:,} tokens ({method})"


def persisted(result: Persisted, call: Caller = call) -> str:
    meta = result.meta
    title = f" '{meta.label}'" if meta.label else ""
    again = "" if result.created else " (this content was already stored: nothing written)"
    lines = [
        f"Stored{title} as handle {meta.handle} in session {meta.session}{again}.",
        f"Size: {sizes(meta)}. Resource: {meta.uri}",
    ]
    if result.preview.complete:
        lines += ["Full text (all lines shown):", result.preview.render()]
    else:
        lines += [
            f"Preview (lines 1-{result.preview.head_lines:,} and {result.preview.tail_from:,}-{meta.lines:,}):",
            result.preview.render(),
            f"Read more: {call(meta.handle, **result.preview.more)}",
            f"Search: {call(meta.handle, grep='PATTERN')}",
        ]
    return "\n".join(lines)


def read(result: Read, call: Caller = call) -> str:
    meta = result.meta
    out: list[str] = []
    if result.page is not None:
        page = result.page
        where = f"lines {page.first_line:,}-{page.last_line:,}" if page.text else "no text (end reached)"
        out.append(
            f"{meta.handle}: {where} of {meta.lines:,} (chars {page.start_offset:,}-{page.end_offset:,} "
            f"of {meta.chars:,}, {page.tokens:,} tokens)"
        )
        out.append(page.numbered())
    elif result.grep is not None:
        found = result.grep
        mode = "" if found.mode == "regex" else " (not a valid regex: searched as literal text)"
        out.append(
            f"{meta.handle}: {found.matches} matching line(s) for {found.pattern!r}{mode}, lines "
            f"{found.scanned_from:,}-{found.scanned_to:,} of {meta.lines:,} searched"
        )
        if found.lines:
            out.append(found.numbered())
        out.extend(found.notes)
    out.extend(result.notes)
    out.append(next_hint(result, call))
    return "\n".join(out)


def next_hint(result: Read, call: Caller = call) -> str:
    following = next_call(result, call)
    if following is None:
        return "End of result: nothing more to read." if result.page else "No more matches."
    return f"More matches: {following}" if result.grep is not None else f"Next page: {following}"


def next_call(result: Read, call: Caller = call) -> str | None:
    cursor = result.next
    if cursor is None:
        return None
    if result.grep is not None:
        return call(result.meta.handle, grep=result.grep.pattern, **cursor, **result.options)
    return call(result.meta.handle, **cursor, **result.options)


def method_words(method: str) -> str:
    return f"exact, {method.split(':', 1)[1]}" if method.startswith("exact") else "estimate"


def compaction(result: Compaction) -> str:
    """The report a model reads: figures, what each layer did, and the handles that bring everything back."""
    how = method_words(result.token_method)
    saved = result.tokens_before - result.tokens_after
    if result.compacted:
        head = (
            f"Compacted {result.input_count:,} {result.format} messages to {len(result.messages):,}: "
            f"{result.tokens_before:,} -> {result.tokens_after:,} tokens ({how}; target {result.target:,}), "
            f"{saved:,} saved."
        )
    else:
        trigger = result.trigger if result.trigger is not None else result.target
        if result.tokens_before <= trigger:
            why = f"is under the trigger of {trigger:,}"
        else:  # a trigger below the target: over it, but already within the target
            why = f"already fits the target of {result.target:,}"
        replayed = result.shortened or result.removed
        head = (
            f"No compaction needed: {result.tokens_before:,} tokens ({how}) {why}. "
            f"{len(result.messages):,} {result.format} messages returned"
            + (" with earlier replacements replayed." if replayed else " unchanged.")
        )
    lines = [head]
    for layer in result.layers:
        if layer.skipped:
            lines.append(f"  {layer.layer}. {layer.name}: skipped ({layer.skipped})")
        elif layer.changed:
            spans = label_spans(layer.messages)
            shown = ", ".join(spans[:12]) + (" ..." if len(spans) > 12 else "")
            saved_here = f"{layer.tokens_saved:,} tokens saved" + (f" ({shown})" if shown else "")
            lines.append(f"  {layer.layer}. {layer.name}: {layer.changed:,} changed, {saved_here}")
        else:
            lines.append(f"  {layer.layer}. {layer.name}: nothing to do")
    if result.removed:
        lines.append(f"Removed messages: {_labels(result.removed)}")
    if result.shortened:
        lines.append(f"Shortened messages: {_labels(result.shortened)}")
    if result.archive:
        lines.append(
            f"Originals of every removed or shortened message: {result.archive.handle} ({result.archive.uri}); "
            f"{call(result.archive.handle, grep='PATTERN')} finds one."
        )
    if result.bridge_archive:
        lines.append(f"The summary/note message in the history names its own archive: {result.bridge_archive}.")
    if result.history:
        lines.append(
            f"Compacted history (JSON lines, one message each; a long one is an index naming its pieces in order): "
            f"{result.history.handle} ({result.history.uri})."
        )
    lines += [f"Warning: {w}" for w in result.warnings]
    lines += [f"Note: {n}" for n in result.notes[:NOTES_SHOWN]]
    if len(result.notes) > NOTES_SHOWN:
        lines.append(f"Note: {len(result.notes) - NOTES_SHOWN:,} more notes in the structured result")
    return "\n".join(lines)


#: Notes a report shows at most: repairing a broken history writes one per repair.
NOTES_SHOWN = 20


def _labels(labels: list[str], limit: int = 30) -> str:
    spans = label_spans(labels)
    shown = ", ".join(spans[:limit])
    more = f" and {len(spans) - limit:,} more runs" if len(spans) > limit else ""
    return f"{shown}{more} ({len(labels):,} messages)"


def label_spans(labels: list[str]) -> list[str]:
    """'#3', '#4', '#5', '#9' as '#3-#5', '#9': a long history removes thousands of messages in a few runs,
    and hosts cap what a tool may return."""
    spans: list[list[int]] = []
    rest: list[str] = []
    for label in labels:
        if not label.startswith("#") or not label[1:].isdigit():
            rest.append(label)
        elif spans and int(label[1:]) == spans[-1][1] + 1:
            spans[-1][1] += 1
        else:
            spans.append([int(label[1:])] * 2)
    return [f"#{a}" if a == b else f"#{a}-#{b}" for a, b in spans] + rest


def loop_check(result: LoopCheck) -> str:
    """The answer a model reads: the status, what repeated and where, the nudge to follow, and the counts."""
    verdict, counters = result.verdict, result.verdict.counters
    what = "replay of a history" if result.mode == "replay" else "stateful"
    head = f"Loop check ({what}, session {result.session}): "
    lines: list[str] = []
    if verdict.status == "ok" or verdict.evidence is None:
        checked = f"{result.events_seen:,} event(s) checked"
        lines.append(head + f"OK: no loop, repetition or exceeded limit in the {checked}.")
    else:
        evidence = verdict.evidence
        follows = "" if verdict.status == "stop" else f"; strike {result.policy.strikes_to_stop} stops"
        lines.append(head + f"{verdict.status.upper()}: {verdict.kind} (strike {verdict.strike}{follows}).")
        counted = result.source != "judge" and not (verdict.kind or "").startswith("max_")  # limits count units
        times = f"{evidence.count:,} times; " if counted else ""
        if result.messages:
            where = f"messages {_labels(result.messages)}"
        else:
            where = f"events {', '.join(str(i) for i in evidence.events)}"
        found_by = "the client's model (LLM judge)" if result.source == "judge" else "the detector"
        lines.append(f"Evidence: {evidence.excerpt} ({times}{where}; found by {found_by}).")
        lines.append(f"Nudge for the model: {verdict.nudge}")
    lines.append(
        f"Since the last user prompt: {counters.steps:,} turns, {counters.tool_calls:,} tool calls, "
        f"{counters.tokens:,} tokens ({counters.token_method}), {counters.elapsed_s:,.1f} s; "
        f"{counters.events:,} events in the stream, {result.events_seen:,} checked now."
    )
    if result.detections_total:
        shown = "; ".join(f"{d.status} {d.kind} at {d.message}" for d in result.detections)
        more = "" if result.detections_total == len(result.detections) else f" (the last {len(result.detections)})"
        lines.append(f"Detections while replaying: {result.detections_total:,}{more}: {shown}.")
    judge = result.judge
    if judge is not None and judge.confidence is not None:
        said = "a loop" if judge.loop else "not a loop"
        lines.append(
            f"LLM judge at turn {judge.turn}: {said}, confidence {judge.confidence:.2f}: {judge.analysis} "
            f"Next due at turn {judge.next_turn}."
        )
    lines += [f"Note: {note}" for note in result.notes]
    return "\n".join(lines)


def range_summary(result: RangeSummary) -> str:
    """What summarize_range tells a model: the range actually covered, the figures, both handles, the summary;
    or, after the agent engine's first call, the task and the exact call that stores its answer."""
    span, how = result.span, method_words(result.token_method)
    what = f"messages {span.label()} ({span.count:,} {result.format} messages, {result.range_tokens:,} tokens)"
    lines: list[str] = []
    if result.status == "needs_summary":
        lines.append(
            f"Write the summary of {what} yourself, in the {result.style} style, under {result.target_tokens:,} "
            f"tokens ({how}); nothing is stored until you call: {result.next_call}"
        )
    else:
        assert result.summary is not None and result.archive is not None and result.summary_tokens is not None
        lines.append(
            f"Summarised {what} with the {result.engine} engine, {result.style} style: {result.range_tokens:,} -> "
            f"{result.summary_tokens:,} tokens ({how}), {100 * (result.reduction or 0):.1f}% fewer."
        )
        lines.append(f"Summary stored as {result.summary.handle} ({result.summary.uri}).")
        lines.append(
            f"Originals of the range (JSON lines, one message each): {result.archive.handle} "
            f"({result.archive.uri}); {call(result.archive.handle, grep='PATTERN')} finds one."
        )
    if span.requested != (span.start, span.end):
        lines.append(f"Asked for #{span.requested[0]} to #{span.requested[1]}.")
    for e in result.earlier:
        kept = f"its originals stay in {', '.join(e.handles)}" if e.handles else "kept in the summary and the archive"
        where = f"#{e.index}" if e.index is not None else "its start"
        lines.append(f"The range holds an earlier summary ({e.origin}'s, at {where}): {kept}.")
    lines += [f"Note: {n}" for n in result.notes]
    if result.status == "needs_summary":
        lines += ["", result.instructions or "", result.digest or ""]
    else:
        lines += ["", result.text or ""]
    return "\n".join(lines)
