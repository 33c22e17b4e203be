"""Tools' states in PostgreSQL: a row per (tenant, session, name), replaced whole in one statement, and
``state_lock`` as a transaction holding ``SELECT ... FOR UPDATE`` on that row for the block, so that replicas
and processes on one database take turns as threads do.

Rows the lock needs (the session's and the state's) are created and committed before the locking transaction
begins: a holder's block writes results and other states through other pooled connections, and those must
never wait for a row only this uncommitted transaction has made."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..errors import StoreError
from ..redaction import Redactor
from . import ids
from .pg_content import row_bytes
from .pg_pool import Database
from .pg_schema import SCHEMA
from .states import StateHold, state_name

_THREAD_LOCKS: dict[str, threading.Lock] = {}
_THREAD_LOCKS_GUARD = threading.Lock()

ENSURE_SESSION = f"INSERT INTO {SCHEMA}.sessions VALUES (%s, %s, %s) ON CONFLICT DO NOTHING"
_ENSURE_STATE = f"INSERT INTO {SCHEMA}.states VALUES (%s, %s, %s, NULL, %s) ON CONFLICT DO NOTHING"
_UPSERT = (
    f"INSERT INTO {SCHEMA}.states VALUES (%s, %s, %s, %b, %s) "
    "ON CONFLICT (tenant, session, name) DO UPDATE SET data = EXCLUDED.data, updated = EXCLUDED.updated"
)
_WHERE = "WHERE tenant = %s AND session = %s AND name = %s"
_READ = f"SELECT data FROM {SCHEMA}.states {_WHERE}"


def _checked(name: str) -> str:
    """A state's name as the file store admits it (names come from the code, never from a client)."""
    return state_name(name).removesuffix(".json")


class PgStates:
    """The state half of a PostgreSQL store (see postgres.py), which provides the database and the tenant."""

    db: Database
    tenant: str
    redact: bool
    save_behind: bool
    _key: str  # the store's root as a string: this tenant of this database

    def read_state(self, session: str, name: str) -> bytes | None:
        ids.check_session(session)
        what = f"cannot read state {name} of session {session}"
        row = self.db.row(what, _READ, (self.tenant, session, _checked(name)), binary=True)
        return None if row is None or row[0] is None else row_bytes(row[0])

    def peek_state(self, session: str, name: str) -> bytes | None:
        """Nothing is saved behind here: what the database holds is what a reader sees."""
        return self.read_state(session, name)

    def write_state(self, session: str, name: str, data: bytes) -> None:
        """Replace a state in one transaction (its session created with it): a reader sees old or new. A write the
        server cut is run once more (replacing a row whole lands the same twice)."""
        ids.check_session(session)
        name = _checked(name)
        if self.redact:
            data = Redactor(session).json_bytes(data)
        now = time.time()

        def write(conn: Any) -> None:
            with conn.transaction():
                conn.execute(ENSURE_SESSION, (self.tenant, session, now))
                conn.execute(_UPSERT, (self.tenant, session, name, data, now))

        self.db.run(f"cannot save state {name} of session {session}", write)  # run again when cut: same row

    @contextmanager
    def state_lock(self, session: str, name: str) -> Iterator[StateHold]:
        """Hold a state's row for a read-modify-write; what the holder gives to ``hold.save`` is written in
        the same transaction, before the row is let go. Threads of this process queue on a lock of their own
        first, so that waiters do not each hold a pooled connection the holder's block may need; a holder in
        another process is waited for a statement's time at once, so the wait never hides a server that stopped
        answering (see Database.lock_row)."""
        ids.check_session(session)
        name = _checked(name)
        key = f"{self._key}\0{session}\0{name}"
        with _THREAD_LOCKS_GUARD:
            lock = _THREAD_LOCKS.setdefault(key, threading.Lock())
        what = f"cannot lock state {name} of session {session}"
        with lock, self.db.connection(what) as conn:
            for _ in range(10):
                now = time.time()
                conn.execute(ENSURE_SESSION, (self.tenant, session, now))
                conn.execute(_ENSURE_STATE, (self.tenant, session, name, now))
                with conn.transaction():
                    row = self.db.lock_row(conn, what, f"{_READ} FOR UPDATE", (self.tenant, session, name))
                    if row is None:
                        continue  # the session was deleted between the two: make the rows again
                    hold = StateHold(None, None if row[0] is None else row_bytes(row[0]))
                    yield hold
                    if hold.data is not None:
                        self._save_held(conn, session, name, hold.data)
                return
        raise StoreError(f"{what}: the session keeps being deleted")

    def _save_held(self, conn: Any, session: str, name: str, data: bytes) -> None:
        if self.redact:
            data = Redactor(session).json_bytes(data)
        conn.execute(
            f"UPDATE {SCHEMA}.states SET data = %b, updated = %s {_WHERE}",
            (data, time.time(), self.tenant, session, name),
        )
