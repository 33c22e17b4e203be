"""Adapters between provider message formats and the canonical model, and format detection. Host session files
whose items are a provider's own (Codex CLI's rollouts: Responses API items) are read into one of these formats
by a reader beside them (:mod:`.codex`)."""

from __future__ import annotations

from typing import Any

from ...errors import InvalidArgument
from . import codex
from .anthropic import AnthropicAdapter
from .base import Adapter
from .gemini import GeminiAdapter
from .openai import OpenAIAdapter

ADAPTERS: dict[str, Adapter] = {a.name: a for a in (OpenAIAdapter(), AnthropicAdapter(), GeminiAdapter())}
FORMATS = tuple(ADAPTERS)

_ANTHROPIC_TYPES = {"tool_use", "tool_result", "thinking", "redacted_thinking"}


def detect(items: list[Any]) -> str:
    """The format of a message list, from the first telltale key; plain text chats read as OpenAI's.

    Plain ``{"role", "content": str}`` messages are valid in both OpenAI and Anthropic, and an untouched
    message is returned as given, so the choice only shapes messages this library writes."""
    for item in items:
        if not isinstance(item, dict):
            continue
        if "parts" in item or item.get("role") == "model":
            return "gemini"
        if "tool_calls" in item or "tool_call_id" in item or item.get("role") in ("tool", "developer", "function"):
            return "openai"
        content = item.get("content")
        if isinstance(content, list):
            for part in content:
                kind = part.get("type") if isinstance(part, dict) else None
                if kind in _ANTHROPIC_TYPES or (isinstance(part, dict) and isinstance(part.get("source"), dict)):
                    return "anthropic"
                if kind in ("image_url", "input_audio", "file", "refusal"):
                    return "openai"
    return "openai"


def adapter(name: str) -> Adapter:
    try:
        return ADAPTERS[name]
    except KeyError:
        raise InvalidArgument(f"unknown format {name!r}: use auto, {', '.join(FORMATS)}") from None


__all__ = ["ADAPTERS", "FORMATS", "Adapter", "adapter", "codex", "detect"]
