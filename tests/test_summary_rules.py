"""What the extractive summary writes, rule by rule: key concepts as whole code spans, decisions not read inside
quotations, plans as state, an error fixed only by a success of the same work, the first request quoted as before
the range, one line per place searched; and bad input refused, storing nothing."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from summary_sources import (
    STYLES,
    every_section,
    session_both_reuses,  # noqa: F401  (the session fixture, reuse on and off)
    source,
    written,
)

from mcp_context import ContextError, InvalidArgument, Session, UnknownHandle
from mcp_context.summary.styles import SummaryRejected

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
