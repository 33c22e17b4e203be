"""What interrupted writes leave among results: temp files of a writer killed mid-write, and a text or index
whose metadata never landed. Readers never see either (a result exists once its metadata does); cleanup
removes them once they are old enough that no live writer can still be working on them."""

from __future__ import annotations

import os
import stat
from pathlib import Path


def remove_result_debris(directory: Path, cutoff: float) -> int:
    """Delete debris older than ``cutoff`` in one results (or spool) directory; how many files went.

    Only regular files in a real directory are touched: a link planted at ``.spool`` or among the results is
    never followed, and a file a live writer renames away meanwhile is simply skipped."""
    try:
        if not stat.S_ISDIR(os.lstat(directory).st_mode):
            return 0
        entries = list(os.scandir(directory))
    except OSError:
        return 0
    removed = 0
    for entry in entries:
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            stale = entry.stat(follow_symlinks=False).st_mtime < cutoff
            json_twin = directory / f"{entry.name[:-4]}.json"
            orphan = entry.name.endswith((".txt", ".idx")) and not json_twin.exists()
            if stale and (entry.name.startswith(".tmp-") or orphan):
                os.unlink(entry.path)
                removed += 1
        except FileNotFoundError:
            continue  # a writer renamed it into place meanwhile
    return removed


def unplace(directory: Path, handle: str) -> None:
    """Take back the text and index of a result whose metadata never landed, unless another process made the
    same result visible meanwhile (its files have the same names and bytes)."""
    if (directory / f"{handle}.json").exists():
        return
    for suffix in (".txt", ".idx"):
        try:
            (directory / f"{handle}{suffix}").unlink(missing_ok=True)
        except OSError:
            pass  # cleanup removes it later as debris
