"""The line that says why a run failed, found by what such a line says rather than by which tool printed it.

``failures`` knows many tools' shapes; a tool it does not know still says why in words any reader recognises:
a severity word (``error``, ``fatal``, ``cannot``, ``not found``, ``leak``, ``expected ... got``) in a line that
is a message, not a stack frame, a count of failed tests, a banner or the command echoed back. This module
scores every line of a failed output so and gives the best: it is what is quoted when no known shape is found,
or when the only one found is a count that says that the run failed but not why. Noise a tool puts before its
message (a process id such as ``==1234==``, a timestamp, a ``[ERROR]`` tag, a ``file:line:col:`` location) is
not counted as the message but stays in the quote, since the location helps the reader."""

from __future__ import annotations

import re

from .causes import banner, joined
from .elsewhere import BEFORE, OCCURRED, STOPPED

__all__ = [
    "CROSSED",
    "FAILED_COUNT",
    "QUOTED",
    "marker",
    "message",
    "own_diagnostic",
    "reason",
    "score",
    "second_opinion",
    "severe",
    "strongest",
    "tally",
]

_SEVERE = re.compile(
    r"(?i)\b(?:errors?|fail(?:s|ed|ures?|ing)?|fatal|abort\w*|panic\w*|exception|assert\w*|"
    r"mismatch\w*|undefined|unbound|undeclared|not found|no such|cannot|can't|can’t|could not|unable to|exceed(?:s|ed)|"
    r"invalid|denied|refused|leak\w*|(?:over|under)flow\w*|segmentation|timeout|timed out|unexpected|illegal|"
    r"unterminated|unmatched|unbalanced|unclosed|forbidden|"
    r"unrecogni[sz]ed|not allowed|not permitted|"
    r"violat\w+|uninitiali[sz]ed|not defined|unknown|missing|incompatible|conflict\w*|lost|issues?|problems?|insecure|"
    r"vulnerab\w+|unhandled|uncaught|wrong|inconsistent|unpars[e]?able|must|"
    # a verdict shouted (``BAD signature``, Redis's ``ERR``), a comparison's (``a and b differ``)
    r"(?-i:BAD|ERR)|differ(?:s|ed)?|(?:did|does|do) not (?:match|exist)|doesn't exist|unsupported|"
    r"bad (?:configuration|option|value|argument|request|format|address|substitution)s?)\b"
)
#: A severity said to be absent: ``0 failures``, ``no issues found``, ``No syntax errors detected``, ``Failed 0``.
_NEGATED = re.compile(
    r"(?i)\b(?:0|no|zero|without)\s+(?:[\w-]+\s+){0,2}?(?:errors?|fail\w*|issues?|problems?|leaks?)\b|"
    r"\b(?:errors?|fail\w*|issues?)\b[^:\n]{0,20}?\W{0,3}0\b"
)
#: A severity that heads its message (``fatal: division by zero``, ``error (at a.json:1): Cannot index``,
#: ``validity error : Element``): what follows the colon is why.
_HEADS = re.compile(r"(?i)\b(?:error|fatal|panic|exception|failure|issue|violation)\b(?:\s*\([^)\n]{0,60}\))?\s?:\s*\S")
#: An error's kind: ``TypeError``, ``NullPointerException``, ``CONSTRAINT_ERROR``, ``TYPE-ERROR``.
#: Named as the tool reports it, not as code raises it (``raise ValueError(``): a colon or ``in`` after it.
_KIND = re.compile(
    r"\b(?:[A-Z]\w*(?:Error|Exception|Failure)|[A-Z][A-Z0-9]*(?:[_-][A-Z0-9]+)*[_-](?:ERROR|EXCEPTION))(?= ?:| in |$)"
)
#: A quoted string or a code span: data the tool shows (a value, a line of code, a document's example), not the
#: tool speaking.
QUOTED = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"|``[^`\n]*``|`[^`\n]*`")
#: A line led by a place in a file and a message about it (``  src/a.js:3:42: Extra semicolon.``, ``data/c.xml:3.56:
#: Element ...``, ``a.proto:7:9:Field``, a span: ``a.dts:13.9-15.4:``): a finding, whatever words it uses.
_LOCATED = re.compile(r"^[\w./-]+\.\w{1,8}:\d+(?:[:.]\d+)?(?:-\d+(?:[:.]\d+)?)?(?:: *| +)[A-Za-z'\"`(]")
#: Where: a file and a line (``a.awk:2:``, ``Main.pas(7,24)``).
_PLACE = re.compile(r"[\w/-]\.\w{1,8}(?::\d+|\(\d+|\"?:? line \d+)")  # also ``a.sh line 3``, ``a.js: line 2``
#: The score from which a line among an output's first or last reads as a failure by itself: two signs of one.
SEVERE = 4.0
#: A finding's code: a rule or an error number (``E1101``, ``[B602:...]``, ``TS2322``, ``SC2086``, ``CWE-78``
#: excepted), or opening the message after its location (``a.py:3:1: F821 undefined name``): a message that names
#: one is a finding, not prose.
_CODE = re.compile(
    r"(?:^|(?<=[\s\[(]))(?:[A-Z]{1,3}\d{3,5}(?=[:\])/]|\s*[:|])|[A-Z]{2,3}\d{2}(?=\s*\|))|^[A-Z]{1,3}\d{3,5}(?= [a-z])|"
    r"(?<=\w: )[A-Z]{1,4}\d{2,5}(?= \S)|"  # after a file's name: ``pyproject.toml: DEP002 'x' ...``
    r"\b[a-z][\w-]*\([a-z][\w-]*(?:/[\w-]+)*\)(?=:)"  # a plugin's rule before its message: ``eslint(use-isnan):``
)
#: The rule a finding broke, named last as linters name rules: ``(tag-pair)``, ``[ambiguous.column_references]``,
#: ``color-no-invalid-hex``, ``no-undef`` in a column of its own: words joined by hyphens, dots or underscores, alone
#: at the end of the line; also a category and its confidence (``[build/namespaces] [5]``).
_RULE = re.compile(
    r"(?:[(\[][a-z][a-z0-9]*(?:[-_./][a-z0-9]+)+[)\]](?:\s*\[\d\])?|\s[a-z]+(?:-[a-z0-9]+){2,}|"
    r"\s{2}(?:@?[a-z][\w-]*/)?[a-z]+(?:-[a-z0-9]+)+)$"
)
#: A message given as a value of a key that says so (``message: "must be integer"``, ``"reason": ...``): an error
#: object dumped as JSON, YAML or a language's literal.
_KEYED = re.compile(r"""(?i)^\W{0,3}(?:message|msg|reason|description|detail)s?\W{0,2}\s*[:=]\s*["'`]""")
#: A line labelled as the reason or the cause (``Reason: Unexpected child with tag 'itme' at position 2.``).
_REASON_LABEL = re.compile(r"(?i)^\W{0,3}(?:reason|cause|root cause)\s*:\s*\S")
#: A figure under a label (``Undefined: 0``, ``Total lines of code: 3``, ``Time: 0.2s``): a metric, never a reason.
_METRIC = re.compile(r"^[\w\s(),#.'/-]{1,80}:\s*[\d.,]+\s*(?:%|s|ms|[kMG]?B)?$")
#: What was wanted beside what came: an assertion's message even without a severity word.
_WANTED = re.compile(
    r"(?i)\b(?:expected|expecting|want(?:ed)?|should)\b.*\b(?:actual|got|but|received|found|was|is|saw)\b|"
    r"\b(?:actual|got|received)\b.*\bexpected\b|"
    r"\brequired(?: version)? (?:is|was)\b|\brequested\b.*\bbut\b"  # ``Requested 'a >= 2' but version of A is 1``
)
#: Put before a message and no part of it: a process id (``==123==``), a timestamp, a level tag, a location.
_NOISE = re.compile(
    r"^(?:==\d+==|\[?\d{4}-\d\d-\d\d[T ][\d:.,]+Z?\]?|\[?\d\d:\d\d:\d\d(?:[.,]\d+)?\]?|"
    r"\[(?:ERROR|FATAL|WARN(?:ING)?|INFO|error|fatal)\]|[\w./\\-]+\.\w+(?::\d+){1,2}:?|\s)+"
)
#: A log's level tag at an error's severity, as servers and syslog write them.
_LEVEL = re.compile(r"(?i)\[(?:emerg|alert|crit(?:ical)?|err|error|fatal|severe)\]")
#: A stack frame or a location only: where, never why.
_FRAME = re.compile(
    r"^\s*(?:at \S+.*[(:]\d+|File \".*\", line \d+|-->\s*\S+|#\d+\s+0x[0-9a-f]+|(?:by|at) 0x[0-9a-f]+|"
    r"\d+\s*\|(?!\s*(?:error|warning|fatal)\s*\|)|[|^~]+\s*$|in \S+ at \S+:\d+)",  # not a row of findings
    re.I,
)
#: A runner's tally: says that tests failed, not why.
_COUNT = re.compile(
    r"(?i)(?:\b\d+ (?:tests?|examples?|passed|failed|failures?|errors?|skipped|warnings?|files?)\b.*){2,}|"
    r"^\W*(?:FAILED|FAIL|ERROR)\W*\(.*=\d+.*\)\W*$|^\s*(?:Tests?|Suites?|Files?)\s*:\s*\d+|"
    r"\b[1-9]\d* (?:[\w-]+ ){0,2}(?:links?|errors?|problems?|issues?|violations?|findings?) found\W*$|"
    r"^[\w.-]*:?\s*(?:found|detected)\s+\d+\s+(?:[\w-]+\s+){0,2}(?:errors?|problems?|warnings?|issues?|violations?)\W*$|"
    r"(?:^|[:>\]]\s)\W*(?:[\w-]+ ){0,2}(?:errors?|problems?|issues?|failures?|violations?) (?:were |was |have been )?"
    # a verdict: that errors were found (in a file it names, not one it points back at)
    r"(?:found|detected|encountered|reported)\b(?: in (?![\w ]*\b(?:above|previous|preceding)\b)[\w .-]{0,40})?\W*$|"
    r"^(?!.*[\w/-]\.\w{1,8}:\d).{0,80}\b\d+ (?:warnings?|errors?)\b(?!\s*:).{0,60}$"  # one count, no place
)
#: The first word of a line that says how severe it is: a mild one (warning, note, hint) ranks below an error.
_FIRST_SEVERITY = re.compile(r"(?i)\b(?:(?P<mild>warn(?:ing)?|note|hint|info)|error|fatal)\b")
#: A warning as a tool reports one (``Warning 8 in f.tex``, ``[warn] f.js``, ``- Warning: <img> lacks``), and one
#: that heads its message or names its number.
_WARNED = re.compile(r"(?i)\bwarn(?:ing)?s?\b")
_WARNING_HEADS = re.compile(r"(?i)\bwarn(?:ing)?\b(?:\s*\(?[\w-]{1,12}\)?)?\s?[:\]]\s*\S|\bwarning \d+\b")
#: A command echoed after its prompt. After ``#`` only a line with no ``word:`` in it: ``# f.sh: line 3: x: command
#: not found`` is a diagnostic (TAP's, a comment's), not a root prompt.
_ECHO = re.compile(r"^\s*(?:\$|\+(?! \S+ \.{2,} )|>>>) \S|^\s*# (?![^\n]*\w: )\S")  # not a step's ``+ a .. ok``
#: A pointer under an excerpt's line, a caret and dashes with a word or two (``^--- error here``): where, not why.
_POINTER = re.compile(r"^\s*(?:\w+ ?){0,3}(?:\^-{2,}|-{2,}\^)\s*(?:\w+ ?){0,3}$")
#: A line that only says an error follows: its message is on the lines below.
#: Also after the tool's or the step's name (``rake aborted!``, ``Build failed:``), not after a negation.
_MARKER = re.compile(
    r"(?i)^\W*(?:(?!(?:no|not|zero|without)\b)[\w.-]+ )?"
    r"(?:error|fatal|fail(?:ed|ure)?|exception|abort(?:ed)?|not ok \d+.*)\W*:?\s*$"
)
_CLOSE = 1.0  # two best lines this close in score may both be the cause: both are quoted
_SHORT = 140


def reason(text: str) -> str | None:
    """The line of ``text`` (a failed run's output) that says best why it failed, widened to its message; two
    lines when the best two score alike and are short; None when no line names a failure at all. A run that
    failed with no line worse than a warning failed on its warnings (a linter, a checker run strictly): the
    warnings are then read as reasons."""
    scored = _scored(text)
    if all(tally(line) or FAILED_COUNT.search(line) for _, _, line in scored):  # none, or only a count of issues:
        # the warnings it counts say why
        scored = _scored(text, warned=True) or scored
    if not scored:
        return None
    if len(scored) > 1:  # a line that says it stopped for its errors, that errors occurred or where: not which
        scored = [s for s in scored if not _gives_way(s[2])] or scored  # gives way to the errors
    value, start, line = scored[0]
    earlier = [s for s in scored[1:] if s[1] < start and (_same_kind(s[2], line) or _same_head(s[2], line))]
    if earlier:  # two findings of one kind (a linter's two messages of a rule): the first printed caused the rest
        value, start, line = min(earlier, key=lambda s: s[1])
    first = _unframed(_message(text, start, line))
    if len(scored) > 1:
        nxt_value, nxt_start, nxt = scored[1]
        second = _unframed(_message(text, nxt_start, nxt))
        if first in second and value - nxt_value < _CLOSE:  # the second line's message told with it already
            return second
        if value - nxt_value < _CLOSE and len(first) + len(second) <= 2 * _SHORT and second not in first:
            pair = (first, second) if start < nxt_start else (second, first)
            return "; ".join(pair)
    return first


def _gives_way(line: str) -> bool:
    """Whether a line says only that the run stopped for its errors, that errors occurred (rsyslog's ``error during
    parsing file a.conf ...: errors occurred in file 'a.conf' around line 5``) or where to look for them (a host's
    ``Check the output above for details.``): the errors it speaks of, printed before or after it, say why."""
    return any(said.search(line) is not None for said in (STOPPED, OCCURRED, BEFORE))


def _unframed(line: str) -> str:
    """A verdict drawn inside a rule, told without the rule's dashes."""
    framed = _VERDICT_FRAMED.match(line)
    return framed["said"] if framed else line


_KIND_WORDS = 4


#: A program's own error line, headed by its name and the severity (``roqet: Error - ...``, ``gpasm: error: ...``).
_PROGRAM_ERROR = re.compile(r"^(?P<head>[\w.+-]{1,40}: (?:error|Error|ERROR|fatal|Fatal|FATAL)\b)")


def _same_head(a: str, b: str) -> bool:
    """Whether two lines are errors a program printed under one head (its name and ``Error``): of errors it printed
    one after another, the first caused the rest (a query's undeclared prefix, then its syntax error at the end)."""
    first, second = _PROGRAM_ERROR.match(a), _PROGRAM_ERROR.match(b)
    return first is not None and second is not None and first["head"] == second["head"]


def _same_kind(a: str, b: str) -> bool:
    """Whether two lines are findings of one kind: their first words (after a location) are the same."""
    return message(a).split()[:_KIND_WORDS] == message(b).split()[:_KIND_WORDS]


def score(line: str) -> float:
    """How much ``line`` reads as the reason a run failed: 0 for none; each sign of one adds."""
    return _score(line.strip())


def strongest(text: str) -> tuple[float, int, str] | None:
    """The score, offset and message of the line of ``text`` that says best why it failed, or None."""
    scored = _scored(text)
    if not scored:
        return None
    value, start, line = scored[0]
    return value, start, _message(text, start, line)


def _scored(text: str, warned: bool = False) -> list[tuple[float, int, str]]:
    """Each line that names a failure, with its score and offset: the best first; of two alike, the earlier (it
    caused the rest). ``warned``: a warning counts as a sign, not against one."""
    scored: list[tuple[float, int, str]] = []
    at = 0
    for raw in text.splitlines(keepends=True):
        start, at = at, at + len(raw)
        line = raw.strip()
        if line:
            value = _score(line, warned)
            if value > 0 and not (_MARKER.match(line) and not text[at:].strip()):  # ``Error:`` with nothing after
                scored.append((value, start, line))
    scored.sort(key=lambda s: (-s[0], s[1]))
    return scored


def severe(line: str) -> bool:
    """Whether ``line`` by itself reads as a failure: a short line scoring :data:`SEVERE` or more, with a sign of a
    tool's report outside its quoted text (a severity heading its message, an error's kind as tools report it, a
    finding's code, an error named in two words): prose, a log line or code that only uses such words is not."""
    line = line.strip()
    if not line or len(line) > _SEVERE_CHARS:
        return False
    if _TOOL_MARK.match(line):  # a tool's own report line (``==123== Invalid read``): one severity word says it
        return _score(line) >= _ONE_WORD
    if _ANY_SIGN.search(line) is None:  # most lines: none of the words a sign needs
        return False
    message = _NOISE.sub("", line, count=1) or line
    said = _NEGATED.sub("", QUOTED.sub("", message))  # words in quotes are data shown (a log, code), not the tool
    signs = (_HEADS, _KIND, _CODE, _PHRASE, _RAISED)
    return any(sign.search(said) for sign in signs) and _score(line) >= SEVERE


#: An error raised and not handled, named in capitals (``Unhandled UNDEFINED-FUNCTION``, ``raised PROGRAM_ERROR``).
_RAISED = re.compile(r"(?i:\b(?:unhandled|uncaught|raised))\s+[A-Z][A-Z0-9]*[-_][A-Z0-9_-]+\b")
#: An error named in two words a tool prints and prose seldom does: ``unhandled exception``, ``syntax error``, and a
#: run stopped by one (``Execution of a.pl aborted due to compilation errors.``).
_PHRASE = re.compile(
    r"(?i)\b(?:unhandled|uncaught|fatal|syntax|runtime|internal|type|assertion|segmentation|bus)\s+"
    r"(?:exception|error|failure|failed|fault|condition)\b|\baborted due to\b"
)


_SEVERE_CHARS = 240
#: Text every sign of :func:`severe` holds (a superset, matched first and fast).
_ANY_SIGN = re.compile(
    r"(?i)error|fatal|panic|exception|fail|issue|violation|unhandled|uncaught|raised|fault|[A-Z]\d{3}"
)
#: The process id a memory checker or sanitizer puts before each line of its report.
_TOOL_MARK = re.compile(r"^==\d+==\s+\S")
_ONE_WORD = 2.0


def own_diagnostic(text: str, programs: set[str]) -> str | None:
    """The first line in which a program speaks in its own name with a word of failure (``sed: -e expression #1,
    char 33: unterminated `s' command``, ``tar: a.html: Not found in archive``): a program names itself first in
    its diagnostics, and a run that prints no code and no report of a known shape failed when it says so. One of
    ``programs`` (those the command line runs), or a program a script it ran runs: a lower-case name that is no
    level of a log (``info:``, ``note:``). Also after a prompt of its name (``nox > Sessions not found: lint``)."""
    for line in text.splitlines()[:_OWN_LINES]:
        head, colon, message = line.partition(": ")
        if line.split(" > ", 1)[0] in programs:  # a prompt's lines are its log: only one that opens on an error
            head, colon, message = line.partition(" > ")
            colon = colon if _OPENS_FAILED.match(message) else ""
        named = head in programs or (_PROGRAM.fullmatch(head) is not None and head not in _LEVELS)
        said = _NAMED_THING.sub("", _STATUS_TAG.sub("", message)).strip()  # ``[unknown]``, ``timeout-2.4.0``: names
        if colon and named and not _GOOD.match(said) and _score(said) >= _ONE_WORD:
            return line.strip()
    return None


_OWN_LINES = 200
_OPENS_FAILED = re.compile(r"(?i)(?:error|fail(?:ed|ure)?|fatal)\b")
_STATUS_TAG = re.compile(r"\[[\w -]{1,20}\]")
#: A name made of words joined by hyphens (a package and its version, ``timeout-2.4.0``; a rule, ``no-error``).
_NAMED_THING = re.compile(r"\b\w[\w.]*(?:-[\w.]+)+")
#: A program's line that says that what it checked is good (``gpg: Good signature from "a" [unknown]``).
_GOOD = re.compile(r"(?i)^(?:good|ok|valid|verified|passed|success\w*)\b")
_PROGRAM = re.compile(r"[a-z][a-z0-9_.+-]{1,23}")
_LEVELS = {"info", "note", "notice", "hint", "tip", "warning", "warn", "debug", "trace", "log", "usage", "example"}


def tally(line: str) -> bool:
    """Whether ``line`` is a runner's count (``0 passed, 1 failed, 0 errored``): it says that tests failed, not why."""
    return _COUNT.search(line) is not None


def marker(line: str) -> bool:
    """Whether ``line`` only says that an error follows (``Error:``, ``rake aborted!``): its message is below it."""
    return _MARKER.match(line) is not None


def message(line: str) -> str:
    """``line`` without what a tool puts before its message: a location, a process id, a timestamp, a level tag."""
    return _NOISE.sub("", line, count=1) or line


def _score(line: str, warned: bool = False) -> float:
    if banner(line):  # a rule between blocks, or a verdict drawn as one (``---- RESULT: FAILED (...) ----``)
        framed = _VERDICT_FRAMED.match(line)
        if framed is None or tally(framed["said"]) or len(framed["said"].split()) < _FRAMED_WORDS:
            return 0.0
        return _score(framed["said"], warned) + 2.0 if _SEVERE.search(framed["said"]) else 0.0
    if _FRAME.match(line) or _METRIC.match(line) or _POINTER.match(line):
        return 0.0
    message = _NOISE.sub("", line, count=1) or line
    said = _NEGATED.sub("", message)
    words = {m.group(0).lower() for m in _SEVERE.finditer(said)}
    value = 2.0 * min(len(words), 3) + (2.0 if _WANTED.search(said) else 0.0)
    first = _FIRST_SEVERITY.search(message)
    mild = first is not None and first["mild"] is not None
    if warned and mild and _WARNED.search(line):
        value += 4.0 if _WARNING_HEADS.search(line) else 2.0  # the warning a strict run failed on
    tail = message[-60:]
    if _CODE.search(message) or (("-" in tail or "." in tail or "/" in tail) and _RULE.search(message[-80:])):
        value += 2.0  # a finding names its rule or error number
    if _KIND.search(said) or _RAISED.search(said):
        value += 2.0  # an error named by its kind
    if _FRAMED.search(line) and value > 0:
        value += 2.0  # a word of failure framed as a section's banner (``+++++ Timeout +++++``, ``=== ERRORS ===``)
    if _LOCATED.match(line) or (value == 0 and CROSSED.match(line)):  # a finding at a place, or one in no words
        # but a cross (``[✖] docs/a.md → Status: 400``; a test's name beside its cross says it failed already)
        value += 2.0  # a message about a place, as compilers and linters print a finding
    if _LEVEL.search(line[:80]):
        value += 2.0  # a log line at an error's level (``[emerg]``, ``[crit]``)
    if value == 0:
        return 0.0
    if _HEADS.search(said):
        value += 2.0
    if _KEYED.match(message):
        value += 1.5  # the message of an error object
    elif _REASON_LABEL.match(message):
        value += 2.0  # a line the tool labels as the reason, under the line that says what failed
    if _PLACE.search(line):
        value += 1.5  # a message about a place in a file
    if _PHRASE.search(said):
        value += 1.0  # an error named in two words (``syntax error``)
    if _SEVERE.match(message):
        value += 1.5  # a message that opens on what went wrong
    if _MARKER.match(message):
        value += 0.5  # says little itself; its message is joined from the lines below
    if _COUNT.search(message):
        value -= 4.0
    if mild and not warned:
        value -= 3.0  # a warning, a note or a hint: an error, or a finding not marked mild, beside it says why
    if _ECHO.match(line):
        value -= 3.0
    if len(message) > 300:
        value -= 2.0  # a data dump, not a message
    return value


def _message(text: str, start: int, line: str) -> str:
    """A marker line with the message it leaves to the next non-blank line; else the line with its block."""
    if _MARKER.match(_NOISE.sub("", line, count=1) or line):
        after = [ln.strip() for ln in text[start:].splitlines()[1:6] if ln.strip()]
        return f"{line} {after[0]}" if after else line
    return joined(text, start, line)


def second_opinion(text: str, line: str, start: int) -> str:
    """A known shape's line, and the line the scorer reads as the strongest reason when that is another and the
    shape's own line shows at most one sign of one: a tool's shape may pick the first finding of a kind or an
    error's kind over its message, and which of the two says why is not known here, so both are told, in the
    order printed, when they fit."""
    lead = _LEAD_LABEL.match(line)
    # its only sign is a leading label the tool puts on no other line: a host's, over the whole output
    labelled = lead is not None and score(line[lead.end() :]) == 0 and len(_LEAD_LABEL.findall(text)) == 1
    before = text[:start].strip()  # a host's label leads the whole output (under its heading), not a line within it
    labelled = labelled and (not before or ("\n" not in before and before.endswith(":")))
    own = 0.0 if labelled else score(line)
    coded = _CODE.search(message(line)) is not None
    if own > _ONE_SIGN and not coded:  # the shape's line reads as a reason by two signs or more: it is told alone
        return line
    if labelled:  # the strongest line other than the shape's own, a warning if nothing worse is printed
        others = [s for s in _scored(text) if s[1] != start] or [s for s in _scored(text, True) if s[1] != start]
        top = (others[0][0], others[0][1], _message(text, others[0][1], others[0][2])) if others else None
    else:
        top = strongest(text)
    if top is None or top[0] < max(own + _AHEAD, SEVERE):
        return line
    _, at, why = top
    if own > _ONE_SIGN and _CODE.search(message(why)) is None:  # of two findings, each with its code, both
        return line
    if why in line or line in why or len(line) + len(why) > _TWO:
        return line
    return f"{why}; {line}" if at < start else f"{line}; {why}"


#: A label that leads a line and says only that something went wrong (``Error: Checking formatting...``): a host may
#: put it before a failed command's whole output, so the words after it are what the line says.
_LEAD_LABEL = re.compile(r"(?im)^\W*(?:error|failed|failure)\s*:\s*")
_ONE_SIGN = 2.0  # a line that shows one sign of a reason (one severity word, one kind) may only name the failure
_AHEAD = 2.0  # the scorer's line must read clearly more like a reason than the shape's: one more sign of it
_TWO = 280  # two lines told together fit the room of a failure's line (``calls.FAILURE_CHARS``)


#: A count of failed tests or errors above zero, the run's closing verdict in any runner's or checker's words
#: (``1 FAILED TEST``, ``Total errors found: 1``, ``Issues found: 1 in 1 file``, ``Found 1 dependency issue.``,
#: ``1 out of 1 hunk FAILED``, ``RESULT: FAILED``, ``You planned 2 tests, but ran 0``); warnings are not counted (a
#: run may pass with them).
FAILED_COUNT = re.compile(
    r"(?i)\b[1-9]\d* (?:FAILED (?:TESTS?|hunks?)|(?:tests?|specs?|examples?|checks?|hunks?) failed|failing)\b|"
    r"\b(?:total errors found|issues found|errors found|failures|errors)\s*:\s*[1-9]|"
    r"\bfound [1-9]\d* (?:[\w-]+ ){0,2}(?:issues?|errors?|problems?|violations?)\b|"
    r"\b[1-9]\d* out of \d+ \w+ FAILED\b|\bRESULT: FAIL(?:ED|URE)?\b|"
    r"\byou failed [1-9]\d* tests? of \d+|\byou planned (\d+) tests?, but ran (?!\1\b)\d+"  # TAP's Test::More
)


#: A word of failure framed as a section's banner (``+++++ Timeout +++++``, ``=== ERRORS ===``).
_FRAMED = re.compile(r"([=+*!#~-])\1{4,} ?[A-Za-z][\w ]{2,40}? ?\1{5,}")
#: A sentence drawn inside a rule (``---------- RESULT: FAILED (minimum: 80.0%, actual: 60.0%) ----------``): a
#: tool's verdict with its reason, printed as a banner; a title of a few words over a section is not one.
_VERDICT_FRAMED = re.compile(r"^\s*([=+*#~-])\1{2,}\s*(?P<said>\S.*?\S)\s*\1{3,}\s*$")
_FRAMED_WORDS = 3
#: A finding led by the cross a tool marks a failed check with (``✖  subject may not be empty``, ``✗ renders``),
#: the tick being its passed one; not a tally that counts no error (ESLint's reporter crosses ``2 problems (0 errors,
#: 2 warnings)``, a run that passed with warnings).
CROSSED = re.compile(
    r"^[ \t]*\[?[✖✗✘❌]\]?[ \t]+(?![^\n]*\b(?:0|no) (?:errors?|failures?)\b)\S"
)  # also in brackets: ``[✖] docs/a.md``
