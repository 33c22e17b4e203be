"""persist_result and read_persisted: one short function each, its arguments the core's model, its body one
Session call."""

from __future__ import annotations

import dataclasses
import json
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult, ToolAnnotations

from ..results import shapes, views
from ..results.answers import Persisted
from ..results.args import PersistArgs, ReadArgs
from ..session import Session
from .binding import Direct, answer, bind

PERSIST_DESCRIPTION = """\
Store a large text (tool output, file, log) and keep only its handle and a preview in context: for texts over \
a few thousand tokens or needed later. Read or search it with read_persisted."""

READ_DESCRIPTION = """\
Read a stored text by page: lines (start_line, max_lines), characters (offset, max_chars) or lines matching \
grep (regex, else literal). Without a handle, grep searches every stored result, best first, with line \
numbers. Each answer names the call that reads on."""


#: What a store's acknowledgment may take, as text and as structured content alike: every later request of the
#: conversation carries it. The preview shrinks until it fits; read_persisted reads on.
ACK_BYTES = 800
_ACK_PREVIEW_CHARS = 420
_ACK_LINE_CHARS = 100


def acknowledge(session: Session, stored: Persisted) -> CallToolResult:
    """persist_result's answer: the handle, the sizes and a preview of a few lines, within ACK_BYTES."""
    chars = _ACK_PREVIEW_CHARS
    while True:
        made = session.brief_preview(stored.meta, chars, _ACK_LINE_CHARS)
        brief = dataclasses.replace(stored, make_preview=lambda made=made: made)  # type: ignore[misc]
        shape, text = shapes.persist_output(brief), views.persisted(brief)
        size = max(len(text.encode()), len(json.dumps(shapes.structured(shape), ensure_ascii=False).encode()))
        if size <= ACK_BYTES or chars < 60:
            return answer(shape, text)
        chars = chars * 2 // 3


def register(server: MCPServer, session: Session) -> dict[str, Direct]:
    def persist(args: PersistArgs) -> CallToolResult:
        stored = session.persist_result(args.content, label=args.label, source=args.source, session=args.session)
        return acknowledge(session, stored)

    def read(args: ReadArgs) -> CallToolResult:
        if args.handle is None:  # a search across results (see docs/search.md)
            found = session.search_persisted(args)
            return answer(shapes.search_output(found, session.counter.method), views.searched(found))
        result = session.read_persisted(args)
        return answer(shapes.read_output(result), views.read(result))

    def persist_result(**arguments: Any) -> CallToolResult:
        return persist(PersistArgs.model_construct(**arguments))

    def read_persisted(**arguments: Any) -> CallToolResult:
        return read(ReadArgs.model_construct(**arguments))

    server.tool(
        name="persist_result",
        title="Persist a large result",
        description=PERSIST_DESCRIPTION,
        annotations=ToolAnnotations(
            read_only_hint=False, destructive_hint=False, idempotent_hint=True, open_world_hint=False
        ),
    )(bind(PersistArgs, persist_result, returns=Annotated[CallToolResult, shapes.PersistOutput]))
    server.tool(
        name="read_persisted",
        title="Read a persisted result",
        description=READ_DESCRIPTION,
        annotations=ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False),
    )(bind(ReadArgs, read_persisted, returns=Annotated[CallToolResult, shapes.ReadOutput]))
    return {"persist_result": Direct(persist), "read_persisted": Direct(read)}
