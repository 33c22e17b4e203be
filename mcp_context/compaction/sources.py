"""Where a history tool's messages come from: a list the caller gives, or a host's transcript on disk, with what
the source says about them (its format, the model it ran, notes). Shared by compaction, summaries and the loop
check's replay, so all three read a transcript, and refuse a wrong pair of arguments, alike."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..conversation import transcripts
from ..conversation.transcripts import HistorySource
from ..errors import InvalidArgument, shown_path


def history_source(
    messages: list[Any] | None,
    transcript: str | None,
    format: str,
    env: Mapping[str, str],
    roots: list[Path] | None,
    redacted: Callable[[list[Any]], list[Any]] | None = None,
) -> HistorySource:
    """The messages to work on, passed through ``redacted`` (the Session's redaction; None: a store that does not
    redact) before anything else."""
    redacted = redacted or _as_they_are
    if (messages is None) == (transcript is None):
        raise InvalidArgument("give either messages (a list) or transcript (a path, or 'host'), not both")
    if transcript is None:
        return HistorySource(redacted(messages or []), format)
    found = transcripts.load(transcript, env, roots)
    if format not in ("auto", found.format):
        raise InvalidArgument(f"{found.host} transcripts hold {found.format} messages, not {format}")
    notes = [f"{found.host} transcript {shown_path(found.path)}: {len(found.messages)} messages", *found.notes]
    model = (found.model, f"{found.host} transcript") if found.model else None
    return HistorySource(redacted(found.messages), found.format, model, notes, found.ids)


def _as_they_are(messages: list[Any]) -> list[Any]:
    return messages
