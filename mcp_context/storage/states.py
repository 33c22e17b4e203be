"""A tool's small state in a session (``<session>/state/<name>.json.a`` and ``.b``, see slots.py): check_loop's
stream, compaction's replacement decisions. Read and replaced whole, atomically, and changed only under a lock
that threads of this process and other processes (a server and the command line on one root) take in turn.

Kept apart from the results the store holds: a result is written once and never changes, a state changes on
every call and is saved before the call answers (a library may save behind instead: see saves.py)."""

from __future__ import annotations

import os
import re
import threading
from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from functools import cached_property
from pathlib import Path
from typing import NamedTuple

from ..errors import StoreError
from ..redaction import Redactor
from . import folders, saves, slots

try:
    import fcntl
except ImportError:  # Windows: threads of one process still take turns
    fcntl = None  # type: ignore[assignment]

_FILE_MODE = 0o600
_NAME = re.compile(r"[a-z][a-z0-9_-]{0,40}")
_THREAD_LOCKS: dict[str, threading.Lock] = {}
_THREAD_LOCKS_GUARD = threading.Lock()
#: How many states' paths a store remembers (a server checks a few sessions at a time).
_PATHS_KEPT = 1024


class _StatePaths(NamedTuple):
    """Where one state of one session lives, made once: building them took a tenth of a check_loop call. Names
    only: the files are opened from their folder's descriptor, opened anew for each use (see folders.py)."""

    base: Path  # <name>.json: its slots are <name>.json.a and .b
    lock: str
    key: str  # the state's key among this process's thread locks and savers


class StateHold:
    """A tool's state held under its lock: what it holds, what to save when the hold ends, and a background
    save's failure."""

    __slots__ = ("data", "previous_failure", "stored")

    def __init__(self, previous_failure: str | None, stored: bytes | None, data: bytes | None = None) -> None:
        self.previous_failure = previous_failure  # why this state's last background save failed; None when not
        self.stored = stored  # the state to start from (None before the first save)
        self.data = data

    def save(self, data: bytes) -> None:
        self.data = data


class StateFiles(ABC):
    """The state files of a store's sessions; the store provides the directories and the atomic write."""

    #: Whether a state given to ``StateHold.save`` is written after the block, by a saver (see saves.py).
    save_behind: bool
    #: Whether credentials in a state are replaced by placeholders before it is written (see the redaction package).
    redact: bool

    @abstractmethod
    def _state_folder(self, session: str, *, create: bool = False) -> AbstractContextManager[int | None]:
        """The session's state folder for the block, the session id validated: None when it does not exist
        (and ``create`` is False)."""

    @abstractmethod
    def _state_path(self, session: str) -> Path:
        """Where the session's state folder is, for messages and this process's keys (never opened by it)."""

    @cached_property
    def _paths_memo(self) -> dict[tuple[str, str], _StatePaths]:
        return {}

    def _paths(self, session: str, name: str) -> _StatePaths:
        """The state's paths, the session id and the name checked the first time they are asked for."""
        memo = self._paths_memo
        found = memo.get((session, name))
        if found is None:
            directory = self._state_path(session)
            file = state_name(name)
            found = _StatePaths(directory / file, f"{file}.lock", f"{directory}\0{file}")
            if len(memo) >= _PATHS_KEPT:
                memo.clear()
            memo[(session, name)] = found
        return found

    def read_state(self, session: str, name: str) -> bytes | None:
        """A tool's saved state (``<session>/state/<name>``), or None before the first save.

        Names come from the code, never from a client; the session id is validated like everywhere else."""
        paths = self._paths(session, name)
        with self._state_folder(session) as folder:
            return self._newest_state(folder, paths, session, name).document

    def _newest_state(self, folder: int | None, paths: _StatePaths, session: str, name: str) -> slots.Slot:
        """The newest whole slot in the open state folder (None: there is none yet)."""
        if folder is None:
            return slots.Slot(None, 0, None)
        try:
            return slots.newest(paths.base, folder)
        except OSError as exc:
            raise StoreError(f"cannot open state {name} of session {session}: {exc.strerror}") from exc

    def write_state(self, session: str, name: str, data: bytes, *, after: slots.Slot | None = None) -> None:
        """Replace a tool's state durably and atomically: a reader sees the old document or the new one, never
        half (see slots.py)."""
        base = self._paths(session, name).base
        if self.redact:
            data = Redactor(session).json_bytes(data)
        with self._state_folder(session, create=True) as folder:
            try:
                slots.write(base, data, after, folder)
            except OSError as exc:
                raise StoreError(f"cannot save state {name} of session {session}: {exc.strerror}") from exc

    @contextmanager
    def state_lock(self, session: str, name: str) -> Iterator[StateHold]:
        """Hold a tool's state for a read-modify-write: threads of this process and other processes (a server
        and the CLI on one root) wait their turn, so no check reads the old state and writes back only its own.

        ``hold.stored`` is the state to start from. What the holder gives to ``hold.save`` is written when the
        block ends; when this store saves behind, by a saver that keeps the lock until the file is in place, and
        the next holder in this process starts from what it was given instead of waiting (see saves.py)."""
        paths = self._paths(session, name)
        key = paths.key
        with _THREAD_LOCKS_GUARD:
            lock = _THREAD_LOCKS.setdefault(key, threading.Lock())
        with lock:
            latest = saves.join(key)
            if latest is not None:
                hold = StateHold(None, latest)  # a failed save before this one is carried by this one
                try:
                    yield hold
                finally:
                    saves.leave(key, hold.data)
                if not self.save_behind:
                    saves.wait(key)
                return
            with self._state_folder(session, create=True) as folder:
                assert folder is not None  # made
                try:
                    fd = _locked(folder, paths.lock)
                except OSError as exc:
                    raise StoreError(f"cannot lock state {name} of session {session}: {exc.strerror}") from exc
                handed = False
                try:
                    found = self._newest_state(folder, paths, session, name)
                    hold = StateHold(saves.failure(key), found.document)
                    yield hold
                    if hold.data is not None:
                        if self.save_behind:
                            data = hold.data
                            saves.start(key, fd, lambda data: self.write_state(session, name, data), data)
                            handed = True
                        else:
                            self.write_state(session, name, hold.data, after=found)
                finally:
                    if not handed:
                        os.close(fd)  # closing releases the flock

    def peek_state(self, session: str, name: str) -> bytes | None:
        """A tool's state as a reader that takes no lock should see it: what this process last handed to a
        saver still writing it, else what the file holds."""
        latest = saves.peek(self._paths(session, name).key)
        return latest if latest is not None else self.read_state(session, name)


def _locked(folder: int, name: str) -> int:
    """A descriptor holding the lock file ``name`` of the open folder exclusively. Cleanup may remove a lock
    file nobody holds; one removed while this waited for it is no lock any more, so the file now there is
    locked instead."""
    while True:
        fd = folders.open_file(name, os.O_RDWR | os.O_CREAT, folder, _FILE_MODE)
        if fcntl is None:
            return fd
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            if _is_at(fd, folder, name):
                return fd
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)


def _is_at(fd: int, folder: int, name: str) -> bool:
    try:
        there = os.stat(name, dir_fd=folder, follow_symlinks=False)
    except FileNotFoundError:
        return False
    here = os.fstat(fd)
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def remove_state_debris(folder: int, cutoff: float) -> int:
    """Remove from an open state folder what killed writers left (temp files) and lock files nobody holds,
    both untouched since ``cutoff``; a lock in use is left alone (a non-blocking try tells)."""
    removed = 0
    try:
        with os.scandir(folder) as found:
            entries = [e for e in found if e.is_file(follow_symlinks=False)]
    except OSError:
        return 0
    for entry in entries:
        try:
            if entry.stat(follow_symlinks=False).st_mtime >= cutoff:
                continue
            if entry.name.startswith(".tmp-"):
                os.unlink(entry.name, dir_fd=folder)
                removed += 1
            elif entry.name.endswith(".lock") and fcntl is not None:
                fd = folders.open_file(entry.name, os.O_RDWR, folder)
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # held by someone: BlockingIOError, kept
                    if _is_at(fd, folder, entry.name):
                        os.unlink(entry.name, dir_fd=folder)  # while held: a waiter finds it gone, locks the new one
                        removed += 1
                finally:
                    os.close(fd)
        except OSError:
            continue  # renamed, removed or locked meanwhile
    return removed


def state_name(name: str) -> str:
    if not _NAME.fullmatch(name):
        raise ValueError(f"bad state name {name!r}")
    return f"{name}.json"
