"""The one place the server reaches under the MCP SDK's public surface, for what that surface offers no seam.

``MCPServer`` (mcp 2.x) keeps its low-level ``Server`` private, yet two things need it: serving stdio over our
own streams (a line the transport cannot read is answered rather than dropped, see wire.py), and registering a
``resources/list`` handler that honours the client's cursor (MCPServer's own drops it, so a store of thousands
of results could not be paged). Everything done with the low-level server is its public API
(``add_request_handler``, ``run``, ``create_initialization_options``); only reaching it is not, and
tests/test_sdk_seam.py fails, naming the installed SDK version, when that changes.
"""

from __future__ import annotations

from importlib.metadata import version
from typing import Any

from mcp.server.lowlevel import Server
from mcp.server.mcpserver import MCPServer

#: The SDK release this module was written and checked against.
WRITTEN_FOR = "2.3.0"


class SdkChanged(RuntimeError):
    """The installed MCP SDK no longer has what this module relies on."""


def lowlevel(server: MCPServer) -> Server[Any]:
    """The low-level server under ``server``."""
    found = getattr(server, "_lowlevel_server", None)
    if not isinstance(found, Server):
        raise SdkChanged(
            f"mcp {version('mcp')}: MCPServer no longer keeps its low-level Server in _lowlevel_server "
            f"(mcp_context/server/sdk.py was written for mcp {WRITTEN_FOR})"
        )
    return found
