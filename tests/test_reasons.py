"""The cause line found by what it says, for outputs in no shape ``failures`` knows (examples invented here)."""

from __future__ import annotations

from mcp_context.conversation.failures import quote, read_command
from mcp_context.conversation.reasons import reason


def test_a_severity_line_beats_frames_banners_and_the_echoed_command() -> None:
    text = (
        "$ ./frob --check data.frob\n"
        "==========================\n"
        "frob 2.1 checking data.frob\n"
        "data.frob:12:4: widget size mismatch: wanted 3 slots\n"
        "    at frob.check (frob/check.js:88:10)\n"
        "==========================\n"
    )
    assert reason(text) == "data.frob:12:4: widget size mismatch: wanted 3 slots"


def test_a_tally_is_not_the_reason() -> None:
    text = "checking 4 units\nunit gamma: cannot open socket: connection refused\n3 passed, 1 failed, 0 skipped\n"
    assert reason(text) == "unit gamma: cannot open socket: connection refused"


def test_prefix_noise_is_not_the_message_but_stays_quoted() -> None:
    text = "==4242== Memcheck, a checker\n==4242== Invalid write of size 4\n==4242==    at 0x4005F4: main\n"
    assert reason(text) == "==4242== Invalid write of size 4"


def test_a_bare_marker_takes_its_message_from_the_next_line() -> None:
    text = "running job\nFATAL:\n  quota for bucket 'logs' exhausted\n"
    assert reason(text) == "FATAL: quota for bucket 'logs' exhausted"


def test_two_close_short_candidates_are_both_kept() -> None:
    text = "step 1 ok\nlink stage: undefined symbol zq_open\nstage 2: unresolved import zq: not found\n"
    out = reason(text)
    assert out is not None and "undefined symbol zq_open" in out and "not found" in out


def test_nothing_severe_gives_nothing() -> None:
    assert reason("all good\nwrote 3 files\n") is None


def test_an_unknown_tool_failing_by_exit_code_is_quoted_by_its_reason() -> None:
    reading = read_command("spooling queue\nqueue 'mail' overflowed: 512 items dropped\nExit Code: 3")
    assert reading.failed and reading.line == "queue 'mail' overflowed: 512 items dropped"


def test_a_known_count_line_gets_the_reason_beside_it() -> None:
    text = (
        "ran suite\nwidget rendered wrong colour: expected blue, got red\n"
        "FAILURES!\nTests: 5, Assertions: 9, Failures: 1.\n"
    )
    line = quote(text, failed=True)
    assert line is not None and "expected blue, got red" in line


def test_a_success_with_harmless_words_stays_a_success() -> None:
    assert not read_command("checked error handling paths\n12 passed, 0 failed\nExit Code: 0").failed


def test_a_named_test_with_its_reason_in_no_known_shape_is_told_with_it() -> None:
    text = "ok 1 - reads the file\nnot ok 2 - parses dates\n  ---\n  message: 'month 13 is invalid'\n  ...\n1..2\n"
    line = quote(text, failed=True)
    assert line == "message: 'month 13 is invalid' (not ok 2 - parses dates)"
