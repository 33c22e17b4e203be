"""The command-line twins of persist_result and read_persisted, and the listings of what a session holds."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

import click

from ..results import views
from .common import Ctx, emit_json, human, table, when
from .options import field_option, json_option

if TYPE_CHECKING:
    from ..session import Session

#: Rows a listing shows unless told otherwise: a long session holds hundreds.
DEFAULT_LIMIT = 20


@click.command()
@click.option("--all", "every", is_flag=True, help="Results of every session.")
@click.option(
    "--limit",
    type=click.IntRange(min=0),
    metavar="N",
    help=f"Rows to show, 0 for all (default {DEFAULT_LIMIT}; with --json, all).",
)
@click.option("--skip", type=click.IntRange(min=0), default=0, metavar="N", help="Rows to pass over first (a page).")
@json_option
@click.pass_obj
def results(obj: Ctx, every: bool, limit: int | None, skip: int, as_json: bool) -> None:
    """List the results of the session (--session, else the latest), newest first, a page at a time.

    \b
    Example:
      mcp-context --session demo results
      mcp-context results --all --skip 20      # the next page
    """
    session = obj.open()
    found = session.all_results() if every else session.results()
    shown = limit if limit is not None else (0 if as_json else DEFAULT_LIMIT)
    metas = found[skip : skip + shown] if shown else found[skip:]
    if as_json:
        emit_json([m._asdict() | {"uri": m.uri} for m in metas])
    elif not found:
        click.echo(_nothing_note(session, every))
    elif metas:
        rows = [
            [
                m.handle,
                m.session,
                (m.label or "")[:40],
                f"{m.lines:,}",
                human(m.bytes),
                f"{m.tokens:,}" + ("" if m.token_method.startswith("exact") else "~"),
                when(m.created),
            ]
            for m in metas
        ]
        click.echo(table(["HANDLE", "SESSION", "LABEL", "LINES", "SIZE", "TOKENS", "CREATED"], rows))
        if any(not m.token_method.startswith("exact") for m in metas):
            click.echo("(~ estimated token count)")
    if not as_json and found and len(metas) < len(found):
        click.echo(_page_note(len(found), skip, len(metas)))


def _nothing_note(session: Session, every: bool) -> str:
    """Why the list is empty: a store with no session yet is told as such, not as an empty session named by the
    identifier that was generated for this run alone."""
    if session.settings.session_source == "generated":
        return f"nothing stored in {session.store.root} yet"
    if every:
        return "no results in any session"
    return f"no results in session {session.id} (--all lists every session)"


def _page_note(total: int, skip: int, shown: int) -> str:
    """Which rows of how many were shown, and how to see the others."""
    more = total - skip - shown
    if not shown:
        return f"no rows past --skip {skip}: there are {total}"
    note = f"rows {skip + 1}-{skip + shown} of {total}"
    if more > 0:
        return f"{note}; {more} more: --skip {skip + shown} for the next page, --limit 0 for all"
    return note


@click.command()
@click.argument("handle")
@json_option
@click.pass_obj
def show(obj: Ctx, handle: str, as_json: bool) -> None:
    """Show one result's metadata and preview.

    \b
    Example:
      mcp-context show r_3f9c2a7be01d4c55
    """
    session = obj.open()
    meta = session.info(handle)
    if as_json:
        emit_json(meta._asdict() | {"uri": meta.uri})
        return
    for key, value in [
        ("handle", meta.handle),
        ("session", meta.session),
        ("uri", meta.uri),
        ("label", meta.label or "-"),
        ("source", meta.source or "-"),
        ("created", when(meta.created)),
        ("size", views.sizes(meta)),
        ("mime type", meta.mime_type),
    ]:
        click.echo(f"{key:>10}: {value}")
    click.echo(session.preview(meta).render())


@click.command()
@click.argument("file", type=click.File("rb"), default="-")
@field_option("--label", field="results.args:PersistArgs.label")
@field_option("--source", field="results.args:PersistArgs.source")
@json_option
@click.pass_obj
def persist(obj: Ctx, file: Any, label: str | None, source: str | None, as_json: bool) -> None:
    """Store a file (or stdin) as a result: the twin of persist_result.

    \b
    Example:
      pytest 2>&1 | mcp-context persist --label "pytest run"
    """
    session = obj.open()
    name = getattr(file, "name", "-")
    if name in ("-", "<stdin>") and sys.stdin.isatty():
        click.echo(
            "reading the text to store from the terminal; end it with Ctrl-D (or give a FILE, or pipe)", err=True
        )
    if name not in ("-", "<stdin>"):  # a name's bytes that are not UTF-8 (lone surrogates here) become U+FFFD
        source = source or _readable(os.path.abspath(name))
        label = label or _readable(os.path.basename(name))
    stored = session.persist_file(file, label=label, source=source, allow_empty=False)
    if as_json:
        emit_json(stored.meta._asdict() | {"uri": stored.meta.uri, "stored": stored.created})
    else:
        click.echo(views.persisted(stored, obj.read_command))


def _readable(name: str) -> str:
    """A file name as text, so a file named in another encoding is stored with a label rather than refused."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


@click.command(name="read")
@click.argument("handle")
@field_option("--start-line", type=click.IntRange(min=1), field="results.args:ReadArgs.start_line")
@field_option("--max-lines", type=click.IntRange(min=1), field="results.args:ReadArgs.max_lines")
@field_option("--offset", type=click.IntRange(min=0), field="results.args:ReadArgs.offset")
@field_option("--max-chars", type=click.IntRange(min=1), field="results.args:ReadArgs.max_chars")
@field_option("--grep", field="results.args:ReadArgs.grep")
@field_option("--context", "context_lines", type=click.IntRange(0, 50), field="results.args:ReadArgs.context")
@field_option("--max-matches", type=click.IntRange(min=1), field="results.args:ReadArgs.max_matches")
@field_option("--max-tokens", type=click.IntRange(min=1), field="results.args:ReadArgs.max_tokens")
@click.option("--raw", is_flag=True, help="Print the page's exact text only (no numbers, no footer).")
@json_option
@click.pass_obj
def read_cmd(
    obj: Ctx,
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
        from ..results import shapes  # here: only --json needs pydantic

        emit_json(shapes.structured(shapes.read_output(result)))
    elif raw:  # the bytes as stored: color=True keeps the escape codes of a coloured log even into a pipe
        if result.page is not None:
            click.echo(result.page.text, nl=False, color=True)
        elif result.grep is not None:
            click.echo("".join(f"{g.text}\n" for g in result.grep.lines if g.match), nl=False, color=True)
    else:
        click.echo(views.read(result, obj.read_command))
