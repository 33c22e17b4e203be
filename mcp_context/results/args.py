"""The arguments of persist_result and read_persisted, one typed model each, shared by every face."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..arguments import Arguments
from ..limits import Limits

_LIMITS = Limits()

Session = Annotated[str | None, Field(description="session id; omit to use this server's")]


class PersistArgs(Arguments):
    """persist_result: a text to store, and how to name it."""

    content: str = Field(description="the text, exactly")
    label: str | None = Field(None, max_length=200, description="short name, e.g. 'pytest output'")
    source: str | None = Field(None, max_length=200, description="command, path or URL it came from")
    session: Session = None


class ReadArgs(Arguments):
    """read_persisted: which result, and which bounded part of it."""

    handle: str | None = Field(None, description="r_... or its URI; omit to search all results")
    start_line: int | None = Field(None, ge=1)
    max_lines: int | None = Field(None, ge=1)
    offset: int | None = Field(None, ge=0, description="in characters")
    max_chars: int | None = Field(None, ge=1)
    grep: str | None = Field(None, description="pattern")
    context: int | None = Field(None, ge=0, le=50, description="lines around each match")
    max_matches: int | None = Field(None, ge=1, description="per answer; per result when searching")
    max_tokens: int | None = Field(None, ge=1)
