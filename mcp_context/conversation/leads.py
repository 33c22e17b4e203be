"""An error's lead that says only where: its message is the next line.

Some tools head each error with a line that names its severity and its place and nothing else
(``runtime error: file a.xsl line 6 element value-of``, ``[ERROR:/p/cart.thrift:7] (last token was '}')``) and
print what went wrong on the line after it, with no severity word of its own; the errors that follow are often
its consequences (``XPath error : Undefined variable``). The lead is the first report, and it is told with the
line under it. Others (Elm's and ReScript's) print the place alone, an excerpt of the source under it, and the
message after the excerpt, in prose with no severity word: a line that points back at the errors is told with
that message."""

from __future__ import annotations

import re

#: A severity at a line's start, and nothing of what kind of error it is (``runtime error:``, ``[ERROR:``, ``fatal
#: error``): ``syntax error at a.pl line 3`` says what went wrong, and the line under it is an error of its own.
_SEVERITY = re.compile(r"^\W*(?:(?:runtime|fatal|internal)[ -])?(?:error|fatal)\b\W*", re.IGNORECASE)
#: A place: a path with an extension or under a folder, and its line and column (``a/b.xsl``, ``/p/c.thrift:7``).
_PATH = re.compile(r"(?:[\w.-]*/)*[\w-]+\.\w{1,8}(?::\d+)*|/[\w./-]+(?::\d+)*")
#: What names a spot inside a file, with the name it gives (``element value-of``, ``line 6``).
_SPOT = re.compile(r"(?i)\b(?:element|node|attribute|tag)\s+\S+|\b(?:line|column|col|row|pos|position|offset)\s+\d+")
#: A remark in brackets after the place (``(last token was '}')``): context, not the error.
_REMARK = re.compile(r"\([^()\n]*\)")
#: What was being done at the place, first after the severity (``compiling``, ``parsing``, ``loading``).
_DOING = re.compile(r"^[ \t]*[a-z]{3,}ing\b")
#: Words a place is written with.
_PLACE_WORDS = frozenset({"file", "in", "at", "on", "near", "of", "from"})
_WORD = re.compile(r"[A-Za-z]+")
#: How many lines above the line found a lead may stand and still be the first report of it.
_LINES_ABOVE = 6


def place_only(line: str) -> bool:
    """Whether ``line`` is a severity and a place, and no words besides (a remark in brackets aside, and what was
    being done there: Vyper's ``Error compiling: contracts/a.vy``)."""
    lead = _SEVERITY.match(line)
    if lead is None:
        return False
    rest = _DOING.sub(" ", _REMARK.sub(" ", line[lead.end() :]), count=1)
    if not _PATH.search(rest):
        return False
    rest = _SPOT.sub(" ", _PATH.sub(" ", rest))
    return all(word.lower() in _PLACE_WORDS for word in _WORD.findall(rest))


def said(lead: str, line: str, after: str = "") -> bool:
    """Whether ``line``, under ``lead``, is a message in words: two words at least, no deeper than the lead (an
    indented line is an excerpt of the source, the caret under it says so too), not a frame, and no severity of
    its own (that is an error the tool reports apart)."""
    text = line.strip()
    return (
        len(_WORD.findall(text)) >= 2
        and _indent(line) <= _indent(lead)
        and _CARET.match(after) is None
        and _SEVERITY.match(text) is None
        and not text.startswith(("at ", "|", "^", "#", "File "))
        and _GUTTER.match(text) is None
    )


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


#: A caret line under an excerpt (``      ^``, ``  ~~~^``) and an excerpt's numbered gutter (``12 | x``).
_CARET = re.compile(r"^[ \t|:\d]*[~-]*\^[~^-]*[ \t]*$")
_GUTTER = re.compile(r"^\d+\s*[|:│]")


def lead_before(text: str, start: int) -> tuple[int, str] | None:
    """The first lead that says only where within a few lines above ``start``, with a message under it: the
    error first reported there (offset, line)."""
    top = start
    for _ in range(_LINES_ABOVE):
        top = text.rfind("\n", 0, max(top - 1, 0)) + 1 if top > 0 else 0
        if top == 0:
            break
    lines = text[top:start].split("\n")
    offset = top
    for k, line in enumerate(lines[:-1]):
        if place_only(line) and said(line, lines[k + 1], lines[k + 2] if k + 2 < len(lines) else ""):
            return offset, line.strip()
        offset += len(line) + 1
    return None


def with_message(line: str, rest: list[str]) -> tuple[str, list[str]]:
    """``line`` and its message, when it is a lead that says only where and the next line says what."""
    if rest and place_only(line) and said(line, rest[0], rest[1] if len(rest) > 1 else ""):
        return f"{line} {rest[0].strip()}", rest[1:]
    return line, rest


#: A place alone on its line (``/p/src/Cart.res:4:26-57``): what follows it is about that spot.
_PLACE_ALONE = re.compile(r"^[ \t]*(?:[\w.-]*/)*[\w-]+\.\w{1,8}:\d+(?::\d+)?(?:-\d+(?::\d+)?)?[ \t]*$")
_EXCERPT_BACK = 40


def excerpt_message(text: str, start: int) -> str | None:
    """The message printed after the excerpt under the last place alone on its line above ``start``: its first
    paragraph, the lines up to a blank one joined (``This has type: int But this function argument is expecting:
    string``); None when no such place and excerpt stand there."""
    lines = text[:start].split("\n")[-_EXCERPT_BACK:]
    at = next((k for k in range(len(lines) - 1, -1, -1) if _PLACE_ALONE.match(lines[k])), None)
    if at is None:
        return None
    rest = [ln.strip() for ln in lines[at + 1 :]]
    k = 0
    while k < len(rest) and (not rest[k] or _GUTTER.match(rest[k]) or _CARET.match(rest[k])):
        k += 1
    if k == 0 or not any(_GUTTER.match(ln) for ln in rest[:k]):  # no excerpt under the place
        return None
    paragraph = []
    for line in rest[k:]:
        if not line:
            break
        paragraph.append(line)
    return " ".join(paragraph) or None
