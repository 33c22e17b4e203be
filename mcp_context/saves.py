"""Saves that finish after the answer: a tool's state written by a worker thread once the caller has it.

A state save is a write, an fsync and a rename: on ext4 about half a millisecond, which check_loop would
otherwise pay on every call before answering, more than the check itself costs. A store that saves behind
(the server's) hands the save to a worker together with the state's lock, which the worker releases once the
file is in place. So the next check of that session, in this process or another one, waits for the save
and reads what it wrote; no reader ever sees half a file, as the write is the usual temp file, fsync and
rename. The workers are the standard library's, which a process that ends normally (a host closing the
server's stdin) lets finish first. A kill in the moment between the answer and its save loses that one
check's events, never the state before it; a save that fails is told to the next check of the session.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import wait as wait_for

_GUARD = threading.Lock()
_FAILED: dict[str, str] = {}  # why the last save of a state failed, by the state's key
_PENDING: set[Future[None]] = set()
_workers: ThreadPoolExecutor | None = None


def start(key: str, save: Callable[[], None], release: Callable[[], None]) -> None:
    """Run ``save`` on a worker, then ``release`` (always); a failure is kept for :func:`failure`."""
    global _workers

    def run() -> None:
        try:
            save()
        except Exception as exc:
            with _GUARD:
                _FAILED[key] = str(exc)
        finally:
            release()

    with _GUARD:
        if _workers is None:
            _workers = ThreadPoolExecutor(max_workers=4, thread_name_prefix="mcp-context-save")
        future = _workers.submit(run)
        _PENDING.add(future)
    future.add_done_callback(_done)


def _done(future: Future[None]) -> None:
    with _GUARD:
        _PENDING.discard(future)


def failure(key: str) -> str | None:
    """Why the last background save of this state failed, once; None when it did not."""
    with _GUARD:
        return _FAILED.pop(key, None)


def wait() -> None:
    """Until every save started so far in this process is on disk (or has failed)."""
    while True:
        with _GUARD:
            pending = list(_PENDING)
        if not pending:
            return
        wait_for(pending)
