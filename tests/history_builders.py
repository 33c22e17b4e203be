"""Histories in any of the three formats (OpenAI, Anthropic, Gemini) for the tests of compact_history's rules, and
the checks they share: a session to compact in, what a result or call holds in each format, and that every result
still follows its call. ``no_fsync`` spares the archives' fsync, whose durability is tested elsewhere."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from mcp_context import Session
from mcp_context.conversation.formats import adapter
from mcp_context.conversation.validate import problems
from mcp_context.results import archive

FORMATS = ("openai", "anthropic", "gemini")


HUGE = 10**9


@pytest.fixture(autouse=True)
def no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """Archives are fsynced; the durability is tested elsewhere and only slows these tests down."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)


# --- building histories in any format -----------------------------------------------------------------------


def lines(n_chars: int, word: str = "data") -> str:
    """About ``n_chars`` characters of numbered lines, every line different."""
    out, size, k = [], 0, 0
    while size < n_chars:
        line = f"{word} line {k} " + "x" * 40
        out.append(line)
        size += len(line) + 1
        k += 1
    return "\n".join(out)[:n_chars]


def user(fmt: str, text: str) -> list[dict[str, Any]]:
    if fmt == "gemini":
        return [{"role": "user", "parts": [{"text": text}]}]
    return [{"role": "user", "content": text}]


def say(fmt: str, text: str) -> list[dict[str, Any]]:
    if fmt == "gemini":
        return [{"role": "model", "parts": [{"text": text}]}]
    return [{"role": "assistant", "content": text}]


def calls(fmt: str, *specs: tuple[str, str, dict[str, Any]], text: str | None = None) -> list[dict[str, Any]]:
    """An assistant turn making the calls ``(id, name, args)``; Gemini ids are written unless the id is ""."""
    if fmt == "openai":
        tool_calls = [
            {"id": i, "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}
            for i, name, args in specs
        ]
        return [{"role": "assistant", "content": text, "tool_calls": tool_calls}]
    if fmt == "anthropic":
        blocks: list[dict[str, Any]] = [{"type": "text", "text": text}] if text else []
        blocks += [{"type": "tool_use", "id": i, "name": name, "input": args} for i, name, args in specs]
        return [{"role": "assistant", "content": blocks}]
    parts: list[dict[str, Any]] = [{"text": text}] if text else []
    for i, name, args in specs:
        call: dict[str, Any] = {"name": name, "args": args}
        if i:
            call["id"] = i
        parts.append({"functionCall": call})
    return [{"role": "model", "parts": parts}]


def results(fmt: str, *specs: tuple[str, str, str, bool], text: str | None = None) -> list[dict[str, Any]]:
    """The results ``(id, name, output, is_error)`` handed back; OpenAI errors are spelt as they are, 'Error: ...'."""
    if fmt == "openai":
        out: list[dict[str, Any]] = [
            {"role": "tool", "tool_call_id": i, "content": f"Error: {output}" if error else output}
            for i, _, output, error in specs
        ]
        return out + (user(fmt, text) if text else [])
    if fmt == "anthropic":
        blocks: list[dict[str, Any]] = []
        for i, _, output, error in specs:
            block: dict[str, Any] = {"type": "tool_result", "tool_use_id": i, "content": output}
            if error:
                block["is_error"] = True
            blocks.append(block)
        if text:
            blocks.append({"type": "text", "text": text})
        return [{"role": "user", "content": blocks}]
    parts: list[dict[str, Any]] = []
    for i, name, output, error in specs:
        response: dict[str, Any] = {"name": name, "response": {"error": output} if error else {"output": output}}
        if i:
            response["id"] = i
        parts.append({"functionResponse": response})
    if text:
        parts.append({"text": text})
    return [{"role": "user", "parts": parts}]


def exchange(fmt: str, call_id: str, name: str, args: dict[str, Any], output: str, error: bool = False) -> list[Any]:
    return calls(fmt, (call_id, name, args)) + results(fmt, (call_id, name, output, error))


def tool_loop(fmt: str, rounds: int, size: int = 3_000, first: str = "Fix the parser in /repo/src/parser.py") -> list:
    """A first request, then ``rounds`` of Read calls with results of ``size`` chars, then a closing answer."""
    history = user(fmt, first)
    for k in range(rounds):
        history += exchange(fmt, f"call_{k:02d}", "Read", {"file_path": f"/repo/src/f{k}.py"}, lines(size, f"f{k}"))
    return history + say(fmt, "The parser is fixed.")


def new_session(root: Path, name: str = "t") -> Session:
    return Session(root=root, session=name, env={})


def tokens(session: Session, history: list[Any], **kwargs: Any) -> int:
    return session.compact_history(messages=history, target_tokens=HUGE, session="count", **kwargs).tokens_before


def valid(out: list[Any], fmt: str) -> None:
    a = adapter(fmt)
    assert problems(a.parse(out), a) == []


def stored(session: Session, handle: str) -> str:
    return "".join(session.iter_text(handle))


def archived(session: Session, handle: str) -> dict[int, Any]:
    entries = [entry for _, entry in archive.read(handle, lambda h: stored(session, h))]
    return {e["index"]: e["message"] for e in entries if e.get("index") is not None}


def parts_of(message: Any, fmt: str) -> list[Any]:
    if fmt == "gemini":
        return list(message["parts"])
    content = message.get("content")
    return content if isinstance(content, list) else [content]


def result_ids(message: Any, fmt: str) -> list[str | None]:
    if fmt == "openai":
        return [message["tool_call_id"]] if message.get("role") == "tool" else []
    if fmt == "anthropic":
        content = message["content"] if isinstance(message["content"], list) else []
        return [b["tool_use_id"] for b in content if b.get("type") == "tool_result"]
    return [p["functionResponse"].get("id") for p in message["parts"] if "functionResponse" in p]


def call_ids(message: Any, fmt: str) -> list[str | None]:
    if fmt == "openai":
        return [c["id"] for c in message.get("tool_calls") or []]
    if fmt == "anthropic":
        content = message["content"] if isinstance(message["content"], list) else []
        return [b["id"] for b in content if b.get("type") == "tool_use"]
    return [p["functionCall"].get("id") for p in message["parts"] if "functionCall" in p]


def result_texts(out: list[Any], fmt: str) -> list[str]:
    texts = []
    for message in out:
        if fmt == "openai" and message.get("role") == "tool":
            texts.append(message["content"])
        elif fmt == "anthropic" and isinstance(message["content"], list):
            texts += [str(b.get("content")) for b in message["content"] if b.get("type") == "tool_result"]
        elif fmt == "gemini":
            texts += [
                json.dumps(p["functionResponse"]["response"]) for p in message["parts"] if "functionResponse" in p
            ]
    return texts


def every_result_has_its_call_just_before(out: list[Any], fmt: str) -> None:
    """Exact ids, and the call in the assistant turn right before (OpenAI: before the run of tool messages)."""
    for i, message in enumerate(out):
        ids = result_ids(message, fmt)
        if not ids:
            continue
        j = i - 1
        while fmt == "openai" and j >= 0 and out[j].get("role") == "tool":
            j -= 1
        assert j >= 0, f"message {i} is a tool result at the start"
        made = call_ids(out[j], fmt)
        for result_id in ids:
            assert result_id in made, f"result {result_id} of message {i} answers no call of message {j}: {made}"


def same(a: Any, b: Any) -> bool:
    return a == b and json.dumps(a, ensure_ascii=False) == json.dumps(b, ensure_ascii=False)
