"""summarize_range on realistic sessions: every style and engine through the Python API, the MCP protocol (in
memory, a real sampling client, and a stdio server in both eras) and the command line; the range widened around
tool pairs; earlier summaries kept; nothing stored when anything fails."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from cli_run import SERVE, both_ways, run_cli
from mcp import Client, StdioServerParameters
from mcp.types import CreateMessageResult, ErrorData, TextContent

from mcp_context import ContextError, InvalidArgument, Session, UnknownHandle
from mcp_context.server.app import build_server
from mcp_context.summary.earlier import SUMMARY_MARK
from mcp_context.summary.engine import SamplingRequest
from mcp_context.summary.styles import SummaryRejected


@pytest.fixture
def session(session_both_ways: Session) -> Session:
    """Every test of this suite runs with the Session's reuse on and off (see conftest.reuse)."""
    return session_both_ways


STYLES = ("sections", "snapshot", "brief")
SECTION_COUNT = {"sections": 8, "snapshot": 5, "brief": 0}


def norm(text: str) -> str:
    return " ".join(text.split())


def archived(session: Session, handle: str) -> list[Any]:
    lines = "".join(session.iter_text(handle)).splitlines()
    assert json.loads(lines[0])["archive"] == "summarize_range"
    return [json.loads(line)["message"] for line in lines[1:]]


def source(histories: Any, kind: str) -> dict[str, Any]:
    if kind == "openai":
        return {"messages": json.loads(histories.openai.read_text())}
    return {"transcript": str(getattr(histories, kind))}


def written(style: str, note: str = "") -> str:
    """A summary as a model writes it: its own heading spellings, facts cited by message."""
    if style == "brief":
        return f"Goal [#1]: a stats command. Switched to JSON Lines [#94]. Pending: show the diff. {note}"
    if style == "snapshot":
        keys = ("overall_goal", "key_knowledge", "file_system_state", "recent_actions", "current_plan")
        body = "\n".join(f"  <{k}>\n    - {k.replace('_', ' ')} as of [#3]. {note}\n  </{k}>" for k in keys)
        return f"<state_snapshot>\n{body}\n</state_snapshot>"
    titles = (
        "Primary Request and Intent",
        "Key Technical Concepts",
        "Files and Code Sections",
        "Errors and fixes",
        "Problem Solving",
        "All user messages",
        "Pending Tasks",
        "Current Work",
    )
    return "\n\n".join(f"{i}. {t}:\n   - {t.lower()} of the range [#3]. {note}" for i, t in enumerate(titles, 1))


def every_section(says: str) -> str:
    """The sections layout, every heading present, each holding ``says``: the shape of a summary that says nothing."""
    return re.sub(r"(?m)^   - .*$", f"   {says}", written("sections"))


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


SCHEMA = "".join(
    f"CREATE TABLE invoice_{i} (id bigint PRIMARY KEY, amount numeric(12, 2), due date);\n" for i in range(40)
)


def test_key_concepts_are_whole_code_spans_not_the_text_between_them(session: Session) -> None:
    history = [
        {"role": "user", "content": "Explain how Gemini histories are shaped, and what `Content.parts` holds."},
        {"role": "assistant", "content": "Messages go in ``contents``: turns of ``user`` and ``model``, each a list."},
        {"role": "user", "content": "And the `functionCall` part?"},
        {"role": "assistant", "content": "A ``functionCall`` part names the tool; its ``functionResponse`` follows."},
    ]
    for k in range(4):  # the range must be worth summarising
        call = {
            "id": f"c{k}",
            "type": "function",
            "function": {"name": "read_file", "arguments": f'{{"path": "g{k}.py"}}'},
        }
        history.append({"role": "assistant", "content": None, "tool_calls": [call]})
        history.append({"role": "tool", "tool_call_id": f"c{k}", "content": f"# module {k}\n" + "x = 1\n" * 400})
    text = session.summarize_range(messages=history, engine="extractive").text or ""
    concepts = text.split("Key Technical Concepts", 1)[1].split("\n## ", 1)[0]
    for term in ("contents", "user", "model", "functionCall", "functionResponse", "Content.parts"):
        assert f"`{term}`" in concepts
    assert ": turns of" not in concepts and "` and `" not in concepts


def test_a_decision_word_inside_a_quotation_is_not_a_decision(session: Session) -> None:
    history: list[dict[str, Any]] = [{"role": "user", "content": "What changed last?"}]
    history += shell_run("c0", "cat app/store.py", "def save(state):\n" + "    write(state)\n" * 4000)
    history += shell_run("c1", "git log -1 --oneline", "b5ece40 Review: wait for saves instead of taking the lock\n")
    history += [
        {
            "role": "assistant",
            "content": "Its last change was `b5ece40 Review: wait for saves instead of taking the lock`.",
        },
        {"role": "assistant", "content": "I'll go with the lock-free read rather than a retry loop."},
        {"role": "user", "content": "ok " + "and more detail " * 40},
    ]
    text = session.summarize_range(messages=history, engine="extractive").text or ""
    assert "decided [#6]: I'll go with the lock-free read rather than a retry loop." in text
    assert "decided [#5]" not in text


def test_plans_are_written_as_state_not_orders(session: Session) -> None:
    todos = [
        {"content": "Write the migration", "status": "completed", "activeForm": "Writing"},
        {"content": "Run the migration on staging", "status": "pending", "activeForm": "Running"},
    ]
    history = [
        {"role": "user", "content": "Migrate the billing tables to PostgreSQL 16, staging first."},
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "Planning it. I decided to use pgloader rather than a hand-written copy."},
                {"type": "tool_use", "id": "t1", "name": "TodoWrite", "input": {"todos": todos}},
                {"type": "tool_use", "id": "t2", "name": "Read", "input": {"file_path": "/srv/billing/schema.sql"}},
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "t1", "content": "Todos have been modified successfully."},
                {"type": "tool_result", "tool_use_id": "t2", "content": SCHEMA},
            ],
        },
        {"role": "assistant", "content": "The migration is written; the staging run comes next."},
    ]
    sections = session.summarize_range(messages=history, engine="extractive").text or ""
    assert "pending: Run the migration on staging" in sections and "done: Write the migration" in sections
    assert "decided [#1]: I decided to use pgloader rather than a hand-written copy." in sections
    snapshot = session.summarize_range(messages=history, style="snapshot", engine="extractive").text or ""
    assert "[TODO] Run the migration on staging" in snapshot and "[DONE] Write the migration" in snapshot


def shell_run(call_id: str, command: str, output: str) -> list[dict[str, Any]]:
    arguments = json.dumps({"command": command})
    call = {"id": call_id, "type": "function", "function": {"name": "Bash", "arguments": arguments}}
    return [
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": call_id, "content": output},
    ]


@pytest.mark.parametrize(
    ("later", "fixed"),
    [
        ("python -c 'print(1)'", False),  # another program's work: not a fix
        ("python -m pytest -q tests/test_stats.py", False),  # another test file
        ("cd /srv/app && python3 -m pytest tests/test_export.py", True),  # the same run, written otherwise
    ],
)
def test_an_error_is_fixed_only_by_a_success_of_the_same_work(session: Session, later: str, fixed: bool) -> None:
    failure = "Exit code 1\nE   ImportError: cannot import name 'write_rows' from 'app.export'\n1 failed in 0.31s"
    history = [
        {"role": "user", "content": "Add JSON Lines output to the export command, with tests."},
        *shell_run("c0", "cat app/export.py", "def export(rows):\n" + "    write(rows)\n" * 400),
        *shell_run("c1", "python -m pytest tests/test_export.py -q", failure),
        *shell_run("c2", later, "Exit code 0\n3 passed in 0.20s"),
        {"role": "assistant", "content": "Still looking into the import error."},
    ]
    text = session.summarize_range(messages=history, engine="extractive").text or ""
    errors = text.split("Errors and fixes", 1)[1].split("\n## ", 1)[0]
    assert "ImportError" in errors and ("fixed by" in errors) == fixed, errors


def test_a_range_after_the_first_request_quotes_it_as_before_the_range(session: Session) -> None:
    history: list[dict[str, Any]] = [{"role": "user", "content": "Build a CSV export for the reports page."}]
    for k in range(12):
        said = f"Step {k}: reading module m{k}.py and noting what it does. " * 6
        history.append({"role": "assistant", "content": said})
        history.append({"role": "user", "content": f"Continue with step {k}, and mind tests/test_m{k}.py."})
    for style in STYLES:
        text = session.summarize_range(messages=history, start=5, style=style, engine="extractive").text or ""
        assert "the original request [#0], before this range: Build a CSV export" in text, text
        assert "primary request, quoted" not in text and "user [#6]" not in text


def test_searches_are_one_line_per_place_searched(session: Session) -> None:
    history: list[dict[str, Any]] = [{"role": "user", "content": "Find where sessions are listed."}]
    for i, pattern in enumerate(["parse_size", "_json_option", "ContextError"]):
        arguments = json.dumps({"pattern": pattern, "path": "/repo/pkg"})
        call = {"id": f"g{i}", "type": "function", "function": {"name": "grep", "arguments": arguments}}
        history.append({"role": "assistant", "content": None, "tool_calls": [call]})
        history.append({"role": "tool", "tool_call_id": f"g{i}", "content": "x.py:1: " + "hit " * 300})
    history.append({"role": "assistant", "content": "Found it."})
    text = session.summarize_range(messages=history, engine="extractive").text or ""
    assert "- searched /repo/pkg: parse_size [#1], _json_option [#3], ContextError [#5]" in text


SHORT = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "Hello."}]


@pytest.mark.parametrize(
    ("args", "error", "says"),
    [
        ({"start": 5, "end": 2}, InvalidArgument, "start #5 comes after end #2"),
        ({"start": 9999}, InvalidArgument, "outside the 264 messages"),
        ({"end": "call_nowhere"}, InvalidArgument, "names no message"),
        ({"style": "poem"}, InvalidArgument, 'style must be one of "sections", "snapshot", "brief"'),
        ({"engine": "magic"}, InvalidArgument, 'engine must be one of "auto", "extractive"'),
        ({"max_tokens": 40}, InvalidArgument, "cannot fit under max_tokens=40"),
        ({"engine": "extractive", "summary": "x"}, InvalidArgument, "agent engine's second call"),
        ({"engine": "agent", "summary": "## 1. Primary Request and Intent\nstats"}, SummaryRejected, "lacks section"),
        ({"engine": "agent", "summary": "The history is too long to summarize."}, SummaryRejected, "placeholder"),
        (
            {"engine": "agent", "max_tokens": 200, "summary": written("sections", "x " * 300)},
            SummaryRejected,
            "max_tokens=200",
        ),
        (
            {"end": 3, "engine": "agent", "summary": written("sections", "x " * 3000)},
            SummaryRejected,
            "a summary must be smaller",
        ),
        ({"style": "brief", "engine": "agent", "summary": "Error: model overloaded"}, SummaryRejected, "error"),
        (
            {"style": "brief", "engine": "agent", "summary": "Request failed with status 529 overloaded_error"},
            SummaryRejected,
            "an error or a refusal",
        ),
        ({"style": "brief", "engine": "agent", "summary": "."}, SummaryRejected, "in a few sentences"),
        ({"engine": "agent", "summary": every_section("none")}, SummaryRejected, "nothing to tell"),
        ({"engine": "agent", "summary": every_section("TBD")}, SummaryRejected, "a stand-in ('TBD')"),
        ({"engine": "agent", "summary": every_section("Run the build again.")}, SummaryRejected, "the same text"),
        ({"handle": "r_0000000000000000"}, UnknownHandle, "unknown handle"),
        ({"messages": []}, InvalidArgument, "no messages"),
        ({"messages": SHORT}, InvalidArgument, "a summary must be smaller"),
        ({"messages": SHORT, "transcript": "host"}, InvalidArgument, "give one source"),
    ],
)
def test_bad_input_is_a_clear_error_and_stores_nothing(
    histories: Any, session: Session, args: dict[str, Any], error: type[ContextError], says: str
) -> None:
    given = ({} if {"messages", "handle"} & args.keys() else source(histories, "openai")) | args
    with pytest.raises(error, match=re.escape(says)):
        session.summarize_range(**given)
    assert session.results() == []


@pytest.mark.parametrize(("style", "suggests_brief"), [("sections", True), ("brief", False)])
def test_too_small_suggests_only_what_would_change_something(
    histories: Any, session: Session, style: str, suggests_brief: bool
) -> None:
    with pytest.raises(InvalidArgument, match="cannot fit under max_tokens=") as caught:
        session.summarize_range(**source(histories, "openai"), style=style, max_tokens=10, engine="extractive")
    assert ("style='brief'" in str(caught.value)) is suggests_brief
    assert "a longer range" in str(caught.value)


# through MCP ---------------------------------------------------------------------------------------------------


def sampling_callback(style: str, answer: str | None = None) -> Any:
    async def callback(context: Any, params: Any) -> CreateMessageResult:
        prompt = params.messages[0].content.text
        assert "Facts taken from those messages" in prompt and params.system_prompt
        text = answer if answer is not None else written(style, "Sampled over MCP.")
        return CreateMessageResult(role="assistant", content=TextContent(type="text", text=text), model="test-model")

    return callback


@pytest.mark.slow
@pytest.mark.anyio
@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("engine", ["extractive", "agent", "sampling", "auto"])
async def test_mcp_every_style_and_engine(histories: Any, session: Session, style: str, engine: str) -> None:
    args = {"messages": json.loads(histories.openai.read_text()), "style": style, "engine": engine}
    callback = sampling_callback(style) if engine == "sampling" else None
    async with Client(build_server(session), sampling_callback=callback) as c:
        result = await c.call_tool("summarize_range", args)
        assert not result.is_error, result.content
        out = result.structured_content
        assert out is not None
        text = result.content[0].text  # type: ignore[union-attr]
        if engine == "agent":
            assert out["status"] == "needs_summary" and out["next_call"] in text and out["digest"] in text
            assert session.results() == []
            args |= {"start": out["start"], "end": out["end"], "summary": written(style, "Agent wrote this.")}
            out = (await c.call_tool("summarize_range", args)).structured_content
            assert out is not None and "Agent wrote this." in out["summary"]
        expected = {"auto": "extractive"}.get(engine, engine)
        assert out["status"] == "stored" and out["engine"] == expected and out["style"] == style
        assert out["summary_tokens"] < out["range_tokens"] and len(out["sections"]) == SECTION_COUNT[style]
        listed = {str(r.uri) for r in (await c.list_resources()).resources}
        assert out["summary_uri"] in listed and out["archive_uri"] in listed
        stored = (await c.read_resource(out["summary_uri"])).contents[0]
        assert stored.text == out["summary"]  # type: ignore[union-attr]


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["auto", "legacy"])
async def test_mcp_sampled_junk_falls_back_with_a_note(histories: Any, root: Path, mode: str) -> None:
    session = Session(root=root, session="mcp", env={"MCP_CONTEXT_TRANSCRIPTS": str(histories.out_dir)})
    callback = sampling_callback("sections", "I'm sorry, I cannot help with that.")
    async with Client(build_server(session), mode=mode, sampling_callback=callback) as c:  # type: ignore[arg-type]
        result = await c.call_tool("summarize_range", {"transcript": str(histories.gemini_cli)})
    out = result.structured_content
    assert out is not None, result.content
    assert (out["engine"], out["status"]) == ("extractive", "stored")
    assert any("failed the checks" in n for n in out["notes"])


@pytest.mark.anyio
async def test_mcp_a_refused_sampling_request_falls_back_with_a_note(histories: Any, session: Session) -> None:
    """Over the legacy era the client's refusal reaches the server mid-call: the summary is still written."""

    async def refuse(context: Any, params: Any) -> ErrorData:
        return ErrorData(code=-1, message="User rejected sampling request")

    args = {"messages": json.loads(histories.openai.read_text()), "engine": "sampling"}
    async with Client(build_server(session), mode="legacy", sampling_callback=refuse) as c:
        result = await c.call_tool("summarize_range", args)
    out = result.structured_content
    assert out is not None, result.content
    assert (out["status"], out["engine"]) == ("stored", "extractive")
    assert any("User rejected sampling request" in n for n in out["notes"])


@pytest.mark.anyio
async def test_mcp_prompts_and_errors(histories: Any, session: Session) -> None:
    async with Client(build_server(session)) as c:
        prompts = {p.name: p for p in (await c.list_prompts()).prompts}
        assert set(prompts) >= {"summarize_sections", "summarize_snapshot", "summarize_brief"}
        got = await c.get_prompt("summarize_snapshot", {"focus": "the billing migration"})
        body = got.messages[0].content.text  # type: ignore[union-attr]
        assert "<overall_goal>" in body and "the billing migration" in body and "summarize_range(" in body
        bad = await c.call_tool("summarize_range", {"transcript": str(histories.claude_code), "start": "#999"})
        assert bad.is_error and "outside the" in bad.content[0].text  # type: ignore[union-attr]
    assert session.results() == []


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["auto", "legacy"])
@pytest.mark.slow
async def test_stdio_subprocess_in_both_protocol_eras(mode: str, histories: Any, server_env: dict[str, str]) -> None:
    env = dict(server_env, MCP_CONTEXT_TRANSCRIPTS=str(histories.out_dir))
    params = StdioServerParameters(command=SERVE[0], args=[*SERVE[1:], "--session", "stdio", "serve"], env=env)
    args: dict[str, Any] = {"transcript": str(histories.claude_code), "style": "snapshot"}
    async with Client(params, mode=mode) as c:  # type: ignore[arg-type]
        out = (await c.call_tool("summarize_range", args)).structured_content
        assert out is not None and out["engine"] == "extractive" and "<state_snapshot>" in out["summary"]
        task = (await c.call_tool("summarize_range", args | {"engine": "agent"})).structured_content
        assert task is not None and task["status"] == "needs_summary"
        args |= {"engine": "agent", "summary": written("snapshot", "Over stdio.")}
        done = (await c.call_tool("summarize_range", args)).structured_content
        assert done is not None and done["engine"] == "agent" and "Over stdio." in done["summary"]
        assert done["archive_handle"] == out["archive_handle"]  # the same range, the same originals


# through the CLI -----------------------------------------------------------------------------------------------


def cli(
    *args: str, env: dict[str, str], stdin: str | None = None, way: str = "subprocess"
) -> subprocess.CompletedProcess[str]:
    return run_cli(list(args), env=env, input=stdin, way=way)


@pytest.mark.slow
def test_cli_summarises_a_file_and_stores_a_written_summary(
    histories: Any, server_env: dict[str, str], tmp_path: Path
) -> None:
    done = cli("--session", "cli", "summarize", str(histories.openai), "--end", "-3", "--json", env=server_env)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["engine"] == "extractive" and (out["requested_end"], out["end"]) == (261, 262)  # a pair kept whole
    (tmp_path / "mine.md").write_text(written("brief", "From a file."))
    mine = cli(
        "--session",
        "cli",
        "summarize",
        "-",
        "--style",
        "brief",
        "--summary-file",
        str(tmp_path / "mine.md"),
        env=server_env,
        stdin=histories.openai.read_text(),
    )
    assert mine.returncode == 0, mine.stderr
    assert "with the agent engine" in mine.stdout and "From a file." in mine.stdout


@pytest.mark.parametrize(
    ("args", "stdin", "code", "says", "cli_way"),
    both_ways(
        [
            (["summarize", "-"], "not json", 2, "not JSON"),
            (["summarize", "-", "--handle", "r_0000000000000000"], "[]", 2, "give one source"),
            (["summarize", "--handle", "r_0000000000000000"], None, 1, "unknown handle"),
            (["summarize", "-", "--start", "#7"], '[{"role": "user", "content": "hi"}]', 2, "outside the 1 messages"),
        ],
        real=(0,),
    ),
)
def test_cli_bad_input_is_one_line(
    args: list[str], stdin: str | None, code: int, says: str, server_env: dict[str, str], cli_way: str
) -> None:
    done = cli(*args, env=server_env, stdin=stdin, way=cli_way)
    assert done.returncode == code
    assert says in done.stderr and len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
