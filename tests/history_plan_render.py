"""A plan rendered in each provider's own shape (OpenAI, Anthropic, Gemini), and what the property tests read back:
stored texts and archives, a message's parts, signed reasoning, tool parts by tag, a history grown by a turn; and
the check every compacted output must pass (valid, nothing lost, signed reasoning untouched, within budget)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from history_plans import PNG, SESSION, Plan, text

from mcp_context import Session
from mcp_context.conversation.formats import adapter
from mcp_context.conversation.validate import problems
from mcp_context.results import archive

# --- rendering a plan in each format ------------------------------------------------------------------------


def render(plan: Plan, fmt: str) -> tuple[list[dict[str, Any]], Any]:
    """The history in ``fmt`` and the ``system=`` argument (None for OpenAI, whose system prompt is a message)."""
    return {"openai": _openai, "anthropic": _anthropic, "gemini": _gemini}[fmt](plan)


def _openai(plan: Plan) -> tuple[list[dict[str, Any]], Any]:
    out: list[dict[str, Any]] = []
    if plan.system is not None:
        out.append({"role": "developer" if plan.developer else "system", "content": plan.system})
    for turn in plan.turns:
        if turn.kind == "prompt":
            if turn.image:
                content: Any = [
                    {"type": "text", "text": turn.text},
                    {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{PNG}"}},
                ]
            else:
                content = turn.text
            out.append({"role": "user", "content": content})
        elif turn.kind == "assistant":
            message: dict[str, Any] = {"role": "assistant", "content": turn.text or None}
            if turn.calls:
                message["tool_calls"] = [
                    {
                        "id": f"call_{c.n}",
                        "type": "function",
                        "function": {"name": c.name, "arguments": json.dumps(c.args)},
                    }
                    for c in turn.calls
                ]
            out.append(message)
        else:
            ordered = list(reversed(turn.calls)) if turn.shuffle else turn.calls
            out += [{"role": "tool", "tool_call_id": f"call_{c.n}", "content": c.result} for c in ordered]
            if turn.text:
                out.append({"role": "user", "content": turn.text})
    return out, None


def _anthropic(plan: Plan) -> tuple[list[dict[str, Any]], Any]:
    out: list[dict[str, Any]] = []
    for turn in plan.turns:
        if turn.kind == "prompt":
            if turn.image:
                image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}
                out.append({"role": "user", "content": [{"type": "text", "text": turn.text}, image]})
            elif turn.as_string:
                out.append({"role": "user", "content": turn.text})
            else:
                out.append({"role": "user", "content": [{"type": "text", "text": turn.text}]})
        elif turn.kind == "assistant":
            if turn.as_string and not turn.calls and not turn.reasoning:
                out.append({"role": "assistant", "content": turn.text})
                continue
            blocks: list[dict[str, Any]] = []
            if turn.reasoning == "redacted":
                blocks.append({"type": "redacted_thinking", "data": f"EmwKAhgBEgy{len(out)}Redacted+/=="})
            elif turn.reasoning is not None:
                blocks.append(
                    {
                        "type": "thinking",
                        "thinking": f"Let me think about step {len(out)}.",
                        "signature": f"sig{len(out)}==",
                    }
                )
            if turn.text:
                blocks.append({"type": "text", "text": turn.text})
            blocks += [
                {"type": "tool_use", "id": f"toolu_{c.n:04d}", "name": c.name, "input": c.args} for c in turn.calls
            ]
            out.append({"role": "assistant", "content": blocks})
        else:
            results: list[dict[str, Any]] = []
            for c in turn.calls:
                content: Any = c.result
                if c.list_content or c.image:
                    content = [{"type": "text", "text": c.result}]
                    if c.image:
                        content.append(
                            {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}
                        )
                block: dict[str, Any] = {"type": "tool_result", "tool_use_id": f"toolu_{c.n:04d}", "content": content}
                if c.error:
                    block["is_error"] = True
                results.append(block)
            if turn.shuffle:
                results.reverse()
            if turn.text:
                results.append({"type": "text", "text": turn.text})
            out.append({"role": "user", "content": results})
    return out, plan.system


def _gemini(plan: Plan) -> tuple[list[dict[str, Any]], Any]:
    out: list[dict[str, Any]] = []
    for turn in plan.turns:
        if turn.kind == "prompt":
            parts: list[dict[str, Any]] = [{"text": turn.text}]
            if turn.image:
                parts.append({"inlineData": {"mimeType": "image/png", "data": PNG}})
            out.append({"role": "user", "parts": parts})
        elif turn.kind == "assistant":
            parts = []
            if turn.reasoning is not None:
                thought: dict[str, Any] = {"text": f"Thinking about step {len(out)}.", "thought": True}
                if turn.reasoning != "unsigned":
                    thought["thoughtSignature"] = f"CtIBAZ{len(out)}Sig=="
                parts.append(thought)
            if turn.text:
                part: dict[str, Any] = {"text": turn.text}
                if turn.sign_text:
                    part["thoughtSignature"] = f"TxtSig{len(out)}=="
                parts.append(part)
            for k, c in enumerate(turn.calls):
                call: dict[str, Any] = {"name": c.name, "args": c.args}
                if plan.gemini_ids:
                    call["id"] = f"fc_{c.n}"
                part = {"functionCall": call}
                if k == 0 and turn.sign_call:
                    part["thoughtSignature"] = f"CallSig{len(out)}=="
                parts.append(part)
            out.append({"role": "model", "parts": parts})
        else:
            # Without ids results pair with calls by position, so only id-carrying results may be reordered.
            ordered = list(reversed(turn.calls)) if turn.shuffle and plan.gemini_ids else turn.calls
            parts = []
            for c in ordered:
                response: dict[str, Any] = {
                    "name": c.name,
                    "response": {"error": c.result} if c.error else {"output": c.result},
                }
                if plan.gemini_ids:
                    response["id"] = f"fc_{c.n}"
                parts.append({"functionResponse": response})
            if turn.text:
                parts.append({"text": turn.text})
            out.append({"role": "user", "parts": parts})
    system = {"parts": [{"text": plan.system}]} if plan.system is not None else None
    return out, system


# --- reading results back -----------------------------------------------------------------------------------


def same(a: Any, b: Any) -> bool:
    """Equal and spelt the same: the bytes a provider's prompt cache sees."""
    return a == b and json.dumps(a, ensure_ascii=False) == json.dumps(b, ensure_ascii=False)


def stored_text(session: Session, handle: str) -> str:
    return "".join(session.iter_text(handle))


def archive_entries(session: Session, handle: str | None) -> dict[int, Any]:
    if handle is None:
        return {}
    entries = {}
    for header, doc in archive.read(handle, lambda h: stored_text(session, h)):
        assert header["archive"] == "compact_history"
        if doc.get("index") is not None:
            entries[doc["index"]] = doc["message"]
    return entries


def parts_of(message: Any, fmt: str) -> list[Any]:
    """The parts of one message a provider sees as units (blocks, parts, tool calls; a tool message whole)."""
    if fmt == "openai":
        if message.get("role") == "tool":
            return [message]
        content = message.get("content")
        listed = content if isinstance(content, list) else []
        return listed + list(message.get("tool_calls") or [])
    if fmt == "anthropic":
        content = message.get("content")
        return content if isinstance(content, list) else []
    return list(message.get("parts", []))


def is_signed(part: Any, fmt: str) -> bool:
    if not isinstance(part, dict):
        return False
    if fmt == "anthropic":
        return part.get("type") == "redacted_thinking" or (part.get("type") == "thinking" and "signature" in part)
    if fmt == "gemini":
        return "thoughtSignature" in part
    return False


_TAG = re.compile(r"@@([RA]\d+)@@")


def tool_parts(messages: list[Any], fmt: str) -> dict[str, Any]:
    """Tool calls and results by the tag their text starts with (results ``R<n>``, long arguments ``A<n>``)."""
    found: dict[str, Any] = {}
    for message in messages:
        for part in parts_of(message, fmt):
            if not isinstance(part, dict):
                continue
            is_tool = (
                part.get("role") == "tool"
                or "function" in part
                or part.get("type") in ("tool_use", "tool_result")
                or "functionCall" in part
                or "functionResponse" in part
            )
            if not is_tool:
                continue
            tags = set(_TAG.findall(json.dumps(part, ensure_ascii=False)))
            for tag in tags:
                assert tag not in found, f"tag {tag} in two tool parts"
                found[tag] = part
    return found


def appended(history: list[Any], fmt: str, size: int = 0) -> list[Any]:
    """Two new turns after ``history``, user side first unless the history ends on the user's side."""
    user_last = history[-1].get("role") in ("user", "tool")
    ask, answer = "Please go on with the next step." + text(3, size), "Going on."
    if fmt == "gemini":
        pair = [{"role": "model", "parts": [{"text": answer}]}, {"role": "user", "parts": [{"text": ask}]}]
        user_pair = [{"role": "user", "parts": [{"text": ask}]}, {"role": "model", "parts": [{"text": answer}]}]
    else:
        pair = [{"role": "assistant", "content": answer}, {"role": "user", "content": ask}]
        user_pair = [{"role": "user", "content": ask}, {"role": "assistant", "content": answer}]
    return pair if user_last else user_pair


def plain_chat(history: list[Any]) -> bool:
    """Messages of only role and text (a string or plain text parts): valid OpenAI and Anthropic alike, and
    detected as OpenAI."""

    def text_only(content: Any) -> bool:
        return isinstance(content, str) or (
            isinstance(content, list) and all(isinstance(p, dict) and set(p) == {"type", "text"} for p in content)
        )

    return all(set(m) == {"role", "content"} and text_only(m["content"]) for m in history)


def new_session(root: Path, name: str = SESSION) -> Session:
    return Session(root=root, session=name, env={})


# --- the main properties ------------------------------------------------------------------------------------


def check_output(session: Session, fmt: str, history: list[Any], result: Any, repaired: bool = False) -> None:
    """The properties every output has. ``repaired``: the input was broken, so repair may have moved a result
    (re-rendered identical to its original, which is archived as removed) or added messages of its own."""
    a = adapter(fmt)
    out = result.messages

    # valid for the provider
    assert problems(a.parse(out), a) == []

    # nothing lost: everything not in the output verbatim is archived, by index, as it was
    archived = archive_entries(session, result.archive.handle if result.archive else None)
    labels = {int(label[1:]) for label in result.removed + result.shortened}
    assert set(archived) == labels
    for index, message in archived.items():
        assert same(message, history[index])
    if repaired:
        for index, message in enumerate(history):
            assert index in labels or any(same(message, m) for m in out), f"#{index} is lost"
    else:
        pointer = 0
        identical = 0
        for message in out:
            match = next((i for i in range(pointer, len(history)) if same(message, history[i])), None)
            if match is not None:
                assert match not in labels or history.count(message) > 1
                pointer = match + 1
                identical += 1
        assert identical == len(history) - len(labels), "an input message is neither in the output nor archived"
        new = 2 if a.strict_alternation else 1  # Gemini: the bridge is a model turn, then a user turn hands back
        assert 0 <= len(out) - identical - len(result.shortened) <= new, "only the bridge is new"

    # signed reasoning is byte-identical or gone
    signed_in = [json.dumps(p) for m in history for p in parts_of(m, fmt) if is_signed(p, fmt)]
    for message in out:
        for part in parts_of(message, fmt):
            if is_signed(part, fmt):
                assert json.dumps(part) in signed_in, f"a signed block was edited: {part!r}"

    # fits, and the figure is honest: counting the output again gives no more than the target
    assert result.tokens_after <= result.target
    if result.compacted:
        assert result.tokens_after <= result.tokens_before
