"""How much of the host's cached prompt prefix compaction keeps, when a history grows one exchange at a time.

A host that compacts before every model call sends request k+1 after request k. The provider's prompt cache
serves the part of request k+1 that repeats request k from its start; any change inside what was sent before
(a result cleared anew, a summary rewritten) breaks it from there on. Each step here adds the next exchange of a
long history (real text, OpenAI and Anthropic shapes, see ``histories``), calls ``compact_history`` in one
Session as a host would, and compares the output with the previous one: the share of the previous request
reused, and how many steps broke the cache.

The baseline, measured on the same steps: Anthropic's server-side context editing as documented
(``clear_tool_uses_20250919``: over the trigger, the oldest tool results are cleared, the newest ``keep`` tool
uses kept, at least ``clear_at_least`` tokens cleared at once), simulated on each request from scratch, as the
server applies it.

``python -m benchmarks.prefix [--quick]``: the table; goal, at most 6 breaks per 100 steps.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mcp_context import Session, TokenCounter

from .histories import Case, Texts, build_history
from .report import align

GOAL_BREAKS_PER_100 = 6
#: Anthropic's documented defaults for clear_tool_uses: trigger 100K input tokens, keep the 3 newest tool uses.
ANTHROPIC_KEEP = 3


@dataclass(frozen=True)
class Config:
    label: str
    args: dict[str, Any]  # compact_history's budget arguments
    window: int


@dataclass
class Outcome:
    steps: int
    breaks: int
    reused: list[float]
    seconds: float


def prefix_share(before: list[str], after: list[str], weights: list[int]) -> float:
    """The share (by tokens) of the previous request that the next one repeats from its start."""
    same = 0
    for old, new in zip(before, after, strict=False):
        if old != new:
            break
        same += 1
    total = sum(weights) or 1
    return sum(weights[:same]) / total


def grow(messages: list[dict[str, Any]], start: int) -> list[int]:
    """The lengths at which a host calls the model: when every result of the last turn is in, just before the
    next assistant message."""
    return [n for n in range(start, len(messages) + 1) if n == len(messages) or messages[n]["role"] in MODEL_ROLES]


MODEL_ROLES = ("assistant", "model")  # OpenAI and Anthropic, Gemini


def run_ours(messages: list[dict[str, Any]], config: Config, steps: list[int]) -> Outcome:
    session = Session(root=tempfile.mkdtemp(prefix="prefix-"), session="bench", env={})
    counter = TokenCounter()
    previous: list[str] | None = None
    previous_tokens: list[int] = []
    breaks, reused = 0, []
    began = time.perf_counter()
    for n in steps:
        out = session.compact_history(messages=messages[:n], **config.args).messages
        sent = [json.dumps(m, sort_keys=True) for m in out]
        if previous is not None:
            share = prefix_share(previous, sent, previous_tokens)
            reused.append(share)
            breaks += share < 1.0
        previous, previous_tokens = sent, [counter.count(s).tokens for s in sent]
    return Outcome(len(steps) - 1, breaks, reused, time.perf_counter() - began)


def run_anthropic(messages: list[dict[str, Any]], config: Config, steps: list[int]) -> Outcome:
    """Context editing applied to each request on its own, as the server does."""
    counter = TokenCounter()
    tokens = [counter.count(json.dumps(m)).tokens for m in messages]
    trigger = int(config.window * 0.5)  # the same room our configurations keep, so both act on the same steps
    clear_at_least = int(config.window * 0.1)
    previous: list[str] | None = None
    previous_tokens: list[int] = []
    breaks, reused = 0, []
    for n in steps:
        sent = _edited(messages[:n], tokens[:n], trigger, clear_at_least)
        if previous is not None:
            share = prefix_share(previous, sent, previous_tokens)
            reused.append(share)
            breaks += share < 1.0
        previous, previous_tokens = sent, [counter.count(s).tokens for s in sent]
    return Outcome(len(steps) - 1, breaks, reused, 0.0)


def _edited(messages: list[dict[str, Any]], tokens: list[int], trigger: int, at_least: int) -> list[str]:
    if sum(tokens) <= trigger:
        return [json.dumps(m, sort_keys=True) for m in messages]
    results = [i for i, m in enumerate(messages) if _is_result(m)]
    clearable = results[:-ANTHROPIC_KEEP] if len(results) > ANTHROPIC_KEEP else []
    cleared, freed = set(), 0
    for i in clearable:
        if sum(tokens) - freed <= trigger and freed >= at_least:
            break
        cleared.add(i)
        freed += tokens[i]
    return [json.dumps(_cleared(m) if i in cleared else m, sort_keys=True) for i, m in enumerate(messages)]


def _is_result(message: dict[str, Any]) -> bool:
    if message["role"] == "tool":
        return True
    content = message.get("content") or message.get("parts")  # Gemini's parts: the same policy, applied alike
    return isinstance(content, list) and any(
        isinstance(b, dict) and (b.get("type") == "tool_result" or "functionResponse" in b) for b in content
    )


def _cleared(message: dict[str, Any]) -> dict[str, Any]:
    if message["role"] == "tool":
        return {**message, "content": "[cleared]"}
    if "parts" in message:
        gone = {"output": "[cleared]"}
        parts = [
            {"functionResponse": {**b["functionResponse"], "response": gone}} if "functionResponse" in b else b
            for b in message["parts"]
        ]
        return {**message, "parts": parts}
    return {
        **message,
        "content": [{**b, "content": "[cleared]"} if b.get("type") == "tool_result" else b for b in message["content"]],
    }


def configs(window: int) -> list[Config]:
    return [
        Config("context_window only (trigger 85%, target 50%)", {"context_window": window}, window),
        Config(
            "trigger 85% / target 50%",
            {"context_window": window, "trigger": 0.85, "target_tokens": window // 2},
            window,
        ),
        Config("target only (50% of the window)", {"target_tokens": window // 2}, window),
    ]


def run(quick: bool, seed: int = 1) -> list[tuple[str, str, Outcome, Outcome]]:
    texts = Texts(random.Random(seed))
    histories = [
        (fmt, build_history(texts, Case("prefix", fmt, 160 if quick else 300), seed, 0).messages)
        for fmt in ("openai", "anthropic")
    ]
    histories += recorded()
    out = []
    for name, messages in histories:
        counter = TokenCounter()
        sizes = [counter.count(json.dumps(m)).tokens for m in messages]
        # The history outgrows its window about a third of the way in (a recorded run is short: its window too),
        # and half the window holds the largest turn (a 30 KB file read in one go must fit the target).
        window = max(20_000, sum(sizes) // 3) if len(messages) > 150 else max(sum(sizes) // 2, int(2.2 * max(sizes)))
        steps = grow(messages, 3)
        for config in configs(window)[: 2 if quick else 3]:
            out.append((name, config.label, run_ours(messages, config, steps), run_anthropic(messages, config, steps)))
    return out


def recorded() -> list[tuple[str, list[dict[str, Any]]]]:
    """The long runs recorded from the real hosts (tests/hosts), in their providers' formats."""
    from mcp_context.conversation import transcripts

    root = Path(__file__).resolve().parent.parent / "tests" / "hosts"
    out = []
    for path in sorted(root.glob("*/long-session.jsonl")):
        found = transcripts.load(str(path), {}, None)
        out.append((f"{path.parent.name} (recorded)", found.messages))
    return out


def per100(outcome: Outcome) -> float:
    return 100 * outcome.breaks / max(1, outcome.steps)


def table(results: list[tuple[str, str, Outcome, Outcome]]) -> str:
    rows = [
        [
            "history",
            "budget",
            "steps",
            "breaks (ours)",
            "per 100",
            "prefix reused",
            "context editing breaks",
            "per 100",
            "its prefix reused",
        ]
    ]
    for fmt, label, ours, theirs in results:
        rows.append(
            [
                fmt,
                label,
                str(ours.steps),
                str(ours.breaks),
                f"{per100(ours):.1f}",
                f"{statistics.mean(ours.reused or [1.0]):.1%}",
                str(theirs.breaks),
                f"{per100(theirs):.1f}",
                f"{statistics.mean(theirs.reused or [1.0]):.1%}",
            ]
        )
    return align(rows, 2)


def rows(quick: bool) -> list[dict[str, Any]]:
    """The suite's rows (see benchmarks/__main__.py)."""
    out = []
    for fmt, label, ours, theirs in run(quick):
        verdict = "met" if per100(ours) <= GOAL_BREAKS_PER_100 else "MISSED"
        out.append(
            {
                "operation": f"prefix kept, {label}",
                "size": f"{fmt}, {ours.steps} steps",
                "median_s": ours.seconds / max(1, ours.steps),
                "peak_mib": None,
                "baseline": "Anthropic context editing, simulated",
                "ratio": None,
                "result": f"{ours.breaks} breaks ({per100(ours):.1f}/100, goal <= {GOAL_BREAKS_PER_100}: {verdict}); "
                f"baseline {theirs.breaks} ({per100(theirs):.1f}/100)",
            }
        )
    return out


def main(argv: list[str] | None = None, show: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.prefix", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="shorter histories, two budgets")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    results = run(args.quick, args.seed)
    show(table(results))
    worst = max(per100(ours) for _, _, ours, _ in results)
    show(f"\nworst: {worst:.1f} breaks per 100 steps (goal <= {GOAL_BREAKS_PER_100})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
