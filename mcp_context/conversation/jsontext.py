"""JSON text from outside (a transcript's line, a tool's output, a model's call arguments) read with a bound on
its nesting: the standard library's reader goes as deep as the interpreter's stack allows (about 1,000 levels),
and what reads the value afterwards walks it recursively, so a line of ``[[[[...`` a thousand deep would end a
tool with RecursionError. A value nested deeper than ``MAX_DEPTH`` (the depth the MCP SDK's own parser stops
at, so nothing deeper arrives over the wire either) is refused as not JSON."""

from __future__ import annotations

import json
from typing import Any

MAX_DEPTH = 250


def loads(text: str) -> Any:
    """``json.loads(text)``; ValueError for text that is not JSON or nests deeper than MAX_DEPTH."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise ValueError(f"nested deeper than {MAX_DEPTH} levels") from None
    if text.count("[") + text.count("{") > MAX_DEPTH and _deeper(value):
        raise ValueError(f"nested deeper than {MAX_DEPTH} levels")
    return value


def _deeper(value: Any) -> bool:
    """Whether ``value`` nests lists and objects deeper than MAX_DEPTH (walked without recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                return True
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return False
