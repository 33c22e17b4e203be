"""The command line's delete-session and cleanup: asked and answered on stdin, dry runs, by age and by size, and
nothing removed without an option saying so."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_fixtures import (
    ERROR_PREFIX,
    REAL_PROCESS,
    SESSION,
    Run,
    assert_one_line_error,
    ok,
    stored_files,
)

from mcp_context import Session, UnknownHandle

# delete-session and cleanup ----------------------------------------------------------------------------------


def session_names(root: Path) -> set[str]:
    return {i.session for i in Session(root=root, session="observer", env={}).sessions()}


def test_delete_session_yes(run: Run, root: Path, two_sessions: tuple[str, str]) -> None:
    out = ok(run("delete-session", "other-session", "--yes"))

    assert out.startswith("deleted session other-session")
    assert session_names(root) == {SESSION}
    with pytest.raises(UnknownHandle):
        Session(root=root, session=SESSION, env={}).info(two_sessions[1])


@REAL_PROCESS
def test_delete_session_answer_no_aborts(run: Run, root: Path, two_sessions: tuple[str, str]) -> None:
    result = run("delete-session", "other-session", input="n\n")

    assert assert_one_line_error(result) == f"{ERROR_PREFIX} aborted"
    assert "delete session other-session" in result.stdout  # the question was asked
    assert session_names(root) == {SESSION, "other-session"}


def test_delete_session_answer_yes(run: Run, root: Path, two_sessions: tuple[str, str]) -> None:
    ok(run("delete-session", "other-session", input="y\n"))
    assert session_names(root) == {SESSION}


def test_delete_unknown_session(run: Run, root: Path, two_sessions: tuple[str, str]) -> None:
    assert "no session 'nope'" in assert_one_line_error(run("delete-session", "nope", "--yes"))
    assert session_names(root) == {SESSION, "other-session"}


def test_cleanup_older_than_zero_removes_sessions(run: Run, root: Path, two_sessions: tuple[str, str]) -> None:
    out = ok(run("cleanup", "--older-than", "0s"))

    assert out.splitlines()[0].startswith("removed 2 session(s)")
    assert SESSION in out and "other-session" in out
    assert session_names(root) == set()


@REAL_PROCESS
def test_cleanup_dry_run_removes_nothing(run: Run, root: Path, two_sessions: tuple[str, str]) -> None:
    before = stored_files(root)

    out = ok(run("cleanup", "--older-than", "0s", "--dry-run"))

    assert out.splitlines()[0].startswith("would remove 2 session(s)")
    assert stored_files(root) == before
    assert session_names(root) == {SESSION, "other-session"}


def test_cleanup_max_size_zero(run: Run, root: Path, two_sessions: tuple[str, str]) -> None:
    out = ok(run("cleanup", "--max-size", "0"))

    assert out.splitlines()[0].startswith("removed 2 session(s)")
    assert session_names(root) == set()


def test_cleanup_max_size_keeps_what_fits(run: Run, root: Path, two_sessions: tuple[str, str]) -> None:
    ok(run("cleanup", "--max-size", "1M"))
    assert session_names(root) == {SESSION, "other-session"}


def test_cleanup_without_option_removes_no_session(run: Run, root: Path, two_sessions: tuple[str, str]) -> None:
    """Bare cleanup removes only what nothing needs (old compactions' archives, debris): sessions stay."""
    assert ok(run("cleanup")).startswith("removed 0 session(s)")
    assert session_names(root) == {SESSION, "other-session"}
