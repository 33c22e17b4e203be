"""Sessions as a boundary: a view bounded to some sessions reads, lists, writes and deletes only those, and a
session outside answers exactly as one that does not exist. Also: the user's home folder stays out of answers."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from conftest import SERVE
from mcp import Client, MCPError

from mcp_context import Session
from mcp_context.errors import ContextError, InvalidArgument, UnknownHandle, shown_path
from mcp_context.server.app import build_server
from mcp_context.storage.scope import Scope

NEVER = "r_0123456789abcdef"  # a well-formed handle stored nowhere


@pytest.fixture
def stores(root: Path) -> tuple[Session, Session, str]:
    """Session ``b`` holds a result; ``a`` is bounded to itself. Returns (a, b, b's handle)."""
    b = Session(root=root, session="b", env={})
    handle = b.persist_result("b's private notes\n", label="notes").meta.handle
    a = Session(root=root, session="a", env={}, scope=Scope.only("a"))
    a.persist_result("a's own text\n")
    return a, b, handle


def _message(call: object) -> tuple[type[BaseException], str]:
    try:
        call()  # type: ignore[operator]
    except ContextError as exc:
        return type(exc), str(exc).replace(NEVER, "HANDLE")
    raise AssertionError("no error")


def test_a_bounded_view_cannot_tell_another_sessions_handle_from_one_never_stored(stores) -> None:  # type: ignore[no-untyped-def]
    a, b, handle = stores
    other = _message(lambda: a.read_persisted(handle))
    never = _message(lambda: a.read_persisted(NEVER))
    assert other[0] is never[0] is UnknownHandle
    assert other[1].replace(handle, "HANDLE") == never[1]
    uri = b.info(handle).uri
    assert _message(lambda: a.read_persisted(uri))[1].replace(handle, "HANDLE") == never[1]
    assert _message(lambda: list(a.iter_text(uri)))[0] is UnknownHandle
    with pytest.raises(ContextError):
        a.summarize_range(handle=handle)
    assert b.read_persisted(handle).page.text == "b's private notes\n"  # b itself still reads it


def test_a_bounded_view_writes_lists_and_deletes_only_its_own(stores, root: Path) -> None:  # type: ignore[no-untyped-def]
    a, b, handle = stores
    refusals = []
    for name in ("b", "nosuch"):  # an existing session and a missing one: the same refusal
        with pytest.raises(InvalidArgument) as exc:
            a.persist_result("x", session=name)
        refusals.append(str(exc.value).replace(name, "NAME"))
        with pytest.raises(InvalidArgument):
            a.results(name)
        with pytest.raises(InvalidArgument):
            a.delete_session(name)
        with pytest.raises(InvalidArgument):
            a.check_loop(event={"kind": "tool_call", "name": "ls"}, session=name)
        with pytest.raises(InvalidArgument):
            a.compact_history(messages=[{"role": "user", "content": "hi"}], target_tokens=10, session=name)
    assert refusals[0] == refusals[1]
    assert {m.session for m in a.all_results()} == {"a"}
    assert [s.session for s in a.sessions()] == ["a"]
    report = a.cleanup(max_bytes=0)
    assert report.sessions_removed == ["a"]
    assert b.read_persisted(handle).page.text == "b's private notes\n"
    assert "b" in Session(root=root, env={}).store.session_ids()
    with pytest.raises(InvalidArgument):
        Session(root=root, session="c", env={}, scope=Scope.only("a"))  # a view's own session is in its scope


def test_the_default_scope_spans_the_root(stores, root: Path) -> None:  # type: ignore[no-untyped-def]
    """One local user: a handle from any session reads back with no session named (hooks of Gemini CLI store
    under an id the server never learns)."""
    _, _, handle = stores
    c = Session(root=root, session="c", env={})
    assert c.read_persisted(handle).page.text == "b's private notes\n"
    assert {s.session for s in c.sessions()} == {"a", "b"}


@pytest.mark.anyio
async def test_a_server_bounded_to_its_session_shows_nothing_else(stores) -> None:  # type: ignore[no-untyped-def]
    a, b, handle = stores
    async with Client(build_server(a), raise_exceptions=True) as c:
        listed = []
        page = await c.list_resources()
        listed += [r.uri for r in page.resources]
        assert listed and all("/sessions/a" in str(u) for u in listed)
        answers = []
        for h in (handle, NEVER):
            result = await c.call_tool("read_persisted", {"handle": h})
            assert result.is_error
            answers.append(result.content[0].text.replace(h, "HANDLE"))  # type: ignore[union-attr]
        assert answers[0] == answers[1]
        errors = []
        for uri in (b.info(handle).uri, f"mcp-context://sessions/b/results/{NEVER}"):
            with pytest.raises(MCPError) as exc:
                await c.read_resource(uri)
            errors.append(str(exc.value).replace(handle, "HANDLE").replace(NEVER, "HANDLE"))
        assert errors[0] == errors[1]
        for name in ("b", "nosuch"):
            with pytest.raises(MCPError, match=f"no session '{name}'"):
                await c.read_resource(f"mcp-context://sessions/{name}")
        wrote = await c.call_tool("persist_result", {"content": "x", "session": "b"})
        assert wrote.is_error and "outside" in wrote.content[0].text  # type: ignore[union-attr]


def test_serve_scope_session_is_accepted(server_env: dict[str, str]) -> None:
    out = subprocess.run([*SERVE, "serve", "--help"], capture_output=True, text=True, env=server_env, timeout=60)
    assert "--scope [all|session]" in out.stdout


def test_answers_show_the_home_folder_as_a_tilde(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home" / "alice"
    allowed = home / ".claude" / "projects"
    allowed.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    outside = home / "notes.jsonl"
    outside.write_text('{"type": "user", "message": {"role": "user", "content": "hi"}}\n')
    s = Session(root=home / ".mcp-context", session="s", env={"HOME": str(home)}, transcript_roots=[allowed])
    with pytest.raises(InvalidArgument) as exc:
        s.compact_history(transcript=str(outside), target_tokens=100)
    assert str(home) not in str(exc.value) and "~/notes.jsonl" in str(exc.value)
    assert "~/.claude/projects" in str(exc.value)
    with pytest.raises(ContextError) as missing:
        s.delete_session("nosuch")
    assert str(home) not in str(missing.value) and "~/.mcp-context" in str(missing.value)
    log = home / "build.log"
    log.write_text("ok\n")
    assert s.persist_file(log).meta.source == "~/build.log"
    assert shown_path("/elsewhere/x") == "/elsewhere/x"
    assert shown_path(f"{home}x/y") == f"{home}x/y"  # a sibling that only starts with the same letters


@pytest.mark.parametrize("url", ["mysql://user:hunter2@db.example/ctx", "hunter2", "file:///x?password=hunter2"])
def test_a_store_url_it_cannot_use_is_refused_without_its_password(tmp_path: Path, url: str) -> None:
    with pytest.raises(InvalidArgument) as exc:
        Session(root=tmp_path, session="s", env={}, store=url)
    assert "hunter2" not in str(exc.value) and "postgresql://" in str(exc.value)
