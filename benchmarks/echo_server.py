"""The round-trip benchmark's baseline: a minimal MCP server on the same SDK with one tool, ``echo``.

Whatever mcp-context costs above this server, in start-up or per call, is its own doing; what both pay
(the interpreter, the SDK's import, JSON-RPC over stdio) is the floor no server on this SDK can go below.
Run as a script (``python benchmarks/echo_server.py``) so that it imports nothing but the SDK.
"""

from mcp.server.mcpserver import MCPServer

server = MCPServer("echo")


@server.tool()
def echo(text: str) -> str:
    """Return the text unchanged."""
    return text


if __name__ == "__main__":
    server.run()
