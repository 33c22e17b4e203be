"""How many whole lines of a text fit a page's token budget, found with a few counts instead of one per line.

Counting each line on its own pays the estimator's fixed cost once per line, which dwarfs the cost of the
text itself. Instead a running count grows by runs of lines, each run sized from the density measured so far
to fill what the budget has left. An estimated run that overflows gives back its last lines, as many as its
excess is likely to take, by counting only them and taking that off (a count of lines is the sum of theirs),
so each byte of the page is counted about once rather than again for every halving. With an encoding, whose
counts do not add up exactly, a run that overflows is halved. The count of the page comes out of the same
running count (see tokens.count.RunningCount).
"""

from __future__ import annotations

import bisect
import codecs
import itertools
from dataclasses import dataclass
from typing import BinaryIO

from ..storage.index import whole_lines
from ..tokens.count import RunningCount, TokenCount, TokenCounter

#: The first run's length in characters per token of the budget: a guess on the low side of real text's
#: density (logs and code run 3-4 characters a token), so the first run rarely overflows.
_FIRST_CHARS_PER_TOKEN = 2.5
#: A run sized from the measured density aims this far under what is left, so it seldom has to be halved.
_AIM = 0.95
#: Lines given back off a count that went over: their length at the density measured, this much more, so that
#: one giving back is mostly enough (the lines in between are then added again, fewer than were taken back).
_GIVE_BACK_MARGIN = 1.3
#: What is read for a page: bytes per token of the budget (text this sparse is rare: a page that might go on
#: past them is walked line by line), and at most this much.
_READ_PER_TOKEN = 8
_MOST_READ = 64 * 1024  # also the most characters a page of max_lines lines is counted in one go for
#: The walk a page falls back on takes a text a line at a time, a long line in pieces of this many characters.
WALK_PIECE_CHARS = 64 * 1024
#: How many tokens more than its share of the whole the walk may count for one piece (see _counted_chars): one
#: from rounding, three where a piece starts inside a word (a word, a digit run and a letter-digit boundary).
_PIECE_SLACK = 4


@dataclass(frozen=True)
class Budget:
    """What a page may hold: lines and characters when given, tokens always (``line_tokens`` more per line,
    what numbering a line adds)."""

    max_lines: int | None
    max_chars: int | None
    max_tokens: int
    line_tokens: int


def quick_page(content: BinaryIO, byte: int, counter: TokenCounter, budget: Budget) -> tuple[str, TokenCount] | None:
    """The page from ``byte`` and its count, or None for the caller's walk, a piece at a time (a line to cut, a
    page by characters whose tokens may run short of room, or one that may go on past what was read)."""
    if budget.max_lines is not None:
        found = _counted_lines(content, byte, counter, budget)
        if found is not None:
            return found
    if budget.max_chars is not None:
        return _counted_chars(content, byte, counter, budget) if budget.max_lines is None else None
    return fit_page(content, byte, counter, budget.max_tokens, budget.line_tokens, budget.max_lines)


def _counted_chars(
    content: BinaryIO, byte: int, counter: TokenCounter, budget: Budget
) -> tuple[str, TokenCount] | None:
    """A page of ``max_chars`` characters counted once, when its count leaves room enough that the walk would
    not have stopped short of them: the walk counts each piece (a line, or a block of a long one) on its own,
    up to a token more than its share of the whole from rounding, and a few more where a block starts inside a
    word. Estimated counts only: exact ones do not add up. One count instead of one per piece."""
    assert budget.max_chars is not None
    if counter.encoding is not None or budget.max_chars > budget.max_tokens * _READ_PER_TOKEN:
        return None  # exact counts do not add up; a page of more characters is held by its tokens: walked
    content.seek(byte)
    text, _ = codecs.utf_8_decode(content.read(4 * budget.max_chars), "strict", False)  # a character: 4 bytes at most
    text = text[: budget.max_chars]
    if not text:
        return None
    counted = counter.count(text)
    pieces = text.count("\n") + 1 + len(text) // WALK_PIECE_CHARS
    if counted.tokens + (budget.line_tokens + _PIECE_SLACK) * pieces > budget.max_tokens:
        return None
    return text, counted


def _counted_lines(
    content: BinaryIO, byte: int, counter: TokenCounter, budget: Budget
) -> tuple[str, TokenCount] | None:
    """``max_lines`` whole lines counted once, when they are well inside every budget (the common small page):
    counting once, not per line, is most of a small page's cost."""
    assert budget.max_lines is not None
    # past this many characters the lines are most likely over the token budget too (see fit_page)
    limit = min(_MOST_READ, budget.max_tokens * _READ_PER_TOKEN, budget.max_chars or _MOST_READ)
    head = whole_lines(content, byte, budget.max_lines, limit)
    if head is None:
        return None
    text = head.decode("utf-8")
    counted = counter.count(text)
    fits = counted.tokens + budget.line_tokens * head.count(b"\n") <= budget.max_tokens
    return (text, counted) if fits else None


def fit_page(
    content: BinaryIO, byte: int, counter: TokenCounter, max_tokens: int, line_tokens: int, max_lines: int | None
) -> tuple[str, TokenCount] | None:
    """The page of whole lines from ``byte`` of a stored text and its count, or None to walk it line by line
    (its first line does not fit whole, or the page may go on past what was read)."""
    size = min(_MOST_READ, max_tokens * _READ_PER_TOKEN)
    content.seek(byte)
    data = content.read(size)
    ends_text = len(data) < size
    if not ends_text:
        data = data[: data.rfind(b"\n") + 1]  # whole lines only (none: empty, and walked)
    text = data.decode("utf-8")
    fitted = fit_lines(text, counter, max_tokens, line_tokens, max_lines, ends_text)
    return None if fitted is None else (text[: fitted.chars], fitted.counted)


@dataclass(frozen=True)
class Fitted:
    chars: int  # the page: text[:chars], whole lines
    lines: int
    counted: TokenCount


def fit_lines(
    text: str, counter: TokenCounter, max_tokens: int, line_tokens: int, max_lines: int | None, ends_text: bool
) -> Fitted | None:
    """The most whole lines from the start of ``text`` whose count, with ``line_tokens`` for each line, stays
    within ``max_tokens`` (and ``max_lines``). ``text`` holds whole lines, its last one unended only where the
    stored text ends (``ends_text``: nothing follows). None when not even the first line fits, or when every
    line fits short of ``max_lines`` and more text follows, as the page may go on: the caller walks instead."""
    if not text:
        return None
    ends = _line_ends(text)
    limit = len(ends) if max_lines is None else min(len(ends), max_lines)
    running, taken, chars = counter.running(), 0, 0
    want = max_tokens * _FIRST_CHARS_PER_TOKEN
    while taken < limit:
        # the lines from ``taken`` that end within ``want`` characters, one at least
        upto = max(taken + 1, min(limit, bisect.bisect_right(ends, chars + int(want))))
        trial = running.copy()
        trial.add(text[chars : ends[upto - 1]])
        if trial.whole:  # an estimate: lines too many are taken back off the trial's count
            upto, trial = _give_back(text, ends, taken, upto, trial, max_tokens, line_tokens)
        if trial.tokens + line_tokens * upto <= max_tokens:
            running, taken, chars = trial, upto, ends[upto - 1]
            left = max_tokens - running.tokens - line_tokens * taken
            want = left * _AIM * chars / max(1, running.tokens)
        elif upto == taken + 1:
            break  # the next line does not fit
        else:
            want = (ends[upto - 1] - chars) / 2
    if taken == 0 or (taken == len(ends) and not ends_text and (max_lines is None or taken < max_lines)):
        return None
    counted = TokenCount(running.tokens, counter.method) if running.whole else counter.count(text[:chars])
    while counted.tokens + line_tokens * taken > max_tokens:
        if taken == 1:
            return None
        taken -= 1  # the pieces' exact counts summed under the whole's: give back lines until it fits
        chars = ends[taken - 1]
        counted = counter.count(text[:chars])
    return Fitted(chars, taken, counted)


def _give_back(
    text: str, ends: list[int], taken: int, upto: int, trial: RunningCount, max_tokens: int, line_tokens: int
) -> tuple[int, RunningCount]:
    """The lines ``taken`` to ``upto`` added to a count went over the budget: take the last of them back off it, as
    many as its excess is likely to be (counting a few lines is cheaper than counting again all the ones before
    them), more until it fits. The lines kept and their count; still over when even the first does not fit."""
    while upto > taken + 1 and (excess := trial.tokens + line_tokens * upto - max_tokens) > 0:
        start = ends[taken - 1] if taken else 0
        chars_per_token = (ends[upto - 1] - start) / max(1, trial.tokens)
        drop = ends[upto - 1] - int(excess * chars_per_token * _GIVE_BACK_MARGIN)  # keep the lines ending by here
        keep = max(taken + 1, min(upto - 1, bisect.bisect_right(ends, drop, taken, upto)))
        trial, upto = trial.without(text[ends[keep - 1] : ends[upto - 1]]), keep
    return upto, trial


def _line_ends(text: str) -> list[int]:
    """Where each line of ``text`` ends (after its line break, or at the end of an unended last line), summed in C
    rather than by a ``find`` per line in Python."""
    ends = list(itertools.accumulate(map((1).__add__, map(len, text.split("\n")))))
    ends.pop()  # the part after the last line break, counted with a line break it does not have
    if not ends or ends[-1] < len(text):
        ends.append(len(text))
    return ends
