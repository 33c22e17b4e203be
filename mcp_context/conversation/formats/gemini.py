"""Gemini ``contents``: turns of ``user`` and ``model`` with parts (text, thought, functionCall,
functionResponse, inline data). Calls and results may carry no id: they pair by position, so ours are made up
and never written back."""

from __future__ import annotations

from typing import Any

from ..model import SYNTHETIC_PREFIX, Block, Message, Role, canonical_json, is_synthetic
from .base import Adapter

_ROLES: dict[str, Role] = {"user": "user", "model": "assistant", "system": "system"}
_OUT_ROLES = {"user": "user", "assistant": "model", "tool": "user", "system": "system"}


class GeminiAdapter(Adapter):
    name = "gemini"
    strict_alternation = True
    user_first = True

    def parse_one(self, item: dict[str, Any]) -> Message:
        if item.get("role", "user") not in _ROLES:
            raise ValueError(f"unknown role {item.get('role')!r}")
        role = _ROLES[item.get("role", "user")]
        return Message(role=role, blocks=[_block(p) for p in item["parts"]], origin=item)

    def after_parse(self, messages: list[Message]) -> None:
        pending: list[Block] = []
        for message in messages:
            for k, call in enumerate(message.calls):
                if call.call_id is None:
                    call.call_id = f"{SYNTHETIC_PREFIX}{message.index}.{k}"
            for result in message.results:
                if result.call_id is None:
                    match = next((c for c in pending if c.name == result.name), None)
                    result.call_id = match.call_id if match else f"{SYNTHETIC_PREFIX}orphan.{message.index}"
                pending = [c for c in pending if c.call_id != result.call_id]
            if message.calls:
                pending = list(message.calls)

    def build(self, message: Message) -> dict[str, Any]:
        out: dict[str, Any] = dict(message.origin or {})
        out["role"] = _OUT_ROLES[message.role]
        out["parts"] = [_render(b) for b in message.blocks]
        return out


def _block(part: dict[str, Any]) -> Block:
    signed = "thoughtSignature" in part
    if "functionCall" in part:
        call = part["functionCall"]
        return Block(
            "tool_call", call_id=call.get("id"), name=call["name"], args=call.get("args", {}), signed=signed, raw=part
        )
    if "functionResponse" in part:
        response = part["functionResponse"]
        payload = response.get("response", {})
        output = payload.get("output") if isinstance(payload, dict) else None

        text = output if isinstance(output, str) else canonical_json(payload)
        is_error = isinstance(payload, dict) and "error" in payload
        return Block(
            "tool_result", text, call_id=response.get("id"), name=response.get("name"), is_error=is_error, raw=part
        )
    if "text" in part:
        return Block("reasoning" if part.get("thought") else "text", part["text"], signed=signed, raw=part)
    if "inlineData" in part or "fileData" in part:
        return Block("image", raw=part)
    return Block("other", signed=signed, raw=part)


def _render(block: Block) -> Any:
    if block.raw is not None:
        return block.raw
    source = dict(block.source) if isinstance(block.source, dict) else {}
    synthetic = is_synthetic(block.call_id)
    if block.kind == "tool_result":
        response = dict(source.get("functionResponse", {}))
        payload = {"error": block.text} if block.is_error else {"output": block.text}
        response.update(name=block.name or response.get("name", ""), response=payload)
        if not synthetic:
            response["id"] = block.call_id
        source["functionResponse"] = response
        return source
    if block.kind == "tool_call":
        call = dict(source.get("functionCall", {}))
        call.update(name=block.name, args=block.args)
        if not synthetic:
            call["id"] = block.call_id
        source["functionCall"] = call
        return source
    return {"text": block.text}
