"""Builds the MCP server over one Session: the face that Claude Code, Gemini CLI and agents talk to."""

from __future__ import annotations

from typing import Any

import anyio.to_thread
from mcp import MCPError
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError, ToolError, UnexpectedToolError
from mcp.types import (
    INTERNAL_ERROR,
    INVALID_PARAMS,
    ListResourcesResult,
    PaginatedRequestParams,
    ResourceTemplate,
    Tool,
)

from .. import __version__
from ..arguments import Arguments
from ..compaction.args import CompactArgs
from ..conversation import transcripts
from ..errors import ContextError, echoed
from ..loops.args import CheckLoopArgs
from ..results.args import PersistArgs, ReadArgs
from ..session import Session
from ..storage import ids
from ..summary.args import SummarizeArgs
from . import compaction, loops, sdk, summary, tools
from .binding import Direct, failure
from .echoes import bounded_errors
from .resources import TEMPLATES, list_page, read
from .schemas import listed
from .wire import AnsweringReadStream, AnsweringWriteStream, Pending, stdio


class ContextServer(MCPServer):
    """An MCPServer whose resources come from the session store rather than from registered functions, and
    whose tools answer every mistake in one line: the one place where core errors become tool errors."""

    def __init__(self, session: Session, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.context_session = session
        #: The tools' bodies the server runs itself (see binding.Direct), by tool name.
        self.direct: dict[str, Direct] = {}
        # MCPServer's resources/list drops the client's cursor: the store's listing is paged by ours.
        sdk.lowlevel(self).add_request_handler("resources/list", PaginatedRequestParams, self._list_resources_page)
        sdk.lowlevel(self).middleware.append(bounded_errors)  # no error repeats a client's text at length

    async def _list_resources_page(self, ctx: Any, params: PaginatedRequestParams) -> ListResourcesResult:
        cursor = params.cursor
        try:
            return await anyio.to_thread.run_sync(list_page, self.context_session, cursor)
        except ValueError:
            raise MCPError(code=INVALID_PARAMS, message="invalid cursor: pass the nextCursor of a listing") from None
        except ContextError as exc:  # a store that cannot answer now
            raise MCPError(code=INTERNAL_ERROR, message=str(exc)) from None

    async def list_tools(self) -> list[Tool]:
        """The tools with their input schemas as models need them (see schemas.py)."""
        return [
            t.model_copy(update={"input_schema": listed(t.name, t.input_schema)}) for t in await super().list_tools()
        ]

    async def list_resource_templates(self) -> list[ResourceTemplate]:
        return [*await super().list_resource_templates(), *TEMPLATES]

    async def read_resource(self, uri: Any, context: Any = None) -> Any:
        text = str(uri)
        if text.startswith(f"{ids.URI_SCHEME}://"):
            return await anyio.to_thread.run_sync(read, self.context_session, text)
        try:
            return await super().read_resource(uri, context)
        except ResourceError:
            raise ResourceNotFoundError(f"no resource {echoed(text)}") from None

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None = None) -> Any:
        """Arguments are checked by the tool's core model first, so a wrong one answers with the model's one
        line (the SDK's own check would answer with pydantic's report); a core error answers with its message.
        Anything else is a fault of ours: logged by the SDK, answered with the tool's name only.

        A tool with a direct body runs it on the checked arguments, unless it may ask the client's model and
        this client can be asked; else the SDK runs the registered tool."""
        model = TOOL_ARGUMENTS.get(name)
        if model is None and self._tool_manager.get_tool(name) is None:
            known = ", ".join(t.name for t in self._tool_manager.list_tools())
            return failure(f"unknown tool {echoed(name)}; the tools are {known}")
        if model is not None:
            try:
                checked = model.parse(arguments)
            except ContextError as exc:
                return failure(str(exc))
            direct = self.direct.get(name)
            if direct is not None and not (direct.asks_client and _can_sample(context)):
                return await _run_directly(name, direct, checked)
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            cause = exc.__cause__
            if isinstance(cause, ContextError):
                return failure(str(cause))
            raise

    async def run_stdio_async(self) -> None:
        """stdio, read as bytes a line at a time, with every line the transport cannot read answered (see wire.py)."""
        async with stdio() as (read_stream, write_stream):
            lowlevel = sdk.lowlevel(self)
            pending = Pending()
            answers = AnsweringWriteStream(write_stream, pending)
            answering = AnsweringReadStream(read_stream, answers, pending)
            await lowlevel.run(answering, answers, lowlevel.create_initialization_options())

    async def get_prompt(
        self, name: str, arguments: dict[str, Any] | None = None, context: Context[Any, Any] | None = None
    ) -> Any:
        """An unknown prompt or a bad argument answers with its one line (the SDK's would be "Internal server
        error" over the 2026 protocol era)."""
        prompts = await self.list_prompts()
        prompt = next((p for p in prompts if p.name == name), None)
        if prompt is None:
            known = ", ".join(p.name for p in prompts)
            raise MCPError(code=INVALID_PARAMS, message=f"unknown prompt {echoed(name)}; available: {known}")
        unknown = sorted(set(arguments or {}) - {a.name for a in prompt.arguments or []})
        if unknown:
            accepted = ", ".join(a.name for a in prompt.arguments or []) or "none"
            message = f"unknown argument {echoed(unknown[0])}; accepted: {accepted}"
            raise MCPError(code=INVALID_PARAMS, message=message)
        return await super().get_prompt(name, arguments, context)


def _can_sample(context: Context[Any, Any] | None) -> bool:
    """Whether the client of this request offers sampling (no request, as a direct call makes: no client)."""
    try:
        capabilities = context.client_capabilities if context is not None else None
    except ValueError:  # a context made outside a request
        return False
    return capabilities is not None and capabilities.sampling is not None


async def _run_directly(name: str, direct: Direct, checked: Arguments) -> Any:
    """The body in a worker thread, as the SDK runs a tool; what fails as the SDK's run would fail."""
    try:
        return await anyio.to_thread.run_sync(direct.body, checked)
    except ContextError as exc:
        return failure(str(exc))
    except Exception as exc:
        raise UnexpectedToolError(f"Error executing tool {name}") from exc


#: The core model of each tool's arguments.
TOOL_ARGUMENTS: dict[str, type[Arguments]] = {
    "persist_result": PersistArgs,
    "read_persisted": ReadArgs,
    "compact_history": CompactArgs,
    "summarize_range": SummarizeArgs,
    "check_loop": CheckLoopArgs,
}


INSTRUCTIONS = """\
mcp-context keeps large texts out of your context without losing them. When a tool output, file or log is \
large, store it with persist_result and keep only the handle and preview; read parts back later with \
read_persisted (pages by line or character, or grep; grep without a handle searches every stored result). \
When a conversation grows too long, compact_history shrinks it to a token budget, keeping it valid and storing \
everything it removes; summarize_range turns a range of it into a structured summary stored beside the \
originals. check_loop tells you when you are repeating yourself or stuck, and what to do instead. Stored \
results are also listed as resources."""


def build_server(session: Session, server_class: type[ContextServer] = ContextServer) -> ContextServer:
    """The server with every tool over ``session``; the HTTP face passes its subclass (see http.py)."""
    server = server_class(session, name="mcp-context", version=__version__, instructions=INSTRUCTIONS)
    if session.transcript_roots is None:  # a client names transcript paths: only the hosts' folders
        session.transcript_roots = transcripts.allowed_roots(session.env)
    server.direct.update(tools.register(server, session))
    server.direct.update(compaction.register(server, session))
    server.direct.update(loops.register(server, session))
    server.direct.update(summary.register(server, session))
    return server
