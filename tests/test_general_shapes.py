"""Causes and fixes recognised by their general shape: which line says why (an error beside a warning, an error
led by a location, an error kind in capitals, a wrapped header and its block, labelled values, a finding's code
over its metrics) and where a change is told (a diff in a tool's answer, a ``new_content`` key, a read from the
first line under a limit, code a code agent's host runs). Written from invented examples, not from any corpus
part."""

from __future__ import annotations

import json
from typing import Any

from mcp_context.conversation import edits, failures, reasons
from mcp_context.conversation.formats import adapter
from mcp_context.conversation.model import Block
from mcp_context.summary import calls, textual
from mcp_context.summary.facts import extract


def _quote(text: str) -> str:
    return failures.quote(text, failed=True) or ""


def test_a_warning_never_outranks_the_error_beside_it() -> None:
    text = (
        "/opt/venv/lib/python3.12/site-packages/lintkit/cli.py:40: DeprecationWarning: option --fast is deprecated\n"
        "  main()\n"
        "src/store.py:3:1: E0401: Unable to import 'zlibx' (import-error)\n"
    )
    assert "E0401: Unable to import 'zlibx'" in _quote(text)
    compiled = 'calc.adb:4:9: warning: variable "T" is never read\n\nraised PROGRAM_ERROR : calc.adb:9 explicit raise\n'
    assert "raised PROGRAM_ERROR : calc.adb:9 explicit raise" in _quote(compiled)


def test_an_error_led_by_its_location_is_the_cause_not_the_driver_line_after_it() -> None:
    text = (
        "Basic Compiler 2.1\n"
        'report.bas(12,3) Error: Type mismatch in assignment to "total"\n'
        "report.bas(20) Fatal: 1 error, stopping\n"
        "Error: bc1 returned an error exitcode\n"
    )
    assert 'Type mismatch in assignment to "total"' in _quote(text)
    parser = "feed.xml:7: parser error : Premature end of data in tag item line 3\n</channel>\n          ^\n"
    assert "Premature end of data in tag item line 3" in _quote(parser)


def test_a_fatal_error_named_by_its_runtime_shows_a_failure_without_an_exit_code() -> None:
    text = (
        "ZZ Fatal error:  Uncaught DomainError: rate must be positive in /srv/app/rate.zz:4\nStack trace:\n#0 {main}\n"
    )
    reading = failures.read_command(text)
    assert reading.failed and "Uncaught DomainError: rate must be positive" in (reading.line or "")


def test_an_unhandled_error_kind_in_capitals_takes_its_wrapped_header_and_the_block_below() -> None:
    text = (
        'Unhandled SIMPLE-ERROR in thread #<THREAD "worker" RUNNING\n'
        "                                   {10020A}>:\n"
        "  Cannot divide\n"
        "    7\n"
        "  by zero\n"
        "\n"
        "Backtrace for: #<THREAD>\n0: (DIVIDE 7 0)\n"
    )
    quoted = " ".join(_quote(text).split())
    assert "Cannot divide 7 by zero" in quoted


def test_a_labelled_value_is_told_with_the_other_side_of_it() -> None:
    text = "== case-3 rounding FAILED\n-- Actual value:\n7\n-- Expected value:\n8\n== case-3 FAILED\n"
    assert "-- Actual value: 7 -- Expected value: 8" in _quote(text)


def test_a_finding_with_its_code_is_the_reason_and_its_metrics_are_not() -> None:
    text = (
        "Scan started\n\nFindings:\n"
        ">> Finding: [X321:weak_hash] md5 used to hash a password.\n"
        "   Location: ./auth.py:8:4\n\n"
        "Totals:\n\tUndefined: 0\n\tHigh: 1\n\tTotal lines skipped (#nosec): 0\n"
    )
    assert "[X321:weak_hash] md5 used to hash a password." in (reasons.reason(text) or "")
    assert reasons.reason("Totals:\n\tUndefined: 0\n\tMissing: 2\n") is None


def test_a_diff_in_a_tool_answer_is_read_where_it_starts_and_ends() -> None:
    answer = (
        "Edited lib/rate.py:\n\n```diff\n--- a/lib/rate.py\n+++ b/lib/rate.py\n@@ -1,3 +1,3 @@\n"
        " def rate(x):\n-    return x / 0\n+    return x / 2\n```\nAnything else?"
    )
    assert edits.diff_shown(answer) == ("    return x / 0", "    return x / 2")
    assert edits.diff_shown("no diff here @@ at all") is None


def _history(calls_and_results: list[tuple[str, dict[str, Any], str]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"role": "user", "content": "Fix the rate."}]
    for n, (name, args, result) in enumerate(calls_and_results):
        ident = f"c{n}"
        out.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": ident, "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}
                ],
            }
        )
        out.append({"role": "tool", "tool_call_id": ident, "content": result})
    return out


def _changes(messages: list[dict[str, Any]]) -> list[str]:
    found = extract(adapter("openai").parse(messages))
    return [a.call.change or "" for a in found.actions if a.call.kind in ("edit", "write")]


def test_an_edit_told_only_by_the_diff_its_tool_answered_with() -> None:
    diff = (
        "Edited lib/rate.py:\n\n```diff\n--- a/lib/rate.py\n+++ b/lib/rate.py\n@@ -2 +2 @@\n"
        "-    return x / 0\n+    return x / 2\n```"
    )
    messages = _history([("modify_file", {"path": "lib/rate.py", "mode": "edit", "description": "fix"}, diff)])
    assert _changes(messages) == ["`return x / 0` -> `return x / 2`"]


def test_new_content_with_no_old_side_is_the_whole_file_diffed_against_the_read() -> None:
    before = "def rate(x):\n    return x / 0\n\n\ndef other():\n    return 1\n"
    after = before.replace("x / 0", "x / 2")
    messages = _history(
        [
            ("open_doc", {"uri": "/w/lib/rate.py", "offset": 0, "limit": 500}, before),
            ("rewrite_doc", {"uri": "/w/lib/rate.py", "new_content": after}, "Done."),
        ]
    )
    assert _changes(messages) == ["`return x / 0` -> `return x / 2`"]
    pair = {"uri": "a.py", "old_content": "a", "new_content": "b"}
    paired = calls.classify(Block(kind="tool_call", name="t", args=pair))
    assert paired.kind == "edit" and paired.replaced == [("a", "b")]


def test_a_read_that_reaches_its_limit_is_the_head_of_the_file_only() -> None:
    """A read that may have stopped before the file's end: a whole file written after it is told by what changed
    in the lines read, with the size written, never as if the file had held only those lines."""
    head = "\n".join(f"alpha = {n}" for n in range(1, 4))
    messages = _history(
        [
            ("open_doc", {"uri": "/w/big.txt", "offset": 0, "limit": 3}, head),
            ("rewrite_doc", {"uri": "/w/big.txt", "new_content": "alpha = 1\nalpha = 2\nalpha = 4\n"}, "Done."),
        ]
    )
    # what changed among the lines read is told, and that the rest of the file was not read
    assert _changes(messages) == ["`alpha = 3` -> `alpha = 4` (in the first 3 lines read; wrote 3 lines)"]
    assert calls.classify(Block(kind="tool_call", name="view", args={"path": "a.py", "start_line": 40})).partial


def test_paths_given_as_one_string_are_read_and_a_found_label_is_no_part_of_the_text() -> None:
    call = calls.classify(Block(kind="tool_call", name="peek", args={"paths": "/w/a.py, /w/b.py"}))
    assert call.kind == "read" and [p for p, _ in call.paths] == ["/w/a.py", "/w/b.py"]
    assert edits.shown_text("Paths found:\n/w/a.py\n\nx = 1\ny = 2", "/w/a.py") == "x = 1\ny = 2"


def test_code_a_code_agent_writes_is_a_call_and_a_labelled_turn_answers_it() -> None:
    reply = 'Thought: run it.\nCode:\n```py\nimport subprocess\nsubprocess.run("make check", shell=True)\n```<end_code>'
    block = textual.command_written(reply)
    assert block is not None and block.args["language"] == "py" and "make check" in block.args["code"]
    assert calls.classify(block).kind == "command"
    assert textual.answered("Observation:\nExecution logs:\nall good\n")
    assert textual.answered("Ran command: `cat a.py`\n\n```stdout\nx = 1\n```")
    assert not textual.answered("Thanks, that looks right to me.")
    assert textual.command_written("Here is the idea:\n```text\nnot code\n```") is None


def test_a_line_that_reads_as_a_tool_reporting_a_failure_shows_one_at_an_output_edge() -> None:
    assert failures.read_command("cfgtool: site.cfg:3: (section=main) fatal: missing closing bracket\n").failed
    assert failures.read_command("Unhandled STACK-EXHAUSTED in thread main:\n  Control stack exhausted\n").failed
    finding = "loading\n>> Finding: [Q204:open_redirect] redirect to an unchecked URL issue\n"
    assert failures.read_command(finding).failed
    assert failures.read_command("compiling\nmain.zz:4:9: ^ syntax error\n").failed


def test_words_of_failure_in_quotes_code_or_prose_show_none() -> None:
    for text in (
        'notes.txt:3: the user wrote "fatal: cannot proceed" in the form\n',
        "lib/check.py:9:     raise ValueError('invalid state')\n",
        "3f2a1bc Handle the error when the upload fails and the file is missing\n",
        "1 spec, 0 failures, no issues found\n",
        "    # ``Unhandled STACK-ERROR in thread ...:`` is what the runtime prints\n",
    ):
        assert not failures.read_command(text).failed, text


def test_a_runners_count_with_a_word_between_or_a_tab_and_a_linters_offence_count_show_a_failure() -> None:
    assert failures.read_command("run 3 checks\n\n50% checks passed, 1 checks failed out of 2\n").failed
    assert failures.read_command("suite.t:\tTotal\t2\tPassed\t1\tFailed\t1\n").failed
    assert failures.read_command("Checking 4 files\n\n4 files checked, 2 offences detected\n").failed
    assert not failures.read_command("100% checks passed, 0 checks failed out of 2\n").failed
    assert not failures.read_command("suite.t:\tTotal\t2\tPassed\t2\tFailed\t0\n").failed


def test_a_memory_checkers_own_report_line_shows_a_failure_and_its_clean_summary_none() -> None:
    leak = "result: 3\n==77== 24 bytes in 1 blocks are definitely lost in loss record 2 of 2\n==77==    at 0x1\n"
    assert failures.read_command(leak).failed
    clean = "==77== ERROR SUMMARY: 0 errors from 0 contexts (suppressed: 0 from 0)\n==77== All heap blocks were freed\n"
    assert not failures.read_command(clean).failed


def test_a_failures_labelled_details_under_it_and_a_count_behind_an_error_tag_is_no_reason() -> None:
    text = (
        "sums: Check Failed at /w/t/run.zz:4\n"
        "  Expression: add(2, 2) == 5\n"
        "   Evaluated: 4 == 5\n\n"
        "Stacktrace:\n [1] top\n"
        "ERROR: Some checks did not pass: 0 passed, 1 failed, 0 errored.\n"
    )
    quoted = _quote(text)
    assert quoted.startswith("sums: Check Failed at /w/t/run.zz:4 Expression: add(2, 2) == 5 Evaluated: 4 == 5")


def test_a_command_one_level_down_in_an_operation_is_run() -> None:
    action = {"action": {"type": "exec", "command": ["bash", "-lc", "make check"], "working_directory": "/w"}}
    assert calls.classify(Block(kind="tool_call", name="local_shell", args=action)).target == "make check"
    assert calls.classify(Block(kind="tool_call", name="note", args={"meta": {"type": "memo", "text": "hi"}})).kind != (
        "command"
    )


def test_a_read_answered_in_json_and_an_edit_of_a_line_range_are_told_by_what_changed() -> None:
    before = "def rate(x):\n    y = x\n    return y / 0\n\n\ndef other():\n    return 1\n"
    shown = ("open_file", {"file": "/w/r.py"}, json.dumps({"path": "/w/r.py", "content": before}))
    ranged = ("replace_lines", {"file": "/w/r.py", "start_line": 3, "end_line": 3, "content": "    return y / 2"}, "ok")
    assert _changes(_history([shown, ranged])) == ["`return y / 0` -> `return y / 2`"]
    whole = ("save_file", {"file": "/w/r.py", "content": before.replace("/ 0", "/ 3")}, "ok")
    assert _changes(_history([shown, whole])) == ["`return y / 0` -> `return y / 3`"]


def test_the_lines_a_printed_diff_adds_or_removes_are_a_files_text_not_a_failure() -> None:
    diff = (
        "commit 3f2a1bc\n\n    docs: counts\n\ndiff --git a/docs/x.md b/docs/x.md\n--- a/docs/x.md\n+++ b/docs/x.md\n"
        "@@ -1,2 +1,3 @@\n # Counts\n+a runner says 0 passed, 1 failed when a test fails\n-old words\n"
    )
    assert not failures.read_command(diff).failed
    assert failures.read_command("tests: 0 passed, 1 failed\n").failed
