"""The command line given bad input: handles and session ids, command lines (exit 2), conflicting options, files
that are missing, folders, not UTF-8 or too large, each a one-line error or stored cleanly."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_fixtures import (
    ERROR_PREFIX,
    REAL_PROCESS,
    Proc,
    Run,
    assert_one_line_error,
    full_text,
    handle_in,
    ok,
    stored_files,
)

from mcp_context import Session

# bad input -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["read", "show"])
@pytest.mark.parametrize(
    ("handle", "message"),
    [
        ("r_0000000000000000", "unknown handle"),
        ("../x", "invalid handle"),
        ("r_ZZZ", "invalid handle"),
        ("mcp-context://sessions/../results/r_0000000000000000", "invalid result URI"),
    ],
)
def test_bad_handles(run: Run, lib: Session, command: str, handle: str, message: str) -> None:
    lib.persist_result("something\n")
    assert message in assert_one_line_error(run(command, handle))


@pytest.mark.parametrize(
    "args",
    [
        ["--session", "../x", "results"],
        ["--session", "../x", "persist", "-"],
        ["--session", "a/b", "sessions"],
        ["delete-session", "../x", "--yes"],
    ],
    ids=["results", "persist", "slash", "delete-session"],
)
def test_bad_session_id(run: Run, root: Path, args: list[str]) -> None:
    line = assert_one_line_error(run(*args, input="content\n"))
    assert "invalid session id" in line
    assert stored_files(root) == []


def test_bad_session_id_from_environment(run: Run, cli_env: dict[str, str], root: Path) -> None:
    result = run("persist", input="content\n", env={**cli_env, "MCP_CONTEXT_SESSION": "../x"})
    assert "invalid session id" in assert_one_line_error(result)
    assert stored_files(root) == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["read"], "Missing argument 'HANDLE'"),
        (["show"], "Missing argument 'HANDLE'"),
        (["delete-session"], "Missing argument 'SESSION'"),
        (["config"], "Missing argument"),
        (["cleanup", "--older-than", "3x"], "'3x' is not an age"),
        (["cleanup", "--max-size", "abc"], "'abc' is not a size"),
        (["--max-result-bytes", "abc", "results"], "'abc' is not a size"),
        (["read", "r_0000000000000000", "--start-line", "0"], "--start-line"),
        (["no-such-command"], "No such command"),
        (["results", "--bogus"], "No such option"),
    ],
)
def test_bad_command_lines_exit_2(run: Run, root: Path, args: list[str], message: str) -> None:
    result = run(*args)
    assert message in assert_one_line_error(result)
    assert result.returncode == 2
    assert stored_files(root) == []


def test_read_option_conflicts_are_one_line(run: Run, lib: Session) -> None:
    handle = lib.persist_result("a\nb\n").meta.handle
    for args in (
        ["--grep", "a", "--max-lines", "1"],
        ["--context", "1"],
        ["--start-line", "99"],
        ["--start-line", "1", "--offset", "0"],
    ):
        result = run("read", handle, *args)
        assert_one_line_error(result)
        assert result.returncode == 2


def test_persist_nonexistent_file(run: Run, root: Path, tmp_path: Path) -> None:
    line = assert_one_line_error(run("persist", str(tmp_path / "missing.txt")))
    assert "missing.txt" in line
    assert stored_files(root) == []


def test_persist_directory(run: Run, root: Path, tmp_path: Path) -> None:
    assert_one_line_error(run("persist", str(tmp_path)))
    assert stored_files(root) == []


def test_persist_non_utf8_file(run: Run, lib: Session, root: Path, tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes("ok so far\ncaf\xe9\n".encode("latin-1"))

    line = assert_one_line_error(run("persist", str(path)))

    assert "not UTF-8" in line
    assert lib.all_results() == []
    assert stored_files(root) == []  # no spool or index left behind


@REAL_PROCESS
def test_persist_non_utf8_stdin(run: Run, lib: Session, root: Path) -> None:
    result = run("persist", input=b"\xff\xfe\x00binary", binary=True)
    assert result.returncode != 0
    assert result.stderr.decode().startswith(ERROR_PREFIX) and len(result.stderr.splitlines()) == 1
    assert b"Traceback" not in result.stdout + result.stderr
    assert lib.all_results() == []
    assert stored_files(root) == []


def test_persist_too_large(run: Run, lib: Session, root: Path, tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_text("x" * 100 + "\n" * 2000)

    line = assert_one_line_error(run("--max-result-bytes", "1K", "persist", str(path)))

    assert "1,024-byte limit" in line
    assert lib.all_results() == []
    assert stored_files(root) == []


def assert_stored_or_cleanly_refused(result: Proc, lib: Session, root: Path) -> None:
    """Either outcome is fine for odd metadata; a traceback or half-written files are not."""
    if result.returncode == 0:
        handle = handle_in(result.stdout)
        assert full_text(lib, handle) == "content\n"
    else:
        assert_one_line_error(result)
        assert stored_files(root) == []


@REAL_PROCESS
def test_persist_label_with_non_utf8_bytes(run: Run, lib: Session, root: Path) -> None:
    # What `--label $'\xff'` in a shell gives Python: a lone surrogate in sys.argv.
    assert_stored_or_cleanly_refused(run("persist", "--label", "bad\udcff", input="content\n"), lib, root)


@REAL_PROCESS
def test_persist_file_with_non_utf8_name(run: Run, lib: Session, root: Path, tmp_path: Path) -> None:
    path = tmp_path / "name\udcff.txt"  # the file name is the bytes b"name\xff.txt"
    try:
        path.write_bytes(b"content\n")
    except (OSError, UnicodeError):
        pytest.skip("this file system does not accept non-UTF-8 file names")
    assert_stored_or_cleanly_refused(run("persist", str(path)), lib, root)


def test_persist_at_the_limit_is_accepted(run: Run, lib: Session, tmp_path: Path) -> None:
    path = tmp_path / "exact.txt"
    path.write_bytes(b"y" * 1023 + b"\n")
    handle = handle_in(ok(run("--max-result-bytes", "1K", "persist", str(path))))
    assert full_text(lib, handle).encode() == path.read_bytes()
