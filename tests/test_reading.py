"""Reading back: pages by line and character, grep, previews; every byte exactly once, every page bounded."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcp_context import InvalidArgument, Session, UnknownHandle
from mcp_context.config import Limits
from mcp_context.storage.index import SEGMENT_BYTES


def page_through(session: Session, handle: str, **fixed: int) -> list[str]:
    """Follow ``next`` cursors from the start to the end, as an agent would."""
    cursor: dict[str, int] = {}
    pages: list[str] = []
    for _ in range(100_000):
        read = session.read_persisted(handle, **cursor, **fixed)
        assert read.page is not None
        pages.append(read.page.text)
        if read.next is None:
            return pages
        cursor = dict(read.next)
        if "offset" in cursor and "max_chars" not in fixed:
            cursor = {"offset": cursor["offset"]}
    raise AssertionError("paging did not finish")


@pytest.mark.slow
def test_multi_megabyte_real_text_pages_back_byte_identical(session: Session, realistic: Callable[[int], str]) -> None:
    text = realistic(3 * 1024 * 1024)
    handle = session.persist_result(text, label="stdlib sources").meta.handle
    by_lines = page_through(session, handle)
    assert "".join(by_lines) == text
    assert len(by_lines) > 10
    by_chars = page_through(session, handle, max_chars=50_000)
    assert "".join(by_chars) == text
    assert all(len(p) <= 50_000 for p in by_chars)


def test_pages_stay_under_the_token_budget(session: Session, realistic: Callable[[int], str]) -> None:
    text = realistic(1024 * 1024)
    handle = session.persist_result(text).meta.handle
    for budget in (50, 700, 4000):
        read = session.read_persisted(handle, start_line=1000, max_tokens=budget)
        assert read.page is not None and 0 < read.page.tokens <= budget


def test_line_numbers_and_offsets_are_real(session: Session) -> None:
    text = "".join(f"row {i} ü\n" for i in range(1, 20001))
    handle = session.persist_result(text).meta.handle
    page = session.read_persisted(handle, start_line=12345, max_lines=3).page
    assert page is not None
    assert page.text == "row 12345 ü\nrow 12346 ü\nrow 12347 ü\n"
    assert (page.first_line, page.last_line) == (12345, 12347)
    assert text[page.start_offset : page.end_offset] == page.text
    assert page.next == {"start_line": 12348}
    assert page.numbered().splitlines()[0] == " 12345\trow 12345 ü"


def test_a_line_longer_than_a_page_is_split_and_resumes_by_offset(session: Session) -> None:
    text = "short\n" + "x" * (3 * SEGMENT_BYTES) + "\nend\n"
    handle = session.persist_result(text).meta.handle
    first = session.read_persisted(handle, max_tokens=300)
    assert first.page is not None and first.page.text == "short\n"  # whole lines while they fit
    assert first.next == {"start_line": 2}
    second = session.read_persisted(handle, start_line=2, max_tokens=300)
    assert second.page is not None and set(second.page.text) == {"x"} and second.page.tokens <= 300
    assert second.next == {"offset": second.page.end_offset}
    assert second.page.numbered().endswith("…")
    assert "".join(page_through(session, handle, max_tokens=2000)) == text


def test_page_by_characters_from_the_middle(session: Session) -> None:
    text = "αβγδε\n" * 1000
    handle = session.persist_result(text).meta.handle
    page = session.read_persisted(handle, offset=3001, max_chars=10).page
    assert page is not None and page.text == text[3001:3011]
    assert page.first_line == 3001 // 6 + 1
    assert page.starts_mid_line


def test_grep_regex_literal_context_and_resume(session: Session) -> None:
    lines = [f"line {i}" + (" ERROR disk full" if i % 1000 == 0 else "") for i in range(1, 5001)]
    handle = session.persist_result("\n".join(lines) + "\n").meta.handle
    found = session.read_persisted(handle, grep=r"ERROR \w+ full", context=1, max_matches=2).grep
    assert found is not None and found.mode == "regex"
    assert [(g.line, g.match) for g in found.lines] == [
        (999, False),
        (1000, True),
        (1001, False),
        (1999, False),
        (2000, True),
        (2001, False),
    ]
    assert found.next == {"start_line": 3000}
    rest = session.read_persisted(handle, grep=r"ERROR \w+ full", start_line=3000, context=0).grep
    assert rest is not None and [g.line for g in rest.lines] == [3000, 4000, 5000] and rest.next is None
    literal = session.read_persisted(handle, grep="full (", context=0).grep
    assert literal is not None and literal.mode == "literal" and literal.matches == 0


def test_grep_on_a_huge_line_shows_a_window(session: Session) -> None:
    text = "a" * 100_000 + "NEEDLE" + "b" * 100_000 + "\n"
    handle = session.persist_result(text).meta.handle
    found = session.read_persisted(handle, grep="NEEDLE").grep
    assert found is not None and found.matches == 1
    hit = found.lines[0]
    assert hit.cut and "NEEDLE" in hit.text and len(hit.text) < 1000


def test_preview_has_head_tail_and_real_line_numbers(session: Session) -> None:
    text = "".join(f"entry {i}\n" for i in range(1, 100_001))
    stored = session.persist_result(text)
    preview = stored.preview
    assert not preview.complete
    rendered = preview.render()
    assert len(rendered) <= 2_200
    assert rendered.splitlines()[0] == "     1\tentry 1"
    assert rendered.splitlines()[-1] == "100000\tentry 100000"
    short = session.persist_result("just this\n").preview
    assert short.complete and short.render() == "     1\tjust this"


@pytest.mark.parametrize("redact", [True, False])
def test_a_stored_result_keeps_no_copy_of_its_text_for_its_preview(session: Session, redact: bool) -> None:
    """The preview is made when asked for, from the stored text: an answer kept (as compaction's memo of its
    archives' pieces keeps them) holds no reference to the text it stored, redacted or not."""
    session.store.redact = redact
    text = "".join(f"line {i} of a log\n" for i in range(2_000)) + str(redact)
    references = sys.getrefcount(text)
    stored, again = session.persist_result(text), session.persist_result(text, _redacted=True)
    assert sys.getrefcount(text) == references
    assert stored.preview.render() == again.preview.render() and stored.preview.head_lines > 10


@pytest.mark.parametrize("lines", [1, 2])
def test_preview_of_lines_longer_than_a_block_counts_whole_lines_and_reads_on(session: Session, lines: int) -> None:
    """Minified JSON is one huge line: the preview says how much of that line is left, shows how it ends, and
    its read-more call continues right after what it showed (a next line may not exist)."""
    text = "\n".join(f'{{"row": {k}, "data": [' + ",".join(str(i) for i in range(60_000)) + "]}" for k in range(lines))
    stored = session.persist_result(text)
    preview, width = stored.preview, len(text) // lines
    rendered = preview.render()
    assert f"… [+{width - 240:,} chars]" in rendered.splitlines()[0]
    assert f"({len(text) - 480:,} characters not shown)" in rendered and "lines 2-" not in rendered
    assert rendered.endswith(text[-240:]) and len(rendered) <= 2_200
    assert preview.more == {"offset": 240}
    page = session.read_persisted(stored.meta.handle, **preview.more).page
    assert page is not None and text[240:].startswith(page.text) and page.text


def test_a_result_deleted_by_another_process_is_gone_for_a_session_that_read_it(session: Session) -> None:
    """A Session keeps what it read of a result (it never changes), but never serves a deleted one."""
    stored = session.persist_result("line one\nline two\n" * 50)
    assert session.read_persisted(stored.meta.handle, max_lines=2).page is not None
    other = Session(root=session.store.root, session="someone-else", env={})
    other.delete_session(session.id)
    with pytest.raises(UnknownHandle):
        session.read_persisted(stored.meta.handle, max_lines=2)
    again = session.persist_result("line one\nline two\n" * 50)  # stored anew, read anew
    assert again.created and session.read_persisted(again.meta.handle, max_lines=2).page is not None


def test_bad_read_arguments_are_clear_errors(session: Session) -> None:
    handle = session.persist_result("a\nb\n").meta.handle
    for kwargs, message in [
        ({"start_line": 1, "offset": 0}, "not both"),
        ({"start_line": 0}, r"start_line must be an integer >= 1 \(got 0\)"),
        ({"start_line": 10}, "past the end"),
        ({"offset": 99}, "past the end"),
        ({"grep": ""}, "non-empty"),
        ({"grep": "a", "max_chars": 3}, "start_line only"),
        ({"context": 3}, "grep only"),
        ({"max_lines": 0}, r"max_lines must be an integer >= 1 \(got 0\)"),
    ]:
        with pytest.raises(InvalidArgument, match=message):
            session.read_persisted(handle, **kwargs)  # type: ignore[arg-type]


def test_oversized_budget_is_lowered_with_a_note(session: Session) -> None:
    handle = session.persist_result("x\n").meta.handle
    read = session.read_persisted(handle, max_tokens=1_000_000)
    assert read.notes and "9,000" in read.notes[0]


def test_empty_text(session: Session) -> None:
    stored = session.persist_result("")
    assert (stored.meta.chars, stored.meta.lines) == (0, 0)
    read = session.read_persisted(stored.meta.handle)
    assert read.page is not None and read.page.text == "" and read.next is None


texts = st.text(alphabet=st.sampled_from(list("ab \n\r\t") + ["é", "日", "😀", "\u2028", "\x0b"]), max_size=3000)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=texts, lines=st.integers(1, 40), budget=st.integers(20, 400), chars=st.integers(1, 500))
def test_paging_returns_every_character_once(tmp_path: Path, text: str, lines: int, budget: int, chars: int) -> None:
    session = Session(root=tmp_path / "p", session="prop", env={}, limits=Limits(page_lines=lines))
    handle = session.persist_result(text).meta.handle
    assert "".join(page_through(session, handle, max_tokens=budget)) == text
    assert "".join(page_through(session, handle, max_chars=chars)) == text
    meta = session.info(handle)
    assert meta.chars == len(text)
    assert meta.lines == text.count("\n") + (0 if text == "" or text.endswith("\n") else 1)
    whole_lines = text.split("\n")
    for line in range(1, meta.lines + 1):
        page = session.read_persisted(handle, start_line=line, max_lines=1).page
        assert page is not None
        expected = whole_lines[line - 1] + ("\n" if line <= text.count("\n") else "")
        assert page.text == expected and page.first_line == line


@pytest.mark.parametrize(
    ("text", "max_lines"),
    [
        ("é" * 30_000 + "\n" + "ab\n" * 20 + "x" * 5_000 + "\n", 400),  # every line left, past 64 KiB of bytes
        ("é" * 40_000 + "\n" + "x" * 30_000 + "\n", 400),  # every line left, but over the one-count size
        ("ab\n" * 10 + "no newline at the end", 400),  # ends inside a line: walked line by line
        ("🚀" * 17_000 + "\n" + "short\n" * 600, 300),  # the lines start after a long first one
    ],
)
def test_a_page_of_whole_lines_found_on_the_raw_bytes_stops_where_the_lines_do(
    session: Session, text: str, max_lines: int
) -> None:
    """Whether a page is whole lines within the one-count size is decided on bytes, before decoding: multi-byte
    characters near the size limit, the end of the text with or without a newline."""
    handle = session.persist_result(text).meta.handle
    for start in (1, 2):
        page = session.read_persisted(handle, start_line=start, max_lines=max_lines, max_tokens=9_000).page
        assert page is not None and page.first_line == start
        assert text[page.start_offset : page.end_offset] == page.text
        assert page.text.endswith("\n") or page.end_offset == len(text) or page.last_line == page.first_line
        assert page.last_line - page.first_line < max_lines
    assert "".join(page_through(session, handle, max_lines=max_lines)) == text


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    text=st.lists(
        st.lists(st.sampled_from([*"ab Z9:-", "é", "日", "😀", "sk", "  ", "0x1f"]), max_size=60).map("".join),
        min_size=1,
        max_size=80,
    ).map("\n".join),
    at=st.integers(min_value=0),
    chars=st.integers(1, 800),
    budget=st.integers(20, 600),
    piece=st.sampled_from([16, 100, 64 * 1024]),
)
def test_a_page_by_characters_counted_once_is_the_page_the_walk_finds(
    tmp_path: Path, text: str, at: int, chars: int, budget: int, piece: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page by characters is counted once when its count leaves room for what the walk's piece by piece counts
    add: the same text and count as walking it (long lines in pieces of any size)."""
    from mcp_context.results import fitting, reading

    monkeypatch.setattr(fitting, "WALK_PIECE_CHARS", piece)
    monkeypatch.setattr(reading, "WALK_PIECE_CHARS", piece)
    session = Session(root=tmp_path / "c", session="chars", env={})
    handle = session.persist_result(text or "x").meta.handle
    offset = at % (len(text) + 1)
    quick = session.read_persisted(handle, offset=offset, max_chars=chars, max_tokens=budget).page
    with monkeypatch.context() as walking:
        walking.setattr(reading, "quick_page", lambda *args: None)
        walked = Session(root=tmp_path / "c", session="chars", env={})
        walk = walked.read_persisted(handle, offset=offset, max_chars=chars, max_tokens=budget).page
    assert quick is not None and walk is not None
    assert (quick.text, quick.tokens, quick.end_offset) == (walk.text, walk.tokens, walk.end_offset)
