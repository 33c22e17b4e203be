"""Hostile ids, path escapes and planted symlinks, each tried on the Python API, the MCP tools and resources.

Every test builds the same small world in tmp_path:

    tmp_path/secret.txt                          "SECRET-..." (a marker that must never show up anywhere)
    tmp_path/evil/sessions/victim/results/H.*    a complete, genuine result holding the marker
    tmp_path/store/sessions/good/results/G.*     the store under test, with one ordinary result

so that an escape which got past validation would not just fail on a missing file: many of the attempts
below resolve, if followed, to the real result ``H`` in the evil store, which would read back the marker.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, MCPError

from mcp_context import ContextError, InvalidId, Session, StoreError
from mcp_context.server.app import build_server

pytestmark = pytest.mark.anyio

SECRET = "SECRET-4f1d9c-marker"
PASSWD_MARK = "root:x:0:0"
TRACEBACK = "Traceback (most recent call last)"
GOOD_TEXT = "an ordinary stored result\nline two\n"
VALID_LOOKING = "r_0123456789abcdef"


# the world --------------------------------------------------------------------------------------------------


@dataclass
class World:
    tmp: Path
    root: Path
    secret_file: Path
    evil_root: Path
    evil_session_dir: Path  # absolute path of the victim session directory in the evil store
    secret_handle: str  # H: the handle of the marker result in the evil store
    good_handle: str  # G: the ordinary result in the store under test
    session: Session  # bound to "good" in the store under test
    server: Any = None  # an MCP server over ``session``, when one is shared by several tests

    def fill(self, template: str) -> str:
        return (
            template.replace("{H}", self.secret_handle)
            .replace("{G}", self.good_handle)
            .replace("{EVIL}", str(self.evil_session_dir))
            .replace("{TMP}", str(self.tmp))
            .replace("{SECRETFILE}", str(self.secret_file))
        )


def make_world(tmp_path: Path) -> World:
    """A store under test with one ordinary result, beside an evil store holding the marker."""
    secret_file = tmp_path / "secret.txt"
    secret_file.write_text(SECRET)
    evil_root = tmp_path / "evil"
    evil = Session(root=evil_root, session="victim", env={})
    secret_handle = evil.persist_result(SECRET + "\n", label="secret").meta.handle
    assert evil.read_persisted(secret_handle).page.text == SECRET + "\n"  # the decoy is real and readable
    root = tmp_path / "store"
    good = Session(root=root, session="good", env={})
    good_handle = good.persist_result(GOOD_TEXT, label="good").meta.handle
    return World(
        tmp=tmp_path,
        root=root,
        secret_file=secret_file,
        evil_root=evil_root,
        evil_session_dir=evil_root / "sessions" / "victim",
        secret_handle=secret_handle,
        good_handle=good_handle,
        session=good,
    )


@pytest.fixture
def world(tmp_path: Path) -> World:
    return make_world(tmp_path)


@pytest.fixture(scope="module")
def still(tmp_path_factory: pytest.TempPathFactory) -> World:
    """One world, and one server over it, for the tests of calls that must change nothing: each compares every
    entry under the world before and after itself, so none can pass on what another left."""
    made = make_world(tmp_path_factory.mktemp("still"))
    made.server = build_server(made.session)
    return made


def snapshot(top: Path) -> dict[str, tuple[Any, ...]]:
    """Every entry under ``top`` (symlinks not followed) with its kind, size, mode, mtime and link target."""
    entries: dict[str, tuple[Any, ...]] = {}
    for dirpath, dirnames, filenames in os.walk(top, followlinks=False):
        for name in dirnames + filenames:
            path = os.path.join(dirpath, name)
            st = os.lstat(path)
            target = os.readlink(path) if stat.S_ISLNK(st.st_mode) else None
            size = st.st_size if stat.S_ISREG(st.st_mode) else None
            entries[os.path.relpath(path, top)] = (stat.S_IFMT(st.st_mode), size, st.st_mode, st.st_mtime_ns, target)
    return entries


def assert_clean(text: str) -> None:
    """No marker, no /etc/passwd, no traceback, in anything shown to a caller."""
    assert SECRET not in text
    assert PASSWD_MARK not in text
    assert TRACEBACK not in text
    assert 'File "/' not in text


@asynccontextmanager
async def connect(session: Session, server: Any = None) -> AsyncIterator[Client]:
    async with Client(server or build_server(session)) as client:
        yield client


def tool_text(result: Any) -> str:
    texts = [getattr(block, "text", "") for block in result.content]
    return "\n".join(texts) + "\n" + repr(result.structured_content)


# the hostile ids ----------------------------------------------------------------------------------------------
# Each case is (value, bad_as_handle, bad_as_session). "{H}", "{EVIL}" etc. are filled in from the world, so
# the traversals point at the genuine marker result outside the root.

ARABIC_INDIC = "\u0660\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669\u0660\u0661\u0662\u0663\u0664\u0665"
FULLWIDTH_DIGITS = "".join(chr(0xFF10 + int(c)) for c in "0123456789012345")
CYRILLIC_LOOKALIKE = "r_0123456789\u0430b\u0441d\u0435f"  # а, с, е are Cyrillic

HOSTILE = [
    pytest.param("..", True, True, id="dotdot"),
    pytest.param("../..", True, True, id="dotdot-dotdot"),
    pytest.param("../../etc/passwd", True, True, id="etc-passwd-relative"),
    pytest.param("../../../../../../../../etc/passwd", True, True, id="etc-passwd-deep"),
    pytest.param("/etc/passwd", True, True, id="etc-passwd-absolute"),
    pytest.param("{SECRETFILE}", True, True, id="secret-absolute"),
    pytest.param("../../../../secret.txt", True, True, id="secret-relative"),
    pytest.param("../../../../evil/sessions/victim/results/{H}", True, False, id="handle-to-evil-result"),
    pytest.param("{EVIL}/results/{H}", True, False, id="handle-absolute-evil-result"),
    pytest.param("../../evil/sessions/victim", True, True, id="session-to-evil-session"),
    pytest.param("{EVIL}", True, True, id="session-absolute-evil"),
    pytest.param(VALID_LOOKING + "/../x", True, True, id="handle-then-dotdot"),
    pytest.param(VALID_LOOKING + "/", True, True, id="handle-trailing-slash"),
    pytest.param(VALID_LOOKING + ".txt", True, True, id="handle-with-suffix"),
    pytest.param(VALID_LOOKING + "\0", True, True, id="nul-after-handle"),
    pytest.param("good\0../../evil", True, True, id="nul-in-session"),
    pytest.param("\0", True, True, id="nul-alone"),
    pytest.param("%2e%2e%2f", True, True, id="percent-encoded"),
    pytest.param("..%2f..%2fsecret.txt", True, True, id="half-encoded"),
    pytest.param("%252e%252e%252f", True, True, id="double-encoded"),
    pytest.param("\uff0e\uff0e", True, True, id="fullwidth-dots"),
    pytest.param("\uff0e\uff0e\uff0fetc\uff0fpasswd", True, True, id="fullwidth-dots-slash"),
    pytest.param("\u2025", True, True, id="two-dot-leader"),
    pytest.param("r_" + ARABIC_INDIC, True, True, id="arabic-indic-digits"),
    pytest.param("r_" + FULLWIDTH_DIGITS, True, True, id="fullwidth-digits"),
    pytest.param(CYRILLIC_LOOKALIKE, True, True, id="cyrillic-lookalike-hex"),
    pytest.param("R_0123456789ABCDEF", True, False, id="uppercase-handle"),
    pytest.param("r_ABCDEF0123456789", True, False, id="uppercase-hex"),
    pytest.param("R_0123456789abcdef", True, False, id="uppercase-prefix"),
    pytest.param("r_0123456789abcde", True, False, id="handle-15-hex"),
    pytest.param("r_0123456789abcdef0", True, False, id="handle-17-hex"),
    pytest.param(VALID_LOOKING + "\n", True, True, id="trailing-newline"),
    pytest.param("good\n", True, True, id="session-trailing-newline"),
    pytest.param("\n" + VALID_LOOKING, True, True, id="leading-newline"),
    pytest.param(VALID_LOOKING + "\r", True, True, id="trailing-cr"),
    pytest.param(" " + VALID_LOOKING, True, True, id="leading-space"),
    pytest.param(VALID_LOOKING + " ", True, True, id="trailing-space"),
    pytest.param("..\\..", True, True, id="backslash-dotdot"),
    pytest.param("..\\..\\..\\..\\secret.txt", True, True, id="backslash-secret"),
    pytest.param("C:\\Windows\\win.ini", True, True, id="windows-drive"),
    pytest.param("~", True, True, id="tilde"),
    pytest.param("~root", True, True, id="tilde-root"),
    pytest.param("~/.ssh/id_rsa", True, True, id="tilde-ssh"),
    pytest.param("", True, True, id="empty"),
    pytest.param("a" * 10_000, True, True, id="long-10000"),
    pytest.param("r_" + "0" * 10_000, True, True, id="long-handle-10000"),
    pytest.param("s" * 129, True, True, id="session-129"),
    pytest.param(".", True, True, id="dot"),
    pytest.param(".hidden", True, True, id="dot-hidden"),
    pytest.param("-rf", True, True, id="dash-rf"),
    pytest.param("--help", True, True, id="dash-dash-help"),
    pytest.param("_x", True, True, id="leading-underscore"),
    pytest.param("good/results", True, True, id="session-with-slash"),
    pytest.param("a/b", True, True, id="slash"),
    pytest.param("good\tx", True, True, id="tab"),
    pytest.param("*", True, True, id="glob-star"),
    pytest.param("$(id)", True, True, id="shell-substitution"),
]


def _handle_uris(world: World, value: str) -> list[str]:
    return [f"mcp-context://sessions/good/results/{value}"]


def _session_uris(world: World, value: str) -> list[str]:
    return [
        f"mcp-context://sessions/{value}/results/{world.good_handle}",
        f"mcp-context://sessions/{value}/results/{world.secret_handle}",
        f"mcp-context://sessions/{value}",
    ]


def test_the_hostile_list_is_long_enough() -> None:
    assert len(HOSTILE) >= 25


def test_positive_control_api(world: World) -> None:
    """The same calls with honest ids work, so the rejections below are not vacuous."""
    s = world.session
    assert s.read_persisted(world.good_handle).page.text == GOOD_TEXT
    assert s.info(f"mcp-context://sessions/good/results/{world.good_handle}").handle == world.good_handle
    assert s.persist_result("x\n", session="other").created
    assert "".join(s.iter_text(world.good_handle)) == GOOD_TEXT


async def test_positive_control_mcp(world: World) -> None:
    async with connect(world.session) as c:
        r = await c.call_tool("read_persisted", {"handle": world.good_handle})
        assert not r.is_error and "ordinary stored result" in r.content[0].text
        r = await c.call_tool("persist_result", {"content": "hi\n", "session": "other"})
        assert not r.is_error
        res = await c.read_resource(f"mcp-context://sessions/good/results/{world.good_handle}")
        assert res.contents[0].text == GOOD_TEXT


@pytest.mark.parametrize(("template", "bad_handle", "bad_session"), HOSTILE)
def test_api_rejects_hostile_ids(still: World, template: str, bad_handle: bool, bad_session: bool) -> None:
    value = still.fill(template)
    s = still.session
    before = snapshot(still.tmp)
    shown: list[str] = []

    def rejected(call: Callable[[], Any], expected: str) -> None:
        with pytest.raises(InvalidId) as info:
            call()
        message = str(info.value)
        assert expected in message
        assert len(message) < 500, "the error echoes the whole hostile id"
        shown.append(message)

    if bad_handle:
        rejected(lambda: s.read_persisted(value), "invalid handle")
        rejected(lambda: s.read_persisted(value, grep="SECRET"), "invalid handle")
        rejected(lambda: s.info(value), "invalid handle")
        rejected(lambda: list(s.iter_text(value)), "invalid handle")
        for uri in _handle_uris(still, value):
            rejected(lambda uri=uri: s.info(uri), "invalid result URI")
            rejected(lambda uri=uri: s.read_persisted(uri), "invalid result URI")
    if bad_session:
        rejected(lambda: s.persist_result("payload\n", session=value), "invalid session id")
        rejected(lambda: s.persist_file(still.secret_file, session=value), "invalid session id")
        rejected(lambda: s.results(session=value), "invalid session id")
        rejected(lambda: s.delete_session(value), "invalid session id")
        if value:  # an empty option means "not given", like an empty environment variable
            rejected(lambda: Session(root=still.root, session=value, env={}), "invalid session id")
            rejected(lambda: Session(root=still.root, env={"MCP_CONTEXT_SESSION": value}), "invalid session id")
        for uri in _session_uris(still, value):
            rejected(lambda uri=uri: s.info(uri), "invalid result URI")
    for message in shown:
        assert_clean(message)
    assert snapshot(still.tmp) == before, "a rejected call changed something on disk"


@pytest.mark.parametrize(("template", "bad_handle", "bad_session"), HOSTILE)
async def test_tools_reject_hostile_ids(still: World, template: str, bad_handle: bool, bad_session: bool) -> None:
    value = still.fill(template)
    before = snapshot(still.tmp)
    calls: list[tuple[str, dict[str, Any], str]] = []
    if bad_handle:
        calls.append(("read_persisted", {"handle": value}, "invalid handle"))
        calls.append(("read_persisted", {"handle": value, "grep": "SECRET"}, "invalid handle"))
        calls.append(("read_persisted", {"handle": value, "offset": 0, "max_chars": 100}, "invalid handle"))
        calls += [("read_persisted", {"handle": uri}, "invalid result URI") for uri in _handle_uris(still, value)]
    if bad_session:
        calls.append(("persist_result", {"content": "payload\n", "session": value}, "invalid session id"))
        calls += [("read_persisted", {"handle": uri}, "invalid result URI") for uri in _session_uris(still, value)]
    async with connect(still.session, still.server) as c:
        for name, args, expected in calls:
            result = await c.call_tool(name, args)
            text = tool_text(result)
            assert result.is_error, f"{name}({args!r:.80}) succeeded"
            assert expected in result.content[0].text
            assert len(result.content[0].text) < 600
            assert_clean(text)
    assert snapshot(still.tmp) == before


@pytest.mark.parametrize(("template", "bad_handle", "bad_session"), HOSTILE)
async def test_resources_reject_hostile_ids(still: World, template: str, bad_handle: bool, bad_session: bool) -> None:
    value = still.fill(template)
    before = snapshot(still.tmp)
    uris = (_handle_uris(still, value) if bad_handle else []) + (_session_uris(still, value) if bad_session else [])
    async with connect(still.session, still.server) as c:
        for uri in uris:
            with pytest.raises(MCPError) as info:
                await c.read_resource(uri)
            assert_clean(info.value.error.message)
            assert_clean(repr(info.value.error.data))
    assert snapshot(still.tmp) == before


# hostile URIs -------------------------------------------------------------------------------------------------

HOSTILE_URIS = [
    pytest.param("file:///etc/passwd", id="file-scheme-passwd"),
    pytest.param("file://{SECRETFILE}", id="file-scheme-secret"),
    pytest.param("http://127.0.0.1/../../etc/passwd", id="http-scheme"),
    pytest.param("MCP-CONTEXT://sessions/good/results/{G}/../../../../../secret.txt", id="uppercase-scheme-escape"),
    pytest.param("mcp-context:///etc/passwd", id="empty-authority"),
    pytest.param("mcp-context://{SECRETFILE}", id="authority-is-path"),
    pytest.param("mcp-context://evil/sessions/victim/results/{H}", id="other-authority"),
    pytest.param("mcp-context://sessions/good/results/{G}/extra", id="extra-segment"),
    pytest.param("mcp-context://sessions/good/results/{G}/../../../../secret.txt", id="extra-dotdot-segments"),
    pytest.param(
        "mcp-context://sessions/good/results/{G}/../../../../../evil/sessions/victim/results/{H}",
        id="dotdot-to-evil-result",
    ),
    pytest.param("mcp-context://sessions/good/results/{G}?x=1", id="query"),
    pytest.param("mcp-context://sessions/good/results/{G}?path=../../secret.txt", id="query-with-path"),
    pytest.param("mcp-context://sessions/good/results/{G}#frag", id="fragment"),
    pytest.param("mcp-context://sessions/good?x=1", id="session-query"),
    pytest.param("mcp-context://sessions/good#frag", id="session-fragment"),
    pytest.param("mcp-context://sessions/../results/{G}", id="session-dotdot"),
    pytest.param("mcp-context://sessions/..", id="session-listing-dotdot"),
    pytest.param("mcp-context://sessions/.", id="session-listing-dot"),
    pytest.param("mcp-context://sessions/", id="session-listing-empty"),
    pytest.param("mcp-context://sessions/%2e%2e/results/{G}", id="session-percent-dotdot"),
    pytest.param("mcp-context://sessions/good/results/%2e%2e%2f%2e%2e%2fsecret.txt", id="handle-percent"),
    pytest.param("mcp-context://sessions/good/results/{G}%00", id="percent-nul"),
    pytest.param("mcp-context://sessions/good/results/{G}\0", id="raw-nul"),
    pytest.param("mcp-context://sessions/good/results/{G}\n", id="trailing-newline"),
    pytest.param("mcp-context://sessions/good/results/", id="no-handle"),
    pytest.param("mcp-context://sessions/good/results", id="results-without-slash"),
    pytest.param("mcp-context://sessions/good/extra", id="session-extra-segment"),
    pytest.param("mcp-context://sessions/good/", id="session-trailing-slash"),
    pytest.param("mcp-context://sessions/victim/results/{H}", id="session-not-in-root"),
    pytest.param("mcp-context://sessions/{EVIL}/results/{H}", id="absolute-session-path"),
    pytest.param("mcp-context://sessions//etc/results/{G}", id="double-slash"),
    pytest.param("mcp-context://sessions/good/results/{G}/", id="trailing-slash"),
    pytest.param(" mcp-context://sessions/good/results/{G}", id="leading-space"),
    pytest.param("mcp-context://sessions/good/results/R_0123456789ABCDEF", id="uppercase-handle"),
    pytest.param("mcp-context://sessions/\uff0e\uff0e/results/{G}", id="fullwidth-dots"),
]


@pytest.mark.parametrize("template", HOSTILE_URIS)
async def test_hostile_uris_are_refused_everywhere(still: World, template: str) -> None:
    uri = still.fill(template)
    before = snapshot(still.tmp)
    with pytest.raises(ContextError) as api_error:
        still.session.info(uri)
    assert_clean(str(api_error.value))
    with pytest.raises(ContextError):
        still.session.read_persisted(uri)
    async with connect(still.session, still.server) as c:
        result = await c.call_tool("read_persisted", {"handle": uri})
        assert result.is_error
        text = result.content[0].text
        assert any(word in text for word in ("invalid handle", "invalid result URI", "unknown handle")), text
        assert_clean(tool_text(result))
        with pytest.raises(MCPError) as info:
            await c.read_resource(uri)
        assert_clean(info.value.error.message)
    assert snapshot(still.tmp) == before


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
