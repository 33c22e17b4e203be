"""Command-line twin of check_loop: ``mcp-context check-loop``, with an exit status scripts can branch on."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from ..errors import InvalidArgument
from .common import Ctx, emit_json, read_input
from .options import field_option, json_option

EXIT_STATUS = {"ok": 0, "warn": 3, "stop": 4}


def _json_option(text: str, what: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise click.BadParameter(f"{what} is not JSON ({exc})") from None


def _load(stream: Any) -> tuple[str, list[Any]]:
    """What FILE holds: ("messages", a message list) or ("events", a list of event objects)."""
    raw = read_input(stream)
    try:
        doc = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return "events", _json_lines(raw)
    if isinstance(doc, dict) and "kind" in doc:
        return "events", [doc]
    if isinstance(doc, list) and doc and all(isinstance(item, dict) and "kind" in item for item in doc):
        return "events", doc
    if isinstance(doc, list):
        return "messages", doc
    if isinstance(doc, dict):
        for key in ("messages", "contents"):
            if isinstance(doc.get(key), list):
                return "messages", doc[key]
    raise InvalidArgument(
        "the input must be a JSON list of messages, a request body with messages or contents, or JSON lines of "
        "events (objects with a kind)"
    )


def _json_lines(raw: bytes) -> list[Any]:
    events = []
    for number, line in enumerate(raw.decode("utf-8", "replace").splitlines(), 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError:
            raise InvalidArgument(f"the input is neither JSON nor JSON lines (line {number} is not JSON)") from None
        if isinstance(item, dict) and "kind" not in item and ("message" in item or "$set" in item or "payload" in item):
            raise InvalidArgument("this looks like a host transcript: pass it with --transcript")
        events.append(item)
    return events


@click.command(name="check-loop")
@click.argument("file", type=click.File("rb"), required=False)
@field_option("--transcript", metavar="PATH", field="loops.args:CheckLoopArgs.transcript")
@click.option(
    "--format", "fmt", default="auto", show_default=True, type=click.Choice(["auto", "openai", "anthropic", "gemini"])
)
@click.option("--event", "event_texts", multiple=True, metavar="JSON", help="An event for the session's stream.")
@click.option("--policy", "policy_text", metavar="JSON", help="Thresholds and switches, e.g. '{\"max_steps\": 40}'.")
@field_option("--reset", is_flag=True, field="loops.args:CheckLoopArgs.reset")
@json_option
@click.pass_obj
def check_loop(
    obj: Ctx,
    file: Any,
    transcript: str | None,
    fmt: str,
    event_texts: tuple[str, ...],
    policy_text: str | None,
    reset: bool,
    as_json: bool,
) -> None:
    """Say whether an agent is looping or stuck, and what to tell it: the twin of check_loop.

    FILE (- for stdin) is replayed on its own, storing nothing: a JSON list of messages (OpenAI, Anthropic
    or Gemini), a request body, or JSON lines of events ({"kind": "tool_call", "name": ..., "args": ...}).
    --event (repeatable) adds events to the session's stored stream instead, where earlier checks' events
    count too; --policy given with it stays with the session.

    \b
    Exit status: 0 ok, 3 warn, 4 stop; 1 error, 2 bad command line.

    \b
    Examples:
      mcp-context check-loop history.json
      mcp-context check-loop --transcript ~/.claude/projects/-home-me-app/SESSION.jsonl
      mcp-context --session agent check-loop --event '{"kind": "tool_call", "name": "Bash", "args": {"cmd": "ls"}}'
    """
    if sum((file is not None, transcript is not None, bool(event_texts))) > 1:
        raise click.UsageError("give one of FILE, --transcript or --event")
    policy = _json_option(policy_text, "--policy") if policy_text is not None else None
    session = obj.open()
    if file is not None:
        kind, items = _load(file)
        if kind == "messages":
            result = session.check_loop(messages=items, policy=policy, format=fmt)
        else:  # on their own: a fresh stream under the given policy (or the defaults), saved nowhere
            result = session.check_loop(events=items, policy=policy or {}, reset=True, format=fmt, dry_run=True)
    else:
        events = [_json_option(text, "--event") for text in event_texts] or None
        result = session.check_loop(events=events, transcript=transcript, policy=policy, reset=reset, format=fmt)
    if as_json:
        from ..loops import shapes  # here: only --json needs pydantic
        from ..results.shapes import structured

        emit_json(structured(shapes.output(result)))
    else:
        from ..loops import views  # here: the command's help and the others start without it

        click.echo(views.report(result))
    sys.exit(EXIT_STATUS[result.verdict.status])
