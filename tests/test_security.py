"""Hostile ids and URIs, each tried on the Python API, the MCP tools and resources, in the world of
security_world.py (a marker result outside the root that an escape would read back): traversals, look-alike
digits and letters, encodings, and URIs of every shape, refused everywhere and changing nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from mcp import MCPError
from security_world import (
    GOOD_TEXT,
    VALID_LOOKING,
    World,
    assert_clean,
    connect,
    make_world,
    snapshot,
    tool_text,
)

from mcp_context import ContextError, InvalidId, Session
from mcp_context.server.app import build_server

pytestmark = pytest.mark.anyio


@pytest.fixture(scope="module")
def still(tmp_path_factory: pytest.TempPathFactory) -> World:
    """One world, and one server over it, for the tests of calls that must change nothing: each compares every
    entry under the world before and after itself, so none can pass on what another left."""
    made = make_world(tmp_path_factory.mktemp("still"))
    made.server = build_server(made.session)
    return made


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
