"""``mcp-context serve`` and ``mcp-context config``: the server on stdio, and how to register it with a host."""

from __future__ import annotations

import os
import shlex
import sys
from typing import Any

import click

from .. import __version__
from ..config import ENV_HOME, install_command
from ..storage import saves
from .common import Ctx, emit_json


@click.command()
@click.option(
    "--scope",
    "reach",
    type=click.Choice(["all", "session"]),
    default="all",
    show_default=True,
    envvar="MCP_CONTEXT_SCOPE",
    help="Which sessions the server may read and write: all under the root (one user), or only its own.",
)
@click.pass_obj
def serve(obj: Ctx, reach: str) -> None:
    """Run the MCP server on stdio (what a host such as Claude Code starts).

    \b
    Example:
      claude mcp add mcp-context -- mcp-context serve
    """
    from ..server.app import build_server
    from ..storage.scope import Scope

    session = obj.open(continue_latest=False)
    if reach == "session":
        session.scope = Scope.only(session.id)
    if sys.stdin.isatty():
        click.echo(
            f"mcp-context {__version__}: MCP server on stdio, waiting for a client (Ctrl-C to stop).\n"
            f"  store: {session.store.root}  session: {session.id} ({session.settings.session_source})\n"
            "  To use it, register it with a host: `mcp-context config claude` or `mcp-context config gemini`.",
            err=True,
        )
    try:
        build_server(session).run()
    finally:
        saves.wait()  # the states answered for are on disk before the process ends


@click.command()
@click.argument("host", type=click.Choice(["claude", "gemini"]))
@click.option("--name", default="mcp-context", show_default=True, help="Server name in the host's config.")
@click.pass_obj
def config(obj: Ctx, host: str, name: str) -> None:
    """Print the exact registration for this install: a command and a config entry.

    \b
    Example:
      mcp-context config claude
    """
    size = ["--max-result-bytes", str(obj.max_result_bytes)] if obj.max_result_bytes is not None else []
    plain = ["--no-redact"] if obj.redact is False else []
    command = [*install_command(), *size, *plain, "serve"]  # a limit given here is one the server should keep
    env = {ENV_HOME: os.path.abspath(os.path.expanduser(obj.root))} if obj.root else {}
    entry: dict[str, Any] = {"command": command[0], "args": command[1:]}
    if env:
        entry["env"] = env
    if host == "claude":
        env_flags = "".join(f" -e {k}={shlex.quote(v)}" for k, v in env.items())
        click.echo("# register for your user (use --scope project to write .mcp.json in this project):")
        # The name goes before -e: Claude Code's -e takes several values and would swallow it.
        click.echo(f"claude mcp add --scope user {name}{env_flags} -- {shlex.join(command)}")
        click.echo("\n# or put this in .mcp.json at the project root:")
        emit_json({"mcpServers": {name: {"type": "stdio", **entry}}}, indent=2)
    else:
        click.echo("# register for your user, in ~/.gemini/settings.json (without --scope user: this project's")
        click.echo("# .gemini/settings.json):")
        env_flags = "".join(f" -e {k}={shlex.quote(v)}" for k, v in env.items())
        click.echo(f"gemini mcp add --scope user{env_flags} {name} {shlex.join(command)}")
        click.echo("\n# or merge this into settings.json:")
        emit_json({"mcpServers": {name: entry}}, indent=2)
