"""summarize_range on realistic sessions through the Python API: every style keeps the facts (also from a deep
project path), the range widened around tool pairs and named by the hosts' own ids, earlier summaries kept, the
agent's round trip, sampling with its fallback, sources of every kind, and a focus kept when room is short."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from summary_sources import (
    STYLES,
    archived,
    norm,
    session_both_reuses,  # noqa: F401  (the session fixture, reuse on and off)
    source,
    written,
)

from mcp_context import InvalidArgument, Session
from mcp_context.summary.earlier import SUMMARY_MARK
from mcp_context.summary.engine import SamplingRequest

# the Python API on the realistic fixtures ----------------------------------------------------------------


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("kind", ["claude_code", "gemini_cli", "openai"])
def test_extractive_keeps_the_facts_of_realistic_sessions(
    histories: Any, session: Session, kind: str, style: str
) -> None:
    result = session.summarize_range(**source(histories, kind), style=style, engine="extractive")
    assert result.status == "stored" and result.engine == "extractive" and result.summary and result.archive
    text = result.text or ""
    assert text.startswith(SUMMARY_MARK) and result.archive.handle in text.splitlines()[0]
    assert "".join(session.iter_text(result.summary.handle)) == text
    assert len(archived(session, result.archive.handle)) == result.span.count  # the exact range, kept whole
    assert result.summary_tokens is not None and result.summary_tokens < result.range_tokens
    assert (result.reduction or 0) >= 0.8
    cited = {int(n) for n in re.findall(r"\[#(\d+)", text)}
    assert cited and all(result.span.start <= n <= result.span.end for n in cited)
    assert_keeps_the_facts(histories, text, kind, style)
    if kind == "claude_code":  # the host's own compaction summary is in range: kept, and said so
        assert [e.origin for e in result.earlier] == ["Claude Code"] and "earlier summary" in text


def assert_keeps_the_facts(histories: Any, text: str, kind: str, style: str) -> None:
    flat = norm(text)
    first = histories.first_request if kind != "claude_code" else "Add a `mcp-context stats` command"
    facts = [first, norm(histories.correction), histories.error_text]
    if style != "brief":
        facts.append(histories.fix_text)
    for fact in facts:
        assert norm(fact) in flat, f"{fact!r} is not in the {style} summary of {kind}"
    under = [(m.group(1) + "/", m.group(2)) for m in re.finditer(r"under (/\S*)/: ([^\n]*)", text)]
    for path in histories.edited_files:  # by its whole path, or by its place under a directory the line names
        named = path in flat or any(path.startswith(base) and path[len(base) :] in names for base, names in under)
        assert named, f"{path!r} is not in the {style} summary of {kind}"


@pytest.fixture(scope="module")
def deep_histories(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The same sessions made in a checkout under a deep path, as projects often sit: every path costs more."""
    from make_fixtures import REPO, make_all

    base = tmp_path_factory.mktemp("deep")
    parent = base / "home" / "someone" / "src" / "github.com" / "an-organisation" / "a-project-with-a-long-name"
    parent.mkdir(parents=True)
    (parent / "checkout").symlink_to(REPO, target_is_directory=True)
    return make_all(base / "histories", repo=parent / "checkout")


@pytest.mark.slow
@pytest.mark.parametrize("style", STYLES)
def test_a_deep_project_path_does_not_crowd_out_the_facts(deep_histories: Any, session: Session, style: str) -> None:
    assert len(deep_histories.edited_files[0]) > 120
    result = session.summarize_range(transcript=str(deep_histories.claude_code), style=style, engine="extractive")
    assert result.status == "stored" and result.summary_tokens is not None
    assert_keeps_the_facts(deep_histories, result.text or "", "claude_code", style)


def test_the_range_widens_around_tool_pairs_and_says_so(histories: Any, session: Session) -> None:
    messages = json.loads(histories.openai.read_text())
    tool_at = next(i for i, m in enumerate(messages) if m["role"] == "tool" and messages[i - 1]["role"] == "tool")
    caller = max(i for i in range(tool_at) if messages[i].get("tool_calls"))
    later = next(i for i in range(tool_at, len(messages)) if messages[i].get("tool_calls"))
    last_result = next(i for i in range(later + 1, len(messages)) if messages[i]["role"] != "tool") - 1
    result = session.summarize_range(messages=messages, start=tool_at, end=later, engine="extractive")
    assert (result.span.start, result.span.end) == (caller, last_result)
    assert result.span.requested == (tool_at, later)
    assert any("start moved" in n for n in result.notes) and any("end moved" in n for n in result.notes)
    assert len(archived(session, result.archive.handle)) == last_result - caller + 1  # type: ignore[union-attr]
    # the same range named by label, by tool-call id, and from the end
    call_id = messages[later]["tool_calls"][0]["id"]
    by_id = session.summarize_range(messages=messages, start=call_id, end=call_id, engine="agent")
    assert (by_id.span.start, by_id.span.end) == (later, last_result) and by_id.status == "needs_summary"
    by_label = session.summarize_range(messages=messages, start=f"#{caller}", end=-1, engine="agent")
    assert (by_label.span.start, by_label.span.end) == (caller, len(messages) - 1)


@pytest.mark.parametrize("kind", ["claude_code", "gemini_cli"])
def test_a_range_may_be_named_by_the_hosts_own_ids(histories: Any, session: Session, kind: str) -> None:
    """Claude Code names each line by a uuid and Gemini CLI each record by an id; an agent reading its own
    transcript names a message by those, though a message may be read from several lines."""
    records = [json.loads(line) for line in getattr(histories, kind).read_text().splitlines() if line.strip()]
    key = "uuid" if kind == "claude_code" else "id"
    said = [r[key] for r in records if r.get("type") == "user" and histories.correction in json.dumps(r)]
    replies = [r[key] for r in records if r.get("type") in ("assistant", "gemini") and key in r]
    assert said and replies
    result = session.summarize_range(transcript=str(getattr(histories, kind)), start=said[-1], end=replies[-1])
    assert result.archive is not None and result.span.end == result.span.requested[1]
    kept = archived(session, result.archive.handle)
    assert histories.correction in json.dumps(kept[0], ensure_ascii=False) and len(kept) == result.span.count
    with pytest.raises(InvalidArgument, match="names no message"):
        session.summarize_range(transcript=str(getattr(histories, kind)), start="no-such-line", engine="agent")


def test_a_range_holding_an_earlier_summary_keeps_its_handle(histories: Any, session: Session) -> None:
    messages = json.loads(histories.openai.read_text())
    compacted = session.compact_history(messages=messages, target_tokens=30_000, strategy="summarize")
    older = compacted.bridge_archive
    assert older
    result = session.summarize_range(messages=compacted.messages, engine="extractive")
    assert [(e.origin, e.handles) for e in result.earlier] == [("mcp-context", (older,))]
    first_line = (result.text or "").splitlines()[0]
    assert result.archive and result.archive.handle in first_line and older in first_line
    assert "Earlier summaries" in (result.text or "")
    earlier = (result.text or "").split("Earlier summaries", 1)[1].split("\n## 1. ", 1)[0]
    assert "quoted as written" in earlier and "> ## 1. Primary Request" in earlier  # quoted, headings and all


def test_agent_round_trip_stores_only_the_second_call(histories: Any, session: Session) -> None:
    args = source(histories, "claude_code") | {"start": 4, "end": 10}
    task = session.summarize_range(**args, engine="agent", focus="the storage module")
    assert task.status == "needs_summary" and task.summary is None and session.results() == []
    assert task.span.start == 3  # #4 holds the results of #3's calls
    assert "Primary Request and Intent" in (task.instructions or "") and "storage module" in (task.instructions or "")
    assert histories.fix_text in (task.digest or "")
    assert task.next_call and "start=3, end=10" in task.next_call and "engine='agent'" in task.next_call
    assert task.request is not None and task.request.prompt.endswith(task.digest or "")
    done = session.summarize_range(**args, engine="agent", summary=written("sections", "Used mcp_context.store."))
    assert done.status == "stored" and done.engine == "agent" and "Used mcp_context.store." in (done.text or "")
    assert {m.handle for m in session.results()} == {done.summary.handle, done.archive.handle}  # type: ignore[union-attr]


@pytest.mark.slow
@pytest.mark.parametrize("style", STYLES)
def test_sampling_uses_the_model_and_falls_back_on_junk(histories: Any, session: Session, style: str) -> None:
    asked: list[SamplingRequest] = []

    def model(request: SamplingRequest) -> str:
        asked.append(request)
        return written(style, "Sampled.")

    args = source(histories, "openai") | {"style": style}
    good = session.summarize_range(**args, sampler=model)
    assert good.engine == "sampling" and "Sampled." in (good.text or "") and asked[0].max_tokens >= good.target_tokens
    junk = session.summarize_range(**args, engine="sampling", sampler=lambda _: "Sorry, too long to summarize.")
    assert junk.engine == "extractive" and any("failed the checks" in n for n in junk.notes)
    alone = session.summarize_range(**args, engine="sampling")
    assert alone.engine == "extractive" and any("offers sampling" in n for n in alone.notes)


def test_sources_by_handle_archive_history_and_message_list(histories: Any, session: Session) -> None:
    messages = json.loads(histories.openai.read_text())
    first = session.summarize_range(messages=messages, end=30, engine="extractive")
    again = session.summarize_range(handle=first.archive.handle, engine="extractive")  # type: ignore[union-attr]
    assert again.span.count == first.span.count and again.format == "openai"
    compacted = session.compact_history(messages=messages, target_tokens=30_000)
    assert compacted.archive and compacted.history
    for handle in (compacted.archive.handle, compacted.history.handle):
        assert session.summarize_range(handle=handle, style="brief", engine="extractive").status == "stored"
    listed = session.persist_result(json.dumps(messages[:40])).meta.handle
    assert session.summarize_range(handle=listed, engine="extractive").span.count == 40


def test_focus_keeps_what_it_names_when_room_is_short(histories: Any, session: Session) -> None:
    messages = json.loads(histories.openai.read_text())
    plain = session.summarize_range(messages=messages, max_tokens=900, engine="extractive")
    read = [
        json.loads(c["function"]["arguments"]).get("path")
        for m in messages
        for c in m.get("tool_calls") or []
        if c["function"]["name"] == "read_file"
    ]
    left_out = [p for p in read if p and p not in (plain.text or "")]
    assert left_out, "900 tokens cannot hold every file read"
    focused = session.summarize_range(messages=messages, max_tokens=900, engine="extractive", focus=left_out[-1])
    assert left_out[-1] in (focused.text or "") and (focused.summary_tokens or 0) <= 900
    assert (focused.text or "").count("\n") > 10  # still a whole summary, not only the focused fact
