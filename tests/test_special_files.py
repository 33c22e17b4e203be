"""A character device (``/dev/zero``'s numbers), a socket or a FIFO put in the place of each kind of file and
folder of the store: every call either works around it or is refused in one line, none blocks, none reads the
device's endless bytes. (A FIFO in place of each file is also in test_link_swaps.py.)"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from mcp_context import Session
from mcp_context.errors import ContextError
from mcp_context.storage import keys
from mcp_context.storage.keys import FileKeyStore

KINDS = [
    "fifo",
    "socket",
    pytest.param("device", marks=pytest.mark.skipif(os.geteuid() != 0, reason="mknod needs root")),
]
EVENT = {"kind": "tool_call", "name": "Bash", "args": {"command": "ls"}}


@pytest.fixture(autouse=True)
def bounded() -> Iterator[None]:
    """A call that blocks fails the test instead of hanging the run."""
    previous = signal.signal(signal.SIGALRM, lambda *_: pytest.fail("a call blocked on a special file"))
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def plant(path: Path, kind: str) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif path.exists() or path.is_symlink():
        path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        os.mknod(path, 0o600 | stat.S_IFCHR, os.makedev(1, 5))  # what /dev/zero is
    else:
        here = os.getcwd()
        os.chdir(path.parent)  # a socket's path is short: bound by its name, from its folder
        try:
            with socket.socket(socket.AF_UNIX) as listener:
                listener.bind(path.name)
        finally:
            os.chdir(here)


def calls(session: Session, handle: str, root: Path) -> list[object]:
    return [
        lambda: session.read_persisted(handle),
        lambda: session.read_persisted(handle, grep="hello"),
        lambda: session.results(),
        lambda: session.sessions(),
        lambda: session.check_loop(event=EVENT),
        lambda: session.search_persisted("hello"),
        lambda: session.persist_result("again\n"),
        lambda: keys.verify(FileKeyStore(root), "mcx_000000000000_" + "a" * 43),
        lambda: session.cleanup(older_than_s=0),
    ]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("which", ["txt", "json", "idx", "state", "keys", "index", "sessions", "spool", "results"])
def test_a_special_file_in_the_stores_place_is_refused_in_one_line(tmp_path: Path, kind: str, which: str) -> None:
    root = tmp_path / "store"
    session = Session(root, "v", env={})
    handle = session.persist_result("hello\n" * 20_000).meta.handle  # over one segment: it has an index
    session.check_loop(event=EVENT)
    results = root / "sessions" / "v" / "results"
    places = {
        "txt": results / f"{handle}.txt",
        "json": results / f"{handle}.json",
        "idx": results / f"{handle}.idx",
        "state": next((root / "sessions" / "v" / "state").iterdir()),
        "keys": root / "keys.json",
        "index": root / "index.sqlite",
        "sessions": root / "sessions",
        "spool": root / ".spool",
        "results": results,
    }
    plant(places[which], kind)
    fresh = Session(root, "v", env={})
    for call in calls(fresh, handle, root):
        try:
            call()  # type: ignore[operator]
        except ContextError as exc:
            assert "\n" not in str(exc) and "Traceback" not in str(exc)
