"""The timeline's chart, drawn on the server as SVG: the page needs no script, no library and no network.

Tokens over time: the host's context message by message (when its transcript is known), each compaction as a
drop from its tokens before to its tokens after, the model's window as a line, loop warnings and stops as marks
along the top, and each output a hook kept out as a tick along the bottom. Each mark carries a ``<title>``
(the browser shows it on hover) and, where there is a page for it, a link.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .html import clock, esc, short

WIDTH, HEIGHT = 960, 320
_LEFT, _RIGHT, _TOP, _BOTTOM = 64, 16, 28, 36


@dataclass
class Mark:
    time: float
    cls: str  # the stylesheet's class: compaction, warn, stop, hook, summary
    title: str
    href: str | None = None
    before: int | None = None  # a compaction's drop
    after: int | None = None
    name: str = ""  # a short name drawn beside it (C1 for the first compaction)


@dataclass
class Chart:
    line: list[tuple[float, int]] = field(default_factory=list)  # the host's context
    window: int | None = None
    marks: list[Mark] = field(default_factory=list)

    def render(self) -> str:
        times = [t for t, _ in self.line] + [m.time for m in self.marks]
        if not times:
            return '<p class="empty">Nothing recorded over time yet.</p>'
        low, high = min(times), max(times)
        pad = max((high - low) * 0.03, 1.0)
        low, high = low - pad, high + pad
        tallest = max([v for _, v in self.line] + [m.before or 0 for m in self.marks] + [self.window or 0] + [1])
        top = tallest * 1.08

        def x(t: float) -> float:
            return _LEFT + (t - low) / (high - low) * (WIDTH - _LEFT - _RIGHT)

        def y(v: float) -> float:
            return HEIGHT - _BOTTOM - v / top * (HEIGHT - _TOP - _BOTTOM)

        out = [
            f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
            f'aria-label="context tokens over time" xmlns="http://www.w3.org/2000/svg">'
        ]
        for i in range(5):  # the grid and the token axis
            value = top * i / 4
            out.append(
                f'<line class="grid" x1="{_LEFT}" x2="{WIDTH - _RIGHT}" y1="{y(value):.1f}" y2="{y(value):.1f}"/>'
            )
            out.append(
                f'<text class="axis" x="{_LEFT - 6}" y="{y(value) + 4:.1f}" text-anchor="end">{short(value)}</text>'
            )
        for i in range(5):  # the time axis
            t = low + (high - low) * i / 4
            anchor = "start" if i == 0 else "end" if i == 4 else "middle"  # the ends stay inside the frame
            shown = clock(t) + (f".{int(t * 10) % 10}" if high - low < 30 else "")  # a short run: tenths
            out.append(f'<text class="axis" x="{x(t):.1f}" y="{HEIGHT - 12}" text-anchor="{anchor}">{shown}</text>')
        if self.window:
            wy = y(self.window)
            out.append(f'<line class="window" x1="{_LEFT}" x2="{WIDTH - _RIGHT}" y1="{wy:.1f}" y2="{wy:.1f}"/>')
            out.append(f'<text class="window-label" x="{WIDTH - _RIGHT}" y="{wy - 5:.1f}" text-anchor="end">')
            out.append(f"model window {self.window:,}</text>")
        if self.line:
            points = " ".join(f"{x(t):.1f},{y(v):.1f}" for t, v in _thinned(self.line, x))
            out.append(f'<polyline class="context" points="{points}"><title>the host\'s context</title></polyline>')
        out += [self._mark(m, x, y) for m in _one_hook_a_column(self.marks, x)]
        out.append("</svg>")
        return "".join(out)

    @staticmethod
    def _mark(mark: Mark, x: Callable[[float], float], y: Callable[[float], float]) -> str:
        mx = x(mark.time)
        title = f"<title>{esc(mark.title)}</title>"
        if mark.before is not None and mark.after is not None:
            shape = (
                f'<line class="hit" x1="{mx:.1f}" x2="{mx:.1f}" y1="{y(mark.before):.1f}" y2="{y(mark.after):.1f}"/>'
                f'<line class="drop" x1="{mx:.1f}" x2="{mx:.1f}" y1="{y(mark.before):.1f}" y2="{y(mark.after):.1f}"/>'
                f'<circle class="before" cx="{mx:.1f}" cy="{y(mark.before):.1f}" r="5"/>'
                f'<circle class="after" cx="{mx:.1f}" cy="{y(mark.after):.1f}" r="5"/>'
                f'<text class="mark-name" x="{mx + 8:.1f}" y="{y(mark.before) + 4:.1f}">{esc(mark.name)}</text>'
            )
        elif mark.cls == "hook":
            shape = f'<rect class="hook" x="{mx - 2:.1f}" y="{HEIGHT - _BOTTOM - 10}" width="4" height="10"/>'
        else:
            shape = f'<circle class="{esc(mark.cls)}" cx="{mx:.1f}" cy="{_TOP - 12}" r="7"/>'
        inner = f'<g class="mark {esc(mark.cls)}">{title}{shape}</g>'
        return f'<a href="{esc(mark.href)}">{inner}</a>' if mark.href else inner


def _thinned(line: list[tuple[float, int]], x: Callable[[float], float]) -> list[tuple[float, int]]:
    """The points a line needs to look the same: per pixel column its first, lowest, highest and last (a session
    of ten thousand messages draws no more than a few thousand)."""
    out: list[tuple[float, int]] = []
    column: list[tuple[float, int]] = []
    for point in [*line, (float("nan"), 0)]:  # the last column flushed by a point in no column
        if column and (point[0] != point[0] or int(x(point[0])) != int(x(column[0][0]))):
            keep = {0, len(column) - 1}
            keep.add(min(range(len(column)), key=lambda i: column[i][1]))
            keep.add(max(range(len(column)), key=lambda i: column[i][1]))
            out += [column[i] for i in sorted(keep)]
            column = []
        column.append(point)
    return out


def _one_hook_a_column(marks: list[Mark], x: Callable[[float], float]) -> list[Mark]:
    """The marks, the hooks' ticks that would share a pixel column drawn as one (its title counts them, its
    link opens the first): a session whose hooks stored thousands of outputs still draws a light chart."""
    out: list[Mark] = []
    columns: dict[int, list[Mark]] = {}
    for mark in marks:
        if mark.cls == "hook":
            columns.setdefault(int(x(mark.time)), []).append(mark)
        else:
            out.append(mark)
    for same in columns.values():
        first = same[0]
        if len(same) > 1:
            first = Mark(
                first.time, "hook", f"{len(same):,} outputs the hooks stored; the first: {first.title}", first.href
            )
        out.append(first)
    return out
