"""Planted symlinks, each tried on the Python API, the MCP tools and resources, in the world of security_world.py:
links in place of a session, the sessions or results folder, the index, a result file, its metadata or a spool
file are never followed nor written through, one planted link poisons nothing else, and a root that is itself a
link still works."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from mcp import MCPError
from security_world import GOOD_TEXT, SECRET, World, assert_clean, connect, snapshot, tool_text

from mcp_context import ContextError, Session, StoreError

pytestmark = pytest.mark.anyio


# planted symlinks ---------------------------------------------------------------------------------------------


async def _assert_reads_fail_cleanly(
    world: World, session: Session, handle: str, uri_session: str, *, text_intact: bool = False
) -> None:
    """Reading ``handle`` every way there is must fail with a ContextError / tool error / MCPError.

    ``text_intact``: only the index was swapped, so the whole-text export (which needs no index) may
    still return the genuine text, but nothing else.
    """
    shown: list[str] = []
    calls = [
        lambda: session.read_persisted(handle),
        lambda: session.read_persisted(handle, grep="SECRET"),
        lambda: session.read_persisted(f"mcp-context://sessions/{uri_session}/results/{handle}"),
    ]
    if text_intact:
        assert "".join(session.iter_text(handle)) == GOOD_TEXT
    else:
        calls.append(lambda: list(session.iter_text(handle)))
    for call in calls:
        with pytest.raises(ContextError) as info:
            call()
        shown.append(str(info.value))
    async with connect(session) as c:
        for args in ({"handle": handle}, {"handle": f"mcp-context://sessions/{uri_session}/results/{handle}"}):
            result = await c.call_tool("read_persisted", args)
            assert result.is_error
            shown.append(tool_text(result))
        uri = f"mcp-context://sessions/{uri_session}/results/{handle}"
        if text_intact:
            assert (await c.read_resource(uri)).contents[0].text == GOOD_TEXT
        else:
            with pytest.raises(MCPError) as err:
                await c.read_resource(uri)
            shown.append(err.value.error.message)
        try:  # a listing may refuse (the store is damaged) but must not show what is behind the link
            listing = await c.list_resources()
            shown.append(listing.model_dump_json())
        except MCPError as exc:
            shown.append(exc.error.message)
        try:
            res = await c.read_resource(f"mcp-context://sessions/{uri_session}")
            shown.append(res.model_dump_json())
        except MCPError as exc:
            shown.append(exc.error.message)
    for text in shown:
        assert_clean(text)


async def test_symlinked_session_dir_is_not_followed(world: World) -> None:
    link = world.root / "sessions" / "linked"
    os.symlink(world.evil_session_dir, link)
    outside = snapshot(world.evil_root)
    secret_before = world.secret_file.read_text()
    linked = Session(root=world.root, session="linked", env={})
    await _assert_reads_fail_cleanly(world, linked, world.secret_handle, "linked")
    # the honest session next to it: a lookup across sessions may refuse, but never reads through the link
    await _assert_reads_fail_cleanly(world, world.session, world.secret_handle, "linked")
    with pytest.raises(ContextError):
        linked.results()
    with pytest.raises(ContextError):
        linked.persist_result("written through the link?\n")
    with pytest.raises(ContextError):
        linked.persist_file(world.secret_file)
    with pytest.raises(ContextError):
        linked.delete_session("linked")
    assert snapshot(world.evil_root) == outside
    assert world.secret_file.read_text() == secret_before
    assert os.path.islink(link)


def test_symlinked_session_dir_creates_nothing_outside(world: World) -> None:
    target = world.tmp / "outside-empty"
    target.mkdir()
    os.symlink(target, world.root / "sessions" / "linked")
    linked = Session(root=world.root, session="linked", env={})
    with pytest.raises(StoreError):
        linked.persist_result("written through the link?\n")
    assert list(target.iterdir()) == [], "persist created something outside the root"


def test_symlinked_sessions_dir_creates_nothing_outside(tmp_path: Path) -> None:
    target = tmp_path / "outside-sessions"
    target.mkdir()
    root = tmp_path / "store"
    root.mkdir()
    os.symlink(target, root / "sessions")
    s = Session(root=root, session="fresh", env={})
    with pytest.raises(StoreError):
        s.persist_result("written through the link?\n")
    assert list(target.iterdir()) == [], "persist created something outside the root"


def test_dangling_session_symlink_creates_nothing(world: World) -> None:
    target = world.tmp / "not-there-yet"
    os.symlink(target, world.root / "sessions" / "dangling")
    s = Session(root=world.root, session="dangling", env={})
    with pytest.raises(ContextError):
        s.persist_result("through a dangling link?\n")
    assert not target.exists() and not target.is_symlink()


async def test_symlinked_results_dir_is_not_followed(world: World) -> None:
    session_dir = world.root / "sessions" / "linkres"
    session_dir.mkdir(mode=0o700)
    os.symlink(world.evil_session_dir / "results", session_dir / "results")
    outside = snapshot(world.evil_root)
    linked = Session(root=world.root, session="linkres", env={})
    await _assert_reads_fail_cleanly(world, linked, world.secret_handle, "linkres")
    with pytest.raises(ContextError):
        linked.persist_result("written through the link?\n")
    with pytest.raises(ContextError):
        linked.results()
    assert snapshot(world.evil_root) == outside


async def test_symlinked_sessions_dir_is_not_followed_for_reading(tmp_path: Path) -> None:
    evil = Session(root=tmp_path / "evil", session="victim", env={})
    handle = evil.persist_result(SECRET + "\n").meta.handle
    root = tmp_path / "store"
    root.mkdir()
    os.symlink(tmp_path / "evil" / "sessions", root / "sessions")
    outside = snapshot(tmp_path / "evil")
    s = Session(root=root, session="victim", env={})
    world = World(tmp_path, root, tmp_path / "x", tmp_path / "evil", tmp_path / "evil/sessions/victim", handle, "", s)
    await _assert_reads_fail_cleanly(world, s, handle, "victim")
    with pytest.raises(ContextError):
        s.persist_result("written through the link?\n")  # victim/results exists: refused, nothing written
    assert snapshot(tmp_path / "evil") == outside


async def test_symlinked_index_is_not_followed(world: World) -> None:
    """An index swapped for a link: a text over one segment refuses every read that needs its index; a text of
    one segment never opens an .idx (its index is made from the text), so a link there reads nothing outside."""
    results = world.root / "sessions" / "good" / "results"
    big = "".join(f"indexed line {i}\n" for i in range(6000))  # over 64 KiB: its index is a file
    handle = world.session.persist_result(big).meta.handle
    for planted_for in (handle, world.good_handle):
        planted = results / f"{planted_for}.idx"
        planted.unlink(missing_ok=True)
        os.symlink(world.evil_session_dir / "results" / f"{world.secret_handle}.txt", planted)
    outside = snapshot(world.evil_root)
    fresh = Session(root=world.root, session="good", env={})
    for call in (lambda: fresh.read_persisted(handle), lambda: fresh.read_persisted(handle, grep="line 5")):
        with pytest.raises(ContextError) as info:
            call()
        assert_clean(str(info.value))
    assert "".join(fresh.iter_text(handle)) == big  # the whole text needs no index
    page = fresh.read_persisted(world.good_handle).page
    assert page is not None and page.text == GOOD_TEXT
    assert snapshot(world.evil_root) == outside


@pytest.mark.parametrize("suffix", [".txt", ".json"])
async def test_symlinked_result_file_is_not_followed(world: World, suffix: str) -> None:
    """A result file swapped for a link to something outside: reads fail, nothing outside is read."""
    results = world.root / "sessions" / "good" / "results"
    planted = results / f"{world.good_handle}{suffix}"
    planted.unlink(missing_ok=True)  # a text of one segment has no .idx: a link planted there is refused too
    target = {
        ".txt": world.secret_file,
        ".idx": world.evil_session_dir / "results" / f"{world.secret_handle}.idx",
        ".json": world.evil_session_dir / "results" / f"{world.secret_handle}.json",
    }[suffix]
    os.symlink(target, planted)
    outside = snapshot(world.evil_root)
    secret_before = world.secret_file.read_bytes()
    # A process that reads it now (it knows nothing of the result yet) must refuse the link...
    fresh = Session(root=world.root, session="good", env={})
    await _assert_reads_fail_cleanly(world, fresh, world.good_handle, "good", text_intact=suffix == ".idx")
    # ...and the one that stored it answers, if at all, from what it read of the genuine files before the swap.
    try:
        page = world.session.read_persisted(world.good_handle).page
        assert page is not None and page.text == GOOD_TEXT
    except ContextError as exc:
        assert_clean(str(exc))
    # storing the same text again must not write through the link either
    try:
        world.session.persist_result(GOOD_TEXT)
    except ContextError as exc:
        assert_clean(str(exc))
    assert snapshot(world.evil_root) == outside
    assert world.secret_file.read_bytes() == secret_before
    if suffix == ".json":
        assert world.good_handle not in [m.handle for m in world.session.results()]


@pytest.mark.parametrize("how", ["persist_result", "persist_file"])
def test_links_planted_under_a_future_result_are_replaced_not_written_through(world: World, how: str) -> None:
    """Links waiting at <handle>.txt/.idx of a text about to be stored: the store replaces them, outside intact."""
    text = "the text that will be stored\n" * 100
    source = world.tmp / "source.txt"
    source.write_text(text)
    first = world.session.persist_result(text).meta.handle  # learn the handle, then make the result vanish
    results = world.root / "sessions" / "good" / "results"
    for suffix in (".json", ".txt", ".idx"):
        (results / f"{first}{suffix}").unlink(missing_ok=True)  # a text of one segment has no .idx
    victims = {suffix: world.tmp / f"victim{suffix}" for suffix in (".txt", ".idx")}
    for suffix, victim in victims.items():
        victim.write_text(f"ORIGINAL {suffix}\n")
        os.symlink(victim, results / f"{first}{suffix}")
    if how == "persist_result":
        stored = world.session.persist_result(text)
    else:
        stored = world.session.persist_file(source)
    assert stored.meta.handle == first and stored.created
    for suffix, victim in victims.items():
        assert victim.read_text() == f"ORIGINAL {suffix}\n", "the store wrote through a planted link"
        assert not (results / f"{first}{suffix}").is_symlink()
    assert "".join(world.session.iter_text(first)) == text


def test_link_planted_as_metadata_is_refused(world: World) -> None:
    text = "metadata link\n"
    first = world.session.persist_result(text).meta.handle
    results = world.root / "sessions" / "good" / "results"
    for suffix in (".json", ".txt", ".idx"):
        (results / f"{first}{suffix}").unlink(missing_ok=True)  # a text of one segment has no .idx
    victim = world.tmp / "victim.json"
    victim.write_text("{}")
    os.symlink(victim, results / f"{first}.json")
    try:
        world.session.persist_result(text)
    except ContextError as exc:
        assert_clean(str(exc))
    assert victim.read_text() == "{}"


async def test_one_planted_session_link_does_not_poison_the_rest(world: World) -> None:
    other = Session(root=world.root, session="zzz-other", env={})
    other_handle = other.persist_result("in another session\n").meta.handle
    os.symlink(world.evil_session_dir, world.root / "sessions" / "aaa-linked")  # sorts before the others
    assert world.session.read_persisted(other_handle).page.text == "in another session\n"
    assert {info.session for info in world.session.sessions()} >= {"good", "zzz-other"}
    world.session.cleanup(older_than_s=10**9)
    async with connect(world.session) as c:
        listing = await c.list_resources()
        assert SECRET not in listing.model_dump_json()


def test_stray_entries_in_the_root_are_ignored(world: World) -> None:
    """Names that are not valid ids (links or not) are never listed, so never read."""
    sessions = world.root / "sessions"
    os.symlink(world.evil_session_dir, sessions / ".hidden")
    os.symlink(world.evil_session_dir, sessions / "-rf")
    (sessions / "...").mkdir()
    assert [info.session for info in world.session.sessions()] == ["good"]
    assert [m.handle for m in world.session.all_results()] == [world.good_handle]
    report = world.session.cleanup(older_than_s=10**9)
    assert report.sessions_removed == []
    assert (world.evil_session_dir / "results" / f"{world.secret_handle}.txt").exists()


def test_planted_spool_link_is_not_followed_by_cleanup(world: World) -> None:
    project = world.tmp / "project"
    project.mkdir()
    precious = ["notes.txt", "data.idx", ".tmp-keep", "keep.json", "keep.txt"]
    for name in precious:
        (project / name).write_text("precious")
        stale = os.path.getmtime(project / name) - 7200
        os.utime(project / name, (stale, stale))
    spool = world.root / ".spool"
    if spool.exists():
        spool.rmdir()
    os.symlink(project, spool)
    try:
        world.session.cleanup(older_than_s=10**9)
    except ContextError:
        pass  # refusing is fine; deleting outside is not
    try:
        world.session.store.remove_debris(older_than_s=0)
    except ContextError:
        pass
    assert sorted(os.listdir(project)) == sorted(precious), "cleanup deleted files outside the root"


def test_planted_spool_link_is_not_written_through(world: World) -> None:
    target = world.tmp / "outside-spool"
    target.mkdir()
    spool = world.root / ".spool"
    if spool.exists():
        spool.rmdir()
    os.symlink(target, spool)
    for call in (
        lambda: world.session.persist_result("spooled through a link?\n"),
        lambda: world.session.persist_file(world.secret_file),
    ):
        with pytest.raises(StoreError):
            call()
    assert list(target.iterdir()) == []


async def test_one_planted_results_link_does_not_poison_the_rest(world: World) -> None:
    bad = world.root / "sessions" / "aaa-bad"
    bad.mkdir(mode=0o700)
    os.symlink(world.evil_session_dir / "results", bad / "results")
    assert world.good_handle in [m.handle for m in world.session.all_results()]
    assert "good" in {info.session for info in world.session.sessions()}
    world.session.cleanup(older_than_s=10**9)
    async with connect(world.session) as c:
        listing = await c.list_resources()
        assert SECRET not in listing.model_dump_json()


def test_a_root_that_is_a_symlink_still_works(tmp_path: Path) -> None:
    real = tmp_path / "real-root"
    real.mkdir()
    os.symlink(real, tmp_path / "linked-root")
    s = Session(root=tmp_path / "linked-root", session="mine", env={})
    handle = s.persist_result("through the user's own link\n").meta.handle
    assert s.read_persisted(handle).page.text == "through the user's own link\n"
