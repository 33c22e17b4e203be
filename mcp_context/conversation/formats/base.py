"""What every format adapter provides; the shared part of parsing and rendering."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

from ...errors import ECHO_CHARS, InvalidArgument
from ...storage.ids import shown
from ..model import Block, Message, Role

if TYPE_CHECKING:
    from ...reuse.memos import ParseMemo


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

    #: Whether a message parsed by an earlier call may stand for the same item again (see reuse.memos): not
    #: where parsing a message depends on the messages around it (Gemini pairs calls by position).
    reusable: bool = False

    def parse(
        self,
        items: Any,
        keys: list[str | None] | None = None,
        memo: ParseMemo | None = None,
        handed_over: bool = False,
    ) -> list[Message]:
        """The items as canonical messages. ``keys``: content keys of the items already made, one per item in
        order (None where there is none), taken as the messages' ``origin_key``; with a ``memo`` too, an item
        with the content of one the Session's last call parsed at the same place is not parsed again (see
        reuse.memos). ``handed_over``: nobody changes the items once given (see Session.compact_history), which
        the next call may take on trust."""
        if not isinstance(items, list):
            raise InvalidArgument("messages must be a list of message objects")
        if keys is not None and len(keys) != len(items):
            raise ValueError(f"{len(keys)} content keys for {len(items)} messages")
        earlier, trusted = memo.take() if memo is not None and self.reusable and keys else ({}, frozenset())
        keys = keys or [None] * len(items)
        messages = []
        kept: dict[str, Message] = {}
        handed: set[str] = set()  # the keys of the messages kept that were parsed from items handed over
        reused = 0
        for index, item in enumerate(items):
            if not isinstance(item, dict):
                raise InvalidArgument(f"message #{index} is not an object")
            key = keys[index]
            message = earlier.get(key) if key is not None else None
            if memo is None or message is None or not memo.same(message, item, index, self.parts, key in trusted):
                message = self._parse(item, index)
                if key is not None:
                    message.origin_key = key  # key_of's of the very item: not made again
                    if handed_over:
                        handed.add(key)
            else:
                reused += 1
                if key in trusted:
                    handed.add(key)
            if key is not None:
                kept[key] = message
            messages.append(message)
        self.after_parse(messages)
        if memo is not None and self.reusable:
            # A caller that sends new objects every time (a server decodes each request afresh) gains nothing,
            # and its items would be kept alive between calls: after a call that reused none, none are kept.
            if reused or not earlier:
                memo.keep(kept, frozenset(handed))
            else:
                memo.keep({})
        return messages

    def _parse(self, item: dict[str, Any], index: int) -> Message:
        try:
            message = self.parse_one(item)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            why = str(exc) if len(str(exc)) <= ECHO_CHARS else str(exc)[:ECHO_CHARS] + "..."  # may quote the client
            raise InvalidArgument(f"message #{index} is not a valid {self.name} message ({why})") from None
        message.index = index
        for position, block in enumerate(message.blocks):
            if block.kind in ("text", "reasoning") and not isinstance(block.text, str):
                what = "thinking" if block.kind == "reasoning" else "text"
                raise InvalidArgument(f"message #{index}: a {what} part holds {shown(block.text)}, not a string")
            block.at = (index, position)
        return message

    def parts(self, item: dict[str, Any]) -> list[Any]:
        """The provider parts of ``item`` its blocks keep as ``raw``, in block order (formats that are
        ``reusable``)."""
        raise NotImplementedError

    def after_parse(self, messages: list[Message]) -> None:
        """Hook for formats that pair calls and results by position rather than by id."""
        return None

    def render(self, message: Message) -> Any:
        if not message.changed and message.origin is not None:
            return message.origin
        return self.build(message)

    def render_all(self, messages: list[Message]) -> list[Any]:
        """``render`` of each message, written out: it runs over every message of every compaction."""
        return [m.origin if not m.changed and m.origin is not None else self.build(m) for m in messages]

    @abstractmethod
    def parse_one(self, item: dict[str, Any]) -> Message: ...

    @abstractmethod
    def build(self, message: Message) -> dict[str, Any]: ...

    def results_message(self, results: list[Block]) -> Message:
        role: Role = "tool" if self.one_result_per_message else "user"
        return Message(role=role, blocks=results, changed=True)


def text_of(blocks: list[Block]) -> str:
    return "\n\n".join(b.text for b in blocks if b.kind == "text")
