"""Property tests for compact_history over random histories in the OpenAI, Anthropic and Gemini formats.

One abstract history (a plan) is drawn and rendered in each provider's own shape: parallel tool calls and their
results, error results, signed reasoning (Anthropic ``thinking`` with a signature and ``redacted_thinking``,
Gemini parts with a ``thoughtSignature``), images, and tool results from a few characters up to 60,000 so every
layer gets to run. For random budgets and each strategy the output must be valid for its provider, lose nothing
(what is not in the output verbatim is in the archive), never edit signed reasoning, fit or say it cannot, and
come out the same again, also as the cached prefix of a longer history.
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from mcp_context import Session
from mcp_context.conversation.formats import adapter
from mcp_context.conversation.model import key_of
from mcp_context.conversation.validate import problems
from mcp_context.errors import InvalidInput, TooLarge
from mcp_context.results import archive

pytestmark = pytest.mark.slow  # property searches over many generated histories: the full suite's part


FORMATS = ("openai", "anthropic", "gemini")
STRATEGIES = ("auto", "compact", "summarize", "sliding_window")
HUGE = 10**9
SESSION = "props"

PROPS = settings(
    max_examples=40,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.fixture(autouse=True)
def no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every stored archive is fsynced; thousands of them make these tests wait on the disk, not on the code."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)


# --- text ---------------------------------------------------------------------------------------------------

_WORDS = (
    "the of and to in is that for it with as on be at by this from or an are not was which all but "
    "error value file path config parse render token cache message result buffer index module return "
    "naïve données 数据 ключ 🙂"
).split()


def _corpus(size: int) -> str:
    rng = random.Random(1234)
    lines, length = [], 0
    while length < size:
        line = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(1, 16)))
        lines.append(line)
        length += len(line) + 1
    return "\n".join(lines)


_CORPUS = _corpus(200_000)


def text(seed: int, size: int, tag: str = "") -> str:
    """``size`` characters of word-like lines, from a place picked by ``seed``, after ``tag`` when given."""
    start = seed % (len(_CORPUS) - 60_000)
    body = _CORPUS[start : start + size]
    return f"{tag}\n{body}"[:size] if tag and size > len(tag) else (f"{tag}\n" if tag else body)


PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="

# --- the abstract history -----------------------------------------------------------------------------------


class Call:
    """One tool call and its result. Plain classes with short reprs: a falsifying example prints in a few lines."""

    def __init__(
        self,
        n: int,
        name: str,
        args: dict[str, Any],
        result: str,
        error: bool = False,
        list_content: bool = False,  # Anthropic tool_result content as a list of blocks
        image: bool = False,  # Anthropic tool_result with an image block
    ) -> None:
        self.n, self.name, self.args, self.result = n, name, args, result
        self.error, self.list_content, self.image = error, list_content, image

    def __repr__(self) -> str:
        sizes = {k: len(v) if isinstance(v, str) and len(v) > 60 else v for k, v in self.args.items()}
        flags = "".join(f" {k}" for k in ("error", "list_content", "image") if getattr(self, k))
        return f"Call({self.n}, {self.name}, args={sizes}, result={len(self.result)} chars{flags})"


class Turn:
    def __init__(
        self,
        kind: str,  # "prompt", "assistant", "results"
        text: str = "",
        image: bool = False,
        reasoning: str | None = None,  # "signed", "redacted", "unsigned" (Gemini thought without signature)
        sign_call: bool = False,  # Gemini: thoughtSignature on the first functionCall part
        sign_text: bool = False,  # Gemini: thoughtSignature on a plain text part
        calls: list[Call] | None = None,
        shuffle: bool = False,  # results in another order than the calls
        as_string: bool = False,  # Anthropic: string content
    ) -> None:
        self.kind, self.text, self.image, self.reasoning = kind, text, image, reasoning
        self.sign_call, self.sign_text, self.calls = sign_call, sign_text, calls or []
        self.shuffle, self.as_string = shuffle, as_string

    def __repr__(self) -> str:
        flags = [k for k in ("image", "sign_call", "sign_text", "shuffle", "as_string") if getattr(self, k)]
        shown = self.text if len(self.text) <= 60 else f"{len(self.text)} chars"
        return f"Turn({self.kind}, {shown!r}, reasoning={self.reasoning}, flags={flags}, calls={self.calls})"


class Plan:
    def __init__(self, system: str | None, turns: list[Turn], gemini_ids: bool, developer: bool = False) -> None:
        self.system, self.turns, self.gemini_ids, self.developer = system, turns, gemini_ids, developer

    def __repr__(self) -> str:
        system = self.system if self.system is None or len(self.system) < 60 else f"{len(self.system)} chars"
        turns = ",\n  ".join(repr(t) for t in self.turns)
        head = f"Plan(system={system!r}, gemini_ids={self.gemini_ids}, developer={self.developer}"
        return f"{head}, turns=[\n  {turns}])"


_SIZES = {
    "s": st.integers(0, 400),
    "m": st.integers(600, 6_000),
    "l": st.integers(6_000, 50_000),
    "xl": st.integers(50_001, 60_000),  # over the 50,000-char limit of layer 2
}
_sizes = st.sampled_from(["s", "s", "s", "m", "m", "l", "xl"]).flatmap(_SIZES.__getitem__)


@st.composite
def calls(draw: st.DrawFn, counter: list[int]) -> Call:
    counter[0] += 1
    n = counter[0]
    name = draw(st.sampled_from(["Read", "Bash", "Grep", "Write", "Task", "WebFetch"]))
    seed = draw(st.integers(0, 10**6))
    args: dict[str, Any]
    if name == "Read":
        args = {"file_path": f"/repo/src/module_{n}.py"}
    elif name == "Bash":
        args = {"command": f"pytest -q tests/test_{n}.py"}
    elif name == "Grep":
        args = {"pattern": f"def f{n}", "path": "/repo"}
    elif name == "Write":
        size = draw(st.sampled_from([50, 500, 2_500, 10_000]))
        # Keys out of sorted order on purpose: a replayed cut must keep the order (the bytes) it was sent in.
        args = {"file_path": f"/repo/out_{n}.txt", "content": text(seed + 1, size, f"@@A{n}@@")}
    elif name == "Task":
        size = draw(st.sampled_from([40, 3_000]))
        args = {"description": f"sub task {n}", "prompt": text(seed + 2, size, f"@@A{n}@@")}
    else:
        args = {"url": f"https://example.com/page/{n}"}
    error = draw(st.integers(0, 6)) == 0
    body = text(seed, draw(_sizes), f"@@R{n}@@")
    return Call(
        n,
        name,
        args,
        ("Error: " + body) if error else body,
        error=error,
        list_content=draw(st.booleans()),
        image=draw(st.integers(0, 9)) == 0,
    )


def _prompt(draw: st.DrawFn, n: int) -> Turn:
    seed = draw(st.integers(0, 10**6))
    size = draw(st.sampled_from([20, 200, 1_500]))
    words = text(seed, size).replace("\n", " ").strip() or "go"
    return Turn(
        "prompt",
        f"Request {n}: please look at /repo/src/file_{n}.py. {words}",
        image=draw(st.integers(0, 5)) == 0,
        as_string=draw(st.booleans()),
    )


@st.composite
def plans(draw: st.DrawFn) -> Plan:
    counter = [0]
    system = draw(st.one_of(st.none(), st.sampled_from(["You are a careful coding agent.", text(7, 3_000)])))
    turns = [_prompt(draw, 0)]
    rounds = draw(st.integers(1, 10))
    for r in range(rounds):
        seed = draw(st.integers(0, 10**6))
        n_calls = draw(st.sampled_from([0, 1, 1, 1, 2, 3]))
        has_text = n_calls == 0 or draw(st.booleans())
        size = draw(st.sampled_from([10, 300, 3_000]))
        turns.append(
            Turn(
                "assistant",
                (text(seed, size).strip() or "ok") if has_text else "",
                reasoning=draw(st.sampled_from([None, None, "signed", "redacted", "unsigned"])),
                sign_call=draw(st.booleans()),
                sign_text=draw(st.integers(0, 4)) == 0,
                calls=[draw(calls(counter)) for _ in range(n_calls)],
                as_string=draw(st.booleans()),
            )
        )
        if n_calls:
            trailing = draw(st.integers(0, 5)) == 0
            turns.append(
                Turn(
                    "results",
                    f"Note {r}: also check /repo/notes_{r}.md" if trailing else "",
                    calls=turns[-1].calls,
                    shuffle=draw(st.booleans()),
                )
            )
        elif r < rounds - 1 or draw(st.booleans()):
            turns.append(_prompt(draw, r + 1))
    return Plan(system, turns, gemini_ids=draw(st.booleans()), developer=draw(st.booleans()))


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


# --- round trips --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
@PROPS
@given(plan=plans())
def test_round_trip_every_generated_history(fmt: str, plan: Plan) -> None:
    history, system = render(plan, fmt)
    snapshot = copy.deepcopy(history)
    a = adapter(fmt)
    parsed = a.parse(history)
    assert same(a.render_all(parsed), history)
    assert problems(parsed, a) == [], "the generator made an invalid history"
    with tempfile.TemporaryDirectory() as tmp:
        session = new_session(Path(tmp))
        result = session.compact_history(messages=history, format="auto", target_tokens=HUGE, system=system)
    assert result.format == fmt or plain_chat(history), "format detection"
    assert not result.compacted
    assert result.archive is None and result.removed == [] and result.shortened == []
    assert len(result.messages) == len(history)
    for out, original in zip(result.messages, history, strict=True):
        assert same(out, original)
    assert same(history, snapshot), "compact_history changed the caller's list"


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


@pytest.mark.parametrize("fmt", FORMATS)
@PROPS
@given(
    plan=plans(),
    strategy=st.sampled_from(STRATEGIES),
    fraction=st.one_of(st.floats(0.5, 1.05), st.floats(0.15, 0.5), st.floats(0.01, 0.15)),
    keep=st.sampled_from([None, "2 messages", {"messages": 4}, 300, "1k tokens"]),
    detect=st.booleans(),
)
def test_compaction_properties(fmt: str, plan: Plan, strategy: str, fraction: float, keep: Any, detect: bool) -> None:
    history, system = render(plan, fmt)
    snapshot = copy.deepcopy(history)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        probe = new_session(root, "probe").compact_history(
            messages=history, target_tokens=HUGE, system=system, format=fmt
        )
        target = max(1, int(probe.tokens_before * fraction))
        args = dict(messages=history, target_tokens=target, keep=keep, strategy=strategy, system=system)
        args["format"] = "auto" if detect else fmt
        session = new_session(root)
        try:
            result = session.compact_history(**args)
        except TooLarge as exc:
            assert "cannot fit" in str(exc) and "left as it was" in str(exc)
            event("too large")
            return
        except InvalidInput as exc:  # only a keep in tokens larger than the target is refused
            wanted = 300 if keep == 300 else 1000 if keep == "1k tokens" else None
            assert wanted is not None and wanted > target, str(exc)
            assert "is larger than the target" in str(exc)
            event("keep larger than the target")
            return
        for report in result.layers:
            event(f"layer {report.layer} changed {'some' if report.changed else 'none'}")
        assert same(history, snapshot), "compact_history changed the caller's list"
        assert result.format == fmt or (detect and plain_chat(history))
        check_output(session, fmt, history, result)

        # the output really is as small as reported
        recount = new_session(root, "recount").compact_history(
            messages=result.messages, target_tokens=HUGE, system=system, format=fmt
        )
        assert recount.tokens_before <= result.target

        # the same call again (a new Session on the same store and session) gives the same output
        again = new_session(root).compact_history(**args)
        assert same(again.messages, result.messages)
        assert again.tokens_after == result.tokens_after

        # the same history with two new turns, and room for them under the trigger (the same target: a budget a
        # fifth larger or more would start afresh): the old output is the new output's prefix
        more = history + appended(history, fmt)
        grown = new_session(root).compact_history(**{**args, "messages": more, "trigger": target + 100})
        assert same(grown.messages[: len(result.messages)], result.messages)
        assert same(grown.messages[len(result.messages) :], more[len(history) :])


@pytest.mark.parametrize("fmt", FORMATS)
@PROPS
@given(
    plan=plans(),
    strategy=st.sampled_from(STRATEGIES),
    fraction=st.floats(0.05, 0.9),
    extra=st.sampled_from([0, 2_000, 20_000]),
)
def test_replacements_replay_byte_for_byte(fmt: str, plan: Plan, strategy: str, fraction: float, extra: int) -> None:
    """A later call on a longer history, under the same budget, never re-renders an earlier replacement."""
    history, system = render(plan, fmt)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        probe = new_session(root, "probe").compact_history(
            messages=history, target_tokens=HUGE, system=system, format=fmt
        )
        target = max(1, int(probe.tokens_before * fraction))
        args = dict(target_tokens=target, keep="2 messages", strategy=strategy, system=system, format=fmt)
        try:
            first = new_session(root).compact_history(messages=history, **args)
        except TooLarge:
            return
        more = history + appended(history, fmt, extra)
        try:
            second = new_session(root).compact_history(messages=more, **args)
        except TooLarge:
            return
        check_output(new_session(root), fmt, more, second)
        original = tool_parts(history, fmt)
        before = tool_parts(first.messages, fmt)
        after = tool_parts(second.messages, fmt)
        for tag, part in before.items():
            if same(part, original[tag]) or tag not in after:
                continue
            event("an earlier replacement is still in the longer history")
            assert same(after[tag], part), f"the replacement of {tag} was rendered differently the second time"


# --- explicit round trips, one per block type ---------------------------------------------------------------

IMAGE_SOURCE = {"type": "base64", "media_type": "image/png", "data": PNG}
EXAMPLES: dict[str, list[list[dict[str, Any]]]] = {
    "openai": [
        [{"role": "system", "content": "Be brief."}],
        [{"role": "developer", "content": "Be brief."}],
        [{"role": "user", "content": "hello"}],
        [{"role": "user", "content": [{"type": "text", "text": "hello"}]}],
        [
            {
                "role": "user",
                "content": [{"type": "image_url", "image_url": {"url": "https://x/y.png", "detail": "low"}}],
            }
        ],
        [{"role": "user", "content": [{"type": "input_audio", "input_audio": {"data": "AAAA", "format": "wav"}}]}],
        [{"role": "user", "content": [{"type": "file", "file": {"file_id": "file-abc"}}]}],
        [{"role": "assistant", "content": [{"type": "refusal", "refusal": "I can't help with that."}]}],
        [{"role": "assistant", "content": "Sure.", "name": "helper"}],
        [
            {"role": "user", "content": "list files"},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": "call_a", "type": "function", "function": {"name": "ls", "arguments": '{"path": "."}'}},
                    {"id": "call_b", "type": "function", "function": {"name": "pwd", "arguments": ""}},
                ],
            },
            {"role": "tool", "tool_call_id": "call_a", "content": "a.py\nb.py"},
            {"role": "tool", "tool_call_id": "call_b", "content": [{"type": "text", "text": "/repo"}]},
        ],
        [
            {"role": "user", "content": "x"},
            {
                "role": "assistant",
                "content": "",
                "tool_calls": [
                    {"id": "call_c", "type": "function", "function": {"name": "f", "arguments": "{not json"}}
                ],
            },
            {"role": "tool", "tool_call_id": "call_c", "content": "Error: bad arguments"},
        ],
    ],
    "anthropic": [
        [{"role": "user", "content": "hello"}],
        [{"role": "user", "content": [{"type": "text", "text": "hello", "cache_control": {"type": "ephemeral"}}]}],
        [{"role": "user", "content": [{"type": "image", "source": IMAGE_SOURCE}]}],
        [
            {
                "role": "user",
                "content": [{"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "d"}}],
            }
        ],
        [{"role": "assistant", "content": [{"type": "thinking", "thinking": "hmm", "signature": "EqQBCkYIARgCKkA=="}]}],
        [{"role": "assistant", "content": [{"type": "redacted_thinking", "data": "EmwKAhgBEgy3va3pzix/LafPsn4a"}]}],
        [{"role": "assistant", "content": [{"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search"}]}],
        [
            {"role": "user", "content": "read it"},
            {
                "role": "assistant",
                "content": [
                    {"type": "thinking", "thinking": "I should read.", "signature": "c2ln"},
                    {"type": "text", "text": "Reading."},
                    {"type": "tool_use", "id": "toolu_01", "name": "Read", "input": {"file_path": "/a"}},
                    {"type": "tool_use", "id": "toolu_02", "name": "Read", "input": {"file_path": "/b"}},
                ],
            },
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": "toolu_01", "content": "A"},
                    {
                        "type": "tool_result",
                        "tool_use_id": "toolu_02",
                        "content": [{"type": "text", "text": "B"}, {"type": "image", "source": IMAGE_SOURCE}],
                        "is_error": True,
                    },
                    {"type": "text", "text": "and then?"},
                ],
            },
        ],
        [
            {"role": "user", "content": "x"},
            {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_03", "name": "noop", "input": {}}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_03"}]},
        ],
    ],
    "gemini": [
        [{"role": "user", "parts": [{"text": "hello"}]}],
        [{"parts": [{"text": "a turn with no role reads as the user's"}]}],
        [{"role": "user", "parts": [{"inlineData": {"mimeType": "image/png", "data": PNG}}]}],
        [{"role": "user", "parts": [{"fileData": {"mimeType": "application/pdf", "fileUri": "gs://b/f.pdf"}}]}],
        [{"role": "model", "parts": [{"text": "plan", "thought": True, "thoughtSignature": "CtIBAZ=="}]}],
        [{"role": "model", "parts": [{"text": "answer", "thoughtSignature": "U2ln"}]}],
        [{"role": "model", "parts": [{"executableCode": {"language": "PYTHON", "code": "print(1)"}}]}],
        [
            {"role": "user", "parts": [{"text": "weather?"}]},
            {
                "role": "model",
                "parts": [
                    {"functionCall": {"name": "weather", "args": {"city": "Paris"}}, "thoughtSignature": "c2ln"},
                    {"functionCall": {"name": "weather", "args": {"city": "Rome"}}},
                ],
            },
            {
                "role": "user",
                "parts": [
                    {"functionResponse": {"name": "weather", "response": {"output": "sunny"}}},
                    {"functionResponse": {"name": "weather", "response": {"error": "no station"}}},
                ],
            },
        ],
        [
            {"role": "user", "parts": [{"text": "time?"}]},
            {"role": "model", "parts": [{"functionCall": {"id": "fc_1", "name": "now", "args": {}}}]},
            {
                "role": "user",
                "parts": [
                    {"functionResponse": {"id": "fc_1", "name": "now", "response": {"temp": 3, "unit": "C"}}},
                    {"text": "thanks"},
                ],
            },
        ],
    ],
}


@pytest.mark.parametrize(
    ("fmt", "history"),
    [(fmt, history) for fmt, histories in EXAMPLES.items() for history in histories],
    ids=[f"{fmt}-{k}" for fmt, histories in EXAMPLES.items() for k in range(len(histories))],
)
def test_round_trip_each_block_type(fmt: str, history: list[dict[str, Any]], tmp_path: Path) -> None:
    a = adapter(fmt)
    parsed = a.parse(history)
    rendered = a.render_all(parsed)
    assert same(rendered, history)
    assert all(out is original for out, original in zip(rendered, history, strict=True))
    if problems(parsed, a):
        return  # a lone assistant turn: valid to parse and render, but compact_history would repair it
    result = new_session(tmp_path).compact_history(messages=history, format=fmt, target_tokens=HUGE)
    assert not result.compacted
    assert same(result.messages, history)


# --- broken input is repaired, never passed on --------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
@PROPS
@given(
    plan=plans(),
    cuts=st.lists(st.integers(0, 200), min_size=1, max_size=4),
    strategy=st.sampled_from(STRATEGIES),
    fraction=st.one_of(st.just(None), st.floats(0.2, 1.0)),
)
def test_broken_histories_come_out_valid(
    fmt: str, plan: Plan, cuts: list[int], strategy: str, fraction: float | None
) -> None:
    """Messages lost from a valid history (a truncated log, a crashed tool): dangling calls, orphan results,
    same-role runs. The output is valid all the same, and whatever repair removed or changed is archived."""
    history, system = render(plan, fmt)
    broken = list(history)
    for cut in cuts:
        if len(broken) > 1:
            del broken[cut % len(broken)]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        session = new_session(root)
        total = (
            new_session(root, "probe")
            .compact_history(messages=broken, target_tokens=HUGE, system=system, format=fmt)
            .tokens_before
        )
        target = HUGE if fraction is None else max(1, int(total * fraction))
        try:
            result = session.compact_history(
                messages=broken, format=fmt, target_tokens=target, strategy=strategy, system=system
            )
        except TooLarge:
            return
        check_output(session, fmt, broken, result, repaired=True)


# --- content keys: what the token cache and the replacement state are keyed by ----------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@PROPS
@given(value=JSON_VALUES)
def test_equal_json_values_have_equal_keys_however_they_were_built(value: Any) -> None:
    """A history parsed afresh on every call must find its earlier keys: equal content, equal key."""
    again = json.loads(json.dumps(value))
    assert key_of(again) == key_of(value) == key_of(copy.deepcopy(value))


def test_keys_tell_apart_what_a_provider_would_see_differently() -> None:
    assert key_of({"a": 1, "b": 2}) != key_of({"b": 2, "a": 1})  # the bytes sent differ, so the cache does
    assert len({key_of(1), key_of(1.0), key_of(True), key_of("1")}) == 4
    assert key_of({"x": object.__name__}) == key_of({"x": "object"})
    assert key_of({"when": Path("/a")}) != key_of({"when": "/b"})  # not JSON: keyed through its text
