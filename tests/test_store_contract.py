"""The store's contract for texts, run unchanged against every backend (store_backends.py): byte-equal texts,
content-derived handles, dedupe, limits, metadata and listing order, deletes, and what a Session stores there.

A few existing tests that reach the store only through a Session run here too, on both backends: this module's
``session`` fixture overrides conftest's for the tests imported below."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from loop_faces import call
from store_backends import (
    LIMIT,
    Backend,
    MiB,
    content,
    each_backend,  # noqa: F401  (the store_kind fixture: the file store, then PostgreSQL)
)
from test_check_loop_api import test_dry_run_answers_without_saving  # noqa: F401
from test_reading import (  # noqa: F401
    page_through,
    test_bad_read_arguments_are_clear_errors,
    test_empty_text,
    test_grep_regex_literal_context_and_resume,
    test_line_numbers_and_offsets_are_real,
    test_page_by_characters_from_the_middle,
    test_preview_has_head_tail_and_real_line_numbers,
)
from test_search import (  # noqa: F401
    test_cleanup_reindex_rebuilds_the_index,
    test_grep_narrowed_by_the_index_answers_as_a_full_scan,
    test_results_stored_before_the_index_are_found_on_the_first_search,
    test_search_names_the_results_that_match_with_lines_and_snippets,
)

from mcp_context import Session
from mcp_context.errors import StoreError, TooLarge, UnknownHandle
from mcp_context.storage.files import FileStore
from mcp_context.tokens.count import TokenCount, TokenCounter


@pytest.fixture
def session(store_kind: Backend) -> Session:
    """Overrides conftest's: the tests imported above run on each backend."""
    return store_kind.session("test-session")


# texts ----------------------------------------------------------------------------------------------------------

TEXTS = {
    "nul": "a\0b\0\0c\n",
    "lone-cr": "one\rtwo\r\rthree",
    "crlf": "one\r\ntwo\r\n\r\n",
    "u2028-u2029": "para\u2028line\u2029next\x0bvt\x0cff\x85nel\n",
    "emoji": "grin 😀 family 👨‍👩‍👧 flag 🇫🇷\n",
    "non-bmp": "𝄞 𐍈 𠜎 \U0010fffd end",
    "empty": "",
    "mixed": "é" * 100 + "\r\n\0\u2028😀" * 50,
    "across-chunks": "é" * (MiB // 2 + 3) + "😀" * (MiB // 4 + 1) + "\n",  # characters cut by chunk edges
}


@pytest.mark.slow
@pytest.mark.parametrize("name", list(TEXTS))
def test_texts_round_trip_byte_equal(store_kind: Backend, name: str) -> None:
    text = TEXTS[name]
    s = store_kind.session()
    stored = s.persist_result(text, label=name)
    assert content(s.store, s.id, stored.meta.handle) == text.encode("utf-8")
    assert "".join(s.iter_text(stored.meta.handle)) == text
    assert "".join(page_through(s, stored.meta.handle)) == text
    assert (stored.meta.bytes, stored.meta.chars) == (len(text.encode()), len(text))
    streamed = s.persist_file(io.BytesIO(text.encode()), label=name)
    assert streamed.meta.handle == stored.meta.handle and not streamed.created


@pytest.mark.slow
def test_a_32_mb_text_pages_and_greps(store_kind: Backend) -> None:
    line = "line {:07d} of the big text: ü€😀 and some padding to make it longer\n"
    text = "".join(line.format(i) for i in range(32 * MiB // len(line.format(0).encode()) + 1))
    s = store_kind.session()
    handle = s.persist_result(text, label="big").meta.handle
    meta = s.info(handle)
    assert meta.bytes == len(text.encode()) > 32 * MiB and meta.lines == text.count("\n")
    page = s.read_persisted(handle, start_line=300_000, max_lines=3).page
    assert page is not None and page.text == "".join(line.format(i) for i in range(299_999, 300_002))
    found = s.read_persisted(handle, grep="line 0399999 of", context=0)
    assert found.grep is not None and [g.line for g in found.grep.lines if g.match] == [400_000]
    last = s.read_persisted(handle, offset=meta.chars - 10).page
    assert last is not None and last.text == text[-10:]
    with s.store.open_content(s.id, handle) as f:
        f.seek(20 * MiB - 3)
        assert f.read(7) == text.encode()[20 * MiB - 3 : 20 * MiB + 4]


def test_persist_file_streams_and_matches_the_text_given_whole(store_kind: Backend, tmp_path: Path) -> None:
    text = "".join(f"{i} ü 😀\r\n" for i in range(300_000))  # several chunks, not a multiple of any
    path = tmp_path / "big.log"
    path.write_bytes(text.encode())
    s = store_kind.session()
    streamed = s.persist_file(path)
    assert streamed.created and streamed.meta.bytes == path.stat().st_size and streamed.meta.label == "big.log"
    assert content(s.store, s.id, streamed.meta.handle) == path.read_bytes()
    whole = s.persist_result(text)
    assert whole.meta.handle == streamed.meta.handle and not whole.created


def test_the_same_content_has_the_same_handle_on_every_backend(store_kind: Backend, tmp_path: Path) -> None:
    reference = FileStore(tmp_path / "reference", max_result_bytes=LIMIT)
    store = store_kind.store()
    for text in ["x", "line\n" * 1000, TEXTS["mixed"]]:
        for sid in ["s1", "other-session"]:
            ours, _ = store.put_text(sid, text, label=None, source=None)
            theirs, _ = reference.put_text(sid, text, label=None, source=None)
            assert ours.handle == theirs.handle
            assert (ours.bytes, ours.chars, ours.lines, ours.tokens) == (
                theirs.bytes,
                theirs.chars,
                theirs.lines,
                theirs.tokens,
            )


def test_dedupe_writes_nothing_the_second_time(store_kind: Backend) -> None:
    store = store_kind.store()
    first, created = store.put_text("s1", "same text\n", label="a", source="cmd")
    again, created_again = store.put_text("s1", "same text\n", label="b", source="other")
    streamed, created_streamed = store.put_stream("s1", [b"same ", b"text\n"], label="c", source=None)
    assert created and not created_again and not created_streamed
    assert again == first == streamed  # the first label and source stay
    assert [m.handle for m in store.list_results("s1")] == [first.handle]


def test_size_limit_and_bad_text_store_nothing(store_kind: Backend) -> None:
    store = store_kind.store(max_result_bytes=3 * MiB)
    with pytest.raises(TooLarge, match="3,145,728-byte limit"):
        store.put_text("s1", "x" * (3 * MiB + 1), label=None, source=None)
    with pytest.raises(TooLarge):
        store.put_stream("s1", iter([b"y" * MiB] * 4), label=None, source=None)
    with pytest.raises(StoreError, match="not UTF-8"):
        store.put_stream("s1", iter([b"ok" * MiB, b"\xff"]), label=None, source=None)
    with pytest.raises(StoreError, match="not valid text"):
        store.put_text("s1", "lone \ud800 surrogate", label=None, source=None)
    assert store.session_ids() == [] and store.list_results("s1") == []


def test_metadata_and_listing_order(store_kind: Backend) -> None:
    store = store_kind.store()
    metas = [store.put_text("s1", f"text {i}\n" * (i + 1), label=f"l{i}.json", source=f"src {i}")[0] for i in range(3)]
    assert metas[0].mime_type == "application/json" and metas[2].lines == 3 and metas[2].source == "src 2"
    assert store.list_results("s1") == sorted(metas, key=lambda m: (-m.created, m.handle))
    assert store.meta("s1", metas[1].handle) == metas[1]
    store.put_text("s0", "older session, newer result", label=None, source=None)
    store.write_state("s2", "loops", b'{"v": 1}')  # a session holding only a state
    assert store.session_ids() == ["s0", "s1", "s2"]
    listed = store.list_sessions()
    assert [i.session for i in listed][:2] == ["s2", "s0"] and listed[2].session == "s1"
    assert listed[2].results == 3 and listed[2].bytes == sum(m.bytes for m in metas)
    assert store.latest_session() == "s2"
    assert store.list_results("nothing-here") == []


def test_find_looks_in_the_sessions_given_in_order(store_kind: Backend) -> None:
    store = store_kind.store()
    meta, _ = store.put_text("s2", "only in s2", label=None, source=None)
    assert store.find(meta.handle, ["s1", "s2", "s3"]) == meta
    for sessions in (["s1", "s3"], []):
        with pytest.raises(UnknownHandle, match="nothing stored under it"):
            store.find(meta.handle, sessions)
    s = store_kind.session("s1")
    assert s.info(meta.handle) == meta  # a Session looks in its own session, then every other
    assert s.read_persisted(meta.handle).page.text == "only in s2"  # type: ignore[union-attr]


def test_delete_result_and_delete_session(store_kind: Backend) -> None:
    store = store_kind.store()
    kept, _ = store.put_text("s1", "kept\n", label=None, source=None)
    gone, _ = store.put_text("s1", "gone\n" * 1000, label=None, source=None)
    assert store.delete_result("s1", gone.handle) >= gone.bytes
    assert store.delete_result("s1", gone.handle) == 0
    with pytest.raises(UnknownHandle):
        store.meta("s1", gone.handle)
    with pytest.raises(UnknownHandle):
        store.open_content("s1", gone.handle)
    assert [m.handle for m in store.list_results("s1")] == [kept.handle]
    store.write_state("s1", "loops", b"{}")
    assert store.delete_session("s1") >= kept.bytes
    assert store.session_ids() == [] and store.read_state("s1", "loops") is None
    with pytest.raises(UnknownHandle):
        store.meta("s1", kept.handle)
    with pytest.raises(StoreError, match="no session 's1'"):
        store.delete_session("s1")
    assert store.remove_debris(0) == 0


# through a Session ------------------------------------------------------------------------------------------------


def _history(rounds: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"role": "user", "content": "Read every module and list the TODOs"}]
    for k in range(rounds):
        tool_call = {"id": f"c{k}", "type": "function", "function": {"name": "read_file", "arguments": "{}"}}
        out.append({"role": "assistant", "content": None, "tool_calls": [tool_call]})
        out.append({"role": "tool", "tool_call_id": f"c{k}", "content": f"# module {k}\n" + "x = 1\n" * 500})
    return out + [{"role": "assistant", "content": "Found 3 TODOs."}]


def test_compact_history_archives_read_back(store_kind: Backend) -> None:
    s = store_kind.session()
    messages = _history(40)
    result = s.compact_history(messages=messages, target_tokens=3_000, strategy="sliding_window")
    assert result.history is not None and result.archive is not None
    for stored in (result.history, result.archive):
        read = s.read_persisted(stored.handle, max_lines=2)
        assert read.page is not None and json.loads(read.page.text.splitlines()[0])
    again = store_kind.session().compact_history(messages=messages, target_tokens=3_000, strategy="sliding_window")
    assert again.history is not None and again.history.handle == result.history.handle
    assert s.store.read_state(s.id, "archives") is not None


def test_check_loop_state_survives_a_new_session(store_kind: Backend) -> None:
    first = store_kind.session("looping")
    for _ in range(4):
        assert first.check_loop(event=call(command="make test")).verdict.status == "ok"
    later = store_kind.session("looping", counter=TokenCounter())  # another process, as far as state goes
    assert later.check_loop(event=call(command="make test")).verdict.status == "warn"
    assert store_kind.session("elsewhere").check_loop(event=call(command="make test")).verdict.status == "ok"


def test_own_stores_keep_the_text_as_given_and_a_count_given(store_kind: Backend) -> None:
    """The library's own stores (compaction's, of texts it redacted already) say so: the text is stored as given,
    its label and source are still redacted, and a count given is kept unless the store changed the text."""
    store, token = store_kind.store(), "ghp_" + "a1B2" * 9
    given = TokenCounter().count("placeholder already\n")
    meta, created = store.put_text(
        "s1", "placeholder already\n", label=f"x {token}", source=token, redacted=True, tokens=given
    )
    assert created and token not in f"{meta.label}{meta.source}" and meta.tokens == given.tokens
    odd = TokenCount(given.tokens + 7, given.method)  # a figure the store would not reach itself
    kept, _ = store.put_text("s1", "another text\n", label=None, source=None, redacted=True, tokens=odd)
    assert kept.tokens == odd.tokens
    changed, _ = store.put_text("s1", f"key {token}\n", label=None, source=None, tokens=odd)  # redacted: recounted
    with store.open_content("s1", changed.handle) as f:
        text = f.read().decode()
    assert token not in text and changed.tokens == TokenCounter().count(text).tokens
    again, created_again = store.put_text("s1", "another text\n", label="b", source=None, redacted=True)
    assert again == kept and not created_again  # the dedupe stays
