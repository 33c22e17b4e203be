"""Long agent histories for the compaction benchmark: synthetic in shape, made of real text from this machine.

Tool results of 200 to 20,000 characters (log-uniform) are slices of the Python standard library's sources
(``read_file`` with line numbers, ``grep`` hits, ``git diff`` hunks, test-run listings, a few tracebacks),
``write_file`` calls carry source in their arguments, and assistant and user texts are the stdlib's
docstrings. The same seed gives the same history, in OpenAI's or Anthropic's format, of an exact length.
"""

from __future__ import annotations

import itertools
import json
import math
import random
import re
import sysconfig
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

Message = dict[str, Any]
RESULT_CHARS = (200, 20_000)
TEXT_POOL_BYTES = 12 * 1024 * 1024
#: A docstring: triple quotes opening a line (per file, so quotes never pair across files).
_DOCSTRING = re.compile(r'^[ \t]*[rRuU]?"""(.*?)"""', re.M | re.S)


@dataclass(frozen=True)
class Case:
    """One history to measure: a label for the table, its format and its exact length in messages."""

    label: str
    format: str
    messages: int

    @property
    def name(self) -> str:
        return self.label if self.format == "openai" else f"{self.label} {self.format}"


# the text the histories are made of ----------------------------------------------------------------------


class Texts:
    """Real text from this machine: Python stdlib sources (for tool results) and their docstrings (prose)."""

    def __init__(self, rng: random.Random) -> None:
        root = Path(sysconfig.get_paths()["stdlib"])
        candidates = sorted(p for p in root.glob("**/*.py") if "site-packages" not in p.parts)
        rng.shuffle(candidates)
        self.files: list[tuple[str, list[str]]] = []
        total = 0
        for path in candidates:
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            if not 2_000 <= len(text) <= 400_000:
                continue
            self.files.append((str(path.relative_to(root.parent)), text.splitlines()))
            total += len(text)
            if total >= TEXT_POOL_BYTES:
                break
        if not self.files:
            raise RuntimeError(f"no Python sources found under {root} to build histories from")
        docstrings = [d for _, lines in self.files for d in _DOCSTRING.findall("\n".join(lines))]
        self.prose = [" ".join(d.split()) for d in docstrings if len(d) > 80 and d.count(" ") > 10]
        self.names = sorted({n for _, lines in self.files for line in lines for n in re.findall(r"def (\w+)", line)})

    def prose_text(self, rng: random.Random, chars: int) -> str:
        parts, size = [], 0
        while size < chars:
            part = rng.choice(self.prose)
            parts.append(part)
            size += len(part) + 1
        return " ".join(parts)[:chars]

    def source(self, rng: random.Random, chars: int) -> tuple[str, int, list[str]]:
        """A file and a run of its lines holding about ``chars`` characters, from a random line on."""
        path, lines = rng.choice(self.files)
        start = rng.randrange(len(lines))
        out, size = [], 0
        for line in lines[start:] + lines[:start]:
            out.append(line)
            size += len(line) + 1
            if size >= chars:
                break
        return path, start + 1, out


@dataclass
class Call:
    name: str
    args: dict[str, Any]
    result: str
    is_error: bool = False


@dataclass
class Step:
    """An assistant turn that calls tools, and the tools' results."""

    text: str
    calls: list[Call]


@dataclass
class Talk:
    """An assistant turn that only speaks, then the user's next request."""

    reply: str
    prompt: str


@dataclass
class History:
    format: str
    messages: list[Message]
    system: str | None = None
    extra: list[Message] = field(default_factory=list)  # the next turns, appended one per re-compaction


def _result_chars(rng: random.Random) -> int:
    low, high = RESULT_CHARS
    return int(math.exp(rng.uniform(math.log(low), math.log(high))))


def _make_call(texts: Texts, rng: random.Random) -> Call:
    size, kind = _result_chars(rng), rng.random()
    path, first, lines = texts.source(rng, size)
    if kind < 0.40:
        body = "\n".join(f"{first + i:>6}\t{line}" for i, line in enumerate(lines))
        return Call("read_file", {"path": path, "offset": first, "limit": len(lines)}, body[:size])
    if kind < 0.55:
        word = rng.choice(("self.", "return ", "import ", "def ", "if ", "raise "))
        hits, total = [], 0
        while total < size:
            hit_path, hit_first, hit_lines = texts.source(rng, 4_000)
            for i, line in enumerate(hit_lines):
                if word in line:
                    hits.append(f"{hit_path}:{hit_first + i}:{line}")
                    total += len(hits[-1]) + 1
        return Call("grep", {"pattern": word.strip(), "path": "Lib/"}, "\n".join(hits)[:size])
    if kind < 0.70:
        marks = [rng.choice(("+", "-", " ", " ", " ")) for _ in lines]
        head = f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n@@ -{first},{len(lines)} @@\n"
        body = head + "\n".join(m + line for m, line in zip(marks, lines, strict=True))
        return Call("bash", {"command": f"git diff -- {path}"}, body[:size])
    if kind < 0.82:
        tests, total = [], 0
        while total < size:
            name = rng.choice(texts.names)
            tests.append(f"tests/test_{path.split('/')[-1]}::test_{name} {rng.choice(('PASSED', 'PASSED', 'FAILED'))}")
            total += len(tests[-1]) + 1
        return Call("bash", {"command": "python -m pytest -q tests"}, "\n".join(tests)[:size])
    if kind < 0.90:
        content = "\n".join(lines)[: rng.randint(500, 8_000)]
        return Call("write_file", {"path": path, "content": content}, f"Wrote {len(content):,} characters to {path}")
    if kind < 0.93:
        frames = "\n".join(
            f'  File "{path}", line {first + i}, in <module>\n    {line.strip()}' for i, line in enumerate(lines[:8])
        )
        text = f"Traceback (most recent call last):\n{frames}\nValueError: {texts.prose_text(rng, 120)}"
        return Call("bash", {"command": f"python {path}"}, text, is_error=True)
    return Call("sed", {"command": f"sed -n '{first},{first + len(lines)}p' {path}"}, "\n".join(lines)[:size])


def _turns(texts: Texts, rng: random.Random, room: int, *, openai: bool) -> list[Step | Talk]:
    """Turns filling exactly ``room`` messages: in OpenAI's format a step is 1 + one message per call, else 2."""
    if not openai and room % 2:
        raise ValueError("an Anthropic history of alternating turns needs an even number of messages")
    turns: list[Step | Talk] = []
    while room > 0:
        turn: Step | Talk
        if room > 8:
            if rng.random() < 0.12:
                turn = Talk(texts.prose_text(rng, rng.randint(200, 2_000)), texts.prose_text(rng, rng.randint(20, 800)))
            else:
                count = rng.choices((1, 2, 3), weights=(70, 20, 10))[0]
                said = texts.prose_text(rng, rng.randint(40, 600)) if rng.random() < 0.6 else ""
                turn = Step(said, [_make_call(texts, rng) for _ in range(count)])
        else:  # the last few messages: a step whose size is exactly what is left (OpenAI: 4 to 7 calls)
            turn = Step("", [_make_call(texts, rng) for _ in range(room - 1 if openai else 1)])
        turns.append(turn)
        room -= 1 + len(turn.calls) if openai and isinstance(turn, Step) else 2
    return turns


def build_history(texts: Texts, case: Case, seed: int, extra: int) -> History:
    rng = random.Random(f"{seed}-{case.format}-{case.messages}")
    system = texts.prose_text(rng, 3_000)
    first = texts.prose_text(rng, 600)
    ids = itertools.count()

    def call_id(prefix: str) -> str:
        return f"{prefix}{next(ids):08d}{rng.getrandbits(64):016x}"

    if case.format == "openai":
        messages: list[Message] = [{"role": "system", "content": system}, {"role": "user", "content": first}]
        for turn in _turns(texts, rng, case.messages - 3, openai=True):
            if isinstance(turn, Talk):
                messages += [{"role": "assistant", "content": turn.reply}, {"role": "user", "content": turn.prompt}]
                continue
            ids_here = [call_id("call_") for _ in turn.calls]
            calls = [
                {"id": i, "type": "function", "function": {"name": c.name, "arguments": json.dumps(c.args)}}
                for i, c in zip(ids_here, turn.calls, strict=True)
            ]
            messages.append({"role": "assistant", "content": turn.text or None, "tool_calls": calls})
            messages += [
                {"role": "tool", "tool_call_id": i, "content": c.result}
                for i, c in zip(ids_here, turn.calls, strict=True)
            ]
        messages.append({"role": "assistant", "content": texts.prose_text(rng, 800)})
        history = History("openai", messages)
    else:
        messages = [{"role": "user", "content": first}]
        for turn in _turns(texts, rng, case.messages - 2, openai=False):
            if isinstance(turn, Talk):
                messages.append({"role": "assistant", "content": [{"type": "text", "text": turn.reply}]})
                messages.append({"role": "user", "content": turn.prompt})
                continue
            ids_here = [call_id("toolu_") for _ in turn.calls]
            content: list[dict[str, Any]] = [{"type": "text", "text": turn.text}] if turn.text else []
            content += [
                {"type": "tool_use", "id": i, "name": c.name, "input": c.args}
                for i, c in zip(ids_here, turn.calls, strict=True)
            ]
            results: list[dict[str, Any]] = []
            for i, c in zip(ids_here, turn.calls, strict=True):
                results.append({"type": "tool_result", "tool_use_id": i, "content": c.result})
                if c.is_error:
                    results[-1]["is_error"] = True
            messages += [{"role": "assistant", "content": content}, {"role": "user", "content": results}]
        messages.append({"role": "assistant", "content": [{"type": "text", "text": texts.prose_text(rng, 800)}]})
        history = History("anthropic", messages, system=system)
    assert len(history.messages) == case.messages, (len(history.messages), case.messages)
    for k in range(extra):  # the agent's next turns: the user speaks, then the assistant answers
        text = texts.prose_text(rng, rng.randint(100, 600))
        if k % 2 == 0:
            history.extra.append({"role": "user", "content": text})
        elif case.format == "openai":
            history.extra.append({"role": "assistant", "content": text})
        else:
            history.extra.append({"role": "assistant", "content": [{"type": "text", "text": text}]})
    return history
