"""Command-line twin of summarize_range: ``mcp-context summarize``."""

from __future__ import annotations

import re
from typing import Any

import click

from .common import Ctx, emit_json, load_messages
from .options import field_option, json_option


def _position(text: str | None) -> int | str | None:
    """An index when the text is a number, else a '#index' label or an id for the library to look up."""
    if text is None:
        return None
    return int(text) if re.fullmatch(r"-?\d+", text.strip()) else text


@click.command()
@click.argument("file", type=click.File("rb"), required=False)
@field_option("--transcript", metavar="PATH", field="summary.args:SummarizeArgs.transcript")
@field_option("--handle", metavar="HANDLE", field="summary.args:SummarizeArgs.handle")
@field_option("--start", metavar="POS", field="summary.args:SummarizeArgs.start")
@field_option("--end", metavar="POS", field="summary.args:SummarizeArgs.end")
@click.option("--style", default="sections", show_default=True, type=click.Choice(["sections", "snapshot", "brief"]))
@field_option("--focus", field="summary.args:SummarizeArgs.focus")
@field_option("--max-tokens", type=click.IntRange(min=1), field="summary.args:SummarizeArgs.max_tokens")
@click.option(
    "--format", "fmt", default="auto", show_default=True, type=click.Choice(["auto", "openai", "anthropic", "gemini"])
)
@click.option(
    "--summary-file",
    type=click.File("r", encoding="utf-8"),
    help="A summary you wrote for this range: checked and stored instead of the extractive one.",
)
@json_option
@click.pass_obj
def summarize(
    obj: Ctx,
    file: Any,
    transcript: str | None,
    handle: str | None,
    start: str | None,
    end: str | None,
    style: str,
    focus: str | None,
    max_tokens: int | None,
    fmt: str,
    summary_file: Any,
    as_json: bool,
) -> None:
    """Summarise a range of messages and store it beside the originals: the twin of summarize_range.

    FILE is a JSON list of messages or a request body (``-`` for stdin); or use --transcript or --handle.
    The summary is extractive (no LLM) unless --summary-file brings one you wrote.

    \b
    Examples:
      mcp-context summarize history.json --end -20 --style snapshot
      mcp-context summarize --transcript ~/.claude/projects/-home-me-app/SESSION.jsonl --focus "auth refactor"
      mcp-context summarize --handle r_3f9c2a7be01d4c55 --style brief
    """
    if sum(x is not None for x in (file, transcript, handle)) != 1:
        raise click.UsageError("give one source: a FILE of messages (or - for stdin), --transcript or --handle")
    messages = load_messages(file)[0] if file is not None else None
    written = summary_file.read() if summary_file is not None else None
    result = obj.open().summarize_range(
        messages=messages,
        transcript=transcript,
        handle=handle,
        start=_position(start),
        end=_position(end),
        style=style,
        engine="agent" if written is not None else "extractive",
        summary=written,
        max_tokens=max_tokens,
        focus=focus,
        format=fmt,
    )
    if as_json:
        from ..results.shapes import structured
        from ..summary import shapes  # here: only --json needs pydantic

        emit_json(structured(shapes.output(result)))
    else:
        from ..summary import views  # here: the command's help and the others start without it

        click.echo(views.report(result))
