"""What a media part costs, read from the part itself in any provider's shape.

Images are billed at a flat estimate (IMAGE_TOKENS). Documents, files and audio are not images: a text
document is counted as its text, and anything else by its payload's size, so that a 500 KB PDF does not pass
for 1,600 tokens and a history that "fits" does fit. Images nested in a tool result (Anthropic allows them
there) count too, since the provider sees them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .model import IMAGE_TOKENS

#: Bytes per token assumed for a binary payload: a provider extracts at least this much from a document.
BYTES_PER_TOKEN = 4
_IMAGE_TYPES = {"image", "image_url", "input_image"}


def part_tokens(part: Any, count_text: Callable[[str], int]) -> int:
    """One media part (an Anthropic image or document, an OpenAI image_url / file / input_audio part, a Gemini
    inlineData or fileData part)."""
    if not isinstance(part, dict) or _is_image(part):
        return IMAGE_TOKENS
    source = part.get("source")
    if isinstance(source, dict) and source.get("type") == "text" and isinstance(source.get("data"), str):
        return count_text(source["data"])
    payload = _payload(part)
    return max(IMAGE_TOKENS, len(payload) * 3 // 4 // BYTES_PER_TOKEN) if payload else IMAGE_TOKENS


def nested_media_tokens(content: Any, count_text: Callable[[str], int]) -> int:
    """Media inside a tool result's content list (its text is counted with the result)."""
    if not isinstance(content, list):
        return 0
    return sum(
        part_tokens(p, count_text)
        for p in content
        if isinstance(p, dict) and p.get("type") not in (None, "text", "tool_reference")
    )


def _is_image(part: dict[str, Any]) -> bool:
    if part.get("type") in _IMAGE_TYPES:
        return True
    inline, source = part.get("inlineData") or part.get("fileData"), part.get("source")
    kinds = (
        inline.get("mimeType") if isinstance(inline, dict) else None,
        source.get("media_type") if isinstance(source, dict) else None,
    )
    return any(isinstance(k, str) and k.startswith("image/") for k in kinds)


def _payload(part: dict[str, Any]) -> str:
    """The base64 data a part carries, wherever its provider puts it ('' for a reference by id or URL)."""
    for holder in (part.get("source"), part.get("file"), part.get("input_audio"), part.get("inlineData"), part):
        if isinstance(holder, dict):
            for key in ("data", "file_data"):
                if isinstance(holder.get(key), str):
                    return str(holder[key])
    return ""
