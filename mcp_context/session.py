"""The Python API: one method per tool, the entry point every face calls.

>>> from mcp_context import Session
>>> s = Session(root="/tmp/ctx", session="demo")
>>> stored = s.persist_result("line 1\\nline 2\\n", label="notes")
>>> s.read_persisted(stored.meta.handle).page.text
'line 1\\nline 2\\n'
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, TypeVar

from .config import Settings, resolve_settings
from .errors import ContextError, InvalidArgument, InvalidInput, StoreError, UnknownHandle, shown_path
from .journal import record_compaction, record_loop, record_summary
from .limits import Limits
from .reach import Reach
from .results import archive, retention
from .results.answers import Persisted, Read
from .results.known import Known, KnownResults
from .results.owned import persist_own
from .results.reading import Preview, TextReader
from .results.retention import CleanupReport
from .reuse import Memos, Reuse
from .storage import ids
from .storage.incoming import short_text
from .storage.opening import open_store
from .storage.protocol import Store
from .storage.records import ResultMeta, SessionInfo
from .storage.scope import Scope
from .tokens.count import TokenCount, TokenCounter

# At run time each tool's machinery is imported by its method, as its argument model is: storing and reading
# (a hook given a large output, the command line's persist and read) load no compaction, summary or loop code,
# which would be most of a hook's start.
if TYPE_CHECKING:
    from .arguments import Arguments
    from .compaction.args import CompactArgs
    from .compaction.compact import Compaction
    from .conversation.transcripts import HistorySource
    from .loops.answers import JudgeFn, LoopCheck
    from .loops.args import CheckLoopArgs
    from .loops.policy import Policy
    from .results.args import ReadArgs
    from .summary.args import SummarizeArgs
    from .summary.engine import RangeSummary, Sampler


class Session(Reach):
    """A view of the store bound to a default session; every method may name another with ``session=``, within
    the sessions its ``scope`` admits (by default every session under the root: see storage/scope.py).

    The default session comes from ``session``, else ``MCP_CONTEXT_SESSION``, else the host's
    (``CLAUDE_CODE_SESSION_ID``), else a new id per instance. The store is ``store`` (a Store, or a
    ``postgresql://`` URL), else ``MCP_CONTEXT_STORE``, else the file store under ``root``, else under
    ``MCP_CONTEXT_HOME``, else ``~/.mcp-context``; ``tenant`` picks one tenant's part of it. ``reuse`` holds
    what is kept from one call for the next (see reuse/__init__.py); ``Reuse.off()`` keeps nothing.
    """

    def __init__(
        self,
        root: str | Path | None = None,
        session: str | None = None,
        *,
        limits: Limits | None = None,
        counter: TokenCounter | None = None,
        env: Mapping[str, str] | None = None,
        transcript_roots: list[Path] | None = None,
        redact: bool | None = None,
        scope: Scope | None = None,
        store: Store | str | None = None,
        tenant: str | None = None,
        reuse: Reuse | None = None,
    ) -> None:
        url = store if isinstance(store, str) else None
        self.settings: Settings = resolve_settings(root, session, limits, env, redact, url)
        self.scope = scope or Scope.everything()
        self.scope.check_write(self.settings.session)
        self.limits = self.settings.limits
        self.counter = counter or TokenCounter()
        self.env: Mapping[str, str] = os.environ if env is None else env
        # None: any path (the library and CLI act for the user); the server passes the hosts' folders.
        self.transcript_roots = transcript_roots
        # Whether the store counts with self.counter (it made it): then a count made here is passed on to it.
        self._counts_alike = store is None or isinstance(store, str)
        self.store: Store = (
            store
            if store is not None and not isinstance(store, str)
            else open_store(
                self.settings.store,
                self.settings.root,
                tenant,
                counter=self.counter,
                max_result_bytes=self.limits.max_result_bytes,
                redact=self.settings.redact,
            )
        )
        self.reuse = (reuse or Reuse()).bind(self.counter, self._holds)

    @property
    def id(self) -> str:
        return self.settings.session

    def _session(self, session: str | None) -> str:
        if session is None:
            return self.settings.session
        return self.scope.check_write(ids.check_session(session))

    def _reachable(self) -> Iterator[str]:
        """Where a handle is looked up: the default session, then the others the scope admits (listed if it misses)."""
        own = self.settings.session
        yield own
        others = self.scope.sessions if self.scope.sessions is not None else self.store.session_ids()
        yield from (s for s in sorted(others) if s != own)

    # persist -----------------------------------------------------------------------------------------------

    def persist_result(
        self,
        content: str,
        label: str | None = None,
        source: str | None = None,
        session: str | None = None,
        *,
        _redacted: bool = False,
        _tokens: TokenCount | None = None,
    ) -> Persisted:
        """Store ``content`` in the session; the same content again returns the same handle, writing nothing.
        The underscored keywords are the library's own (see results/owned.py)."""
        from .results.args import PersistArgs

        args = PersistArgs.parse({"content": content, "label": label, "source": source, "session": session})
        label, source = short_text("label", args.label), short_text("source", args.source)
        sid, text = self._session(args.session), args.content
        meta, created = self.store.put_text(sid, text, label=label, source=source, redacted=_redacted, tokens=_tokens)
        self._indexed(meta, created and not _redacted)  # the library's own archives: at the first search
        return Persisted(meta, lambda: self.preview(meta), created)  # read back if asked: no text is kept for it

    def persist_file(
        self,
        file: BinaryIO | str | Path,
        label: str | None = None,
        source: str | None = None,
        session: str | None = None,
        allow_empty: bool = True,
    ) -> Persisted:
        """Store a UTF-8 file or stream of any size up to the limit, in one pass with flat memory.

        ``allow_empty=False`` refuses an empty stream (the command line: a pipe that gave nothing is a mistake)."""
        if isinstance(file, (str, Path)):
            path = Path(file)
            try:
                handle = open(path, "rb")
            except OSError as exc:
                raise InvalidArgument(f"cannot read {shown_path(path)}: {exc.strerror}") from None
            with handle:
                named = label or path.name, source or shown_path(path.absolute())
                return self.persist_file(handle, *named, session, allow_empty)
        label, source = short_text("label", label), short_text("source", source)
        first = file.read(1024 * 1024)
        if not first and not allow_empty:
            raise InvalidArgument("the content is empty: there is nothing to store")
        chunks = itertools.chain([first], iter(lambda: file.read(1024 * 1024), b""))
        meta, created = self.store.put_stream(self._session(session), chunks, label=label, source=source)
        self._indexed(meta, created)
        return Persisted(meta, lambda: self.preview(meta), created)

    # read --------------------------------------------------------------------------------------------------

    def info(self, handle: str) -> ResultMeta:
        """Metadata of a handle (or its resource URI), looked up in the default session first, then in the
        others the scope admits; a session outside the scope answers as one that holds nothing."""
        uri_session, bare = ids.parse_handle(handle)
        admitted = uri_session is None or self.scope.admits(uri_session)
        try:
            if uri_session is not None:
                return self.store.find(bare, [uri_session] if admitted else [])
            return self.store.find(bare, self._reachable())
        except UnknownHandle:
            newer = retention.successor(self.store, uri_session or self.id, bare) if admitted else None
            if newer is None:
                raise
            raise UnknownHandle(
                f"{bare} was the archive of an earlier compaction, replaced by newer ones (a session keeps the last "
                f"{self.limits.archive_generations}); the newest of its kind is {newer}: read that instead"
            ) from None

    def _holds(self, handle: str) -> bool:
        try:
            self.store.find(handle, self._reachable())
        except ContextError:
            return False
        return True

    def _reader(self, meta: ResultMeta, memo: KnownResults) -> TextReader:
        known = memo.get(meta.handle)
        if known is not None and known.index is not None and known.meta.session == meta.session:
            content, index = self.store.open_content(meta.session, meta.handle), known.index  # still there?
        else:
            content, index = self.store.open_indexed(meta.session, meta.handle)
            (known or memo.put(meta.handle, Known(meta))).index = index
        try:
            return TextReader(index, content, self.counter)
        except ValueError as exc:
            raise StoreError(f"index of {meta.handle} is damaged ({exc}); delete the result with cleanup") from None

    def preview(self, meta: ResultMeta) -> Preview:
        """Made once per result and process (see known): persisting the same content again, or listing it, does
        not walk the text again."""
        memo = self.reuse.call().known
        known = memo.get(meta.handle) or memo.put(meta.handle, Known(meta))
        if known.preview is None:
            with self._reader(meta, memo) as reader:
                known.preview = reader.preview(self.limits.preview_chars)
        return known.preview

    def read_persisted(self, args: ReadArgs | str, /, **options: Any) -> Read:
        """A bounded page (by lines or characters) or the lines matching ``grep``, with the cursor to go on.

        Give a :class:`ReadArgs`, or the handle and any of its fields as keyword arguments:
        ``read_persisted("r_3f9c...", start_line=400, max_lines=100)``."""
        from .results.args import ReadArgs

        if not isinstance(args, ReadArgs):
            args = ReadArgs.parse({"handle": args, **options})
        elif options:
            raise InvalidInput("give ReadArgs or keyword arguments, not both")
        handle, start_line, max_lines, offset = args.handle, args.start_line, args.max_lines, args.offset
        if handle is None:
            raise InvalidArgument(
                "handle is required: give a handle (r_...), or search every result with search_persisted"
            )
        max_chars, grep, context, max_matches = args.max_chars, args.grep, args.context, args.max_matches
        max_tokens = args.max_tokens
        memo = self.reuse.call().known
        known = memo.get(handle)  # the reader below opens the text, so a deleted result still fails
        meta = known.meta if known is not None else memo.put(handle, Known(self.info(handle))).meta
        notes: list[str] = []
        given = {"max_lines": max_lines, "max_chars": max_chars, "context": context, "max_matches": max_matches}
        options = {k: v for k, v in (given | {"max_tokens": max_tokens}).items() if v is not None}
        budget = self._page_budget(max_tokens, notes)
        if start_line is not None and start_line > meta.lines + 1:
            raise InvalidArgument(f"start_line {start_line:,} is past the end: {meta.handle} has {meta.lines:,} lines")
        if offset is not None and offset > meta.chars:
            raise InvalidArgument(f"offset {offset:,} is past the end: {meta.handle} has {meta.chars:,} characters")
        with self._reader(meta, memo) as reader:
            if grep is not None:
                if offset is not None or max_chars is not None or max_lines is not None:
                    raise InvalidArgument("grep reads matching lines: combine it with start_line only")
                found = reader.grep(
                    grep,
                    start_line=start_line,
                    context=self.limits.grep_context if context is None else context,
                    max_matches=max_matches or self.limits.grep_matches,
                    max_tokens=budget,
                    timeout_s=self.limits.grep_timeout_s,
                    narrow=self._narrow(meta, grep),
                )
                return Read(meta, "grep", grep=found, notes=notes, options=options)
            if max_matches is not None or context is not None:
                raise InvalidArgument("context and max_matches apply to grep only")
            if max_lines is None and max_chars is None:
                max_lines = self.limits.page_lines
            page = reader.page(
                start_line=start_line,
                offset=offset,
                max_lines=max_lines,
                max_chars=max_chars,
                max_tokens=budget,
            )
            mode = "chars" if max_chars is not None or offset is not None else "lines"
            return Read(meta, mode, page=page, notes=notes, options=options)

    # history -----------------------------------------------------------------------------------------------

    def compact_history(
        self, args: CompactArgs | None = None, /, *, handed_over: bool = False, **fields: Any
    ) -> Compaction:
        """A smaller, valid history in the input's format; everything removed or shortened is stored first.

        Give a :class:`CompactArgs`, or its fields as keyword arguments:
        ``compact_history(messages=history, target_tokens=50_000)``. ``handed_over=True``: nobody will change
        the messages given nor those handed back (see compaction.compact.Request), as with the server's."""
        from .compaction import budget as budgets
        from .compaction.args import CompactArgs
        from .compaction.compact import Request, compact
        from .compaction.layers import DEFAULT_EXCLUDED

        args = _arguments(CompactArgs, args, fields)
        sid, memos = self._session(args.session), self.reuse.call()
        keys: list[str | None] = []  # each message's content key, made by the redaction memo for compaction
        source = self._history_source(args.messages, args.transcript, args.format, sid, memos, keys)
        model, source_name = (args.model, "given") if args.model is not None or source.model is None else source.model
        budget = budgets.resolve(
            target_tokens=args.target_tokens,
            model=model,
            context_window=args.context_window,
            trigger=args.trigger,
            keep=args.keep,
            model_source=source_name,
        )
        excluded = DEFAULT_EXCLUDED if args.exclude_tools is None else tuple(args.exclude_tools)
        most, notes = self.limits.max_result_bytes, source.notes
        request = Request(
            source.messages, source.format, budget, args.strategy, args.system, args.tools, excluded, most, memos.pieces
        )
        request.reset, request.keys, request.handed_over = args.reset, keys, handed_over
        request.parsed, request.replays, request.made = memos.parsed, memos.replays, memos.made
        persist = persist_own(self.persist_result, self.store.redact, memos.redaction, sid, self._counts_alike)

        def store_history(result: Compaction) -> None:
            result.notes[:0] = notes
            if result.removed or result.shortened:
                head = {"history": "compact_history", "format": result.format}
                lines, label = result.history_lines, "compacted history"
                result.history = archive.write(persist, head, lines, label, most, memo=memos.pieces)

        # Under the session's archive lock: the retention rule may remove pieces only no compaction is reusing.
        with self.store.state_lock(sid, retention.STATE) as hold:
            result = compact(
                request,
                memos.accountant,
                persist,
                lambda: self.store.read_state(sid, "compaction"),
                lambda data: self.store.write_state(sid, "compaction", data),
                store_history,
            )
            written = {k: s.handle for k, s in (("history", result.history), ("originals", result.archive)) if s}
            if written:
                removed = retention.register(self.store, sid, hold, written, self.limits.archive_generations)
                memos.known.drop(removed)
        record_compaction(self.store, sid, result)
        if args.messages is not None and result.untouched:
            result.messages = args.messages  # nothing was done: the caller's own list back, not its redacted copy
        return result

    def _history_source(
        self,
        messages: list[Any] | None,
        transcript: str | None,
        format: str,
        session: str,
        memos: Memos,
        keys: list[str | None] | None = None,
    ) -> HistorySource:
        """The messages to work on, from a list or a host transcript, with what the source says about them.

        Redacted here when the store redacts, before anything is clipped: a preview cut through a token would
        leave a piece of it no rule can recognise. What compaction hands back speaks of secrets by placeholder
        too, the same one for the same secret every time, so the prompt cache's prefix stays the same."""
        from .compaction.sources import history_source

        memo = memos.redaction  # ``keys`` gets each message's content key, redacting or not, for compaction
        redacted = functools.partial(memo.messages if self.store.redact else memo.keyed, session, keys=keys)
        try:
            return history_source(messages, transcript, format, self.env, self.transcript_roots, redacted)
        finally:
            self.reuse.hold(memos)

    def forget_held(self) -> None:
        """Let go of what this Session keeps for its next call: the process keeps too much (see reuse/held.py)."""
        self.reuse.forget_held()

    # summaries ---------------------------------------------------------------------------------------------

    def summarize_range(
        self, args: SummarizeArgs | None = None, /, *, sampler: Sampler | None = None, **fields: Any
    ) -> RangeSummary:
        """A structured summary of a range of messages, stored beside the originals it covers.

        The source is a message list, a host transcript, or the handle of a stored archive or message list.
        ``engine``: ``extractive`` (no LLM), ``sampling`` (``sampler`` asks a model; extractive without one),
        ``agent`` (the first call returns the task, the second brings ``summary`` back) or ``auto``.
        Give a :class:`SummarizeArgs`, or its fields as keyword arguments."""
        from .conversation.transcripts import HistorySource
        from .summary import engine as summaries
        from .summary import sources as summary_sources
        from .summary.args import SummarizeArgs

        a = _arguments(SummarizeArgs, args, fields)
        sid, memos = self._session(a.session), self.reuse.call()
        if sum(x is not None for x in (a.messages, a.transcript, a.handle)) != 1:
            raise InvalidArgument("give one source: messages (a list), transcript (a path, or 'host') or handle")
        if a.handle is not None:
            items, found = summary_sources.stored(a.handle, lambda h: "".join(self.iter_text(h)))
            history = HistorySource(items, found if a.format == "auto" else a.format)
            source = f"handle={a.handle!r}"
        else:
            history = self._history_source(a.messages, a.transcript, a.format, sid, memos)
            source = f"transcript={a.transcript!r}" if a.transcript is not None else "messages=<the same list>"
        persist = persist_own(self.persist_result, self.store.redact, memos.redaction, sid, self._counts_alike)
        request = summaries.Request(
            history.messages, history.format, a.start, a.end, a.style, a.engine, a.summary, a.max_tokens, a.focus
        )
        request.sampler, request.source, request.ids = sampler, source, history.ids
        request.piece_bytes = self.limits.max_result_bytes
        result = summaries.run(request, memos.accountant, persist)
        result.notes[:0] = history.notes
        record_summary(self.store, sid, result)
        return result

    # loops -------------------------------------------------------------------------------------------------

    def check_loop(
        self,
        args: CheckLoopArgs | None = None,
        /,
        *,
        judge: JudgeFn | None = None,
        dry_run: bool = False,
        **fields: Any,
    ) -> LoopCheck:
        """Whether the agent is looping or stuck, and what to tell it: ``ok``, ``warn`` or ``stop`` with a nudge.

        Stateful with ``event``/``events``: they join the session's stored stream (kept across restarts, with
        the ``policy`` last given) and the answer covers them. Stateless with ``messages`` or ``transcript``
        (``"host"`` for the running host's own): the history is replayed on its own, storing nothing.
        ``judge`` asks a model when the policy's LLM judge is due; ``dry_run`` answers without saving.
        Give a :class:`CheckLoopArgs`, or its fields as keyword arguments (events as dicts or :class:`Event`)."""
        from .loops import service as loop_service
        from .loops.args import CheckLoopArgs
        from .loops.replaying import check_history

        a = _arguments(CheckLoopArgs, args, loop_service.plain_fields(fields))
        sid = self._session(a.session)
        replay = a.messages is not None or a.transcript is not None
        event = a.event.to_dict() if a.event is not None else None
        events = [e.to_dict() for e in a.events] if a.events is not None else None
        stream = loop_service.to_events(event, events)
        chosen = loop_service.to_policy(a.policy)
        loop_service.check_arguments(bool(stream) or events is not None, replay, chosen, a.reset, a.format)
        if not replay:
            loops = self.reuse.call().loops
            found = loop_service.check_stream(
                self.store, sid, stream, chosen, a.reset, self.counter, judge, dry_run, loops
            )
            return found if dry_run else record_loop(self.store, sid, found)
        history = self._history_source(a.messages, a.transcript, a.format, sid, self.reuse.call())
        return check_history(history.messages, history.format, chosen, sid, self.counter, judge, history.notes)

    def judge_may_ask(
        self, policy: Policy | Mapping[str, Any] | None = None, session: str | None = None, replay: bool = False
    ) -> bool:
        """Whether a check under ``policy`` (else the session's stored one, or the defaults for a replay) could
        ask the LLM judge at all. A face asks this before it prepares a question for the client's model: the
        judge is off unless a policy turns it on, and preparing the question costs a whole check."""
        from .loops import service as loop_service

        chosen = loop_service.to_policy(policy)
        memo = self.reuse.call().loops
        return loop_service.judge_may_ask(self.store, self._session(session), chosen, replay, memo)

    # listing and housekeeping ------------------------------------------------------------------------------

    def results(self, session: str | None = None) -> list[ResultMeta]:
        return self.store.list_results(self._session(session))

    def sessions(self) -> list[SessionInfo]:
        return [info for info in self.store.list_sessions() if self.scope.admits(info.session)]

    def delete_session(self, session: str) -> int:
        return self.store.delete_session(self._session(session))

    def cleanup(
        self,
        older_than_s: float | None = None,
        max_bytes: int | None = None,
        dry_run: bool = False,
        reindex: bool = False,
    ) -> CleanupReport:
        """Remove whole sessions idle longer than ``older_than_s``, then the oldest until under ``max_bytes``,
        then archives that no compaction of the remaining sessions names (see results/retention.py), then what
        interrupted writes left behind (only for a scope spanning the root); ``reindex``: rebuild the text index."""
        keep = self.limits.archive_generations
        report = retention.cleanup(
            self.store, self.sessions(), older_than_s, max_bytes, dry_run, not self.scope.bounded, keep
        )
        return dataclasses.replace(report, reindexed=self.reindex()) if reindex and not dry_run else report


ArgsT = TypeVar("ArgsT", bound="Arguments")


def _arguments(model: type[ArgsT], given: ArgsT | None, fields: dict[str, Any]) -> ArgsT:
    """The typed arguments of one call: the model given, else one made (and checked) from keyword arguments."""
    if given is None:
        return model.parse(fields)
    if not isinstance(given, model):
        raise InvalidInput(f"arguments must be a {model.__name__} or keyword arguments, got {type(given).__name__}")
    if fields:
        raise InvalidInput(f"give a {model.__name__} or keyword arguments, not both")
    return given
