"""A large stored result through resources: Claude Code's ReadMcpResourceTool shows a resource of about 50 KB
or more as a 2 KB preview, so a result above ``WHOLE_BYTES`` names, in its description, pages small enough
to be shown whole (line ranges, and character ranges for lines too long for that), and those pages joined
are the stored text exactly. Through the SDK's real client, in memory.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from conftest import SERVE
from mcp import Client, MCPError

from mcp_context import Session
from mcp_context.server import resources
from mcp_context.server.app import build_server

pytestmark = pytest.mark.anyio

LONG_LINE = "{" + ",".join(f'"k{i}": {i}' for i in range(9000)) + "}"  # a minified document, ~110 KB
TEXT = "".join(f"line {i} {'é' * (i % 90)}\n" for i in range(1, 4001)) + LONG_LINE + "\nno newline at the end"


@pytest.fixture
async def client(session: Session) -> AsyncIterator[Client]:
    async with Client(build_server(session), raise_exceptions=True) as c:
        yield c


async def read(c: Client, uri: str) -> str:
    contents = (await c.read_resource(uri)).contents
    assert len(contents) == 1
    text = getattr(contents[0], "text", None)
    assert isinstance(text, str)
    return text


async def described(c: Client, uri: str) -> str:
    listed = {str(r.uri): r for r in (await c.list_resources()).resources}
    description = listed[uri].description
    assert description is not None
    return description


async def test_a_large_result_names_its_pages_and_they_join_to_the_whole(session: Session, client: Client) -> None:
    meta = session.persist_result(TEXT).meta
    assert meta.bytes > 2 * resources.WHOLE_BYTES
    description = await described(client, meta.uri)
    found = re.search(r"pages of ([\d,]+) lines \(([\d,]+) pages\), (\S+)/lines/1-(\d+), then \S+/lines/(\d+)-(\d+)",
                      description)  # fmt: skip
    assert found, description
    per_page, pages = (int(found[i].replace(",", "")) for i in (1, 2))
    assert found[3] == meta.uri and int(found[4]) == per_page and int(found[5]) == per_page + 1
    starts = range(1, meta.lines + 1, per_page)
    joined = [await read(client, f"{meta.uri}/lines/{f}-{f + per_page - 1}") for f in starts]
    assert len(joined) == pages and "".join(joined) == TEXT
    shown = [len(page.encode()) for page in joined if LONG_LINE not in page]
    assert sum(shown) / len(shown) <= resources.WHOLE_BYTES * 1.1  # the size the pages are chosen for
    by_chars = re.search(r"by characters: \S+/chars/0-(\d+),", description)
    assert by_chars, description
    size = int(by_chars[1])
    parts = [await read(client, f"{meta.uri}/chars/{a}-{a + size}") for a in range(0, meta.chars, size)]
    assert "".join(parts) == TEXT
    assert max(len(part.encode()) for part in parts) <= 2 * resources.WHOLE_BYTES  # 'é' is two bytes


async def test_any_range_reads_exactly_those_lines(session: Session, client: Client) -> None:
    meta = session.persist_result(TEXT).meta
    lines = TEXT.splitlines(keepends=True)
    assert await read(client, f"{meta.uri}/lines/3-5") == "".join(lines[2:5])
    assert await read(client, f"{meta.uri}/lines/4001-4001") == LONG_LINE + "\n"
    assert await read(client, f"{meta.uri}/lines/4002-9999") == "no newline at the end"
    assert await read(client, f"{meta.uri}/chars/5-9") == TEXT[5:9]
    for bad, says in (("lines/0-3", "from 1"), ("lines/5-3", "last not before first"), ("lines/5000-5001", "has 4,002"),
                      ("chars/9-9", "end after start"), ("chars/999999999-1000000000", "start before")):  # fmt: skip
        with pytest.raises(MCPError, match=says):
            await read(client, f"{meta.uri}/{bad}")
    with pytest.raises(MCPError, match="unknown handle"):
        await read(client, f"mcp-context://sessions/{meta.session}/results/r_0000000000000000/lines/1-2")


async def test_a_small_result_is_read_whole_and_one_long_line_by_characters(session: Session, client: Client) -> None:
    small = session.persist_result("a few lines\nof text\n").meta
    assert "pages" not in await described(client, small.uri)
    one_line = session.persist_result(LONG_LINE).meta
    description = await described(client, one_line.uri)
    assert "/lines/" not in description and f"{one_line.uri}/chars/0-" in description, description
    templates = {t.uri_template for t in (await client.list_resource_templates()).resource_templates}
    assert {
        "mcp-context://sessions/{session}/results/{handle}/lines/{first}-{last}",
        "mcp-context://sessions/{session}/results/{handle}/chars/{start}-{end}",
    } <= templates


@pytest.mark.slow
def test_claude_codes_resource_tool_reads_a_named_page_whole(root: Path, tmp_path: Path) -> None:
    """The real Claude Code 2.1.330 with the scripted model (scripts/real-clients.sh): the whole result
    comes back as a preview, the page its description names comes back whole."""
    from hosts_recorder.plan import INSTALLER as script

    if not script.is_file():
        pytest.skip(f"{script} is not here: the real hosts cannot be driven")
    text = "".join(f"line {i} {'x' * 60}\n" for i in range(1, 3001))
    meta = Session(root, "pages", env={}).persist_result(text).meta
    per_page = int(re.search(r"pages of ([\d,]+) lines", resources._describe(meta))[1])  # type: ignore[index]
    serve = [*SERVE, "--root", str(root), "--session", "pages", "serve"]

    def host_reads(uri: str, expect: str) -> subprocess.CompletedProcess[str]:
        command = ["bash", str(script), "--clients", "claude", "--read", uri, "--read-expect", expect]
        command += ["--log-dir", str(tmp_path / f"logs-{len(uri)}"), "--", *serve]
        return subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=tmp_path)

    last = f"line {per_page} {'x' * 60}"
    with ThreadPoolExecutor(max_workers=2) as pool:  # two separate hosts and servers: neither waits on the other
        whole_run = pool.submit(host_reads, meta.uri, "line 3000 x")
        page_run = pool.submit(host_reads, f"{meta.uri}/lines/1-{per_page}", last)
        whole, page = whole_run.result(), page_run.result()
    assert "missing 'line 3000 x'" in whole.stdout, whole.stdout[-2000:]  # Claude Code's preview of 2 KB
    assert page.returncode == 0, page.stdout[-2000:]
