"""Failure detection without a flag, against real output captured from real tools (``tests/outputs``): every
failing run is told as failed with the line a person would quote, and every successful run that merely
mentions errors is not."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mcp_context.conversation import failures

CORPUS = Path(__file__).parent / "outputs"
CASES: list[dict[str, Any]] = json.loads((CORPUS / "cases.json").read_text(encoding="utf-8"))

#: Where the line quoted is not the corpus's but says more: the cause a wrapper reports, or the wrapper when the
#: program's own words follow no rule.
QUOTED_INSTEAD = {
    "make_compile_failure": "main.c:8:48: error: expected",  # the compiler's error, which make's line only counts
    "make_test_failure": "make: *** [Makefile:7: test] Error 1",  # a program's own message follows no rule
}
#: Output that no rule can tell: with no exit code written, a traceback reads as a crash even when the program
#: recovered from it and went on to succeed.
UNDECIDABLE = {"python_traceback_recovered"}


def read(case: dict[str, Any]) -> failures.Reading:
    text = (CORPUS / "cases" / f"{case['name']}.txt").read_text(encoding="utf-8")
    tool = case.get("source") == "hand-written"  # a non-shell tool's result
    return failures.read_tool(text) if tool else failures.read_command(text)


@pytest.mark.parametrize("case", [c for c in CASES if c["failed"]], ids=lambda c: c["name"])
def test_a_failing_run_is_told_with_its_message(case: dict[str, Any]) -> None:
    reading = read(case)
    assert reading.failed, case["command"]
    expected = QUOTED_INSTEAD.get(case["name"], case["message"])
    assert reading.line is not None and (expected in reading.line or reading.line in expected), reading.line


@pytest.mark.parametrize("case", [c for c in CASES if not c["failed"]], ids=lambda c: c["name"])
def test_a_successful_run_that_mentions_errors_is_no_failure(case: dict[str, Any]) -> None:
    reading = read(case)
    if case["name"] in UNDECIDABLE:
        assert reading.failed  # said as a limit: no exit code, a traceback, so read as a crash
        return
    assert not reading.failed, reading.line


def test_the_corpus_covers_the_kinds_a_summary_must_tell() -> None:
    kinds = {c["kind"] for c in CASES if c["failed"]}
    assert len(kinds) >= 15, sorted(kinds)
    assert sum(not c["failed"] for c in CASES) >= 8


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Exit code 1\nboom", 1),  # Claude Code
        ("Command: make\nOutput: ok\nError: (none)\nExit Code: 2\nSignal: (none)", 2),  # Gemini CLI
        ("Process exited with code 0\nWall time: 0.2 seconds", 0),  # Codex
        ("error: Command failed with exit code 1.", 1),  # yarn
        ("[exit status: 3]", 3),
        ("grep: exit code is printed below\nall fine", None),  # prose about exit codes is none
    ],
)
def test_an_exit_code_in_any_hosts_wording_decides(text: str, code: int | None) -> None:
    assert failures.exit_code(text) == code
    if code is not None:
        assert failures.read_command(text + "\n0 failed, 0 errors").failed is (code != 0)


def test_a_gemini_shell_result_without_an_exit_code_ended_well() -> None:
    """Gemini CLI (0.27 and later) writes Exit Code only when it is not 0, and always its process group."""
    recovered = (CORPUS / "cases" / "python_traceback_recovered.txt").read_text(encoding="utf-8")
    wrapped = f"Output: {recovered.rstrip()}\nProcess Group PGID: 41822"
    assert not failures.read_command(wrapped).failed
    assert failures.read_command(f"{wrapped}\nExit Code: 1").failed  # the same text, the code written: failed
