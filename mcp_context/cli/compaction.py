"""Command-line twins of the history tools: ``mcp-context compact``."""

from __future__ import annotations

import json
from typing import Any

import click

from .common import Ctx, emit_json, load_messages


@click.command()
@click.argument("file", type=click.File("rb"), required=False)
@click.option("--transcript", metavar="PATH", help="A Claude Code, Gemini CLI or Codex CLI transcript, or 'host'.")
@click.option(
    "--format", "fmt", default="auto", show_default=True, type=click.Choice(["auto", "openai", "anthropic", "gemini"])
)
@click.option("--target-tokens", type=click.IntRange(min=1), help="The output must fit this many tokens.")
@click.option("--model", help="Model name, for its input limit (e.g. claude-sonnet-4-5, gpt-5).")
@click.option("--context-window", type=click.IntRange(min=1), help="The model's input limit in tokens.")
@click.option("--trigger", help="Compact only above this: tokens, '6 messages' or a fraction (0.85).")
@click.option("--keep", help="Newest part kept whole: tokens, '6 messages' or a fraction (0.1).")
@click.option(
    "--strategy",
    default="auto",
    show_default=True,
    type=click.Choice(["auto", "compact", "summarize", "sliding_window"]),
)
@click.option("--out", "out", type=click.File("w"), help="Write the compacted messages (JSON) here.")
@click.option("--json", "as_json", is_flag=True, help="Print the structured result, as the MCP tool returns it.")
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
