"""The PostgreSQL store's schema, created and migrated by the store itself: every table lives in the
``mcp_context`` schema, ``schema_version`` records each migration applied, and migrations run in order, each
once, under a transaction-scoped advisory lock, so that two replicas starting together wait for each other
instead of racing (the second finds the work done).

Layout (every row carries its tenant; every query names one)::

    sessions  (tenant, session)                 a session exists once something was written to it
    results   (tenant, session, handle) -> body  metadata and the line index (see index.py); what makes a
                                                 result exist, written in the transaction that wrote its body
    chunks    (body, seq)                        the text, CHUNK bytes a row (the last one shorter), stored
                                                 uncompressed so a read fetches only the chunk it lands in
    states    (tenant, session, name)            a tool's state; its row is what state_lock locks
    api_keys  (key_id)                           API keys: hashes only (see keys.py)
"""

from __future__ import annotations

import time
from typing import Any

from ..errors import StoreError

SCHEMA = "mcp_context"
#: Bytes of text in one chunk row.
CHUNK = 1024 * 1024
#: The advisory lock the migrations run under ("mcx" and 1, as one bigint): any constant unlikely elsewhere.
_LOCK = 0x6D6378_00000001

MIGRATIONS: list[str] = [
    # 1: sessions, results in chunks, states, API keys
    f"""
    CREATE TABLE {SCHEMA}.sessions (
        tenant text NOT NULL,
        session text NOT NULL,
        created double precision NOT NULL,
        PRIMARY KEY (tenant, session)
    );
    CREATE SEQUENCE {SCHEMA}.bodies;
    CREATE TABLE {SCHEMA}.results (
        tenant text NOT NULL,
        session text NOT NULL,
        handle text NOT NULL,
        body bigint NOT NULL UNIQUE,
        label text,
        source text,
        created double precision NOT NULL,
        chars bigint NOT NULL,
        bytes bigint NOT NULL,
        lines bigint NOT NULL,
        tokens bigint NOT NULL,
        token_method text NOT NULL,
        mime_type text NOT NULL,
        line_index bytea NOT NULL,
        PRIMARY KEY (tenant, session, handle),
        FOREIGN KEY (tenant, session) REFERENCES {SCHEMA}.sessions ON DELETE CASCADE
    );
    CREATE INDEX results_by_handle ON {SCHEMA}.results (tenant, handle);
    CREATE TABLE {SCHEMA}.chunks (
        body bigint NOT NULL,
        seq integer NOT NULL,
        tenant text NOT NULL,
        data bytea NOT NULL,
        PRIMARY KEY (body, seq),
        FOREIGN KEY (body) REFERENCES {SCHEMA}.results (body) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED
    );
    ALTER TABLE {SCHEMA}.chunks ALTER COLUMN data SET STORAGE EXTERNAL;
    CREATE TABLE {SCHEMA}.states (
        tenant text NOT NULL,
        session text NOT NULL,
        name text NOT NULL,
        data bytea,
        updated double precision NOT NULL,
        PRIMARY KEY (tenant, session, name),
        FOREIGN KEY (tenant, session) REFERENCES {SCHEMA}.sessions ON DELETE CASCADE
    );
    CREATE TABLE {SCHEMA}.api_keys (
        key_id text PRIMARY KEY,
        tenant text NOT NULL,
        digest text NOT NULL,
        scopes text[] NOT NULL,
        created double precision NOT NULL,
        revoked double precision
    );
    """,
]


def migrate(conn: Any) -> int:
    """Bring the database's schema up to date in one transaction; the version it is at afterwards.

    ``conn`` is a fresh connection (not in autocommit). A database migrated by a newer release is refused:
    this one would not know what its tables mean."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK,))
        conn.execute(f"CREATE SCHEMA IF NOT EXISTS {SCHEMA}")
        conn.execute(
            f"CREATE TABLE IF NOT EXISTS {SCHEMA}.schema_version "
            "(version integer PRIMARY KEY, applied double precision NOT NULL)"
        )
        row = conn.execute(f"SELECT coalesce(max(version), 0) FROM {SCHEMA}.schema_version").fetchone()
        current = int(row[0])
        if current > len(MIGRATIONS):
            raise StoreError(
                f"the database's store schema is version {current}, newer than this mcp-context knows "
                f"({len(MIGRATIONS)}): upgrade mcp-context"
            )
        for version in range(current + 1, len(MIGRATIONS) + 1):
            conn.execute(MIGRATIONS[version - 1])
            conn.execute(f"INSERT INTO {SCHEMA}.schema_version VALUES (%s, %s)", (version, time.time()))
    return len(MIGRATIONS)
