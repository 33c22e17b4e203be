"""What interrupted writes leave among results: temp files of a writer killed mid-write, and a text or index
whose metadata never landed. Readers never see either (a result exists once its metadata does); cleanup
removes them once they are old enough that no live writer can still be working on them. Each works in a folder
already opened (see folders.py), by name relative to it."""

from __future__ import annotations

import os


def remove_result_debris(folder: int, cutoff: float) -> int:
    """Delete debris older than ``cutoff`` in one open results (or spool) folder; how many files went.

    Only regular files are touched, never through a link, and a file a live writer renames away meanwhile is
    simply skipped."""
    try:
        with os.scandir(folder) as found:
            entries = list(found)
    except OSError:
        return 0
    removed = 0
    for entry in entries:
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            stale = entry.stat(follow_symlinks=False).st_mtime < cutoff
            orphan = entry.name.endswith((".txt", ".idx")) and not present(folder, f"{entry.name[:-4]}.json")
            if stale and (entry.name.startswith(".tmp-") or orphan):
                os.unlink(entry.name, dir_fd=folder)
                removed += 1
        except FileNotFoundError:
            continue  # a writer renamed it into place meanwhile
    return removed


def unplace(folder: int, handle: str) -> None:
    """Take back the text and index of a result whose metadata never landed, unless another process made the
    same result visible meanwhile (its files have the same names and bytes)."""
    if present(folder, f"{handle}.json"):
        return
    for suffix in (".txt", ".idx"):
        try:
            os.unlink(f"{handle}{suffix}", dir_fd=folder)
        except OSError:
            pass  # gone already, or cleanup removes it later as debris


def present(folder: int, name: str) -> bool:
    """Whether ``name`` is in the open folder (a link counts: it is not followed)."""
    try:
        os.stat(name, dir_fd=folder, follow_symlinks=False)
        return True
    except OSError:
        return False
