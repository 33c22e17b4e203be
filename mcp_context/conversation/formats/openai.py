"""OpenAI Chat Completions messages: ``content`` strings or parts, ``tool_calls``, and ``tool`` role results."""

from __future__ import annotations

import json
from typing import Any

from .. import jsontext
from ..model import Block, Message, Role
from .base import Adapter, text_of

_ROLES: dict[str, Role] = {"system": "system", "developer": "system", "user": "user", "assistant": "assistant"}
_MEDIA = {"image_url", "input_audio", "file"}
# OpenAI results carry no error flag; these openings are how agents and frameworks spell a failed call.
_ERROR_OPENINGS = ("error", "traceback (most recent call last)", "exception:")


class OpenAIAdapter(Adapter):
    name = "openai"
    one_result_per_message = True

    def parse_one(self, item: dict[str, Any]) -> Message:
        role = item["role"]
        if role in ("tool", "function"):
            text = _content_text(item.get("content"))
            call_id = item.get("tool_call_id") if role == "tool" else None
            if role == "tool" and not isinstance(call_id, str):
                raise ValueError("a tool message needs a tool_call_id")
            is_error = text.lstrip()[:40].lower().startswith(_ERROR_OPENINGS)
            block = Block("tool_result", text, call_id=call_id, name=item.get("name"), is_error=is_error, raw=item)
            return Message(role="tool", blocks=[block], origin=item)
        if role not in _ROLES:
            raise ValueError(f"unknown role {role!r}")
        if role != "assistant" and "content" not in item:
            raise ValueError(f"a {role} message needs content")
        blocks = _content_blocks(item.get("content"))
        for call in item.get("tool_calls") or []:
            function = call["function"]
            arguments = function.get("arguments", "")
            try:
                args = jsontext.loads(arguments) if isinstance(arguments, str) and arguments else arguments
            except ValueError:
                args = arguments  # a model may emit broken JSON; keep it as the text it is
            if not isinstance(call.get("id"), str):
                raise ValueError("a tool call needs an id")
            blocks.append(Block("tool_call", call_id=call["id"], name=function["name"], args=args, raw=call))
        return Message(role=_ROLES[role], blocks=blocks, origin=item)

    reusable = True

    def parts(self, item: dict[str, Any]) -> list[Any]:
        if item.get("role") in ("tool", "function"):
            return [item]
        content, calls = item.get("content"), item.get("tool_calls")
        parts = [] if not content else [content] if isinstance(content, str) else list(content)
        return parts + calls if calls else parts

    def build(self, message: Message) -> dict[str, Any]:
        out: dict[str, Any] = dict(message.origin or {})
        if message.role == "tool":
            (block,) = message.blocks
            out.update(role="tool", tool_call_id=block.call_id, content=block.text)
            return out
        out["role"] = out.get("role") or message.role
        parts = [b for b in message.blocks if b.kind not in ("tool_call", "tool_result")]
        original = out.get("content")
        if all(b.kind == "text" for b in parts) and not isinstance(original, list):
            out["content"] = text_of(parts) if parts or message.role != "assistant" else None
        else:
            out["content"] = [b.raw if b.raw is not None else {"type": "text", "text": b.text} for b in parts]
        calls = message.calls
        if calls:
            out["tool_calls"] = [_render_call(b) for b in calls]
        else:
            out.pop("tool_calls", None)
        return out


def _render_call(block: Block) -> Any:
    if block.raw is not None:
        return block.raw
    arguments = block.args if isinstance(block.args, str) else json.dumps(block.args, ensure_ascii=False)
    base = dict(block.source or {"type": "function"})
    base.update(id=block.call_id, function={"name": block.name, "arguments": arguments})
    return base


def _content_blocks(content: Any) -> list[Block]:
    if content is None:
        return []
    if isinstance(content, str):
        return [Block("text", content, raw=content)] if content else []
    blocks = []
    for part in content:
        kind = part["type"]
        if kind in ("text", "refusal"):
            blocks.append(Block("text", part[kind], raw=part))
        elif kind in _MEDIA:
            blocks.append(Block("image", raw=part))
        else:
            blocks.append(Block("other", raw=part))
    return blocks


def _content_text(content: Any) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    return "\n".join(p.get("text", "") for p in content if isinstance(p, dict))
