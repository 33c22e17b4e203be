"""How long a request waits for PostgreSQL: never past ANSWER_S for one round trip, whatever the server does.

A server that is down refuses connections at once; a server that is stopped (SIGSTOP, a frozen VM, a network
partition that drops packets) accepts bytes into the kernel and never answers, and libpq would wait forever.
So every wait for the server on a connection of ours is bounded on the client (:class:`BoundedConnection`), and
the server is asked to give up first on what it can give up itself (``statement_timeout``, which also bounds
lock waits): a slow query on a live server ends in the server's own one-line error and the connection stays
usable; only a server that says nothing at all costs the connection. Connecting is bounded by libpq's
``connect_timeout``."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import psycopg
from psycopg import errors

#: Seconds one round trip may wait for the server before the connection is given up as dead: under the 5 s in
#: which a request is answered when the database does not answer.
ANSWER_S = 3.5
#: What the server is asked to stop a statement (or its wait for a lock) after: before ANSWER_S, so that a slow
#: but live server answers in its own words and the connection is kept.
STATEMENT_TIMEOUT_MS = 3000
#: Seconds a migration's statements may take (one connection at first use; DDL waits for other replicas).
MIGRATION_S = 60.0

RV = TypeVar("RV")
_WAIT_TIMEOUT: type[BaseException] = getattr(errors, "_WaitTimeout", TimeoutError)
_local = threading.local()


class NoAnswer(psycopg.OperationalError):
    """The server did not answer a round trip within its bound: the connection is closed and never reused."""


class StillQuiet(NoAnswer):
    """The server answered nothing a moment ago (see :class:`Quiet`): it is not asked again yet."""


class BoundedConnection(psycopg.Connection[Any]):
    """A connection whose every wait for the server ends after ANSWER_S (or the bound :func:`bound` set for this
    thread): then the connection is closed, as its state is unknown, and :class:`NoAnswer` raised."""

    def wait(self, gen: Any, interval: float = 0.1, timeout: float | None = None) -> Any:
        limit = getattr(_local, "bound", ANSWER_S)
        try:
            return super().wait(gen, interval, limit if timeout is None else min(timeout, limit))
        except _WAIT_TIMEOUT:
            self.pgconn.finish()  # broken: the pool discards it, a retry takes another
            raise NoAnswer(f"no answer within {limit:.1f} s; try again shortly") from None


@contextmanager
def bound(seconds: float) -> Iterator[None]:
    """Wait at most ``seconds`` per round trip in this thread for the block (a shorter bound where a caller has
    less time left, a longer one for migrations)."""
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


class Quiet:
    """When the server last failed to answer: for QUIET_S after that, a new operation fails at once instead of
    spending its own ANSWER_S on the same silence (a request runs several operations, and must be answered
    within 5 s in all); after it, the next operation tries the server again."""

    QUIET_S = 2.0

    def __init__(self) -> None:
        self.until = 0.0

    def heard_nothing(self) -> None:
        self.until = time.monotonic() + self.QUIET_S

    def silent(self) -> bool:
        return time.monotonic() < self.until
