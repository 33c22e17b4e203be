"""Summaries tell the truth about a run: a failure is a failure whether or not a flag says so, the edit that
fixed it is named with what it changed, an answer the user read before asking more survives, and the brief
keeps what is still open first and takes the budget it is given."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mcp_context import Session


@pytest.fixture
def session(session_both_ways: Session) -> Session:
    """Every test of this suite runs with the Session's reuse on and off (see conftest.reuse)."""
    return session_both_ways


STYLES = ("sections", "snapshot", "brief")
PYTEST_FAILED = """\
============================= test session starts ==============================
collected 4 items

tests/test_report.py ...F                                                [100%]

=================================== FAILURES ===================================
_________________________________ test_total ___________________________________

    def test_total():
>       assert total([1, 2, 3]) == 6
E       assert 5 == 6
E        +  where 5 = total([1, 2, 3])

tests/test_report.py:12: AssertionError
=========================== short test summary info ============================
FAILED tests/test_report.py::test_total - assert 5 == 6
========================= 1 failed, 3 passed in 0.05s ==========================
"""
PYTEST_PASSED = "collected 4 items\n\ntests/test_report.py ....    [100%]\n\n4 passed in 0.03s\n"


REPORT_PY = "".join(f"def helper_{n}(rows):\n    return [r for r in rows if r.kind == {n}]\n\n" for n in range(60)) + (
    "def total(xs):\n    s = 0\n    for x in xs[1:]:\n        s += x\n    return s\n"
)


def call(call_id: str, name: str, **args: Any) -> dict[str, Any]:
    fn = {"name": name, "arguments": json.dumps(args)}
    return {"role": "assistant", "content": None, "tool_calls": [{"id": call_id, "type": "function", "function": fn}]}


def result(call_id: str, text: str) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": call_id, "content": text}


def fix_session() -> list[dict[str, Any]]:
    """An OpenAI-style run (no error flags anywhere): a failing test, an edit that fixes it, a passing re-run,
    the answer; then a follow-up request and its answer."""
    return [
        {"role": "user", "content": "The report total is wrong; find out why and fix it."},
        call("c1", "shell", command="pytest -q"),
        result("c1", PYTEST_FAILED),
        call("c0", "read_file", path="app/report.py"),
        result("c0", REPORT_PY),
        {"role": "assistant", "content": "The loop in total() skips the first item."},
        call(
            "c2",
            "edit_file",
            path="app/report.py",
            old_string="    for x in xs[1:]:\n",
            new_string="    for x in xs:\n",
        ),
        result("c2", "Edited app/report.py"),
        call("c3", "shell", command="pytest -q"),
        result("c3", PYTEST_PASSED),
        {
            "role": "assistant",
            "content": "Findings:\n- total() started at xs[1], dropping the first item\n"
            "- the test caught it as 5 == 6\n"
            "- fixed by iterating over every item; all 4 tests pass",
        },
        {"role": "user", "content": "Thanks. Now add a CSV export of the report."},
        call("c4", "write_file", path="app/export.py", content="import csv\n\ndef export(rows):\n    ...\n"),
        result("c4", "Wrote app/export.py"),
        {"role": "assistant", "content": "Added app/export.py with export(rows); no tests yet."},
    ]


@pytest.mark.parametrize("style", STYLES)
def test_a_flagless_failure_is_reported_with_its_message_and_its_fix(session: Session, style: str) -> None:
    out = session.summarize_range(messages=fix_session(), style=style, engine="extractive", max_tokens=1500).text
    assert out is not None
    assert "FAILED tests/test_report.py::test_total - assert 5 == 6" in out
    assert ": ok (1 failed" not in out  # the old lie: a failing run reported as ok
    assert "fixed by" in out and "`for x in xs[1:]:` -> `for x in xs:`" in out  # the edit, with what it changed


@pytest.mark.parametrize("style", STYLES)
def test_an_earlier_final_answer_survives_a_follow_up(session: Session, style: str) -> None:
    out = session.summarize_range(messages=fix_session(), style=style, engine="extractive", max_tokens=1500).text
    assert out is not None and "dropping the first item" in out  # the findings the user read before asking more
    assert "Now add a CSV export" in out and "Added app/export.py" in out


def test_the_sections_say_what_each_edit_changed(session: Session) -> None:
    out = session.summarize_range(messages=fix_session(), style="sections", engine="extractive", max_tokens=1500).text
    files = (out or "").split("## 3.")[1].split("## 4.")[0]
    assert "app/report.py" in files and "`for x in xs[1:]:` -> `for x in xs:`" in files
    assert "app/export.py" in files and "wrote 4 lines" in files


def test_an_unresolved_failure_says_so_and_outranks_a_fixed_one_in_a_brief(session: Session) -> None:
    history = fix_session() + [
        call("c5", "shell", command="make lint"),
        result(
            "c5",
            "ruff check app\napp/export.py:1:1: F401 `csv` imported but unused\nmake: *** [Makefile:4: lint] Error 1\n",
        ),
    ]
    out = session.summarize_range(messages=history, style="brief", engine="extractive").text or ""
    lines = [ln for ln in out.splitlines() if " failed [#" in ln]
    assert lines and "make lint" in lines[0] and "unresolved" in lines[0]  # the open one comes first


def test_the_brief_takes_the_budget_it_is_given(session: Session) -> None:
    history = fix_session() * 6  # a longer range: more to say than 400 tokens hold
    small = session.summarize_range(messages=history, style="brief", engine="extractive")
    large = session.summarize_range(messages=history, style="brief", engine="extractive", max_tokens=1200)
    assert small.target_tokens == 400 and 1000 < large.target_tokens <= 1200  # the header naming the archive aside
    assert (large.summary_tokens or 0) > (small.summary_tokens or 0)


HITS = "".join(f"app/log.py:{n}:    log(ERROR, 'error {n}: retrying the upload')\n" for n in range(3, 90))


def test_output_that_mentions_errors_is_not_a_failure(session: Session) -> None:
    history = [
        {"role": "user", "content": "Check the error handling."},
        call("c1", "shell", command="grep -rn 'error' app/"),
        result("c1", "app/report.py:20:        raise ValueError('error: empty report')\n" + HITS),
        call("c2", "shell", command="pytest -q -k error"),
        result("c2", "tests/test_report.py::test_error_handling PASSED\n\n1 passed, 0 failed, 0 errors in 0.02s\n"),
        {"role": "assistant", "content": "Error handling is covered."},
    ]
    out = session.summarize_range(messages=history, style="sections", engine="extractive").text or ""
    assert " failed [#" not in out and "## 4. Errors and fixes" in out


def test_the_summary_inside_a_compacted_history_is_made_from_the_originals(session: Session) -> None:
    """Layer 1 clears old tool results first; a summary of the cleared copies would call each failed run ok
    (OpenAI histories carry no error flag). It is made from what the history said."""
    history: list[dict[str, Any]] = [{"role": "user", "content": "Make the report tests pass."}]
    for n in range(12):
        history += [
            call(f"r{n}", "read_file", path=f"app/part_{n}.py"),
            result(f"r{n}", REPORT_PY),
            call(f"t{n}", "shell", command=f"pytest -q tests/test_part_{n}.py"),
            result(f"t{n}", PYTEST_FAILED.replace("test_report.py", f"test_part_{n}.py")),
        ]
    history.append({"role": "assistant", "content": "Every part still fails the same way; looking at total()."})
    whole = session.compact_history(messages=history, target_tokens=10**7).tokens_before
    out = session.compact_history(messages=history, target_tokens=whole // 10, return_messages=True)
    assert [layer.layer for layer in out.layers if layer.changed][:2] == [1, 5]  # cleared, then summarised
    bridge = next(m["content"] for m in out.messages if "summarised to save context" in str(m["content"]))
    assert "FAILED tests/test_part_0.py::test_total - assert 5 == 6" in bridge
    assert "tool result cleared" not in bridge and ": ok (" not in bridge


@pytest.mark.parametrize(
    ("failed", "output", "then", "fixed"),
    [
        (
            "bash -lc 'pyhton src/main.py'",
            "bash: line 1: pyhton: command not found",
            "bash -lc 'python src/main.py'",
            True,
        ),
        ("git push", "fatal: No configured push destination.", "git push -u origin main", True),
        ("pytest -q tests/test_a.py", PYTEST_FAILED, "pytest -q", True),  # the whole suite passing covers it
        ("pytest -q tests/test_a.py", PYTEST_FAILED, "pytest -q tests/test_b.py", False),  # another file
        ("python src/main.py", "Traceback (most recent call last):\nValueError: bad", "python src/other.py", False),
    ],
)
def test_a_failure_is_paired_with_the_run_that_redid_its_work(
    session: Session, failed: str, output: str, then: str, fixed: bool
) -> None:
    history = [
        {"role": "user", "content": "Get it working."},
        call("c1", "shell", command=failed),
        result("c1", output),
        call("c2", "shell", command=then),
        result("c2", "done\n"),
        {"role": "assistant", "content": "That is the state of things now, after both runs."},
    ] + fix_session()[1:4]  # more of a history, so a summary is worth making
    out = session.summarize_range(messages=history, style="sections", engine="extractive", max_tokens=2000).text
    line = next(ln for ln in (out or "").splitlines() if f"{failed}` failed" in ln)
    assert ("fixed by" in line) is fixed, line
