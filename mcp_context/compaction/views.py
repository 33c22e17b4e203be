"""What compact_history answers, for both faces: the report a model or a person reads, and the same facts as a
JSON shape (the tool's structured content, the CLI's --json)."""

from __future__ import annotations

from ..results import views
from .compact import Compaction


def report(result: Compaction) -> str:
    """The report a model reads: figures, what each layer did, and the handles that bring everything back."""
    how = views.method_words(result.token_method)
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
            spans = views.label_spans(layer.messages)
            shown = ", ".join(spans[:12]) + (" ..." if len(spans) > 12 else "")
            saved_here = f"{layer.tokens_saved:,} tokens saved" + (f" ({shown})" if shown else "")
            lines.append(f"  {layer.layer}. {layer.name}: {layer.changed:,} changed, {saved_here}")
        else:
            lines.append(f"  {layer.layer}. {layer.name}: nothing to do")
    if result.removed:
        lines.append(f"Removed messages: {views.labels(result.removed)}")
    if result.shortened:
        lines.append(f"Shortened messages: {views.labels(result.shortened)}")
    if result.archive:
        lines.append(
            f"Originals of every removed or shortened message: {result.archive.handle} ({result.archive.uri}); "
            f"{views.call(result.archive.handle, grep='PATTERN')} finds one."
        )
    if result.bridge_archive:
        lines.append(f"The summary/note message in the history names its own archive: {result.bridge_archive}.")
    if result.history:
        lines.append(
            f"Compacted history (JSON lines, one message each; a long one is an index naming its pieces in order): "
            f"{result.history.handle} ({result.history.uri})."
        )
    lines += [f"Warning: {w}" for w in result.warnings]
    lines += [f"Note: {n}" for n in result.notes[: views.NOTES_SHOWN]]
    if len(result.notes) > views.NOTES_SHOWN:
        lines.append(f"Note: {len(result.notes) - views.NOTES_SHOWN:,} more notes in the structured result")
    return "\n".join(lines)
