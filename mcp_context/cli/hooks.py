"""``mcp-context hooks install|uninstall|status`` for people, and ``mcp-context hook HOST EVENT`` for the hosts.

The ``hook`` command is what Claude Code, Gemini CLI and Codex CLI run: the host's JSON on stdin, our JSON (or
nothing) on stdout, exit 0 whatever happens (see :mod:`..hooks.run`), so a hook can never stop the host's work.
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

import click

from ..config import default_root, install_command
from ..hooks.context import ENV_MIN_TOKENS, min_tokens_from
from ..hooks.hosts import HOSTS, Host
from ..hooks.run import LOG, run
from .common import Ctx, emit_json, table
from .options import json_option

_HOST = click.Choice(sorted(HOSTS))
_SCOPE = click.Choice(["user", "project"])
#: The events whose matcher ``--tools`` sets, and whose command takes ``--min-tokens``.
_OUTPUT_EVENT = {"claude": "post-tool-use", "gemini": "after-tool", "codex": "post-tool-use"}


def _root(obj: Ctx) -> Path:
    return Path(obj.root).expanduser() if obj.root else default_root()


def _path(host: Host, scope: str, settings: str | None) -> Path:
    return Path(settings).expanduser() if settings else host.settings_path(scope)


@click.group()
def hooks() -> None:
    """Install, remove or list the hooks in Claude Code's, Gemini CLI's and Codex CLI's settings.

    With the hooks, a large tool output is stored whole and the model gets a preview and its handle, a
    repeated call gets a nudge (a stop refuses it), and a compaction keeps a state snapshot.

    \b
    Example:
      mcp-context hooks install claude            # ~/.claude/settings.json
      mcp-context hooks install gemini --scope project
      mcp-context hooks install codex             # $CODEX_HOME/hooks.json, else ~/.codex/hooks.json
      mcp-context hooks status
    """


@hooks.command(name="install")
@click.argument("host", type=_HOST)
@click.option(
    "--scope", type=_SCOPE, default="user", show_default=True, help="~/.<host> (or $CODEX_HOME) or ./.<host> settings."
)
@click.option("--settings", metavar="PATH", help="This settings file instead.")
@click.option(
    "--tools",
    metavar="REGEX",
    help="Tools whose large outputs are stored (default: Bash on Claude Code, all elsewhere).",
)
@click.option("--min-tokens", type=click.IntRange(min=1), help=f"Threshold (default: ${ENV_MIN_TOKENS}, or 2000).")
@click.option("--statusline", is_flag=True, help="Claude Code: also show the context gauge in its status line.")
@click.pass_obj
def install_cmd(
    obj: Ctx,
    host: str,
    scope: str,
    settings: str | None,
    tools: str | None,
    min_tokens: int | None,
    statusline: bool,
) -> None:
    """Merge the hooks into the host's settings; everything else in the file is kept. Running it again
    changes nothing."""
    from ..hooks import install as installing  # only here: a hook call never needs it

    chosen = installing.host_of(host)
    base = install_command() + (["--root", str(_root(obj))] if obj.root else [])
    extra = {_OUTPUT_EVENT[host]: ["--min-tokens", str(min_tokens)]} if min_tokens else {}
    commands = installing.commands_for(chosen, base, extra)
    matchers = {_OUTPUT_EVENT[host]: tools} if tools is not None else {}
    change = installing.install(chosen, _path(chosen, scope, settings), commands, _root(obj), matchers)
    what = "installed" if change.changed else "already installed, nothing changed"
    click.echo(f"{host} hooks {what}: {change.path}")
    for event in chosen.events:
        click.echo(f"  {event.host_name:<16} {commands[event.cli]}")
    if statusline:
        _statusline(host, change.path, base)


def _statusline(host: str, path: Path, base: list[str]) -> None:
    from ..hooks import gauge

    if host != "claude":
        raise click.UsageError("--statusline is for Claude Code only")
    command = shlex.join([*base, "gauge", "--statusline"])
    how = gauge.install_statusline(path, command)
    shown = {"kept yours": "not added: the file has a status line of its own, kept as it is"}.get(how, how)
    click.echo(f"  {'statusLine':<16} {command} ({shown})")


@hooks.command(name="uninstall")
@click.argument("host", type=_HOST)
@click.option(
    "--scope", type=_SCOPE, default="user", show_default=True, help="~/.<host> (or $CODEX_HOME) or ./.<host> settings."
)
@click.option("--settings", metavar="PATH", help="This settings file instead.")
@click.pass_obj
def uninstall_cmd(obj: Ctx, host: str, scope: str, settings: str | None) -> None:
    """Take our hooks out: the file as it was before install when nothing else changed, else only ours."""
    from ..hooks import gauge
    from ..hooks import install as installing

    chosen = installing.host_of(host)
    path = _path(chosen, scope, settings)
    if host == "claude":
        gauge.uninstall_statusline(path)  # first: the hooks' uninstall then finds the file as its install left it
    change = installing.uninstall(chosen, path, _root(obj))
    words = {
        "restored": "removed (the file is back as it was before install)",
        "removed ours": "removed (the file changed since install: only our hooks were taken out)",
        "not installed": "were not installed, nothing changed",
    }
    click.echo(f"{host} hooks {words[change.how]}: {change.path}")


@hooks.command(name="status")
@click.option("--settings", metavar="PATH", multiple=True, help="Look at this settings file too (repeatable).")
@json_option
@click.pass_obj
def status_cmd(obj: Ctx, settings: tuple[str, ...], as_json: bool) -> None:
    """Which settings files hold our hooks (user and project scope of each host), the threshold and the log."""
    from ..hooks import install as installing

    paths = [(h.name, scope, h.settings_path(scope)) for h in HOSTS.values() for scope in ("user", "project")]
    for extra in settings:
        path = Path(extra).expanduser()
        name = "gemini" if ".gemini" in path.parts else "codex" if path.name == "hooks.json" else "claude"
        paths.append((name, "file", path))
    rows = installing.status(paths)
    threshold = min_tokens_from(None, os.environ)
    log = _root(obj) / LOG
    if as_json:
        emit_json({"settings": rows, "min_tokens": threshold, "log": str(log)})
        return
    lines = []
    for row in rows:
        if row["error"]:
            state = f"error: {row['error']}"
        elif row["events"]:
            state = "installed: " + ", ".join(row["events"])
        else:
            state = "not installed" if row["exists"] else "not installed (no file)"
        lines.append([row["host"], row["scope"], row["path"], state])
    click.echo(table(["HOST", "SCOPE", "SETTINGS", "HOOKS"], lines))
    click.echo(f"\nOutputs stored from {threshold:,} tokens (${ENV_MIN_TOKENS} or install --min-tokens).")
    click.echo(f"Log: {log}{'' if log.exists() else ' (empty)'}")


@click.command(name="hook")
@click.argument("host")
@click.argument("event")
@click.option("--min-tokens", type=int, help="Store outputs from this many tokens.")
@click.pass_obj
def hook_cmd(obj: Ctx, host: str, event: str, min_tokens: int | None) -> None:
    """Answer one hook call of a host (run by Claude Code, Gemini CLI or Codex CLI, JSON on stdin).

    Always exits 0; a failure leaves a line in <root>/hooks.log and no output.
    """
    answer = run(host, event, sys.stdin.buffer.read(), _root(obj), min_tokens, bool(obj.root))
    if answer is not None:
        sys.stdout.write(answer)
        sys.stdout.flush()
