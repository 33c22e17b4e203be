"""``mcp-context demo``: a scripted agent run against the real server over stdio, on this machine's files."""
