"""The PostgreSQL store's text index, in the same database: each chunk's text (see chunks.py) in a table with a
``pg_trgm`` GIN index, so ``LIKE '%literal%'`` finds the chunks that may hold a literal without reading the
others. Rows are keyed by tenant like every other row, and follow their result: removing a result (or its
session) removes them with it.

The tables are made on first use, beside the store's own (``pg_trgm`` is a trusted extension: a database owner
may create it). A server without ``pg_trgm`` gets no index: grep then reads every line and a search every result,
which answer the same, only slower."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, BinaryIO

from ..errors import StoreError
from .chunks import chunks
from .pg_pool import Unavailable
from .pg_schema import SCHEMA
from .text_index import GRAM, Literals

if TYPE_CHECKING:
    from .postgres import PgStore

_TABLES = f"""
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE TABLE IF NOT EXISTS {SCHEMA}.text_docs (
    tenant text NOT NULL, session text NOT NULL, handle text NOT NULL,
    PRIMARY KEY (tenant, session, handle),
    FOREIGN KEY (tenant, session, handle) REFERENCES {SCHEMA}.results ON DELETE CASCADE
);
CREATE TABLE IF NOT EXISTS {SCHEMA}.text_chunks (
    tenant text NOT NULL, session text NOT NULL, handle text NOT NULL, seq integer NOT NULL,
    first_line bigint NOT NULL, last_line bigint NOT NULL, body text NOT NULL,
    PRIMARY KEY (tenant, session, handle, seq),
    FOREIGN KEY (tenant, session, handle) REFERENCES {SCHEMA}.text_docs ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS text_chunks_trgm ON {SCHEMA}.text_chunks USING gin (body gin_trgm_ops);
"""
#: The tables' advisory lock ("mcx" and 2), so replicas starting together do not race to make them.
_LOCK = 0x6D6378_00000002
_made: set[str] = set()
_made_lock = threading.Lock()


_SURROGATE = re.compile("[\ud800-\udfff]")


def _like(literal: str) -> str:
    """``%literal%`` with LIKE's own characters escaped (the default escape is the backslash)."""
    escaped = literal.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return "%" + _plain(escaped) + "%"


def _plain(text: str) -> str:
    """A text column holds no NUL: it stands as a space, in the chunk and in the literal alike. Nor can a
    database's UTF-8 carry a lone surrogate, which a pattern may hold (a command line's undecodable byte) but
    no stored text does: it stands as U+FFFD, so the literal still rules out every chunk that lacks the rest."""
    return _SURROGATE.sub("\ufffd", text.replace("\0", " "))


class PgTextIndex:
    """The index of one tenant of a PostgreSQL store."""

    def __init__(self, store: PgStore) -> None:
        self.store = store
        self.tenant = store.tenant

    def _ready(self, conn: Any) -> None:
        key = self.store.db.url
        if key in _made:
            return
        with _made_lock, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK,))
            conn.execute(_TABLES)
            _made.add(key)

    def usable(self) -> bool:
        """Whether the tables are there or could be made (``pg_trgm`` available, and the right to create it).
        A database that cannot answer now says nothing about that: the index is taken, each use of it fails in
        its turn until the database is back (a use that fails costs only the scan it would have saved), so one
        outage does not leave a long-running server without its index."""
        try:
            with self._connection("cannot create its tables") as conn:
                self._ready(conn)
        except Unavailable:
            return True
        except StoreError:
            return False
        return True

    def _connection(self, what: str) -> Any:
        return self.store.db.connection(f"search index: {what}")

    def add(self, session: str, handle: str, content: BinaryIO) -> None:
        with self._connection(f"cannot index result {handle}") as conn:
            self._ready(conn)
            with conn.transaction():
                inserted = conn.execute(
                    f"INSERT INTO {SCHEMA}.text_docs VALUES (%s, %s, %s) ON CONFLICT DO NOTHING",
                    (self.tenant, session, handle),
                )
                if inserted.rowcount == 0:
                    return  # indexed already, or being indexed by another writer (it waits on the row)
                with conn.cursor() as cursor:
                    cursor.executemany(
                        f"INSERT INTO {SCHEMA}.text_chunks VALUES (%s, %s, %s, %s, %s, %s, %s)",
                        [
                            (self.tenant, session, handle, c.seq, c.first_line, c.last_line, _plain(c.text))
                            for c in chunks(content)
                        ],
                    )

    def indexed(self, session: str, handles: Iterable[str]) -> set[str]:
        wanted = list(handles)
        with self._connection("cannot read") as conn:
            self._ready(conn)
            rows = conn.execute(
                f"SELECT handle FROM {SCHEMA}.text_docs WHERE tenant = %s AND session = %s AND handle = ANY(%s)",
                (self.tenant, session, wanted),
            ).fetchall()
        return {row[0] for row in rows}

    def forget(self, session: str, handles: Iterable[str]) -> None:
        with self._connection("cannot forget results") as conn:
            self._ready(conn)
            conn.execute(
                f"DELETE FROM {SCHEMA}.text_docs WHERE tenant = %s AND session = %s AND handle = ANY(%s)",
                (self.tenant, session, list(handles)),
            )

    def candidates(
        self, sessions: Sequence[str], alternatives: Sequence[Literals], handle: str | None = None
    ) -> list[tuple[str, str, int, int]]:
        ors, params = [], [self.tenant, list(sessions)]
        for literals in alternatives:
            usable = [lit for lit in literals if len(lit) >= GRAM]
            if not usable:
                raise ValueError("an alternative without a literal of three characters rules nothing out")
            ors.append("(" + " AND ".join("body LIKE %s" for _ in usable) + ")")
            params += [_like(lit) for lit in usable]
        only = ""
        if handle is not None:
            only = " AND handle = %s"
            params.append(handle)
        sql = (
            f"SELECT session, handle, first_line, last_line FROM {SCHEMA}.text_chunks "
            f"WHERE tenant = %s AND session = ANY(%s) AND ({' OR '.join(ors)}){only} ORDER BY session, handle, seq"
        )
        with self._connection("cannot search") as conn:
            self._ready(conn)
            rows = conn.execute(sql, params).fetchall()
        return [(s, h, int(a), int(b)) for s, h, a, b in rows]

    def clear(self) -> None:
        with self._connection("cannot clear") as conn:
            self._ready(conn)
            conn.execute(f"DELETE FROM {SCHEMA}.text_docs WHERE tenant = %s", (self.tenant,))
