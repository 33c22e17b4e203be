"""Which chunks of which stored texts may hold a literal: the index behind grep's prefilter and the search across
results (see results/searching.py). The texts stay the truth; the index only rules chunks out.

The embedded store's index is one SQLite file beside the sessions (``<root>/index.sqlite``, 0600), through the
standard library's ``sqlite3``: an FTS5 table with the trigram tokenizer holds every chunk's trigrams (no copy of
the text: ``content=''``; no positions: ``detail=none``), and a plain table says which lines of which result each
chunk is. A literal of three characters or more is looked up as the trigrams it is made of: a chunk that lacks
one of them cannot hold the literal; one that has them all may, and the caller reads it to decide. Case is
folded on both sides, so the answer is a superset of the chunks holding the literal in any case.

A result is indexed as it is stored, in one transaction committed (durably, ``synchronous=FULL``) before the
store answers; one stored before the index existed, by another process's library that does not index, or whose
indexing a kill interrupted, is found missing by the next search (``sync``) and indexed then. A row left behind
by a removed result only makes a chunk a candidate that reading then rules out; ``cleanup --reindex`` rebuilds the
index from the results."""

from __future__ import annotations

import errno
import os
import re
import sqlite3
import stat
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import BinaryIO, Protocol, TypeVar

from ..errors import StoreError, shown_path
from . import folders
from .chunks import chunks

#: The shortest literal the index can look up: one trigram.
GRAM = 3
#: Trigrams asked for per literal at most: any subset of a literal's trigrams still rules out only chunks that
#: lack the literal, and a long literal's first few already narrow the chunks to those that hold it.
_GRAMS_PER_LITERAL = 24

#: One alternative of a pattern: literals a matching line must all contain. A pattern is a list of those.
Literals = Sequence[str]


class TextIndex(Protocol):
    """What the layers above ask an index; both stores' indexes answer the same (the contract tests)."""

    def add(self, session: str, handle: str, content: BinaryIO) -> None:
        """Index a stored text (read from ``content``, at its start) unless it is indexed already."""
        ...

    def indexed(self, session: str, handles: Iterable[str]) -> set[str]:
        """Those of ``handles`` the index holds in ``session``."""
        ...

    def forget(self, session: str, handles: Iterable[str]) -> None:
        """Drop results the store no longer holds."""
        ...

    def candidates(
        self, sessions: Sequence[str], alternatives: Sequence[Literals], handle: str | None = None
    ) -> list[tuple[str, str, int, int]]:
        """(session, handle, first line, last line) of every chunk that may hold a line matching one of the
        alternatives, in ``sessions`` (and of ``handle`` alone when given), in text order per result."""
        ...

    def clear(self) -> None:
        """Forget everything (``cleanup --reindex`` then indexes every result again)."""
        ...


def grams(literal: str) -> list[str]:
    """The distinct trigrams of ``literal``, in order, case folded as the tokenizer folds them. A lone surrogate
    (a command line's undecodable byte), which SQLite cannot be handed and no stored text holds, stands as
    U+FFFD: the trigrams still rule out every chunk that lacks the rest."""
    literal = _SURROGATE.sub("\ufffd", literal)
    seen: dict[str, None] = {}
    for i in range(len(literal) - GRAM + 1):
        seen.setdefault(literal[i : i + GRAM].lower(), None)
    return list(seen)[:_GRAMS_PER_LITERAL]


def fts_query(alternatives: Sequence[Literals]) -> str:
    """The FTS5 query for ``alternatives``: each alternative's trigrams all present, any alternative."""
    ors = []
    for literals in alternatives:
        terms = [g for literal in literals for g in grams(literal)]
        if not terms:
            raise ValueError("an alternative without a literal of three characters rules nothing out")
        ors.append("(" + " AND ".join('"' + g.replace('"', '""') + '"' for g in dict.fromkeys(terms)) + ")")
    return " OR ".join(ors)


_SCHEMA = """
CREATE TABLE IF NOT EXISTS docs (session TEXT NOT NULL, handle TEXT NOT NULL, PRIMARY KEY (session, handle))
    WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS chunks (
    id INTEGER PRIMARY KEY AUTOINCREMENT, session TEXT NOT NULL, handle TEXT NOT NULL, seq INTEGER NOT NULL,
    first_line INTEGER NOT NULL, last_line INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS chunks_of ON chunks (session, handle, seq);
CREATE VIRTUAL TABLE IF NOT EXISTS grams USING fts5 (body, tokenize = 'trigram', content = '', detail = none);
"""

_FILE = "index.sqlite"
_SURROGATE = re.compile("[\ud800-\udfff]")
T = TypeVar("T")
_open: dict[str, SqliteIndex] = {}
_open_lock = threading.Lock()


def sqlite_index(anchor: folders.Root, parts: Sequence[str] = ()) -> SqliteIndex:
    """The index of the file store under ``anchor/parts...`` (``anchor``: the root, held open, see folders.py),
    one per process and store (connections are kept open)."""
    key = str(anchor.path.joinpath(*parts))
    with _open_lock:
        found = _open.get(key)
        if found is None:
            found = _open[key] = SqliteIndex(anchor, tuple(parts))
        return found


class SqliteIndex:
    """The embedded store's index: one SQLite file, shared by every process using the root (WAL: readers never
    wait for a writer; writers take turns, waiting up to a minute)."""

    def __init__(self, anchor: folders.Root, parts: tuple[str, ...] = ()) -> None:
        self.anchor, self.parts = anchor, parts
        self.path = anchor.path.joinpath(*parts, _FILE)  # for messages: it is opened through its folder's descriptor
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        self._folder: int | None = None

    def _connect(self) -> sqlite3.Connection:
        """The connection, opened once: the index's folder walked down from the anchor without following a link
        (folders.py), the file made or checked in it without following one, and SQLite given the folder by its
        descriptor (``/proc/self/fd/N``), which names the folder that was walked to whatever a path says by now.
        The folder stays open as long as the connection."""
        if self._db is not None:
            return self._db
        folder = folders.open_folder(self.anchor, self.parts, create=True)
        assert folder is not None  # made
        try:
            fd = os.open(_FILE, os.O_RDWR | os.O_CREAT | folders.NOFOLLOW | getattr(os, "O_CLOEXEC", 0), 0o600,
                         dir_fd=folder)  # fmt: skip
            try:
                if not stat.S_ISREG(os.fstat(fd).st_mode):
                    raise StoreError(f"{shown_path(self.path)} is not a plain file; remove it, then cleanup --reindex")
            finally:
                os.close(fd)
            via = Path(f"/proc/self/fd/{folder}")
            db = _opened((via if via.is_dir() else self.path.parent) / _FILE)
        except (OSError, sqlite3.Error) as exc:
            os.close(folder)
            why = exc.strerror if isinstance(exc, OSError) else str(exc)
            if isinstance(exc, OSError) and exc.errno == errno.ELOOP:
                why = "it is a link, not a plain file"
            raise StoreError(f"cannot open the search index {shown_path(self.path)}: {why}") from None
        except BaseException:
            os.close(folder)
            raise
        self._db, self._folder = db, folder
        return db

    def _run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        with self._lock:
            try:
                return fn(self._connect())
            except sqlite3.Error as exc:
                if self._db is not None and self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise StoreError(
                    f"the search index {shown_path(self.path)} failed ({exc}); rebuild it with cleanup --reindex"
                ) from None

    def add(self, session: str, handle: str, content: BinaryIO) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute("BEGIN IMMEDIATE")
            if db.execute("SELECT 1 FROM docs WHERE session = ? AND handle = ?", (session, handle)).fetchone():
                db.execute("ROLLBACK")
                return
            for chunk in chunks(content):
                cursor = db.execute(
                    "INSERT INTO chunks (session, handle, seq, first_line, last_line) VALUES (?, ?, ?, ?, ?)",
                    (session, handle, chunk.seq, chunk.first_line, chunk.last_line),
                )
                db.execute("INSERT INTO grams (rowid, body) VALUES (?, ?)", (cursor.lastrowid, chunk.text))
            db.execute("INSERT INTO docs (session, handle) VALUES (?, ?)", (session, handle))
            db.execute("COMMIT")

        self._run(work)

    def indexed(self, session: str, handles: Iterable[str]) -> set[str]:
        wanted = set(handles)

        def work(db: sqlite3.Connection) -> set[str]:
            rows = db.execute("SELECT handle FROM docs WHERE session = ?", (session,)).fetchall()
            return {h for (h,) in rows if h in wanted}

        return self._run(work)

    def forget(self, session: str, handles: Iterable[str]) -> None:
        gone = [(session, h) for h in handles]
        if not gone:
            return

        def work(db: sqlite3.Connection) -> None:
            db.execute("BEGIN IMMEDIATE")
            db.executemany("DELETE FROM chunks WHERE session = ? AND handle = ?", gone)
            db.executemany("DELETE FROM docs WHERE session = ? AND handle = ?", gone)
            db.execute("COMMIT")

        self._run(work)

    def candidates(
        self, sessions: Sequence[str], alternatives: Sequence[Literals], handle: str | None = None
    ) -> list[tuple[str, str, int, int]]:
        query = fts_query(alternatives)
        if not sessions:
            return []
        where = f"c.session IN ({', '.join('?' * len(sessions))})"
        params: list[object] = [query, *sessions]
        if handle is not None:
            where += " AND c.handle = ?"
            params.append(handle)
        # The matching rows first, then their chunks: as a join, SQLite walked every chunk asking the FTS table.
        sql = (
            "SELECT c.session, c.handle, c.first_line, c.last_line FROM chunks AS c "
            f"WHERE c.id IN (SELECT rowid FROM grams WHERE grams MATCH ?) AND {where} "
            "ORDER BY c.session, c.handle, c.seq"
        )

        def work(db: sqlite3.Connection) -> list[tuple[str, str, int, int]]:
            return [(s, h, int(a), int(b)) for s, h, a, b in db.execute(sql, params)]

        return self._run(work)

    def clear(self) -> None:
        def drop(db: sqlite3.Connection) -> None:
            db.execute("BEGIN IMMEDIATE")
            db.execute("DROP TABLE IF EXISTS grams")
            db.execute("DELETE FROM docs")
            db.execute("DELETE FROM chunks")
            db.execute("COMMIT")  # a contentless FTS5 table cannot be emptied row by row: dropped, made again
            db.executescript(_SCHEMA)
            db.execute("VACUUM")

        self._run(drop)


def open_index(store: object) -> TextIndex | None:
    """The index of ``store``: the file store's SQLite file, the database store's own tables; None for a store
    of another kind (grep then reads every line, and a search reads every result)."""
    from .files import FileStore

    if isinstance(store, FileStore):
        return sqlite_index(*store.located())
    postgres = sys.modules.get(f"{__package__}.postgres")  # loaded already when the store is one
    if postgres is not None and isinstance(store, postgres.PgStore):
        from .pg_text_index import PgTextIndex

        index = PgTextIndex(store)
        return index if index.usable() else None
    return None


def _opened(path: Path) -> sqlite3.Connection:
    """The index's connection, its schema made. Processes opening a new index at once race to switch it to WAL
    and make its tables, which SQLite answers with "database is locked" at once, whatever the busy timeout: try
    again a few times before giving up."""
    for attempt in range(20):
        db = sqlite3.connect(path, timeout=60.0, isolation_level=None, check_same_thread=False)
        try:
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = FULL")
            db.executescript(_SCHEMA)
            return db
        except sqlite3.OperationalError as exc:
            db.close()
            if "locked" not in str(exc) or attempt == 19:
                raise
            time.sleep(0.05 * (attempt + 1))
    raise AssertionError("unreachable")
