"""Command-line twins of the history tools: ``mcp-context compact``."""

from __future__ import annotations

import json
from typing import Any

import click

from .common import Ctx, emit_json, load_messages
from .options import field_option, json_option


@click.command()
@click.argument("file", type=click.File("rb"), required=False)
@field_option("--transcript", metavar="PATH", field="compaction.args:CompactArgs.transcript")
@click.option(
    "--format", "fmt", default="auto", show_default=True, type=click.Choice(["auto", "openai", "anthropic", "gemini"])
)
@field_option("--target-tokens", type=click.IntRange(min=1), field="compaction.args:CompactArgs.target_tokens")
@field_option("--model", field="compaction.args:CompactArgs.model")
@field_option("--context-window", type=click.IntRange(min=1), field="compaction.args:CompactArgs.context_window")
@field_option("--trigger", field="compaction.args:CompactArgs.trigger")
@field_option("--keep", field="compaction.args:CompactArgs.keep")
@click.option(
    "--strategy",
    default="auto",
    show_default=True,
    type=click.Choice(["auto", "compact", "summarize", "sliding_window"]),
)
@click.option("--out", "out", type=click.File("w"), help="Write the compacted messages (JSON) here.")
@json_option
@click.pass_obj
def compact(
    obj: Ctx,
    file: Any,
    transcript: str | None,
    fmt: str,
    target_tokens: int | None,
    model: str | None,
    context_window: int | None,
    trigger: str | None,
    keep: str | None,
    strategy: str,
    out: Any,
    as_json: bool,
) -> None:
    """Shrink a history to a token budget, storing what it removes: the twin of compact_history.

    FILE is a JSON list of messages or a request body (``-`` for stdin); or use --transcript.

    \b
    Examples:
      mcp-context compact history.json --target-tokens 50000 --out smaller.json
      mcp-context compact --transcript ~/.claude/projects/-home-me-app/SESSION.jsonl --model opus
    """
    if file is None and transcript is None:
        raise click.UsageError("give a FILE of messages (or - for stdin) or --transcript")
    if file is not None and transcript is not None:
        raise click.UsageError("give a FILE of messages or --transcript, not both")
    messages, extra = load_messages(file) if file is not None else (None, {})
    result = obj.open().compact_history(
        messages=messages,
        transcript=transcript,
        format=fmt,
        target_tokens=target_tokens,
        model=model or extra.get("model"),
        context_window=context_window,
        trigger=trigger,
        keep=keep,
        strategy=strategy,
        system=extra.get("system"),
        tools=extra.get("tools"),
    )
    if out is not None:
        json.dump(result.messages, out, ensure_ascii=False, indent=1)
        out.write("\n")
    if as_json:
        from ..compaction import shapes  # here: only --json needs pydantic
        from ..results.shapes import structured

        emit_json(structured(shapes.output(result, return_messages=out is None)))
    else:
        from ..compaction import views  # here: the command's help and the others start without it

        click.echo(views.report(result))
