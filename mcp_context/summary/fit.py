"""Fitting a summary to a token budget: the most valuable facts first, each in its longest form that fits.

Every fact is an item with a priority and a few renderings, longest first (a user message verbatim, then cut
head and tail). Items are taken by priority while the budget lasts, each in the longest rendering that still
fits; what is left out is counted under its section ("... 12 more in the archive"), so a reader knows the
archive holds more. The skeleton (headings, the empty-section lines) is always kept."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

Count = Callable[[str], int]
#: Items of one part ever weighed: a range of 100,000 messages has no more room than one of 1,000.
CANDIDATES = 300


@dataclass
class Item:
    priority: int
    variants: tuple[str, ...]  # longest first
    #: The variant that says what the item is for (a failure's line whole, with its command and fix short), which
    #: every item of the band is grown to before any grows further: one failure's extras never cost another's cause.
    core: str | None = None


@dataclass
class Part:
    opening: str | None
    closing: str | None = None
    items: list[Item] = field(default_factory=list)
    empty: str = "none in this range"
    indent: str = ""
    more: bool = True


def fit(
    parts: list[Part],
    budget: int,
    count: Count,
    prefix: str = "",
    suffix: str = "",
    band: tuple[int, int] | None = None,
    lead: int | None = None,
) -> str:
    """The parts rendered under ``budget`` tokens (or the bare skeleton, if even that does not fit). Items of
    priority within ``band`` (low, high) are first each given their shortest rendering, so that the first of them
    taking its longest cannot crowd out the next (three failures in little room: each told short, not one told
    long); before them, items valued at least ``lead`` (the request), which no failure may crowd out."""
    sizes: dict[str, int] = {}

    def size(variant: str) -> int:  # both passes weigh the same variants
        if variant not in sizes:
            sizes[variant] = count(variant)
        return sizes[variant]

    chosen: dict[int, str] = {}
    # The skeleton holds each section's "... N more" line at its largest N: taking items only shortens it.
    remaining = budget - count(render(parts, chosen, prefix, suffix))
    by_priority = [sorted(part.items, key=lambda item: -item.priority)[:CANDIDATES] for part in parts]
    order = sorted(((id(item), item) for items in by_priority for item in items), key=lambda pair: -pair[1].priority)
    costs: dict[int, int] = {}
    low, high = band if band is not None else (1, 0)
    first = [(k, i) for k, i in order if low <= i.priority <= high or (lead is not None and i.priority >= lead)]
    for key, item in first:  # the shortest of each item not to be crowded out
        if remaining < 4:
            break
        shortest = min(item.variants, key=size)  # a cut variant can weigh more than a shorter-worded one
        cost = size(shortest) + 2
        if cost <= remaining:
            chosen[key], costs[key] = shortest, cost
            remaining -= cost
    for key, item in first:  # then each to its core, where it has one, or as near it as the room allows
        held = costs.get(key)
        if item.core is None or held is None or item.core not in item.variants:
            continue
        for variant in item.variants[item.variants.index(item.core) :]:  # the core, then each shorter one
            if size(variant) + 2 - held <= remaining:
                if size(variant) + 2 > held:
                    chosen[key], costs[key] = variant, size(variant) + 2
                    remaining -= costs[key] - held
                break
    for key, item in order:
        if remaining < 4:
            break
        held = costs.get(key, 0)  # an item already in, in its shortest form, may grow into a longer one
        for variant in item.variants:
            cost = size(variant) + 2
            if cost - held <= remaining:
                if key in chosen and variant == chosen[key]:
                    break
                chosen[key], costs[key] = variant, cost
                remaining -= cost - held
                break
    text = _within(parts, order, chosen, costs, budget, (count, size), prefix, suffix)
    return _fill(parts, order, chosen, budget, count, size, text, prefix, suffix)


def _within(
    parts: list[Part],
    order: list[tuple[int, Item]],
    chosen: dict[int, str],
    costs: dict[int, int],
    budget: int,
    counts: tuple[Count, Count],
    prefix: str,
    suffix: str,
) -> str:
    """The chosen items rendered within the budget: over it, the least valued items shrink to their lightest form
    before any is dropped, and then the least valued are dropped (joins cost a little more than their parts)."""
    count, size = counts
    text = render(parts, chosen, prefix, suffix)
    over = count(text) - budget
    for key, item in reversed(order):
        if over <= 0:
            break
        if key in chosen:
            lightest = min(item.variants, key=size)
            saved = costs[key] - size(lightest) - 2
            if saved > 0:
                chosen[key], costs[key] = lightest, costs[key] - saved
                over -= saved
    if over <= 0 < count(text) - budget:
        text = render(parts, chosen, prefix, suffix)
        over = count(text) - budget
    drops = [key for key, _ in reversed(order) if key in chosen]
    while over > 0 and drops:
        freed = 0
        while drops and freed < over:
            key = drops.pop(0)
            freed += costs.pop(key)
            del chosen[key]
        text = render(parts, chosen, prefix, suffix)
        over = count(text) - budget
    return text


def _fill(
    parts: list[Part],
    order: list[tuple[int, Item]],
    chosen: dict[int, str],
    budget: int,
    count: Count,
    size: Count,
    text: str,
    prefix: str,
    suffix: str,
) -> str:
    """Spend what the estimates held back. The "... N more" lines that went when their sections were told whole
    and the margin on each join can leave a few dozen tokens unused: enough for a fact the first pass left out (a
    list of changed files under a long project path). Each addition is checked against the real text, so the
    budget still holds."""
    used = count(text)
    # The most valued first; of items valued alike, one left out comes in before one told short grows.
    ranked = sorted(order, key=lambda pair: (-pair[1].priority, pair[0] in chosen))
    for key, item in ranked:
        if budget - used < 4:
            break
        held = chosen.get(key)
        longer = item.variants[: item.variants.index(held)] if held in item.variants else item.variants
        for variant in longer:
            if size(variant) - (size(held) if held else 0) >= budget - used:
                continue
            chosen[key] = variant
            trial = render(parts, chosen, prefix, suffix)
            total = count(trial)
            if total <= budget:
                text, used = trial, total
                break
            if held is None:
                del chosen[key]
            else:
                chosen[key] = held
    return text


def render(parts: list[Part], chosen: dict[int, str], prefix: str = "", suffix: str = "") -> str:
    lines = [prefix] if prefix else []
    for part in parts:
        if part.opening is not None:
            lines.append(part.opening)
        picked = [chosen[id(item)] for item in part.items if id(item) in chosen]
        for text in picked:
            lines.append(f"{part.indent}- " + text.replace("\n", f"\n{part.indent}  "))
        left = len(part.items) - len(picked)
        if left and part.more:
            lines.append(f"{part.indent}- ... {left} more in the archive")
        elif not part.items and part.empty:
            lines.append(f"{part.indent}- {part.empty}")
        if part.closing is not None:
            lines.append(part.closing)
    if suffix:
        lines.append(suffix)
    return "\n".join(lines)
