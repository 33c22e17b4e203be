"""The store's contract, run unchanged against every backend: the file store on a fresh root, and PostgreSQL
(a real server started for the run, see pg_cluster.py) as a fresh tenant of a shared database. Whatever the
layers above rely on (byte-equal texts, content-derived handles, dedupe, listing order, states and their locks,
tenants that cannot see each other) is checked here once for both.

A few existing tests that reach the store only through a Session run here too, on both backends: this module's
``session`` fixture overrides conftest's for the tests imported below."""

from __future__ import annotations

import io
import json
import secrets
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from pg_cluster import fresh_database
from test_check_loop import call, test_dry_run_answers_without_saving  # noqa: F401
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
from mcp_context.limits import Limits
from mcp_context.storage.files import FileStore
from mcp_context.storage.keys import FileKeyStore, KeyStore, new_key, verify
from mcp_context.storage.opening import open_keys, open_store
from mcp_context.storage.protocol import Store
from mcp_context.tokens.count import TokenCount, TokenCounter

MiB = 1024 * 1024
LIMIT = Limits().max_result_bytes


@dataclass
class Backend:
    """One backend, fresh for one test: Sessions and Stores on it, per tenant."""

    kind: str
    root: Path  # the file store's root (a PostgreSQL backend writes nothing there)
    url: str | None  # the database, for PostgreSQL
    prefix: str  # makes this test's tenants its own on a shared database

    def tenant(self, name: str | None) -> str | None:
        if self.url is None:
            return name
        return f"{self.prefix}-{name or 'main'}"

    def session(self, sid: str = "s1", tenant: str | None = None, **options: Any) -> Session:
        return Session(root=self.root, session=sid, env={}, store=self.url, tenant=self.tenant(tenant), **options)

    def store(self, tenant: str | None = None, *, max_result_bytes: int = LIMIT, redact: bool = True) -> Store:
        return open_store(
            self.url,
            self.root,
            self.tenant(tenant),
            counter=TokenCounter(),
            max_result_bytes=max_result_bytes,
            redact=redact,
        )

    def keys(self, tmp: Path) -> KeyStore:
        return open_keys(fresh_database(self.url) if self.url else None, tmp)


@pytest.fixture(params=["file", pytest.param("postgres", marks=pytest.mark.slow)])
def store_kind(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Backend]:
    url = request.getfixturevalue("pg_url") if request.param == "postgres" else None
    yield Backend(request.param, tmp_path / "store", url, "t" + secrets.token_hex(5))


@pytest.fixture
def session(store_kind: Backend) -> Session:
    """Overrides conftest's: the tests imported above run on each backend."""
    return store_kind.session("test-session")


def content(store: Store, session: str, handle: str) -> bytes:
    with store.open_content(session, handle) as f:
        return f.read()


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


# states -----------------------------------------------------------------------------------------------------------


def test_states_read_write_and_lock(store_kind: Backend) -> None:
    store = store_kind.store()
    assert store.read_state("s1", "loops") is None and store.peek_state("s1", "loops") is None
    store.write_state("s1", "loops", b'{"n": 1}')
    assert store.read_state("s1", "loops") == store.peek_state("s1", "loops") == b'{"n": 1}'
    with store.state_lock("s1", "loops") as hold:
        assert hold.stored == b'{"n": 1}' and hold.previous_failure is None
        hold.save(b'{"n": 2}')
    assert store.read_state("s1", "loops") == b'{"n": 2}'
    with store.state_lock("s1", "loops") as hold:
        pass  # nothing saved: nothing changes
    with pytest.raises(RuntimeError), store.state_lock("s1", "loops") as hold:
        hold.save(b'{"n": 3}')
        raise RuntimeError("the holder failed")
    assert store.read_state("s1", "loops") == b'{"n": 2}'
    with store.state_lock("fresh", "archives") as hold:
        assert hold.stored is None
    with pytest.raises(ValueError):
        store.read_state("s1", "../bad")


def test_states_are_redacted_when_the_store_redacts(store_kind: Backend) -> None:
    key = "sk-ant-api03-" + "A" * 90
    store = store_kind.store()
    store.write_state("s1", "loops", json.dumps({"k": key}).encode())
    with store.state_lock("s1", "archives") as hold:
        hold.save(json.dumps({"k": key}).encode())
    for name in ("loops", "archives"):
        assert key not in (store.read_state("s1", name) or b"").decode()


def _increment(store: Store, times: int) -> None:
    for _ in range(times):
        with store.state_lock("s1", "counter") as hold:
            n = json.loads(hold.stored or b'{"n": 0}')["n"]
            hold.save(json.dumps({"n": n + 1}).encode())


def test_state_lock_is_exclusive_across_threads(store_kind: Backend) -> None:
    stores = [store_kind.store() for _ in range(4)]  # stores of one process share locks as one store's threads do
    threads = [threading.Thread(target=_increment, args=(stores[i % 4], 25)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert json.loads(stores[0].read_state("s1", "counter") or b"{}") == {"n": 200}


CHILD = r"""
import json, sys
from pathlib import Path
from mcp_context.storage.opening import open_store
from mcp_context.tokens.count import TokenCount, TokenCounter
url, root, tenant, times = sys.argv[1] or None, Path(sys.argv[2]), sys.argv[3] or None, int(sys.argv[4])
store = open_store(url, root, tenant, counter=TokenCounter(), max_result_bytes=1 << 20, redact=False)
print("ready", flush=True)
sys.stdin.readline()
for _ in range(times):
    with store.state_lock("s1", "counter") as hold:
        n = json.loads(hold.stored or b'{"n": 0}')["n"]
        hold.save(json.dumps({"n": n + 1}).encode())
meta, _ = store.put_text("s1", f"written by process {sys.argv[5]}\0\r\u2028😀\n", label=None, source=None)
print(meta.handle, flush=True)
"""


@pytest.mark.slow
def test_state_lock_is_exclusive_across_processes_and_their_results_read_back(store_kind: Backend) -> None:
    args = [store_kind.url or "", str(store_kind.root), store_kind.tenant(None) or "", "60"]
    children = [
        subprocess.Popen(
            [sys.executable, "-c", CHILD, *args, str(i)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        for i in range(2)
    ]
    for child in children:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    _increment(store_kind.store(), 60)
    store = store_kind.store()
    for i, child in enumerate(children):
        assert child.wait(timeout=120) == 0 and child.stdout is not None
        handle = child.stdout.readline().strip()  # a result another process (a replica) wrote reads back here
        assert content(store, "s1", handle) == f"written by process {i}\0\r\u2028😀\n".encode()
        for pipe in (child.stdin, child.stdout):
            assert pipe is not None
            pipe.close()
    assert json.loads(store_kind.store().read_state("s1", "counter") or b"{}") == {"n": 180}


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


# tenants ------------------------------------------------------------------------------------------------------------


def _error(action: Callable[[str], object], handle: str) -> tuple[type, str]:
    try:
        action(handle)
    except Exception as exc:  # noqa: BLE001 - the error itself is what is compared
        return type(exc), str(exc)
    raise AssertionError("no error")


def test_a_tenant_sees_nothing_of_another(store_kind: Backend) -> None:
    a, b = store_kind.session("shared-id", tenant="a"), store_kind.session("shared-id", tenant="b")
    handle = a.persist_result("tenant a's secret\n", label="a").meta.handle
    a.store.write_state("shared-id", "loops", b'{"a": 1}')
    missing = "r_" + "0" * 16
    assert b.store.session_ids() == [] and b.store.list_sessions() == [] and b.store.latest_session() is None
    assert b.store.list_results("shared-id") == [] and b.store.read_state("shared-id", "loops") is None
    for action in (
        lambda h: b.read_persisted(h),
        lambda h: b.info(h),
        lambda h: b.store.meta("shared-id", h),
        lambda h: b.store.find(h, ["shared-id"]),
        lambda h: b.store.open_content("shared-id", h),
    ):
        theirs, nothing = _error(action, handle), _error(action, missing)
        assert theirs[0] is nothing[0] is UnknownHandle
        assert theirs[1].replace(handle, missing) == nothing[1]
    assert b.store.delete_result("shared-id", handle) == 0
    with pytest.raises(StoreError, match="no session"):
        b.store.delete_session("shared-id")
    assert a.read_persisted(handle).page.text == "tenant a's secret\n"  # type: ignore[union-attr]
    assert a.store.read_state("shared-id", "loops") == b'{"a": 1}'
    assert a.store.root != b.store.root


# keys ---------------------------------------------------------------------------------------------------------------


def test_keys_add_get_all_revoke(store_kind: Backend, tmp_path: Path) -> None:
    keys = store_kind.keys(tmp_path / "keys")
    assert isinstance(keys, FileKeyStore) == (store_kind.kind == "file")
    assert keys.all() == [] and keys.get("0123456789ab") is None
    key, record = new_key("acme")
    other_key, other = new_key("beta", ("ctx:read",))
    keys.add(record)
    keys.add(other)
    assert keys.get(record.key_id) == record and keys.all() == [record, other]
    assert verify(keys, key) == record and verify(keys, other_key) == other and verify(keys, key[:-1] + "x") is None
    assert key not in json.dumps([r.to_dict() for r in keys.all()])
    assert keys.revoke(record.key_id) and not keys.revoke("ffffffffffff")
    revoked = keys.get(record.key_id)
    assert revoked is not None and revoked.revoked is not None and verify(keys, key) is None
    assert keys.revoke(record.key_id) and keys.get(record.key_id) == revoked  # revoked once, when first revoked


# PostgreSQL only ------------------------------------------------------------------------------------------------


def _opened(url: str, tenant: str | None = None) -> Store:
    return open_store(url, Path("/unused"), tenant, counter=TokenCounter(), max_result_bytes=LIMIT, redact=False)


@pytest.mark.slow
def test_postgres_errors_are_one_line_with_the_server_and_never_the_password(pg_url: str) -> None:
    from pg_cluster import free_port

    unreachable = f"postgresql://someone:hunter2-secret@127.0.0.1:{free_port()}/nothing"
    store = _opened(unreachable, "acme")
    assert "hunter2" not in str(store.root) and str(store.root).endswith("/nothing/tenants/acme")
    with pytest.raises(StoreError) as caught:
        store.session_ids()
    message = str(caught.value)
    assert "cannot reach PostgreSQL at 127.0.0.1:" in message and "\n" not in message and "hunter2" not in message
    password = pg_url.split(":")[2].split("@")[0]
    wrong = pg_url.replace(password, "hunter2-wrong")
    with pytest.raises(StoreError, match="password authentication failed") as caught:
        open_store(
            wrong, Path("/unused"), None, counter=TokenCounter(), max_result_bytes=1, redact=True
        ).latest_session()
    assert "hunter2" not in str(caught.value) and "\n" not in str(caught.value)


def test_postgres_without_the_driver_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    from mcp_context.storage import pg_pool

    monkeypatch.setattr(pg_pool, "psycopg", None)
    with pytest.raises(StoreError, match=r"install mcp-context\[postgres\]"):
        open_store(
            "postgresql://u@db/x", Path("/unused"), None, counter=TokenCounter(), max_result_bytes=1, redact=True
        )


@pytest.mark.slow
def test_postgres_schema_is_versioned_and_replicas_starting_together_migrate_once(pg_url: str) -> None:
    import psycopg

    from mcp_context.storage.pg_schema import MIGRATIONS, SCHEMA, migrate

    url = fresh_database(pg_url)
    versions: list[int] = []

    def replica() -> None:
        with psycopg.connect(url) as conn:
            versions.append(migrate(conn))

    threads = [threading.Thread(target=replica) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert versions == [len(MIGRATIONS)] * 4
    with psycopg.connect(url, autocommit=True) as conn:
        rows = conn.execute(f"SELECT version FROM {SCHEMA}.schema_version ORDER BY version").fetchall()
        assert [r[0] for r in rows] == list(range(1, len(MIGRATIONS) + 1))
        conn.execute(f"INSERT INTO {SCHEMA}.schema_version VALUES (99, 0)")
    with psycopg.connect(url) as conn, pytest.raises(StoreError, match="version 99, newer"):
        migrate(conn)


@pytest.mark.slow
def test_postgres_an_interrupted_write_leaves_nothing(pg_url: str) -> None:
    import psycopg

    tenant = "t" + secrets.token_hex(5)
    store = _opened(pg_url, tenant)

    def killed() -> Iterator[bytes]:
        yield b"x" * (3 * MiB)
        raise RuntimeError("the writer died")

    with pytest.raises(RuntimeError):
        store.put_stream("s1", killed(), label=None, source=None)
    with psycopg.connect(pg_url, autocommit=True) as conn:
        for table in ("chunks", "results", "sessions"):
            row = conn.execute(f"SELECT count(*) FROM mcp_context.{table} WHERE tenant = %s", (tenant,)).fetchone()
            assert row == (0,), table
    assert store.session_ids() == []


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


def test_search_reaches_only_the_tenant_and_scope_of_the_view(store_kind: Backend) -> None:
    """A search answers from the sessions a read may reach: the view's tenant, and its scope within it."""
    from mcp_context.storage.scope import Scope

    a_mine, a_other = store_kind.session("mine", tenant="a"), store_kind.session("other", tenant="a")
    b_mine = store_kind.session("mine", tenant="b")
    for s, who in ((a_mine, "a-mine"), (a_other, "a-other"), (b_mine, "b-mine")):
        s.persist_result(f"the marker wombat, kept by {who}\n")
    found = {h.meta.session for h in a_mine.search_persisted("wombat").hits}
    assert found == {"mine", "other"}
    assert [h.meta.session for h in b_mine.search_persisted("wombat").hits] == ["mine"]
    assert "b-mine" in b_mine.read_persisted(b_mine.search_persisted("wombat").hits[0].meta.handle).page.text  # type: ignore[union-attr]
    bounded = store_kind.session("mine", tenant="a", scope=Scope.only("mine"))
    assert [h.meta.session for h in bounded.search_persisted("wombat").hits] == ["mine"]
