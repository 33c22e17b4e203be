"""The text index: grep narrowed by it answers exactly as a scan of every line, and the search across results
finds every result that holds a match, within the sessions and tenant a view may reach. The tests taking
``session`` also run on PostgreSQL (test_store_contract imports them)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mcp_context import Session
from mcp_context.errors import InvalidArgument
from mcp_context.results.prefilter import required
from mcp_context.storage.chunks import chunks
from mcp_context.storage.scope import Scope

WORDS = "alpha beta gamma delta error warning timeout needle=ZQX-7731 café 東京 😀 conn refused".split()


def _text(seed: int, lines: int) -> str:
    rng = random.Random(seed)
    out = []
    for i in range(lines):
        if rng.random() < 0.002:
            out.append("x" * rng.randint(70_000, 90_000) + " needle=ZQX-7731 in a long line")  # longer than a chunk
        else:
            out.append(f"{i:06d} " + " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 12))))
    return "\n".join(out) + ("\n" if seed % 2 else "")


def _unindexed(session: Session) -> Session:
    """The same store seen by a view without an index: grep reads every line, as before the index existed."""
    plain = Session(root=session.settings.root, session=session.id, env={}, store=session.store)
    plain.__dict__["text_index"] = None
    return plain


PATTERNS = [
    "needle=ZQX-7731",
    "ZQX",
    "error|timeout",
    "conn refused",
    r"conn\w* refused",
    "café",
    "東京",
    "^0000[0-4]",
    r"delta\s+gamma$",
    "(beta|gamma) delta",
    "Error",
    "[unclosed",
    "nothing-like-this",
    r"\d{6} alpha",
    "eta gam",
]


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_grep_narrowed_by_the_index_answers_as_a_full_scan(session: Session, seed: int) -> None:
    text = _text(seed, 12_000)
    handle = session.persist_result(text, label="mixed").meta.handle
    plain = _unindexed(session)
    rng = random.Random(seed)
    for pattern in PATTERNS:
        for context, matches, start in [(0, 50, None), (2, 5, None), (3, 50, rng.randint(1, 12_000)), (50, 1, None)]:
            options = {"grep": pattern, "context": context, "max_matches": matches, "start_line": start}
            narrowed, scanned = session.read_persisted(handle, **options), plain.read_persisted(handle, **options)
            assert narrowed.grep == scanned.grep, (pattern, context, matches, start)
            assert narrowed.next == scanned.next


def test_what_a_pattern_requires_of_a_matching_line() -> None:
    assert required("needle=ZQX-7731", "regex") == [["needle=ZQX-7731"]]
    assert required(r"def foo\(", "regex") == [["def foo("]]
    assert required("ERROR.*timeout", "regex") == [["ERROR", "timeout"]]
    assert required("error|warning", "regex") == [["error"], ["warning"]]
    assert required("foo(bar)?baz", "regex") == [["foo", "baz"]]
    assert required("ab{2}cdef", "regex") == [["cdef"]]
    assert required(r"\p{Letter}xyz", "regex") == [["xyz"]]  # never "Letter": it is no literal
    assert required(r"\x41\x42\x43", "regex") is None
    assert required(r"\g<name>qq", "regex") is None
    for anything in (r"\d+", "a|bcd", "(?i)abc", "ab", ""):
        assert required(anything, "regex") is None
    assert required("[unclosed", "literal") == [["[unclosed"]]


def test_chunks_end_at_line_ends_and_cover_the_text() -> None:
    import io

    text = _text(3, 5_000).encode()
    parts = list(chunks(io.BytesIO(text), 4096))
    assert b"".join(p.data for p in parts) == text
    line = 1
    for part in parts[:-1]:
        assert part.data.endswith(b"\n") and part.first_line == line
        line = part.last_line + 1


def test_search_names_the_results_that_match_with_lines_and_snippets(session: Session) -> None:
    handles = []
    for i in range(20):
        body = "".join(f"output {i} line {n}: all is well\n" for n in range(3_000))
        if i == 7:
            body += "x" * 500 + " the build FAILED: missing symbol foo_bar " + "y" * 500 + "\n"
        handles.append(session.persist_result(body, label=f"out {i}").meta.handle)
    found = session.search_persisted("FAILED: missing symbol")
    assert [h.meta.handle for h in found.hits] == [handles[7]]
    hit = found.hits[0]
    assert [line.line for line in hit.lines] == [3_001] and len(hit.lines[0].text) < 200
    assert "FAILED: missing symbol" in hit.lines[0].text
    assert session.search_persisted("missing-from-all").hits == []
    many = session.search_persisted(r"output 1\d? line 5\b", max_matches=2)  # outputs 1 and 10-19
    assert many.matched == 11 and len(many.hits) == 10  # the ten best: the newest, all alike otherwise
    assert [h.meta.label for h in many.hits] == [f"out {i}" for i in range(19, 9, -1)]
    assert all(h.lines[0].line == 6 for h in many.hits)
    with pytest.raises(InvalidArgument, match="or give grep alone to search"):
        session.search_persisted(None)
    with pytest.raises(InvalidArgument, match="start_line reads one result"):
        session.search_persisted("x", start_line=3)


def test_results_stored_before_the_index_are_found_on_the_first_search(session: Session) -> None:
    plain = _unindexed(session)
    handle = plain.persist_result("an old result\nwith the word zeppelin\n").meta.handle
    assert session.text_index is not None and handle not in session.text_index.indexed(session.id, [handle])
    assert [h.meta.handle for h in session.search_persisted("zeppelin").hits] == [handle]
    assert handle in session.text_index.indexed(session.id, [handle])


def test_search_reaches_only_what_the_scope_and_tenant_admit(tmp_path: Path) -> None:
    root = tmp_path / "store"
    mine = Session(root=root, session="mine", env={})
    other = Session(root=root, session="other", env={})
    tenant = Session(root=root, session="mine", env={}, tenant="acme")
    for s in (mine, other, tenant):
        s.persist_result(f"a secret marker kept by {s.id} of {s.store.root.name}\n")
    everything = {h.meta.session for h in Session(root=root, session="mine", env={}).search_persisted("marker").hits}
    assert everything == {"mine", "other"}
    bounded = Session(root=root, session="mine", env={}, scope=Scope.only("mine"))
    assert [h.meta.session for h in bounded.search_persisted("marker").hits] == ["mine"]
    assert len(tenant.search_persisted("marker").hits) == 1
    assert "tenants" in str(tenant.store.root)


def test_cleanup_reindex_rebuilds_the_index(session: Session) -> None:
    handle = session.persist_result("rebuild me: quokka\n").meta.handle
    report = session.cleanup(reindex=True)
    assert report.reindexed == 1
    assert [h.meta.handle for h in session.search_persisted("quokka").hits] == [handle]


_STORE_LOOP = """
import sys, itertools
from mcp_context import Session
s = Session(root=sys.argv[1], session="crash", env={})
for i in itertools.count():
    s.persist_result(f"result {i} with kiwi{i:06d}\\n" + "filler line\\n" * 20_000)
    print(i, flush=True)
"""


@pytest.mark.slow
def test_the_index_survives_kill_9_mid_store(tmp_path: Path) -> None:
    """Killed at random points while storing: every result the store holds is found by a search afterwards
    (indexed before the store answered, or on the search), and the index stays readable."""
    root = tmp_path / "store"
    rng = random.Random(5)
    for _ in range(4):
        proc = subprocess.Popen([sys.executable, "-c", _STORE_LOOP, str(root)], stdout=subprocess.PIPE)
        assert proc.stdout is not None
        proc.stdout.readline()  # one stored at least
        time.sleep(rng.uniform(0.0, 0.3))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
    s = Session(root=root, session="crash", env={})
    stored = s.results()
    assert len(stored) >= 4
    found = s.search_persisted("kiwi", max_matches=1)
    assert found.matched == len(stored)
    for meta in stored:
        marker = s.read_persisted(meta.handle, max_lines=1).page
        assert marker is not None
        word = marker.text.split()[-1]
        assert [h.meta.handle for h in s.search_persisted(word).hits] == [meta.handle]


# over MCP ------------------------------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_read_persisted_without_a_handle_searches_over_mcp(session: Session) -> None:
    from mcp import Client

    from mcp_context.server.app import build_server

    first = session.persist_result("alpha\nthe gizmo broke at step 3\nomega\n", label="run 1").meta.handle
    session.persist_result("nothing to see\n", label="run 2")
    async with Client(build_server(session), raise_exceptions=True) as c:
        result = await c.call_tool("read_persisted", {"grep": "gizmo broke"})
        assert not result.is_error
        out = result.structured_content
        assert out is not None and out["mode"] == "search" and out["match_count"] == 1
        assert [(r["handle"], [g["line"] for g in r["lines"]]) for r in out["results"]] == [(first, [2])]
        text = result.content[0].text  # type: ignore[union-attr]
        assert first in text and "2: the gizmo broke" in text and "read_persisted(handle=" in text
        missing = await c.call_tool("read_persisted", {"handle": "r_0123456789abcdef"})
        message = missing.content[0].text  # type: ignore[union-attr]
        assert missing.is_error and "read_persisted" in message and "mcp-context" not in message
        bad = await c.call_tool("read_persisted", {"start_line": 3})
        assert bad.is_error and "grep alone to search" in bad.content[0].text  # type: ignore[union-attr]


@pytest.mark.anyio
async def test_the_tool_definitions_cost_under_6_kb_and_type_every_policy_field(session: Session) -> None:
    import json

    from mcp import Client

    from mcp_context.loops.policy import Policy
    from mcp_context.server.app import build_server

    async with Client(build_server(session), raise_exceptions=True) as c:
        tools = (await c.list_tools()).tools
    visible = [{"name": t.name, "description": t.description, "inputSchema": t.input_schema} for t in tools]
    assert len(json.dumps(visible, separators=(",", ":")).encode()) <= 6_000  # under 6 KB counted either way
    assert len(json.dumps(visible).encode()) <= 6 * 1024  # spaced as Python writes JSON too
    assert "$ref" not in json.dumps(visible)  # each object written where it is used: hosts need not resolve it
    policy = next(t for t in tools if t.name == "check_loop").input_schema["properties"]["policy"]
    assert set(policy["properties"]) == set(Policy._fields)
    types = {name: node["type"] for name, node in policy["properties"].items()}
    assert types["call_repeats"] == "integer" and types["judge"] == "boolean" and types["judge_confidence"] == "number"
    for tool in tools:
        assert "mcp-context " not in (tool.description or "")  # no shell command a model cannot run


@pytest.mark.anyio
async def test_unlisted_arguments_are_still_accepted(session: Session) -> None:
    from mcp import Client

    from mcp_context.server.app import build_server

    async with Client(build_server(session), raise_exceptions=True) as c:
        stored = await c.call_tool("persist_result", {"content": "x\n", "session": session.id})
        assert not stored.is_error
        checked = await c.call_tool(
            "check_loop", {"event": {"kind": "tool_call", "name": "ls", "args": {}}, "policy": {"call_repeats": 4}}
        )
        assert not checked.is_error, checked.content
        compacted = await c.call_tool(
            "compact_history",
            {"messages": [{"role": "user", "content": "hi"}], "target_tokens": 500, "trigger": {"messages": 6}},
        )
        assert not compacted.is_error, compacted.content  # the object spelling, accepted though not listed
        wrong = await c.call_tool("check_loop", {"events": [], "policy": {"call_repeats": "four"}})
        assert wrong.is_error and "call_repeats" in wrong.content[0].text  # type: ignore[union-attr]


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text",
    [
        "".join(
            f"2025-01-01T00:00:{i % 60:02d} INFO request {i} served in {i % 97} ms by worker {i % 7}\n"
            for i in range(5000)
        ),
        "東京の処理中にエラーが発生しました。数据库连接失败，请重试。" * 3000,  # one long line of 3-byte characters
        "".join(f"{'€' * 150} {i}\n" for i in range(2000)),
        "short\n",
    ],
    ids=["log", "cjk-one-line", "long-lines", "short"],
)
async def test_a_store_is_acknowledged_in_800_bytes(session: Session, text: str) -> None:
    import json

    from mcp import Client

    from mcp_context.server.app import build_server

    async with Client(build_server(session), raise_exceptions=True) as c:
        stored = await c.call_tool("persist_result", {"content": text, "label": "output of a long command"})
    shown = stored.content[0].text  # type: ignore[union-attr]
    out = stored.structured_content
    assert out is not None and len(shown.encode()) <= 800
    assert len(json.dumps(out, ensure_ascii=False).encode()) <= 800
    assert out["handle"] in shown and f"{len(text):,} chars" in shown
    assert out["preview"] and (out["preview_complete"] or "Read more: read_persisted(" in shown)


def test_an_index_that_cannot_be_opened_costs_speed_only(tmp_path: Path) -> None:
    root = tmp_path / "store"
    plain = Session(root=root, session="s", env={})
    plain.__dict__["text_index"] = None
    handle = plain.persist_result("alpha\nbeta gamma\n").meta.handle
    (root / "index.sqlite").mkdir()  # in the index's place: it cannot be opened
    s = Session(root=root, session="s", env={})
    found = s.read_persisted(handle, grep="beta")
    assert found.grep is not None and found.grep.matches == 1
    searched = s.search_persisted("beta")
    assert [h.meta.handle for h in searched.hits] == [handle]
    assert "search index could not be used" in searched.notes[0]


def test_a_schema_that_contains_itself_is_refused_rather_than_written_out_forever() -> None:
    from mcp_context.server.schemas import listed

    looped = {
        "properties": {"a": {"$ref": "#/$defs/Node"}},
        "$defs": {"Node": {"properties": {"next": {"$ref": "#/$defs/Node"}}}},
    }
    with pytest.raises(ValueError, match="Node contains itself"):
        listed("check_loop", looped)
