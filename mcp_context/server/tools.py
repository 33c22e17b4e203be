"""The tools: one short function each, its signature the input schema, its body one Session call."""

from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel, Field

from .. import render
from ..api import Session
from ..errors import ContextError
from .results import PersistOutput, ReadOutput, persist_output, read_output, structured

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


def tool_result(model: BaseModel, text: str) -> CallToolResult:
    # Claude Code shows the model the structured content, Gemini CLI the text: both are complete.
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=structured(model))


def register(server: MCPServer, session_: Session) -> None:
    limits = session_.limits

    @server.tool(
        title="Persist a large result",
        description=PERSIST_DESCRIPTION,
        annotations=ToolAnnotations(
            read_only_hint=False, destructive_hint=False, idempotent_hint=True, open_world_hint=False
        ),
    )
    def persist_result(
        content: Annotated[str, Field(description="the text to store, exactly as it should come back")],
        label: Annotated[str | None, Field(description="a short name, e.g. 'pytest output'")] = None,
        source: Annotated[str | None, Field(description="where it came from: a command, path or URL")] = None,
        session: Annotated[str | None, Field(description="session id; omit to use this server's")] = None,
    ) -> Annotated[CallToolResult, PersistOutput]:
        try:
            stored = session_.persist_result(content, label=label, source=source, session=session)
        except ContextError as exc:
            raise ToolError(str(exc)) from None
        return tool_result(persist_output(stored), render.persisted(stored))

    @server.tool(
        title="Read a persisted result",
        description=READ_DESCRIPTION,
        annotations=ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False),
    )
    def read_persisted(
        handle: Annotated[str, Field(description="handle from persist_result (r_...), or the result's URI")],
        start_line: Annotated[int | None, Field(ge=1, description="first line to read, from 1")] = None,
        max_lines: Annotated[
            int | None, Field(ge=1, description=f"lines per page (default {limits.page_lines})")
        ] = None,
        offset: Annotated[int | None, Field(ge=0, description="first character to read, from 0")] = None,
        max_chars: Annotated[int | None, Field(ge=1, description="characters per page")] = None,
        grep: Annotated[str | None, Field(description="return only lines matching this pattern")] = None,
        context: Annotated[
            int | None, Field(ge=0, le=50, description="lines shown around each match (default 2)")
        ] = None,
        max_matches: Annotated[
            int | None, Field(ge=1, description=f"matches per answer (default {limits.grep_matches})")
        ] = None,
        max_tokens: Annotated[
            int | None,
            Field(
                ge=1,
                description=f"token budget (default {limits.page_tokens}, at most {limits.max_page_tokens})",
            ),
        ] = None,
    ) -> Annotated[CallToolResult, ReadOutput]:
        try:
            result = session_.read_persisted(
                handle,
                start_line=start_line,
                max_lines=max_lines,
                offset=offset,
                max_chars=max_chars,
                grep=grep,
                context=context,
                max_matches=max_matches,
                max_tokens=max_tokens,
            )
        except ContextError as exc:
            raise ToolError(str(exc)) from None
        return tool_result(read_output(result), render.read(result))
