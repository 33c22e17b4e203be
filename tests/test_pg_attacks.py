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
