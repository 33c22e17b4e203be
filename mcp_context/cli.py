"""The command line: the server, host registration, and a twin of each tool for people at a shell.

Each command parses, makes one Session call and prints. Errors are one line and a non-zero exit: 1 for
what the store refused, 2 for a bad command line.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import sys
import time
from dataclasses import asdict
from typing import Any, NoReturn

import click

from . import __version__, render, saves
from .api import Session
from .config import ENV_HOME, ENV_SESSION, Limits, install_command
from .errors import ContextError

_SIZE_RE = re.compile(r"(\d+(?:\.\d+)?)\s*([kmgt]?)i?b?", re.IGNORECASE)
_AGE_RE = re.compile(r"(\d+(?:\.\d+)?)\s*([smhdw])", re.IGNORECASE)
_AGE_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}


def parse_size(text: str) -> int:
    match = _SIZE_RE.fullmatch(text.strip())
    if not match:
        raise click.BadParameter(f"{text!r} is not a size like 500M or 2G")
    return int(float(match[1]) * 1024 ** " kmgt".index(match[2].lower() or " "))


def parse_age(text: str) -> float:
    match = _AGE_RE.fullmatch(text.strip())
    if not match:
        raise click.BadParameter(f"{text!r} is not an age like 30d, 12h or 90m")
    return float(match[1]) * _AGE_UNITS[match[2].lower()]


def _human(size: float) -> str:
    for unit in ("B", "KiB", "MiB"):
        if size < 1024:
            return f"{size:,.0f} {unit}" if unit == "B" else f"{size:,.1f} {unit}"
        size /= 1024
    return f"{size:,.1f} GiB"


def _when(ts: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(ts)) if ts else "-"


def _table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    line = "  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True))
    body = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    return "\n".join([line.rstrip(), *body])


def _emit_json(value: Any, indent: int = 1) -> None:
    click.echo(json.dumps(value, indent=indent, ensure_ascii=False))


class _Ctx:
    def __init__(self, root: str | None, session: str | None, max_result_bytes: int | None) -> None:
        self.root, self.session, self.max_result_bytes = root, session, max_result_bytes

    def open(self) -> Session:
        limits = Limits(max_result_bytes=self.max_result_bytes) if self.max_result_bytes is not None else None
        return Session(self.root, self.session, limits=limits)

    def read_command(self, handle: str, **arguments: object) -> str:
        """The shell command that reads more, where a model is shown the read_persisted call."""
        words = ["mcp-context", *(["--root", self.root] if self.root else []), "read", handle]
        for name, value in arguments.items():
            if value is not None:
                words += [f"--{name.replace('_', '-')}", str(value)]
        return " ".join(shlex.quote(word) for word in words)


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="mcp-context")
@click.option("--root", envvar=ENV_HOME, metavar="DIR", help=f"Store root (env {ENV_HOME}; default ~/.mcp-context).")
@click.option("--session", envvar=ENV_SESSION, metavar="ID", help=f"Default session (env {ENV_SESSION}).")
@click.option("--max-result-bytes", type=parse_size, metavar="SIZE", help="Largest result to store (default 64M).")
@click.pass_context
def cli(ctx: click.Context, root: str | None, session: str | None, max_result_bytes: int | None) -> None:
    """Context management for long-running agents: an MCP server and its command-line twin.

    \b
    Example:
      mcp-context serve                 # the MCP server on stdio
      mcp-context results               # what the current session holds
    """
    ctx.obj = _Ctx(root, session, max_result_bytes)


@cli.command()
@click.pass_obj
def serve(obj: _Ctx) -> None:
    """Run the MCP server on stdio (what a host such as Claude Code starts).

    \b
    Example:
      claude mcp add mcp-context -- mcp-context serve
    """
    from .server.app import build_server

    session = obj.open()
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


@cli.command()
@click.argument("host", type=click.Choice(["claude", "gemini"]))
@click.option("--name", default="mcp-context", show_default=True, help="Server name in the host's config.")
@click.pass_obj
def config(obj: _Ctx, host: str, name: str) -> None:
    """Print the exact registration for this install: a command and a config entry.

    \b
    Example:
      mcp-context config claude
    """
    size = ["--max-result-bytes", str(obj.max_result_bytes)] if obj.max_result_bytes is not None else []
    command = [*install_command(), *size, "serve"]  # a limit given here is one the server should keep
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
        _emit_json({"mcpServers": {name: {"type": "stdio", **entry}}}, indent=2)
    else:
        click.echo("# register for your user, in ~/.gemini/settings.json (without --scope user: this project's")
        click.echo("# .gemini/settings.json):")
        env_flags = "".join(f" -e {k}={shlex.quote(v)}" for k, v in env.items())
        click.echo(f"gemini mcp add --scope user{env_flags} {name} {shlex.join(command)}")
        click.echo("\n# or merge this into settings.json:")
        _emit_json({"mcpServers": {name: entry}}, indent=2)


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.pass_obj
def sessions(obj: _Ctx, as_json: bool) -> None:
    """List sessions, most recently used first.

    \b
    Example:
      mcp-context sessions
    """
    infos = obj.open().sessions()
    if as_json:
        _emit_json([asdict(i) for i in infos])
    elif not infos:
        click.echo("no sessions yet")
    else:
        rows = [[i.session, str(i.results), _human(i.bytes), _when(i.updated)] for i in infos]
        click.echo(_table(["SESSION", "RESULTS", "SIZE", "UPDATED"], rows))


@cli.command()
@click.option("--all", "every", is_flag=True, help="Results of every session.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.pass_obj
def results(obj: _Ctx, every: bool, as_json: bool) -> None:
    """List the results of the session (--session), newest first.

    \b
    Example:
      mcp-context --session demo results
    """
    session = obj.open()
    metas = session.all_results() if every else session.results()
    if as_json:
        _emit_json([asdict(m) | {"uri": m.uri} for m in metas])
    elif not metas:
        where = "any session" if every else f"session {session.id}"
        click.echo(f"no results in {where}" + ("" if every else " (--all lists every session)"))
    else:
        rows = [
            [
                m.handle,
                m.session,
                (m.label or "")[:40],
                f"{m.lines:,}",
                _human(m.bytes),
                f"{m.tokens:,}" + ("" if m.token_method.startswith("exact") else "~"),
                _when(m.created),
            ]
            for m in metas
        ]
        click.echo(_table(["HANDLE", "SESSION", "LABEL", "LINES", "SIZE", "TOKENS", "CREATED"], rows))
        if any(not m.token_method.startswith("exact") for m in metas):
            click.echo("(~ estimated token count)")


@cli.command()
@click.argument("handle")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_obj
def show(obj: _Ctx, handle: str, as_json: bool) -> None:
    """Show one result's metadata and preview.

    \b
    Example:
      mcp-context show r_3f9c2a7be01d4c55
    """
    session = obj.open()
    meta = session.info(handle)
    if as_json:
        _emit_json(asdict(meta) | {"uri": meta.uri})
        return
    for key, value in [
        ("handle", meta.handle),
        ("session", meta.session),
        ("uri", meta.uri),
        ("label", meta.label or "-"),
        ("source", meta.source or "-"),
        ("created", _when(meta.created)),
        ("size", render.sizes(meta)),
        ("mime type", meta.mime_type),
    ]:
        click.echo(f"{key:>10}: {value}")
    click.echo(session.preview(meta).render())


@cli.command()
@click.argument("file", type=click.File("rb"), default="-")
@click.option("--label", help="A short name for the result.")
@click.option("--source", help="Where it came from (default: the file's path).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_obj
def persist(obj: _Ctx, file: Any, label: str | None, source: str | None, as_json: bool) -> None:
    """Store a file (or stdin) as a result: the twin of persist_result.

    \b
    Example:
      pytest 2>&1 | mcp-context persist --label "pytest run"
    """
    session = obj.open()
    name = getattr(file, "name", "-")
    if name not in ("-", "<stdin>"):
        source = source or os.path.abspath(name)
        label = label or os.path.basename(name)
    stored = session.persist_file(file, label=label, source=source)
    if as_json:
        _emit_json(asdict(stored.meta) | {"uri": stored.meta.uri, "stored": stored.created})
    else:
        click.echo(render.persisted(stored, obj.read_command))


@cli.command(name="read")
@click.argument("handle")
@click.option("--start-line", type=click.IntRange(min=1), help="First line, from 1.")
@click.option("--max-lines", type=click.IntRange(min=1), help="Lines per page.")
@click.option("--offset", type=click.IntRange(min=0), help="First character, from 0.")
@click.option("--max-chars", type=click.IntRange(min=1), help="Characters per page.")
@click.option("--grep", help="Only lines matching this regular expression (or literal text).")
@click.option("--context", "context_lines", type=click.IntRange(0, 50), help="Lines around each match.")
@click.option("--max-matches", type=click.IntRange(min=1), help="Matches per answer.")
@click.option("--max-tokens", type=click.IntRange(min=1), help="Token budget of the page.")
@click.option("--raw", is_flag=True, help="Print the page's exact text only (no numbers, no footer).")
@click.option("--json", "as_json", is_flag=True, help="Print the structured result, as the MCP tool returns it.")
@click.pass_obj
def read_cmd(
    obj: _Ctx,
    handle: str,
    start_line: int | None,
    max_lines: int | None,
    offset: int | None,
    max_chars: int | None,
    grep: str | None,
    context_lines: int | None,
    max_matches: int | None,
    max_tokens: int | None,
    raw: bool,
    as_json: bool,
) -> None:
    """Read a page of a result, or grep it: the twin of read_persisted.

    \b
    Example:
      mcp-context read r_3f9c2a7be01d4c55 --grep 'ERROR|FAIL' --context 3
    """
    result = obj.open().read_persisted(
        handle,
        start_line=start_line,
        max_lines=max_lines,
        offset=offset,
        max_chars=max_chars,
        grep=grep,
        context=context_lines,
        max_matches=max_matches,
        max_tokens=max_tokens,
    )
    if as_json:
        from .server.results import read_output, structured

        _emit_json(structured(read_output(result)))
    elif raw:  # the bytes as stored: color=True keeps the escape codes of a coloured log even into a pipe
        if result.page is not None:
            click.echo(result.page.text, nl=False, color=True)
        elif result.grep is not None:
            click.echo("".join(f"{g.text}\n" for g in result.grep.lines if g.match), nl=False, color=True)
    else:
        click.echo(render.read(result, obj.read_command))


@cli.command(name="delete-session")
@click.argument("session")
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@click.pass_obj
def delete_session(obj: _Ctx, session: str, yes: bool) -> None:
    """Delete a session and everything it holds.

    \b
    Example:
      mcp-context delete-session s-20261122-120301-3f9c1a --yes
    """
    store = obj.open()
    if not yes:
        click.confirm(f"delete session {session} and all its results?", abort=True)
    freed = store.delete_session(session)
    click.echo(f"deleted session {session} ({_human(freed)} freed)")


@cli.command()
@click.option("--older-than", type=parse_age, metavar="AGE", help="Remove sessions idle longer than this (30d, 12h).")
@click.option(
    "--max-size",
    type=parse_size,
    metavar="SIZE",
    help="Then remove the oldest until the store is under this.",
)
@click.option("--dry-run", is_flag=True, help="Say what would go; remove nothing.")
@click.pass_obj
def cleanup(obj: _Ctx, older_than: float | None, max_size: int | None, dry_run: bool) -> None:
    """Remove old sessions by age or total size, and debris of interrupted writes.

    \b
    Example:
      mcp-context cleanup --older-than 30d --max-size 2G
    """
    report = obj.open().cleanup(older_than_s=older_than, max_bytes=max_size, dry_run=dry_run)
    verb = "would remove" if dry_run else "removed"
    click.echo(f"{verb} {len(report.sessions_removed)} session(s), {_human(report.bytes_freed)}")
    for name in report.sessions_removed:
        click.echo(f"  {name}")
    if report.debris_removed:
        click.echo(f"removed {report.debris_removed} leftover temporary file(s)")


def _fail(message: str, code: int) -> NoReturn:
    click.echo(f"mcp-context: error: {message}", err=True)
    sys.exit(code)


def main(argv: list[str] | None = None) -> None:
    """Entry point: click without its tracebacks, every failure a single line."""
    try:
        cli.main(args=argv, prog_name="mcp-context", standalone_mode=False)
    except click.exceptions.Abort:
        _fail("aborted", 1)
    except click.ClickException as exc:
        hint = " (see --help)" if isinstance(exc, click.UsageError) else ""
        _fail(" ".join(exc.format_message().split()) + hint, exc.exit_code)
    except ContextError as exc:
        _fail(str(exc), 1)
    except KeyboardInterrupt:
        _fail("interrupted", 130)
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(1)


from . import cli_demo, cli_history, cli_loops, cli_summary  # noqa: E402,F401  (register their commands on `cli`)
