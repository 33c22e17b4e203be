"""What a Session reaches across results: every result its scope admits, their texts whole, the text index kept
as results are stored, and the search across them (see results/searching.py)."""

from __future__ import annotations

import functools
import io
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from .errors import InvalidArgument, StoreError
from .limits import Limits
from .results import searching
from .results.prefilter import Narrowed
from .results.reading import Preview, TextReader
from .storage.protocol import Store
from .storage.records import ResultMeta
from .storage.scope import Scope
from .storage.text_index import TextIndex, open_index
from .tokens.count import TokenCounter

if TYPE_CHECKING:
    from .config import Settings
    from .results.args import ReadArgs
    from .results.known import KnownResults
    from .reuse import Reuse

#: Results a search answers with at most.
SEARCH_RESULTS = 10
#: Matching lines a search shows per result unless asked for more.
SEARCH_LINES = 3


class Reach:
    """Session's methods across results; the attributes are Session's."""

    store: Store
    scope: Scope
    settings: Settings
    limits: Limits
    counter: TokenCounter
    info: Callable[[str], ResultMeta]
    reuse: Reuse
    _reader: Callable[[ResultMeta, KnownResults], TextReader]

    @functools.cached_property
    def text_index(self) -> TextIndex | None:
        """The store's text index (see storage/text_index.py), opened when first used."""
        return open_index(self.store)

    def _indexed(self, meta: ResultMeta, created: bool) -> None:
        """Index a result just stored, before the store's answer goes back: a search finds it at once, and
        grep on it reads only the chunks that may match."""
        index = self.text_index
        if created and index is not None:
            with self.store.open_content(meta.session, meta.handle) as content:
                try:
                    index.add(meta.session, meta.handle, content)
                except StoreError:
                    pass  # stored and durable all the same: a search indexes what is missing, grep scans it whole

    def brief_preview(self, meta: ResultMeta, chars: int, line_chars: int) -> Preview:
        """A preview of ``meta``'s text within ``chars`` characters, each line cut at ``line_chars`` (a store's
        acknowledgment, which every later request of the conversation carries)."""
        with self._reader(meta, self.reuse.call().known) as reader:
            return reader.preview(chars, line_chars)

    def _page_budget(self, max_tokens: int | None, notes: list[str]) -> int:
        """The tokens one answer may hold: what was asked, or the default, never past the most a page may hold."""
        budget = max_tokens or self.limits.page_tokens
        if budget > self.limits.max_page_tokens:
            notes.append(f"max_tokens lowered to {self.limits.max_page_tokens:,}, the most one page may hold")
            budget = self.limits.max_page_tokens
        if budget < 1:
            raise InvalidArgument("max_tokens must be at least 1")
        return budget

    def _narrow(self, meta: ResultMeta, pattern: str | None) -> Callable[[str], Narrowed | None] | None:
        return None if pattern is None else searching.narrower(self.text_index, meta, pattern)

    def _reach(self) -> list[str]:
        """The sessions this view may reach, its own first."""
        own = self.settings.session
        others = self.scope.sessions if self.scope.sessions is not None else self.store.session_ids()
        return [own, *sorted(s for s in others if s != own)]

    def search_persisted(self, args: ReadArgs | str, /, **options: Any) -> searching.Search:
        """The stored results, across every session the scope admits, holding lines that match ``grep`` (a
        regular expression, or literal text when it is not a valid one): best first, with line numbers and a
        short snippet of each line (``max_matches`` per result, 3 unless given). Give a :class:`ReadArgs`
        without a handle, or the pattern and any of its fields: ``search_persisted("timeout", max_matches=5)``."""
        from .results.args import ReadArgs

        if not isinstance(args, ReadArgs):
            args = ReadArgs.parse({"grep": args, **options})
        elif options:
            raise InvalidArgument("give ReadArgs or keyword arguments, not both")
        if args.grep is None:
            raise InvalidArgument(
                "handle is required to read (r_... or its URI); or give grep alone to search every result"
            )
        extra = [k for k in ("handle", "start_line", "max_lines", "offset", "max_chars", "context") if getattr(args, k)]
        if extra:
            raise InvalidArgument(f"{extra[0]} reads one result: give a handle with it, or leave it out to search")
        budget = min(args.max_tokens or self.limits.page_tokens, self.limits.max_page_tokens)
        return searching.search(
            self.store,
            self.text_index,
            self.counter,
            self._reach(),
            args.grep,
            max_results=SEARCH_RESULTS,
            per_result=args.max_matches or SEARCH_LINES,
            max_tokens=budget,
            timeout_s=self.limits.grep_timeout_s,
        )

    def reindex(self) -> int:
        """Rebuild the text index from every result the scope admits (``cleanup --reindex``); how many it holds.
        A store without an index: 0."""
        index = self.text_index
        return 0 if index is None else searching.reindex(index, self.store, self._reach())

    def all_results(self) -> list[ResultMeta]:
        """Every result of every session in the scope, newest first."""
        metas = [m for s in self.scope.within(self.store.session_ids()) for m in self.store.list_results(s)]
        metas.sort(key=lambda m: (-m.created, m.handle))
        return metas

    def iter_text(self, handle: str, chunk_chars: int = 1024 * 1024) -> Iterator[str]:
        """The whole text in chunks, for resources and exports; never needed by a model."""
        meta = self.info(handle)
        with io.TextIOWrapper(self.store.open_content(meta.session, meta.handle), "utf-8", newline="") as f:
            while chunk := f.read(chunk_chars):
                yield chunk
