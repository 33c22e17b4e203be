"""The MCP face, through the SDK's real Client: in memory, and a real `mcp-context serve` over stdio in
both protocol eras."""

from __future__ import annotations

import base64
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import SERVE
from mcp import Client, MCPError, StdioServerParameters

from mcp_context import Session
from mcp_context.server import resources
from mcp_context.server.app import build_server

pytestmark = pytest.mark.anyio


@pytest.fixture
async def client(session: Session) -> AsyncIterator[Client]:
    async with Client(build_server(session), raise_exceptions=True) as c:
        yield c


def root_of(session: Session) -> Path:
    """The folder of a session of the file store."""
    return session.store.root / "sessions" / session.id


async def grep_all(c: Client, handle: str, pattern: str, **fixed: Any) -> list[str]:
    """Every matching line, page after page, as the lines themselves."""
    found: list[str] = []
    args: dict[str, Any] = {"handle": handle, "grep": pattern, "context": 0, **fixed}
    while True:
        out = (await c.call_tool("read_persisted", args)).structured_content
        assert out is not None and out["mode"] == "grep"
        found += [m["text"] for m in out["matches"] if m["match"]]
        if out["done"]:
            return found
        args["start_line"] = out["next_start_line"]


async def read_all(c: Client, handle: str, **fixed: Any) -> str:
    """Follow next_start_line / next_offset through the tool, as a model would."""
    parts: list[str] = []
    cursor: dict[str, int] = {}
    while True:
        result = await c.call_tool("read_persisted", {"handle": handle, **cursor, **fixed})
        assert not result.is_error, result.content
        out = result.structured_content
        assert out is not None
        parts.append(out["content"])
        if out["done"]:
            return "".join(parts)
        assert out["next_call"].startswith("read_persisted(handle=")
        # The cursor that applies is there; the other is left out, not null.
        cursor = {"start_line": out["next_start_line"]} if "next_start_line" in out else {"offset": out["next_offset"]}


async def test_tools_are_listed_with_short_descriptions_and_annotations(client: Client) -> None:
    tools = {t.name: t for t in (await client.list_tools()).tools}
    assert {"persist_result", "read_persisted", "compact_history"} <= set(tools)
    for tool in tools.values():
        assert tool.description and len(tool.description.encode()) < 2048  # Claude Code cuts at 2 KB
        assert tool.output_schema is not None
        assert tool.annotations is not None and tool.annotations.open_world_hint is False
    assert tools["read_persisted"].annotations.read_only_hint is True  # type: ignore[union-attr]


@pytest.mark.slow
async def test_persist_and_read_back_a_multi_megabyte_file(client: Client, realistic: Callable[[int], str]) -> None:
    text = realistic(2 * 1024 * 1024)
    stored = await client.call_tool("persist_result", {"content": text, "label": "stdlib", "source": "glob"})
    assert not stored.is_error
    out = stored.structured_content
    assert out is not None
    handle = out["handle"]
    assert out["bytes"] == len(text.encode()) and out["chars"] == len(text)
    assert out["token_method"] in ("estimate",) or out["token_method"].startswith("exact:")
    assert len(out["preview"]) <= 800 and out["read_more"].startswith(f"read_persisted(handle='{handle}'")
    # The text content is complete on its own (Gemini CLI shows only this).
    text_view = stored.content[0].text  # type: ignore[union-attr]
    for fact in (handle, "Read more: read_persisted(", f"{len(text):,} chars"):
        assert fact in text_view
    assert await read_all(client, handle) == text
    assert await read_all(client, handle, max_chars=200_000) == text


async def test_grep_through_the_tool_returns_the_exact_lines(client: Client) -> None:
    lines = [f"{i:06d} " + ("FAIL test_x" if i % 97 == 0 else "ok") for i in range(20_000)]
    text = "\n".join(lines) + "\n"
    handle = (await client.call_tool("persist_result", {"content": text})).structured_content["handle"]  # type: ignore[index]
    assert await grep_all(client, handle, "FAIL") == [line for line in lines if "FAIL" in line]


async def test_same_content_same_handle_nothing_written(client: Client, session: Session) -> None:
    first = (await client.call_tool("persist_result", {"content": "same\n"})).structured_content
    files = sorted(p.name for p in (root_of(session) / "results").iterdir())
    second = (await client.call_tool("persist_result", {"content": "same\n", "label": "other"})).structured_content
    assert first is not None and second is not None
    assert second["handle"] == first["handle"] and first["stored"] and not second["stored"]
    assert sorted(p.name for p in (root_of(session) / "results").iterdir()) == files


async def test_handles_work_without_a_session_and_as_uris(root: Path) -> None:
    writer = Session(root=root, session="writer", env={})
    handle = writer.persist_result("from another session\n").meta.handle
    async with Client(build_server(Session(root=root, session="reader", env={}))) as c:
        out = (await c.call_tool("read_persisted", {"handle": handle})).structured_content
        assert out is not None and out["content"] == "from another session\n"
        via_uri = (await c.call_tool("read_persisted", {"handle": out["uri"]})).structured_content
        assert via_uri is not None and via_uri["content"] == out["content"]


async def test_errors_are_clear_tool_errors(client: Client) -> None:
    unknown = await client.call_tool("read_persisted", {"handle": "r_0000000000000000"})
    assert unknown.is_error and "unknown handle" in unknown.content[0].text  # type: ignore[union-attr]
    bad = await client.call_tool("read_persisted", {"handle": "r_x", "start_line": 0})
    assert bad.is_error


async def test_oversize_content_is_refused_and_nothing_written(root: Path) -> None:
    from mcp_context import Limits

    session = Session(root=root, session="small", env={}, limits=Limits(max_result_bytes=1000))
    async with Client(build_server(session)) as c:
        result = await c.call_tool("persist_result", {"content": "x" * 1001})
        assert result.is_error and "1,000-byte limit" in result.content[0].text  # type: ignore[union-attr]
        ok = await c.call_tool("persist_result", {"content": "x" * 1000})
        assert not ok.is_error
    assert len(session.results()) == 1
    assert not [p for p in (root_of(session) / "results").iterdir() if p.name.startswith(".tmp")]


async def test_resources_list_read_templates_and_pagination(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(resources, "PAGE_SIZE", 7)
    session = Session(root=root, session="res", env={})
    handles = [
        session.persist_result(f"result {i}\n", label=f"r{i}.json" if i == 3 else None).meta.handle for i in range(20)
    ]
    Session(root=root, session="other", env={}).persist_result("elsewhere\n")
    async with Client(build_server(session)) as c:
        seen: list[str] = []
        cursor = None
        while True:
            page = await c.list_resources(cursor=cursor) if cursor else await c.list_resources()
            assert len(page.resources) <= 7
            seen += [str(r.uri) for r in page.resources]
            cursor = page.next_cursor
            if not cursor:
                break
        assert len(seen) == len(set(seen)) == 21 + 2
        result_uris = [u for u in seen if "/results/" in u]
        created = {m.uri: m.created for name in ("res", "other") for m in session.results(name)}
        assert [created[u] for u in result_uris] == sorted(created.values(), reverse=True)  # newest first
        assert "mcp-context://sessions/res" in seen and "mcp-context://sessions/other" in seen

        uri = f"mcp-context://sessions/res/results/{handles[3]}"
        contents = (await c.read_resource(uri)).contents[0]
        assert contents.text == "result 3\n" and contents.mime_type == "application/json"  # type: ignore[union-attr]
        listing = (await c.read_resource("mcp-context://sessions/res")).contents[0]
        assert handles[0] in listing.text  # type: ignore[union-attr]

        templates = {t.uri_template for t in (await c.list_resource_templates()).resource_templates}
        assert "mcp-context://sessions/{session}/results/{handle}" in templates

        with pytest.raises(MCPError):
            await c.read_resource("mcp-context://sessions/res/results/r_0000000000000000")
        for cursor in ("not-a-cursor", base64.urlsafe_b64encode(b'["a", "b", "c"]').decode()):
            with pytest.raises(MCPError, match="invalid cursor"):
                await c.list_resources(cursor=cursor)
        with pytest.raises(MCPError, match="no session 'nosuch'"):
            await c.read_resource("mcp-context://sessions/nosuch")


async def test_the_resource_listing_follows_the_disk_after_it_is_first_made(root: Path) -> None:
    """Listings remember the metadata they read (it never changes) but not which results exist: results another
    process adds, and sessions it deletes, show in the next listing."""
    session = Session(root=root, session="mine", env={})
    first = session.persist_result("first\n").meta
    async with Client(build_server(session)) as c:

        async def uris() -> list[str]:
            return [str(r.uri) for r in (await c.list_resources()).resources]

        assert first.uri in await uris()
        other = Session(root=root, session="theirs", env={})  # another process, as far as the store can tell
        added = other.persist_result("added elsewhere\n").meta
        listed = await uris()
        assert listed.index(added.uri) < listed.index(first.uri)  # there, and newest first
        assert "mcp-context://sessions/theirs" in listed
        other.delete_session("theirs")
        listed = await uris()
        assert added.uri not in listed and "mcp-context://sessions/theirs" not in listed and first.uri in listed


@pytest.mark.parametrize("mode", ["auto", "legacy"])
@pytest.mark.slow
async def test_stdio_subprocess_in_both_protocol_eras(
    mode: str, server_env: dict[str, str], realistic: Callable[[int], str]
) -> None:
    limit = ["--max-result-bytes", "4M"]  # a multi-megabyte result fits, a larger one is refused
    params = StdioServerParameters(
        command=SERVE[0], args=[*SERVE[1:], *limit, "--session", "stdio", "serve"], env=server_env
    )
    text = realistic(3 * 1024 * 1024)
    async with Client(params, mode=mode) as c:  # type: ignore[arg-type]
        stored = (await c.call_tool("persist_result", {"content": text, "label": "big"})).structured_content
        assert stored is not None and stored["session"] == "stdio" and stored["bytes"] > 3_000_000
        assert await read_all(c, stored["handle"]) == text
        again = (await c.call_tool("persist_result", {"content": text})).structured_content
        assert again is not None and again["handle"] == stored["handle"] and again["stored"] is False
        found = await grep_all(c, stored["handle"], "def ", max_matches=500)
        assert found == [line for line in text.split("\n") if "def " in line] and found
        listed = [str(r.uri) for r in (await c.list_resources()).resources]
        assert stored["uri"] in listed
        body = (await c.read_resource(stored["uri"])).contents[0]
        assert body.text == text  # type: ignore[union-attr]
        too_big = await c.call_tool("persist_result", {"content": "x" * (4 * 1024 * 1024 + 1)})
        unknown = await c.call_tool("read_persisted", {"handle": "r_0000000000000000"})
        escape = await c.call_tool("read_persisted", {"handle": "../../etc/passwd"})
        for refused, says in ((too_big, "exceeds"), (unknown, "unknown handle"), (escape, "handle")):
            assert refused.is_error and says in refused.content[0].text  # type: ignore[union-attr]


async def test_the_server_runs_a_tool_itself_as_the_sdk_would(root: Path) -> None:
    """A tool the server runs itself (on the arguments its model checked) answers as the tool registered with
    the SDK answers: the same structured content, the same text."""
    events = [{"kind": "tool_call", "name": "Read", "args": {"path": "a.py"}}] * 5
    said = "The build fails in src/app.py: the import of config is circular, so move it into main(). " * 4
    talk = [{"role": "user", "content": "Fix the failing build, please."}, {"role": "assistant", "content": said}] * 3
    calls = [
        ("persist_result", {"content": "one\ntwo\nthree\n", "label": "l"}),
        ("read_persisted", {"start_line": 2, "max_lines": 1}),
        ("check_loop", {"events": events}),
        ("compact_history", {"messages": [{"role": "user", "content": "hi"}], "target_tokens": 1000}),
        ("summarize_range", {"messages": talk, "style": "brief"}),
        ("read_persisted", {"start_line": 0}),
    ]
    answers: dict[str, list[Any]] = {}
    for way in ("direct", "sdk"):
        server = build_server(Session(root=root / way, session="s", env={}))
        assert set(server.direct) == {name for name, _ in calls}
        if way == "sdk":
            server.direct.clear()
        handle: dict[str, str] = {}
        async with Client(server) as c:
            for name, arguments in calls:
                got = await c.call_tool(name, {**(handle if name == "read_persisted" else {}), **arguments})
                out = dict(got.structured_content or {})
                handle = {"handle": out["handle"]} if "handle" in out and not handle else handle
                out.get("counters", {}).pop("elapsed_s", None)
                text = got.content[0].text  # type: ignore[union-attr]
                answers.setdefault(way, []).append((name, got.is_error, out, "" if name == "check_loop" else text))
    assert answers["direct"] == answers["sdk"]
    assert [a[1] for a in answers["direct"]] == [False] * 5 + [True]  # start_line 0: one line


async def test_a_fault_of_ours_answers_with_the_tools_name_only(session: Session) -> None:
    """An error that is not the caller's (a bug, a disk gone) answers with the tool's name, never the exception's
    text or a traceback, on the server's own path and the SDK's alike; the next call is served."""

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("internal detail /srv/secret")

    session.read_persisted = broken  # type: ignore[method-assign]
    session.check_loop = broken  # type: ignore[method-assign]
    handle = session.persist_result("kept\n").meta.handle
    async with Client(build_server(session)) as c:
        for name, arguments in (("read_persisted", {"handle": handle}), ("check_loop", {"reset": True})):
            answer = await c.call_tool(name, arguments)
            assert answer.is_error and answer.content[0].text == f"Error executing tool {name}"  # type: ignore[union-attr]
        assert not (await c.call_tool("persist_result", {"content": "kept\n"})).is_error


async def test_schemas_constrain_every_value(client: Client) -> None:
    """The Inspector warns (and some hosts refuse) when a schema node accepts anything or gives a list of types:
    every node says what it is, with one type (nullable fields as anyOf)."""

    def loose(node: Any, path: str) -> list[str]:
        if isinstance(node, dict):
            found = [path] if path.endswith(".items") and not node else []
            # A type list is legal but not portable (the Inspector warns: Gemini's dialect takes one type).
            found += [f"{path}.type"] if isinstance(node.get("type"), list) else []
            return found + [p for k, v in node.items() for p in loose(v, f"{path}.{k}")]
        if isinstance(node, list):
            return [p for i, v in enumerate(node) for p in loose(v, f"{path}[{i}]")]
        return []

    for tool in (await client.list_tools()).tools:
        assert loose(tool.input_schema, tool.name) == [] and loose(tool.output_schema, tool.name) == []


@pytest.mark.slow
def test_every_line_on_stdin_gets_an_answer_and_the_server_keeps_serving(server_env: dict[str, str]) -> None:
    """Not JSON, a lone surrogate, nesting too deep, JSON that is no message: each answered with a JSON-RPC error
    carrying the request's id where it shows, and the next request is served."""
    import json as jsonlib
    import subprocess

    init = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
    }
    lines = [
        jsonlib.dumps(init),
        jsonlib.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        "this is not json",
        '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"persist_result","arguments":{"content":"\\ud800"}}}',
        '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"check_loop","arguments":{"policy":'
        + "[" * 5000
        + "]" * 5000
        + "}}}",
        jsonlib.dumps({"hello": "world"}),
        jsonlib.dumps({"jsonrpc": "2.0", "id": 4, "method": "tools/list"}),
    ]
    with subprocess.Popen(
        [*SERVE, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=server_env
    ) as proc:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write("\n".join(lines) + "\n")
        proc.stdin.flush()
        answers: list[dict[str, Any]] = []
        while not any(a.get("id") == 4 for a in answers):  # the last request answered: then stdin may close
            line = proc.stdout.readline()
            assert line, f"the server stopped answering after {answers}"
            answers.append(jsonlib.loads(line))
        proc.stdin.close()
        proc.wait(timeout=30)
    errors = [(a.get("id"), a["error"]["code"]) for a in answers if "error" in a]
    assert errors == [(None, -32700), (2, -32700), (3, -32700), (None, -32600)], answers
    assert any(a.get("id") == 4 and "tools" in a["result"] for a in answers)  # and it went on serving
