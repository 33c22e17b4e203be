"""A conversation history as the loop monitor's events, each traced back to the message it came from.

This is how an agent checks itself without reporting every step: hand over the history (or the host's
transcript) and it is replayed as if each step had been reported live. The order within one assistant
message is: the ``turn`` that starts it, its text (all text blocks as one ``assistant`` event, so the
stuck rule compares whole messages), then its tool calls. Reasoning is skipped: it is the model thinking,
not what it said or did, and providers sign or hide it. A user message that is the user speaking (not tool
results handed back) becomes a ``user`` event, which starts the monitor's per-prompt tracking afresh.

Where the agent was answered about loops is kept apart, as a :class:`Checkpoint`, not as events: its own
earlier check_loop calls (a tool whose name ends with ``check_loop``, as hosts prefix MCP tools:
``mcp__mcp-context__check_loop``) and nudges handed back as user messages. Fed as events they would be read
as the agent's work: a call made every few steps becomes a cycle, its ever-changing answer a new result that
restarts every re-read count, and a nudge a new prompt that forgets the warning it carries. A check counts
where its result is, since that is when the agent heard it; a call with no result yet is the check being
made now.

A message list carries no clock, so every event is stamped at time 0: a replay is deterministic and measures
no wall time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..conversation.model import Message, args_text
from .events import Event
from .verdict import is_nudge

UNKNOWN_TOOL = "unknown_tool"  # a result whose call is not in the history (cut off by an earlier compaction)
NO_CLOCK = 0.0
CHECK_TOOL = "check_loop"


def is_check(name: str | None) -> bool:
    """Whether a tool call is the agent's own check_loop, under any host's prefix."""
    return name is not None and name.endswith(CHECK_TOOL)


@dataclass(frozen=True)
class Checkpoint:
    """Where the agent was given an answer about loops: before the event at ``at`` (its index)."""

    at: int
    label: str  # the message holding the answer
    nudge: bool  # a nudge handed back as a user message, rather than a check_loop result


@dataclass(frozen=True)
class Replayable:
    """The events of a history, for each event the label (``#i``) of the message it came from, and where the
    agent was answered about loops."""

    events: list[Event]
    labels: list[str]
    checkpoints: list[Checkpoint]
    own_calls: int  # check_loop calls left out of the events

    def messages(self, events: tuple[int, ...]) -> list[str]:
        """The labels of the messages behind these event indices, in order, each once."""
        return list(dict.fromkeys(self.labels[i] for i in events if 0 <= i < len(self.labels)))


def history_events(messages: list[Message]) -> Replayable:
    events: list[Event] = []
    labels: list[str] = []
    checkpoints: list[Checkpoint] = []
    own_calls = 0
    names: dict[str, str] = {}  # call id -> tool name: Anthropic and OpenAI results name only the call

    def add(event: Event, message: Message) -> None:
        events.append(event)
        labels.append(message.label())

    for message in messages:
        text = "\n\n".join(b.text for b in message.blocks if b.kind == "text" and b.text)
        if message.role == "assistant":
            calls = [call for call in message.calls if not is_check(call.name)]
            checks = len(message.calls) - len(calls)
            own_calls += checks
            if text or calls or not checks:  # a message that only checks for loops is no step of the work
                add(Event("turn", time=NO_CLOCK), message)
            if text:
                add(Event("assistant", text=text, time=NO_CLOCK), message)
            for call in message.calls:
                name = call.name or UNKNOWN_TOOL
                if call.call_id is not None:
                    names[call.call_id] = name
                if not is_check(name):
                    add(Event("tool_call", name=name, args=_args(call.args), time=NO_CLOCK), message)
            continue
        for result in message.results:
            name = result.name or names.get(result.call_id or "", UNKNOWN_TOOL)
            if is_check(name):
                if not result.is_error:  # a refused check answered nothing
                    checkpoints.append(Checkpoint(len(events), message.label(), nudge=False))
                continue
            add(Event("tool_result", name=name, text=result.text, is_error=result.is_error, time=NO_CLOCK), message)
        if is_nudge(text):
            checkpoints.append(Checkpoint(len(events), message.label(), nudge=True))
        elif message.is_prompt:
            add(Event("user", text=text or None, time=NO_CLOCK), message)
    return Replayable(events, labels, checkpoints, own_calls)


def _args(args: Any) -> Mapping[str, Any]:
    """Arguments as an object: a model may send broken JSON (kept as its text) or no arguments at all."""
    if isinstance(args, Mapping):
        return args
    if args is None or args == "":
        return {}
    return {"arguments": args_text(args)}
