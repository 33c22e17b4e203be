"""A page by tokens holds the most whole lines its budget allows, found with a few running counts: the same
lines, and the same count, as counting every candidate page whole."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_tokens import tiny_encoding

from mcp_context import Session
from mcp_context.results.fitting import fit_lines
from mcp_context.tokens.count import TokenCounter

ESTIMATE = TokenCounter(search_local=False)
PIECES = [*"abcXYZ019 _-=:/.\t{}\"'", "é", "日本", "😀", "  ", "sk", "0x1f", "Authorization", "     "]
LINE = st.lists(st.sampled_from(PIECES), max_size=40).map("".join)


@settings(max_examples=150, deadline=None)
@given(lines=st.lists(LINE, min_size=1, max_size=60))
def test_a_running_count_over_lines_is_the_count_of_the_whole(lines: list[str]) -> None:
    running = ESTIMATE.running()
    for line in lines:
        running.add(line + "\n")
    assert running.whole and running.tokens == ESTIMATE.count("".join(line + "\n" for line in lines)).tokens


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(
    lines=st.lists(LINE, min_size=1, max_size=80),
    budget=st.integers(min_value=1, max_value=600),
    max_lines=st.one_of(st.none(), st.integers(min_value=1, max_value=90)),
    unended=st.booleans(),
)
def test_the_page_is_the_most_lines_that_fit(
    lines: list[str], budget: int, max_lines: int | None, unended: bool
) -> None:
    text = "".join(line + "\n" for line in lines)
    if unended:
        text = text[:-1]  # the stored text ends without a line break
    assume(text)  # an empty text has no line: the walk answers it
    ends = [i + 1 for i, c in enumerate(text) if c == "\n"] + ([] if text.endswith("\n") else [len(text)])
    limit = len(ends) if max_lines is None else min(len(ends), max_lines)

    def fits(k: int) -> bool:
        return ESTIMATE.count(text[: ends[k - 1]]).tokens + 3 * k <= budget

    most = max((k for k in range(1, limit + 1) if fits(k)), default=0)
    fitted = fit_lines(text, ESTIMATE, budget, 3, max_lines, ends_text=True)
    if most == 0:
        assert fitted is None  # not even one line: the caller cuts the first
        return
    assert fitted is not None and (fitted.lines, fitted.chars) == (most, ends[most - 1])
    assert fitted.counted.tokens == ESTIMATE.count(text[: fitted.chars]).tokens
    if most == len(ends) and (max_lines is None or most < max_lines):
        assert fit_lines(text, ESTIMATE, budget, 3, max_lines, ends_text=False) is None  # more may follow


def test_pages_by_tokens_are_full_and_within_budget(tmp_path: Path) -> None:
    lines = [f"{i:05d} INFO worker-{i % 7} step {i}: " + "word " * (i % 23) + "é" * (i % 3) for i in range(3000)]
    session = Session(tmp_path, "s", env={})
    handle = session.persist_result("\n".join(lines) + "\n").meta.handle
    counter = session.store.counter
    line, seen = 1, []
    while line <= len(lines):
        page = session.read_persisted(handle, start_line=line, max_tokens=700).page
        assert page is not None and page.tokens + 3 * page.text.count("\n") <= 700
        seen.append(page.text)
        if page.next is None:
            break
        following = lines[page.last_line] + "\n"  # the line after the page would not have fitted
        assert counter.count(page.text + following).tokens + 3 * (page.text.count("\n") + 1) > 700
        line = page.next["start_line"]
    assert "".join(seen) == "\n".join(lines) + "\n"


@settings(max_examples=80, deadline=None)
@given(lines=st.lists(LINE, min_size=1, max_size=60), budget=st.integers(min_value=1, max_value=400))
def test_with_an_encoding_the_page_is_counted_whole_and_within_budget(lines: list[str], budget: int) -> None:
    """With an encoding the running figure is a sum of the pieces' exact counts: the page reported is counted
    whole, and lines are given back until that count fits."""
    exact = TokenCounter(tiny_encoding())
    text = "".join(line + "\n" for line in lines)
    fitted = fit_lines(text, exact, budget, 3, None, ends_text=True)
    if fitted is None:
        return
    assert fitted.counted == exact.count(text[: fitted.chars])
    assert fitted.counted.tokens + 3 * fitted.lines <= budget
    assert text[: fitted.chars].count("\n") == fitted.lines


@settings(max_examples=150, deadline=None)
@given(lines=st.lists(LINE, min_size=2, max_size=60), cut=st.integers(min_value=1))
def test_a_count_less_its_last_lines_is_the_count_of_the_rest(lines: list[str], cut: int) -> None:
    """Taking the count of the last lines off a running count gives exactly the count of the lines before them."""
    cut = 1 + cut % (len(lines) - 1)
    head, tail = "".join(line + "\n" for line in lines[:cut]), "".join(line + "\n" for line in lines[cut:])
    running = ESTIMATE.running()
    running.add(head + tail)
    rest = running.without(tail)
    assert rest.tokens == ESTIMATE.count(head).tokens
    rest.add(tail)  # and it goes on as a count of the rest would
    assert rest.tokens == running.tokens
