"""The MCP SDK under mcp_context/server/sdk.py: what the server relies on beyond the SDK's public surface.

When an SDK release moves it, this test fails naming the installed version, before any client notices."""

from __future__ import annotations

import inspect
from importlib.metadata import version
from pathlib import Path

from mcp.server.lowlevel import Server
from mcp.types import PaginatedRequestParams

from mcp_context import Session
from mcp_context.server import sdk
from mcp_context.server.app import build_server


def test_the_low_level_server_is_where_the_adapter_reaches_it(tmp_path: Path) -> None:
    installed = version("mcp")
    where = f"mcp {installed} (mcp_context/server/sdk.py was written for mcp {sdk.WRITTEN_FOR})"
    assert installed.split(".")[0] == "2", f"{where}: the server is written for the 2.x SDK"
    server = build_server(Session(root=tmp_path, session="s", env={}))
    low = sdk.lowlevel(server)
    assert isinstance(low, Server), where
    # what server/app.py calls on it, with the parameters it passes
    wanted = {
        "add_request_handler": ["method", "params_type", "handler"],
        "run": ["read_stream", "write_stream", "initialization_options"],
        "create_initialization_options": [],
    }
    for name, parameters in wanted.items():
        method = getattr(low, name, None)
        assert callable(method), f"{where}: the low-level Server has no {name}()"
        assert list(inspect.signature(method).parameters)[: len(parameters)] == parameters, f"{where}: {name}()"
    # the paged listing is the one serving resources/list
    entry = low.get_request_handler("resources/list")
    assert entry is not None and entry.params_type is PaginatedRequestParams, where
    assert getattr(entry.handler, "__func__", None) is type(server)._list_resources_page, where
