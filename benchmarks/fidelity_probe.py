"""The probe and the baseline the fidelity benchmark scores every summary with.

A fact is kept when each of its required strings is in the summary, compared with case and runs of whitespace
set aside (a summary may re-flow a line, and nothing more). The baseline is what a host does without a
summariser: keep the newest part of the history, here its last N tokens as text, N being the summary's own
token count, and score that text with the same probe."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .retention import strings

#: A terminal's escape sequence (a colour, or a hyperlink's ends around its text): what a reader of the output sees
#: is the text without it.
_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")


def norm(text: str) -> str:
    return " ".join(_ESCAPE.sub("", text).split()).casefold()


def holds(options: Iterable[Sequence[str]], normed: str) -> bool:
    """Whether any one option has all of its strings in ``normed`` (already normalised)."""
    return any(all(norm(s) in normed for s in option) for option in options)


def together(strings: Sequence[str], text: str) -> bool:
    """Whether every string is on one line of ``text``: a failure and its fix told as one."""
    wanted = [norm(s) for s in strings]
    return any(all(s in line for s in wanted) for line in (norm(ln) for ln in text.splitlines()))


class Tail:
    """The last N tokens of a history, as text: the sliding window a host keeps without a summary."""

    def __init__(self, messages: list[dict[str, Any]], count: Callable[[str], int]) -> None:
        self.texts = ["\n".join(strings(m)) for m in messages]
        self.tokens = [count(t) for t in self.texts]

    def text(self, budget: int) -> str:
        """Whole messages from the newest back, and the end of the one that no longer fits."""
        kept: list[str] = []
        left = budget
        for text, tokens in zip(reversed(self.texts), reversed(self.tokens), strict=True):
            if tokens <= left:
                kept.append(text)
                left -= tokens
                continue
            if left > 0 and tokens:
                kept.append(text[len(text) - len(text) * left // tokens :])
            break
        return "\n".join(reversed(kept))
