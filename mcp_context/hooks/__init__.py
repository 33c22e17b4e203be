"""Host hooks: Claude Code and Gemini CLI call ``mcp-context hook <host> <event>`` at the moments where
context is won or lost (a large tool output, a repeated call, a compaction), and the store answers.

A face of its own, beside the MCP server and the CLI: the CLI's ``hooks`` commands write the hosts' settings
(:mod:`.install`), and its ``hook`` command hands each call to :func:`run.run`. Nothing here imports click or
the MCP SDK, and a small tool output is answered without opening the store.
"""
