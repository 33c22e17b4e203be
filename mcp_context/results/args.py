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

    content: str = Field(description="the text to store, exactly as it should come back")
    label: str | None = Field(None, max_length=200, description="a short name, e.g. 'pytest output'")
    source: str | None = Field(None, max_length=200, description="where it came from: a command, path or URL")
    session: Session = None


class ReadArgs(Arguments):
    """read_persisted: which result, and which bounded part of it."""

    handle: str | None = Field(None, description="r_... or the result's URI; omit to search all results with grep")
    start_line: int | None = Field(None, ge=1, description="first line to read, from 1")
    max_lines: int | None = Field(None, ge=1, description=f"lines per page (default {_LIMITS.page_lines})")
    offset: int | None = Field(None, ge=0, description="first character to read, from 0")
    max_chars: int | None = Field(None, ge=1, description="characters per page")
    grep: str | None = Field(None, description="return only lines matching this pattern")
    context: int | None = Field(
        None, ge=0, le=50, description=f"lines shown around each match (default {_LIMITS.grep_context})"
    )
    max_matches: int | None = Field(None, ge=1, description=f"matches per answer (default {_LIMITS.grep_matches})")
    max_tokens: int | None = Field(
        None,
        ge=1,
        description=f"token budget (default {_LIMITS.page_tokens}, at most {_LIMITS.max_page_tokens})",
    )
