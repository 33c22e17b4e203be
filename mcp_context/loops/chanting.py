"""Chanting: a model repeating the same text over and over in its streamed output (Gemini CLI's rule).

The rule, per character position p of a buffer holding the last 5,000 streamed characters: take the
50-character window starting at p; it is a loop when that exact text has occurred 10 times (p included) at
positions already seen, the last 10 lie on average at most 250 characters apart, and the texts between
consecutive occurrences take at most 5 distinct values (so lists whose items share a long prefix pass).

Gemini CLI hashes every window with SHA-256 and keeps, per hash, every position, shifting all of them each
time the buffer drops old text: a hash of 50 characters per character of output, plus a pass over up to 5,000
lists per chunk. :class:`RepeatFinder` gives the same verdicts at a tiny fraction of the cost:

- It stores no positions. Every position in the buffer before the next unscanned one has been seen, so the
  earlier occurrences of a window are simply its earlier matches in the buffer, found by ``str.rfind``.
- It looks at a window only when a cheap, exact test of its whole *block* of positions says it may be a hit.
  Any window starting in a block contains the block's *anchor* (a 25-character substring at a fixed place).
  Ten occurrences within 2,250 characters are nine gaps averaging at most 250, so some two consecutive ones,
  a *close pair*, are at most 250 apart; the later window of the pair contains the anchor of its own block,
  which then occurs within the 250 characters before it. So each block asks one ``str.find`` over those 250
  characters (not 2,250): found, the block is remembered as a *pair* (its windows may be the later of a close
  pair) and checked. Otherwise its windows can only be hits through a pair in an earlier block, at most 2,250
  back; the hit window's text then also starts there, anchor included, so the block is checked only when its
  anchor occurs in the text of the windows of the remembered pairs (``in``, over a few hundred characters).
  In ordinary prose nothing is remembered, and a block is one slice and one short search in a tight loop.
- A block checked asks, as before, whether its anchor occurs 9 times in the 2,250 characters before it, and
  only then looks at each of its windows.
- The pairs (ranges of absolute positions) are kept while they matter and saved with the buffer. After a hit
  the rest of the append is not scanned: it is all taken as a pair, as is everything scanned before a state
  saved without pairs. Taking too much as a pair only costs time; the verdicts stay exact.

Markdown (:mod:`.markdown`) decides what is tracked at all, as Gemini CLI does, without its regex bugs:
a ``- item`` list resets tracking (Gemini's ``[*-+]`` only matches ``*`` and ``+``), and only real divider
characters make a divider (Gemini's ``[+-_...]`` range also covers digits and capitals, so ``OK`` was one).

**(we differ)** A window made of at most two distinct characters besides whitespace is never a chant: it is
decoration (a rule of ``#``, dot leaders in a table of contents, a title underlined with ``^``, a progress
bar, zero padding, a table border of ``=`` and spaces). Any run of ~60 identical characters repeats a
50-character window 10 times within a few characters, so Gemini's rule alarms on each of them; a model that
really chants repeats words, which take more than two characters.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from .events import clip
from .markdown import MarkdownGate
from .policy import Policy
from .verdict import Evidence, Finding

DECORATION_CHARS = 2


def is_decoration(window: str) -> bool:
    """Whether a window is made of at most :data:`DECORATION_CHARS` distinct characters besides whitespace."""
    return sum(1 for c in set(window) if not c.isspace()) <= DECORATION_CHARS


@dataclass(frozen=True)
class Hit:
    """A detected chant: where the last occurrences of the window start (buffer positions, oldest first)."""

    positions: tuple[int, ...]
    unit: str  # the text repeated between the last two occurrences (≤ 200 chars), for the nudge


class RepeatFinder:
    """The window rule over a bounded buffer, scanning each position once, in order, across appends.

    One append reports at most one hit, the first: the rest of its text is the same loop, so it is scanned
    without a second report. A repetition that goes on is caught again in the next append; text that has
    moved on is not, however long the loop before it. (Gemini CLI instead stops scanning at the hit and
    resumes there, so its next chunk is caught on the loop's old text whatever the model writes after the
    warning.)
    """

    def __init__(self, policy: Policy) -> None:
        self.window = policy.chant_window
        self.repeats = policy.chant_repeats
        self.max_periods = policy.chant_max_periods
        self.size = policy.chant_buffer
        self.span = (policy.chant_repeats - 1) * policy.chant_max_spacing  # farthest first-to-last distance
        self.near = policy.chant_max_spacing  # some two consecutive occurrences are at most this far apart
        self.anchor = self.window // 2
        self.stride = self.window - self.anchor + 1  # every window of a block contains the block's anchor
        self.buf = ""
        self.base = 0  # characters dropped before buf[0] since the start: positions outside stay comparable
        self.next = 0  # the first buffer position not scanned yet
        # Where windows repeated close behind may start: [first, last] absolute positions, oldest first, merged,
        # kept while a window could still be a hit because of them.
        self.pairs: list[list[int]] = []
        self.seen = ""  # their windows' text, built when needed, while the pairs do not change (not saved)

    def clear(self) -> None:
        self.base += len(self.buf)
        self.buf = ""
        self.next = 0
        self.pairs, self.seen = [], ""

    def append(self, text: str) -> Hit | None:
        buf = self.buf + text
        excess = len(buf) - self.size
        if excess > 0:
            buf = buf[excess:]
            self.base += excess
            self.next = max(0, self.next - excess)
        self.buf = buf
        return self._scan()

    def _scan(self) -> Hit | None:
        buf, stride, length, near, span, base = self.buf, self.stride, self.anchor, self.near, self.span, self.base
        end, p = len(buf) - self.window + 1, self.next
        if p >= end:
            return None
        find, pairs, seen = buf.find, self.pairs, self.seen
        while pairs and pairs[0][1] - base + span <= p:  # no window from here on is a hit because of it
            del pairs[0]
            seen = ""
        # Blocks whose anchor starts before ``hot`` may hold a hit because of a pair (their windows start
        # before the last pair's later window + span).
        hot = pairs[-1][1] - base + span + stride - 1 if pairs else 0
        at, stop, tail = p + stride - 1, end + stride - 1, length - 1
        if not seen and at < hot:
            seen = self._pair_text(at)
        while True:
            # The common case, in a tight loop: no new pair, and no pair behind whose text holds the anchor.
            while at < stop:
                anchor = buf[at : at + length]
                if find(anchor, at - near if at > near else 0, at + tail) >= 0 or (at < hot and anchor in seen):
                    break
                at += stride
            else:
                self.next, self.seen = end, seen
                return None
            p = at - stride + 1
            if find(anchor, at - near if at > near else 0, at + tail) >= 0:
                # A window of this block may be the later of a close pair: remember the block, check it.
                first, last = base + p, base + min(p + stride, end) - 1
                if pairs and pairs[-1][1] == first - 1:
                    pairs[-1][1] = last
                else:
                    pairs.append([first, last])
                hot = last - base + span + stride - 1
                seen = self._pair_text(at)
            if self._anchor_recurs(at):
                for q in range(p, min(p + stride, end)):
                    hit = self._hit_at(q)
                    if hit is not None:
                        # The later positions are taken as seen, unscanned: any of them may start a close pair.
                        if pairs and pairs[-1][1] >= base + q:
                            pairs[-1][1] = max(pairs[-1][1], base + end - 1)
                        else:
                            pairs.append([base + q + 1, base + end - 1])
                        self.next, self.seen = end, ""
                        return hit
            at += stride

    def _pair_text(self, at: int) -> str:
        """The text of every window starting where a close pair's later window may start (see :attr:`pairs`),
        from the oldest that may still matter for the anchor at ``at``; a separator between stretches."""
        base, window, low = self.base, self.window, max(0, at - self.span)
        return "\0".join(self.buf[max(low, first - base) : last - base + window] for first, last in self.pairs)

    def _anchor_recurs(self, at: int) -> bool:
        """Whether the anchor at ``at`` occurs ``repeats - 1`` times in the range earlier occurrences of its
        block's windows would put it. False proves no window of the block can be a hit."""
        buf = self.buf
        anchor = buf[at : at + self.anchor]
        high = at - 1 + self.anchor  # occurrences start before ``at``
        found = max(0, at - self.span) - 1
        for _ in range(self.repeats - 1):
            found = buf.find(anchor, found + 1, high)
            if found < 0:
                return False
        return True

    def _hit_at(self, p: int) -> Hit | None:
        buf, window = self.buf, self.window
        text = buf[p : p + window]
        low = max(0, p - self.span)
        high = p - 1 + window
        earlier: list[int] = []
        while len(earlier) < self.repeats - 1:
            found = buf.rfind(text, low, high)
            if found < 0:
                return None  # fewer occurrences, or the oldest needed is too far back: spacing too wide
            earlier.append(found)
            high = found - 1 + window
        if is_decoration(text):
            return None
        positions = (*reversed(earlier), p)
        periods = {buf[a:b] for a, b in pairwise(positions)}
        if len(periods) > self.max_periods:
            return None
        start = positions[-2]
        # The repeated unit itself, unless it is so short that one window (it, repeated) reads better.
        unit = buf[start:p] if p - start >= window // 2 else buf[start : start + window]
        return Hit(positions, unit[:200])

    def to_state(self) -> dict[str, Any]:
        return {"buf": self.buf, "base": self.base, "next": self.next, "pairs": self.pairs}

    def load_state(self, state: dict[str, Any]) -> None:
        self.buf, self.base, self.next = str(state["buf"]), int(state["base"]), int(state["next"])
        if "pairs" in state:
            self.pairs = [[int(first), int(last)] for first, last in state["pairs"]]
        else:  # saved before pairs were kept: any position scanned may start one
            self.pairs = [[self.base, self.base + self.next - 1]] if self.next else []
        self.seen = ""


class ChantingDetector:
    """Streamed text through the markdown gate into a :class:`RepeatFinder`, remembering which event each
    buffered character came from so a detection can name its events."""

    def __init__(self, policy: Policy) -> None:
        self.finder = RepeatFinder(policy)
        self.gate = MarkdownGate()
        self.starts: list[tuple[int, int]] = []  # (absolute offset, event index) of each event's text in buf

    def clear(self) -> None:
        """Forget the buffer and leave any code block: a tool call ends the model's text (Gemini CLI keeps
        the code-block state across tool calls and turns, so an unclosed fence mutes all later text)."""
        self.finder.clear()
        self.starts.clear()
        self.gate.new_message()

    def end_message(self) -> None:
        """A new model message starts outside any code block; the buffer carries over, as in Gemini CLI."""
        self.gate.new_message()

    def feed(self, chunk: str, index: int) -> Finding | None:
        """A chunk of streamed text, or a whole message: the first chant it completes, if any."""
        found = None
        for reset, text in self.gate.split(chunk):
            if reset:
                self.finder.clear()
                self.starts.clear()
            if text:
                hit = self._track(text, index)
                found = found or hit
        return found

    def _track(self, text: str, index: int) -> Finding | None:
        finder = self.finder
        if not self.starts or self.starts[-1][1] != index:
            self.starts.append((finder.base + len(finder.buf), index))
        hit = finder.append(text)
        while len(self.starts) > 1 and self.starts[1][0] <= finder.base:
            del self.starts[0]
        if hit is None:
            return None
        offsets = [start for start, _ in self.starts]
        events = sorted({self.starts[bisect_right(offsets, finder.base + p) - 1][1] for p in hit.positions})
        span = hit.positions[-1] - hit.positions[0]
        return Finding(
            "chanting",
            Evidence(tuple(events), len(hit.positions), clip(hit.unit)),
            f"Your output keeps repeating the same text, {len(hit.positions)} times within {span} characters: "
            f'"{clip(hit.unit, 150)}". Stop repeating it. Say it once, then go on with the next step, or '
            "stop and sum up what you have.",
        )

    def to_state(self) -> dict[str, Any]:
        return {**self.finder.to_state(), "gate": self.gate.to_state(), "starts": self.starts}

    def load_state(self, state: dict[str, Any]) -> None:
        self.finder.load_state(state)
        self.gate.load_state(state["gate"])
        self.starts = [(int(start), int(index)) for start, index in state["starts"]]
