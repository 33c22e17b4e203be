"""Sessions as a whole: listing them, deleting one, and cleaning up by age or size."""

from __future__ import annotations

import click

from .common import Ctx, emit_json, human, parse_age, parse_size, table, when
from .options import json_option


@click.command()
@json_option
@click.pass_obj
def sessions(obj: Ctx, as_json: bool) -> None:
    """List sessions, most recently used first.

    \b
    Example:
      mcp-context sessions
    """
    infos = obj.open().sessions()
    if as_json:
        emit_json([i._asdict() for i in infos])
    elif not infos:
        click.echo("no sessions yet")
    else:
        rows = [[i.session, str(i.results), human(i.bytes), when(i.updated)] for i in infos]
        click.echo(table(["SESSION", "RESULTS", "SIZE", "UPDATED"], rows))


@click.command(name="delete-session")
@click.argument("session")
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@click.pass_obj
def delete_session(obj: Ctx, session: str, yes: bool) -> None:
    """Delete a session and everything it holds.

    \b
    Example:
      mcp-context delete-session s-20261122-120301-3f9c1a --yes
    """
    store = obj.open()
    if not yes:
        click.confirm(f"delete session {session} and all its results?", abort=True)
    freed = store.delete_session(session)
    click.echo(f"deleted session {session} ({human(freed)} freed)")


@click.command()
@click.option("--older-than", type=parse_age, metavar="AGE", help="Remove sessions idle longer than this (30d, 12h).")
@click.option(
    "--max-size",
    type=parse_size,
    metavar="SIZE",
    help="Then remove the oldest until the store is under this.",
)
@click.option("--dry-run", is_flag=True, help="Say what would go; remove nothing.")
@click.option("--reindex", is_flag=True, help="Then rebuild the search index from the stored results.")
@click.pass_obj
def cleanup(obj: Ctx, older_than: float | None, max_size: int | None, dry_run: bool, reindex: bool) -> None:
    """Remove what nothing needs: archives of old compactions that no kept one names, debris of interrupted
    writes, and with --older-than or --max-size whole sessions, oldest first.

    \b
    Example:
      mcp-context cleanup --older-than 30d --max-size 2G
    """
    report = obj.open().cleanup(older_than_s=older_than, max_bytes=max_size, dry_run=dry_run, reindex=reindex)
    verb = "would remove" if dry_run else "removed"
    archives = f" and {report.archives_removed} archive(s) of earlier compactions" if report.archives_removed else ""
    click.echo(f"{verb} {len(report.sessions_removed)} session(s){archives}, {human(report.bytes_freed)}")
    for name in report.sessions_removed:
        click.echo(f"  {name}")
    if report.debris_removed:
        click.echo(f"removed {report.debris_removed} leftover temporary file(s)")
    if report.reindexed is not None:
        click.echo(f"search index rebuilt: {report.reindexed} result(s) indexed")
