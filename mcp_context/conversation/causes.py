"""The rest of what says why a run failed, once ``failures`` has found its line.

A tool seldom says why on one line. A compiler's ``file:line:col: error:`` puts its message in the indented block
below it; Ruby's ``NoMethodError:`` and Rust's ``panicked at src/lib.rs:3:19:`` go on on the next line; an
Erlang-like failure term spreads its brackets over several lines; and a line found inside an error's block (an
``Expected: Int`` among the compiler's notes) is a detail of that error, not its cause. These helpers widen the
found line to the message it belongs to, and no further: up to a blank line, a dedent, a source excerpt or a
stack frame, and never past :data:`MOST` characters, so the cause stays short enough to be kept."""

from __future__ import annotations

import re

from .leads import excerpt_message, with_message

__all__ = ["BARE", "MOST", "banner", "joined", "owner", "said_below", "with_below"]

#: The longest a widened cause grows: room enough for a message and its expected/actual values.
MOST = 320
#: A stack frame or a source excerpt: never the words that finish a line ending in ':'.
_FRAME = re.compile(r"^\s*(?:at |# |\d+ \||[>|]|\^|File \"|-{3,}|={3,}|in (?:function|call from) )")
#: A line at the margin that names an error and leaves its message to the lines below (``Main.hs:7:27: error:``,
#: ``Error:``, ``FAILED test_x:``): the head of a block.
_MARKER = re.compile(
    r"^\S.*\b(?:error|Error|ERROR|fail(?:ed|ure)?|FAIL(?:ED|URE)?|Failure)\b.*:[ \t]*$|"
    r"^[\w./-]+\.\w+(?::\d+|\(\d+\))\S*[ \t].*:[ \t]*$"  # a place in a file that heads its findings
)
_BULLET = re.compile(r"^\s*([•*+-])\s")
_PIP_LOOKED, _PIP_CONCLUDED = "ERROR: Could not find a version", "ERROR: No matching distribution found"
_QUOTED = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'')
_BRACKET_LINES = 16
#: A line that stops on a word, with no mark that ends a sentence or a term, has wrapped: its message goes on on the
#: next line when that is indented deeper and short.
_WRAPPED = re.compile(r"[A-Za-z]$")
_WRAP_CHARS = 80


_BANNER = re.compile(r"^\W*$|^(.)\1{5,}")


def banner(line: str) -> bool:
    """Whether ``line`` says nothing: no word in it, or a rule drawn between blocks (``------``)."""
    return _BANNER.match(line) is not None


def joined(text: str, start: int, line: str) -> str:
    """``line`` (found at offset ``start`` of ``text``) with the rest of its message: the indented block below a
    line ending in ':', else the next line; and the lines that close the brackets it leaves open."""
    end = text.find("\n", start)
    rest = text[end + 1 : end + 1 + 4 * MOST].splitlines() if end >= 0 else []
    if _BARE_FAILURE.match(line) and rest and rest[0].strip():  # ``unknown file: Failure``: the message is below
        line, rest = f"{line} {rest[0].strip()}", rest[1:]
    elif _VERDICT_UNDER.match(line) and _indent(text, start) > 0:  # ``FAILED for resource: x`` under its check
        above = _line_above(text, start)
        if above and len(above) <= _ABOVE_CHARS and _indent_of(_raw_above(text, start)) < _indent(text, start):
            line = f"{above} {line}"
    elif _SAID_ABOVE.search(line):  # ``--- t.c:19: error: Failure!`` under what failed: the message is above
        above = _line_above(text, start)
        if above and not _FRAME.match(above) and not banner(above) and len(above) <= _ABOVE_CHARS:
            line = f"{above} {line}"
    line, rest = with_message(line, rest)  # ``runtime error: file a.xsl line 6``: a lead that says only where
    if line.startswith(_PIP_LOOKED):  # pip says what it looked for, then what it concluded: the conclusion first
        nxt = next((ln.strip() for ln in rest if ln.strip()), "")
        return f"{nxt} ({line})" if nxt.startswith(_PIP_CONCLUDED) else line
    if _WRAPPED.search(line) and rest and _FRAME.match(rest[0]) is None:
        nxt = rest[0]
        if nxt.strip() and len(nxt) - len(nxt.lstrip()) > _indent(text, start) and len(nxt.strip()) <= _WRAP_CHARS:
            line, rest = f"{line} {nxt.strip()}", rest[1:]  # a message wrapped onto an indented line
            hanging = _indent_of(nxt)
            while rest and _goes_on(rest[0], hanging) and len(line) + len(rest[0]) <= MOST:
                line, rest = f"{line} {rest[0].strip()}", rest[1:]  # and the lines its hanging indent goes on in
        elif _MARKED.search(nxt) and len(nxt.strip()) <= _WRAP_CHARS:
            line, rest = f"{line} {nxt.strip()}", rest[1:]  # what it names, marked on the line below
    if _KIND_AT_PLACE.match(line):  # ``Error: a.styl:1:9`` over an excerpt: the message is printed under it
        under = _under_caret(text, start + len(line)) or _after_excerpt(rest)  # under its caret, or its excerpt
        if under:
            return f"{line}: {under}"
    if _DOING.match(line) and rest and rest[0][:1] in " \t" and rest[0].strip() and not _FRAME.match(rest[0]):
        line, rest = _block(line + ":", _indent(text, start), rest)  # ``Error validating x`` over its findings
    if _FOOTER.match(line):  # a finding's footer naming its rule: the message is the prose over its excerpt
        said = _prose_above(text, start)
        line = f"{said}; {line}" if said and said not in line else line
    if _ARROW_PLACE.search(line):  # ``--> rules.yml:2`` over an excerpt: the message is printed under the excerpt
        under = _after_excerpt(rest)
        line = f"{line}: {under}" if under else line
    if _BACK.search(line) or (_PLACE_FIRST.match(line) and _RULE_ABOVE.match(_line_above(text, start))):
        line = _with_line_above(text, start, line)
    else:
        line = _with_excerpt_above(text, start, line)
    if _ANNOUNCES.search(line) and rest and rest[0].strip() and _indent_of(rest[0]) > _indent(text, start):
        line, rest = _block(line.rstrip(".") + ":", _indent(text, start), rest)  # errors announced, listed below
    elif line.endswith(":") or _NUMBERED.match(line) or _heads_list(line, rest):  # what it introduces (also a numbered
        # heading, ``Problem 1``, or a heading over a list: ``Missing dependencies`` over ``* a: ./src/a.js``)
        label = _LABEL.match(line)
        line, rest = _block(line, _indent(text, start), rest)
        if label is not None:  # a value under a label that says what came: what was wanted beside it, or so
            line, rest = _paired(line, rest, "came" if label["came"] else "wanted")
    elif _WHERE_ONLY.search(line):  # says where, not why: the labelled details under it say why
        line, rest = _details(line, _indent(text, start), rest)
    return _closed(line, rest)


#: A place, then only a word of failure (``unknown file: Failure``, ``a.cc:12: Failure``): what failed is said on
#: the next line.
_BARE_FAILURE = re.compile(r"^[^:\n]{1,80}(?::\d+)?:[ \t]*(?:Failure|Error|Failed|FAILURE|ERROR)[ \t]*$")
#: A verdict indented under the check it is for (``Check: CKV_1: "Ensure ..."`` over ``  FAILED for resource: x``):
#: it says what failed the check, the check above it says what was wanted.
_VERDICT_UNDER = re.compile(r"^(?:FAILED|FAIL|ERROR|Failed) (?:for|on|in) [^\n]{1,120}$")


def _raw_above(text: str, start: int) -> str:
    above = [ln for ln in text[:start].splitlines()[-3:] if ln.strip()]
    return above[-1] if above else ""


#: A place and only a word of failure closed by a mark (``t.c:19: error: Failure!``), the way a runner writes the
#: place under the message it printed first.
_SAID_ABOVE = re.compile(r"(?i)\S+:\d+:\s*(?:error:\s*)?(?:failure|failed|error)!\s*$")
#: A line that is a link of a chain or a frame of a stack, not words of a message (``caused by: ...``, ``#1 0x4f``).
_LINK = re.compile(r"(?i)^\s*(?:#\d|caused by\b|cause:|at |in |from )")


def _goes_on(line: str, hanging: int) -> bool:
    """Whether ``line`` goes on with a message in its hanging indent: as deep, words and no frame or link."""
    return bool(line.strip()) and _indent_of(line) == hanging and not _LINK.match(line) and not _FRAME.match(line)


#: An error's kind and only a place (``Error: styles/a.styl:1:9``, ``CoercionError: a.styl:5:18``): the message is
#: printed under the excerpt that shows the place.
_KIND_AT_PLACE = re.compile(r"^[\w.]*(?:Error|Exception)\w*:[ \t]+[\w./-]+\.\w{1,8}:\d+(?::\d+)?[ \t]*$")
#: An error in doing something, with no message of its own (``Error validating data 'a.yaml' with schema 's'``): the
#: findings are indented under it.
_DOING = re.compile(r"^\W*(?:Error|ERROR|Failed|FAILED) \w+ing\b[^:]*$")
#: A finding's footer that names the rule or check behind it (``Error was generated by the path-params rule.``,
#: ``Reported by check no-dupes``): what it found is said above it, over the excerpt that shows where.
_FOOTER = re.compile(
    r"(?i)^\W*(?:(?:error|warning|problem|finding|issue)s? (?:was |were )?)?(?:generated|reported|raised|emitted|"
    r"produced) by (?:the )?(?:rule|check)?\s*`?[\w./@-]+`?(?: (?:rule|check|linter|plugin))?\.?\s*$"
)
_PROSE_LINES = 24


def _prose_above(text: str, start: int) -> str | None:
    """The nearest line above ``start`` that is prose: not blank, not an excerpt's gutter or caret line, not a
    frame; within a few lines (a finding's message, its excerpt, then its footer)."""
    for raw in reversed(text[:start].split("\n")[-_PROSE_LINES:]):
        said = raw.strip()
        if not said or _GUTTER_CARET.match(raw) or _GUTTER.match(raw) or _FRAME.match(raw) or banner(said):
            continue
        return said
    return None


#: Where a report's excerpt is from, rustc's and its followers' way (``  --> reports/rules.yml:2``).
_ARROW_PLACE = re.compile(r"-->\s*\S+:\d+(?::\d+)?\s*$")
_EXCERPT_LINES = 12


def _after_excerpt(rest: list[str]) -> str | None:
    """The first line after the excerpt below a report's place (its gutter lines, ``2 |   - id: x``, and carets):
    the message, when the tool prints it there."""
    seen = False
    for raw in rest[:_EXCERPT_LINES]:
        said = raw.strip()
        if not said or _GUTTER_CARET.match(raw) or _GUTTER.match(raw):
            seen = seen or bool(said)
            continue
        return said if seen else None
    return None


#: A heading that numbers a problem and leaves it to the lines below (Composer's ``Problem 1``, ``Error 2:``).
_NUMBERED = re.compile(r"(?i)^\W*(?:problem|error|issue|failure|violation|finding)s? #?\d+\W*$")
_HEADING_CHARS = 60


def _heads_list(line: str, rest: list[str]) -> bool:
    """Whether ``line`` is a short heading with no colon and the next line is an item of a list under it."""
    return len(line) <= _HEADING_CHARS and bool(rest) and _BULLET.match(rest[0]) is not None and ":" not in line


#: A span a tool marks on the line below its message as the culprit (``dup >>>sqaure<<< *``).
_MARKED = re.compile(r">>>\S.*?<<<|-->\S.*?<--")
#: A message that points at the line before it for what it is about (``Code style issues found in the above file``).
_BACK = re.compile(
    r"(?i)\b(?:the|this) (?:above|preceding|previous)\b|\babove (?:file|line|path|error)s?\b|"
    r"\b(?:due to|because of) (?:the )?previous (?:errors?|failures?)\b"  # tar's ``Exiting with failure status ...``
)
_ABOVE_CHARS = 160
#: A finding's place first (``site.yml:5 Task/Handler: Install nginx``), and above it, its rule's id and message
#: (``package-latest: Package installs should not use latest.``): a linter that prints the message, then where.
_PLACE_FIRST = re.compile(r"^[\w./-]+\.\w{1,8}:\d+(?::\d+)?\s+\S")
_RULE_ABOVE = re.compile(r"^[a-z][\w-]*(?:\[[\w-]+\])?: [A-Z]")


def _line_above(text: str, start: int) -> str:
    above = [ln.strip() for ln in text[:start].splitlines()[-2:] if ln.strip()]
    return above[-1] if above else ""


def _with_line_above(text: str, start: int, line: str) -> str:
    """``line`` with what it points back at: the message after an excerpt above it, else the line before it."""
    if (said := excerpt_message(text, start)) is not None:
        return f"{said} ({line})"
    above = [ln.strip() for ln in text[:start].splitlines()[-3:] if ln.strip()]
    if not above or len(above[-1]) > _ABOVE_CHARS or above[-1] in line:
        return line
    if _FRAME.match(_TAGGED.sub("", above[-1])):  # a source excerpt's line (``[error]   | ^``) says nothing itself
        return line
    return f"{above[-1]} {line}"


_TAGGED = re.compile(r"^\[\w+\]\s*")
#: A caret line: marks under a source line where the fault is (``    ^``, ``-----^``, ``~~~^~~``).
_CARET = re.compile(r"^[ \t]*[-~]*\^[-~^]*[ \t]*$")


def _with_excerpt_above(text: str, start: int, line: str) -> str:
    """``line`` after the source line and the caret that mark where it is (``set stlye data`` over ``    ^``):
    a message that names no culprit itself is about what the caret points at, so the source line is told too."""
    above = text[:start].splitlines()[-3:]
    if len(above) < 2 or not _CARET.match(above[-1]) or not above[-2].strip():
        return line
    if len(above) == 3 and _FRAME.match(above[0]):  # a stack frame's own line: the frame says where, the line why
        return line
    return f"{above[-2].strip()} {above[-1].strip()} {line}"


#: A failure's line that ends on where it happened (``Test Failed at t/run.jl:4``, ``... at line 7``,
#: ``Syntax error reading source at (src/tax.clj:8:1).``).
_WHERE_ONLY = re.compile(r"(?:[\w./-]+\.\w+(?::\d+)+|\bline \d+)\)?\.?\s*$")
_NEXT_CHARS = 160
_WHERE_CHARS = 100  # a longer line that ends on its place has said its message before it


#: A detail under a failure's line, indented deeper: a label and its value (``Evaluated: 4 == 5``, ``left: 4``).
_DETAIL = re.compile(r"^([ \t]+)[A-Za-z][\w ]{0,24}:[ \t]+\S")
_DETAILS = 3


def _details(line: str, depth: int, rest: list[str]) -> tuple[str, list[str]]:
    """A failure's line that says where and the labelled details indented under it (what was evaluated, what came,
    what was wanted), up to :data:`_DETAILS` of them and :data:`MOST` characters."""
    taken: list[str] = []
    for nxt in rest[:_DETAILS]:
        found = _DETAIL.match(nxt)
        if found is None or len(found.group(1)) <= depth or _FRAME.match(nxt):
            break
        if len(line) + sum(len(t) + 1 for t in taken) + len(nxt.strip()) > MOST:
            break
        taken.append(nxt.strip())
    if not taken and rest and len(line) <= _WHERE_CHARS and _said_next(rest[0]):  # a short place and no details:
        # the message on the next line, if one is there
        return f"{line} {rest[0].strip()}", rest[1:]
    return (f"{line} {' '.join(taken)}", rest[len(taken) :]) if taken else (line, rest)


def _said_next(line: str) -> bool:
    """Whether the line after a failure's place is its message: short, and no frame, label or banner."""
    said = line.strip()
    return 0 < len(said) <= _NEXT_CHARS and not said.endswith(":") and not _FRAME.match(line) and said[0].isalnum()


#: A label over a value, saying what came or what was wanted (``---- Result was:``, ``Expected:``, ``Actual
#: value:``); the value is on the line below.
_LABEL = re.compile(
    r"(?i)^\W*(?:\w+ )?(?:(?P<came>actual|got|received|result was|result|was|but was|found)|"
    r"(?P<wanted>expected|wanted|should (?:have )?be(?:en)?|result should have been))\b[^:\n]{0,50}:$"
)


def _paired(line: str, rest: list[str], kind: str) -> tuple[str, list[str]]:
    """A labelled value and the other side of it, when the next line labels it (what came, then what was
    wanted, or the other way round): the failure is the pair."""
    first = next((k for k, ln in enumerate(rest) if ln.strip()), None)
    if first is None:
        return line, rest
    other = _LABEL.match(rest[first].strip())
    if other is None or ("came" if other["came"] else "wanted") == kind:
        return line, rest
    value = next((ln.strip() for ln in rest[first + 1 : first + 3] if ln.strip()), "")
    whole = f"{line} {rest[first].strip()} {value}".rstrip()
    return (whole, rest[first + 2 :]) if len(whole) <= MOST else (line, rest)


def owner(text: str, start: int) -> tuple[int, str] | None:
    """The error whose indented block holds the line at ``start``: the nearest line above it, less indented, that
    heads a block (:data:`_MARKER`), reached without crossing a blank line or the margin. None for a line at the
    margin or in no error's block."""
    depth = _indent(text, start)
    if depth == 0:
        return None
    at = start
    while at > 0:
        begin = text.rfind("\n", 0, at - 1) + 1
        above = text[begin : at - 1].rstrip("\r")
        at = begin
        if not above.strip():
            return None
        shallower = len(above) - len(above.lstrip())
        if shallower >= depth:
            continue
        if _MARKER.match(above):
            return begin, above.strip()
        if shallower == 0:
            return None
        depth = shallower
    return None


#: A line that says errors were found and lists them below (``Schema validation errors were encountered.``).
_ANNOUNCES = re.compile(
    r"(?i)\b(?:errors?|failures?|problems?|issues?|violations?)\b.{0,30}\b(?:were |was )?"
    r"(?:found|encountered|detected|occurred|reported)\W*$"
)


def _indent_of(line: str) -> int:
    return len(line) - len(line.lstrip())


def _indent(text: str, start: int) -> int:
    begin = text.rfind("\n", 0, start) + 1 if start < len(text) and text[start] != "\n" else start
    line = text[begin : text.find("\n", begin) if text.find("\n", begin) >= 0 else len(text)]
    return len(line) - len(line.lstrip())


_AFTER_BLANK = 3


def _block(line: str, depth: int, rest: list[str]) -> tuple[str, list[str]]:
    """A line ending in ':' and what it introduces. Indented deeper below it: the block, up to a blank line, a
    dedent, a source excerpt or its second bullet. Else the next line that is not blank and not a frame."""
    first = next((k for k, ln in enumerate(rest) if ln.strip()), None)
    if first is None or _FRAME.match(rest[first]):
        return line, rest
    if first > 0:  # after a blank line: the short block there, up to the next blank (``- 4`` then ``+ 3``)
        taken: list[str] = []
        for nxt in rest[first : first + _AFTER_BLANK]:
            if not nxt.strip() or _FRAME.match(nxt) or len(line) + sum(len(t) + 1 for t in taken) + len(nxt) > MOST:
                break
            taken.append(nxt.strip())
        return f"{line} {' '.join(taken)}", rest[first + len(taken) :]
    if first + 2 < len(rest) and _CARET.match(rest[first + 1]) and rest[first + 2].strip():
        # a source excerpt and a caret under it: the message after them says what is wrong there
        return f"{line} {rest[first + 2].strip()}", rest[first + 3 :]
    if len(rest[first]) - len(rest[first].lstrip()) <= depth:
        return f"{line} {rest[first].strip()}", rest[first + 1 :]
    bullet = _BULLET.match(rest[first])
    taken = [rest[first].strip()]
    for k in range(first + 1, len(rest)):
        nxt = rest[k]
        if not nxt.strip() or len(nxt) - len(nxt.lstrip()) <= depth or _FRAME.match(nxt):
            break
        mark = _BULLET.match(nxt)
        if bullet and mark and mark.group(1) == bullet.group(1):
            break
        if len(line) + sum(len(t) + 1 for t in taken) + len(nxt.strip()) > MOST:
            break
        taken.append(nxt.strip())
    return _labelled_on(f"{line} {' '.join(taken)}", depth, rest[first + len(taken) :])


def _labelled_on(line: str, depth: int, rest: list[str]) -> tuple[str, list[str]]:
    """A block and the labelled blocks that go on with it before a blank line: a label at the block's own margin
    ending in ':' over a value indented under it (Catch's ``with expansion:`` over the values compared, ``due to
    unexpected exception with message:`` over the message): one report, in pairs, up to :data:`MOST` characters."""
    while len(rest) > 1 and rest[0].strip().endswith(":") and _indent_of(rest[0]) <= depth:
        value = rest[1]
        if not value.strip() or _indent_of(value) <= _indent_of(rest[0]) or _FRAME.match(value):
            break
        told = f"{line} {rest[0].strip()} {value.strip()}"
        if len(told) > MOST:
            break
        line, rest = told, rest[2:]
    return line, rest


def _closed(line: str, rest: list[str]) -> str:
    """A line that opens more brackets than it closes (a failure term printed over several lines) goes on until
    they close, within :data:`MOST` characters; a term too long for that is left as it is."""
    depth = _open(line)
    if depth <= 0:
        return line
    taken = [line]
    for nxt in rest[:_BRACKET_LINES]:
        taken.append(nxt.strip())
        depth += _open(nxt)
        if depth <= 0:
            whole = " ".join(taken)
            return whole if len(whole) <= MOST else line
    return line


def _open(line: str) -> int:
    bare = _QUOTED.sub("", line)
    return sum(bare.count(c) for c in "([{") - sum(bare.count(c) for c in ")]}")


def with_below(text: str, start: int, found: str, line: str) -> str:
    """The quote with what the lines below its line add: the message of a bare kind or code, the last link of a
    chain of causes, the frame of the program's own code a crash happened in."""
    end = start + len(found)
    if BARE.search(found):  # a kind or a code with nothing after it: the message is below
        below = said_below(text, end)
        line = f"{line} {below}" if below and below not in line else line
    cause = _last_cause(text, end)
    if cause is not None and cause not in line:  # an error's chain of causes under it: the last is the root
        line = f"{line}; {cause}"
    if _CRASHED.search(found):  # a crash says what killed the program; the frame says where in its own code
        site = _crash_site(text, end)
        line = f"{line}; {site}" if site and site not in line else line
    if _AT_PLACE.search(line):  # it ends on where: the message is under the excerpt that shows the place
        under = _under_caret(text, end)
        line = f"{line}: {under}" if under and under not in line else line
    return line


#: A quote that ends on where its fault is, with no message after (``TOML parse error at line 9, column 21``).
_AT_PLACE = re.compile(r"\bat line \d+(?:, column \d+)?:?$|\bat \S+:\d+:\d+:?$")
#: A caret under an excerpt's line, the excerpt's gutter before it (``    |          ^``, ``  :   ^^^``).
_GUTTER_CARET = re.compile(r"^[ \t\d]*[|:]?[ \t]*[-~]*\^[-~^]*[ \t]*$")
_GUTTER = re.compile(r"^[ \t]*(?:>>?[ \t]*)?\d*[ \t]*[|:`,]")  # the line at fault marked too (`` >> 2| x``)
_CARET_LINES = 10


def _under_caret(text: str, end: int) -> str | None:
    """The message printed under the caret of the first excerpt below ``end`` (toml's, rustc's, miette's reports
    put it there), within a few lines."""
    lines = text[end:].split("\n", _CARET_LINES + 1)[1 : _CARET_LINES + 1]
    caret = next((k for k, line in enumerate(lines) if _GUTTER_CARET.match(line)), None)
    return None if caret is None else _after_excerpt(lines[caret:])


#: A line whose message is only a kind or a code, or nothing, after its last colon (``Error: ERR_PNPM_NO_SCRIPT``,
#: ``An error has occurred: InvalidConfigError:``).
BARE = re.compile(
    r":[ \t]*(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]\w*(?:Error|Exception))?[ \t]*:?[ \t]*$|"
    r"\.\.\.[ \t]*\((?:\w+::|\w+\.)*\w*(?:Error|Exception)\)[ \t]*$"  # ``While executing gem ... (Gem::X)``
)
_BELOW_LINES = 4


def said_below(text: str, end: int) -> str | None:
    """The first line below ``end`` that says something (not a rule, a banner or white space), within a few."""
    for raw in text[end:].split("\n", _BELOW_LINES + 1)[1 : _BELOW_LINES + 1]:
        said = raw.strip()
        if said and not banner(said):
            return said
    return None


#: A link of a chain of causes printed under an error (``  cause: ...``, ``Caused by: ...``).
_CAUSE_LINE = re.compile(r"(?im)^[ \t]*(?:caused by|cause):[ \t]*\S.*$")
_CHAIN_CHARS = 2_000


def _last_cause(text: str, end: int) -> str | None:
    """The last link of the chain of causes printed right under an error line (before a line at the margin that
    is no link: the next message)."""
    found = None
    for match in _CAUSE_LINE.finditer(text, end, end + _CHAIN_CHARS):
        if text[end : match.start()].strip("\n") and not _under(text[end : match.start()]):
            break
        found, end = match, match.end()
    return found.group(0).strip() if found else None


def _under(between: str) -> bool:
    """Whether the lines between an error and a cause are the error's own (indented, or links of the chain)."""
    return all(not ln.strip() or ln[:1] in " \t" or _CAUSE_LINE.match(ln) for ln in between.strip("\n").split("\n"))


#: A program killed by a signal, as a debugger or a shell says it.
_CRASHED = re.compile(r"\bsignal SIG[A-Z]+\b|\bSegmentation fault\b|\(core dumped\)$")
#: A stack frame with its place in a source file, as debuggers and checkers print one: gdb's ``#1  0x... in f (t=0x1)
#: at parse.c:6`` (also without its number), lldb's ``frame #1: ... at parse.c:6:10``, a sanitizer's ``#1 0x... in f
#: /src/parse.c:6:12``, valgrind's ``by 0x...: f (parse.c:6)``.
_FRAME_AT = re.compile(
    r"^[ \t]*(?:#\d+[ \t]+|frame #\d+: |(?:at|by) )?(?:0x[0-9a-fA-F]+:? (?:in )?)?[\w$:~<>.`]+ ?(?:\(.*\) )?"
    r"(?:at |\()?(?P<file>[\w.~/+-]+\.\w{1,5}):\d+(?::\d+)?\)?[ \t]*$",
    re.M,
)
#: Where the system's own code lives (the C library's sources, a toolchain's): a crash inside it is not where the
#: program went wrong.
_SYSTEM_CODE = re.compile(r"^(?:/usr/|/lib|/opt/|\.\./sysdeps/|\./sysdeps/|/build/|/rustc/|<)")
_SITE_LINES = 40  # how far below the crash its frames are looked for


def _crash_site(text: str, start: int) -> str | None:
    """The first frame below a crash that is in the program's own code (a frame inside the C library says where
    it stopped, not where the program went wrong): not under a system folder, and not a source the debugger
    says it cannot find (``44\t./nptl/pthread_kill.c: No such file or directory.``)."""
    below = "\n".join(text[start:].split("\n", _SITE_LINES + 1)[:_SITE_LINES])
    for frame in _FRAME_AT.finditer(below):
        file = frame["file"]
        if not _SYSTEM_CODE.match(file) and f"{file}: No such file or directory" not in below:
            return frame.group(0).strip()
    return None
