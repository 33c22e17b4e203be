"""Loop detection's chanting layer: repeated prose caught within its spacing, and what resets or escapes it (code
blocks, lists, tables, headings, quotes, decoration, dividers), with the Markdown gate following fences line by
line."""

from __future__ import annotations

import random

import pytest
from loop_events import chunked, content, each, first_alarm, monitor

from mcp_context.loops import Event
from mcp_context.loops.chanting import is_decoration
from mcp_context.loops.markdown import MarkdownGate, is_divider


def test_repeated_prose_is_caught() -> None:
    text = "Intro words here. " + "I should re-check the build output before moving on. " * 12
    verdicts = each(monitor(), chunked(text))
    at = first_alarm(verdicts)
    assert at is not None and verdicts[at].kind == "chanting"
    nudge = verdicts[at].nudge
    assert nudge is not None and "re-check the build output" in nudge


@pytest.mark.parametrize(("period", "caught"), [(250, True), (251, False)])
def test_chanting_spacing_limit(period: int, caught: bool) -> None:
    unit = "".join(random.Random(period).choices("abcdefgh ", k=period - 1)) + "."
    assert (first_alarm(each(monitor(), chunked(unit * 12))) is not None) is caught


def test_after_a_chanting_warning_only_more_chanting_stops() -> None:
    unit = "I should re-check the build output before moving on. "
    prose = [content(f"Step {i} changes file number {i * 7} and then reads line {i * 13}. ") for i in range(40)]
    for then, expected in ((prose, "ok"), ([content(unit)], "stop")):
        m = monitor()
        warned = each(m, [content(unit)] * 30)
        assert [v.status for v in warned].count("warn") == 1
        assert {v.status for v in each(m, then)} == {expected}


def test_repetition_inside_a_code_block_is_not_caught() -> None:
    code = "```python\n" + "assert compute(value) == expected_value_for_this_case\n" * 30 + "```\n"
    assert first_alarm(each(monitor(), chunked(code))) is None
    lines = ["```python\n", *["x = compute(value, other_value) + offset_value_here\n"] * 30, "```\n"]
    assert first_alarm(each(monitor(), [content(line) for line in lines])) is None


@pytest.mark.parametrize("marker", ["- ", "* ", "+ ", "1. ", "  - "])
def test_list_items_reset_tracking(marker: str) -> None:
    items = [content(f"{marker}Update the dependency pin for the package in requirements file\n")] * 30
    assert first_alarm(each(monitor(), items)) is None


def test_tables_headings_and_quotes_reset_tracking() -> None:
    for line in ("| a | b | the same row of this table again and again |\n", "## The same heading again\n"):
        assert first_alarm(each(monitor(), [content(line * 2)] * 30)) is None
    assert first_alarm(each(monitor(), [content("> quoted text that repeats over and over again\n")] * 30)) is None


CODE = "assert compute(value) == expected_value_for_this_case\n"


CODE_BLOCKS = {
    "fenced": "Here is the test:\n```python\n" + CODE * 15 + "```\nThat is all.\n",
    "tildes": "Here is the test:\n~~~python\n" + CODE * 15 + "~~~\nThat is all.\n",
    "indented": "Here is the test:\n\n" + ("    " + CODE) * 15 + "\nThat is all.\n",
    "tab-indented": "Here is the test:\n\n" + ("\t" + CODE) * 15,
}


@pytest.mark.parametrize("text", CODE_BLOCKS.values(), ids=CODE_BLOCKS.keys())
def test_code_in_one_chunk_or_message_is_not_tracked(text: str) -> None:
    """However the text arrives: one chunk holding the whole block, a whole message, or chunks cut anywhere."""
    assert monitor().feed([content(text)]).status == "ok"
    assert monitor().feed([Event("assistant", text=text)]).status == "ok"
    assert first_alarm(each(monitor(), chunked(text))) is None


def test_a_line_of_tildes_under_a_title_is_its_underline_not_a_fence() -> None:
    """reST underlines titles with tildes; read as a fence, the rest of the message would be muted as code."""
    chant = "I should re-check the build output before moving on. " * 12
    assert monitor().feed([Event("assistant", text="Usage\n~~~~~\n\n" + chant)]).kind == "chanting"
    bare = "Here is the test:\n~~~\n" + CODE * 15 + "~~~\n"  # shorter than the line above: a fence
    assert monitor().feed([Event("assistant", text=bare)]).status == "ok"


def test_an_indented_line_after_prose_continues_the_paragraph() -> None:
    """Markdown's rule: indented code cannot interrupt a paragraph, so this chant is prose and is caught."""
    text = "I keep telling myself:\n" + "    I should re-check the build output before moving on.\n" * 15
    assert monitor().feed([Event("assistant", text=text)]).kind == "chanting"
    assert first_alarm(each(monitor(), chunked(text))) is not None


DECORATION = {
    "rule after text": "Some notes on the release follow.\n" + "#" * 72 + "\n",
    "dot leaders": "Contents\nIntroduction " + "." * 60 + " 3\nUsage " + "." * 60 + " 9\n",
    "underline": "Installation\n" + "^" * 60 + "\n\nRun the installer.\n",
    "progress bar": "Progress: [" + "#" * 60 + "] 100%",
    "zero padding": "The key is 0x" + "0" * 64 + ", as expected.",
    "table border": "Results of the run\n" + "=" * 70 + " " + "=" * 30 + "\nA  B\n" + "=" * 70 + " " + "=" * 30,
    "border in a line": "The table: " + "=" * 70 + " " + "=" * 30 + " ends here",
}


@pytest.mark.parametrize("text", DECORATION.values(), ids=DECORATION.keys())
def test_decoration_is_not_chanting(text: str) -> None:
    assert monitor().feed([content(text)]).status == "ok"
    assert monitor().feed([Event("assistant", text=text)]).status == "ok"
    assert first_alarm(each(monitor(), chunked(text))) is None


def test_decoration_is_at_most_two_characters_besides_spaces() -> None:
    for window in ("#" * 50, "=" * 30 + " " + "=" * 19, "0x" + "0" * 48, "-=" * 25, "\n" * 50):
        assert is_decoration(window), window
    for window in ("ab c" * 13, "DONE." * 10, "ha! " * 13):
        assert not is_decoration(window), window


def test_only_real_dividers_are_dividers() -> None:
    for divider in ("---", "***", "===", "- - -", "────────", "+---+---+", "___\n"):
        assert is_divider(divider), divider
    for text in ("OK", "DONE.", "A", "-", "**", "1234", "ABC_DEF", "--x--"):
        assert not is_divider(text), text
    # Gemini CLI drops "DONE." chunks as dividers and never sees this chant; we do.
    verdicts = each(monitor(), [content("DONE.")] * 40)
    assert first_alarm(verdicts) is not None and verdicts[first_alarm(verdicts) or 0].kind == "chanting"


def test_markdown_gate_follows_fences_line_by_line() -> None:
    gate = MarkdownGate()
    assert gate.split("```py\n") == [(True, "")] and gate.fence == "```"
    assert gate.split("x = 1\n") == []
    assert gate.split("```\nafter") == [(True, "after")] and gate.fence == ""
    assert gate.split("inline ```a``` b") == [(True, "inline ```a``` b")] and gate.fence == ""
    assert gate.split("plain words") == [(False, "plain words")]
    assert gate.split("\n````md\n```\nstill code\n````\nout\n") == [(False, "\n"), (True, "out\n")]


def test_a_new_turn_leaves_an_unclosed_code_block() -> None:
    unit = "I am going to try the same thing one more time now. "
    events = [content("```\nunclosed code"), Event("turn")] + [content(unit)] * 12
    assert first_alarm(each(monitor(), events)) is not None


def test_whole_assistant_messages_are_checked_line_by_line() -> None:
    chant = "The answer is below, let me restate it for clarity. " * 12
    verdicts = each(monitor(), [Event("assistant", text="Plan:\n" + chant)])
    assert verdicts[0].kind == "chanting"
    listing = "".join(f"- the same bullet item repeated in the answer list {i % 2}\n" for i in range(40))
    assert first_alarm(each(monitor(), [Event("assistant", text=listing)])) is None


def test_a_streamed_message_is_not_checked_twice() -> None:
    text = "A sentence that appears in one message only, five times. " * 5
    m = monitor()
    events = [*chunked(text), Event("assistant", text=text)]
    assert first_alarm(each(m, events)) is None
