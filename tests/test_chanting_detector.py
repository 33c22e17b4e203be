"""The chanting detector's shortcuts (a plain chunk taken straight to the finder, the buffer and the list of
events trimmed now and then rather than at every chunk) give exactly what the straightforward pipeline gives:
the markdown rule line by line, Gemini CLI's rule over a buffer cut at every append, and each buffered
character's event. Same detections at the same chunks naming the same events, and the same saved state after
every chunk, for any chunking of streams mixing code, lists, tables, headings, decoration and planted chants."""

from __future__ import annotations

import json
import random
from bisect import bisect_right

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from loop_references import StraightFinder, gate_line_by_line  # the references

from mcp_context.loops.chanting import ChantingDetector
from mcp_context.loops.markdown import MarkdownGate
from mcp_context.loops.policy import Policy

SMALL = Policy(chant_window=12, chant_repeats=4, chant_max_spacing=20, chant_max_periods=2, chant_buffer=90)


class StraightDetector:
    """The detector with no shortcut: every chunk split line by line, every event's start kept until its text
    has left the buffer, checked after every append."""

    def __init__(self, policy: Policy) -> None:
        self.finder, self.gate = StraightFinder(policy), MarkdownGate()
        self.base = 0  # the absolute position of the finder's buf[0]
        self.starts: list[tuple[int, int]] = []

    def feed(self, chunk: str, index: int) -> tuple[tuple[int, ...], int] | None:
        found = None
        for reset, text in gate_line_by_line(self.gate, chunk):
            if reset:
                self.base += len(self.finder.buf)
                self.finder.clear()
                self.starts = []
            if not text:
                continue
            if not self.starts or self.starts[-1][1] != index:
                self.starts.append((self.base + len(self.finder.buf), index))
            held = len(self.finder.buf) + len(text)
            positions = self.finder.append(text)
            self.base += held - len(self.finder.buf)
            while len(self.starts) > 1 and self.starts[1][0] <= self.base:
                del self.starts[0]
            if positions and found is None:
                offsets = [start for start, _ in self.starts]
                events = {self.starts[bisect_right(offsets, self.base + p) - 1][1] for p in positions}
                found = (tuple(sorted(events)), len(positions))
        return found


def agree(policy: Policy, chunks: list[str], saves: set[int], per_event: int) -> int:
    """Feeds both, restoring ours from its JSON state before each chunk in ``saves``; the number of detections."""
    ours, straight, hits = ChantingDetector(policy), StraightDetector(policy), 0
    for i, chunk in enumerate(chunks):
        if i in saves:
            state = json.loads(json.dumps(ours.to_state()))
            ours = ChantingDetector(policy)
            ours.load_state(state)
        got = ours.feed(chunk, i // per_event)
        expected = straight.feed(chunk, i // per_event)
        assert (got and (got.evidence.events, got.evidence.count)) == expected, f"chunk {i}"
        state = ours.to_state()
        assert (state["buf"], state["base"]) == (straight.finder.buf, straight.base), f"chunk {i}"
        assert [tuple(start) for start in state["starts"]] == straight.starts, f"chunk {i}"
        assert state["gate"] == straight.gate.to_state(), f"chunk {i}"
        hits += got is not None
    return hits


# Lines of every kind the gate tells apart, and chants: a sentence said again and again, or a short one.
PIECES = [
    "Plain words, going on.\n",
    "and more of them",
    "\n",
    "    indented code\n",
    "```python\n",
    "```\n",
    "~~~\n",
    "- an item\n",
    "1. first\n",
    "# Heading\n",
    "> quoted\n",
    "| a | b |\n",
    "----\n",
    "==== ==== ====\n",
    "................ 12\n",
    "Let me run the tests again. ",
    "again and again ",
    "x" * 40,
]


def cut(text: str, sizes: list[int]) -> list[str]:
    chunks, i = [], 0
    while i < len(text):
        chunks.append(text[i : i + sizes[len(chunks) % len(sizes)]])
        i += len(chunks[-1])
    return chunks


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    picks=st.lists(st.tuples(st.integers(0, len(PIECES) - 1), st.integers(1, 12)), max_size=60),
    sizes=st.lists(st.integers(1, 260), min_size=1, max_size=8),
    small=st.booleans(),
    save_every=st.integers(0, 12),
    per_event=st.integers(1, 3),
)
def test_the_detector_agrees_with_the_straightforward_pipeline(
    picks: list[tuple[int, int]], sizes: list[int], small: bool, save_every: int, per_event: int
) -> None:
    text = "".join(PIECES[piece] * times for piece, times in picks)
    chunks = cut(text, sizes)
    saves = set(range(save_every, len(chunks), save_every)) if save_every else set()
    agree(SMALL if small else Policy(), chunks, saves, per_event)


@pytest.mark.parametrize("seed", range(4))
def test_the_detector_agrees_on_long_streams_with_huge_chunks(seed: int) -> None:
    """Many buffers' worth of text, in chunks from one character to more than the buffer holds: the buffer
    is dropped from at every kind of moment, and the list of events grows past what is trimmed at once."""
    rng = random.Random(seed)
    out = []
    for _ in range(400):
        piece = rng.choice(PIECES)
        out.append(piece * (rng.randint(12, 20) if piece.endswith(" ") else rng.randint(1, 3)))
    chunks = cut("".join(out), [rng.choice([1, 3, 20, 50, 90, 200, 700]) for _ in range(60)] + [6000, 12000])
    hits = agree(Policy(), chunks, set(range(17, len(chunks), 29)), 1 + seed % 2)
    assert hits > 0  # there are chants to catch
