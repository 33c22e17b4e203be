"""The command line's own words and exit codes: its errors name its flags (not the tools' argument names), a
mistake of the caller exits 2 and a refusal of the store 1, every command takes the latest session, and long
listings come a page at a time.

The commands run in this process through the console script's entry point (the same one-line error handling
as a subprocess), against an isolated root; one subprocess run checks that the words reach a real shell.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import click
import pytest
from conftest import SERVE

from mcp_context import Session
from mcp_context.cli.flags import in_flags
from mcp_context.cli.main import cli, main

ERROR = "mcp-context: error: "


@pytest.fixture
def shell(root: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]):  # type: ignore[no-untyped-def]
    """shell(*args, stdin=b"") -> (exit code, stdout, stderr) of one command against the test's root."""
    for name in ("MCP_CONTEXT_SESSION", "CLAUDE_CODE_SESSION_ID", "MCP_CONTEXT_STORE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("MCP_CONTEXT_HOME", str(root))

    def run(*args: str, stdin: bytes = b"") -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
        try:
            main(list(args))
            code = 0
        except SystemExit as exc:
            code = int(exc.code or 0)
        out, err = capsys.readouterr()
        return code, out, err

    return run


def refused(result: tuple[int, str, str], code: int) -> str:
    """The one line of a refused command, checked for its exit code."""
    got, _, err = result
    assert got == code, f"exit {got}, wanted {code}: {err}"
    assert err.startswith(ERROR) and err.count("\n") == 1, err
    return err[len(ERROR) :].strip()


def history(tmp_path: Path) -> str:
    path = tmp_path / "hist.json"
    path.write_text(json.dumps([{"role": "user", "content": "hello"}, {"role": "assistant", "content": "hi"}]))
    return str(path)


# the flags, not the tools' argument names ----------------------------------------------------------------------


def test_errors_name_the_commands_flags(shell, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    line = refused(shell("check-loop"), 2)
    assert line.startswith("nothing to check: give --event ") and "FILE or --transcript" in line, line
    assert line.endswith("or --reset") and "reset=true" not in line and "events" not in line, line
    line = refused(shell("compact", history(tmp_path)), 2)
    assert "give --target-tokens, or --model (a known one) or --context-window" in line, line
    code, out, _ = shell("persist", stdin=b"\n".join(b"line %d" % i for i in range(50)))
    handle = out.split()[3]
    assert code == 0 and handle.startswith("r_"), out
    assert refused(shell("read", handle, "--start-line", "5", "--offset", "10"), 2) == (
        "give --start-line or --offset, not both"
    )
    assert refused(shell("read", handle, "--context", "2"), 2).startswith("--context and --max-matches apply")
    assert refused(shell("compact", history(tmp_path), "--target-tokens", "100", "--keep", "500"), 2).startswith(
        "--keep (500 tokens) is larger than the target"
    )
    assert refused(shell("compact", history(tmp_path), "--trigger", "abc"), 2).startswith("--trigger must be")
    assert refused(shell("summarize", history(tmp_path), "--start", "5"), 2).startswith("--start 5 is outside")
    policy = refused(shell("check-loop", "--event", '{"kind": "turn"}', "--policy", '{"max_steps": "x"}'), 2)
    assert policy.startswith("--policy max_steps must be"), policy
    assert refused(shell("check-loop", "--event", '{"kind": "zzz"}'), 2).startswith("event #1: kind must be")


def test_prose_that_shares_a_name_with_a_flag_stays_prose() -> None:
    """Only items of a ``give`` list and a leading name are arguments: "the model", "a Claude Code session" and
    a parenthesis are words."""
    gauge, compact = cli.commands["gauge"], cli.commands["compact"]
    assert in_flags("give --session ID, or --transcript PATH of a Claude Code session", gauge) == (
        "give --session ID, or --transcript PATH of a Claude Code session"
    )
    text = "the model read from the transcript did not fit: give it a budget"
    assert in_flags(text, compact) == text
    assert in_flags("give messages (a list) or transcript (a path, or 'host')", compact) == (
        "give FILE (a list) or --transcript (a path, or 'host')"
    )
    assert in_flags("x is wrong", click.Command("none")) == "x is wrong"


def test_a_real_shell_gets_the_flags(root: Path, server_env: dict[str, str]) -> None:
    done = subprocess.run([*SERVE, "check-loop"], capture_output=True, text=True, env=server_env, timeout=60)
    assert done.returncode == 2 and "give --event" in done.stderr and "reset=true" not in done.stderr, done.stderr


# what is missing or empty --------------------------------------------------------------------------------------


def test_compact_without_input_or_with_an_empty_one(shell, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    line = refused(shell("compact"), 2)
    assert "give a FILE of messages (or - for stdin) or --transcript" in line and "not both" not in line, line
    assert "not both" in refused(shell("compact", history(tmp_path), "--transcript", "x.jsonl"), 2)
    assert refused(shell("compact", "-"), 2) == "the input (stdin) is empty"
    assert refused(shell("compact", "-", stdin=b" \n"), 2) == "the input (stdin) is empty"
    assert refused(shell("check-loop", "-"), 2) == "the input (stdin) is empty"
    empty = tmp_path / "empty.json"
    empty.write_text("")
    assert refused(shell("summarize", str(empty)), 2) == f"the input ({empty}) is empty"
    assert refused(shell("compact", "-", stdin=b"{nope"), 2).startswith("the input is not JSON")


# exit codes: 2 for the caller's mistake, 1 for what the store refused -----------------------------------------


def test_exit_2_for_every_mistake_of_the_caller_and_1_for_the_store(shell, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    hist = history(tmp_path)
    mistakes = [
        ["check-loop", "--policy", '{"no_such_key": 1}', "--event", '{"kind": "turn"}'],
        ["check-loop", "--policy", "not json", "--event", '{"kind": "turn"}'],
        ["check-loop", "--event", "not json"],
        ["check-loop", "--event", '{"kind": "zzz"}'],
        ["compact", hist, "--trigger", "abc", "--target-tokens", "10"],
        ["read", "foo"],
        ["show", "../x"],
        ["persist"],  # empty stdin
        ["--session", "../x", "results"],
    ]
    for args in mistakes:
        refused(shell(*args), 2)
    assert "unknown handle" in refused(shell("read", "r_0000000000000000"), 1)
    assert "limit" in refused(shell("--max-result-bytes", "8", "persist", stdin=b"x" * 100), 1)


# the latest session, for gauge and audit too -------------------------------------------------------------------


def test_gauge_and_audit_take_the_latest_session(shell, root: Path) -> None:  # type: ignore[no-untyped-def]
    assert "no session in" in refused(shell("gauge"), 2)
    assert "no session in" in refused(shell("audit"), 2)
    Session(root, "older", env={}).persist_result("one\n")
    latest = Session(root, "newer", env={})
    latest.persist_result("two\n")
    latest.persist_result("three\n")
    code, out, _ = shell("gauge")
    assert code == 0 and out.startswith("session newer\n"), out
    assert "context: not measured, no transcript of the host's conversation" in out and "?" not in out, out
    assert "results: 2 stored in the session" in out and "give --transcript PATH" in out, out
    code, out, _ = shell("gauge", "--json")
    assert code == 0 and json.loads(out)["session"] == "newer"
    assert refused(shell("audit"), 2) == "no transcript for session newer: give --transcript PATH"


# results a page at a time ---------------------------------------------------------------------------------------


def test_results_come_a_page_at_a_time(shell, root: Path) -> None:  # type: ignore[no-untyped-def]
    session = Session(root, "many", env={})
    handles = [session.persist_result(f"result {i}\n", label=f"n{i}").meta.handle for i in range(27)]
    code, out, _ = shell("results")
    rows = [line for line in out.splitlines() if line.startswith("r_")]
    assert code == 0 and len(rows) == 20, out
    assert out.rstrip().endswith("rows 1-20 of 27; 7 more: --skip 20 for the next page, --limit 0 for all"), out
    code, out, _ = shell("results", "--skip", "20")
    rest = [line.split()[0] for line in out.splitlines() if line.startswith("r_")]
    assert code == 0 and len(rest) == 7 and out.rstrip().endswith("rows 21-27 of 27"), out
    code, out, _ = shell("results", "--limit", "0")
    assert len([line for line in out.splitlines() if line.startswith("r_")]) == 27 and "more" not in out
    listed = [row.split()[0] for row in rows] + rest
    assert sorted(listed) == sorted(handles)  # every result once over the two pages
    code, out, _ = shell("results", "--json")
    assert len(json.loads(out)) == 27  # JSON is for scripts: all unless --limit says otherwise
    code, out, _ = shell("results", "--json", "--limit", "5", "--skip", "25")
    assert len(json.loads(out)) == 2
    code, out, _ = shell("results", "--skip", "40")
    assert code == 0 and out.strip() == "no rows past --skip 40: there are 27", out
