"""Builds the MCP server over one Session: the face that Claude Code, Gemini CLI and agents talk to."""

from __future__ import annotations

from .. import __version__
from ..api import Session
from ..history import transcripts
from . import compaction, loops, summary, tools
from .resources import ContextServer

INSTRUCTIONS = """\
mcp-context keeps large texts out of your context without losing them. When a tool output, file or log is \
large, store it with persist_result and keep only the handle and preview; read parts back later with \
read_persisted (pages by line or character, or grep). When a conversation grows too long, compact_history \
shrinks it to a token budget, keeping it valid and storing everything it removes; summarize_range turns a \
range of it into a structured summary stored beside the originals. check_loop tells you when \
you are repeating yourself or stuck, and what to do instead. Stored results are also listed as resources."""


def build_server(session: Session) -> ContextServer:
    server = ContextServer(session, name="mcp-context", version=__version__, instructions=INSTRUCTIONS)
    session.store.save_behind = True  # a check answers before its state is on disk; see saves.py
    if session.transcript_roots is None:  # a client names transcript paths: only the hosts' folders
        session.transcript_roots = transcripts.allowed_roots(session.env)
    tools.register(server, session)
    compaction.register(server, session)
    loops.register(server, session)
    summary.register(server, session)
    return server
