"""The command line's read: numbered pages and their hints, raw pages reproducing the exact bytes (escape codes, CRLF,
no final newline), grep with context, and JSON results."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from cli_fixtures import REAL_PROCESS, TRICKY, Run, ok
from conftest import realistic_text

from mcp_context import Session

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
