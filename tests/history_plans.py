"""Abstract histories for the property tests of compact_history: a plan of turns, parallel calls and their results
(errors, images, signed reasoning, outputs from a few characters up to 60,000), drawn by Hypothesis, with the
settings the searches run under. ``no_fsync`` spares the thousands of archives' fsync."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

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
