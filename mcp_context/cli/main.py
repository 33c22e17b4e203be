"""The command line: the server, host registration, and a twin of each tool for people at a shell.

Each command parses, makes one Session call and prints. Errors are one line and a non-zero exit: 2 for a
bad command line or input, 1 for what the store or the system refused.
"""

from __future__ import annotations

import sys
from typing import NoReturn

import click

from .. import __version__
from ..config import ENV_HOME, ENV_SESSION, ENV_STORE
from ..errors import ContextError
from ..redaction import ENV_REDACT
from . import compaction, demo, hooks, insight, keys, loops, results, serving, sessions, summary, ui
from .common import Ctx, parse_size
from .flags import in_flags


class Commands(click.Group):
    """The commands, whose core errors speak of the command's flags rather than the tools' arguments."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except ContextError as exc:
            command = self.get_command(ctx, ctx.invoked_subcommand or "")
            if command is not None and exc.args and isinstance(exc.args[0], str):
                exc.args = (in_flags(exc.args[0], command), *exc.args[1:])
            raise


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="mcp-context")
@click.option("--root", envvar=ENV_HOME, metavar="DIR", help=f"Store root (env {ENV_HOME}; default ~/.mcp-context).")
@click.option("--session", envvar=ENV_SESSION, metavar="ID", help=f"Default session (env {ENV_SESSION}).")
@click.option(
    "--store",
    envvar=ENV_STORE,
    metavar="URL",
    help=f"A postgresql:// store shared by many servers (env {ENV_STORE}; default: the file store under the root).",
)
@click.option("--max-result-bytes", type=parse_size, metavar="SIZE", help="Largest result to store (default 64M).")
@click.option(
    "--no-redact",
    is_flag=True,
    help=f"Store credentials in tool output as they are (default: replaced by placeholders; env {ENV_REDACT}=0).",
)
@click.pass_context
def cli(
    ctx: click.Context,
    root: str | None,
    session: str | None,
    store: str | None,
    max_result_bytes: int | None,
    no_redact: bool,
) -> None:
    """Context management for long-running agents: an MCP server and its command-line twin.

    \b
    Example:
      mcp-context serve                 # the MCP server on stdio
      mcp-context results               # what the current session holds
    """
    ctx.obj = Ctx(root, session, max_result_bytes, redact=False if no_redact else None, store=store or None)


#: Every command, registered here and nowhere else.
COMMANDS: list[click.Command] = [
    serving.serve,
    serving.config,
    sessions.sessions,
    results.results,
    results.show,
    results.persist,
    results.read_cmd,
    sessions.delete_session,
    sessions.cleanup,
    compaction.compact,
    summary.summarize,
    loops.check_loop,
    demo.demo,
    hooks.hooks,
    hooks.hook_cmd,
    insight.audit_cmd,
    insight.gauge_cmd,
    keys.keys,
    ui.ui,
]
for _command in COMMANDS:
    cli.add_command(_command)


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
        _fail(str(exc), exc.exit_code)
    except KeyboardInterrupt:
        _fail("interrupted", 130)
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(1)
    except OSError as exc:  # what no check above foresaw still gets one line, never a traceback
        where = f": {exc.filename}" if exc.filename else ""
        _fail(f"{exc.strerror or exc}{where}", 1)
