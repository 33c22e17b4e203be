"""The same hostile inputs against a real PostgreSQL store: text columns cannot hold a NUL byte and a
database's UTF-8 refuses lone surrogates, so whatever a client puts in a label, a source, a content, a state or
a search must be stored as the file store stores it, or refused in one line, never answered with a driver's
error. The comparison is slow: a PostgreSQL server is started for the run (pg_cluster.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from pg_cluster import fresh_database, pg_url  # noqa: F401  (the fixture)

from mcp_context import Session
from mcp_context.errors import ContextError

HOSTILE = ["nul \x00 byte", "lone \ud800 surrogate", "\udfff", "ok \u2028 line sep", "x" * 199 + "\x00"]


def outcome(attempt: Callable[[Session, str], Any], session: Session, text: str) -> str:
    try:
        attempt(session, text)
    except ContextError as exc:
        said = str(exc)
        assert "\n" not in said and "psycopg" not in said.lower() and "Traceback" not in said, said
        return "refused"
    return "ok"


ATTEMPTS: list[Callable[[Session, str], Any]] = [
    lambda s, text: s.persist_result(text + "\n"),
    lambda s, text: s.persist_result("x\n", label=text),
    lambda s, text: s.persist_result("y\n", source=text),
    lambda s, text: s.check_loop(event={"kind": "tool_call", "name": "Bash", "args": {"command": text}}),
    lambda s, text: s.check_loop(event={"kind": "tool_call", "name": text, "args": {}}),
    lambda s, text: s.search_persisted(text),
    lambda s, text: s.read_persisted(s.results()[0].handle, grep=text),
    lambda s, text: s.compact_history(messages=[{"role": "user", "content": text}] * 3, target_tokens=2000),
]
IDS = ["nul", "lone-high", "lone-low", "line-sep", "long-nul"]


@pytest.mark.parametrize("text", HOSTILE, ids=IDS)
def test_hostile_text_in_every_field_is_stored_or_refused_in_one_line(tmp_path: Any, text: str) -> None:
    """The file store alone (a pattern with a lone surrogate reached SQLite and the line finder unencoded)."""
    files = Session(tmp_path / "files", "s", env={})
    files.persist_result("fine\n")
    for attempt in ATTEMPTS:
        outcome(attempt, files, text)


@pytest.mark.slow
@pytest.mark.parametrize("text", HOSTILE, ids=IDS)
def test_the_database_store_answers_hostile_text_as_the_file_store_does(
    pg_url: str,  # noqa: F811
    tmp_path: Any,
    text: str,
) -> None:
    database = Session(tmp_path / "root", "s", store=fresh_database(pg_url), env={})
    files = Session(tmp_path / "files", "s", env={})
    for session in (database, files):
        session.persist_result("fine\n")
    for i, attempt in enumerate(ATTEMPTS):
        assert outcome(attempt, database, text) == outcome(attempt, files, text), i
    assert outcome(lambda s, _: s.results(), database, text) == "ok"


@pytest.mark.slow
def test_jwt_subjects_key_tenants_and_the_local_user_stay_apart_in_the_database(
    pg_url: str,  # noqa: F811
    tmp_path: Any,
) -> None:
    """On PostgreSQL as on files: the subject ``t1`` is not the key tenant ``t1``, and ``default`` (as a subject)
    is not the local user; a handle stored by one is unknown to the others, with the same answer as a handle
    that never existed."""
    from mcp_context.errors import UnknownHandle
    from mcp_context.server.tenants import Tenants

    tenants = Tenants(str(tmp_path / "root"), fresh_database(pg_url), transcript_roots=[])
    handles = {}
    for tenant in (None, "t1", "jwt:t1", "jwt:default"):
        handles[tenant] = tenants.session(tenant, "work").persist_result(f"stored by {tenant}\n").meta.handle
    for tenant, handle in handles.items():
        for other in handles:
            session = tenants.session(other, "work")
            if other == tenant:
                assert session.read_persisted(handle).page is not None
                continue
            with pytest.raises(UnknownHandle):
                session.read_persisted(handle)
        assert len(tenants.session(tenant, "work").results()) == 1
