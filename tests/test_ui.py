"""``mcp-context ui`` over real HTTP: the real command on a loopback port, a store filled through the library.

Who may look (the printed token, traded once for a cookie; API keys and tenants beyond loopback), what every
page sends (a strict Content-Security-Policy, everything escaped), what each page shows (the journal's
compactions and loop warnings, the archived originals one link away), and the one-line answers to addresses
that name nothing. The browser tests (test_ui_browser.py) drive the same command with Chromium.
"""

from __future__ import annotations

import http.client
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from mcp_context import Session, journal
from mcp_context.journal import MAX_BYTES, MAX_ENTRIES, read_journal, record_loop
from mcp_context.storage import keys
from mcp_context.storage.keys import FileKeyStore

XSS = '<script>alert("xss")</script><img src=x onerror=alert(1)>'


@dataclass
class Running:
    port: int
    token: str
    process: subprocess.Popen[str]

    def stop(self) -> None:
        self.process.terminate()
        self.process.communicate(timeout=10)  # and closes the pipes

    def get(
        self, path: str, cookie: str | None = "default", host: str | None = None, method: str = "GET", body: str = ""
    ) -> tuple[int, dict[str, str], str]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Host": host or f"127.0.0.1:{self.port}"}
        if cookie is not None:
            headers["Cookie"] = f"mcx_ui={self.token if cookie == 'default' else cookie}"
        if body:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        conn.request(method, path, body=body or None, headers=headers)
        response = conn.getresponse()
        text = response.read().decode("utf-8", "replace")
        conn.close()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, text


def start_ui(root: Path, *args: str) -> Running:
    """The real command; its first stdout line is the address with the token."""
    env = {"PATH": "/usr/bin:/bin", "HOME": str(root.parent)}
    command = [sys.executable, "-m", "mcp_context", "--root", str(root), *args]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert process.stdout is not None
    line = process.stdout.readline().strip()
    found = re.fullmatch(r"http://[^:]+:(\d+)/[^?]*(?:\?token=(\S+))?", line)
    if not found:
        process.kill()
        raise AssertionError(f"no address printed: {line!r} {process.communicate(timeout=10)[1]}")
    return Running(int(found[1]), found[2] or "", process)


def history(n: int) -> list[dict[str, object]]:
    out: list[dict[str, object]] = [{"role": "user", "content": "Read every file and report."}]
    for i in range(n):
        call = f"call_{i}"
        args = f'{{"path": "f{i}.py"}}'
        out.append({"role": "assistant", "content": "", "tool_calls": [{"id": call, "type": "function",
                    "function": {"name": "read_file", "arguments": args}}]})  # fmt: skip
        out.append({"role": "tool", "tool_call_id": call, "content": f"# file {i}\n" + "x = 1\n" * 400})
    out.append({"role": "user", "content": "Now sum it up."})
    return out


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("ui") / "store"
    s = Session(root, "s-one", env={})
    s.persist_result(XSS, label=XSS, source="evil <b>source</b>")
    s.compact_history(messages=history(40), target_tokens=3_000)
    read = [{"kind": "tool_call", "name": "read_file", "args": {"path": "a.py"}}]
    read.append({"kind": "tool_result", "name": "read_file", "text": "same text"})
    s.check_loop(events=[{"kind": "user", "text": "go"}])
    for _ in range(5):
        s.check_loop(events=[{"kind": "turn"}, *read])
    Session(root, "s-two", env={}).persist_result("the other session\n")
    return root


@pytest.fixture(scope="module")
def ui(store: Path) -> Iterator[Running]:
    running = start_ui(store, "ui")
    yield running
    running.stop()


def test_the_journal_keeps_compactions_and_loop_warnings_not_ok_checks(store: Path) -> None:
    entries = read_journal(Session(store, "s-one", env={}).store, "s-one")
    kinds = [e["kind"] for e in entries]
    assert kinds[0] == "compaction" and entries[0]["tokens_before"] > entries[0]["tokens_after"]
    assert entries[0]["archive"] and any(layer["messages"] for layer in entries[0]["layers"])
    statuses = [e["status"] for e in entries if e["kind"] == "loop"]
    assert statuses[:2] == ["warn", "stop"] and "ok" not in statuses
    assert entries[-1]["evidence"]["count"] >= 3


@pytest.mark.slow
def test_a_dry_run_records_nothing_and_the_journal_keeps_the_newest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = Session(tmp_path, "dry", env={})
    read = [{"kind": "tool_call", "name": "grep", "args": {"q": "x"}}, {"kind": "tool_result", "name": "grep"}]
    for _ in range(8):
        s.check_loop(events=[{"kind": "turn"}, *read], dry_run=True)
    assert read_journal(s.store, "dry") == []
    check = s.check_loop(events=[{"kind": "turn"}, *read])
    assert read_journal(s.store, "dry") == []  # an ok check is counted by the loop state, not journaled
    check.verdict = check.verdict._replace(status="warn")
    with monkeypatch.context() as patched:
        patched.setattr(journal, "MAX_BYTES", 1 << 30)  # room enough: the count bounds it
        for _ in range(MAX_ENTRIES + 5):
            record_loop(s.store, "dry", check)
    entries = read_journal(s.store, "dry")
    assert len(entries) == MAX_ENTRIES and [e["time"] for e in entries] == sorted(e["time"] for e in entries)
    check.verdict = check.verdict._replace(nudge="a long nudge " * 200)  # and the bytes bound them
    for _ in range(300):
        record_loop(s.store, "dry", check)
    entries = read_journal(s.store, "dry")
    assert len(s.store.peek_state("dry", "journal") or b"") <= MAX_BYTES + 64 and 20 < len(entries) < 300
    assert all(e["nudge"] for e in entries)  # the oldest, small ones went first


@pytest.mark.slow
def test_the_token_is_traded_for_a_cookie_and_nothing_opens_without_it(ui: Running) -> None:
    status, headers, _ = ui.get(f"/s/s-one?token={ui.token}", cookie=None)
    assert status == 303 and headers["location"] == "/s/s-one"
    assert f"mcx_ui={ui.token}" in headers["set-cookie"] and "httponly" in headers["set-cookie"].lower()
    assert "samesite=strict" in headers["set-cookie"].lower()
    for cookie in (None, "wrong"):
        status, _, text = ui.get("/", cookie=cookie)
        assert status == 403 and "s-one" not in text
    assert ui.get("/?token=wrong", cookie=None)[0] == 403
    assert ui.get("/static/ui.css", cookie=None)[0] == 200  # the stylesheet holds nothing of the store


def test_a_host_that_is_not_this_viewer_gets_421(ui: Running) -> None:
    status, _, text = ui.get("/", host="evil.example:80")
    assert status == 421 and "s-one" not in text
    assert ui.get("/", host=f"localhost:{ui.port}")[0] == 200


def test_every_page_sends_a_strict_policy_and_only_reads(ui: Running) -> None:
    for path in ("/", "/s/s-one", "/s/s-one/results", "/s/s-one/compaction/0", "/s/s-one/audit", "/nothing"):
        status, headers, text = ui.get(path)
        assert status in (200, 404), path
        policy = headers["content-security-policy"]
        assert "default-src 'none'" in policy and "script-src" not in policy and "unsafe" not in policy
        assert headers["x-content-type-options"] == "nosniff" and "<script" not in text.lower()
    assert ui.get("/", method="POST", body="x=1")[0] == 405


def test_the_sessions_page_lists_each_session_with_its_figures(ui: Running) -> None:
    status, _, text = ui.get("/")
    assert status == 200
    row = re.search(r'<tr><td><a href="/s/s-one">s-one</a>.*?</tr>', text)
    assert row and ">1</td>" in row[0]  # one compaction
    assert "1 warn" in row[0] and "stop" in row[0]
    assert text.index("/s/s-two") < text.index("/s/s-one")  # newest first


def test_the_timeline_shows_the_compaction_and_the_loop_stop(ui: Running) -> None:
    _, _, text = ui.get("/s/s-one")
    assert '<svg class="chart"' in text and 'class="mark compaction"' in text and 'class="mark stop"' in text
    assert "/s/s-one/compaction/0" in text and "repeated" in text
    assert re.search(r"evidence: \d+ times", text)


def test_layer_labels_link_to_the_archived_originals(ui: Running) -> None:
    _, _, text = ui.get("/s/s-one/compaction/0")
    links = re.findall(r'<a href="(/s/s-one/r/(r_[0-9a-f]{16})\?start=(\d+)#L(\d+))">#(\d+)</a>', text)
    assert links
    href, handle, start, line, index = links[0]
    status, _, page = ui.get(href.split("#")[0].replace("&amp;", "&"))
    assert status == 200
    row = re.search(rf'<tr id="L{line}".*?</tr>', page)
    assert row and f"{{&quot;index&quot;:{index}," in row[0]


def test_a_stored_script_is_shown_as_text(ui: Running) -> None:
    handle = Session(ui_root(ui), "s-one", env={}).persist_result(XSS).meta.handle
    for path in (f"/s/s-one/r/{handle}", f"/s/s-one/r/{handle}?grep=script", "/s/s-one/results"):
        _, _, text = ui.get(path)
        assert "<script" not in text and "<img" not in text and "&lt;script&gt;alert(&quot;xss&quot;)" in text
    status, headers, body = ui.get(f"/s/s-one/r/{handle}/download")
    assert status == 200 and body == XSS and "attachment" in headers["content-disposition"]
    assert headers["content-type"].startswith("text/plain")


def ui_root(ui: Running) -> Path:
    command = ui.process.args
    assert isinstance(command, list)
    return Path(command[command.index("--root") + 1])


def test_paging_and_grep_show_numbered_lines(ui: Running) -> None:
    text = "".join(f"line {i}\n" for i in range(1, 1201))
    handle = Session(ui_root(ui), "s-one", env={}).persist_result(text).meta.handle
    _, _, first = ui.get(f"/s/s-one/r/{handle}")
    assert '<tr id="L1">' in first and "?start=501" in first and '<tr id="L501"' not in first
    _, _, second = ui.get(f"/s/s-one/r/{handle}?start=501")
    assert '<tr id="L501">' in second and "line 501" in second
    _, _, found = ui.get(f"/s/s-one/r/{handle}?grep=%5Eline+77%24")
    assert '<tr id="L77" class=hit>' in found and "1 matching line" in found
    _, _, literal = ui.get(f"/s/s-one/r/{handle}?grep=%28")
    assert "0 matching line(s) of 1,200 (literal)" in literal
    _, _, past = ui.get(f"/s/s-one/r/{handle}?start=5000")
    assert 'class="error"' in past and "past the end" in past


@pytest.mark.slow
@pytest.mark.parametrize(
    "path",
    ["/s/nope", "/s/..%2F..", "/s/s-one/r/r_0000000000000000", "/s/s-one/r/..%2Fkeys", "/s/s-one/compaction/9",
     "/s/s-one/compaction/-1", "/s/s-one/compaction/x", "/s/s-two/compaction/0"],
)  # fmt: skip
def test_what_names_nothing_is_404_with_one_line(ui: Running, path: str) -> None:
    status, _, text = ui.get(path)
    assert status == 404 and 'class="error"' in text and "Traceback" not in text


@pytest.mark.slow
def test_scope_session_shows_only_that_session(store: Path) -> None:
    running = start_ui(store, "--session", "s-two", "ui", "--scope", "session")
    try:
        _, _, listed = running.get("/")
        assert "s-two" in listed and "s-one" not in listed
        assert running.get("/s/s-one")[0] == 404
    finally:
        running.stop()


@pytest.mark.slow
def test_beyond_loopback_without_keys_it_refuses_to_start(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "mcp_context", "--root", str(tmp_path), "ui", "--host", "0.0.0.0"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "without API keys" in done.stderr and "keys create" in done.stderr


@pytest.mark.slow
def test_beyond_loopback_a_key_shows_its_tenant_only(tmp_path: Path) -> None:
    root = tmp_path / "store"
    key, record = keys.new_key("team-a")
    FileKeyStore(root).add(record)
    Session(root, "mine", tenant="team-a", env={}).persist_result("team a's text\n")
    Session(root, "theirs", tenant="team-b", env={}).persist_result("team b's text\n")
    running = start_ui(root, "ui", "--host", "0.0.0.0")
    try:
        status, headers, _ = running.get("/", cookie=None)
        assert status == 303 and headers["location"] == "/login"
        assert running.get("/login", cookie=None, method="POST", body="key=mcx_wrong")[0] == 401
        status, headers, _ = running.get("/login", cookie=None, method="POST", body=f"key={key}")
        assert status == 303
        cookie = re.search(r"mcx_ui=([^;]+)", headers["set-cookie"])
        assert cookie and key not in headers["set-cookie"]
        _, _, listed = running.get("/", cookie=cookie[1])
        assert "mine" in listed and "theirs" not in listed
        assert running.get("/s/theirs", cookie=cookie[1])[0] == 404
    finally:
        running.stop()


def test_search_finds_stored_lines_across_sessions_and_links_each(ui: Running) -> None:
    text = "".join(f"row {i}\n" for i in range(300)) + "needle-7f3a found here\n" + "tail\n" * 40
    handle = Session(ui_root(ui), "s-two", env={}).persist_result(text).meta.handle
    _, _, found = ui.get("/search?q=needle-7f3a")
    assert f'href="/s/s-two/r/{handle}"' in found and '<tr id="L301" class=hit>' in found
    assert f'href="/s/s-two/r/{handle}?start=291#L301"' in found
    _, _, listed = ui.get("/")
    assert 'action="/search"' in listed
    _, _, nothing = ui.get("/search?q=" + "%3Cscript%3E")
    assert "<script>" not in nothing and "&lt;script&gt;" in nothing
    _, _, grepped = ui.get(f"/s/s-two/r/{handle}?grep=needle")
    assert 'class="gap"' not in grepped  # one match: its context is one run
    _, _, two = ui.get(f"/s/s-two/r/{handle}?grep=%5Erow+%281%7C200%29%24")
    assert two.count('class="gap"') == 1  # two matches far apart: a gap between their runs


@pytest.mark.slow
def test_open_hands_the_printed_address_to_the_browser(store: Path, tmp_path: Path) -> None:
    opened = tmp_path / "opened"
    browser = tmp_path / "browser"
    browser.write_text(f'#!/bin/sh\necho "$1" > {opened}\n')
    browser.chmod(0o755)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "BROWSER": str(browser)}
    command = [sys.executable, "-m", "mcp_context", "--root", str(store), "--session", "s-one", "ui", "--open"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert process.stdout is not None
        address = process.stdout.readline().strip()
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/s/s-one\?token=[\w-]{40,}", address), address
        for _ in range(100):
            if opened.exists() and opened.read_text().strip():
                break
            time.sleep(0.1)
        assert opened.read_text().strip() == address
    finally:
        process.terminate()
        process.communicate(timeout=10)
