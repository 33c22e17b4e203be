"""What persist_result and read_persisted answer: plain records that both faces render (``views`` as text,
``shapes`` as JSON)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field

from ..storage.records import ResultMeta
from .reading import GrepResult, Page, Preview


@dataclass(frozen=True)
class Persisted:
    """What persist_result returns: the stored result's metadata, its preview, and whether it was new. The
    preview is made when first asked for, from the stored text (no copy of the text is kept for it): compaction
    stores thousands of results whose previews no one reads (a fourteenth of a first compaction of 10K
    messages)."""

    meta: ResultMeta
    make_preview: Callable[[], Preview] = field(repr=False, compare=False)
    created: bool

    @functools.cached_property
    def preview(self) -> Preview:
        return self.make_preview()


@dataclass(frozen=True)
class Read:
    """What read_persisted returns: either a page or a grep result, with the result it came from."""

    meta: ResultMeta
    mode: str  # "lines", "chars" or "grep"
    page: Page | None = None
    grep: GrepResult | None = None
    notes: list[str] = field(default_factory=list)
    #: The sizes the caller chose (max_lines, context, ...): the next call repeats them, so pages stay alike.
    options: dict[str, int] = field(default_factory=dict)

    @property
    def next(self) -> dict[str, int] | None:
        part = self.page or self.grep
        return part.next if part else None
