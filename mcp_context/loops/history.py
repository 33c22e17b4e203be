"""A conversation history as the loop monitor's events, each traced back to the message it came from.

This is how an agent checks itself without reporting every step: hand over the history (or the host's
transcript) and it is replayed as if each step had been reported live. The order within one assistant
message is: the ``turn`` that starts it, its text (all text blocks as one ``assistant`` event, so the
stuck rule compares whole messages), then its tool calls. Reasoning is skipped: it is the model thinking,
not what it said or did, and providers sign or hide it. A user message that is the user speaking (not tool
results handed back) becomes a ``user`` event, which starts the monitor's per-prompt tracking afresh.

A message list carries no clock, so every event is stamped at time 0: a replay is deterministic and measures
no wall time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..history.model import Message, args_text
from .events import Event

UNKNOWN_TOOL = "unknown_tool"  # a result whose call is not in the history (cut off by an earlier compaction)
NO_CLOCK = 0.0


@dataclass(frozen=True)
class Replayable:
    """The events of a history, and for each event the label (``#i``) of the message it came from."""

    events: list[Event]
    labels: list[str]

    def messages(self, events: tuple[int, ...]) -> list[str]:
        """The labels of the messages behind these event indices, in order, each once."""
        return list(dict.fromkeys(self.labels[i] for i in events if 0 <= i < len(self.labels)))


def history_events(messages: list[Message]) -> Replayable:
    events: list[Event] = []
    labels: list[str] = []
    names: dict[str, str] = {}  # call id -> tool name: Anthropic and OpenAI results name only the call

    def add(event: Event, message: Message) -> None:
        events.append(event)
        labels.append(message.label())

    for message in messages:
        if message.role == "assistant":
            add(Event("turn", time=NO_CLOCK), message)
            text = "\n\n".join(b.text for b in message.blocks if b.kind == "text" and b.text)
            if text:
                add(Event("assistant", text=text, time=NO_CLOCK), message)
            for call in message.calls:
                name = call.name or UNKNOWN_TOOL
                if call.call_id is not None:
                    names[call.call_id] = name
                add(Event("tool_call", name=name, args=_args(call.args), time=NO_CLOCK), message)
            continue
        for result in message.results:
            name = result.name or names.get(result.call_id or "", UNKNOWN_TOOL)
            add(Event("tool_result", name=name, text=result.text, is_error=result.is_error, time=NO_CLOCK), message)
        if message.is_prompt:
            text = "\n\n".join(b.text for b in message.blocks if b.kind == "text" and b.text)
            add(Event("user", text=text or None, time=NO_CLOCK), message)
    return Replayable(events, labels)


def _args(args: Any) -> Mapping[str, Any]:
    """Arguments as an object: a model may send broken JSON (kept as its text) or no arguments at all."""
    if isinstance(args, Mapping):
        return args
    if args is None or args == "":
        return {}
    return {"arguments": args_text(args)}
