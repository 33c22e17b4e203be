"""The command line as a user runs it, checked through the library.

Every command here runs `python -m mcp_context ...` against an isolated store root (MCP_CONTEXT_HOME from the
`server_env` fixture), and what it stored or removed is then looked at with `mcp_context.Session`, so the CLI's
output and the store's contents are both under test. Each test runs its commands in this process and, in the
full suite, each in a real process of its own (the `cli_way` fixture); the tests about what crosses the process
boundary (bytes on stdin and stdout, a question answered on stdin, argv) take the real process in the fast part
too, one at least for each command.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_run import SERVE, run_cli
from conftest import realistic_text

from mcp_context import Session, UnknownHandle

SESSION = "cli-test"
HANDLE_RE = re.compile(r"\br_[0-9a-f]{16}\b")
ERROR_PREFIX = "mcp-context: error:"

Proc = subprocess.CompletedProcess[Any]
Run = Callable[..., Proc]


# helpers ---------------------------------------------------------------------------------------------------


@pytest.fixture
def cli_env(server_env: dict[str, str]) -> dict[str, str]:
    """The server env plus a fixed default session, so separate CLI runs land in the same session."""
    return {**server_env, "MCP_CONTEXT_SESSION": SESSION}


@pytest.fixture
def run(cli_env: dict[str, str], cli_way: str) -> Run:
    """run(*args, input=None, binary=False): one CLI invocation; stdout/stderr are str, or bytes if binary."""

    def run(
        *args: str, input: str | bytes | None = None, binary: bool = False, env: dict[str, str] | None = None
    ) -> Proc:
        return run_cli(list(args), env=cli_env if env is None else env, input=input, text=not binary, way=cli_way)

    return run


#: For a test about the process boundary: its commands run as real processes in the fast part too.
REAL_PROCESS = pytest.mark.parametrize("cli_way", ["subprocess"])


@pytest.fixture
def lib(root: Path) -> Session:
    """The library's view of the session the CLI writes to."""
    return Session(root=root, session=SESSION, env={})


def ok(result: Proc) -> Any:
    """The stdout (str, or bytes for a binary run) of a run that must have succeeded without a traceback.

    Only stderr is searched for a traceback: pages of Python sources may well contain the word.
    """
    assert result.returncode == 0, f"exit {result.returncode}\nstdout: {result.stdout}\nstderr: {result.stderr}"
    assert (b"Traceback" if isinstance(result.stderr, bytes) else "Traceback") not in result.stderr
    return result.stdout


def assert_one_line_error(result: Proc) -> str:
    """A refused command: non-zero exit, exactly one stderr line with the error prefix, no traceback."""
    assert result.returncode != 0, f"unexpectedly succeeded:\n{result.stdout}"
    assert "Traceback" not in result.stdout + result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, f"expected one line on stderr, got {lines!r}"
    line: str = lines[0]
    assert line.startswith(ERROR_PREFIX), line
    return line


def handle_in(output: str) -> str:
    found: set[str] = set(HANDLE_RE.findall(output))
    assert len(found) == 1, f"expected one handle in output, found {found}:\n{output}"
    return found.pop()


def full_text(session: Session, handle: str) -> str:
    return "".join(session.iter_text(handle))


def stored_files(root: Path) -> list[Path]:
    """Every file under the store root, temporary debris included."""
    return sorted(p for p in root.rglob("*") if p.is_file()) if root.exists() else []


# Unicode, CRLF, a tab, an empty line and no final newline: what must survive byte for byte.
TRICKY = "héllo wörld ✓\r\nsecond\tline\n\nlast line, no newline"


# persist -----------------------------------------------------------------------------------------------------


def test_persist_file_is_found_by_the_library_byte_identical(run: Run, lib: Session, tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(TRICKY.encode())

    out = ok(run("persist", str(path)))

    handle = handle_in(out)
    assert out.startswith("Stored 'notes.txt' as handle ")
    assert f"in session {SESSION}" in out
    meta = lib.info(handle)
    assert meta.session == SESSION
    assert meta.label == "notes.txt"
    assert meta.source == str(path.absolute())
    assert full_text(lib, handle).encode() == path.read_bytes()
    assert [m.handle for m in lib.results()] == [handle]


def test_persist_a_file_whose_name_is_not_utf8_labels_it_readably(run: Run, lib: Session, tmp_path: Path) -> None:
    """A name in another encoding is no reason to refuse the file: its odd bytes show as U+FFFD."""
    path = Path(os.fsdecode(bytes(tmp_path) + b"/caf\xe9-\xff.log"))
    path.write_bytes(b"hello\n")
    handle = handle_in(ok(run("persist", str(path))))
    meta = lib.info(handle)
    assert meta.label == "caf\ufffd-\ufffd.log" and meta.source is not None and meta.source.endswith("\ufffd.log")
    assert full_text(lib, handle) == "hello\n"


@REAL_PROCESS
def test_persist_stdin_with_label(run: Run, lib: Session) -> None:
    data = TRICKY.encode()

    out = ok(run("persist", "--label", "from a pipe", input=data, binary=True)).decode()

    handle = handle_in(out)
    assert "'from a pipe'" in out
    meta = lib.info(handle)
    assert meta.label == "from a pipe"
    assert meta.source is None
    assert full_text(lib, handle).encode() == data


def test_persist_twice_gives_same_handle_and_says_already_stored(run: Run, lib: Session, tmp_path: Path) -> None:
    path = tmp_path / "same.txt"
    path.write_text("the same content\n")

    first = ok(run("persist", str(path)))
    second = ok(run("persist", str(path)))
    from_stdin = ok(run("persist", input="the same content\n"))

    assert "already stored" not in first.lower()
    assert "already stored" in second.splitlines()[0].lower()
    assert "already stored" in from_stdin.splitlines()[0].lower()
    assert handle_in(first) == handle_in(second) == handle_in(from_stdin)
    assert len(lib.results()) == 1


def test_persist_json(run: Run, lib: Session) -> None:
    info = json.loads(ok(run("persist", "--json", "--label", "j", input="one\ntwo\n")))

    assert info["stored"] is True
    assert info["label"] == "j"
    assert info["lines"] == 2
    assert info["uri"] == lib.info(info["handle"]).uri
    assert json.loads(ok(run("persist", "--json", input="one\ntwo\n")))["stored"] is False


# listing and showing -------------------------------------------------------------------------------------------


@pytest.fixture
def two_sessions(root: Path, lib: Session) -> tuple[str, str]:
    """One result in the CLI's session, one in another; returns their handles."""
    mine = lib.persist_result("mine\n", label="my result").meta.handle
    other = Session(root=root, session="other-session", env={}).persist_result("theirs\n", label="x").meta.handle
    return mine, other


def test_results_table_lists_the_session_only(run: Run, two_sessions: tuple[str, str]) -> None:
    mine, other = two_sessions

    lines = ok(run("results")).splitlines()

    assert lines[0].split()[0] == "HANDLE"
    assert "SESSION" in lines[0] and "LABEL" in lines[0]
    assert any(line.startswith(mine) and "my result" in line for line in lines)
    assert other not in "\n".join(lines)


def test_results_all_lists_every_session(run: Run, two_sessions: tuple[str, str]) -> None:
    mine, other = two_sessions

    out = ok(run("results", "--all"))

    assert out.splitlines()[0].startswith("HANDLE")
    assert mine in out and other in out
    assert "other-session" in out


@REAL_PROCESS
def test_results_json(run: Run, lib: Session, two_sessions: tuple[str, str]) -> None:
    mine, other = two_sessions

    only = json.loads(ok(run("results", "--json")))
    every = json.loads(ok(run("results", "--all", "--json")))

    assert [r["handle"] for r in only] == [mine]
    assert only[0]["uri"] == lib.info(mine).uri
    assert only[0]["label"] == "my result"
    assert {r["handle"] for r in every} == {mine, other}


def test_results_empty_session(run: Run) -> None:
    assert "no results in session" in ok(run("results"))
    assert ok(run("results", "--json")).strip() == "[]"


def test_results_on_an_empty_store_names_no_invented_session(run: Run, cli_env: dict[str, str]) -> None:
    fresh = {k: v for k, v in cli_env.items() if k != "MCP_CONTEXT_SESSION"}
    said = ok(run("results", env=fresh))
    assert said.startswith("nothing stored in ") and "session" not in said


@REAL_PROCESS
def test_sessions_table_and_json(run: Run, two_sessions: tuple[str, str]) -> None:
    lines = ok(run("sessions")).splitlines()
    assert lines[0].split() == ["SESSION", "RESULTS", "SIZE", "UPDATED"]
    assert sorted(line.split()[0] for line in lines[1:]) == sorted([SESSION, "other-session"])

    infos = json.loads(ok(run("sessions", "--json")))
    assert {i["session"]: i["results"] for i in infos} == {SESSION: 1, "other-session": 1}
    assert all(i["bytes"] > 0 for i in infos)


def test_sessions_when_store_is_empty(run: Run) -> None:
    assert ok(run("sessions")).strip() == "no sessions yet"
    assert json.loads(ok(run("sessions", "--json"))) == []


def test_show_metadata_and_preview(run: Run, lib: Session) -> None:
    meta = lib.persist_result("first line\nsecond line\n", label="shown").meta

    out = ok(run("show", meta.handle))

    assert re.search(rf"^\s*handle: {meta.handle}$", out, re.M)
    assert re.search(rf"^\s*session: {SESSION}$", out, re.M)
    assert re.search(r"^\s*label: shown$", out, re.M)
    assert meta.uri in out
    assert "     1\tfirst line" in out and "     2\tsecond line" in out


@REAL_PROCESS
def test_show_json(run: Run, lib: Session) -> None:
    meta = lib.persist_result("x\n", label="shown").meta

    info = json.loads(ok(run("show", "--json", meta.handle)))

    assert info["handle"] == meta.handle
    assert info["uri"] == meta.uri
    assert info["lines"] == 1 and info["bytes"] == 2
    assert info["label"] == "shown"


def test_show_finds_a_handle_of_another_session(run: Run, two_sessions: tuple[str, str]) -> None:
    _, other = two_sessions
    assert json.loads(ok(run("show", "--json", other)))["session"] == "other-session"


# read ----------------------------------------------------------------------------------------------------------


@pytest.fixture
def big(lib: Session) -> tuple[str, str]:
    """A multi-page result (real Python sources, ~10k lines): (handle, text)."""
    text = realistic_text(300_000)
    return lib.persist_result(text, label="stdlib").meta.handle, text


def expected_line(text: str, number: int) -> str:
    return text.split("\n")[number - 1]


def test_read_numbered_lines_and_next_page_hint(run: Run, big: tuple[str, str]) -> None:
    handle, text = big

    out = ok(run("read", handle, "--max-lines", "5"))

    lines = out.splitlines()
    assert lines[0].startswith(f"{handle}: lines 1-5 of ")
    expected = text.split("\n")[:5]
    assert lines[1:6] == [f"{n:>6}\t{line}" for n, line in enumerate(expected, 1)]
    hint = lines[-1].removeprefix("Next page: ")
    assert hint.startswith("mcp-context ") and hint.endswith(f"read {handle} --start-line 6 --max-lines 5")
    following = ok(run(*shlex.split(hint)[1:]))  # the hint runs as printed in a shell
    assert following.splitlines()[1] == f"{6:>6}\t{expected_line(text, 6)}"


def test_read_default_page_has_next_hint(run: Run, big: tuple[str, str]) -> None:
    handle, _ = big
    out = ok(run("read", handle))
    assert re.search(rf"^Next page: mcp-context .*read {handle} --start-line \d+$", out.splitlines()[-1])


def test_read_small_result_says_end(run: Run, lib: Session) -> None:
    handle = lib.persist_result("only\n").meta.handle
    out = ok(run("read", handle))
    assert "     1\tonly" in out
    assert out.splitlines()[-1] == "End of result: nothing more to read."


def test_read_raw_pages_reproduce_exact_bytes(run: Run, big: tuple[str, str]) -> None:
    handle, text = big
    pieces: list[bytes] = []
    start = 1
    while True:
        out = ok(run("read", handle, "--raw", "--start-line", str(start), "--max-lines", "1500", binary=True))
        if not out:
            break
        pieces.append(out)
        assert out.endswith(b"\n")  # pages by lines keep lines whole
        start += out.count(b"\n")
        if start > text.count("\n"):
            break
        assert len(pieces) < 100, "paging does not advance"
    assert len(pieces) > 2, "the text should span several pages"
    assert b"".join(pieces) == text.encode()


def test_read_raw_keeps_the_escape_codes_of_a_coloured_log(run: Run, lib: Session) -> None:
    log = "\x1b[31mFAILED\x1b[0m tests/test_x.py::test_one\n\x1b[32m1 passed\x1b[0m\n"
    handle = lib.persist_result(log).meta.handle
    assert ok(run("read", handle, "--raw", binary=True)) == log.encode()
    assert ok(run("read", handle, "--raw", "--grep", "FAILED", binary=True)) == log.splitlines(True)[0].encode()


def test_a_root_that_is_a_file_or_a_hand_edited_metadata_file_is_one_line(
    run: Run, lib: Session, tmp_path: Path
) -> None:
    afile = tmp_path / "afile"
    afile.write_text("not a folder")
    for args in (("sessions",), ("results", "--all")):
        done = run("--root", str(afile), *args)
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert done.stderr.startswith("mcp-context: error: --root ") and done.stderr.count("\n") == 1
    stored = lib.persist_result("some text\n").meta
    path = lib.store.root / "sessions" / stored.session / "results" / f"{stored.handle}.json"
    path.write_text(json.dumps(json.loads(path.read_text()) | {"chars": "many"}))
    done = run("show", stored.handle)
    assert done.returncode == 1 and "Traceback" not in done.stderr and "chars is 'many'" in done.stderr


@REAL_PROCESS
def test_read_raw_keeps_crlf_and_missing_final_newline(run: Run, lib: Session) -> None:
    handle = lib.persist_result(TRICKY).meta.handle
    assert ok(run("read", handle, "--raw", binary=True)) == TRICKY.encode()


GREP_TEXT = "alpha\nbeta\nERROR one\ngamma\ndelta\nepsilon\nERROR two\nzeta\neta\n"


def test_read_grep_with_context(run: Run, lib: Session) -> None:
    handle = lib.persist_result(GREP_TEXT).meta.handle

    lines = ok(run("read", handle, "--grep", "ERROR", "--context", "1")).splitlines()

    assert "2 matching line(s)" in lines[0]
    assert lines[1:-1] == [
        "     2-\tbeta",
        "     3:\tERROR one",
        "     4-\tgamma",
        "--",
        "     6-\tepsilon",
        "     7:\tERROR two",
        "     8-\tzeta",
    ]
    assert lines[-1] == "No more matches."


def test_read_grep_more_matches_hint(run: Run, lib: Session) -> None:
    handle = lib.persist_result(GREP_TEXT).meta.handle
    out = ok(run("read", handle, "--grep", "ERROR", "--max-matches", "1", "--context", "0"))
    assert "     3:\tERROR one" in out and "ERROR two" not in out
    assert out.splitlines()[-1].endswith(f"read {handle} --grep ERROR --start-line 7 --context 0 --max-matches 1")
    assert out.splitlines()[-1].startswith("More matches: mcp-context ")


def test_read_json_structured_result(run: Run, big: tuple[str, str]) -> None:
    handle, text = big

    first = json.loads(ok(run("read", handle, "--json", "--max-lines", "10")))

    assert first["handle"] == handle
    assert first["mode"] == "lines"
    assert first["content"] == "".join(text.splitlines(keepends=True)[:10])
    assert (first["first_line"], first["last_line"]) == (1, 10)
    assert first["next_start_line"] == 11
    assert first["next_call"] == f"read_persisted(handle='{handle}', start_line=11, max_lines=10)"
    assert first["done"] is False
    assert first["total_lines"] == text.count("\n")

    last = json.loads(ok(run("read", handle, "--json", "--start-line", str(first["total_lines"]))))
    assert last["next_call"] is None and last["done"] is True


def test_read_json_grep(run: Run, lib: Session) -> None:
    handle = lib.persist_result(GREP_TEXT).meta.handle

    found = json.loads(ok(run("read", handle, "--json", "--grep", "ERROR", "--context", "0")))

    assert found["mode"] == "grep"
    assert found["match_count"] == 2
    assert [(m["line"], m["text"], m["match"]) for m in found["matches"]] == [
        (3, "ERROR one", True),
        (7, "ERROR two", True),
    ]
    assert found["next_call"] is None


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


# config --------------------------------------------------------------------------------------------------------


def json_block(output: str) -> dict[str, Any]:
    """The JSON object printed after the comment and command lines."""
    block: dict[str, Any] = json.loads(output[output.index("\n{") + 1 :])
    return block


@pytest.mark.parametrize("host", ["claude", "gemini"])
def test_config_prints_command_and_json(run: Run, server_env: dict[str, str], host: str) -> None:
    env = {k: v for k, v in server_env.items() if k != "MCP_CONTEXT_HOME"}

    out = ok(run("config", host, env=env))

    assert any(line.startswith(f"{host} mcp add ") for line in out.splitlines())
    entry = json_block(out)["mcpServers"]["mcp-context"]
    assert entry["args"][-1] == "serve"
    assert "env" not in entry
    assert "MCP_CONTEXT_HOME" not in out


@pytest.mark.parametrize("host", ["claude", "gemini"])
def test_config_with_root_sets_home(run: Run, tmp_path: Path, host: str) -> None:
    where = tmp_path / "elsewhere"

    out = ok(run("--root", str(where), "config", host, "--name", "ctx"))

    add = next(line for line in out.splitlines() if line.startswith(f"{host} mcp add "))
    assert f"-e MCP_CONTEXT_HOME={where}" in add
    limited = ok(run("--root", str(where), "--max-result-bytes", "256M", "config", host))
    assert json_block(limited)["mcpServers"]["mcp-context"]["args"][-3:] == ["--max-result-bytes", "268435456", "serve"]
    assert " ctx " in add
    if host == "claude":  # Claude Code's -e takes several values: the name must come before it
        assert add.startswith(f"claude mcp add --scope user ctx -e MCP_CONTEXT_HOME={where} -- ")
    entry = json_block(out)["mcpServers"]["ctx"]
    assert entry["env"] == {"MCP_CONTEXT_HOME": str(where)}


@REAL_PROCESS
def test_config_command_actually_starts_the_cli(run: Run, cli_env: dict[str, str]) -> None:
    """The printed command, with `serve` swapped for `--version`, is a working mcp-context."""
    entry = json_block(ok(run("config", "claude")))["mcpServers"]["mcp-context"]
    command = [entry["command"], *entry["args"][:-1], "--version"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60, env=cli_env)
    assert "mcp-context" in ok(result)


def test_config_unknown_host(run: Run) -> None:
    assert_one_line_error(run("config", "vim"))


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


# serve, --version, --help ------------------------------------------------------------------------------------


@pytest.mark.slow
def test_serve_exits_cleanly_when_stdin_closes(cli_env: dict[str, str]) -> None:
    proc = subprocess.Popen(
        [*SERVE, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=cli_env
    )
    try:
        stdout, stderr = proc.communicate(input=b"", timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, stderr.decode()
    assert b"Traceback" not in stdout + stderr
    assert stdout == b""  # stdout belongs to the protocol: nothing else may be written there


@REAL_PROCESS
def test_version(run: Run) -> None:
    from mcp_context import __version__

    assert ok(run("--version")).strip() == f"mcp-context, version {__version__}"


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help(run: Run, flag: str) -> None:
    out = ok(run(flag))
    assert out.startswith("Usage: mcp-context ")
    for command in ("serve", "config", "sessions", "results", "show", "persist", "read", "delete-session", "cleanup"):
        assert re.search(rf"^\s+{command}\s", out, re.M), command


@pytest.mark.parametrize("command", ["serve", "persist", "read", "cleanup", "config"])
def test_command_help(run: Run, command: str) -> None:
    out = ok(run(command, "--help"))
    assert out.startswith(f"Usage: mcp-context {command} ")
    assert "Example:" in out


def test_commands_continue_the_latest_session_and_refuse_what_would_be_silent(tmp_path: Path, cli_way: str) -> None:
    """As a new user runs it: no --session, no MCP_CONTEXT_SESSION. persist then results shows the result; an
    empty input, a --root that is a file and a --keep larger than the target each get one line and exit non-zero."""
    env = {k: v for k, v in os.environ.items() if k not in ("MCP_CONTEXT_SESSION", "CLAUDE_CODE_SESSION_ID")}
    env["MCP_CONTEXT_HOME"] = str(tmp_path / "home")

    def cli(*args: str, input: str | None = None) -> Proc:
        return run_cli(list(args), env=env, input=input, way=cli_way)

    first = cli("persist", "--label", "first", input="one\n")
    assert first.returncode == 0, first.stderr
    assert cli("persist", "--label", "second", input="two\n").returncode == 0
    listed = cli("results")
    assert "first" in listed.stdout and "second" in listed.stdout, listed.stdout
    empty = cli("persist", input="")
    assert (
        empty.returncode == 2
        and empty.stderr == "mcp-context: error: the content is empty: there is nothing to store\n"
    )
    history = tmp_path / "h.json"
    history.write_text(json.dumps([{"role": "user", "content": "hi"}]))
    keep = cli("compact", str(history), "--target-tokens", "100", "--keep", "500")
    assert keep.returncode == 2 and keep.stderr.startswith("mcp-context: error: --keep (500 tokens) is larger than")
    (tmp_path / "file").write_text("x")
    assert cli("--root", str(tmp_path / "file"), "persist", input="x").returncode == 2


# API keys and --store ----------------------------------------------------------------------------------------


def test_keys_create_list_revoke(run: Run, root: Path) -> None:
    """The key is the last line of `keys create` and appears nowhere after: only its hash is stored, listings
    show ids; a revoked key is marked; an unknown or malformed id is one line."""
    made = run("keys", "create", "--tenant", "team-a", "--scope", "ctx:read")
    key = ok(made).splitlines()[-1]
    assert re.fullmatch(r"mcx_[0-9a-f]{12}_[A-Za-z0-9_-]{43}", key)
    assert "team-a" in made.stderr and key not in made.stderr
    key_id = key[4:16]
    stored = (root / "keys.json").read_text()
    assert key not in stored and key.split("_", 2)[2] not in stored
    listed = ok(run("keys", "list"))
    assert key_id in listed and "team-a" in listed and "ctx:read" in listed and key.split("_", 2)[2] not in listed
    doc = json.loads(ok(run("keys", "list", "--json")))
    assert doc == [
        {"key_id": key_id, "tenant": "team-a", "scopes": ["ctx:read"], "created": doc[0]["created"], "revoked": None}
    ]
    assert ok(run("keys", "revoke", key_id)).strip() == f"revoked key {key_id}"
    assert json.loads(ok(run("keys", "list", "--json")))[0]["revoked"] is not None
    assert "no key 0123456789ab" in assert_one_line_error(run("keys", "revoke", "0123456789ab"))
    assert "invalid key id" in assert_one_line_error(run("keys", "revoke", "nope"))
    assert "invalid tenant" in assert_one_line_error(run("keys", "create", "--tenant", "../x"))


def test_store_option_and_env_reach_every_session(run: Run, cli_env: dict[str, str]) -> None:
    """--store (or MCP_CONTEXT_STORE) names the store of every command, keys included; a URL that is not
    PostgreSQL is one line."""
    assert "must be a postgresql:// URL" in assert_one_line_error(run("--store", "mysql://h/db", "results"))
    env = {**cli_env, "MCP_CONTEXT_STORE": "mysql://h/db"}
    assert "must be a postgresql:// URL" in assert_one_line_error(run("results", env=env))
    assert "must be a postgresql:// URL" in assert_one_line_error(run("--store", "sqlite:///x", "keys", "list"))
