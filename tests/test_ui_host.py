"""What the viewer shows of the host: its context over time read off a transcript (each message estimated, or
a long transcript at the density of a sample), the chart's line thinned to what can be drawn, and the audit of a
host compaction as our hooks journaled it once the host's summary was known."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_audit import LONG, LOSSY, compacted
from test_hooks import SID, answer

from mcp_context import Session
from mcp_context.journal import read_journal
from mcp_context.storage import ids
from mcp_context.tokens.count import estimate_bytes
from mcp_context.ui import detail, transcript
from mcp_context.ui.chart import _thinned
from mcp_context.ui.story import ArchiveMap

XSS = '<script>alert("xss")</script>'


def _line(i: int, text: str, kind: str = "user") -> str:
    record = {"type": kind, "uuid": f"u{i}", "timestamp": f"2026-11-26T01:{i // 60:02d}:{i % 60:02d}.000Z"}
    record["message"] = {"role": kind, "content": text}
    return json.dumps(record)


def test_the_context_grows_message_by_message_and_a_boundary_starts_it_afresh(tmp_path: Path) -> None:
    lines = [_line(i, f"message {i} " + "word " * 50) for i in range(10)]
    lines.insert(
        6, json.dumps({"type": "system", "subtype": "compact_boundary", "timestamp": "2026-11-26T01:00:05.500Z"})
    )
    lines.insert(3, "{not json")
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join(lines) + "\n")
    found = transcript.read(path)
    assert len(found.context) == 10 and len(found.compactions) == 1
    tokens = [p.tokens for p in found.context]
    each = estimate_bytes(json.dumps("message 0 " + "word " * 50).encode())
    assert tokens[0] == each and tokens[1] > tokens[0]  # short: each message estimated on its own
    assert found.compactions[0].tokens == tokens[5] and tokens[6] < tokens[5]  # afresh after the boundary


def test_a_long_transcript_is_estimated_at_the_density_of_a_sample(tmp_path: Path) -> None:
    texts = [f"step {i}: " + ("the quick brown fox jumps over the lazy dog " * 30) for i in range(2_000)]
    path = tmp_path / "long.jsonl"
    path.write_text("\n".join(_line(i, t) for i, t in enumerate(texts)) + "\n")
    assert path.stat().st_size > transcript.SAMPLE_BYTES
    found = transcript.read(path)
    exact = sum(estimate_bytes(json.dumps(t).encode()) for t in texts)
    assert abs(found.context[-1].tokens - exact) / exact < 0.05
    cache = transcript.Transcripts()
    assert cache.of(path) is cache.of(path)  # unchanged: read once
    with path.open("a") as f:
        f.write(_line(2_000, "one more") + "\n")
    assert len(cache.of(path).context) == 2_001  # grown: read afresh


def test_the_line_keeps_each_columns_first_last_lowest_and_highest() -> None:
    line = [(i / 100, (i * 37) % 1000) for i in range(100_000)]
    thin = _thinned(line, lambda t: t)
    assert len(thin) <= 4 * 1000 and thin[0] == line[0] and thin[-1] == line[-1]
    column = [p for p in line if int(p[0]) == 7]
    kept = [p for p in thin if int(p[0]) == 7]
    assert min(p[1] for p in kept) == min(p[1] for p in column) and max(p[1] for p in kept) == max(p[1] for p in column)
    assert _thinned(line[:3], lambda t: t * 1000) == line[:3]


@pytest.mark.slow
def test_the_hooks_journal_the_audit_and_the_page_shows_it_without_the_transcript(tmp_path: Path) -> None:
    root = tmp_path / "store"
    path = tmp_path / f"{SID}.jsonl"
    lines = LONG.read_text().splitlines()
    lines.insert(5, _line(900, f"Also fix the parser {XSS} before the release"))
    path.write_text("\n".join(lines) + "\n")
    answer("claude", "pre-compact", {"session_id": SID, "transcript_path": str(path), "trigger": "auto"}, root)
    compacted(path, path, LOSSY + f" {XSS}")
    start = {"session_id": SID, "transcript_path": str(path), "source": "compact", "hook_event_name": "SessionStart"}
    said = answer("claude", "session-start", start, root)
    assert said is not None and "left out" in json.dumps(said)
    view = Session(root, SID, env={})
    entry = next(e for e in read_journal(view.store, SID) if e["kind"] == "host_compaction")
    assert entry["dropped"] > 0 and entry["checked"] >= entry["dropped"] and entry["boundaries"] == 1
    doc = json.loads("".join(view.iter_text(ids.result_uri(SID, entry["facts"]))))
    assert len(doc["facts"]) == entry["checked"] and sum(f["dropped"] for f in doc["facts"]) == entry["dropped"]
    path.unlink()  # the page needs no transcript: the hook's audit is journaled
    page = detail.audit_page(view, SID, None, ArchiveMap())
    assert "audited by our hook" in page and f"Dropped: {entry['dropped']} fact(s)" in page
    assert "Primary Request and Intent" in page  # the host's summary, beside what it dropped
    assert "<script" not in page and "&lt;script&gt;" in page
    cited = re.findall(r'\[<a href="/s/[^/]+/r/(r_[0-9a-f]{16})\?start=\d+#L(\d+)">#(\d+)</a>\]', page)
    assert cited  # a fact's message, one link away in our hook's archive
    handle, line, index = cited[0]
    archived = "".join(view.iter_text(ids.result_uri(SID, handle))).splitlines()[int(line) - 1]
    assert archived.startswith(f'{{"index":{index},')


@pytest.mark.slow
def test_a_journal_the_page_cannot_read_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from mcp_context.journal import record
    from mcp_context.ui.app import Viewer, make_app

    view = Session(tmp_path, "odd", env={})
    view.persist_result("some text\n")
    record(view.store, "odd", {"kind": "host_compaction", "originals": "many", "host": XSS})
    client = TestClient(make_app(Viewer(lambda _tenant: view, "t")), raise_server_exceptions=False)
    client.cookies.set("mcx_ui", "t")
    got = client.get("/s/odd")
    assert got.status_code == 500 and "Traceback" not in got.text and "ValueError" in got.text
    assert "<script" not in got.text and got.headers["content-security-policy"].startswith("default-src 'none'")


def test_a_tool_name_and_output_with_markup_show_as_text(tmp_path: Path) -> None:
    from mcp_context.ui import pages
    from mcp_context.ui import story as stories

    root = tmp_path / "store"
    text = "".join(f"{XSS} line {i}\n" for i in range(20_000))
    tool = {"session_id": SID, "hook_event_name": "PostToolUse", "tool_name": f"mcp__x__{XSS}"}
    tool.update(tool_input={"q": XSS}, tool_response=[{"type": "text", "text": text}])
    assert answer("claude", "post-tool-use", tool, root) is not None
    view = Session(root, SID, env={})
    (meta,) = view.results()
    assert XSS in (meta.label or "") + (meta.source or "")
    shown = [
        pages.timeline_page(stories.story(view, SID, None)),
        pages.results_page(SID, view.store.list_results(SID), 0),
        detail.result_page(view, SID, meta.handle, 1, None),
    ]
    for html in shown:
        assert "<script" not in html and "&lt;script&gt;" in html
    assert "hook stored" in shown[0] and "tokens kept out" in shown[0]


def test_a_transcript_being_read_is_waited_for_not_read_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import threading
    import time

    path = tmp_path / "t.jsonl"
    path.write_text(_line(0, "hello") + "\n")
    calls: list[int] = []
    real = transcript.read

    def slow(p: Path) -> transcript.HostContext:
        calls.append(1)
        time.sleep(0.3)
        return real(p)

    monkeypatch.setattr(transcript, "read", slow)
    cache = transcript.Transcripts()
    got: list[transcript.HostContext] = []
    readers = [threading.Thread(target=lambda: got.append(cache.of(path))) for _ in range(3)]
    for r in readers:
        r.start()
    for r in readers:
        r.join()
    assert len(calls) == 1 and len(got) == 3 and got[0] is got[1] is got[2]
