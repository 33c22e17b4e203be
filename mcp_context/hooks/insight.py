"""Where a session's audit and gauge find their material: the snapshot our PreCompact hook kept, and the host's
transcript (given, named in that snapshot, or found from the session id). Shared by the command line and the
server's resources."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any


def snapshot(root: Path, session: str) -> dict[str, Any] | None:
    """The snapshot our PreCompact hook kept for the session (its handles and the transcript it read)."""
    from ..hooks.context import STATE
    from ..storage.files import FileStore

    store = FileStore(root, max_result_bytes=1)
    if session not in store.session_ids():
        return None
    try:
        doc = json.loads(store.read_state(session, STATE) or b"{}")
    except ValueError:
        return None
    snapshot = doc.get("snapshot") if isinstance(doc, dict) else None
    return snapshot if isinstance(snapshot, dict) else None


def transcript_for(given: str | None, session: str, snapshot: dict[str, Any] | None) -> Path | None:
    """--transcript, else the one our hook read, else the host's file for the session id: Claude Code's, Codex
    CLI's rollout, or Gemini CLI's chat file."""
    from ..conversation import transcripts
    from ..errors import ContextError

    if given:
        return Path(given).expanduser()
    if snapshot and isinstance(snapshot.get("transcript"), str) and Path(snapshot["transcript"]).is_file():
        return Path(snapshot["transcript"])
    try:
        return transcripts.find_host({**os.environ, "CLAUDE_CODE_SESSION_ID": session})
    except ContextError:
        pass
    return by_session_id(session, os.environ)


def by_session_id(session: str, env: Mapping[str, str]) -> Path | None:
    """The Codex rollout (its name ends with the session id) or the Gemini chat file (its first line names the
    session id) of ``session``; the newest when several are. Only a well-formed id is looked for."""
    from ..conversation import codex_host, transcripts

    if not _ID.fullmatch(session):
        return None
    found = list((codex_host.codex_dir(env) / "sessions").glob(f"*/*/*/rollout-*-{session}.jsonl"))
    chats = transcripts.gemini_dir(env) / "tmp"
    found += [p for p in chats.glob(f"*/chats/session-*{session[:8]}*.json*") if _gemini_session(p) == session]
    files = [p for p in found if p.is_file()]
    return max(files, key=lambda p: p.stat().st_mtime) if files else None


_ID = re.compile(r"[0-9A-Za-z][0-9A-Za-z-]{7,127}")


def _gemini_session(path: Path) -> str | None:
    try:
        with path.open(encoding="utf-8", errors="replace") as f:
            head = json.loads(f.readline())
    except (OSError, ValueError):
        return None
    found = head.get("sessionId") if isinstance(head, dict) else None
    return found if isinstance(found, str) else None


def within(path: Path, roots: list[Path] | None) -> bool:
    """Whether a transcript path may be read: any path for the library and the command line (roots None), only
    one under the hosts' folders for the server."""
    if roots is None:
        return True
    resolved = path.resolve()
    return any(resolved.is_relative_to(root.resolve()) for root in roots)
