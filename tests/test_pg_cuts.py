"""The PostgreSQL store when the server stops answering or cuts a connection in the middle of a write.

A real cluster of this module's own (it is frozen here with SIGSTOP, so not the shared one). A frozen server
(the postmaster and every backend stopped: a hung VM, a partition that drops packets) accepts bytes and never
answers; each store call must still end within 5 s in one StoreError line, and the same store serves again once
the server runs. A backend killed in the middle of a write (by a trigger of the test calling
``pg_terminate_backend`` on its own backend, the first time only: a sequence is not rolled back with the
transaction) rolls the write back: one that can be run again is, one that cannot fails in one line with nothing
stored, and nothing is acknowledged that was not committed."""

from __future__ import annotations

import secrets
import threading
import time

import psycopg
import pytest
from pg_cluster import Cluster, cluster_fixture, create_database, frozen  # noqa: F401  (the fixture)

from mcp_context.errors import StoreError
from mcp_context.storage.postgres import PgStore
from mcp_context.storage.text_index import open_index

pytestmark = pytest.mark.slow

#: The most a store call may take while the server does not answer.
ANSWER_WITHIN_S = 5.0


@pytest.fixture
def store(cluster: Cluster) -> PgStore:
    url = create_database(cluster.url(), "t_" + secrets.token_hex(6))
    return PgStore(url, tenant="team", max_result_bytes=64 * 1024 * 1024)


def timed(call: object) -> tuple[str | None, float]:
    """What a call said when it failed (None: it did not), and how long it took."""
    started = time.monotonic()
    try:
        call()  # type: ignore[operator]
    except StoreError as exc:
        return str(exc), time.monotonic() - started
    return None, time.monotonic() - started


def timed_failure(call: object) -> tuple[str, float]:
    said, took = timed(call)
    assert said is not None, "the call did not fail"
    return said, took


def assert_serves(store: PgStore, text: str) -> None:
    """The same store object writes and reads again (recovery without a restart), within a minute."""
    deadline = time.monotonic() + 60
    while True:
        try:
            meta, _ = store.put_text("s1", text, label=None, source=None)
            break
        except StoreError:
            assert time.monotonic() < deadline
            time.sleep(0.2)
    with store.open_content("s1", meta.handle) as f:
        assert f.read().decode() == text


@pytest.mark.parametrize("postmaster", [True, False], ids=["everything", "backends-only"])
def test_a_frozen_server_is_answered_within_5_s_in_one_line_and_served_again_once_it_runs(
    cluster: Cluster, store: PgStore, postmaster: bool
) -> None:
    kept, _ = store.put_text("s1", "acknowledged before the freeze\n", label=None, source=None)
    store.write_state("s1", "loops", b'{"n": 1}')
    calls = {
        "put_text": lambda: store.put_text("s1", f"while frozen {time.time()}\n", label=None, source=None),
        "put_stream": lambda: store.put_stream("s1", iter([b"streamed while frozen\n"]), label=None, source=None),
        "read": lambda: store.open_content("s1", kept.handle).read(),
        "list": lambda: store.list_results("s1"),
        "write_state": lambda: store.write_state("s1", "loops", b'{"n": 2}'),
        "state_lock": lambda: store.state_lock("s1", "loops").__enter__(),
        "delete_result": lambda: store.delete_result("s1", kept.handle),
    }
    failed = set()
    with frozen(cluster, postmaster=postmaster):
        for name, call in calls.items():
            store.db.quiet.until = 0.0  # each call waits for the server itself, not for the one before
            said, took = timed(call)
            print(f"{name}: {took:.2f} s: {said}")
            assert took < ANSWER_WITHIN_S, (name, took, said)
            if said is None:  # a backend of its own, made by a postmaster that still runs
                assert not postmaster, name
                continue
            failed.add(name)
            assert "PostgreSQL" in said and "\n" not in said and "Traceback" not in said, said
    assert_serves(store, f"after the freeze {time.time()}\n")
    if "delete_result" in failed:
        with store.open_content("s1", kept.handle) as f:
            assert f.read() == b"acknowledged before the freeze\n"  # acknowledged, so kept
    if "write_state" in failed:
        assert store.read_state("s1", "loops") == b'{"n": 1}'  # the write while frozen was never acknowledged
    assert failed or not postmaster


def arm_cut(store: PgStore, table: str, event: str) -> None:
    """A trigger that terminates the backend running the first ``event`` on ``table`` after this call, mid
    transaction, and lets every later one be (the sequence's value survives the rollback)."""
    name = "cut_" + secrets.token_hex(4)
    with store.db.connection("arm") as conn:
        conn.execute(f"CREATE SEQUENCE {name}")
        conn.execute(
            f"CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
            f"IF nextval('{name}') = 1 THEN PERFORM pg_terminate_backend(pg_backend_pid()); "
            "PERFORM pg_sleep(5); END IF; RETURN NEW; END $$"
        )
        conn.execute(
            f"CREATE TRIGGER {name} BEFORE {event} ON mcp_context.{table} FOR EACH ROW EXECUTE FUNCTION {name}()"
        )


def test_a_text_whose_write_is_cut_is_written_again_on_a_fresh_connection(store: PgStore) -> None:
    store.put_text("s1", "first\n", label=None, source=None)  # the tables exist
    arm_cut(store, "results", "INSERT")
    text = "x" * (3 * 1024 * 1024) + "\nwritten once, acknowledged once\n"
    meta, created = store.put_text("s1", text, label="big", source=None)
    assert created
    with store.open_content("s1", meta.handle) as f:
        assert f.read().decode() == text
    bodies = store.db.row("count", "SELECT count(*) FROM mcp_context.results WHERE handle = %s", (meta.handle,))
    assert bodies[0] == 1


def test_a_stream_whose_write_is_cut_fails_in_one_line_and_stores_nothing(store: PgStore) -> None:
    store.put_text("s1", "first\n", label=None, source=None)
    arm_cut(store, "results", "INSERT")
    before = store.list_results("s1")
    pieces = [b"streamed " * 100_000, b"\nend\n"]
    said, _ = timed_failure(lambda: store.put_stream("s1", iter(pieces), label=None, source=None))
    assert said.startswith("cannot store the result in session s1: cannot reach PostgreSQL"), said
    assert "\n" not in said
    assert store.list_results("s1") == before
    orphans = store.db.row("count", "SELECT count(*) FROM mcp_context.chunks c WHERE NOT EXISTS "
                           "(SELECT 1 FROM mcp_context.results r WHERE r.body = c.body)")  # fmt: skip
    assert orphans[0] == 0
    meta, created = store.put_stream("s1", iter(pieces), label=None, source=None)  # and the next one lands
    assert created and meta.bytes == sum(map(len, pieces))


def test_a_state_whose_write_is_cut_is_written_again(store: PgStore) -> None:
    store.write_state("s1", "loops", b'{"n": 1}')
    arm_cut(store, "states", "UPDATE")
    store.write_state("s1", "loops", b'{"n": 2}')
    assert store.read_state("s1", "loops") == b'{"n": 2}'


def test_a_held_state_whose_save_is_cut_is_not_acknowledged(store: PgStore) -> None:
    store.write_state("s1", "loops", b'{"n": 1}')
    arm_cut(store, "states", "UPDATE")

    def hold_and_save() -> None:
        with store.state_lock("s1", "loops") as hold:
            hold.save(b'{"n": 2}')

    said, _ = timed_failure(hold_and_save)
    assert "cannot lock state loops of session s1" in said and "\n" not in said, said
    assert store.read_state("s1", "loops") == b'{"n": 1}'
    hold_and_save()  # the next holder saves
    assert store.read_state("s1", "loops") == b'{"n": 2}'


def test_a_state_held_by_another_process_is_waited_for_longer_than_a_statement_may_take(store: PgStore) -> None:
    """A state's lock held elsewhere is waited for in tries of 2 s each, past the first, until it is let go."""

    store.write_state("s1", "loops", b'{"n": 1}')
    with psycopg.connect(store.db.url) as other:
        other.execute("SELECT 1 FROM mcp_context.states WHERE session = 's1' FOR UPDATE")
        started = time.monotonic()
        threading.Timer(6.0, other.commit).start()
        with store.state_lock("s1", "loops") as hold:
            waited = time.monotonic() - started
            hold.save(b'{"n": 2}')
    assert waited >= 5.5, waited  # it waited for the holder, past the statement timeout, and then held it
    assert store.read_state("s1", "loops") == b'{"n": 2}'


def test_a_search_index_first_asked_for_while_the_server_is_frozen_serves_once_it_runs(
    cluster: Cluster, store: PgStore
) -> None:
    """A server keeps the index it opened for its whole life: an outage at that moment must not leave it
    without one (every search would read every result) until a restart."""
    meta, _ = store.put_text("s1", "needle in the stack\n", label=None, source=None)
    with frozen(cluster):
        index = open_index(store)
    assert index is not None
    deadline = time.monotonic() + 60
    while True:
        try:
            index.add("s1", meta.handle, store.open_content("s1", meta.handle))
            break
        except StoreError:
            assert time.monotonic() < deadline
            time.sleep(0.2)
    assert index.indexed("s1", [meta.handle]) == {meta.handle}
    assert [c[1] for c in index.candidates(["s1"], [["needle"]])] == [meta.handle]


def test_a_long_statement_on_a_live_server_is_waited_for(store: PgStore) -> None:
    """Silence alone is no outage: a statement the server works on for longer than a request is answered in
    (a large result written and indexed on a busy machine) runs to its end."""
    assert store.db.row("sleep", "SELECT pg_sleep(7), 1")[1] == 1
    assert not store.db.quiet.silent()


def test_a_server_frozen_in_the_middle_of_a_statement_is_given_up_on_within_5_s(
    cluster: Cluster, store: PgStore
) -> None:
    store.put_text("s1", "warm\n", label=None, source=None)
    outcome: list[tuple[str | None, float]] = []
    running = threading.Thread(
        target=lambda: outcome.append(timed(lambda: store.db.row("sleep", "SELECT pg_sleep(3)")))
    )
    running.start()
    time.sleep(0.5)  # the statement is on the server now
    with frozen(cluster):
        frozen_at = time.monotonic()
        running.join(30)
        ended_after = time.monotonic() - frozen_at
    said, _ = outcome[0]
    assert said is not None and "PostgreSQL" in said and "\n" not in said, said
    assert ended_after < ANSWER_WITHIN_S, ended_after
    store.db.quiet.until = 0.0
    assert_serves(store, f"after the freeze {time.time()}\n")
