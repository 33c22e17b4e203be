"""What one credential format is (see rules): a pattern, the anchors it is tried at and what judges its matches,
and how its pattern is compiled, for a text and for UTF-8 bytes alike."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from functools import cached_property
from typing import Any

from . import columns

#: What finds a rule's matches in Python (see Rule.finder).
Finder = Callable[[str | bytes, list[list[int]], columns.Carry | None], Iterator[re.Match[Any]]]
#: Characters outside ASCII, as a range inside a class (spelled for bytes when a rule is compiled for them).
_NOT_ASCII = r"\x80-\U0010ffff"


class Rule:
    """One credential format. Its pattern is tried only where one of its anchors occurs (found by plain substring
    search, far faster than any pattern scanning the text), starting at most ``back`` characters before it: text
    without credentials costs a few substring scans, and a common word ("secret") costs one try where it stands,
    never a case-insensitive scan of a whole 60 MB result.

    The patterns are compiled when first tried: a process that redacts only texts without the rule's anchors
    (a hook checking a tool call for loops) never pays for them, and compiling all of them is most of what
    loading redaction would cost. A plain class, not a dataclass, for the same process: it loads this module to
    redact a tool call's arguments, and a dataclass compiles its methods from source when it is made."""

    def __init__(
        self,
        kind: str,
        anchors: tuple[str, ...],
        source: str,
        folded: bool = False,
        back: int = 0,
        exact: bool = False,
        accept: Callable[[re.Match[Any], str | bytes], bool] | None = None,
        scan_source: str | None = None,
        finder: Finder | None = None,
    ) -> None:
        self.kind = kind
        self.anchors = anchors
        #: The pattern's spelling, as :attr:`pattern` compiles it.
        self.source = source
        #: Whether the anchors are to be found whatever the case of their (ASCII) letters.
        self.folded = folded
        #: How far before an anchor a match may start.
        self.back = back
        #: Whether a match starts exactly ``back`` characters before its anchor (one try, not ``back`` + 1).
        self.exact = exact
        #: What a pattern cannot judge (is the value random enough, does the name before it say secret), given
        #: the match and the text it was found in; a match it refuses is no match.
        self.accept = accept
        #: For a rule with no anchor: the spelling of a pattern found by one scan of the text (fast, as it starts
        #: with a class of rare characters), where the rule is tried from the start of the word the hit stands in.
        self.scan_source = scan_source
        #: For a rule whose matches no pattern can find alone (a table's rows, under a header lines away): what
        #: finds them, given the text, where the rule's anchors stand and what a stream's earlier window left
        #: open (see columns); its ``source`` is then a pattern that matches nothing.
        self.finder = finder

    def __repr__(self) -> str:
        return f"Rule({self.kind!r}, {self.anchors!r})"

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        # ASCII semantics for \b, \d, \s and case-blindness, in both: a credential and the name given it are ASCII
        return re.compile(compiled_spelling(self.source), re.ASCII)

    @cached_property
    def bytes_pattern(self) -> re.Pattern[bytes]:
        """The same pattern for UTF-8 bytes (a stream is redacted as it comes, never decoded): every class that
        could take a character outside ASCII leaves it out in both, so the two find the same matches."""
        return re.compile(_bytes(compiled_spelling(self.source)).encode("ascii"), re.ASCII)

    @cached_property
    def scan(self) -> re.Pattern[str] | None:
        return None if self.scan_source is None else re.compile(compiled_spelling(self.scan_source), re.ASCII)

    @cached_property
    def bytes_scan(self) -> re.Pattern[bytes] | None:
        if self.scan_source is None:
            return None
        return re.compile(_bytes(compiled_spelling(self.scan_source)).encode("ascii"), re.ASCII)


def _bytes(pattern: str) -> str:
    """The pattern for UTF-8 bytes: a class that leaves out characters outside ASCII leaves out their bytes."""
    return pattern.replace(_NOT_ASCII, r"\x80-\xff")


#: A class that leaves out every character outside ASCII: ``[^`` what else it leaves out, the range, ``]``.
_WITHOUT_NOT_ASCII = re.compile(r"\[\^((?:\\.|[^\]\\])*?)" + re.escape(_NOT_ASCII) + r"((?:\\.|[^\]\\])*)\]")


def compiled_spelling(source: str) -> str:
    """``source`` as it is compiled, for text and for bytes alike: each class that leaves out every character
    outside ASCII (``[^`` ... ``\\x80-\\U0010ffff]``) spelled as the ASCII characters it takes. The two take
    the same characters, in a text and in UTF-8 bytes; but ``re`` compiles a range up to U+10FFFF by walking its
    first 65,536 code points in Python, milliseconds per class, and a hook checking a tool call compiles such a
    rule on every call (``tokens``, a key of the loop state it saves, is one of the rule's anchors)."""
    return _WITHOUT_NOT_ASCII.sub(lambda m: _ascii_class(m.group(1), m.group(2)) or m.group(), source)


@functools.lru_cache(maxsize=64)
def _ascii_class(before: str, after: str) -> str | None:
    """The ASCII characters a class ``[^before after]`` takes (under re.ASCII), as one class of ranges; None
    when it leaves out a letter, which case-blindness around the class would change."""
    codes = _takes(before, after, 0)
    if codes != _takes(before, after, re.IGNORECASE):
        return None
    runs: list[list[int]] = []
    for c in codes:
        if runs and runs[-1][1] == c - 1:
            runs[-1][1] = c
        else:
            runs.append([c, c])
    return "[" + "".join(f"\\x{a:02x}" if a == b else f"\\x{a:02x}-\\x{b:02x}" for a, b in runs) + "]"


def _takes(before: str, after: str, flags: int) -> list[int]:
    tests = [re.compile(f"[^{part}]", re.ASCII | flags).fullmatch for part in (before, after) if part]
    return [c for c in range(128) if all(takes(chr(c)) for takes in tests)]
