"""A small document replaced durably in place: two slot files written in turn, each a header and the document.

A state changes on every call (check_loop's stream, a hook's notes), and an answer means the change is on disk.
Written the usual way, a temp file, fsync and rename, each save creates a file and renames it over the last: two
journal transactions, which cost more than the check the save follows. Here a save overwrites the older of two
files that already exist and ``fdatasync``\\ s it, one data write: the newer one is left alone, so a save cut
short by a kill or a crash leaves a slot whose checksum fails, and a reader takes the other.

Given the descriptor of the folder it lives in (``folder``), a document's files are opened from it by name, so
a folder swapped for a link meanwhile is never written through (see folders.py); ``base`` then names it, for
the files' names and this process's memory of them.

Each slot holds a header (magic, sequence number, length, CRC-32 of the three and the document) then the
document; what follows the length is the tail of a longer document written there before, and is ignored. A
reader (with or without the state's lock) takes the valid slot with the higher sequence, so it sees the old
document or the new one, never a mix. Only the first save of a state creates files, and syncs the directory.

A state written before slots existed (``<name>.json``, replaced whole) is read until the first save, which
removes it.

A reader reads the headers first. A slot this process wrote or read whole before, still the same file with the
same time of change, size and header, holds the document it held then: its body is not read or summed again
(check_loop reads its state on every call; two 6 KB bodies and their CRCs were a sixth of a check).
"""

from __future__ import annotations

import functools
import os
import struct
import threading
import zlib
from collections import OrderedDict
from pathlib import Path
from typing import NamedTuple

from . import folders

_MAGIC = b"MCXSLOT1"
_HEAD = struct.Struct("<8sQQI")  # magic, sequence, length, CRC-32 of sequence, length and document
_SUFFIXES = (".a", ".b")
_FILE_MODE = 0o600
#: A slot whose stale tail grows past this (and past the document itself) is cut back to the document.
_TAIL_KEPT = 64 * 1024
#: How many slots' documents a process remembers (two per state: a server checks a few sessions at a time).
_KNOWN_MAX = 128

#: What this process last wrote to or read whole from a slot: by path, the file's identity and time of change
#: (device, inode, mtime in ns, size), its header, and the document.
_KNOWN: OrderedDict[str, tuple[tuple[int, int, int, int], bytes, bytes]] = OrderedDict()
_KNOWN_GUARD = threading.Lock()


class Slot(NamedTuple):
    """What a slot holds: its sequence (0: missing, unreadable or not whole) and document (None: not whole)."""

    path: Path | None
    sequence: int
    document: bytes | None


@functools.lru_cache(maxsize=256)
def slot_paths(base: Path) -> tuple[Path, Path]:
    """The two slot files of the document at ``base`` (a state's ``<name>.json``)."""
    return base.with_name(base.name + _SUFFIXES[0]), base.with_name(base.name + _SUFFIXES[1])


def _at(path: Path, folder: int | None) -> str | Path:
    """What to open: the file's name within ``folder``, or its path when no folder is given."""
    return path.name if folder is not None else path


def read(base: Path, folder: int | None = None) -> bytes | None:
    """The newest whole document at ``base``, or None before the first save."""
    return newest(base, folder).document


def newest(base: Path, folder: int | None = None) -> Slot:
    """The slot holding the newest whole document at ``base``. A state from before slots is read from ``base``
    itself, as a slot of sequence 0; before the first save, a slot of sequence 0 and no document."""
    found = _newest(base, folder)
    if found.document is not None:
        return found
    try:
        fd = folders.open_file(_at(base, folder), os.O_RDONLY, folder)
    except FileNotFoundError:
        return found
    with os.fdopen(fd, "rb") as f:
        return Slot(None, 0, f.read())


def write(base: Path, document: bytes, after: Slot | None = None, folder: int | None = None) -> None:
    """Replace the document at ``base``: the older slot is overwritten and synced, and is the newest once this
    returns. The caller holds the state's lock, so no other save runs meanwhile; ``after`` is what it found
    there under that lock (``newest``), which spares reading the slots again."""
    newest = after if after is not None else _newest(base, folder)
    first, second = slot_paths(base)
    target = second if newest.path == first else first
    created = False
    try:
        fd = folders.open_file(_at(target, folder), os.O_RDWR, folder)
    except FileNotFoundError:
        fd = folders.open_file(_at(target, folder), os.O_RDWR | os.O_CREAT | os.O_EXCL, folder, _FILE_MODE)
        created = True
    try:
        sequence = newest.sequence + 1
        head = _HEAD.pack(_MAGIC, sequence, len(document), _checksum(sequence, document))
        _forget(target)  # a save cut short leaves no memory of the slot behind
        os.pwrite(fd, head + document, 0)
        whole = _HEAD.size + len(document)
        if os.fstat(fd).st_size > whole + max(_TAIL_KEPT, len(document)):
            os.ftruncate(fd, whole)
        os.fdatasync(fd)
        _remember(target, os.fstat(fd), head, document)
    finally:
        os.close(fd)
    if created:
        _sync_directory(base.parent, folder)
        try:  # a state from before slots: the slots hold what is newer
            os.unlink(_at(base, folder), dir_fd=folder)
        except FileNotFoundError:
            pass


def _newest(base: Path, folder: int | None) -> Slot:
    """The valid slot with the higher sequence; a slot of sequence 0 and no document when neither is valid."""
    found = (_read_slot(path, folder) for path in slot_paths(base))
    for slot in sorted(found, key=lambda s: s.sequence, reverse=True):
        if slot.document is not None:
            return slot
    return Slot(None, 0, None)


def _read_slot(path: Path, folder: int | None) -> Slot:
    try:
        fd = folders.open_file(_at(path, folder), os.O_RDONLY, folder)
    except FileNotFoundError:
        return Slot(path, 0, None)
    try:
        head = os.pread(fd, _HEAD.size, 0)
        if len(head) < _HEAD.size:
            return Slot(path, 0, None)
        magic, sequence, length, checksum = _HEAD.unpack(head)
        st = os.fstat(fd)
        if magic != _MAGIC or length > st.st_size - _HEAD.size:  # a torn header may say anything
            return Slot(path, 0, None)
        known = _known(path, st, head)
        if known is not None:
            return Slot(path, sequence, known)
        document = os.pread(fd, length, _HEAD.size)
    finally:
        os.close(fd)
    if len(document) != length or _checksum(sequence, document) != checksum:
        return Slot(path, 0, None)  # a save cut short
    _remember(path, st, head, document)
    return Slot(path, sequence, document)


def _identity(st: os.stat_result) -> tuple[int, int, int, int]:
    return st.st_dev, st.st_ino, st.st_mtime_ns, st.st_size


def _known(path: Path, st: os.stat_result, head: bytes) -> bytes | None:
    """The document this process saw in the slot at ``path``, when the file is the same, unchanged since."""
    with _KNOWN_GUARD:
        found = _KNOWN.get(str(path))
    if found is None or found[0] != _identity(st) or found[1] != head:
        return None
    return found[2]


def _remember(path: Path, st: os.stat_result, head: bytes, document: bytes) -> None:
    with _KNOWN_GUARD:
        key = str(path)
        _KNOWN[key] = (_identity(st), head, document)
        _KNOWN.move_to_end(key)
        while len(_KNOWN) > _KNOWN_MAX:
            _KNOWN.popitem(last=False)


def _forget(path: Path) -> None:
    with _KNOWN_GUARD:
        _KNOWN.pop(str(path), None)


def _checksum(sequence: int, document: bytes) -> int:
    return zlib.crc32(document, zlib.crc32(struct.pack("<QQ", sequence, len(document))))


def _sync_directory(directory: Path, folder: int | None) -> None:
    """Make a new file's name durable, where the system allows a directory to be opened."""
    if folder is not None:
        folders.sync(folder)
        return
    try:
        fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
