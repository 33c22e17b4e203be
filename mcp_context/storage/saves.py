"""Saves that finish after the answer: a tool's state written by a worker thread once the caller has it.

A state save is a write, an fsync and a rename: on ext4 half a millisecond to a few, which check_loop would
otherwise pay on every call before answering, more than the check itself costs. A store that saves behind
(the server's) hands the save to a *saver*, together with the state's file lock, which the saver keeps until
every state handed to it is in place. Meanwhile the next check of that session in this process does not wait
for the disk: no other process can have changed the state while the lock stayed held, so it carries on from
the state last handed over, and hands its own; a saver that falls behind writes only the newest. A check in
another process waits for the lock and reads what was written. A saver holding the lock for longer than
``MAX_HOLD`` lets the next check of this process wait for it, so other processes get their turn.

No reader ever sees half a file, as every write is the usual temp file, fsync and rename. The workers are the
standard library's, which a process that ends normally (a host closing the server's stdin) lets finish. A kill
between an answer and its save loses the events of the checks not yet written, never the state before them; a
save that fails is told to the next check of the session, unless a later save of the same state succeeded.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

#: Seconds a saver may keep a state's lock through back-to-back checks before they wait for it to let go.
MAX_HOLD = 0.25

_CHANGED = threading.Condition()  # guards everything below; notified when a saver finishes or lets go
_FAILED: dict[str, str] = {}  # why the last save of a state failed, by the state's key
_SAVERS: dict[str, _Saver] = {}
if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

_workers: ThreadPoolExecutor | None = None


class _Saver:
    __slots__ = ("joined", "latest", "lock_fd", "pending", "running", "since", "write")

    def __init__(
        self, lock_fd: int, write: Callable[[bytes], None], latest: bytes, pending: bytes | None, since: float
    ) -> None:
        self.lock_fd = lock_fd  # the state's lock file, flock held for as long as the saver lives
        self.write = write
        self.latest = latest  # what the file holds once every save handed over is done
        self.pending = pending
        self.since = since  # when the lock was taken (monotonic)
        self.running = False  # a worker is writing, or about to
        self.joined = False  # a check is working from ``latest``


def start(key: str, lock_fd: int, write: Callable[[bytes], None], data: bytes) -> None:
    """Write ``data`` on a worker; the saver owns ``lock_fd`` from now on and closes it when done."""
    with _CHANGED:
        saver = _Saver(lock_fd, write, data, data, time.monotonic())
        _SAVERS[key] = saver
        _run(key, saver)


def join(key: str) -> bytes | None:
    """The state this process last handed over, if a saver still holds its lock: the caller may work from it
    without the lock or the disk, and must :func:`leave`. None when there is no saver: take the lock and read.

    The caller holds the state's thread lock, so at most one check joins a saver at a time."""
    with _CHANGED:
        saver = _SAVERS.get(key)
        if saver is not None and time.monotonic() - saver.since > MAX_HOLD:
            while _SAVERS.get(key) is saver:  # held long enough: let it finish and let go
                _CHANGED.wait()
            saver = None
        if saver is None:
            return None
        saver.joined = True
        return saver.latest


def leave(key: str, data: bytes | None) -> None:
    """End a :func:`join`: ``data`` is the state to save (None: nothing changed)."""
    with _CHANGED:
        saver = _SAVERS[key]
        saver.joined = False
        if data is not None:
            saver.latest = saver.pending = data
        if not saver.running:
            _run(key, saver)


def _run(key: str, saver: _Saver) -> None:
    """Under the guard: write what is pending on a worker, or let go of the lock when nothing is."""
    global _workers
    if saver.pending is None:
        if not saver.joined:
            _finish(key, saver)
        return
    if _workers is None:
        from concurrent.futures import ThreadPoolExecutor  # here: a hook's process never saves behind

        _workers = ThreadPoolExecutor(max_workers=4, thread_name_prefix="mcp-context-save")
    saver.running = True
    _workers.submit(_work, key, saver)


def _work(key: str, saver: _Saver) -> None:
    while True:
        with _CHANGED:
            data, saver.pending = saver.pending, None
            if data is None:
                saver.running = False
                if saver.joined:
                    _CHANGED.notify_all()
                else:
                    _finish(key, saver)
                return
        try:
            saver.write(data)
        except Exception as exc:
            with _CHANGED:
                _FAILED[key] = str(exc)
        else:
            with _CHANGED:  # each state holds every event of the ones before it: a failed save is made good
                _FAILED.pop(key, None)


def _finish(key: str, saver: _Saver) -> None:
    del _SAVERS[key]
    os.close(saver.lock_fd)  # closing releases the flock
    _CHANGED.notify_all()


def failure(key: str) -> str | None:
    """Why the last background save of this state failed, once; None when it did not."""
    with _CHANGED:
        return _FAILED.pop(key, None)


def peek(key: str) -> bytes | None:
    """The state as last handed over while a saver holds it; None when the file is current."""
    with _CHANGED:
        saver = _SAVERS.get(key)
        return None if saver is None else saver.latest


def wait(key: str | None = None) -> None:
    """Until every save started so far in this process (or of this state) is on disk, or has failed."""
    with _CHANGED:
        while any(s.running or s.pending is not None for k, s in _SAVERS.items() if key is None or k == key):
            _CHANGED.wait()
