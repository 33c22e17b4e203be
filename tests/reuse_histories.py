"""Histories for the tests of what a re-compaction reuses: an OpenAI history of write calls and their results, the
keys its items get, and random message lists (Hypothesis) with calls and results paired or not."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st

from mcp_context.conversation.model import Block, Message, key_of


def _history(n: int) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = [{"role": "system", "content": "be brief"}, {"role": "user", "content": "go"}]
    for i in range(n):
        args = json.dumps({"path": f"src/m{i}.py", "body": "x" * (3000 if i % 3 == 0 else 10)})
        call = {"id": f"c{i}", "type": "function", "function": {"name": "write", "arguments": args}}
        items.append({"role": "assistant", "content": f"step {i}", "tool_calls": [call]})
        items.append({"role": "tool", "tool_call_id": f"c{i}", "content": f"line {i}\n" * (300 + i % 7)})
    return items


def _keyed(items: list[dict[str, Any]]) -> list[str | None]:
    return [key_of(item) for item in items]


def _key(item: dict[str, Any]) -> str | None:
    """key_of's key of a message; None where marshal has no spelling for it (a str subclass in it)."""
    content = item.get("content")
    return None if isinstance(content, str) and type(content) is not str else key_of(item)


_IDS = st.sampled_from(["a", "b", "c"])


@st.composite
def _messages(draw: st.DrawFn) -> list[Message]:
    """Short histories of canonical messages with calls, results and ids drawn from a small set: well paired,
    dangling, orphaned, duplicated, drifted, and empty turns all come up."""
    out = []
    for index in range(draw(st.integers(0, 8))):
        role = draw(st.sampled_from(["user", "assistant", "tool", "system"]))
        blocks = []
        if draw(st.booleans()):
            blocks.append(Block("text", draw(st.sampled_from(["", " ", "hi"])), raw="t"))
        for call_id in draw(st.lists(_IDS, max_size=3)):
            kind = "tool_call" if role == "assistant" else "tool_result"
            blocks.append(Block(kind, "r" if kind == "tool_result" else "", call_id=call_id, name="f", raw={}))
        if draw(st.booleans()):
            blocks.append(Block("text", "after", raw="t"))
        out.append(Message(role, blocks, origin={"n": index}, index=index))
    return out
