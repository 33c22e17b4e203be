"""Folders under a store's root, each opened from its parent's descriptor and never through a link.

A path checked and then used (resolve it, see that it lies under the root, open it) leaves a gap: a folder
swapped for a link between the check and the use, or after the check was remembered, sends the use outside the
root. Here every use walks from the root down, opening each level relative to the descriptor of the one above
with ``O_NOFOLLOW | O_DIRECTORY`` (``openat``), and the files inside are opened, renamed and removed relative
to the last descriptor (``dir_fd=``): whatever a path names meanwhile, what is used is the folder that was
opened, and a link at any level is refused. The root itself may be a link the user made
(``~/.mcp-context -> /data/ctx``): it is followed once, when the store first opens it (:class:`Root`), checked
(a folder of this user's that others may not write to), and then held open: the root swapped for a link
afterwards changes nothing, every use starts from the folder that was opened. Only a root removed meanwhile
(its descriptor names a folder with no name left) is opened anew, as at start.
"""

from __future__ import annotations

import errno
import os
import stat
import threading
import weakref
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from ..errors import StoreError, shown_path

DIR_MODE = 0o700
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
_ROOT_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)
#: What opening a link or a file as a folder fails with: ELOOP for a link under O_NOFOLLOW, ENOTDIR for a file.
_NOT_A_FOLDER = (errno.ELOOP, errno.ENOTDIR, getattr(errno, "EMLINK", errno.ELOOP))


class Root:
    """A store's root folder, opened on first use and then held: every folder under it is opened from this
    descriptor, never from the path again (see the module's docstring). Thread-safe. :meth:`at` gives every
    store of a process under one path the same Root while any holds it (a server's tenants, its key file), so
    a store made after the root was swapped still starts from the folder opened first."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path).expanduser().absolute()
        self._fd: int | None = None
        self._lock = threading.Lock()

    @classmethod
    def at(cls, path: Path) -> Root:
        """The Root of ``path`` this process holds, or a new one."""
        path = Path(path).expanduser().absolute()
        with _held_lock:
            found = _held.get(str(path))
            if found is None:
                found = _held[str(path)] = cls(path)
            return found

    def descriptor(self, *, create: bool = False) -> int | None:
        """The root's descriptor (held: the caller must not close it), None when it does not exist yet and
        ``create`` is False."""
        with self._lock:
            if self._fd is not None:
                if os.fstat(self._fd).st_nlink > 0:
                    return self._fd
                os.close(self._fd)  # removed while held: what now stands at the path is a new root
                self._fd = None
            fd = _open_root(self.path, create)
            if fd is not None:
                _check_root(fd, self.path)
                self._fd = fd
            return fd

    def close(self) -> None:
        with self._lock:
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None

    def __del__(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)


_held: weakref.WeakValueDictionary[str, Root] = weakref.WeakValueDictionary()
_held_lock = threading.Lock()


@contextmanager
def opened(root: Root, parts: Sequence[str]) -> Iterator[int | None]:
    """The descriptor of ``root/parts...`` for the block, None when a level is missing."""
    fd = open_folder(root, parts)
    try:
        yield fd
    finally:
        if fd is not None:
            os.close(fd)


@contextmanager
def made(root: Root, parts: Sequence[str]) -> Iterator[int]:
    """The descriptor of ``root/parts...`` for the block, the missing levels made first (each 0700)."""
    fd = open_folder(root, parts, create=True)
    if fd is None:
        raise StoreError(f"cannot create {shown_path(root.path.joinpath(*parts))}: it vanished while it was made")
    try:
        yield fd
    finally:
        os.close(fd)


def open_folder(root: Root, parts: Sequence[str], *, create: bool = False) -> int | None:
    """A descriptor of ``root/parts...`` (the caller closes it), None when a level is missing and ``create`` is
    False. A level that is a link or no folder raises StoreError, as does a level that cannot be opened."""
    top = root.descriptor(create=create)
    if top is None:
        return None
    if not parts:
        return os.dup(top)
    fd: int | None = top
    at = root.path
    try:
        for part in parts:
            at = at / part
            assert fd is not None
            child = open_child(fd, part, at, create=create)
            if fd != top:
                os.close(fd)
            fd = child
            if fd is None:
                return None
        return fd
    except BaseException:
        if fd is not None and fd != top:
            os.close(fd)
        raise


def open_child(parent: int, name: str, shown: Path, *, create: bool = False) -> int | None:
    """The folder ``name`` in the folder ``parent``, opened from it without following a link (made 0700 first
    when ``create``); None when it is missing. ``shown``: its path, for messages only."""
    child = _open_child(parent, name, shown)
    if child is not None or not create:  # opened first: a folder is made once and opened at every store
        return child
    made_here = False
    try:
        os.mkdir(name, DIR_MODE, dir_fd=parent)
        made_here = True
    except FileExistsError:  # made meanwhile by another
        pass
    except OSError as exc:
        raise _refusal(shown, exc) from None
    child = _open_child(parent, name, shown)
    if child is not None and made_here:
        os.fchmod(child, DIR_MODE)  # the umask may have taken bits away; never adds them, but be explicit
    return child


def _open_child(parent: int, name: str, shown: Path) -> int | None:
    try:
        return os.open(name, _FLAGS, dir_fd=parent)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise _refusal(shown, exc) from None


def open_file(name: str | Path, flags: int, folder: int | None, mode: int = 0o600) -> int:
    """A descriptor of the plain file ``name`` in the open ``folder`` (None: ``name`` is a path), never through
    a link, and never blocking on what is no plain file: a FIFO put in a file's place would hold the opening
    thread for ever (a read-only open waits for a writer), so it is opened non-blocking and refused, with a
    device or socket, as OSError "not a plain file"."""
    fd = os.open(name, flags | NOFOLLOW | _NONBLOCK | getattr(os, "O_CLOEXEC", 0), mode, dir_fd=folder)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a plain file")
    except BaseException:
        os.close(fd)
        raise
    return fd


def _open_root(root: Path, create: bool) -> int | None:
    try:
        if create:
            root.parent.mkdir(parents=True, exist_ok=True)
            try:
                os.mkdir(root, DIR_MODE)
                os.chmod(root, DIR_MODE)
            except FileExistsError:
                pass
        return os.open(root, _ROOT_FLAGS)
    except FileNotFoundError:
        if create:
            raise StoreError(f"cannot create {shown_path(root)}: it vanished while it was made") from None
        return None
    except OSError as exc:
        raise _refusal(root, exc) from None


def _check_root(fd: int, path: Path) -> None:
    """Refuse a root that is not this user's own, or that anyone may write to: whoever can write there can
    put their own folders and key file in the store's place. Closes ``fd`` when it refuses."""
    st = os.fstat(fd)
    why = ""
    if hasattr(os, "geteuid") and st.st_uid != os.geteuid():
        why = f"it belongs to user id {st.st_uid}, not to this user ({os.geteuid()})"
    elif st.st_mode & stat.S_IWOTH:
        why = "anyone may write to it (chmod o-w, or 700, to use it)"
    if why:
        os.close(fd)
        raise StoreError(f"refusing the store's root {shown_path(path)}: {why}")


def _refusal(path: Path, exc: OSError) -> StoreError:
    if exc.errno in _NOT_A_FOLDER:
        return StoreError(f"{shown_path(path)} is not a plain directory (a link or a file); refusing to use it")
    return StoreError(f"cannot use {shown_path(path)}: {exc.strerror}")


def sync(folder: int) -> None:
    """Make the names just placed in ``folder`` durable, where the file system allows it."""
    try:
        os.fsync(folder)
    except OSError:
        pass  # some file systems refuse fsync on a directory; the files' own data is synced


def bytes_under(folder: int) -> int:
    """The size of the regular files under an open folder, links not followed."""
    total = 0
    for _, _, files, fd in os.fwalk(".", dir_fd=folder):
        for name in files:
            try:
                st = os.stat(name, dir_fd=fd, follow_symlinks=False)
            except OSError:
                continue
            if stat.S_ISREG(st.st_mode):
                total += st.st_size
    return total


def remove(folder: int, name: str) -> None:
    """Remove the file ``name`` from the open folder, if it is there."""
    try:
        os.unlink(name, dir_fd=folder)
    except FileNotFoundError:
        pass
