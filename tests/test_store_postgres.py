"""The PostgreSQL store alone: errors in one line naming the server and never the password, the driver missing,
the schema versioned and migrated once by replicas starting together, and an interrupted write leaving nothing."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from pg_cluster import fresh_database
from store_backends import LIMIT, MiB

from mcp_context.errors import StoreError
from mcp_context.storage.opening import open_store
from mcp_context.storage.protocol import Store
from mcp_context.tokens.count import TokenCounter

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
