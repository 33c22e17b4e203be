"""A folder of the file store swapped for a link after the store has used it: ``sessions/``, a session, its
``results/`` or ``state/``, the spool, a tenant's folder. The store has read and written through each before
the swap (so whatever it might have remembered of them is warm); afterwards nothing is read from, written to or
created in the place the link points at, and every call answers in one line. Then the same swaps raced against
a stream of reads and writes."""

from __future__ import annotations

import hashlib
import os
import shutil
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from mcp_context import Session
from mcp_context.errors import ContextError, StoreError
from mcp_context.server.tenants import Tenants
from mcp_context.storage import folders, keys, text_index
from mcp_context.storage.keys import FileKeyStore

OUTSIDE_TEXT = "OUTSIDE-7d41: a secret that lives outside the root\n"
INSIDE_TEXT = "inside the root\n"


def snapshot(folder: Path) -> dict[str, str]:
    """Every entry under ``folder`` with a digest of what it holds (links as their targets)."""
    found = {}
    for path in sorted(folder.rglob("*")):
        if path.is_symlink():
            found[str(path)] = "-> " + os.readlink(path)
        elif path.is_file():
            found[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
        else:
            found[str(path)] = "dir"
    return found


def swap(folder: Path, outside: Path) -> None:
    """Put a copy of ``folder`` at ``outside`` (what an attacker would point the store at), the one result in
    it rewritten to hold OUTSIDE_TEXT, and replace ``folder`` by a link to it."""
    shutil.copytree(folder, outside, symlinks=True)
    for text in outside.rglob("r_*.txt"):
        text.write_text(OUTSIDE_TEXT)
    moved = folder.with_name(folder.name + ".moved")
    folder.rename(moved)
    os.symlink(outside, folder)


def move_out(folder: Path, outside: Path) -> None:
    """Move ``folder`` itself out of the root and link it back: the very folder the store used, same inode."""
    shutil.move(folder, outside)
    os.symlink(outside, folder)


def one_line(exc: BaseException) -> str:
    said = str(exc)
    assert "\n" not in said and "Traceback" not in said
    return said


def used(session: Session) -> tuple[str, str]:
    """A result stored and read back, a state saved and read: every folder of the session used once."""
    handle = session.persist_result(INSIDE_TEXT).meta.handle
    page = session.read_persisted(handle).page
    assert page is not None and page.text == INSIDE_TEXT
    assert [m.handle for m in session.results()] == [handle]
    session.check_loop(event={"kind": "tool_call", "name": "Bash", "args": {"command": "ls"}})
    session.check_loop(event={"kind": "tool_call", "name": "Bash", "args": {"command": "ls"}})
    return handle, session.id


def victim(tmp_path: Path, sid: str, which: str) -> tuple[Session, str, Path]:
    """A session every folder of which was used, the handle it stored, and its folder named ``which``."""
    root = tmp_path / "store"
    session = Session(root, sid, env={})
    handle, _ = used(session)
    sessions = root / "sessions"
    folders = {"sessions": sessions, "session": sessions / sid}
    folders |= {"results": sessions / sid / "results", "state": sessions / sid / "state"}
    return session, handle, folders[which]


def attempts(session: Session, handle: str) -> list[Callable[[], object]]:
    """Every way a call could go through the swapped folder."""
    event = {"kind": "tool_call", "name": "Bash", "args": {"command": "pwd"}}
    return [
        lambda: session.read_persisted(handle),
        lambda: session.read_persisted(handle, grep="secret"),
        lambda: "".join(session.iter_text(handle)),
        lambda: session.info(handle),
        lambda: session.results(),
        lambda: session.persist_result("written after the swap\n"),
        lambda: session.check_loop(event=event),
        lambda: session.delete_session(session.id),
    ]


def answers_with(session: Session, handle: str, outside: Path, *markers: str) -> list[object]:
    """Every attempt made: each refused in one line or answered; the answers that hold one of ``markers``.
    Nothing under ``outside`` changes meanwhile."""
    before = snapshot(outside)
    found = []
    for attempt in attempts(session, handle):
        try:
            answer = attempt()
        except ContextError as exc:
            one_line(exc)
            continue
        if any(marker in repr(answer) for marker in markers):
            found.append(answer)
    assert snapshot(outside) == before, "written, created or removed through the link"
    return found


def assert_nothing_through(session: Session, handle: str, outside: Path) -> None:
    assert answers_with(session, handle, outside, "OUTSIDE-7d41") == [], "read through the link"


@pytest.mark.parametrize("which", ["sessions", "session", "results", "state"])
def test_a_folder_moved_out_and_linked_back_is_not_used(tmp_path: Path, which: str) -> None:
    """The same folder, moved outside the root and linked in its place: the store saw it before, with the same
    device and inode, and must still not reach it through the link."""
    session, handle, folder = victim(tmp_path, "victim", which)
    outside = tmp_path / "elsewhere" / folder.name
    outside.parent.mkdir()
    move_out(folder, outside)
    event = {"kind": "tool_call", "name": "Bash", "args": {"command": "ls"}}
    with pytest.raises(StoreError, match="not a plain directory"):
        session.persist_result("refused\n") if which == "results" else session.check_loop(event=event)
    reached = answers_with(session, handle, outside, INSIDE_TEXT, handle)
    if which != "state":  # with only the states moved, the results stayed in the root: reading them is right
        assert reached == [], "read through the link"


@pytest.mark.parametrize("which", ["sessions", "session", "results", "state"])
def test_a_folder_swapped_for_a_link_after_use_leads_nowhere(tmp_path: Path, which: str) -> None:
    session, handle, folder = victim(tmp_path, "victim", which)
    swap(folder, tmp_path / "outside")
    event = {"kind": "tool_call", "name": "Bash", "args": {"command": "id"}}
    with pytest.raises(StoreError, match="not a plain directory"):
        session.check_loop(event=event) if which == "state" else session.persist_result("refused, in one line\n")
    assert_nothing_through(session, handle, tmp_path / "outside")  # deleting the session last: it removes the link


def test_a_swapped_state_folder_refuses_the_check_and_saves_nothing_outside(tmp_path: Path) -> None:
    """The loop state, the state the issue's third attack reached: a check after the swap is refused."""
    root = tmp_path / "store"
    session = Session(root, "loops", env={})
    used(session)
    swap(root / "sessions" / "loops" / "state", tmp_path / "outside")
    before = snapshot(tmp_path / "outside")
    with pytest.raises(StoreError, match="state.*not a plain directory"):
        session.check_loop(event={"kind": "tool_call", "name": "Bash", "args": {"command": "ls"}})
    assert snapshot(tmp_path / "outside") == before


def test_a_swapped_spool_writes_nothing_outside(tmp_path: Path) -> None:
    root = tmp_path / "store"
    session = Session(root, "spooled", env={})
    used(session)
    outside = tmp_path / "outside"
    swap(root / ".spool", outside)
    with pytest.raises(StoreError, match="spool.*not a plain directory"):
        session.persist_result("through the spool?\n")
    assert list(outside.iterdir()) == []
    session.cleanup(older_than_s=0)
    assert list(outside.iterdir()) == []


def test_a_swapped_tenant_folder_leads_nowhere(tmp_path: Path) -> None:
    """A tenant's folder under the root is the tenant's store root; it is not the user's root, so a link there is
    refused like any other folder below the root."""
    root = tmp_path / "store"
    tenants = Tenants(str(root), None, transcript_roots=[])
    session = tenants.session("team-a", "work")
    handle, _ = used(session)
    swap(root / "tenants" / "team-a", tmp_path / "outside")
    again = Tenants(str(root), None, transcript_roots=[]).session("team-a", "work")  # a fresh process too
    for s in (session, again):
        assert_nothing_through(s, handle, tmp_path / "outside")


@pytest.mark.slow
@pytest.mark.parametrize("which", ["sessions", "results", "state"])
def test_swaps_raced_against_reads_and_writes_never_lead_outside(tmp_path: Path, which: str) -> None:
    """A thread swaps the folder for a link and back, over and over, while calls run: each call either works
    on the real folder or is refused; none reads the outside text, none writes outside."""
    session, handle, folder = victim(tmp_path, "raced", which)
    outside = tmp_path / "outside"
    shutil.copytree(folder, outside)
    for text in outside.rglob("r_*.txt"):
        text.write_text(OUTSIDE_TEXT)
    before = snapshot(outside)
    real = folder.with_name(folder.name + ".real")
    stop = threading.Event()

    def swapper() -> None:
        made = 0
        while not stop.is_set():
            try:
                os.rename(folder, real)
            except FileNotFoundError:
                continue
            try:
                os.symlink(outside, folder)
                os.unlink(folder)
            except FileExistsError:
                pass  # the store made the folder afresh while it was away: fine, it is a real one
            while True:  # put the real one back; a folder the store made meanwhile is moved aside
                try:
                    os.rename(real, folder)
                    break
                except OSError:
                    made += 1
                    os.rename(folder, folder.with_name(f"{folder.name}.made{made}"))

    thread = threading.Thread(target=swapper)
    thread.start()
    worked = refused = 0
    try:
        for i in range(300):
            for attempt in attempts(session, handle)[:7]:  # all but deleting the session
                try:
                    answer = attempt()
                    worked += 1
                except ContextError as exc:
                    one_line(exc)
                    refused += 1
                    continue
                assert "OUTSIDE-7d41" not in repr(answer), f"read through the link on round {i}"
            if i % 50 == 0:
                try:
                    session.persist_result(f"round {i}\n")
                except ContextError as exc:
                    one_line(exc)
    finally:
        stop.set()
        thread.join()
    assert snapshot(outside) == before, "written, created or removed through the link"
    assert worked and refused, (worked, refused)  # both sides of the race were hit


@pytest.mark.parametrize("tenant", ["team-i", None])
def test_a_swapped_folder_never_leads_the_search_index_outside(tmp_path: Path, tenant: str | None) -> None:
    """The search index is an SQLite file in the store's folder, opened on a store's first search: a tenant's
    folder (or ``sessions/`` for the plain root) swapped for a link before that opens nothing outside."""
    root = tmp_path / "store"
    session = Tenants(str(root), None, transcript_roots=[]).session(tenant, "work")
    session.persist_result(INSIDE_TEXT)
    folder = root / "tenants" / "team-i" if tenant else root
    (folder / "index.sqlite").unlink()  # as before the index existed
    text_index._open.clear()  # as in a fresh process: no connection to it is open
    outside = tmp_path / "outside"
    if tenant:
        swap(folder, outside)
    else:  # the plain root may itself be a link; the index file in it may not
        outside.mkdir()
        (outside / "index.sqlite").write_bytes(b"")
        os.symlink(outside / "index.sqlite", folder / "index.sqlite")
    before = snapshot(outside)
    fresh = Tenants(str(root), None, transcript_roots=[]).session(tenant, "work")
    for attempt in (lambda: fresh.search_persisted("inside"), lambda: fresh.read_persisted(
            fresh.results()[0].handle, grep="inside") if fresh.results() else None):  # fmt: skip
        try:
            attempt()
        except ContextError as exc:
            one_line(exc)
    assert snapshot(outside) == before, "the index was made or written through the link"


def test_the_search_index_is_opened_through_its_folder_never_a_path(tmp_path: Path) -> None:
    """Opened between a store's walk and a swap (a persist indexes what it just wrote; a search opens the index
    after listing): the index walks down to its folder itself, so a link there opens nothing outside."""
    root = tmp_path / "store"
    session = Tenants(str(root), None, transcript_roots=[]).session("team-j", "work")
    session.persist_result(INSIDE_TEXT)
    text_index._open.clear()
    swap(root / "tenants" / "team-j", tmp_path / "outside")
    (tmp_path / "outside" / "index.sqlite").unlink()
    before = snapshot(tmp_path / "outside")
    index = text_index.sqlite_index(folders.Root(root), ("tenants", "team-j"))
    with pytest.raises(StoreError, match="not a plain directory"):
        index.indexed("work", ["r_0000000000000000"])
    assert snapshot(tmp_path / "outside") == before


def test_a_key_file_swapped_for_a_link_is_refused_not_trusted(tmp_path: Path) -> None:
    """``keys.json`` replaced by a link to a key file someone else wrote: the keys in it are never accepted;
    the store says in one line that it cannot read its keys (over HTTP: 503 to every request)."""
    root = tmp_path / "store"
    key, record = keys.new_key("team-a")
    FileKeyStore(root).add(record)
    assert keys.verify(FileKeyStore(root), key) is not None
    theirs_root = tmp_path / "outside"
    their_key, their_record = keys.new_key("team-a")
    FileKeyStore(theirs_root).add(their_record)
    (root / "keys.json").unlink()
    os.symlink(theirs_root / "keys.json", root / "keys.json")
    for attempt in (lambda: keys.verify(FileKeyStore(root), their_key), FileKeyStore(root).any_active):
        with pytest.raises(StoreError, match="keys.json: it is a link") as caught:
            attempt()
        one_line(caught.value)
    (root / "keys.json").unlink()
    (root / "keys.json").write_text("[1, 2]")
    with pytest.raises(StoreError, match="not a key file"):
        FileKeyStore(root).all()


def answered_within(seconds: float, call: Callable[[], object]) -> BaseException | None:
    """Run ``call`` in a thread; what it raised (None: it returned), failing when it has not ended in time."""
    raised: list[BaseException | None] = []

    def run() -> None:
        try:
            call()
            raised.append(None)
        except BaseException as exc:  # noqa: BLE001  (whatever it was, the caller looks at it)
            raised.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert raised, f"no answer within {seconds} s: a thread is stuck"
    return raised[0]


@pytest.mark.parametrize("suffix", [".txt", ".idx", ".json", "state", "keys"])
def test_a_fifo_in_place_of_a_store_file_is_refused_not_waited_on(tmp_path: Path, suffix: str) -> None:
    """Opening a FIFO to read waits for a writer that never comes: a request would hang for ever, its thread
    with it. Every file of the store is opened without blocking and refused when it is no plain file."""
    root = tmp_path / "store"
    session = Session(root, "piped", env={})
    handle, _ = used(session)
    results = root / "sessions" / "piped" / "results"
    event = {"kind": "tool_call", "name": "Bash", "args": {"command": "pwd"}}
    if suffix == "keys":
        FileKeyStore(root).add(keys.new_key("team-a")[1])
        target, calls = root / "keys.json", [FileKeyStore(root).any_active]
    elif suffix == "state":
        target = next(p for p in (root / "sessions" / "piped" / "state").iterdir() if not p.name.endswith(".lock"))
        calls = [lambda: Session(root, "piped", env={}).check_loop(event=event)]
    else:
        if suffix == ".idx":  # a text of more than one segment has an index file
            handle = session.persist_result("inside the root, line after line\n" * 40_000).meta.handle
        target = results / f"{handle}{suffix}"
        fresh = Session(root, "piped", env={})
        calls = [lambda: fresh.read_persisted(handle), lambda: fresh.read_persisted(handle, grep="inside")]
        calls.append(lambda: fresh.search_persisted("inside"))
    target.unlink()
    os.mkfifo(target)
    for call in calls:
        raised = answered_within(20, call)
        if raised is not None:
            assert isinstance(raised, ContextError), repr(raised)
            one_line(raised)
