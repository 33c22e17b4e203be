"""The references the loop detector's fast parts are checked against: the chanting rule written plainly (a
straightforward finder, Gemini CLI's rule) and the Markdown gate applied one line at a time."""

from __future__ import annotations

import re

from mcp_context.loops import Policy
from mcp_context.loops.markdown import MarkdownGate

# the fast chanting finder against the straightforward rule --------------------------------------------------------


class StraightFinder:
    """Gemini CLI's chanting loop, written plainly: every window position kept per window text, and every kept
    position shifted whenever the buffer drops old text. The reference the fast finder must agree with."""

    def __init__(self, policy: Policy) -> None:
        self.policy, self.buf, self.next = policy, "", 0
        self.stats: dict[str, list[int]] = {}

    def clear(self) -> None:
        self.buf, self.next, self.stats = "", 0, {}

    def append(self, text: str) -> tuple[int, ...] | None:
        p = self.policy
        self.buf += text
        if len(self.buf) > p.chant_buffer:
            cut = len(self.buf) - p.chant_buffer
            self.buf, self.next = self.buf[cut:], max(0, self.next - cut)
            shifted = {w: [i - cut for i in seen if i >= cut] for w, seen in self.stats.items()}
            self.stats = {w: seen for w, seen in shifted.items() if seen}
        hit = None
        while self.next + p.chant_window <= len(self.buf):
            at = self.next
            self.next += 1
            seen = self.stats.setdefault(self.buf[at : at + p.chant_window], [])
            seen.append(at)
            recent = seen[-p.chant_repeats :]
            if (
                hit
                or len(recent) < p.chant_repeats
                or (recent[-1] - recent[0]) / (p.chant_repeats - 1) > p.chant_max_spacing
            ):
                continue
            if len({c for c in self.buf[at : at + p.chant_window] if not c.isspace()}) <= 2:
                continue  # decoration: a rule, dot leaders, an underline, a progress bar
            periods = {self.buf[a:b] for a, b in zip(recent, recent[1:], strict=False)}
            if len(periods) <= p.chant_max_periods:
                hit = tuple(recent)
        return hit


def gate_line_by_line(gate: MarkdownGate, chunk: str) -> list[tuple[bool, str]]:
    """The gate's rule one line at a time, with no shortcut for runs of plain lines: the reference."""
    parts: list[tuple[bool, str]] = []
    reset, tracked = False, ""
    for line in re.findall(r"[^\n]*\n|[^\n]+", chunk):
        restart, track = gate._line(line)
        if restart:
            if tracked:
                parts.append((reset, tracked))
            reset, tracked = True, ""
        if track:
            tracked += line
    if reset or tracked:
        parts.append((reset, tracked))
    return parts
