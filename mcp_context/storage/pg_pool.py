"""Connections to one PostgreSQL database: a pool per URL, shared by every store of this process on it (a
server's sessions and tenants open stores freely without each holding connections), the schema checked and
migrated once before the pool's first connection is handed out, and the driver's errors said in one line.

The password in a URL never reaches a message, a key or a path: a database is named by its host, port,
database and user only (see :func:`place`)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from ..errors import StoreError

try:
    import psycopg
    from psycopg.conninfo import conninfo_to_dict
    from psycopg_pool import ConnectionPool, PoolTimeout

    from .pg_bounds import MIGRATION_S, BoundedConnection, NoAnswer, Quiet, StillQuiet, bound, configure
except ImportError:  # the optional extra is not installed: say so when a database store is opened
    psycopg = None  # type: ignore[assignment]

INSTALL = "the PostgreSQL store needs its driver: install mcp-context[postgres] (pip install 'mcp-context[postgres]')"
#: Seconds to wait for a server to answer a new connection (libpq's least is 2), and for a working connection
#: from the pool: each under the 5 s in which a request is answered when the database is down (a round trip on
#: a connection is bounded in pg_bounds.py).
CONNECT_TIMEOUT = 3
POOL_TIMEOUT = 3.5
POOL_MAX = 16
#: Seconds a state's lock is waited for while another process holds it (a thread of this process waits its
#: turn on a lock of its own first, as long as it takes).
LOCK_WAIT_S = 60.0
#: How many times in all a read or an idempotent write is run when the server cuts its connection.
RUNS = 3
LOCK_TRY_MS = 2000

T = TypeVar("T")
_DATABASES: dict[str, Database] = {}
_GUARD = threading.Lock()


class Unavailable(StoreError):
    """The database cannot answer now (down, silent, or too slow): worth trying again, unlike what it refused."""


def require_driver() -> None:
    if psycopg is None:
        raise StoreError(INSTALL)


def parts(url: str) -> dict[str, str]:
    """What a URL names, password left out; a URL the driver cannot parse fails in one line without echoing it."""
    require_driver()
    try:
        info = conninfo_to_dict(url)
    except psycopg.Error:
        raise StoreError("the store URL is not a valid postgresql:// URL") from None
    return {
        "host": str(info.get("host") or "localhost").split(",")[0],
        "port": str(info.get("port") or "5432").split(",")[0],
        "dbname": str(info.get("dbname") or info.get("user") or "postgres"),
        "user": str(info.get("user") or ""),
        "password": str(info.get("password") or ""),
    }


def rollback() -> BaseException:
    """An exception that ends a ``conn.transaction()`` block by rolling it back, quietly."""
    return psycopg.Rollback()


def place(url: str) -> str:
    """``host:port`` of the server a URL names, as messages show it."""
    named = parts(url)
    return f"{named['host']}:{named['port']}"


def database(url: str) -> Database:
    """The one :class:`Database` of this process for ``url``."""
    require_driver()
    with _GUARD:
        found = _DATABASES.get(url)
        if found is None:
            found = _DATABASES[url] = Database(url)
        return found


class Database:
    """One database's pool, opened on first use after the schema is brought up to date."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.place = place(url)
        self._secret = parts(url)["password"]
        self._pool: ConnectionPool[Any] | None = None
        self._lock = threading.Lock()
        self.quiet = Quiet()

    def _open(self) -> ConnectionPool[Any]:
        """Connect once directly, so that a server that cannot be reached says so now and in one line (a pool
        would retry in the background until its timeout), migrate, then open the pool."""
        from .pg_schema import migrate

        with self._lock:
            if self._pool is None:
                with self.errors("cannot open the store"):
                    with (
                        BoundedConnection.connect(self.url, connect_timeout=CONNECT_TIMEOUT) as conn,
                        bound(MIGRATION_S),
                    ):
                        migrate(conn)
                    pool: ConnectionPool[Any] = ConnectionPool(
                        self.url,
                        connection_class=BoundedConnection,
                        configure=configure,
                        min_size=1,
                        max_size=POOL_MAX,
                        kwargs={"autocommit": True, "connect_timeout": CONNECT_TIMEOUT},
                        timeout=POOL_TIMEOUT,
                        name=f"mcp-context {self.place}",
                        open=True,
                    )
                self._pool = pool
            return self._pool

    @contextmanager
    def connection(self, what: str) -> Iterator[psycopg.Connection[Any]]:
        """A pooled connection in autocommit mode (a block opens ``conn.transaction()`` where it needs one);
        any driver error in the block becomes one StoreError line beginning with ``what``."""
        pool = self._pool or self._open()
        with self.errors(what):
            conn = self._checked(pool)
            try:
                yield conn
            finally:
                pool.putconn(conn)

    def row(self, what: str, query: str, args: Any = (), *, binary: bool = False) -> Any:
        """The first row a statement returns (None: none), see :meth:`rows`: a read, or a write that lands the
        same when run twice."""
        return self.run(what, lambda conn: conn.execute(query, args, binary=binary).fetchone())

    def rows(self, what: str, query: str, args: Any = (), *, binary: bool = False) -> list[Any]:
        """The rows a read returns, run again once on a fresh connection when the server cut the first (see
        :meth:`run`)."""
        found: list[Any] = self.run(what, lambda conn: conn.execute(query, args, binary=binary).fetchall())
        return found

    def run(self, what: str, work: Callable[[psycopg.Connection[Any]], T], *, again: bool = True) -> T:
        """``work`` on a pooled connection. When the server cut that connection (a terminated backend, a
        restart, a failover) the work is run again on a fresh one, up to RUNS times in all, if ``again``: a read,
        or a write that lands the same however often it is run (a result stored by its content's handle, a state
        replaced whole, a row removed), so the request is answered instead of failed. A write runs in its own
        transaction, which the cut rolls back, or which committed just before the cut and is found committed by
        the next run; so nothing is acknowledged that was not committed. A server that does not answer at all
        is not asked again."""
        pool = self._pool or self._open()
        with self.errors(what):
            for attempt in range(1, RUNS + 1):
                conn = self._checked(pool)
                try:
                    return work(conn)
                except psycopg.OperationalError as exc:
                    if attempt == RUNS or not again or not conn.broken or isinstance(exc, NoAnswer):
                        raise
                finally:
                    pool.putconn(conn)
        raise AssertionError("the last run returns or raises")  # pragma: no cover

    def lock_row(self, conn: psycopg.Connection[Any], what: str, query: str, args: Any) -> Any:
        """The row a ``SELECT ... FOR UPDATE`` locks, in the caller's transaction, waiting for another holder up
        to LOCK_WAIT_S, in tries of LOCK_TRY_MS each (a savepoint takes a try that timed out back), so that a
        holder that never lets go (a replica stopped while it held the row) costs a clear error, not a hang."""
        deadline = time.monotonic() + LOCK_WAIT_S
        while True:
            try:
                with conn.transaction():
                    conn.execute("SELECT set_config('lock_timeout', %s, true)", (f"{LOCK_TRY_MS}ms",))
                    return conn.execute(query, args, binary=True).fetchone()
            except psycopg.errors.LockNotAvailable:
                if time.monotonic() > deadline:
                    raise StoreError(
                        f"{what}: another request has held it for over {LOCK_WAIT_S:.0f} s; try again shortly"
                    ) from None

    @contextmanager
    def errors(self, what: str) -> Iterator[None]:
        try:
            yield
        except PoolTimeout:
            raise Unavailable(
                f"{what}: no working connection to PostgreSQL at {self.place} within {POOL_TIMEOUT:g} s (the "
                "server is down or every connection is busy); try again shortly"
            ) from None
        except psycopg.Error as exc:
            state = getattr(exc, "sqlstate", None) or ""
            if isinstance(exc, NoAnswer) and not isinstance(exc, StillQuiet):
                self.quiet.heard_nothing()
            if isinstance(exc, psycopg.errors.QueryCanceled):
                raise Unavailable(
                    f"{what}: PostgreSQL at {self.place} took too long (the server stopped the statement); try "
                    "again shortly"
                ) from None
            if isinstance(exc, psycopg.OperationalError) and (not state or state.startswith(("08", "57P", "28"))):
                raise Unavailable(f"{what}: cannot reach PostgreSQL at {self.place}: {self._line(exc)}") from None
            raise StoreError(f"{what}: PostgreSQL at {self.place} said: {self._line(exc)}") from None

    def _line(self, exc: BaseException) -> str:
        """The driver's reason in one line: the server's own words, without the connection string around them
        (and never the password, should a message ever quote it)."""
        primary = getattr(getattr(exc, "diag", None), "message_primary", None)
        text = primary or (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        text = text.rsplit(" failed: ", 1)[-1].removeprefix("FATAL:").strip()
        if self._secret:
            text = text.replace(self._secret, "***")
        return text[:300]

    def close(self) -> None:
        """Close the pool (tests that drop a database call this first); reopened on the next use."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.close()

    def _checked(self, pool: ConnectionPool[Any]) -> psycopg.Connection[Any]:
        """A pooled connection that has just answered the server: one the server closed while it sat in the
        pool (a restart, a terminated backend, a failover) is given back, closed by the pool and replaced, and
        the next is tried at once, all within POOL_TIMEOUT. (The pool's own ``check=`` waits 1 s, then 2 s, ...
        between two failed checks, so a pool of dead connections would hold a request past the time it must be
        answered in.) A server that answered nothing a moment ago is not waited for again (see Quiet)."""
        if self.quiet.silent():
            raise StillQuiet("no answer a moment ago; try again shortly")
        deadline = time.monotonic() + POOL_TIMEOUT
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise PoolTimeout()
            conn: psycopg.Connection[Any] = pool.getconn(timeout=left)
            try:
                with bound(deadline - time.monotonic()):
                    ConnectionPool.check_connection(conn)
            except NoAnswer:
                pool.putconn(conn)
                raise
            except psycopg.Error:
                pool.putconn(conn)
                continue
            except BaseException:
                pool.putconn(conn)
                raise
            return conn


def close_all() -> None:
    with _GUARD:
        found = list(_DATABASES.values())
    for db in found:
        db.close()
