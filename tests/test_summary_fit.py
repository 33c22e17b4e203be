"""Fitting a summary's facts to a budget: every failure is given its lightest rendering before any is told at length
(the lightest by weight, not by place in the list), then each grows to its core (its line that says why, whole)
before any grows further; room the estimates held back goes first to the most valued items, which grow into their
longer forms, and only then to items left out; the budget always holds."""

from __future__ import annotations

from mcp_context.summary.fit import Item, Part, fit


def words(text: str) -> int:
    return len(text.split())


def test_the_lightest_rendering_is_the_one_that_weighs_least() -> None:
    failures = [Item(85, (f"failure {n} " + "detail " * 20, f"failure {n} cut short", f"failure {n}")) for n in "ab"]
    heavy_last = Item(
        85, ("failure c told at length " + "x " * 20, "failure c", "failure c with a cut that weighs more")
    )
    parts = [Part("## Errors", items=[*failures, heavy_last])]
    text = fit(parts, 22, words, band=(80, 90))
    assert "failure a" in text and "failure b" in text and "failure c" in text
    assert words(text) <= 22


def test_every_failure_reaches_its_core_before_one_is_told_at_length() -> None:
    """The first failure's extras (the agent's words about it) wait until the second's cause is whole."""
    first = Item(85, ("failure a why whole then the agent said a lot about it", "failure a why whole", "failure a"))
    second = Item(
        85, ("failure b why whole and more detail", "failure b why whole", "failure b"), core="failure b why whole"
    )
    parts = [Part("## Errors", items=[first, second])]
    text = fit(parts, 20, words, band=(80, 90))
    assert "failure b why whole" in text and "the agent said" not in text
    assert words(text) <= 20
    without = fit([Part("## Errors", items=[first, Item(85, second.variants)])], 20, words, band=(80, 90))
    assert "failure b why whole" not in without  # the first's extras took the room


def test_room_left_grows_the_most_valued_item_before_a_lesser_one_comes_in() -> None:
    current = Item(96, ("current work " + "said in full " * 6, "current work"))
    failure = Item(85, ("failure f",))
    aside = Item(30, ("an aside of little worth " * 2,))
    parts = [
        Part("## Current", items=[current]),
        Part("## Errors", items=[failure]),
        Part("## Concepts", items=[aside]),
    ]
    text = fit(parts, 44, words, band=(80, 90))
    assert "said in full" in text and "failure f" in text and "an aside" not in text
    assert words(text) <= 44


def test_a_request_is_not_crowded_out_by_failures_told_short() -> None:
    """Failures are given their lightest forms first, but never before an item valued more than any of them."""
    request = Item(100, ("the request, quoted whole " + "word " * 10, "the request"))
    failures = [Item(85, (f"failure {n} " + "why " * 12, f"failure {n} cut")) for n in "abc"]
    parts = [Part("## Request", items=[request]), Part("## Errors", items=failures)]
    text = fit(parts, 26, words, band=(80, 90))
    assert "the request" in text and "failure a cut" in text
    assert words(text) <= 26


def test_a_section_s_more_line_is_paid_for_once() -> None:
    """The skeleton already holds each section's "... N more" line: a budget of the skeleton (with those lines) and
    the items' own weight tells every item, with no room held back for the more-lines a second time."""
    items = [Item(85, (f"item{n}",)) for n in range(4)]
    parts = [Part("## A", items=items[:2]), Part("## B", items=items[2:])]
    skeleton = words("## A\n- ... 2 more in the archive\n## B\n- ... 2 more in the archive")
    text = fit(parts, skeleton + 4 * (1 + 2), words)  # each item: its word and the margin a line is weighed with
    assert all(f"item{n}" in text for n in range(4)) and "more in the archive" not in text
