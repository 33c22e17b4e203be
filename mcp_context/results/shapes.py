"""What the tools return: pydantic models (the structured content Claude Code shows its model) and the
matching text (what Gemini CLI shows). Both carry every fact on their own."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field
from pydantic.json_schema import SkipJsonSchema

from . import views
from .answers import Persisted, Read
from .searching import Search


class PersistOutput(BaseModel):
    handle: str = Field(description="pass to read_persisted to read the text back")
    uri: str = Field(description="the result as an MCP resource")
    session: str
    stored: bool = Field(description="false when the same content was already stored (nothing written)")
    label: str | None
    chars: int
    bytes: int
    lines: int
    tokens: int
    token_method: str = Field(description="'exact:<encoding>' or 'estimate'")
    preview: str = Field(description="head and tail of the text, lines numbered")
    preview_complete: bool = Field(description="true when the preview shows the whole text")
    read_more: str | None = Field(description="the call that reads on after the preview")


class GrepLineOut(BaseModel):
    line: int
    text: str
    match: bool
    cut: bool = Field(description="a long line shown as a window around the match")


# A field that is left out when it does not apply (``structured`` drops it) rather than sent as null: its schema
# is one plain type, not an anyOf with null, which every client walks on every page it validates.
Absent = SkipJsonSchema[None]


class SearchHitOut(BaseModel):
    handle: str
    session: str
    label: str | None
    lines: list[GrepLineOut] = Field(description="matching lines, each cut to a short snippet")
    more: bool = Field(description="the result has more matching lines: read_persisted(handle, grep) shows them")


class ReadOutput(BaseModel):
    handle: str | Absent = Field(None, description="the result read (absent for a search across results)")
    uri: str | Absent = None
    mode: str = Field(description="'lines', 'chars', 'grep' or 'search' (grep without a handle)")
    results: list[SearchHitOut] | Absent = Field(None, description="search: the results that match, best first")
    content: str | Absent = Field(None, description="the page, exactly as stored (paging modes)")
    first_line: int | Absent = None
    last_line: int | Absent = None
    start_offset: int | Absent = Field(None, description="character offset of the page's first character")
    end_offset: int | Absent = Field(None, description="character offset just after the page")
    matches: list[GrepLineOut] | Absent = Field(None, description="matching lines and context (grep)")
    match_count: int | Absent = None
    grep_mode: str | Absent = Field(None, description="'regex', or 'literal' when the pattern was not a valid regex")
    total_lines: int | Absent = None
    total_chars: int | Absent = None
    tokens: int
    token_method: str
    next_start_line: int | Absent = None
    next_offset: int | Absent = None
    next_call: str | None = Field(description="the exact call for the next page; null when done")
    done: bool
    notes: list[str] = Field(default_factory=list)


def structured(model: BaseModel) -> dict[str, Any]:
    """The model as JSON, without the optional fields that do not apply to this answer (a grep's matches on a
    page of lines, say): a model reads fewer nulls, and every client's schema check has fewer to walk. A field
    the schema requires is always there, null or not."""
    fields = type(model).model_fields
    unset = {name for name, field in fields.items() if not field.is_required() and getattr(model, name) is None}
    return model.model_dump(exclude=unset)


def persist_output(result: Persisted) -> PersistOutput:
    meta, preview = result.meta, result.preview
    return PersistOutput(
        handle=meta.handle,
        uri=meta.uri,
        session=meta.session,
        stored=result.created,
        label=meta.label,
        chars=meta.chars,
        bytes=meta.bytes,
        lines=meta.lines,
        tokens=meta.tokens,
        token_method=meta.token_method,
        preview=preview.render(),
        preview_complete=preview.complete,
        read_more=None if preview.complete else views.call(meta.handle, **preview.more),
    )


def search_output(found: Search, counter_method: str) -> ReadOutput:
    results = [
        SearchHitOut(
            handle=hit.meta.handle,
            session=hit.meta.session,
            label=hit.meta.label,
            lines=[GrepLineOut(line=g.line, text=g.text, match=g.match, cut=g.cut) for g in hit.lines],
            more=hit.more,
        )
        for hit in found.hits
    ]
    return ReadOutput(
        mode="search",
        results=results,
        match_count=found.matched,
        grep_mode=found.mode,
        tokens=found.tokens,
        token_method=counter_method,
        next_call=None,
        done=True,
        notes=list(found.notes),
    )


def read_output(result: Read) -> ReadOutput:
    meta, cursor = result.meta, result.next or {}
    out = ReadOutput(
        handle=meta.handle,
        uri=meta.uri,
        mode=result.mode,
        total_lines=meta.lines,
        total_chars=meta.chars,
        tokens=0,
        token_method="",
        next_start_line=cursor.get("start_line"),
        next_offset=cursor.get("offset"),
        next_call=views.next_call(result),
        done=result.next is None,
        notes=list(result.notes),
    )
    if result.grep is not None:
        found = result.grep
        out.matches = [GrepLineOut(line=g.line, text=g.text, match=g.match, cut=g.cut) for g in found.lines]
        out.match_count, out.grep_mode = found.matches, found.mode
        out.tokens, out.token_method = found.tokens, found.token_method
        out.notes += found.notes
    elif result.page is not None:
        page = result.page
        out.content, out.first_line, out.last_line = page.text, page.first_line, page.last_line
        out.start_offset, out.end_offset = page.start_offset, page.end_offset
        out.tokens, out.token_method = page.tokens, page.token_method
    return out
