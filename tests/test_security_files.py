"""What the store's files let others see and what a failing disk leaves: results and folders private whatever the
umask (an existing root left alone), a transcript folder swapped for a link while it is read, a full disk and a
session deleted while a result is stored, each one line and nothing half written."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from mcp_context import Session

pytestmark = pytest.mark.anyio


# permissions --------------------------------------------------------------------------------------------------


@pytest.fixture(params=[0o022, 0o000, 0o002], ids=["umask022", "umask000", "umask002"])
def umask(request: pytest.FixtureRequest) -> Any:
    old = os.umask(request.param)
    yield request.param
    os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


def test_results_dir_and_files_are_private(tmp_path: Path, umask: int) -> None:
    root = tmp_path / "store"
    s = Session(root=root, session="perm", env={})
    big = tmp_path / "big.txt"
    big.write_text("line\n" * 300_000)
    s.persist_result("small\n")
    s.persist_file(big)
    results = root / "sessions" / "perm" / "results"
    assert _mode(results) == 0o700
    files = list(results.iterdir())
    assert len(files) == 5  # text and metadata each, and the index of the one over a segment
    for f in files:
        assert not f.name.startswith(".tmp-")
        assert _mode(f) == 0o600, f"{f.name} is {oct(_mode(f))}"


def test_every_directory_the_store_creates_is_private(tmp_path: Path, umask: int) -> None:
    root = tmp_path / "store"
    Session(root=root, session="perm", env={}).persist_result("small\n")
    Session(root=root, session="perm", env={}).persist_file(__file__)  # the streaming path spools in <root>
    dirs = [
        root,
        root / ".spool",
        root / "sessions",
        root / "sessions" / "perm",
        root / "sessions" / "perm" / "results",
    ]
    for directory in dirs:
        if directory.exists() or directory.name != ".spool":
            assert _mode(directory) == 0o700, f"{directory} is {oct(_mode(directory))}"


def test_existing_root_permissions_are_left_alone(tmp_path: Path) -> None:
    """A root the user made (say 0750 on purpose) is not chmodded; only what the store creates is private."""
    root = tmp_path / "store"
    root.mkdir(mode=0o750)
    os.chmod(root, 0o750)
    Session(root=root, session="perm", env={}).persist_result("small\n")
    assert _mode(root) == 0o750
    assert _mode(root / "sessions" / "perm" / "results") == 0o700


def test_a_transcript_folder_swapped_while_it_is_read_never_leaks_a_file_outside(tmp_path: Path) -> None:
    """Open first, then check what was opened: a folder on the transcript's path swapped for a link to the outside
    between the check and the open is either read as it was or refused, never read through the link."""
    import threading

    from mcp_context.conversation import transcripts
    from mcp_context.errors import InvalidArgument

    def line(text: str) -> str:
        return json.dumps({"type": "user", "message": {"role": "user", "content": text}}) + "\n"

    allowed, outside = tmp_path / "allowed", tmp_path / "outside"
    (allowed / "project").mkdir(parents=True)
    outside.mkdir()
    (allowed / "project" / "t.jsonl").write_text(line("the transcript"))
    (outside / "t.jsonl").write_text(line("SECRET"))
    stop = threading.Event()

    def flip() -> None:
        project, parked = allowed / "project", allowed / "parked"
        while not stop.is_set():
            os.rename(project, parked)
            os.symlink(outside, project)  # the same path now leads outside
            os.unlink(project)
            os.rename(parked, project)

    flipper = threading.Thread(target=flip, daemon=True)
    flipper.start()
    read = refused = 0
    try:
        # At least 2,000 tries, and on a loaded machine (where the flipper may get few turns) on until each
        # outcome has been seen, within a bound.
        for tries in range(50_000):
            if tries >= 2_000 and read and refused:
                break
            try:
                found = transcripts.load(str(allowed / "project" / "t.jsonl"), {}, [allowed])
            except InvalidArgument:
                refused += 1
                continue
            read += 1
            assert "SECRET" not in json.dumps(found.messages)
    finally:
        stop.set()
        flipper.join()
    assert read and refused  # both happened: the race was run


def test_a_full_disk_is_one_line_and_leaves_nothing_half_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk fills up while the metadata is written: one line, no text or index left, earlier results kept."""
    import errno

    from mcp_context.errors import StoreError
    from mcp_context.storage import files

    session = Session(root=tmp_path / "store", session="full", env={})
    kept = session.persist_result("stored before\n").meta
    real = files.FileStore._write_atomic

    def full(self: Any, directory: Path, name: str, chunks: Any) -> None:
        if name.endswith(".json"):
            raise OSError(errno.ENOSPC, "No space left on device")
        real(self, directory, name, chunks)

    monkeypatch.setattr(files.FileStore, "_write_atomic", full)
    with pytest.raises(StoreError) as raised:
        session.persist_result("this one will not fit\n" * 100)
    assert str(raised.value) == ("cannot store the result in session full: No space left on device; nothing was stored")
    monkeypatch.undo()
    results = tmp_path / "store" / "sessions" / "full" / "results"
    assert sorted(p.name.split(".")[0] for p in results.iterdir()) == [kept.handle] * 2  # text and metadata
    assert session.read_persisted(kept.handle).page.text == "stored before\n"  # type: ignore[union-attr]


def test_a_session_deleted_while_a_result_is_stored_is_one_line(tmp_path: Path) -> None:
    import shutil

    from mcp_context.errors import StoreError

    session = Session(root=tmp_path / "store", session="gone", env={})
    session.persist_result("first\n")

    def chunks() -> Any:
        yield b"half of it\n"
        shutil.rmtree(tmp_path / "store" / "sessions" / "gone")  # another process deletes the session
        yield b"the rest\n"

    try:
        meta, _ = session.store.put_stream("gone", chunks(), label=None, source=None)
    except StoreError as exc:  # refused in one line
        assert "\n" not in str(exc) and "gone" in str(exc)
    else:  # or stored whole in the session made again
        assert session.read_persisted(meta.handle).page.text == "half of it\nthe rest\n"  # type: ignore[union-attr]
    leftovers = [p for p in (tmp_path / "store").rglob("*") if p.is_file() and ".tmp-" in p.name]
    assert leftovers == []
