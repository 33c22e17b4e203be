"""Argument types every history tool shares: where the messages come from and in which format."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, PlainValidator, WithJsonSchema
from pydantic_core import PydanticCustomError

Format = Literal["auto", "openai", "anthropic", "gemini"]


def _objects(value: Any) -> list[dict[str, Any]]:
    """The list as given, checked but not copied: compaction hands every unchanged message back as the very
    object it was given, and a 10,000-message history is not copied to be looked at."""
    if not isinstance(value, list):
        raise PydanticCustomError("list_type", "Input should be a valid list")
    for index, item in enumerate(value):
        if not isinstance(item, dict):
            raise PydanticCustomError("item_type", "Item {index} should be an object", {"index": index, "item": item})
    return value


#: A list of JSON objects, as given.
Objects = Annotated[
    list[dict[str, Any]],
    PlainValidator(_objects),
    WithJsonSchema({"type": "array", "items": {"type": "object"}}),
]

Messages = Annotated[Objects | None, Field(description="OpenAI, Anthropic or Gemini")]
Transcript = Annotated[str | None, Field(description="'host' (your own), or a transcript path")]
FormatField = Annotated[Format, Field(description="the format of messages; auto tells it from their shape")]
