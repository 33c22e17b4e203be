"""The PostgreSQL store: the same sessions, results and states as the file store, in one database that many
replicas share, each tenant its own part of it (every row carries its tenant, every query names one, so another
tenant's session or handle is exactly a missing one).

A result is written in one transaction: its body in CHUNK-byte rows, then the row with its metadata and line
index that makes it exist; a reader sees it whole or not at all, and the same content gets the same handle as
in the file store. States and their locks are in pg_states.py, the schema and its migrations in pg_schema.py,
connections in pg_pool.py (psycopg 3 and its pool, installed with ``mcp-context[postgres]``)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, BinaryIO

from ..errors import StoreError, UnknownHandle
from ..tokens.count import TokenCount, TokenCounter
from . import ids
from .incoming import incoming_stream, whole_text
from .keys import KeyRecord
from .pg_content import BodyWriter, open_body, row_bytes
from .pg_pool import Database, database, parts, require_driver, rollback
from .pg_schema import CHUNK, SCHEMA
from .pg_states import ENSURE_SESSION, PgStates
from .records import ResultMeta, SessionInfo, new_meta

_META = "handle, session, label, source, created, chars, bytes, lines, tokens, token_method, mime_type"
_RESULT = "WHERE tenant = %s AND session = %s AND handle = %s"
_INSERT_RESULT = (
    f"INSERT INTO {SCHEMA}.results (tenant, body, line_index, {_META}) "
    "VALUES (%s, %s, %b, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING RETURNING body"
)
_INSERT_CHUNK = f"INSERT INTO {SCHEMA}.chunks (body, seq, tenant, data) VALUES (%s, %s, %s, %b)"
_LATEST = f"""
    SELECT session FROM (
        SELECT session, created AS t FROM {SCHEMA}.sessions WHERE tenant = %(t)s
        UNION ALL SELECT session, max(created) FROM {SCHEMA}.results WHERE tenant = %(t)s GROUP BY session
        UNION ALL SELECT session, max(updated) FROM {SCHEMA}.states WHERE tenant = %(t)s GROUP BY session
    ) AS changes ORDER BY t DESC, session LIMIT 1
"""
_SESSIONS = f"""
    SELECT s.session, count(r.handle), coalesce(sum(r.bytes), 0), coalesce(max(r.created),
        (SELECT max(updated) FROM {SCHEMA}.states st WHERE st.tenant = s.tenant AND st.session = s.session),
        s.created)
    FROM {SCHEMA}.sessions s LEFT JOIN {SCHEMA}.results r ON r.tenant = s.tenant AND r.session = s.session
    WHERE s.tenant = %s GROUP BY s.tenant, s.session, s.created ORDER BY 4 DESC, 1
"""
_FREED = f"""
    SELECT coalesce((SELECT sum(bytes + octet_length(line_index)) FROM {SCHEMA}.results
                     WHERE tenant = %(t)s AND session = %(s)s), 0)
         + coalesce((SELECT sum(octet_length(data)) FROM {SCHEMA}.states
                     WHERE tenant = %(t)s AND session = %(s)s), 0)
"""


def where(url: str, tenant: str) -> Path:
    """A store's ``root``: a key for what a process keeps per store, naming the server, database, user and
    tenant (never the password). Nothing is ever written under it."""
    named = parts(url)
    user = f"{named['user']}@" if named["user"] else ""
    return Path("/postgresql") / f"{user}{named['host']}:{named['port']}" / named["dbname"] / "tenants" / tenant


class PgStore(PgStates):
    """Sessions of results and states in PostgreSQL, as one tenant (None: "default") sees them."""

    def __init__(
        self,
        url: str,
        *,
        tenant: str | None = None,
        counter: TokenCounter | None = None,
        max_result_bytes: int,
        redact: bool = True,
    ) -> None:
        require_driver()
        self.tenant = "default" if tenant is None else ids.check_store_tenant(tenant)
        self.root = where(url, self.tenant)
        self._key = str(self.root)
        self.db: Database = database(url)
        self.counter = counter or TokenCounter()
        self.max_result_bytes = max_result_bytes
        self.redact = redact
        self.save_behind = False

    # writing ---------------------------------------------------------------------------------------------

    def put_text(
        self,
        session: str,
        text: str,
        *,
        label: str | None,
        source: str | None,
        redacted: bool = False,
        tokens: TokenCount | None = None,
    ) -> tuple[ResultMeta, bool]:
        """Store ``text``: hashed a slice at a time first, so a repeat writes nothing, then written."""
        ids.check_session(session)
        check = BodyWriter(session, self.counter, self.max_result_bytes, None).check_size
        whole = whole_text(session, self.redact, text, label, source, check, redacted=redacted, tokens=tokens)
        existing = self._existing(session, whole.handle)
        if existing is not None:
            return existing, False
        return self._store(session, whole.encoded, whole.label, whole.source, whole.count(self.counter))

    def put_stream(
        self, session: str, chunks: Iterable[bytes], *, label: str | None, source: str | None
    ) -> tuple[ResultMeta, bool]:
        """Store a byte stream of UTF-8 text in one pass, a chunk row at a time, without holding it whole. A
        stream is read once: a write the server cut is not run again, and fails in one line, nothing stored."""
        ids.check_session(session)
        stream, label, source = incoming_stream(session, self.redact, chunks, label, source)
        return self._store(session, lambda: stream, label, source, None, again=False)

    def _store(
        self,
        session: str,
        chunks: Callable[[], Iterable[bytes]],
        label: str | None,
        source: str | None,
        count: TokenCount | None,
        *,
        again: bool = True,
    ) -> tuple[ResultMeta, bool]:
        """Write body, session and result in one transaction, run again on a fresh connection when the server
        cut it (``again``: ``chunks`` gives the body anew; the handle is the content's, so a second run finds a
        first that committed). When the result turns out to be there already (stored before, or by another
        writer meanwhile), the transaction is rolled back: nothing is written."""

        def write(conn: Any) -> tuple[ResultMeta | None, str]:
            writer = BodyWriter(session, self.counter, self.max_result_bytes, count)
            meta: ResultMeta | None = None
            with conn.transaction():
                body = conn.execute(f"SELECT nextval('{SCHEMA}.bodies')").fetchone()[0]
                for chunk in chunks():
                    for seq, data in writer.feed(chunk):
                        conn.execute(_INSERT_CHUNK, (body, seq, self.tenant, data))
                for seq, data in writer.finish():
                    conn.execute(_INSERT_CHUNK, (body, seq, self.tenant, data))
                meta = self._placed(conn, session, body, writer, label, source)
                if meta is None:
                    raise rollback()  # leaves the block quietly, nothing written
            return meta, writer.handle

        meta, handle = self.db.run(f"cannot store the result in session {session}", write, again=again)
        if meta is not None:
            return meta, True
        existing = self._existing(session, handle)
        if existing is None:
            raise StoreError(f"cannot store the result in session {session}: it was deleted meanwhile; try again")
        return existing, False

    def _placed(
        self, conn: Any, session: str, body: int, writer: BodyWriter, label: str | None, source: str | None
    ) -> ResultMeta | None:
        """Insert the result's row (and its session's); None when a result with this handle exists."""
        index = writer.builder.finish()
        meta = new_meta(writer.handle, session, label, source, writer.builder, writer.tokens())
        conn.execute(ENSURE_SESSION, (self.tenant, session, meta.created))
        row = conn.execute(
            _INSERT_RESULT,
            (self.tenant, body, index, meta.handle, session, meta.label, meta.source, meta.created, meta.chars,
             meta.bytes, meta.lines, meta.tokens, meta.token_method, meta.mime_type),
        ).fetchone()  # fmt: skip
        return meta if row is not None else None

    # reading ---------------------------------------------------------------------------------------------

    def _unknown(self, handle: str) -> UnknownHandle:
        return UnknownHandle.of(handle)

    def _existing(self, session: str, handle: str) -> ResultMeta | None:
        query = f"SELECT {_META} FROM {SCHEMA}.results {_RESULT}"
        row = self.db.row(f"cannot read result {handle}", query, (self.tenant, session, handle))
        return None if row is None else ResultMeta(*row)

    def meta(self, session: str, handle: str) -> ResultMeta:
        found = self._existing(ids.check_session(session), ids.check_handle(handle))
        if found is None:
            raise self._unknown(handle)
        return found

    def find(self, handle: str, sessions: Iterable[str]) -> ResultMeta:
        """The handle in the first of ``sessions`` that holds it: one query finds every session of this tenant
        holding it, and ``sessions`` (which may list the store lazily) is walked only when some does."""
        ids.check_handle(handle)
        query = f"SELECT {_META} FROM {SCHEMA}.results WHERE tenant = %s AND handle = %s"
        rows = self.db.rows(f"cannot read result {handle}", query, (self.tenant, handle))
        held = {row[1]: ResultMeta(*row) for row in rows}
        if held:
            for session in sessions:
                if session in held:
                    return held[session]
        raise self._unknown(handle)

    def open_content(self, session: str, handle: str) -> BinaryIO:
        return self._open(session, handle, False)[0]

    def open_indexed(self, session: str, handle: str) -> tuple[BinaryIO, bytes]:
        return self._open(session, handle, True)

    def _open(self, session: str, handle: str, indexed: bool) -> tuple[BinaryIO, bytes]:
        """One query: the body's id and size, the index when asked, and the text itself when it fits in one
        chunk (most results: reading them needs no second query)."""
        ids.check_session(session)
        ids.check_handle(handle)
        index = "r.line_index" if indexed else "NULL::bytea"
        row = self.db.row(
            f"cannot open result {handle}",
            f"SELECT r.body, r.bytes, {index}, c.data FROM {SCHEMA}.results r LEFT JOIN {SCHEMA}.chunks c "
            "ON c.body = r.body AND c.seq = 0 AND r.bytes <= %s "
            "WHERE r.tenant = %s AND r.session = %s AND r.handle = %s",
            (CHUNK, self.tenant, session, handle),
            binary=True,
        )
        if row is None:
            raise self._unknown(handle)
        body, size = int(row[0]), int(row[1])
        first = None if row[3] is None else row_bytes(row[3])
        content: Any = open_body(size, lambda seq, at, n: self._chunk(handle, body, seq, at, n), first)
        return content, b"" if row[2] is None else row_bytes(row[2])

    def _chunk(self, handle: str, body: int, seq: int, at: int, length: int) -> bytes:
        """``length`` bytes of a chunk from ``at``: the server reads only those (see pg_content.py)."""
        row = self.db.row(
            f"cannot read result {handle}",
            f"SELECT substring(data FROM %s FOR %s) FROM {SCHEMA}.chunks WHERE body = %s AND seq = %s AND tenant = %s",
            (at + 1, length, body, seq, self.tenant),
            binary=True,
        )
        if row is None:
            raise self._unknown(handle)  # deleted while open
        return row_bytes(row[0])

    # sessions ----------------------------------------------------------------------------------------------

    def session_ids(self) -> list[str]:
        query = f"SELECT session FROM {SCHEMA}.sessions WHERE tenant = %s ORDER BY session"
        rows = self.db.rows("cannot list sessions", query, (self.tenant,))
        return [row[0] for row in rows]

    def latest_session(self) -> str | None:
        """The session written to last: its newest result or state, else when it was made."""
        row = self.db.row("cannot list sessions", _LATEST, {"t": self.tenant})
        return None if row is None else str(row[0])

    def list_results(self, session: str) -> list[ResultMeta]:
        """Newest first; handles break ties so the order is stable across calls."""
        ids.check_session(session)
        rows = self.db.rows(
            f"cannot list the results of session {session}",
            f"SELECT {_META} FROM {SCHEMA}.results WHERE tenant = %s AND session = %s ORDER BY created DESC, handle",
            (self.tenant, session),
        )
        return [ResultMeta(*row) for row in rows]

    def list_sessions(self) -> list[SessionInfo]:
        rows = self.db.rows("cannot list sessions", _SESSIONS, (self.tenant,))
        return [SessionInfo(str(s), int(n), int(b), float(u)) for s, n, b, u in rows]

    # removing ----------------------------------------------------------------------------------------------

    def delete_session(self, session: str) -> int:
        """Remove a session, its results and states in one transaction; the bytes freed. Its states' rows are
        locked first, so a holder of one finishes (writing results meanwhile) before the session goes."""
        ids.check_session(session)
        with self.db.connection(f"cannot delete session {session}") as conn:
            with conn.transaction():
                conn.execute(
                    f"SELECT 1 FROM {SCHEMA}.states WHERE tenant = %s AND session = %s FOR UPDATE",
                    (self.tenant, session),
                )
                found = conn.execute(
                    f"SELECT 1 FROM {SCHEMA}.sessions WHERE tenant = %s AND session = %s FOR UPDATE",
                    (self.tenant, session),
                ).fetchone()
                if found is None:
                    raise StoreError(f"no session {session!r} in this store")
                freed = conn.execute(_FREED, {"t": self.tenant, "s": session}).fetchone()[0]  # type: ignore[index]
                conn.execute(
                    f"DELETE FROM {SCHEMA}.sessions WHERE tenant = %s AND session = %s", (self.tenant, session)
                )
        return int(freed)

    def delete_result(self, session: str, handle: str) -> int:
        """Remove one result and its chunks (they go with it); the bytes freed, 0 when it was gone."""
        ids.check_session(session)
        ids.check_handle(handle)
        row = self.db.row(
            f"cannot remove result {handle} of session {session}",
            f"DELETE FROM {SCHEMA}.results {_RESULT} RETURNING bytes + octet_length(line_index)",
            (self.tenant, session, handle),
        )
        return 0 if row is None else int(row[0])

    def remove_debris(self, older_than_s: float = 3600.0) -> int:
        """Nothing to remove: a result is written in one transaction, and an interrupted one leaves nothing."""
        return 0


class PgKeyStore:
    """API keys in the database's ``api_keys`` table: one row per key, its hash and never the key."""

    def __init__(self, url: str) -> None:
        require_driver()
        self.db = database(url)

    def add(self, record: KeyRecord) -> None:
        with self.db.connection("cannot add the key") as conn:
            conn.execute(
                f"INSERT INTO {SCHEMA}.api_keys VALUES (%s, %s, %s, %s, %s, %s)",
                (record.key_id, record.tenant, record.digest, list(record.scopes), record.created, record.revoked),
            )

    def get(self, key_id: str) -> KeyRecord | None:
        found = self._select("WHERE key_id = %s", (key_id,))
        return found[0] if found else None

    def all(self) -> list[KeyRecord]:
        return self._select("ORDER BY created, key_id", ())

    def any_active(self) -> bool:
        row = self.db.row(
            "cannot read the keys", f"SELECT EXISTS (SELECT 1 FROM {SCHEMA}.api_keys WHERE revoked IS NULL)"
        )
        return bool(row and row[0])

    def _select(self, rest: str, args: tuple[Any, ...]) -> list[KeyRecord]:
        query = f"SELECT key_id, tenant, digest, scopes, created, revoked FROM {SCHEMA}.api_keys {rest}"
        rows = self.db.rows("cannot read the keys", query, args)
        return [KeyRecord(k, t, d, tuple(s), float(c), None if r is None else float(r)) for k, t, d, s, c, r in rows]

    def revoke(self, key_id: str) -> bool:
        row = self.db.row(
            "cannot revoke the key",
            f"UPDATE {SCHEMA}.api_keys SET revoked = coalesce(revoked, %s) WHERE key_id = %s RETURNING key_id",
            (time.time(), key_id),
        )
        return row is not None
