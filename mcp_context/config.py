"""Where the store lives, which session a call belongs to, and every default limit, in one place.

A host's hook reads its root from here at every tool call: what only resolving the whole settings or naming the
command needs (redaction's switch, ``shutil``) is imported there."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

from .errors import InvalidId
from .limits import Limits
from .storage.ids import check_session, new_session_id

ENV_HOME = "MCP_CONTEXT_HOME"
ENV_SESSION = "MCP_CONTEXT_SESSION"
ENV_CLAUDE_SESSION = "CLAUDE_CODE_SESSION_ID"
ENV_STORE = "MCP_CONTEXT_STORE"


class Settings(NamedTuple):
    """The resolved configuration of one process: its root, its default session and how that was chosen."""

    root: Path
    session: str
    session_source: str
    limits: Limits = Limits()
    #: Whether credentials are taken out of what is stored (on unless --no-redact or MCP_CONTEXT_REDACT=0).
    redact: bool = True
    #: The store's URL (``postgresql://...``), or None for the file store under ``root``.
    store: str | None = None


def default_root(env: Mapping[str, str] | None = None) -> Path:
    env = os.environ if env is None else env
    home = env.get(ENV_HOME)
    return Path(home).expanduser() if home else Path.home() / ".mcp-context"


def resolve_session(option: str | None, env: Mapping[str, str] | None = None) -> tuple[str, str]:
    """The default session and where it came from: option, MCP_CONTEXT_SESSION, the host's, or a new one."""
    env = os.environ if env is None else env
    if option is not None:
        return check_session(option), "option"
    if env.get(ENV_SESSION):
        return check_session(env[ENV_SESSION]), ENV_SESSION
    if env.get(ENV_CLAUDE_SESSION):
        # The host's id is not the user's choice: one this store cannot use is passed over, not fatal.
        try:
            return check_session(env[ENV_CLAUDE_SESSION]), ENV_CLAUDE_SESSION
        except InvalidId:
            return new_session_id(), f"generated ({ENV_CLAUDE_SESSION} is not a usable session id)"
    return new_session_id(), "generated"


def resolve_settings(
    root: str | Path | None = None,
    session: str | None = None,
    limits: Limits | None = None,
    env: Mapping[str, str] | None = None,
    redact: bool | None = None,
    store: str | None = None,
) -> Settings:
    """The settings from what was given, else the environment, else the defaults."""
    from .redaction import ENV_REDACT, enabled

    env = os.environ if env is None else env
    resolved_root = Path(root).expanduser() if root else default_root(env)
    session_id, source = resolve_session(session, env)
    on = enabled(env.get(ENV_REDACT)) if redact is None else redact
    url = store if store is not None else (env.get(ENV_STORE) or None)
    return Settings(resolved_root, session_id, source, limits or Limits(), on, url)


def install_command() -> list[str]:
    """The command that starts this very install: its own script, else this interpreter with ``-m``."""
    script = os.path.join(os.path.dirname(sys.executable), "mcp-context")
    if os.access(script, os.X_OK):
        return [script]
    return [sys.executable, "-m", "mcp_context"]


def command_for_people() -> str:
    """How to type this install's command in a shell: ``mcp-context`` when that is what the shell finds, else its
    full path (a fresh checkout's ``.venv`` is not on anyone's PATH until it is activated)."""
    import shutil

    command = install_command()
    found = shutil.which("mcp-context")
    if len(command) == 1 and found and os.path.realpath(found) == os.path.realpath(command[0]):
        return "mcp-context"
    return " ".join(command)
