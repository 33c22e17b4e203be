"""What compact_history answers as JSON: the tool's structured content and the CLI's --json, the same facts as the
text in ``views``. Kept apart from the text so that what only prints text never loads pydantic."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, Field

from ..results import views
from .compact import Compaction


class LayerOut(BaseModel):
    layer: int
    name: str
    changed: int
    tokens_saved: int
    skipped: str | None = None


class CompactOutput(BaseModel):
    compacted: bool = Field(description="false when the history was already under the trigger")
    format: str = Field(description="'openai', 'anthropic' or 'gemini': the format of messages")
    tokens_before: int
    tokens_after: int
    token_method: str = Field(description="'exact:<encoding>' or 'estimate'")
    target: int
    fits: bool
    message_count_before: int
    message_count_after: int
    layers: list[LayerOut]
    removed: list[str] = Field(description="input messages removed, as '#index' or runs '#first-#last'")
    shortened: list[str] = Field(description="input messages kept but shortened, as '#index' or runs")
    archive_handle: str | None = Field(description="every original removed or shortened (JSON lines, or an index)")
    archive_uri: str | None
    summary_archive_handle: str | None = Field(description="the archive the summary message in the output names")
    history_handle: str | None = Field(description="the compacted history, stored (JSON lines, or an index of pieces)")
    history_uri: str | None
    model: str | None
    warnings: list[str]
    notes: list[str]
    messages: list[dict[str, Any]] | None = Field(
        description="the compacted history; null when return_messages is false, or left at its default and the "
        "history is over 20,000 characters (read it from history_handle)"
    )


#: Messages up to this size come back in the answer unless asked not to; a bigger history is read from its handle
#: (a host that wanted the report would otherwise receive tens of thousands of characters).
RETURN_MESSAGES_CHARS = 20_000


def output(result: Compaction, return_messages: bool | None) -> CompactOutput:
    notes = list(result.notes)
    if return_messages is None:
        size = len(json.dumps(result.messages, ensure_ascii=False))
        return_messages = size <= RETURN_MESSAGES_CHARS
        if not return_messages:
            where = f"read them from {result.history.handle}" if result.history else "they are the messages you sent"
            notes.append(
                f"messages left out of this answer ({size:,} characters): {where}, or pass return_messages=true"
            )
    return CompactOutput(
        compacted=result.compacted,
        format=result.format,
        tokens_before=result.tokens_before,
        tokens_after=result.tokens_after,
        token_method=result.token_method,
        target=result.target,
        fits=result.fits,
        message_count_before=result.input_count,
        message_count_after=len(result.messages),
        layers=[
            LayerOut(layer=x.layer, name=x.name, changed=x.changed, tokens_saved=x.tokens_saved, skipped=x.skipped)
            for x in result.layers
        ],
        removed=views.label_spans(result.removed),
        shortened=views.label_spans(result.shortened),
        archive_handle=result.archive.handle if result.archive else None,
        archive_uri=result.archive.uri if result.archive else None,
        summary_archive_handle=result.bridge_archive,
        history_handle=result.history.handle if result.history else None,
        history_uri=result.history.uri if result.history else None,
        model=result.model,
        warnings=result.warnings,
        notes=notes,
        messages=result.messages if return_messages else None,
    )
