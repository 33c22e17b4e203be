"""``mcp-context audit`` and ``mcp-context gauge``: what the host's own compaction dropped, and how full the
context is (``gauge --statusline`` is Claude Code's status line command: its JSON on stdin, one line out)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import click

from .common import Ctx, emit_json
from .options import json_option


def _root(obj: Ctx) -> Path:
    from ..config import default_root

    return Path(obj.root).expanduser() if obj.root else default_root()


def _session(obj: Ctx, given: str | None, transcript: str | None) -> str:
    """The session: --session (here or before the command), MCP_CONTEXT_SESSION or the host's, else a Claude Code
    transcript's own name (its session id), else the session written to last, as every other command takes."""
    from ..errors import InvalidArgument
    from ..storage import ids

    chosen = given or obj.session or os.environ.get("CLAUDE_CODE_SESSION_ID")
    if not chosen and transcript and Path(transcript).suffix == ".jsonl":
        chosen = Path(transcript).stem
    if not chosen:
        opened = obj.open()
        if opened.settings.session_source == "generated":
            raise InvalidArgument(
                f"no session in {opened.store.root} yet: give --session ID, or --transcript PATH of a Claude Code "
                "session"
            )
        chosen = opened.id
    return ids.check_session(chosen)


@click.command(name="audit")
@click.option(
    "--session", "session_opt", metavar="ID", help="The host's session (default: --session before it, else the latest)."
)
@click.option("--transcript", metavar="PATH", help="The host's transcript (default: found from the session).")
@json_option
@click.pass_obj
def audit_cmd(obj: Ctx, session_opt: str | None, transcript: str | None, as_json: bool) -> None:
    """What the host's own compaction dropped: its summary checked against the messages it replaced.

    \b
    User requests, unresolved failures, changed files, decisions and open items are taken from the messages
    before the last compaction (extractive, no model); each one the host's summary does not hold is listed.
    Example:
      mcp-context audit --transcript ~/.claude/projects/-home-me-app/SESSION.jsonl
    """
    from ..errors import InvalidArgument
    from ..hooks import audit, insight

    session = _session(obj, session_opt, transcript)
    root = _root(obj)
    snapshot = insight.snapshot(root, session)
    path = insight.transcript_for(transcript, session, snapshot)
    if path is None or not path.is_file():
        raise InvalidArgument(f"no transcript for session {session}: give --transcript PATH")
    result = audit.audit(path, snapshot, lambda handle: _archived(obj, session, handle))
    if as_json:
        emit_json({"session": session, **result.to_dict()})
    else:
        click.echo(result.report())


def _archived(obj: Ctx, session: str, handle: str) -> list[dict[str, Any]] | None:
    from ..summary import sources

    s = obj.open()
    items, _ = sources.stored(handle, lambda h: "".join(s.iter_text(h)))
    return [i for i in items if isinstance(i, dict)]


@click.command(name="gauge")
@click.option(
    "--session", "session_opt", metavar="ID", help="The host's session (default: --session before it, else the latest)."
)
@click.option("--transcript", metavar="PATH", help="The host's transcript (default: found from the session).")
@json_option
@click.option("--statusline", is_flag=True, help="Claude Code's status line: its JSON on stdin, one line out.")
@click.pass_obj
def gauge_cmd(obj: Ctx, session_opt: str | None, transcript: str | None, as_json: bool, statusline: bool) -> None:
    """How full the context is, what the hooks kept out of it, and what the session holds.

    \b
    The context: tokens of the conversation since the host's last compaction against the model's window (the
    model read from the transcript). The hooks: the outputs they stored against the previews the model got.
    Example:
      mcp-context gauge --session 5d0c8a59-1b2e-4c3d-9e8f-0a1b2c3d4e5f
      mcp-context hooks install claude --statusline   # the same, one line, in Claude Code's status bar
    """
    from ..hooks import gauge, insight

    if statusline:
        click.echo(gauge.statusline(sys.stdin.buffer.read(), _root(obj)))
        return
    from ..tokens.count import TokenCounter

    session = _session(obj, session_opt, transcript)
    root = _root(obj)
    path = insight.transcript_for(transcript, session, insight.snapshot(root, session))
    counter = TokenCounter()
    found = gauge.measure(root, session, path, lambda text: counter.count(text).tokens)
    if as_json:
        emit_json(found.to_dict())
        return
    click.echo(found.report())
    if found.transcript is None:
        click.echo("(how full the context is needs the host's transcript: give --transcript PATH, or let the hooks "
                   "record it: mcp-context hooks install claude|gemini)")  # fmt: skip
