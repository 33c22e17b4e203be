"""compact_history's layers one by one: a summary is a summary (LangChain 39261), the system prompt and the first
request pinned, layer 1's consumed results (errors and excluded tools left alone), layer 2's oversized results,
layer 4's long call arguments, and replayed replacements byte for byte the same (the provider's cache holds)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from history_builders import (
    FORMATS,
    archived,
    calls,
    exchange,
    lines,
    new_session,
    no_fsync,  # noqa: F401  (autouse: archives are not fsynced here)
    result_texts,
    results,
    same,
    say,
    stored,
    tokens,
    tool_loop,
    user,
    valid,
)

from mcp_context.conversation.formats import adapter
from mcp_context.results import archive

# --- LangChain 39261: a summary is a summary ----------------------------------------------------------------

PLACEHOLDERS = ("too long to summarize", "too long to summarise", "unable to summarize", "summary unavailable")


@pytest.mark.parametrize("fmt", FORMATS)
def test_summary_is_never_a_placeholder(fmt: str, tmp_path: Path) -> None:
    history = user(fmt, "Port the CLI to click")
    for k in range(6):
        history += exchange(fmt, f"r{k}", "Read", {"file_path": f"/repo/cli/cmd_{k}.py"}, lines(4_000, f"c{k}"))
        history += say(fmt, f"Ported command {k}.") + user(fmt, f"Next please update the changelog entry number {k}")
    history += exchange(fmt, "b1", "Bash", {"command": "pytest tests/cli"}, "3 failed", error=True)
    history += say(fmt, "Three tests fail.") + user(fmt, "Fix them") + say(fmt, "Fixed.")
    session = new_session(tmp_path)
    total = tokens(session, history, format=fmt)
    result = session.compact_history(
        messages=history, format=fmt, target_tokens=total // 4, strategy="summarize", keep="4 messages"
    )
    valid(result.messages, fmt)
    layer5 = next(r for r in result.layers if r.layer == 5)
    assert layer5.changed and layer5.skipped is None
    summary = next(json.dumps(m) for m in result.messages if "Summary of earlier conversation" in json.dumps(m))
    assert result.bridge_archive and result.bridge_archive in summary
    assert "update the changelog entry number 1" in summary, "a user message from the range"
    assert "/repo/cli/cmd_2.py" in summary, "a file path from the range"
    assert not any(p in summary.lower() for p in PLACEHOLDERS)
    # the summary is smaller than what it replaced, and the archive holds the replaced messages
    replaced = archived(session, result.bridge_archive)
    assert len(replaced) == layer5.changed
    text_tokens = session.counter.count(summary).tokens
    assert text_tokens < sum(session.counter.count(json.dumps(m)).tokens for m in replaced.values())


@pytest.mark.parametrize("fmt", FORMATS)
def test_summary_larger_than_the_range_is_not_used(fmt: str, tmp_path: Path) -> None:
    """Tiny messages summarise to more than they are: layer 5 declines and says why; the window does the work."""
    history = user(fmt, "hi")
    for k in range(10):
        history += say(fmt, f"a{k}") + user(fmt, f"u{k}")
    history += say(fmt, "end")
    session = new_session(tmp_path)
    total = tokens(session, history, format=fmt)
    result = session.compact_history(
        messages=history, format=fmt, target_tokens=total * 4 // 5, strategy="summarize", keep="2 messages"
    )
    valid(result.messages, fmt)
    layer5 = next(r for r in result.layers if r.layer == 5)
    assert layer5.skipped and "not be smaller" in layer5.skipped
    assert "Summary of earlier conversation" not in json.dumps(result.messages)
    assert result.fits
    stored = [r.label for r in session.results()]
    assert "compact_history summary archive" not in stored, "a summary not used leaves no archive"


@pytest.mark.parametrize("fmt", FORMATS)
def test_summary_of_a_summary_is_labelled_and_names_both_archives(fmt: str, tmp_path: Path) -> None:
    def rounds(lo: int, hi: int) -> list[Any]:
        out: list[Any] = []
        for k in range(lo, hi):
            out += exchange(fmt, f"r{k}", "Read", {"file_path": f"/repo/cli/cmd_{k}.py"}, lines(4_000, f"c{k}"))
            out += say(fmt, f"Ported command {k}.") + user(fmt, f"next is command {k + 1}")
        return out

    history = user(fmt, "Port the CLI") + rounds(0, 6) + say(fmt, "Six done.")
    longer = history + rounds(6, 12) + say(fmt, "Twelve done.")
    total = tokens(new_session(tmp_path), history, format=fmt)
    args: dict[str, Any] = dict(format=fmt, target_tokens=total // 3, strategy="summarize", keep="4 messages")
    first = new_session(tmp_path).compact_history(messages=history, **args)
    second = new_session(tmp_path).compact_history(messages=longer, **args)
    assert first.bridge_archive and second.bridge_archive and first.bridge_archive != second.bridge_archive
    valid(second.messages, fmt)
    (summary,) = [json.dumps(m) for m in second.messages if "Summary of earlier conversation" in json.dumps(m)]
    assert "Earlier summaries" in summary
    assert first.bridge_archive in summary and second.bridge_archive in summary
    assert "/repo/cli/cmd_8.py" in summary and "next is command 9" in summary
    # the first archive still holds the first range's originals
    session = new_session(tmp_path)
    assert set(archived(session, first.bridge_archive)) == set(
        range(1, 1 + next(r.changed for r in first.layers if r.layer == 5))
    )


# --- pinned: the system prompt and the first user request ---------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("strategy", ["summarize", "sliding_window"])
def test_system_prompt_and_first_request_stay_verbatim(fmt: str, strategy: str, tmp_path: Path) -> None:
    system = "You are a careful agent. Never delete files."
    history = tool_loop(fmt, 8, first="Please migrate /repo/db to PostgreSQL, keep the schema")
    if fmt == "openai":
        history = [{"role": "system", "content": system}, *history]
    extra = {} if fmt == "openai" else {"system": system}
    session = new_session(tmp_path)
    total = tokens(session, history, format=fmt, **extra)
    result = session.compact_history(
        messages=history, format=fmt, target_tokens=total // 3, strategy=strategy, keep="2 messages", **extra
    )
    valid(result.messages, fmt)
    assert len(result.messages) < len(history)
    head = 2 if fmt == "openai" else 1
    for out, original in zip(result.messages[:head], history[:head], strict=True):
        assert same(out, original)
        assert out is original
    assert f"#{head - 1}" not in result.shortened + result.removed


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("strategy", ["summarize", "sliding_window"])
def test_the_first_request_after_a_greeting_stays_verbatim(fmt: str, strategy: str, tmp_path: Path) -> None:
    """Chat UIs open with the assistant's greeting: the request that follows is still the one to keep (in Gemini,
    repair puts a note before the greeting, which must not take the request's place)."""
    request = "Please migrate /repo/db to PostgreSQL, keep the schema"
    history = say(fmt, "Hi! How can I help?") + tool_loop(fmt, 8, first=request)
    session = new_session(tmp_path)
    total = tokens(session, history, format=fmt)
    result = session.compact_history(
        messages=history, format=fmt, target_tokens=total // 3, strategy=strategy, keep="2 messages"
    )
    valid(result.messages, fmt)
    assert len(result.messages) < len(history)
    kept = [m for m in result.messages if any(m is original for original in history[:2])]
    assert len(kept) == 2, "the greeting and the request come back as they went in"
    assert "#1" not in result.shortened + result.removed


# --- layer 1: consumed results; errors and excluded tools ---------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
def test_error_results_are_never_cleared_by_layer_1(fmt: str, tmp_path: Path) -> None:
    history = user(fmt, "Build it")
    errors = {}
    for k in range(8):
        error = k % 2 == 1
        output = lines(2_000, f"{'fail' if error else 'ok'}{k}")
        history += exchange(fmt, f"c{k}", "Bash", {"command": f"make step{k}"}, output, error)
        if error:
            errors[len(history) - 1] = history[-1]
    history += say(fmt, "Built.") + user(fmt, "thanks") + say(fmt, "welcome")
    session = new_session(tmp_path)
    total = tokens(session, history, format=fmt)
    one = session.counter.count(lines(2_000, "ok0")).tokens
    result = session.compact_history(
        messages=history, format=fmt, target_tokens=total - 3 * one, strategy="compact", keep="2 messages"
    )
    valid(result.messages, fmt)
    assert [r.layer for r in result.layers] == [1], "layer 1 alone makes it fit"
    layer1 = next(r for r in result.layers if r.layer == 1)
    assert layer1.changed >= 3, "the ordinary results were cleared"
    assert not {f"#{i}" for i in errors} & set(layer1.messages)
    for message in errors.values():
        assert message in result.messages
    for text in result_texts(result.messages, fmt):
        if "fail" in text[:200]:
            assert "cleared" not in text


@pytest.mark.parametrize("fmt", FORMATS)
def test_excluded_tool_results_are_never_touched(fmt: str, tmp_path: Path) -> None:
    big = lines(70_000, "agent-report")
    history = (
        user(fmt, "Investigate the outage")
        + exchange(fmt, "t1", "Task", {"description": "look at logs"}, big)
        + exchange(fmt, "r1", "Read", {"file_path": "/var/log/app.log"}, lines(3_000, "log"))
        + exchange(fmt, "t2", "Task", {"description": "look at metrics"}, lines(3_000, "metrics-report"))
        + exchange(fmt, "r2", "Read", {"file_path": "/var/log/db.log"}, lines(60_000, "dblog"))
        + say(fmt, "Found it.")
        + user(fmt, "Write it up")
        + say(fmt, "Done.")
    )
    session = new_session(tmp_path)
    total = tokens(session, history, format=fmt)
    reads = sum(session.counter.count(t).tokens for t in (lines(3_000, "log"), lines(60_000, "dblog")))
    target = total - reads * 9 // 10
    result = session.compact_history(
        messages=history, format=fmt, target_tokens=target, strategy="compact", keep="2 messages"
    )
    valid(result.messages, fmt)
    assert result.fits and not any(r.layer > 3 for r in result.layers)
    touched = {label for r in result.layers if r.layer in (1, 2, 3) for label in r.messages}
    assert touched, "the other results were replaced"
    assert not touched & {"#2", "#6"}
    assert history[2] in result.messages and history[6] in result.messages
    # exclude_tools replaces the default list: now Task may go, Read may not
    other = session.compact_history(
        messages=history,
        format=fmt,
        target_tokens=target,
        strategy="compact",
        keep="2 messages",
        exclude_tools=["Read"],
        session="other",
    )
    touched = {label for r in other.layers if r.layer in (1, 2, 3) for label in r.messages}
    assert "#2" in touched and not touched & {"#4", "#8"}


@pytest.mark.parametrize("fmt", FORMATS)
def test_excluded_tool_arguments_are_never_cut(fmt: str, tmp_path: Path) -> None:
    prompt = lines(10_000, "instructions")
    history = (
        user(fmt, "Delegate the review")
        + exchange(fmt, "t1", "Task", {"description": "review", "prompt": prompt}, "reviewed")
        + exchange(fmt, "w1", "Write", {"file_path": "/r.md", "content": lines(10_000, "report")}, "written")
        + say(fmt, "Done.")
        + user(fmt, "thanks")
        + say(fmt, "welcome")
    )
    session = new_session(tmp_path)
    total = tokens(session, history, format=fmt)
    result = session.compact_history(
        messages=history, format=fmt, target_tokens=total - 500, strategy="compact", keep="2 messages"
    )
    valid(result.messages, fmt)
    assert "argument truncated" in json.dumps(result.messages), "the Write content was cut"
    assert history[1] in result.messages, "the Task call is untouched"


# --- layer 2: one oversized result --------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
def test_oversized_result_in_newest_turn_is_stored_with_a_preview(fmt: str, tmp_path: Path) -> None:
    original = lines(80_000, "build-log")
    assert len(original) == 80_000
    history = user(fmt, "Build and show me the log") + exchange(fmt, "b1", "Bash", {"command": "make"}, original)
    session = new_session(tmp_path)
    result = session.compact_history(messages=history, format=fmt, target_tokens=3_000)
    valid(result.messages, fmt)
    assert [r.layer for r in result.layers if r.changed] == [2]
    assert result.shortened == ["#2"] and result.removed == []
    (text,) = result_texts(result.messages, fmt)
    match = re.search(r"stored as (r_[0-9a-f]+)", text)
    assert match, text[:300]
    handle = match[1]
    assert "80,000 chars" in text and "read_persisted(" in text and text.count(handle) >= 2
    assert "build-log line 0 " in text, "the preview shows the head"
    assert len(text) < 5_000
    # the handle gives back the original exactly, whole and page by page
    assert stored(session, handle) == original
    pages, cursor = [], {}
    while True:
        read = session.read_persisted(handle, max_lines=100_000, max_tokens=9_000, **cursor)
        assert read.page is not None
        pages.append(read.page.text)
        if read.next is None:
            break
        cursor = read.next
    assert "".join(pages) == original
    assert archived(session, result.archive.handle)[2] == history[2]
    # the compacted history itself is stored too, one message a line
    assert result.history is not None
    saved = list(archive.read(result.history.handle, lambda h: stored(session, h)))
    assert [doc["message"] for _, doc in saved] == result.messages


def test_gemini_stored_error_result_stays_an_error(tmp_path: Path) -> None:
    history = user("gemini", "Build") + exchange(
        "gemini", "b1", "Bash", {"command": "make"}, lines(60_000, "err"), True
    )
    result = new_session(tmp_path).compact_history(messages=history, format="gemini", target_tokens=3_000)
    assert result.shortened == ["#2"]
    response = result.messages[2]["parts"][0]["functionResponse"]["response"]
    assert "error" in response and "output" not in response
    assert adapter("gemini").parse(result.messages)[2].blocks[0].is_error


@pytest.mark.parametrize("fmt", FORMATS)
def test_results_of_one_turn_share_a_budget(fmt: str, tmp_path: Path) -> None:
    """Layer 3: five parallel results of 45,000 chars, each under layer 2's limit, together over 200,000:
    the largest are stored until the turn is back under budget; the others stay whole."""
    sizes = [45_000, 44_000, 46_000, 43_000, 42_000]
    specs = [(f"p{k}", "Read", {"file_path": f"/big/{k}.log"}) for k in range(len(sizes))]
    outputs = [(f"p{k}", "Read", lines(size, f"log{k}"), False) for k, size in enumerate(sizes)]
    history = user(fmt, "Read all five logs") + calls(fmt, *specs) + results(fmt, *outputs)
    session = new_session(tmp_path)
    total = tokens(session, history, format=fmt)
    result = session.compact_history(messages=history, format=fmt, target_tokens=total - 100, strategy="compact")
    valid(result.messages, fmt)
    assert [(r.layer, r.changed) for r in result.layers if r.changed] == [(3, 1)]
    texts = result_texts(result.messages, fmt)
    stored_ones = [t for t in texts if "[tool result stored" in t]
    assert len(stored_ones) == 1 and "46,000 chars" in stored_ones[0], "the largest goes first"
    assert sum(1 for t in texts if "log1 line 0" in t and "[tool result" not in t) == 1


# --- layer 4: long call arguments ---------------------------------------------------------------------------


def call_args(message: Any, fmt: str) -> dict[str, Any]:
    if fmt == "openai":
        return json.loads(message["tool_calls"][0]["function"]["arguments"])
    if fmt == "anthropic":
        return next(b["input"] for b in message["content"] if b["type"] == "tool_use")
    return next(p["functionCall"]["args"] for p in message["parts"] if "functionCall" in p)


@pytest.mark.parametrize("fmt", FORMATS)
def test_long_write_argument_outside_recent_window_is_cut(fmt: str, tmp_path: Path) -> None:
    content = lines(10_000, "file-body")
    recent = lines(10_000, "recent-body")
    history = (
        user(fmt, "Write the files")
        + exchange(fmt, "w1", "Write", {"file_path": "/repo/a.txt", "content": content}, "written")
        + say(fmt, "Wrote a.txt.")
        + user(fmt, "Now b.txt")
        + exchange(fmt, "w2", "Write", {"file_path": "/repo/b.txt", "content": recent}, "written")
    )
    session = new_session(tmp_path)
    total = tokens(session, history, format=fmt)
    result = session.compact_history(
        messages=history, format=fmt, target_tokens=total - 1_000, strategy="compact", keep="3 messages"
    )
    valid(result.messages, fmt)
    assert [r.layer for r in result.layers if r.changed] == [4]
    assert result.shortened == ["#1"]
    cut = call_args(result.messages[1], fmt)
    assert cut["file_path"] == "/repo/a.txt"
    assert cut["content"].startswith(content[:200]) and "argument truncated" in cut["content"]
    assert len(cut["content"]) < 500
    handle = cut["content"].split("stored as ")[1].rstrip(")")
    name, args = stored(session, handle).split("\n", 1)
    assert name == "Write" and json.loads(args)["content"] == content
    assert same(result.messages[-2], history[-2]), "the recent Write is whole"


@pytest.mark.parametrize("fmt", FORMATS)
def test_long_strings_nested_in_arguments_are_cut_too(fmt: str, tmp_path: Path) -> None:
    """MultiEdit keeps its strings in a list of objects; they weigh as much as a Write's content."""
    old, new = lines(8_000, "old-body"), lines(8_000, "new-body")
    edits = {"file_path": "/repo/a.py", "edits": [{"old_string": old, "new_string": new, "replace_all": False}]}
    history = (
        user(fmt, "Rewrite a.py")
        + exchange(fmt, "m1", "MultiEdit", edits, "applied")
        + say(fmt, "Rewrote a.py.")
        + user(fmt, "Now the tests")
        + exchange(fmt, "r1", "Read", {"file_path": "/repo/test_a.py"}, "ok")
    )
    session = new_session(tmp_path)
    total = tokens(session, history, format=fmt)
    result = session.compact_history(
        messages=history, format=fmt, target_tokens=total - 2_000, strategy="compact", keep="3 messages"
    )
    valid(result.messages, fmt)
    cut = call_args(result.messages[1], fmt)
    assert cut["file_path"] == "/repo/a.py" and list(cut["edits"][0]) == ["old_string", "new_string", "replace_all"]
    for key in ("old_string", "new_string"):
        assert "argument truncated" in cut["edits"][0][key] and len(cut["edits"][0][key]) < 500
    assert cut["edits"][0]["replace_all"] is False


# --- cache stability of replayed replacements ---------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
def test_replayed_argument_cut_keeps_key_order(fmt: str, tmp_path: Path) -> None:
    history = (
        user(fmt, "Write it")
        + exchange(fmt, "w1", "Write", {"file_path": "/repo/a.txt", "content": lines(10_000, "body")}, "written")
        + say(fmt, "Written.")
        + user(fmt, "thanks")
        + say(fmt, "welcome")
    )
    session = new_session(tmp_path)
    total = tokens(session, history, format=fmt)
    args: dict[str, Any] = dict(messages=history, format=fmt, target_tokens=total - 500, keep="2 messages")
    first = new_session(tmp_path).compact_history(**args)
    assert "argument truncated" in json.dumps(first.messages[1])
    second = new_session(tmp_path).compact_history(**args)
    assert same(second.messages, first.messages)


@pytest.mark.parametrize("fmt", FORMATS)
def test_replayed_result_markers_are_byte_identical(fmt: str, tmp_path: Path) -> None:
    history = tool_loop(fmt, 6, 3_000)
    args: dict[str, Any] = dict(format=fmt, target_tokens=2_500, keep="2 messages", strategy="compact")
    first = new_session(tmp_path).compact_history(messages=history, **args)
    assert first.compacted and first.shortened
    grown = history + user(fmt, "and now?") + say(fmt, "nothing more")
    second = new_session(tmp_path).compact_history(messages=grown, **{**args, "target_tokens": 2_600})
    assert second.layers[0].layer == 0, "earlier replacements replayed first"
    assert same(second.messages[: len(first.messages)], first.messages)
