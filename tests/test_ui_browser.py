"""``mcp-context ui`` in a real browser: Playwright driving Debian's Chromium against the real command, on a store
filled by the real demo (its compactions, its summary, its loop stop) and by the real hooks on a recorded Claude
Code session (its context over time, the host's compaction, an output the hooks kept out).

Every page loads with no console error and no failed request; the timeline shows the demo's compactions and its
loop stop; the labels of a compaction reach the archived originals; a script stored as a result is shown as text
and never runs. A screenshot of each page is taken; with ``MCP_CONTEXT_UI_SHOTS=DIR`` they are kept there (the
ones in docs/ui/ come from this test).

Playwright's own browser download cannot be reached here: it drives ``/usr/bin/chromium`` (``apt-get install
chromium``; ``.ci/run`` installs it). Without it the test is skipped, except under CI, where it fails.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from test_audit import LONG, LOSSY, compacted
from test_hooks import SID, answer
from test_ui import XSS, Running

from mcp_context import Session

pytestmark = pytest.mark.slow

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DEMO = "demo-ui"


def _needs_chromium() -> None:
    if CHROMIUM.exists():
        return
    if os.environ.get("CI"):
        pytest.fail(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium")
    pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")


def _recent(src: Path, out: Path) -> Path:
    """A recorded transcript replayed as if it had just happened: its timestamps moved to end a minute ago, so
    that the host's context and the outputs our hooks store now share one time axis."""
    records = [json.loads(line) for line in src.read_text().splitlines()]
    stamps = [datetime.fromisoformat(r["timestamp"].replace("Z", "+00:00")) for r in records if "timestamp" in r]
    shift = datetime.now(UTC).timestamp() - 60 - max(stamps).timestamp()
    for r in records:
        if "timestamp" in r:
            moved = datetime.fromisoformat(r["timestamp"].replace("Z", "+00:00")).timestamp() + shift
            r["timestamp"] = datetime.fromtimestamp(moved, UTC).isoformat().replace("+00:00", "Z")
    out.write_text("".join(json.dumps(r) + "\n" for r in records))
    return out


def _host_session(root: Path, folder: Path) -> None:
    """A Claude Code session through our real hooks: an output stored, a PreCompact snapshot, the compaction,
    and SessionStart(compact) auditing it."""
    transcript = _recent(LONG, folder / f"{SID}.jsonl")
    text = "".join(f"build step {i}: ok\n" for i in range(20_000))
    output = {"stdout": text, "stderr": "", "interrupted": False}
    tool = {"session_id": SID, "hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_response": output}
    assert answer("claude", "post-tool-use", {**tool, "tool_input": {"command": "make"}}, root) is not None
    pre = {"session_id": SID, "transcript_path": str(transcript), "trigger": "auto"}
    answer("claude", "pre-compact", pre, root)
    compacted(transcript, transcript, LOSSY)
    start = {"session_id": SID, "transcript_path": str(transcript), "source": "compact"}
    assert answer("claude", "session-start", start, root) is not None  # the audit, journaled for the viewer


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Running, Path, str]]:
    """The demo played into a fresh store, an XSS payload stored beside it, and the ui command it printed."""
    _needs_chromium()
    base = tmp_path_factory.mktemp("browser")
    root = base / "store"
    env = {"PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin", "HOME": str(base)}
    demo = [sys.executable, "-m", "mcp_context", "--root", str(root), "--session", DEMO, "demo"]
    done = subprocess.run(demo, capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    printed = done.stdout.strip().splitlines()[-1].strip()
    assert printed.endswith(f"--session {DEMO} ui --open"), printed
    Session(root, DEMO, env={}).persist_result(XSS, label="xss <b>label</b>")
    _host_session(root, base)
    command = [w for w in shlex.split(printed) if w != "--open"]  # the command as printed; no desktop browser here
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert process.stdout is not None
    address = process.stdout.readline().strip()
    found = re.fullmatch(r"http://127\.0\.0\.1:(\d+)/s/" + DEMO + r"\?token=(\S+)", address)
    assert found, address
    running = Running(int(found[1]), found[2], process)
    yield running, root, address
    running.stop()


@pytest.fixture(scope="module")
def browser(played: Any) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


class Visit:
    """One browser page, with everything that went wrong on it: console errors, page errors, failed requests,
    dialogs (a script that ran would open one)."""

    def __init__(self, browser: Any, shots: Path) -> None:
        self.page = browser.new_page(viewport={"width": 1280, "height": 900})
        self.problems: list[str] = []
        self.shots = shots
        self.page.on(
            "console", lambda m: self.problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None
        )
        self.page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        self.page.on("requestfailed", self._failed)
        self.page.on("dialog", lambda d: (self.problems.append(f"dialog: {d.message}"), d.dismiss()))

    def _failed(self, request: Any) -> None:
        """A request that failed; not one the browser gave up because the test clicked on to the next page (the
        icon of a page left at once), which says nothing about the page."""
        if request.failure != "net::ERR_ABORTED":
            self.problems.append(f"failed: {request.url} ({request.failure})")

    def go(self, address: str, shot: str | None = None) -> Any:
        response = self.page.goto(address)
        assert response is not None and response.status == 200, (address, response and response.status)
        self.loaded(shot)
        return self.page

    def loaded(self, shot: str | None) -> None:
        self.page.wait_for_load_state("load")
        assert self.page.locator("script").count() == 0
        assert not self.problems, self.problems
        if shot:
            self.page.screenshot(path=str(self.shots / f"{shot}.png"), full_page=False)


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    made = tmp_path_factory.mktemp("shots")
    yield made
    keep = os.environ.get("MCP_CONTEXT_UI_SHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        for shot in made.glob("*.png"):
            shutil.copy(shot, Path(keep) / shot.name)


def test_the_printed_address_opens_the_demos_timeline(played: Any, browser: Any, shots: Path) -> None:
    running, _, address = played
    visit = Visit(browser, shots)
    page = visit.go(address, "timeline")
    assert page.url.endswith(f"/s/{DEMO}")  # the token left the address bar for a cookie
    assert page.locator("svg.chart g.mark.compaction").count() == 2
    assert page.locator("svg.chart g.mark.stop").count() == 1 and page.locator("svg.chart g.mark.warn").count() == 1
    events = page.locator("table.grid").inner_text()
    assert "loop stop" in events and "repeated_read" in events and "compaction 1:" in events
    page.get_by_role("link", name="sessions").first.click()
    visit.loaded("sessions")
    row = page.locator("tr", has=page.get_by_role("link", name=DEMO, exact=True)).inner_text()
    assert "1 stop" in row and "1 warn" in row


def test_a_compactions_labels_reach_the_archived_originals(played: Any, browser: Any, shots: Path) -> None:
    running, _, address = played
    visit = Visit(browser, shots)
    page = visit.go(address)
    page.locator("svg.chart g.mark.compaction circle.before").first.click()  # the first compaction's mark
    visit.loaded("compaction")
    assert page.locator("h1").inner_text() == "Compaction 1"
    labels = page.locator("p.labels a")
    assert labels.count() > 100
    label = labels.nth(5)
    index = int(label.inner_text().lstrip("#"))
    label.click()
    visit.loaded(None)
    target = page.locator(f"tr#L{page.url.rsplit('#L', 1)[1]}").inner_text()
    assert f'"index":{index},' in target
    cited = Visit(browser, shots)  # a new browser context: the printed address first, for its cookie
    cited.go(address)
    summary = cited.go(f"http://127.0.0.1:{running.port}/s/{DEMO}/compaction/0")
    link = summary.locator("div.summary a").first
    number = int(link.inner_text().lstrip("#"))
    link.click()
    cited.loaded(None)
    assert f'"index":{number},' in summary.locator(f"tr#L{summary.url.rsplit('#L', 1)[1]}").inner_text()


def test_a_result_pages_greps_and_downloads(played: Any, browser: Any, shots: Path) -> None:
    running, root, address = played
    modules = [m for m in Session(root, DEMO, env={}).results() if (m.source or "").endswith(".py")]
    big = max(modules, key=lambda m: m.chars)  # the standard library's largest module, as the demo stored it
    visit = Visit(browser, shots)
    page = visit.go(address)
    page.goto(f"http://127.0.0.1:{running.port}/s/{DEMO}/r/{big.handle}")
    visit.loaded(None)
    assert page.locator("table.lines tr").count() > 10
    stored = Session(root, DEMO, env={})
    whole = "".join(stored.iter_text(big.handle))
    others = ["".join(stored.iter_text(m.handle)) for m in stored.results() if m.handle != big.handle]
    # a word this result holds and no other does: the search across results must lead to it, whatever it ranks
    word = next(w for w in reversed(re.findall(r"[A-Za-z_]{8,}", whole)) if not any(w in o for o in others))
    page.fill("input[name=grep]", rf"\b{word}\b")
    page.click("button[type=submit]")
    visit.loaded("result")
    assert page.locator("tr.hit").count() > 0 and "matching line" in page.locator("main").inner_text()
    with page.expect_download() as made:
        page.get_by_role("link", name=re.compile("^download ")).click()
    saved = made.value.path()
    assert Path(saved).read_text(encoding="utf-8") == whole
    page.fill("input[name=q]", word)  # the same word, searched in every result of the store
    page.click("form[action='/search'] button")
    visit.loaded("search")
    assert page.url.split("?")[0].endswith("/search") and page.locator("table.lines tr.hit").count() > 0
    page.locator(f"h3 a[href='/s/{DEMO}/r/{big.handle}']").click()
    visit.loaded(None)
    assert page.locator("h1").inner_text() == f"Result {big.handle}"


def test_a_stored_script_is_text_and_never_runs(played: Any, browser: Any, shots: Path) -> None:
    running, root, address = played
    handle = next(m.handle for m in Session(root, DEMO, env={}).results() if m.label == "xss <b>label</b>")
    visit = Visit(browser, shots)
    visit.go(address)
    page = visit.go(f"http://127.0.0.1:{running.port}/s/{DEMO}/r/{handle}")
    assert XSS in page.locator("table.lines").inner_text()
    assert page.locator("img").count() == 0 and "xss <b>label</b>" in page.locator("dl.facts").inner_text()
    visit.go(f"http://127.0.0.1:{running.port}/s/{DEMO}/results")
    assert not visit.problems


def test_a_host_session_shows_its_context_and_its_audit(played: Any, browser: Any, shots: Path) -> None:
    running, _, address = played
    visit = Visit(browser, shots)
    visit.go(address)
    page = visit.go(f"http://127.0.0.1:{running.port}/s/{SID}", "host-timeline")
    assert page.locator("svg.chart polyline.context").count() == 1
    assert page.locator("svg.chart line.window").count() == 1 and page.locator("svg.chart g.mark.hook").count() == 1
    assert "kept out" in page.locator("dl.facts").inner_text()
    assert "host audit" in page.locator("table.grid").inner_text()
    page.get_by_role("link", name="audit").click()
    visit.loaded("audit")
    assert page.locator(".sides section").count() == 2
    dropped = page.locator("ul.dropped li")
    assert dropped.count() > 0 and "Primary Request" in page.locator(".sides").inner_text()
    assert "audited by our hook" in page.locator("dl.facts").inner_text()
    cite = dropped.first.locator("a")
    index = int(cite.inner_text().lstrip("#"))
    cite.click()  # the dropped fact's message, in the archive our PreCompact hook stored
    visit.loaded(None)
    assert f'"index":{index},' in page.locator(f"tr#L{page.url.rsplit('#L', 1)[1]}").inner_text()
