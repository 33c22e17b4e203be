"""persist_result and read_persisted: one short function each, its arguments the core's model, its body one
Session call."""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult, ToolAnnotations

from ..results import shapes, views
from ..results.args import PersistArgs, ReadArgs
from ..session import Session
from .binding import Direct, answer, bind

PERSIST_DESCRIPTION = """\
Store a large text (tool output, file, log, document) in the session and get back a short handle, sizes, \
token count and a head/tail preview, instead of keeping the whole text in context. Use it when a text is \
over a few thousand tokens or you may need it again later. Read any part back with read_persisted(handle). \
Storing the same text again returns the same handle."""

READ_DESCRIPTION = """\
Read a text stored with persist_result, a bounded page at a time: by lines (start_line, max_lines), by \
characters (offset, max_chars), or only the lines matching grep (a regular expression, or literal text if \
it is not a valid one) with context lines around each match. Every answer says where the next page starts \
and gives the exact call to read it. Takes the handle alone, or the result's resource URI."""


def register(server: MCPServer, session: Session) -> dict[str, Direct]:
    def persist(args: PersistArgs) -> CallToolResult:
        stored = session.persist_result(args.content, label=args.label, source=args.source, session=args.session)
        return answer(shapes.persist_output(stored), views.persisted(stored))

    def read(args: ReadArgs) -> CallToolResult:
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
