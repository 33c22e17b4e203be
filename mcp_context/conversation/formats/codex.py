"""Codex CLI session files (rollout JSONL under ``~/.codex/sessions``) as OpenAI Chat Completions messages.

A rollout holds one record per line, ``{"timestamp", "type", "payload"}``: ``session_meta`` first, then
``response_item`` records (the Responses API items the model saw and wrote: ``message``, ``function_call``,
``function_call_output``, ``custom_tool_call``, ``local_shell_call``, ``reasoning``, ...), ``compacted`` where
Codex compacted the history, and bookkeeping (``event_msg``, ``turn_context``, ``world_state``, token usage)
that is no part of the conversation. The items are replayed into Chat Completions messages, the format the
library already reads for OpenAI: the model's text and calls of one turn become one assistant message, each
output a ``tool`` message. Reasoning is left out: Codex stores it encrypted, and the model never rereads it.
"""

from __future__ import annotations

import json
from typing import Any

#: Messages as read, and for each the ids of the rollout items it came from.
Read = tuple[list[dict[str, Any]], list[tuple[str, ...]]]

#: How the context Codex puts in the user's role begins: the session's environment (cwd, shell, date, sandbox)
#: and AGENTS.md. None of it is the user's words, so it is read as a developer message: a summary's goal or a
#: loop check's new prompt is the user's request, not Codex's ``<environment_context>``.
_INJECTED = ("<environment_context>", "<user_instructions>", "# AGENTS.md instructions")
_OUTPUTS = ("function_call_output", "custom_tool_call_output", "local_shell_call_output", "tool_search_output")
_CALLS = ("function_call", "custom_tool_call", "local_shell_call", "tool_search_call")


def is_codex(records: list[dict[str, Any]]) -> bool:
    """Whether the records are a Codex rollout: its first record is the session's metadata."""
    head = records[:3]
    return any(r.get("type") == "session_meta" and isinstance(r.get("payload"), dict) for r in head)


def model_of(records: list[dict[str, Any]]) -> str | None:
    """The model of the last turn (each turn's context names it)."""
    found = None
    for record in records:
        payload = record.get("payload")
        if record.get("type") == "turn_context" and isinstance(payload, dict):
            model = payload.get("model")
            if isinstance(model, str) and model:
                found = model
    return found


def read_codex(records: list[dict[str, Any]]) -> Read:
    """Chat Completions messages from a rollout's items, from its last compaction on, and the item ids of each."""
    items: list[dict[str, Any]] = []
    for record in records:
        payload = record.get("payload")
        if not isinstance(payload, dict):
            continue
        kind = record.get("type")
        if kind == "response_item":
            items.append(payload)
        elif kind == "compacted":
            items = _after_compaction(items, payload)
    return _messages(items)


def _after_compaction(items: list[dict[str, Any]], payload: dict[str, Any]) -> list[dict[str, Any]]:
    """What the model sees after a compaction: the history Codex put in place when it recorded one, else what
    Codex rebuilds: the user's messages so far and the summary as a user message."""
    replacement = payload.get("replacement_history")
    if isinstance(replacement, list):
        return [i for i in replacement if isinstance(i, dict)]
    kept = [i for i in items if i.get("type", "message") == "message" and i.get("role") == "user"]
    summary = payload.get("message")
    if isinstance(summary, str) and summary:
        kept.append({"type": "message", "role": "user", "content": [{"type": "input_text", "text": summary}]})
    return kept


def _messages(items: list[dict[str, Any]]) -> Read:
    messages: list[dict[str, Any]] = []
    ids: list[list[str]] = []

    def assistant() -> dict[str, Any]:
        """The open assistant message of this turn: a call after a text joins it; a text after a call (whose
        result has not come yet) does too, as the model wrote both in one reply."""
        if messages and messages[-1]["role"] == "assistant":
            return messages[-1]
        messages.append({"role": "assistant", "content": None})
        ids.append([])
        return messages[-1]

    for item in items:
        kind = item.get("type", "message")
        names = [v for v in (item.get("id"), item.get("call_id")) if isinstance(v, str) and v]
        if kind == "message":
            role = item.get("role")
            text = content_text(item.get("content"))
            if role == "assistant":
                message = assistant()
                message["content"] = text if message["content"] is None else f"{message['content']}\n\n{text}"
                ids[-1] += names
            elif role in ("user", "developer", "system"):
                injected = role == "user" and text.lstrip().startswith(_INJECTED)
                messages.append({"role": "developer" if injected else role, "content": text})
                ids.append(names)
        elif kind in _CALLS:
            call = _call(item)
            if call is None:
                continue
            message = assistant()
            message.setdefault("tool_calls", []).append(call)
            ids[-1] += names
        elif kind in _OUTPUTS:
            call_id = item.get("call_id")
            if isinstance(call_id, str):
                messages.append({"role": "tool", "tool_call_id": call_id, "content": _output_text(item.get("output"))})
                ids.append(names)
    for message in messages:
        if message["role"] == "assistant" and message["content"] is None and not message.get("tool_calls"):
            message["content"] = ""
    return messages, [tuple(dict.fromkeys(n)) for n in ids]


def _call(item: dict[str, Any]) -> dict[str, Any] | None:
    """A Chat Completions tool call for a Responses call item; an MCP tool is named ``<namespace>__<tool>``,
    the way Codex declares it (``mcp__mcp_context__check_loop``)."""
    call_id = item.get("call_id") or item.get("id")
    if not isinstance(call_id, str):
        return None
    kind = item.get("type")
    if kind == "local_shell_call":
        name, arguments = "local_shell", json.dumps(item.get("action") or {}, ensure_ascii=False)
    elif kind == "custom_tool_call":
        name, arguments = str(item.get("name") or "custom_tool"), str(item.get("input") or "")
    elif kind == "tool_search_call":
        name, arguments = "tool_search", json.dumps(item.get("arguments") or {}, ensure_ascii=False)
    else:
        name = str(item.get("name") or "function")
        raw = item.get("arguments")
        arguments = raw if isinstance(raw, str) else json.dumps(raw or {}, ensure_ascii=False)
    space = item.get("namespace")
    if isinstance(space, str) and space:
        name = f"{space.removesuffix('__')}__{name}"
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


def content_text(content: Any) -> str:
    """The text of a message's or an output's content items (``input_text``, ``output_text``, ...)."""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return ""
    parts = []
    for part in content:
        if isinstance(part, dict) and isinstance(part.get("text"), str):
            parts.append(part["text"])
        elif isinstance(part, dict) and part.get("type") == "input_image":
            parts.append("[image]")
    return "\n".join(parts)


def _output_text(output: Any) -> str:
    """An output's text: a string, a list of content items (MCP results), or ``{"content", "success"}``."""
    if isinstance(output, dict):
        inner = output.get("content")
        if inner is None and "output" in output:
            inner = output.get("output")
        text = _output_text(inner)
        return f"Error: {text}" if output.get("success") is False and not text.startswith("Error") else text
    if isinstance(output, list):
        return content_text(output)
    return output if isinstance(output, str) else json.dumps(output, ensure_ascii=False)
