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
  Any window starting in a block contains the block's *anchor* (a substring at a fixed place). Ten
  occurrences within 2,250 characters are nine gaps averaging at most 250, so some two consecutive ones, a
  *close pair*, are at most 250 apart; the later window of the pair contains the anchor of its own block,
  which then occurs within the 250 characters before it. So each block asks one ``str.find`` over those 250
  characters (not 2,250). Otherwise its windows can only be hits through a pair in an earlier block, at
  most 2,250 back; the hit window's text then also starts there, anchor included, so the block is looked at
  only when its anchor occurs in the text of the windows of the remembered pairs (``in``, over a few hundred
  characters). In ordinary prose nothing is remembered, and a block is one slice and one short search in a
  tight loop.
- A block is 37 positions, its anchor the 14 characters all their windows share (a shorter anchor would
  make longer blocks, and recur more often by chance). The last block of an append may reach past the text:
  its anchor is all there, so when it clears the block, the positions past the text are not scanned again.
- A block that passes is taken by halves, each with the longer text (32 characters) its windows share, and
  the same two tests: found close behind, the half is remembered as a *pair* (its windows may be the later
  of a close pair) and checked; found in the pairs' text, checked. Docstrings repeat 14 characters within
  250 far more often than 32.
- A half checked asks whether its shared text occurs 9 times in the 2,250 characters before it. Its windows'
  earlier occurrences lie where that text's do, moved back: when the text of all its windows occurs at each
  of those 9, they are every window's nearest 9, and the half is judged at once (from one window to the next
  the texts between occurrences only rotate, so all have as many distinct periods; a run of a docstring
  that recurs with a different name in each copy is rejected once). Otherwise the same of each half of it (a
  longer shared text), down to single windows, the first hit first.
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
from itertools import pairwise
from typing import Any, NamedTuple

from .events import clip
from .markdown import MarkdownGate
from .policy import Policy
from .verdict import Evidence, Finding

DECORATION_CHARS = 2
STARTS_KEPT = 64  # events remembered before those whose text has left the buffer are forgotten
SHORT = 14  # a block's anchor length per 50 characters of window (see the module's docstring)


def is_decoration(window: str) -> bool:
    """Whether a window is made of at most :data:`DECORATION_CHARS` distinct characters besides whitespace."""
    return len(set("".join(window.split()))) <= DECORATION_CHARS  # split() cuts at exactly what isspace() is


class Hit(NamedTuple):
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
        self.short = max(1, self.window * SHORT // 50)  # a block's anchor
        self.wide = self.window - self.short + 1  # a block's positions: every window of it holds the anchor
        self.sizes = (self.window, self.wide, self.short, self.near, self.span)  # for the tight loop, in one lookup
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
            p = self.next - excess
            self.next = p if p > 0 else 0
        self.buf = buf
        window, stride, length, near, span = self.sizes
        end = len(buf) - window + 1
        p = self.next
        if p >= end:
            return None
        pairs = self.pairs
        find = buf.find
        hot = 0
        seen = ""
        if pairs:
            base = self.base
            while pairs and pairs[0][1] - base + span <= p:  # no window from here on is a hit because of it
                del pairs[0]
                self.seen = ""
            if pairs:
                hot = pairs[-1][1] - base + span + stride - 1
                seen = self.seen
                if not seen and p + stride - 1 < hot:
                    seen = self.seen = self._pair_text(p)
        at = p + stride - 1
        stop = end + stride - 1
        tail = length - 1
        while True:
            # The common case, in a tight loop: no new pair, and no pair behind whose text holds the anchor.
            while at < stop:
                anchor = buf[at : at + length]
                if find(anchor, at - near if at > near else 0, at + tail) >= 0:
                    close = True
                    break
                if at < hot and anchor in seen:
                    close = False
                    break
                at += stride
            else:
                # The last block may reach past the text: its anchor, all there, cleared the whole block.
                self.next = at - stride + 1
                return None
            p = at - stride + 1
            hit = self._check(p, min(p + stride, end), end, close)
            if hit is not None:
                return hit
            at += stride
            if at >= stop:  # the rest of the block is scanned when the text is there
                self.next = end
                return None
            hot, seen = self._hot(p + stride)

    def _hot(self, p: int) -> tuple[int, str]:
        """Below which anchor position a block may hold a hit because of a pair (its windows start before
        the last pair's later window + span), and the pairs' text, built if needed for the blocks from ``p``."""
        if not self.pairs:
            return 0, ""
        hot = self.pairs[-1][1] - self.base + self.span
        if not self.seen and p < hot:
            self.seen = self._pair_text(p)
        return hot + self.wide - 1, self.seen

    def _check(self, p: int, stop: int, end: int, close: bool) -> Hit | None:
        """A block that may hold a hit, positions ``p`` to ``stop``, by halves, each with the longer text its
        windows share: remembered as a pair when that text occurs close behind (only possible when the
        block's anchor does: ``close``), checked then or when that text occurs in the pairs' text."""
        pairs, base, buf, window, last = self.pairs, self.base, self.buf, self.window, stop - 1
        middle = (p + last) // 2
        for first, final in ((p, middle), (middle + 1, last)) if p < last else ((p, p),):
            shared = buf[final : first + window]
            low = final - self.near
            # The nearest earlier occurrence, if close behind: the first that checking its windows looks for.
            found = buf.rfind(shared, low if low > 0 else 0, final + len(shared) - 1) if close else -1
            if found >= 0:
                # A window here may be the later of a close pair: remember them.
                seen = self.seen
                if pairs and pairs[-1][1] == base + first - 1:
                    if seen:  # the text goes on
                        self.seen = seen + buf[pairs[-1][1] - base + window : final + window]
                    pairs[-1][1] = base + final
                else:
                    if seen:
                        self.seen = seen + "\0" + buf[first : final + window]
                    pairs.append([base + first, base + final])
            elif not (pairs and first < pairs[-1][1] - base + self.span and shared in self._hot(first)[1]):
                continue
            hit = self._first_hit(first, final, found)
            if hit is not None:
                # The later positions are taken as seen, unscanned: any of them may start a close pair.
                q = hit.positions[-1]
                if pairs and pairs[-1][1] >= base + q:
                    pairs[-1][1] = max(pairs[-1][1], base + end - 1)
                else:
                    pairs.append([base + q + 1, base + end - 1])
                self.next, self.seen = end, ""
                return hit
        return None

    def _pair_text(self, p: int) -> str:
        """The text of every window starting where a close pair's later window may start (see :attr:`pairs`),
        from the oldest that may still matter for windows from ``p`` on; a separator between stretches."""
        base, window, low = self.base, self.window, max(0, p - self.span)
        return "\0".join(self.buf[max(low, first - base) : last - base + window] for first, last in self.pairs)

    def _nearest(self, at: int, length: int, found: int) -> list[int] | None:
        """The ``repeats - 1`` nearest earlier starts of the text of ``length`` characters at ``at`` (oldest
        first), in the range where those of a window holding it at that place may lie; None if fewer, which
        proves no such window is a hit. ``found`` is the nearest when already known, else -1."""
        buf = self.buf
        part = buf[at : at + length]
        low, high = max(0, at - self.span), at - 1 + length  # occurrences start before ``at``
        earlier: list[int] = []
        if found >= 0:
            earlier.append(found)
            high = found - 1 + length
        for _ in range(self.repeats - 1 - len(earlier)):
            found = buf.rfind(part, low, high)
            if found < 0:
                return None
            earlier.append(found)
            high = found - 1 + length
        earlier.reverse()
        return earlier

    def _first_hit(self, first: int, last: int, found: int = -1) -> Hit | None:
        """The first hit among the windows starting at ``first`` to ``last``. Each holds the text from
        ``last`` to the end of the first window, so its earlier occurrences lie where that text's do, moved
        back: none is a hit unless the text recurs. When the text of all the windows (``first`` to the end of
        the last) occurs at each of its nearest occurrences, moved back, those are every window's nearest
        occurrences, at the same distances, and the windows are judged at once (a run of a recurring
        docstring is rejected once, not window by window); otherwise by halves, each sharing a longer text.
        ``found`` is the nearest earlier occurrence of that text when already known, else -1."""
        earlier = self._nearest(last, first + self.window - last, found)
        if earlier is None:
            return None
        back, buf = last - first, self.buf
        text = buf[first : last + self.window]
        if not back or all(at >= back and buf.startswith(text, at - back) for at in earlier):
            return self._judge(first, last, [at - back for at in earlier])
        middle = (first + last) // 2
        hit = self._first_hit(first, middle)
        return hit if hit is not None else self._first_hit(middle + 1, last)

    def _judge(self, first: int, last: int, earlier: list[int]) -> Hit | None:
        """The first hit among the windows starting at ``first`` to ``last``, whose nearest earlier
        occurrences are ``earlier`` for the first, moved along with the window for the others. From one window
        to the next, each text between two occurrences loses its first character, the window's first, and
        gains it at its end: rotated, texts equal before are equal after and different ones stay different,
        so all the windows have as many distinct periods and differ only in being decoration."""
        buf, window = self.buf, self.window
        positions = (*earlier, first)
        if len({b - a for a, b in pairwise(positions)}) > self.max_periods:
            return None  # texts of different lengths differ: no need to build them
        if len({buf[a:b] for a, b in pairwise(positions)}) > self.max_periods:
            return None
        for p in range(first, last + 1):
            if not is_decoration(buf[p : p + window]):
                positions = tuple(at + p - first for at in positions)
                start = positions[-2]
                # The repeated unit itself, unless it is so short that one window (it, repeated) reads better.
                unit = buf[start:p] if p - start >= window // 2 else buf[start : start + window]
                return Hit(positions, unit[:200])
        return None

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
        if not self.gate.plain(chunk):
            found = None
            for reset, text in self.gate.structured(chunk):
                if reset:
                    self.finder.clear()
                    self.starts.clear()
                if text:
                    finding = self._track(text, index)
                    found = found or finding
            return found
        # The common case, all of the chunk tracked: :meth:`_track`, inline.
        finder, starts = self.finder, self.starts
        if not starts or starts[-1][1] != index:
            starts.append((finder.base + len(finder.buf), index))
        hit = finder.append(chunk)
        if hit is None:
            if len(starts) > STARTS_KEPT:
                self._drop_starts()
            return None
        return self._finding(hit)

    def _track(self, text: str, index: int) -> Finding | None:
        finder, starts = self.finder, self.starts
        if not starts or starts[-1][1] != index:
            starts.append((finder.base + len(finder.buf), index))
        hit = finder.append(text)
        if len(starts) > STARTS_KEPT:
            self._drop_starts()
        return None if hit is None else self._finding(hit)

    def _drop_starts(self) -> list[tuple[int, int]]:
        """Forget the events whose text has all left the buffer: done when the list has grown, when a chant names
        its events and when the state is saved, not after every chunk (the result is the same)."""
        starts, base = self.starts, self.finder.base
        drop = 0
        while drop + 1 < len(starts) and starts[drop + 1][0] <= base:
            drop += 1
        del starts[:drop]
        return starts

    def _finding(self, hit: Hit) -> Finding:
        base, starts = self.finder.base, self._drop_starts()
        offsets = [start for start, _ in starts]
        events = sorted({starts[bisect_right(offsets, base + p) - 1][1] for p in hit.positions})
        span = hit.positions[-1] - hit.positions[0]
        return Finding(
            "chanting",
            Evidence(tuple(events), len(hit.positions), clip(hit.unit)),
            f"Your output keeps repeating the same text, {len(hit.positions)} times within {span} characters: "
            f'"{clip(hit.unit, 150)}". Stop repeating it. Say it once, then go on with the next step, or '
            "stop and sum up what you have.",
        )

    def to_state(self) -> dict[str, Any]:
        return {**self.finder.to_state(), "gate": self.gate.to_state(), "starts": list(self._drop_starts())}

    def load_state(self, state: dict[str, Any]) -> None:
        self.finder.load_state(state)
        self.gate.load_state(state["gate"])
        self.starts = [(int(start), int(index)) for start, index in state["starts"]]
