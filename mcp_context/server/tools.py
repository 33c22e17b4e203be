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
Store a large text (tool output, file, log) and keep only its handle and a preview in context: for texts over \
a few thousand tokens or needed later. Read or search it with read_persisted."""

READ_DESCRIPTION = """\
Read a stored text a page at a time: by lines (start_line, max_lines), characters (offset, max_chars), or lines \
matching grep (regex, else literal). Without a handle, grep searches every stored result: which match, best \
first, with line numbers. Each answer gives the call that reads on."""


def register(server: MCPServer, session: Session) -> dict[str, Direct]:
    def persist(args: PersistArgs) -> CallToolResult:
        stored = session.persist_result(args.content, label=args.label, source=args.source, session=args.session)
        return answer(shapes.persist_output(stored), views.persisted(stored))

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
