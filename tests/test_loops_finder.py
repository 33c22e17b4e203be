"""The fast chanting finder and the Markdown gate against their straightforward references (loop_references.py),
on random and adversarial streams."""

from __future__ import annotations

import random
from collections.abc import Container
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from loop_references import StraightFinder, gate_line_by_line

from mcp_context.loops import Policy
from mcp_context.loops.chanting import RepeatFinder
from mcp_context.loops.markdown import MarkdownGate


def agree(policy: Policy, chunks: list[str], clears: Container[int] = ()) -> int:
    fast, straight = RepeatFinder(policy), StraightFinder(policy)
    hits = 0
    for i, chunk in enumerate(chunks):
        if i in clears:
            fast.clear()
            straight.clear()
        got = fast.append(chunk)
        assert (got.positions if got else None) == straight.append(chunk), f"chunk {i}"
        hits += got is not None
    return hits


SMALL = Policy(chant_window=6, chant_repeats=4, chant_max_spacing=9, chant_max_periods=2, chant_buffer=60)


@settings(max_examples=300, deadline=None)
@given(
    units=st.lists(st.text(alphabet="abcd \n", min_size=1, max_size=12), min_size=1, max_size=4),
    picks=st.lists(st.integers(0, 3), max_size=120),
    sizes=st.lists(st.integers(1, 90), min_size=1, max_size=10),
    small=st.booleans(),
    clear_every=st.integers(0, 30),
)
@pytest.mark.slow
def test_fast_finder_agrees_with_the_straightforward_rule(
    units: list[str], picks: list[int], sizes: list[int], small: bool, clear_every: int
) -> None:
    text = "".join(units[i % len(units)] for i in picks)
    chunks: list[str] = []
    i = 0
    while i < len(text):
        n = sizes[len(chunks) % len(sizes)] * (1 if small else 5)
        chunks.append(text[i : i + n])
        i += n
    clears = set(range(clear_every, len(chunks), clear_every)) if clear_every else set()
    agree(SMALL if small else Policy(), chunks, clears)


@pytest.mark.parametrize(
    "case",
    ["period", "near_spacing", "shared_prefix", "huge_chunks", "one_char", "long_period_variants", "random"],
)
@pytest.mark.slow
def test_fast_finder_agrees_on_adversarial_streams(case: str) -> None:
    rng = random.Random(case)
    if case == "period":  # loops of every period up to and past the spacing limit
        text = "".join(("".join(rng.choices("abcdef ", k=n)) + "|") * 12 for n in range(1, 300, 7))
    elif case == "near_spacing":  # average spacing just under and just over 250
        text = "".join("".join(rng.choices("pqrs", k=n)) * 12 for n in (*range(245, 256), *range(245, 256)))
    elif case == "shared_prefix":  # list-like lines sharing more than a window, differing at the end
        text = "".join(
            f"Processing the next file in the build queue with the default options: {i}\n" for i in range(3000)
        )
    elif case == "huge_chunks":  # chunks larger than the buffer
        text = ("abc " * 5000 + "".join(rng.choices("xyz", k=9000))) * 3
    elif case == "one_char":
        text = "a" * 20000
    elif case == "long_period_variants":  # at most 5 distinct periods, then 6
        variants = [f"the same long sentence, version {v}, padded out a little further. " for v in range(6)]
        text = "".join(rng.choice(variants[:5]) for _ in range(800)) + "".join(variants[i % 6] for i in range(800))
    else:
        text = "".join(rng.choices("ab \n", k=60000))
    sizes = [20000, 7000] if case == "huge_chunks" else [1, 3, 20, 50, 200]
    chunks, i = [], 0
    while i < len(text):
        n = rng.choice(sizes)
        chunks.append(text[i : i + n])
        i += n
    hits = agree(Policy(), chunks, set(range(97, len(chunks), 97)))
    if case in ("period", "huge_chunks"):
        assert hits > 0
    if case == "one_char":  # a run of one character is decoration (a rule), never a chant
        assert hits == 0


_MARKDOWN_LINES = st.sampled_from(
    [
        "Plain words here.",
        "",
        "    indented code",
        "\tcode",
        "- item",
        "1. first",
        "# Title",
        "> quote",
        "| a | b |",
        "```",
        "```python",
        "~~~",
        "~~~~~~",
        "Usage",
        "----",
        "***",
        "  two spaces",
        "text with `tick`",
        "a ~ b",
    ]
)


@given(lines=st.lists(_MARKDOWN_LINES, max_size=40), cuts=st.lists(st.integers(0, 400), max_size=8))
@settings(max_examples=300, deadline=None)
def test_the_gate_takes_runs_of_plain_lines_as_its_line_rule_would(lines: list[str], cuts: list[int]) -> None:
    text = "\n".join(lines) + "\n"
    bounds = sorted({0, len(text), *(c % (len(text) + 1) for c in cuts)})
    fast, slow = MarkdownGate(), MarkdownGate()
    for a, b in pairwise(bounds):
        assert fast.split(text[a:b]) == gate_line_by_line(slow, text[a:b])
        assert fast.to_state() == slow.to_state()
