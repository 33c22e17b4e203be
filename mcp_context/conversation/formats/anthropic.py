"""Anthropic Messages: content blocks (text, image, tool_use, tool_result, thinking, redacted_thinking)."""

from __future__ import annotations

from typing import Any

from ..model import Block, Message, Role
from .base import Adapter, text_of

_ROLES: dict[str, Role] = {"user": "user", "assistant": "assistant", "system": "system"}


class AnthropicAdapter(Adapter):
    name = "anthropic"
    user_first = True
    blank_text_rejected = True
    #: The API takes consecutive user or assistant turns only by merging them; a compacted history never relies
    #: on that, so its own additions keep the turns alternating (and a repair merges runs it was given).
    strict_alternation = True

    def parse_one(self, item: dict[str, Any]) -> Message:
        if item.get("role") not in _ROLES:
            raise ValueError(f"unknown role {item.get('role')!r}")
        role = _ROLES[item["role"]]
        content = item["content"]
        if isinstance(content, str):
            blocks = [Block("text", content, raw=content)] if content else []
        else:
            blocks = [_block(part) for part in content]
        return Message(role=role, blocks=blocks, origin=item)

    reusable = True

    def parts(self, item: dict[str, Any]) -> list[Any]:
        content = item["content"]
        return ([content] if content else []) if isinstance(content, str) else list(content)

    def build(self, message: Message) -> dict[str, Any]:
        out: dict[str, Any] = dict(message.origin or {})
        out["role"] = message.role
        original = out.get("content")
        if isinstance(original, str) and all(b.kind == "text" for b in message.blocks):
            out["content"] = text_of(message.blocks)
        else:
            out["content"] = [_render(b) for b in message.blocks]
        return out


def _block(part: dict[str, Any]) -> Block:
    kind = part["type"]
    if kind == "text":
        return Block("text", part["text"], raw=part)
    if kind in ("image", "document"):
        return Block("image", raw=part)
    if kind == "tool_use":
        return Block("tool_call", call_id=part["id"], name=part["name"], args=part.get("input", {}), raw=part)
    if kind == "tool_result":
        return Block(
            "tool_result",
            _result_text(part.get("content")),
            call_id=part["tool_use_id"],
            is_error=bool(part.get("is_error")),
            raw=part,
        )
    if kind == "thinking":
        return Block("reasoning", part.get("thinking", ""), signed=bool(part.get("signature")), raw=part)
    if kind == "redacted_thinking":
        return Block("reasoning", signed=True, raw=part)
    return Block("other", raw=part)


def _result_text(content: Any) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    return "\n".join(p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") == "text")


def _render(block: Block) -> Any:
    if block.raw is not None:
        return block.raw if isinstance(block.raw, dict) else {"type": "text", "text": block.raw}
    source = dict(block.source) if isinstance(block.source, dict) else {}
    if block.kind == "tool_result":
        source.update(type="tool_result", tool_use_id=block.call_id, content=block.text)
        if block.is_error:
            source["is_error"] = True
        return source
    if block.kind == "tool_call":
        source.update(type="tool_use", id=block.call_id, name=block.name, input=block.args)
        return source
    return {"type": "text", "text": block.text}
