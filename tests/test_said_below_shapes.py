"""Shapes where the line that says why a run failed is not the line that shows it failed: a kind or a code with
its message below, a chain of causes under an error, a test named with its status in a column and its message
on the next line, a diagnostic after the program's name (and not the source line a caret points into), an error
line led by its code. Invented examples, none from a corpus part."""

from __future__ import annotations

from mcp_context.conversation import failures


def test_a_bare_code_is_told_with_the_message_below_it() -> None:
    text = "> build\nbuilt 3 pages\nError: ERR_TASK_UNKNOWN\n\n  x No task named deploy-docs\n\nExit code: 1\n"
    assert failures.read_command(text).line == "Error: ERR_TASK_UNKNOWN x No task named deploy-docs"
    kind = "Failed: SchemaViolation:\n==> at jobs.build\nExit code: 2\n"
    assert failures.read_command(kind).line == "Failed: SchemaViolation: ==> at jobs.build"


def test_the_last_link_of_a_chain_of_causes_is_told_with_the_error() -> None:
    text = (
        "note: using the cache at ~/.cache/pk\nerror: Could not build the lock file\n"
        "  caused by: fetching index for mirror-eu\n  caused by: certificate has expired\nExit code: 1\n"
    )
    line = failures.read_command(text).line or ""  # the error with its block, and the chain's last link
    assert line.startswith("error: Could not build the lock file") and line.endswith(
        "; caused by: certificate has expired"
    )
    # a cause at the margin after another message is no link of this error's chain
    apart = "error: step one failed\nretrying\ncause: unrelated text\nExit code: 1\n"
    assert failures.read_command(apart).line == "error: step one failed"


def test_a_test_named_with_its_status_in_a_column_is_told_with_the_line_below() -> None:
    text = (
        "=" * 40 + "\nInvoices\n" + "=" * 40 + "\n"
        "Total Includes Tax                     | FAIL |\n'19.0' does not match '21.0'\n" + "-" * 40 + "\n"
        "Invoices                               | FAIL |\n1 test, 0 passed, 1 failed\n"
    )
    line = failures.read_command(text).line or ""
    assert line.startswith("'19.0' does not match '21.0' (Total Includes Tax")


def test_a_diagnostic_after_the_programs_name_and_not_the_echoed_source() -> None:
    text = 'tcl8.6: build.tcl:12: can\'t read "target": no such variable\n    while executing\nExit code: 1\n'
    line = failures.read_command(text).line or ""
    assert line.startswith('tcl8.6: build.tcl:12: can\'t read "target": no such variable')
    echoed = "mawk: calc.awk:3: { n += $1) }\nmawk: calc.awk:3:            ^ syntax error\nExit code: 2\n"
    assert failures.read_command(echoed).line == "mawk: calc.awk:3:            ^ syntax error"
    frames = "lua5.1: run.lua:9: bad argument #1 to 'len'\nstack traceback:\n\trun.lua:9: in main chunk\nExit code: 1\n"
    assert failures.read_command(frames).line == "lua5.1: run.lua:9: bad argument #1 to 'len'"


def test_an_error_line_led_by_its_code_is_an_error_line() -> None:
    text = "Check app.ts\nXY1002 [ERROR]: Property 'id' does not exist on type 'User'.\n\nerror: Checking failed.\n"
    text += "Exit code: 1"
    assert failures.read_command(text).line == "XY1002 [ERROR]: Property 'id' does not exist on type 'User'."
