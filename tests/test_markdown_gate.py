"""The markdown gate's shortcuts for plain text give exactly what its line rule gives, line by line, for any
chunking: the same parts and the same state after every chunk."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from loop_references import gate_line_by_line as line_by_line  # the reference: the rule one line at a time

from mcp_context.loops.markdown import MarkdownGate

# Lines near every edge of the plain-text shortcut: indents before and after blank lines, each character that
# may or may not start structure, fence markers inside a line, whitespace-only lines.
LINES = [
    "Plain words here.",
    "",
    " ",
    "   ",
    "    ",
    "\t",
    " \t",
    "\u00a0\u00a0\u00a0\u00a0nbsp indent",
    "    indented code",
    "  two spaces",
    "   three spaces",
    "     five spaces",
    "\tcode",
    " \tspace tab",
    "- item",
    "-1 is negative",
    "* star",
    "*emphasis*",
    "**bold**",
    "+ plus",
    "+1",
    "1. first",
    "1.5 is a number",
    "12",
    "12.",
    "3) third",
    "# Title",
    "#define X",
    "##",
    "#",
    "> quote",
    ">>> prompt()",
    ">",
    "| a | b |",
    "|x",
    "a | b | c",
    "```",
    "```python",
    "``` x ` y",
    "~~~",
    "~~~~~~",
    "~ approx",
    "~~ two",
    "Usage",
    "----",
    "***",
    "___",
    "__init__ method",
    "=== rule",
    "=x",
    "\u2500\u2500\u2500\u2500",
    "\u2502 box",
    "text with `tick`",
    "text with ``double`` ticks",
    "text with ``` triple",
    "a ~ b",
    "a ~~~ b",
    "(parenthesis)",
    '"quoted"',
    "\u00e9t\u00e9 accented",
    "\u4e2d\u6587",
    "trailing spaces   ",
    "x\r",
]


@pytest.mark.slow
@given(
    lines=st.lists(st.sampled_from(LINES), max_size=40),
    cuts=st.lists(st.integers(0, 600), max_size=12),
    fresh_messages=st.lists(st.integers(0, 600), max_size=2),
)
@settings(max_examples=600, deadline=None)
def test_the_gate_judges_any_chunking_as_its_line_rule_would(
    lines: list[str], cuts: list[int], fresh_messages: list[int]
) -> None:
    text = "\n".join(lines) + random.Random(len(lines)).choice(["", "\n"])
    bounds = sorted({0, len(text), *(c % (len(text) + 1) for c in cuts)})
    news = {c % (len(text) + 1) for c in fresh_messages}
    fast, slow = MarkdownGate(), MarkdownGate()
    for a, b in pairwise(bounds):
        if a in news:
            fast.new_message()
            slow.new_message()
        assert fast.split(text[a:b]) == line_by_line(slow, text[a:b]), (text[:a], text[a:b])
        assert fast.to_state() == slow.to_state(), (text[:a], text[a:b])


def test_an_empty_chunk_gives_nothing() -> None:
    gate = MarkdownGate()
    assert gate.split("") == []
    gate.split("Some text")
    assert gate.split("") == []


@pytest.mark.slow
def test_every_two_lines_cut_anywhere_give_what_the_line_rule_gives() -> None:
    """Each pair of lines (and a third after), cut once at every place: each state the first leaves (a code
    line, a blank, a line under way...) meets each kind of chunk."""
    for first in LINES:
        for second in LINES:
            text = f"{first}\n{second}\nPlain words here.\n"
            for cut in range(len(text) + 1):
                fast, slow = MarkdownGate(), MarkdownGate()
                for piece in (text[:cut], text[cut:]):
                    assert fast.split(piece) == line_by_line(slow, piece), (text, cut)
                    assert fast.to_state() == slow.to_state(), (text, cut)
