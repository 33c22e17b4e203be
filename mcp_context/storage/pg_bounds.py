"""How long a request waits for PostgreSQL: a server that says nothing is given up on within seconds, a server
that is working on a long statement is waited for.

A server that is down refuses connections at once; a server that is stopped (SIGSTOP, a frozen VM, a network
partition that drops packets) accepts bytes into the kernel and never answers, and libpq would wait for ever.
Silence alone cannot tell the two apart from a long statement (a 32 MB result written and indexed on a busy
machine), so a round trip silent for ANSWER_S is looked at by a watchdog from another connection: when that
connection cannot be made, or the server shows no backend of ours at work (``pg_stat_activity``: not
``active``, a frozen backend never picked the statement up), the waiting connection's socket is shut and the
wait ends in :class:`NoAnswer`; while its backend is at work the wait goes on. Connecting is bounded by libpq's
``connect_timeout``; the server gives up on a statement after STATEMENT_TIMEOUT_MS (``statement_timeout``)."""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg import errors

#: Seconds a round trip may be silent before the watchdog asks the server whether it is working on it.
ANSWER_S = 1.5
#: Seconds between the watchdog's looks, and how long in all a backend may be seen idle while a statement of
#: ours waits (a statement is picked up in microseconds: idle that long means it never will be).
TICK_S = 0.2
IDLE_S = 1.0
#: How long the watchdog's own look may take (connecting is libpq's least connect_timeout, 2 s).
PROBE_S = 1.0
#: What the server is asked to stop a statement after; the client waits this long, and a little more, at most.
STATEMENT_TIMEOUT_MS = 120_000
LONGEST_S = STATEMENT_TIMEOUT_MS / 1000 + 10
#: Seconds a migration's statements may take (one connection at first use; DDL waits for other replicas).
MIGRATION_S = 60.0

_WAIT_TIMEOUT: type[BaseException] = getattr(errors, "_WaitTimeout", TimeoutError)
_local = threading.local()
log = logging.getLogger("mcp_context.store")


class NoAnswer(psycopg.OperationalError):
    """The server did not answer a round trip, nor showed it was working on it: the connection is closed."""


class StillQuiet(NoAnswer):
    """The server answered nothing a moment ago (see :class:`Quiet`): it is not asked again yet."""


class BoundedConnection(psycopg.Connection[Any]):
    """A connection whose waits for the server are watched (see the module's docstring), or bounded outright
    where :func:`bound` set a bound for this thread."""

    url = ""

    @classmethod
    def connect(cls, conninfo: str = "", *args: Any, **kwargs: Any) -> BoundedConnection:
        conn: BoundedConnection = super().connect(conninfo, *args, **kwargs)
        conn.url = conninfo  # for the watchdog's own connection to the same server
        return conn

    def wait(self, gen: Any, interval: float = 0.1, timeout: float | None = None) -> Any:
        limit = getattr(_local, "bound", None)
        if limit is not None:
            try:
                return super().wait(gen, interval, limit if timeout is None else min(timeout, limit))
            except _WAIT_TIMEOUT:
                self.pgconn.finish()  # broken: the pool discards it, a retry takes another
                raise NoAnswer(f"no answer within {limit:.1f} s; try again shortly") from None
        watch = _WATCHDOG.watch(self)
        try:
            return super().wait(gen, interval, LONGEST_S if timeout is None else timeout)
        except psycopg.OperationalError:
            if watch.silenced:
                raise NoAnswer("no answer, and no sign of work on it; try again shortly") from None
            raise
        except _WAIT_TIMEOUT:
            self.pgconn.finish()
            raise NoAnswer(f"no answer within {LONGEST_S:.0f} s; try again shortly") from None
        finally:
            _WATCHDOG.forget(watch)


@contextmanager
def bound(seconds: float) -> Iterator[None]:
    """Wait at most ``seconds`` per round trip in this thread for the block, watchdog or not (the check of a
    pooled connection before use, a migration, the watchdog's own look)."""
    before = getattr(_local, "bound", None)
    _local.bound = max(seconds, 0.05)
    try:
        yield
    finally:
        if before is None:
            del _local.bound
        else:
            _local.bound = before


def configure(conn: psycopg.Connection[Any]) -> None:
    """Each pooled connection's session settings: the server gives up on a statement before the client does."""
    conn.execute("SELECT set_config('statement_timeout', %s, false)", (f"{STATEMENT_TIMEOUT_MS}ms",))


@dataclass(eq=False)
class Watch:
    """One round trip being waited for."""

    conn: BoundedConnection
    started: float
    pid: int
    idle: float = 0.0  # seconds the watchdog has seen its backend not at work
    silenced: bool = False


class Watchdog:
    """The thread that looks at round trips silent for ANSWER_S (one thread for the process, started on first
    use, idle while nothing waits)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._watches: set[Watch] = set()
        self._thread: threading.Thread | None = None
        self._probes: dict[str, BoundedConnection] = {}

    def watch(self, conn: BoundedConnection) -> Watch:
        found = Watch(conn, time.monotonic(), conn.pgconn.backend_pid)
        with self._lock:
            self._watches.add(found)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="mcp-context pg watchdog", daemon=True)
                self._thread.start()
        return found

    def forget(self, watch: Watch) -> None:
        with self._lock:
            self._watches.discard(watch)

    def _run(self) -> None:
        _local.bound = PROBE_S  # the watchdog's own waits are bounded, never watched
        while True:
            time.sleep(TICK_S)
            now = time.monotonic()
            with self._lock:
                silent = [w for w in self._watches if now - w.started >= ANSWER_S and w.conn.url]
            by_url: dict[str, list[Watch]] = {}
            for each in silent:
                by_url.setdefault(each.conn.url, []).append(each)
            for url, watches in by_url.items():
                try:
                    self._look(url, watches)
                except Exception as exc:  # noqa: BLE001  (the watchdog outlives whatever one look ran into)
                    log.warning("the PostgreSQL watchdog could not look at %d statement(s): %s", len(watches), exc)

    def _look(self, url: str, watches: list[Watch]) -> None:
        working = self._working(url, [w.pid for w in watches])
        for each in watches:
            each.idle = 0.0 if working is not None and each.pid in working else each.idle + TICK_S
            if working is None or each.idle >= IDLE_S:
                self._silence(each)

    def _working(self, url: str, pids: list[int]) -> set[int] | None:
        """Those of ``pids`` whose backend is running a statement, or None when the server does not answer. The
        watchdog's own connection, kept between looks, may have been closed by the server meanwhile (a
        terminated backend, a restart): then one new connection is tried before the server is judged silent."""
        for attempt in range(2):
            probe = self._probes.get(url)
            try:
                if probe is None or probe.closed:
                    probe = self._probes[url] = BoundedConnection.connect(url, autocommit=True, connect_timeout=2)
                rows = probe.execute(
                    "SELECT pid FROM pg_stat_activity WHERE pid = ANY(%s) AND state = 'active'", (pids,)
                ).fetchall()
                return {int(row[0]) for row in rows}
            except Exception as exc:  # noqa: BLE001  (whatever went wrong, the server did not show it was at work)
                stale = self._probes.pop(url, None)
                if stale is not None:
                    with suppress(Exception):
                        stale.close()
                if attempt or isinstance(exc, NoAnswer) or probe is None or probe is not stale:
                    return None  # silent, or a connection just made failed: the server is not answering
        return None

    def _silence(self, watch: Watch) -> None:
        """Shut the waiting connection's socket (its thread then fails at once), while the wait is surely still
        on, so the descriptor is the connection's own."""
        with self._lock:
            if watch not in self._watches or watch.silenced:
                return
            watch.silenced = True
            with suppress(OSError, psycopg.Error), socket.socket(fileno=os.dup(watch.conn.pgconn.socket)) as copy:
                copy.shutdown(socket.SHUT_RDWR)  # the copy is closed after; the connection's own stays open


_WATCHDOG = Watchdog()


class Quiet:
    """When the server last failed to answer: for QUIET_S after that, a new operation fails at once instead of
    spending its own wait on the same silence (a request runs several operations, and must be answered within
    5 s in all); after it, the next operation tries the server again."""

    QUIET_S = 2.0

    def __init__(self) -> None:
        self.until = 0.0

    def heard_nothing(self) -> None:
        self.until = time.monotonic() + self.QUIET_S

    def silent(self) -> bool:
        return time.monotonic() < self.until
