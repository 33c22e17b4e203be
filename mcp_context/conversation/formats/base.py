"""What every format adapter provides; the shared part of parsing and rendering."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from ...errors import InvalidArgument
from ..model import Block, Message, Role


class Adapter(ABC):
    name: str
    #: OpenAI puts each tool result in its own ``tool`` message; the others gather them in one user turn.
    one_result_per_message: bool = False
    #: Gemini rejects two turns of the same role in a row.
    strict_alternation: bool = False
    #: Anthropic and Gemini require the first turn to be the user's.
    user_first: bool = False
    #: Anthropic refuses a text block that is empty or only whitespace ("text content blocks must be non-empty").
    blank_text_rejected: bool = False

    def parse(self, items: Any) -> list[Message]:
        if not isinstance(items, list):
            raise InvalidArgument("messages must be a list of message objects")
        messages = []
        for index, item in enumerate(items):
            if not isinstance(item, dict):
                raise InvalidArgument(f"message #{index} is not an object")
            try:
                message = self.parse_one(item)
            except (KeyError, TypeError, ValueError, AttributeError) as exc:
                raise InvalidArgument(f"message #{index} is not a valid {self.name} message ({exc})") from None
            message.index = index
            for position, block in enumerate(message.blocks):
                if block.kind in ("text", "reasoning") and not isinstance(block.text, str):
                    what = "thinking" if block.kind == "reasoning" else "text"
                    raise InvalidArgument(f"message #{index}: a {what} part holds {block.text!r}, not a string")
                block.home = (message, position)
            messages.append(message)
        self.after_parse(messages)
        return messages

    def after_parse(self, messages: list[Message]) -> None:
        """Hook for formats that pair calls and results by position rather than by id."""
        return None

    def render(self, message: Message) -> Any:
        if not message.changed and message.origin is not None:
            return message.origin
        return self.build(message)

    def render_all(self, messages: list[Message]) -> list[Any]:
        return [self.render(m) for m in messages]

    @abstractmethod
    def parse_one(self, item: dict[str, Any]) -> Message: ...

    @abstractmethod
    def build(self, message: Message) -> dict[str, Any]: ...

    def results_message(self, results: list[Block]) -> Message:
        role: Role = "tool" if self.one_result_per_message else "user"
        return Message(role=role, blocks=results, changed=True)


def text_of(blocks: list[Block]) -> str:
    return "\n\n".join(b.text for b in blocks if b.kind == "text")
