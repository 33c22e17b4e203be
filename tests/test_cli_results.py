"""The command line's persist, results, sessions and show, as a user runs them and checked through the library:
what is stored comes back byte for byte, and what is listed is what the store holds. The tests about what crosses
the process boundary take a real process in the fast part too."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from cli_fixtures import REAL_PROCESS, SESSION, TRICKY, Run, full_text, handle_in, ok

from mcp_context import Session

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
