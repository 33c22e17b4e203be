"""``mcp-context config HOST --http URL``: how a host registers a server it reaches over HTTP, with its key.

The key stays out of the printed command and out of the host's settings: both hosts expand an environment
variable in a header when they connect (Claude Code ``${NAME}``, Gemini CLI ``$NAME``), so the command names
the variable, single-quoted so that the shell leaves it to the host. Claude Code's ``--header`` takes several
values and would swallow the server's name and URL after it, so it comes last.
"""

from __future__ import annotations

import json
import re
import shlex
from typing import Any

import click

from .common import emit_json

#: The variable the key is read from, unless --key-env names another.
DEFAULT_KEY_ENV = "MCX_KEY"
_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def key_env_name(text: str) -> str:
    """A click type: an environment variable's name, as both hosts expand it."""
    if not _ENV_NAME.fullmatch(text):
        raise click.BadParameter(f"{text!r} is not an environment variable name (letters, digits and _)")
    return text


#: The names each host's ``mcp add`` takes: Claude Code says "Invalid name", Codex CLI "invalid server name" (its
#: config.toml takes any quoted key, but its ``mcp add`` does not). Gemini CLI takes any name.
NAME_RULES = {
    "claude": (re.compile(r"[A-Za-z0-9_-]+"), "Claude Code", "letters, digits, - and _"),
    "codex": (re.compile(r"[A-Za-z0-9_:@/.-]+"), "Codex CLI", "letters, digits, - _ : @ / and ."),
}


def check_name(host: str, name: str) -> None:
    """A name the host takes, else one line naming what it takes and a name it would take."""
    if not name.strip():
        raise click.BadParameter("the server's name is empty", param_hint="--name")
    if host in NAME_RULES:
        pattern, shown, allowed = NAME_RULES[host]
        if not pattern.fullmatch(name):
            like = re.sub(r"-+", "-", re.sub(r"[^A-Za-z0-9_-]", "-", name)).strip("-") or "mcp-context"
            raise click.BadParameter(
                f"{name!r}: {shown} takes server names of {allowed} only (for example {like!r})", param_hint="--name"
            )


def check_url(url: str) -> str:
    if not re.match(r"https?://[^/\s]+", url) or any(c.isspace() for c in url):
        raise click.BadParameter(f"{url!r} is not an http:// or https:// URL (the server's /mcp endpoint)")
    return url


def registration(host: str, name: str, url: str, key_env: str) -> None:
    """Print the registration of the HTTP server at ``url`` for ``host``: a command and a settings entry."""
    check_url(url)
    where = f"the key in ${key_env} (`mcp-context keys create --tenant NAME` prints one)"
    if host == "claude":
        header = f"Authorization: Bearer ${{{key_env}}}"
        words = ["claude", "mcp", "add", "--transport", "http", "--scope", "user", name, url, "--header", header]
        click.echo(f"# {where}; register for your user (--scope project writes .mcp.json in this project):")
        click.echo(shlex.join(words))
        click.echo("\n# or put this in .mcp.json at the project root:")
        entry: dict[str, Any] = {"type": "http", "url": url, "headers": {"Authorization": f"Bearer ${{{key_env}}}"}}
        emit_json({"mcpServers": {name: entry}}, indent=2)
    elif host == "gemini":
        header = f"Authorization: Bearer ${key_env}"
        words = ["gemini", "mcp", "add", "--scope", "user", "--transport", "http", "--header", header, name, url]
        click.echo(f"# {where}; register for your user, in ~/.gemini/settings.json:")
        click.echo(shlex.join(words))
        click.echo("\n# or merge this into settings.json (httpUrl is Streamable HTTP):")
        entry = {"httpUrl": url, "headers": {"Authorization": f"Bearer ${key_env}"}}
        emit_json({"mcpServers": {name: entry}}, indent=2)
    else:  # Codex CLI reads the bearer token from the variable itself (bearer_token_env_var)
        words = ["codex", "mcp", "add", name, "--url", url, "--bearer-token-env-var", key_env]
        click.echo(f"# {where}; register for your user, in ~/.codex/config.toml:")
        click.echo(shlex.join(words))
        click.echo("\n# or append this to ~/.codex/config.toml:")
        key = name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else json.dumps(name)
        click.echo(f"[mcp_servers.{key}]\nurl = {json.dumps(url)}\nbearer_token_env_var = {json.dumps(key_env)}")
