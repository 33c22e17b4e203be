"""What the viewer shows of a session, gathered from the store: its results, its journal (compactions,
summaries, loop warnings), the loop state's counters, the outputs the hooks stored, and, when there is one,
the host's transcript (the context's size over time, and the model's window).

Everything here only reads. Sessions, handles and paths come from the address bar, so each is checked by the
Session (its id, its scope) before anything is opened.
"""

from __future__ import annotations

import json
import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..compaction import profiles
from ..errors import ContextError, UnknownHandle
from ..hooks import preview
from ..journal import read_journal
from ..session import Session
from ..storage import ids
from ..storage.records import ResultMeta
from .transcript import Point, Transcripts

#: A result the hooks stored: its source names the host and the event (see hooks/outputs.py).
_HOOK_SOURCE = re.compile(r"^(?:claude|gemini) ")
#: A line of a message archive, by the message's index (see conversation/archiving.py).
_ARCHIVED = b'{"index":'
#: Characters of preview a hook shows per line of output, at most (see hooks/preview.py).
_PREVIEW_LINES = preview.HEAD_LINES + preview.TAIL_LINES + preview.ERROR_LINES
_PREVIEW_OVERHEAD = 400


class NotFound(Exception):
    """What the address names is not there, or not within reach: the page answers 404 either way."""


@dataclass
class HookEvent:
    meta: ResultMeta
    shown_tokens: int  # about what the model got instead: the preview

    @property
    def saved(self) -> int:
        return max(0, self.meta.tokens - self.shown_tokens)


@dataclass
class Overview:
    """One row of the sessions page."""

    session: str
    updated: float
    bytes: int
    results: int
    compactions: int
    loop_events: int
    warnings: int
    stops: int
    hook_outputs: int
    hook_saved: int


@dataclass
class Story:
    """A session's timeline: the journal's entries, the hooks' outputs, and the host's context when known."""

    session: str
    entries: list[dict[str, Any]]
    hooks: list[HookEvent]
    results: int
    loop: dict[str, Any]
    transcript: str | None = None
    model: str | None = None
    window: int | None = None
    window_source: str = ""
    context: list[Point] = field(default_factory=list)  # the host's context, message by message
    host_compactions: list[Point] = field(default_factory=list)


def check_session(view: Session, session: str) -> str:
    """The session named in an address, when it is well formed, within the scope and not empty."""
    try:
        sid = ids.check_session(session)
    except ContextError:
        raise NotFound(f"no session {session!r}") from None
    if not view.scope.admits(sid) or sid not in view.store.session_ids():
        raise NotFound(f"no session {sid!r}")
    return sid


def meta_of(view: Session, session: str, handle: str) -> ResultMeta:
    """A result of ``session``, by its bare handle."""
    try:
        bare = ids.check_handle(handle)
        return view.store.meta(check_session(view, session), bare)
    except ContextError:
        raise NotFound(f"no result {handle!r} in session {session!r}") from None


def hook_events(metas: list[ResultMeta]) -> list[HookEvent]:
    """The outputs the hooks stored, oldest first, each with about what its preview cost the model."""
    out = []
    for meta in metas:
        if meta.source and _HOOK_SOURCE.match(meta.source):
            per_line = min(preview.LINE_CHARS, meta.chars // max(meta.lines, 1) + 1)
            shown = min(meta.chars, _PREVIEW_LINES * per_line + _PREVIEW_OVERHEAD)
            out.append(HookEvent(meta, round(meta.tokens * shown / max(meta.chars, 1))))  # at the text's density
    out.sort(key=lambda e: e.meta.created)
    return out


def loop_counters(view: Session, session: str) -> dict[str, Any]:
    """What the loop state counts: events checked, turns and tool calls since the last user prompt, strikes."""
    try:
        doc = json.loads(view.store.peek_state(session, "loops") or b"{}")
    except ValueError:
        return {}
    monitor = doc.get("monitor") if isinstance(doc, dict) else None
    if not isinstance(monitor, dict):
        return {}
    keys = ("index", "steps", "tool_calls", "strikes", "tokens")
    return {k: monitor[k] for k in keys if isinstance(monitor.get(k), int)}


def overviews(view: Session) -> list[Overview]:
    """Every session within reach, newest first."""
    rows = []
    for info in sorted(view.sessions(), key=lambda i: (-i.updated, i.session)):
        entries = read_journal(view.store, info.session)
        hooks = hook_events(view.store.list_results(info.session))
        loops = [e for e in entries if e.get("kind") == "loop"]
        rows.append(
            Overview(
                info.session,
                info.updated,
                info.bytes,
                info.results,
                sum(e.get("kind") == "compaction" for e in entries),
                int(loop_counters(view, info.session).get("index", 0)),
                sum(e.get("status") == "warn" for e in loops),
                sum(e.get("status") == "stop" for e in loops),
                len(hooks),
                sum(h.saved for h in hooks),
            )
        )
    return rows


def story(view: Session, session: str, transcript: Path | None, transcripts: Transcripts | None = None) -> Story:
    sid = check_session(view, session)
    metas = view.store.list_results(sid)
    found = Story(sid, read_journal(view.store, sid), hook_events(metas), len(metas), loop_counters(view, sid))
    windows = [e["window"] for e in found.entries if isinstance(e.get("window"), int)]
    models = [e["model"] for e in found.entries if isinstance(e.get("model"), str)]
    if windows:
        found.window, found.window_source = windows[-1], "as compact_history resolved it"
    found.model = models[-1] if models else None
    if transcript is not None and transcript.is_file():
        host = (transcripts or Transcripts()).of(transcript)
        found.transcript, found.context, found.host_compactions = str(transcript), host.context, host.compactions
        found.model = host.model or found.model
        profile = profiles.lookup(found.model) if found.model else None
        if profile is not None:
            found.window, found.window_source = profile.context_window, f"profile {profile.name}"
    return found


def snapshot_of(view: Session, session: str) -> dict[str, Any] | None:
    """What our PreCompact hook kept of the session's last host compaction (its handles, the transcript)."""
    from ..hooks.context import STATE

    try:
        doc = json.loads(view.store.peek_state(session, STATE) or b"{}")
    except ValueError:
        return None
    snapshot = doc.get("snapshot") if isinstance(doc, dict) else None
    return snapshot if isinstance(snapshot, dict) else None


def transcript_of(view: Session, session: str) -> Path | None:
    """The host's transcript of the session: the one our PreCompact hook read, else Claude Code's by id."""
    from ..hooks import insight

    return insight.transcript_for(None, session, snapshot_of(view, session))


class ArchiveMap:
    """Where each archived message is: its piece's handle and line, by the message's index. Archives never
    change once written (a handle names its content), so each is read once per process, and a bounded number
    are kept."""

    def __init__(self, size: int = 64) -> None:
        self._maps: OrderedDict[str, dict[int, tuple[str, int]]] = OrderedDict()
        self._size, self._lock = size, threading.Lock()

    def of(self, handle: str, read: Callable[[str], bytes]) -> dict[int, tuple[str, int]]:
        """The map of archive ``handle`` (one result, or an index naming its pieces); ``read`` gives a text's
        bytes. Lines are found in the bytes, none decoded but the header."""
        with self._lock:
            known = self._maps.get(handle)
        if known is not None:
            return known
        made: dict[int, tuple[str, int]] = {}
        first = read(handle)
        head = _json(first.split(b"\n", 1)[0].decode("utf-8", "replace"))
        pieces = head.get("pieces")
        for piece in pieces if isinstance(pieces, list) else [handle]:
            data = first if piece == handle else read(str(piece))
            for n, line in enumerate(data.split(b"\n"), 1):
                if line.startswith(_ARCHIVED):
                    end = line.find(b",", len(_ARCHIVED))
                    if line[len(_ARCHIVED) : end].isdigit():
                        made.setdefault(int(line[len(_ARCHIVED) : end]), (str(piece), n))
        with self._lock:
            self._maps[handle] = made
            while len(self._maps) > self._size:
                self._maps.popitem(last=False)
        return made


def _json(line: str) -> dict[str, Any]:
    try:
        found = json.loads(line)
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}


def stored_bytes(view: Session, session: str, handle: str) -> bytes:
    """A stored text's bytes, read whole, from a session already checked."""
    try:
        with view.store.open_content(session, ids.check_handle(handle)) as f:
            return f.read()
    except ContextError:
        raise NotFound(f"no result {handle!r}") from None


def text_lines(view: Session, session: str, handle: str) -> list[str]:
    """A stored text's lines (an archive's: JSON lines), read whole."""
    meta = meta_of(view, session, handle)
    try:
        return "".join(view.iter_text(ids.result_uri(meta.session, meta.handle))).splitlines()
    except UnknownHandle:
        raise NotFound(f"no result {handle!r}") from None


def history_messages(view: Session, session: str, handle: str) -> list[dict[str, Any]]:
    """The messages of a stored compacted history (one result, or an index naming its pieces)."""
    rows = text_lines(view, session, handle)
    head = _json(rows[0]) if rows else {}
    pieces = head.get("pieces")
    if isinstance(pieces, list):
        rows = [line for piece in pieces for line in text_lines(view, session, str(piece))[1:]]
    else:
        rows = rows[1:]
    out = []
    for line in rows:
        item = _json(line)
        message = item.get("message")
        if isinstance(message, dict):
            out.append(message)
    return out


def message_text(message: dict[str, Any]) -> str:
    """A message's text, whatever its format: strings, text blocks and parts joined."""
    for key in ("content", "parts"):
        value = message.get(key)
        if isinstance(value, str):
            return value
        if isinstance(value, list):
            texts = [b.get("text") for b in value if isinstance(b, dict)]
            return "\n".join(t for t in texts if isinstance(t, str))
    return ""
