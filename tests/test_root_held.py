"""The store's root itself swapped for a link after the store opened it: the root is held open from its first
use (folders.Root), so sessions, results, states, the search index and the key file are all reached from the
folder that was opened, never from the path again. A root removed while held is opened anew, as at start; a
root another user owns, or anyone may write to, is refused."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from test_link_swaps import INSIDE_TEXT, attempts, one_line, snapshot, swap, used

from mcp_context import Session
from mcp_context.errors import ContextError, StoreError
from mcp_context.server.tenants import Tenants
from mcp_context.storage import folders, keys
from mcp_context.storage.keys import FileKeyStore


def swap_root(root: Path, outside: Path) -> Path:
    """test_link_swaps.swap on the root itself; where the real root went."""
    swap(root, outside)
    return root.with_name(root.name + ".moved")


def test_a_root_swapped_for_a_link_after_use_leads_nowhere(tmp_path: Path) -> None:
    root = tmp_path / "store"
    session = Session(root, "victim", env={})
    handle, _ = used(session)
    outside = tmp_path / "outside"
    moved = swap_root(root, outside)
    before = snapshot(outside)
    for attempt in attempts(session, handle)[:-1]:  # all but deleting the session
        try:
            answer = attempt()
        except ContextError as exc:
            one_line(exc)
            continue
        assert "OUTSIDE-7d41" not in repr(answer)
    assert snapshot(outside) == before, "written, created or removed through the link"
    # what was written after the swap went to the root the store opened, wherever it is now
    assert session.read_persisted(handle).page.text == INSIDE_TEXT  # type: ignore[union-attr]
    assert len(list((moved / "sessions" / "victim" / "results").glob("*.json"))) == 2


def test_a_tenants_root_swapped_for_a_link_leads_nowhere(tmp_path: Path) -> None:
    """The HTTP face's tenants, the search index among them, under a root swapped after they were served."""
    root = tmp_path / "store"
    tenants = Tenants(str(root), None, transcript_roots=[])
    session = tenants.session("team-a", "work")
    handle, _ = used(session)
    outside = tmp_path / "outside"
    swap_root(root, outside)
    before = snapshot(outside)
    assert [hit.meta.handle for hit in session.search_persisted("inside").hits] == [handle]
    later = tenants.session("team-b", "work")  # a tenant first served after the swap
    later.persist_result("team b's\n")
    assert "OUTSIDE-7d41" not in repr(session.read_persisted(handle, grep="OUTSIDE"))
    assert snapshot(outside) == before


def test_keys_are_read_from_the_root_that_was_opened(tmp_path: Path) -> None:
    """The key file, read on every request: a root swapped for a link to a folder holding someone else's key
    file does not let their key in, and a key created afterwards lands in the real root."""
    root = tmp_path / "store"
    store = FileKeyStore(root)
    key, record = keys.new_key("team-a")
    store.add(record)
    theirs = tmp_path / "outside"
    their_key, their_record = keys.new_key("team-a")
    FileKeyStore(theirs).add(their_record)
    moved = root.with_name("store.moved")
    root.rename(moved)
    os.symlink(theirs, root)
    assert keys.verify(store, key) is not None
    assert keys.verify(store, their_key) is None
    _, later = keys.new_key("team-b")
    store.add(later)
    assert [r.tenant for r in FileKeyStore(moved).all()] == ["team-a", "team-b"]
    assert [r.tenant for r in FileKeyStore(theirs).all()] == ["team-a"]


def test_a_root_removed_while_held_is_made_again(tmp_path: Path) -> None:
    """Removing the root (the user clearing the store) while a server holds it: the next write makes a new
    root at the path, as at start, rather than failing until a restart."""
    root = tmp_path / "store"
    session = Session(root, "s", env={})
    session.persist_result("before\n")
    shutil.rmtree(root)
    handle = session.persist_result("after\n").meta.handle
    assert session.read_persisted(handle).page.text == "after\n"  # type: ignore[union-attr]
    assert (root / "sessions" / "s" / "results" / f"{handle}.json").is_file()


@pytest.mark.parametrize("mode", [0o777, 0o772])
def test_a_root_anyone_may_write_to_is_refused(tmp_path: Path, mode: int) -> None:
    root = tmp_path / "store"
    root.mkdir()
    root.chmod(mode)
    with pytest.raises(StoreError, match="anyone may write to it") as refused:
        Session(root, "s", env={}).persist_result("x\n")
    one_line(refused.value)
    assert list(root.iterdir()) == []
    root.chmod(0o755)  # the fix the message names
    assert Session(root, "s", env={}).persist_result("x\n").meta.handle


@pytest.mark.skipif(os.geteuid() != 0, reason="making a folder another user owns needs root")
def test_a_root_another_user_owns_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "store"
    root.mkdir(mode=0o700)
    os.chown(root, 65534, 65534)
    with pytest.raises(StoreError, match="belongs to user id 65534"):
        Session(root, "s", env={}).persist_result("x\n")


def test_a_root_that_is_a_link_is_followed_once_then_held(tmp_path: Path) -> None:
    """The user's own link (``~/.mcp-context -> /data/ctx``) is followed when the root is first opened; pointed
    elsewhere afterwards, the store stays with the folder it opened."""
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    link = tmp_path / "root"
    os.symlink(first, link)
    session = Session(link, "s", env={})
    session.persist_result("one\n")
    link.unlink()
    os.symlink(second, link)
    session.persist_result("two\n")
    assert list(second.iterdir()) == []
    assert len(list((first / "sessions" / "s" / "results").glob("*.json"))) == 2


def test_the_root_descriptor_is_closed_with_its_store(tmp_path: Path) -> None:
    """Each store holds one descriptor for its root, released with it: a process opening many stores (a
    server's tenants, a test suite) does not run out."""
    before = len(os.listdir("/proc/self/fd"))
    for i in range(50):
        root = folders.Root(tmp_path / f"r{i}")
        assert root.descriptor(create=True) is not None
        del root
    assert len(os.listdir("/proc/self/fd")) <= before + 2


def test_a_server_opens_its_root_at_start_and_a_link_put_there_later_is_not_used(tmp_path: Path) -> None:
    """``mcp-context serve`` over stdio with a root that does not exist yet: made and held at start, so a link
    put at its path before the first write leads nowhere."""
    import json
    import subprocess
    import sys

    root, outside = tmp_path / "store", tmp_path / "outside"
    outside.mkdir(mode=0o700)
    env = dict(os.environ, MCP_CONTEXT_HOME=str(root), MCP_CONTEXT_SESSION="s")
    init = {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
    with subprocess.Popen(
        [sys.executable, "-m", "mcp_context", "serve"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=env,
        text=True,
    ) as server:
        assert server.stdin is not None and server.stdout is not None
        server.stdin.write(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": init}) + "\n")
        server.stdin.flush()
        assert json.loads(server.stdout.readline())["id"] == 1
        assert root.is_dir()  # made at start
        moved = root.with_name("store.moved")
        root.rename(moved)
        os.symlink(outside, root)
        call = {"name": "persist_result", "arguments": {"content": "after the swap\n"}}
        server.stdin.write(json.dumps({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": call}) + "\n")
        server.stdin.close()
        answer = json.loads(server.stdout.readline())
        server.wait(timeout=60)
    assert answer["id"] == 2 and not answer["result"].get("isError"), answer
    assert list(outside.iterdir()) == []
    assert len(list((moved / "sessions" / "s" / "results").glob("*.json"))) == 1
