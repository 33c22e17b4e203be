"""``mcp-context serve`` and ``mcp-context config``: the server on stdio, and how to register it with a host."""

from __future__ import annotations

import json
import os
import shlex
import sys
from typing import Any

import click

from .. import __version__
from ..config import ENV_HOME, install_command
from ..server import logs
from ..storage import saves
from . import remote
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
@click.option(
    "--transport",
    type=click.Choice(["stdio", "http"]),
    default="stdio",
    show_default=True,
    help="stdio for one host that starts the server; http (Streamable HTTP at /mcp) for many agents.",
)
@click.option("--host", default="127.0.0.1", show_default=True, help="HTTP: the address to bind.")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True, help="HTTP: the port.")
@click.option("--allowed-host", "allowed_hosts", multiple=True, metavar="NAME", help="HTTP: a Host name clients use.")
@click.option("--allowed-origin", "allowed_origins", multiple=True, metavar="URL", help="HTTP: a browser Origin.")
@click.option("--jwks", metavar="FILE_OR_URL", help="HTTP: accept JWTs signed by these keys (RS256/ES256).")
@click.option("--issuer", metavar="ISS", help="HTTP, with --jwks: the tokens' issuer.")
@click.option("--audience", metavar="AUD", help="HTTP, with --jwks: this server's resource URI (RFC 8707).")
@click.option("--tenant-claim", default="sub", show_default=True, help="HTTP, with --jwks: the tenant's claim.")
@click.option(
    "--transcripts-root",
    type=click.Path(file_okay=False, exists=True),
    metavar="DIR",
    help="HTTP: the one folder transcript= paths may name (without it, transcripts are refused over HTTP).",
)
@click.option(
    "--log-level",
    type=click.Choice(logs.LEVELS),
    default=logs.DEFAULT,
    show_default=True,
    help="What goes to stderr: warning, problems only; info, one line per HTTP request; debug, everything.",
)
@click.pass_obj
def serve(obj: Ctx, /, reach: str, transport: str, log_level: str, **http: Any) -> None:
    """Run the MCP server: on stdio (what a host such as Claude Code starts), or over HTTP for many agents.

    \b
    Example:
      claude mcp add mcp-context -- mcp-context serve
      mcp-context keys create --tenant team-a && mcp-context serve --transport http
    """
    if transport == "http":
        _serve_http(obj, reach, log_level, **http)
        return
    given = [name for name, value in http.items() if value not in (None, (), "127.0.0.1", 8765, "sub")]
    if given:
        raise click.UsageError(f"--{given[0].replace('_', '-')} is for --transport http")
    from ..server.app import build_server
    from ..storage.opening import hold_root
    from ..storage.scope import Scope

    session = obj.open(continue_latest=False)
    hold_root(session.settings.store, session.settings.root)
    if reach == "session":
        session.scope = Scope.only(session.id)
    if sys.stdin.isatty():
        click.echo(
            f"mcp-context {__version__}: MCP server on stdio, waiting for a client (Ctrl-C to stop).\n"
            f"  store: {session.store.root}  session: {session.id} ({session.settings.session_source})\n"
            "  To use it, register it with a host: `mcp-context config claude` or `mcp-context config gemini`.",
            err=True,
        )
    server = build_server(session)
    logs.configure(log_level)  # after the SDK's own set-up, which the server's construction runs
    try:
        server.run()
    finally:
        saves.wait()  # the states answered for are on disk before the process ends


def _serve_http(obj: Ctx, reach: str, log_level: str, **given: Any) -> None:
    """Streamable HTTP: credentials decided at start (see server/http.py), then served until interrupted."""
    from pathlib import Path

    from ..config import resolve_settings
    from ..server import http
    from ..server.auth import JwtVerifier
    from ..server.tenants import Tenants
    from ..storage.opening import hold_root, open_keys

    jwt_options = [given["jwks"], given["issuer"], given["audience"]]
    if any(jwt_options) and not all(jwt_options):
        raise click.UsageError("--jwks, --issuer and --audience go together")
    settings = resolve_settings(obj.root, limits=obj.limits, store=obj.store)
    jwks, issuer, audience = jwt_options
    verifier = JwtVerifier(jwks, issuer, audience, given["tenant_claim"]) if jwks and issuer and audience else None
    auth, how = http.authenticator(open_keys(settings.store, settings.root), verifier, given["host"])
    hold_root(settings.store, settings.root)  # held by the key store from now on
    folder = Path(given["transcripts_root"]).resolve() if given["transcripts_root"] else None
    options = http.HttpOptions(
        host=given["host"],
        port=given["port"],
        allowed_hosts=list(given["allowed_hosts"]),
        allowed_origins=list(given["allowed_origins"]),
        transcripts_root=folder,
        issuer=given["issuer"],
        max_body=2 * settings.limits.max_result_bytes + (1 << 20),  # JSON escapes; a NUL-heavy text may not fit
        log_level=log_level,
    )
    tenants = Tenants(
        obj.root,
        obj.store,
        transcript_roots=[folder] if folder else [],
        session_options={"limits": obj.limits, "redact": obj.redact},
        narrow=reach == "session",
    )
    where = "a postgresql store" if settings.store else str(settings.root)
    click.echo(
        f"mcp-context {__version__}: MCP over HTTP at http://{given['host']}:{given['port']}/mcp; {how}; "
        f"store: {where}",
        err=True,
    )
    try:
        http.run(http.make_app(tenants, auth, options), options)
    finally:
        saves.wait()


@click.command()
@click.argument("host", type=click.Choice(["claude", "gemini", "codex"]))
@click.option("--name", default="mcp-context", show_default=True, help="Server name in the host's config.")
@click.option("--http", "url", metavar="URL", help="A server the host reaches over HTTP (its /mcp URL), not stdio.")
@click.option(
    "--key-env",
    type=remote.key_env_name,
    default=remote.DEFAULT_KEY_ENV,
    show_default=True,
    metavar="NAME",
    help="With --http: the environment variable holding the API key, expanded by the host when it connects.",
)
@click.pass_obj
def config(obj: Ctx, host: str, name: str, url: str | None, key_env: str) -> None:
    """Print the exact registration for this install: a command and a config entry.

    \b
    Example:
      mcp-context config claude
      mcp-context config gemini --http https://ctx.example.com/mcp --key-env MCX_KEY
      mkdir -p ~/.codex && mcp-context config codex >> ~/.codex/config.toml
    """
    remote.check_name(host, name)
    if url is not None:
        remote.registration(host, name, url, key_env)
        return
    size = ["--max-result-bytes", str(obj.max_result_bytes)] if obj.max_result_bytes is not None else []
    plain = ["--no-redact"] if obj.redact is False else []
    command = [*install_command(), *size, *plain, "serve"]  # a limit given here is one the server should keep
    env = {ENV_HOME: os.path.abspath(os.path.expanduser(obj.root))} if obj.root else {}
    entry: dict[str, Any] = {"command": command[0], "args": command[1:]}
    if env:
        entry["env"] = env
    if host == "codex":
        # Codex starts a server with a bare environment: a CODEX_HOME of the user's is passed on by name, so that
        # transcript="host" finds the session files where Codex writes them.
        home = os.environ.get("CODEX_HOME")
        click.echo(codex_entry(name, command, env | ({"CODEX_HOME": os.path.abspath(home)} if home else {})), nl=False)
        # On stderr: what is printed on stdout is appended to config.toml as it is, and `codex mcp remove` takes
        # out the table and its comment only, so a note after the table would stay behind in the user's file.
        click.echo(
            "# hooks (large outputs stored, repeated calls stopped), in hooks.json beside config.toml; Codex runs",
            err=True,
        )
        rooted = ["--root", os.path.abspath(os.path.expanduser(obj.root))] if obj.root else []
        hooks_install = shlex.join([*install_command(), *rooted, "hooks", "install", "codex"])
        click.echo(f"# them once trusted (review them in `codex`, /hooks): {hooks_install}", err=True)
    elif host == "claude":
        env_flags = "".join(f" -e {k}={shlex.quote(v)}" for k, v in env.items())
        click.echo("# register for your user (use --scope project to write .mcp.json in this project):")
        # The name goes before -e: Claude Code's -e takes several values and would swallow it.
        click.echo(f"claude mcp add --scope user {shlex.quote(name)}{env_flags} -- {shlex.join(command)}")
        click.echo("\n# or put this in .mcp.json at the project root:")
        emit_json({"mcpServers": {name: {"type": "stdio", **entry}}}, indent=2)
    else:
        click.echo("# register for your user, in ~/.gemini/settings.json (without --scope user: this project's")
        click.echo("# .gemini/settings.json):")
        env_flags = "".join(f" -e {k}={shlex.quote(v)}" for k, v in env.items())
        click.echo(f"gemini mcp add --scope user{env_flags} {shlex.quote(name)} {shlex.join(command)}")
        click.echo("\n# or merge this into settings.json:")
        emit_json({"mcpServers": {name: entry}}, indent=2)


def codex_entry(name: str, command: list[str], env: dict[str, str]) -> str:
    """The ``~/.codex/config.toml`` table for Codex CLI, with the ``codex mcp add`` line that writes the same in
    a comment: the output can be appended to the file as it is. TOML's basic strings take JSON's escapes."""
    key = name if name and all(c.isalnum() or c in "-_" for c in name) else json.dumps(name)
    env_flags = "".join(f" --env {shlex.quote(f'{k}={v}')}" for k, v in env.items())
    lines = [
        f"# Codex CLI: append to ~/.codex/config.toml, or run: codex mcp add {shlex.quote(name)}{env_flags} -- "
        + shlex.join(command),
        f"[mcp_servers.{key}]",
        f"command = {json.dumps(command[0], ensure_ascii=False)}",
        f"args = [{', '.join(json.dumps(a, ensure_ascii=False) for a in command[1:])}]",
    ]
    if env:
        pairs = ", ".join(f"{json.dumps(k)} = {json.dumps(v, ensure_ascii=False)}" for k, v in env.items())
        lines.append(f"env = {{ {pairs} }}")
    return "\n".join(lines) + "\n"
