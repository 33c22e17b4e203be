"""The backends the store's contract runs on: the file store on a fresh root, and PostgreSQL (a real server started
for the run, see pg_cluster.py) as a fresh tenant of a shared database. ``each_backend`` is the ``store_kind``
fixture giving each in turn; a module imports it to run its tests on both."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from pg_cluster import fresh_database

from mcp_context import Session
from mcp_context.limits import Limits
from mcp_context.storage.keys import KeyStore
from mcp_context.storage.opening import open_keys, open_store
from mcp_context.storage.protocol import Store
from mcp_context.tokens.count import TokenCounter

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


@pytest.fixture(name="store_kind", params=["file", pytest.param("postgres", marks=pytest.mark.slow)])
def each_backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Backend]:
    url = request.getfixturevalue("pg_url") if request.param == "postgres" else None
    yield Backend(request.param, tmp_path / "store", url, "t" + secrets.token_hex(5))


def content(store: Store, session: str, handle: str) -> bytes:
    with store.open_content(session, handle) as f:
        return f.read()
