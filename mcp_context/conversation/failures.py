"""Whether a tool's output says it failed, and the line to quote, without relying on an error flag.

OpenAI-style histories never flag a failed call, Gemini CLI writes a failed shell command as a successful
response that says ``Exit Code: 1``, and many tools print their failure and exit 0. So an output is read
the way a person reads it: an exit code where the host wrote one decides; else a line that only a failure
prints (a test runner's failure summary, a compiler diagnostic, a package manager's error, make's ``***``, a
shell's ``command not found``, a traceback) does. Output that merely mentions errors (a grep hit, ``0 failed``,
a passing ``test_error_handling``, a log printed with ``cat``) matches none of them.

Every rule is one row of :data:`RULES`: to recognise a new tool, add a row and a test with its real output
(``tests/outputs/``)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .causes import BARE, joined, owner, said_below, with_below
from .edges import ERROR_LINE, error_at_edge
from .elsewhere import BEFORE, ELIDED, ELSEWHERE, OCCURRED, WRAPPED
from .failure_rules import RULES, Rule
from .host_lines import FAILED_WORD, checks, host_lead, programs, said_failed, under_lead
from .leads import lead_before
from .reasons import (
    own_diagnostic,
    reason,
    score,
    second_opinion,
    tally,
)
from .unmarked import diagnosed, finding
from .verdicts import against_threshold, compared, first_said, labelled_over, rooted, said_first, with_row
from .wrappers import EXIT_CODE, enveloped, exit_code, printed, untagged, unwrapped

__all__ = [
    "EXIT_CODE",
    "RULES",
    "Reading",
    "exit_code",
    "plain",
    "printed",
    "quote",
    "read_command",
    "read_tool",
    "untagged",
    "unwrapped",
]


_BY_KEY: dict[str, list[Rule]] = {}
for _each in RULES:
    for _key in _each.keys or ():
        _BY_KEY.setdefault(_key, []).append(_each)
_KEYS = tuple(_BY_KEY)
_QUOTE_ONLY = tuple(rule for rule in RULES if rule.keys is None)

#: A tool that is not a shell answers a mistake with a text that is itself the error (Claude Code's Read:
#: "File does not exist.", Edit: "String to replace not found in file.", many tools: "Error: ...").
TOOL_ERROR = re.compile(
    r"^\s*(?:<tool_use_error>|error\b|failed\b|file does not exist|file not found|no such file|"
    r"string to replace not found|permission denied|cannot |could not |invalid |unknown )",
    re.I,
)


@dataclass(frozen=True)
class Reading:
    """What an output says: whether it failed, the line to quote, and the exit code when one was written."""

    failed: bool
    line: str | None
    exit_code: int | None = None


def read_command(text: str, command: str = "") -> Reading:
    """A shell command's output: the exit code decides when written, else the failure lines do. Hosts' wrappers
    are read through (``wrappers``): Codex's JSON, Gemini CLI's ``Output:``, any JSON with an output and a code.
    ``command``: the command run, when known: a host's line that echoes it is no reason."""
    text, code = unwrapped(plain(text))
    text = untagged(plain(text))  # also what a wrapper's JSON held (its colour codes were escaped in it)
    if code is None:
        code = exit_code(text)
    if code is not None:
        return Reading(code != 0, quote(printed(text, command), failed=True) if code != 0 else None, code)
    said = host_lead(text)
    if said is not None:  # ``Error: `` put before the whole output by the host: it failed, the output says why
        return Reading(True, quote(printed(said, command), failed=True) or quote(text, failed=True))
    if said_failed(text, command):  # the output under the host's line says why, not the host's line
        inside = under_lead(text)
        said = next((ln.strip() for ln in inside.split("\n") if ln.strip()), "") if inside is not text else ""
        return Reading(True, quote(printed(inside, command), failed=True) or said or quote(text, failed=True))
    strict = _STRICT.search(command)
    warned = _strict_reason(text, strict.group().strip()) if strict is not None else None
    if warned is not None:  # a warning printed failed the run
        return Reading(True, warned)
    line = quote(text)
    own = own_diagnostic(text, programs(command)) if line is None and command else None
    if own is not None:
        line = quote(text, failed=True) or own  # the best reason the output gives, else the program's own line
    line = line or (diagnosed(text, programs(command)) if command else None)  # errors at places, and nothing else
    if line is None and checks(command):  # a checker prints findings only when it finds something
        found = finding(text)
        line = (quote(text, failed=True) or found) if found and not _NO_ERRORS.search(text) else None
        line = None if line and _MILDLY.search(line) else line  # a checker may pass with warnings
    return Reading(line is not None, line)


_MILDLY = re.compile(r"(?i)warn|\bnote\b|\binfo\b|\bhint\b")
_NO_ERRORS = re.compile(r"(?i)\b(?:0|no) (?:errors?|problems?|issues?|failures?|findings?)\b|\berrors?:?[ \t]+0\b")


#: An option that makes warnings fatal, in the words tools give it: warnings as errors or fatal (``--fail-on-warnings``,
#: ``-Werror``, ``--warnings-as-errors``, ``--fatal-warnings``, ``-Xfatal-warnings``, ``-warnaserror``,
#: ``--error-on-warnings``), no warning allowed (``--max-warnings 0``, ``-D warnings``), a failure level at warnings
#: (``--failure-level WARN``, ``--fail-level warning``), or a mode named for it (``--strict``, remark's ``--frail``,
#: sphinx's ``-W``, ``--treatWarningsAsErrors``).
_STRICT = re.compile(
    r"(?i)(?:^|\s)(?:-{1,2}[\w-]*(?:fatal[\w-]*warn|warn[\w-]*(?:as|is|to)[\w-]*err|fail[\w-]*on[\w-]*warn|"
    r"err[\w-]*on[\w-]*warn|warn[\w-]*fatal|warnaserr)[\w-]*|/warnaserror|--deny-warnings|--strict|--frail|"
    r"--fail(?:ure)?-level[= ](?:warn(?:ing)?s?|info|notice|note)|"
    r"-Werror(?:=\S+)?|-W(?!\s+(?:ignore|default|always|module|once)\b)|"
    r"--max-warnings[= ]0|-D ?warnings)(?=\s|$)"  # (not Python's ``-W ignore``)
)
_WARNS = re.compile(r"(?i)\bwarn(?:ing)?s?\b")


def _strict_reason(text: str, option: str) -> str | None:
    """The warning that failed a run told to fail on warnings, or None. A bare ``--strict`` says so for some tools
    (``mkdocs build --strict``) and means a stricter evaluation for others (``nix-instantiate --strict``, which goes
    on to print its value): with it, the output must end on its warnings."""
    why = reason(text)
    if why is None or not _WARNS.search(why):
        return None
    last = next((line for line in reversed(text.splitlines()) if line.strip()), "")
    return why if option.lower() != "--strict" or _WARNS.search(last) is not None else None


def plain(text: str) -> str:
    """``text`` as a reader sees it: a terminal's line ends (``\\r\\n``, as a pseudo-terminal hands output over) read
    as newlines, its colour codes left out."""
    text = text.replace("\r\n", "\n") if "\r\n" in text else text
    return _COLOUR.sub("", text) if "\x1b" in text else text


#: A colour code, or the two ends of a hyperlink around its text (``ESC ]8;;URL ESC \``): the reader sees the text.
_COLOUR = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")


def read_tool(text: str, target: str = "") -> Reading:
    """Another tool's result: a failure when the text is itself an error, or when a short answer says that the
    file it was asked for is not there (``[Errno 2] No such file or directory: 'x'``, ``The path /x does not
    exist.``): a read tool may say so with no error flag and in no error wording of its own. An envelope of one
    member (``{"data": "Error: ..."}``) is read for the text it holds."""
    text = plain(text)
    flagged = _STATUS_FAILED.search(text[:_STATUS_CHARS]) is not None  # before an envelope is read through
    if text[:1] in ("{", "[") and text[-1:] in ("}", "]"):
        said = _MESSAGE.search(text) if flagged else None
        text = enveloped(text)
        if said is not None:  # the answer's own status says it failed, its message says why
            return Reading(True, (said["said"] or said["said2"]).strip())
    if TOOL_ERROR.match(text):
        lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
        first = lines[0] if lines else ""
        if first.rstrip(":").lower() in ("error", "failed") and len(lines) > 1:  # ``ERROR:`` then the message
            first = lines[1]
        causes = [ln for ln in lines if _CAUSED.match(ln)]
        if len(causes) > 1 and causes[-1] != first:  # a chain of causes: the last is the root of it
            first = f"{first}; {_CAUSED.sub('', causes[-1])}"
        return Reading(True, first.removeprefix("<tool_use_error>").removesuffix("</tool_use_error>"))
    if _STATUS_FAILED.search(text[:_STATUS_CHARS]):  # the answer's own status field says it failed
        said = _MESSAGE.search(text)
        message = (said["said"] or said["said2"]) if said else None
        return Reading(True, message.strip() if message else quote(text, failed=True) or text.strip()[:200])
    tagged = _ERROR_TAG.search(text, 0, _STATUS_CHARS) if "<error>" in text[:_STATUS_CHARS] else None
    if tagged and "<content" not in text[: tagged.start()]:  # a tagged answer's error element, not a file's text
        return Reading(True, tagged["said"].strip())
    if _TRACEBACK in text[:_STATUS_CHARS]:  # the tool raised (``Execution error in read_file:`` over the
        # traceback, as a framework reports it): the exception its traceback ends on says why
        line = quote(text, failed=True)
        return Reading(True, line or text.strip().rsplit("\n", 1)[-1])
    name = target.rstrip("/").rsplit("/", 1)[-1]
    marked = _MARKED_ERROR.search(text, 0, _STATUS_CHARS)  # ``[ERROR] cat: x: No such file`` in a viewer's frame
    if marked and name and name in marked["said"] and _MISSING.search(marked["said"]):
        return Reading(True, marked["said"].strip())
    if len(text) <= _SHORT_ANSWER and text.count("\n") < 4:
        for line in text.splitlines():
            # the tool names what it was asked for; a short file that says "not found" in its own text does not
            if _MISSING.search(line) and (
                (name in line if name else _ABOUT_A_PATH.search(line)) or _NO_FILE.search(text.strip())
            ):
                return Reading(True, line.strip())
    return Reading(False, None)


_TRACEBACK = "Traceback (most recent call last):"
_MARKED_ERROR = re.compile(r"(?m)^[ \t]*\[(?:ERROR|FAILED|FAILURE)\][ \t]*(?P<said>\S[^\n]*)$")
#: A status an answer gives itself: ``<toolStatus>error</toolStatus>``, ``"status": "error"``, ``"success": false``,
#: ``"error": true``.
_STATUS_FAILED = re.compile(
    r"(?i)<(?:\w+_?)?status>\s*(?:error|failed|failure)\s*</|\"(?:status|result)\"\s*:\s*\"(?:error|failed|failure)\"|"
    r"\"success(?:ful+)?\"\s*:\s*false|\"error\"\s*:\s*true"
)
_STATUS_CHARS = 400  # a status is given at the head of an answer
#: The message of a failed answer: under a tag or key that says so.
_MESSAGE = re.compile(
    r"(?s)<(?:message|error)>(?P<said>.{1,400}?)</(?:message|error)>|\"(?:message|error)\"\s*:\s*\"(?P<said2>[^\"]{1,400})\""
)
#: The error element of a tagged answer (``<file><path>a</path><error>File not found: a</error></file>``).
_ERROR_TAG = re.compile(r"<error>(?P<said>[^<>]{1,400})</error>")
#: A link of an error's chain of causes (``Caused by: No such file or directory``): the last one is the root.
_CAUSED = re.compile(r"^caused by:\s*", re.I)
#: A tool's answer this short may be an error in the tool's own words; a longer one is the file it read.
_SHORT_ANSWER = 400
_MISSING = re.compile(
    r"\[Errno \d+\]|\b(?:does not exist|doesn't exist|not found|no such file|cannot find|could not find|"
    r"is not accessible|cannot access|permission denied|ENOENT|(?:is )?not a valid (?:file|path|directory)|"
    r"invalid (?:file ?)?path|(?:unable|failed) to (?:read|open|stat|access|find|locate)|NoSuchFile\w*|missing file)\b",
    re.I,
)
_ABOUT_A_PATH = re.compile(r"\b(?:file|path|directory|folder)\b", re.I)
#: A whole answer that says only that no such file is there, naming none (``The requested file was not found.``,
#: ``Read failed (ENOENT)``, ``java.nio.file.NoSuchFileException: x``).
_NO_FILE = re.compile(
    r"(?i)^[^\n]{0,40}\b(?:file|path)\b[^\n]{0,30}\b(?:not found|does not exist|doesn't exist|is missing)\W{0,3}$|"
    r"\b(?:ENOENT|NoSuchFile(?:Exception)?|FileNotFound(?:Exception|Error)?)\b|^missing (?:file|path)\b"
)


def quote(text: str, failed: bool = False) -> str | None:
    """The line that says best why ``text`` failed, or None when no line shows a failure. ``failed``: the run is
    known to have failed (an exit code, a flag), so a line that only names an error is worth quoting too. The
    cause is told with the test it failed in when the output names both (``TypeError: ... (● users › id)``)."""
    present = [key for key in _KEYS if key in text]  # most outputs hold none: the common case costs this only
    failed = failed or error_at_edge(text)
    if not present and not failed:
        return None
    found = {key: _holding(text, key) for key in present}  # key -> (start offset, line) of each line holding it
    if present and ("\n@@ " in text or text.startswith("@@ ")):  # a diff printed: its lines are a file's text
        found = {key: [hit for hit in hits if not _DIFF_LINE.match(hit[1])] for key, hits in found.items()}
    best: _Best | None = None
    title: _Best | None = None  # the best line that names a test
    titles: list[int] = []  # where each line that names a test starts: a test's cause is told before the next's
    seen: list[_Best] = []  # every line a rule matched: a wrapper's closing line gives way to the cause it wraps
    for rule in {id(rule): rule for key in present for rule in _BY_KEY[key]}.values():
        hits = sorted(hit for key in rule.keys or () for hit in found.get(key, ()) if rule.line.match(hit[1]))
        if hits:
            best = _better(best, rule, *(hits[0] if rule.first else hits[-1]))
            seen += [_better(None, rule, *hit) for hit in hits]
            title = _better(title, rule, *hits[0]) if rule.title else title
            titles += [hit[0] for hit in hits] if rule.title else []
    if best is None and not failed:
        return None
    for rule in _QUOTE_ONLY:  # a failure is shown: the lines that only name it may say it best
        if rule.needs and not any(need in text for need in rule.needs):
            continue
        matches = list(rule.line.finditer(text))
        if matches:
            # the first line of the shape that is not a warning (a compiler's warnings come before its error)
            unmarked = [m for m in matches if not _is_mild(m.group(0))] if rule.first else []
            match = (unmarked or matches)[0] if rule.first else matches[-1]
            best = _better(best, rule, match.start(), match.group(0))
            seen += [_better(None, rule, m.start(), m.group(0)) for m in matches]
            title = _better(title, rule, matches[0].start(), matches[0].group(0)) if rule.title else title
            titles += [m.start() for m in matches] if rule.title else []
    if best is None:  # a failure is shown, in no shape known here: the line that reads most like a reason
        return with_row(text, first_said(text, _pointed(text, _inside(text, reason(text))))) if failed else None
    best = _first_report(text, _worded(text, _unwrapped(text, best, seen)))
    above = owner(text, best.start)  # a line inside an error's indented block is a detail of that error
    if above is not None and not best.title:
        best = _Best(best.rank, best.order, above[1], above[0], False)
    line = _with_error_above(text, best, joined(text, best.start, best.line))
    if best.title:  # the test is named, the cause not yet: the first line after it that says why
        cause = _title_cause(text, best, titles)
        line = f"{cause} ({line})" if cause else line
    elif title is not None and title.start < best.start and title.line not in line:
        line = f"{line} ({title.line})"
    elif OCCURRED.search(best.line) or best.rank <= _TALLY or tally(best.line) or ELSEWHERE.search(best.line):
        line = _why(text, best, line)
    else:
        line = second_opinion(text, line, best.start)
    line = _widened(text, best, seen, with_below(text, best.start, best.line, _completed(text, line)))
    wrapper = next((ln for _, ln in found.get("***", ()) if _MAKE.match(ln)), None)
    if wrapper is None or wrapper.strip() == line:
        return _with_cause(text, line) if wrapper is not None else line
    return f"{line} ({wrapper.strip()})"  # the cause, and which target of the build it failed


def _unwrapped(text: str, best: _Best, seen: list[_Best]) -> _Best:
    """The best line, or when it only closes a wrapper (a generic failure of what it ran, or an error's kind whose
    message is another error's line), the first line before it that says more: what failed inside the wrapper."""

    def wraps(found: _Best) -> bool:
        below = said_below(text, found.start + len(found.line)) if BARE.search(found.line) else None
        inner = below is not None and any(other.line == below for other in seen)
        return inner or WRAPPED.search(f"{found.line} {below or ''}") is not None

    if best.title or not wraps(best):
        return best
    inside = [f for f in seen if f.start < best.start and f.rank > _TALLY and not f.title and not wraps(f)]
    said = [f for f in inside if FAILED_WORD.search(f.line)] or inside  # an error said so, over a progress line
    titles = [f for f in seen if f.start < best.start and f.title]  # else the first failed test's heading
    if said or titles:
        return min(said or titles, key=lambda found: found.start)  # the first: it caused the rest
    return _reason_before(text, best)


def _inside(text: str, why: str | None) -> str | None:
    """``why``, or where it only closes a wrapper (``amtool: error: failed to validate 1 file(s)``), the reason
    printed before it, told with it."""
    if why is None or WRAPPED.search(why) is None:
        return why
    at = text.find(why.split("\n", 1)[0][:60])
    inner = reason(text[:at]) if at > 0 else None
    return f"{inner} ({why})" if inner else why


def _reason_before(text: str, best: _Best) -> _Best:
    """The line before a wrapper's closing words that reads most like a reason, where no rule matched one
    (``Checking 'a.yml'  FAILED: undefined receiver``); the wrapper's line when none does."""
    why = (reason(text[: best.start]) or "").split("\n", 1)[0]
    at = text.rfind(why[:60], 0, best.start) if why else -1
    if at < 0 and why:  # a shorter head where the reason joined the block under it (``in:`` over an indented line)
        at = text.rfind(why[:24], 0, best.start)  # then only a line that reads as much as a reason as the closing one
        at = at if at >= 0 and score(text[at : text.find("\n", at)]) >= score(best.line) else -1
    if at < 0:
        return best
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    return _Best(best.rank, best.order, text[start : end if end >= 0 else len(text)].strip(), start, False)


_ABOVE_LINES = 3


def _widened(text: str, best: _Best, seen: list[_Best], line: str) -> str:
    """The quote told with what its verdict leaves out (see ``verdicts``): the finding behind a missed threshold,
    the root of a chain of causes."""
    if best.title:
        return line
    told = rooted(text, against_threshold(text, best.line, best.start, [f.line for f in seen], line))
    return compared(text, best.start + len(best.line), told)


def _worded(text: str, best: _Best) -> _Best:
    """The best line, or the labelled error a located line that names none gives way to (see ``labelled_over``)."""
    found = None if best.title else labelled_over(text, best.line)
    return _Best(best.rank, best.order, found[1], found[0], False) if found else best


def _first_report(text: str, best: _Best) -> _Best:
    """The best line, or where the tool first reported the message it then raised again (see ``said_first``)."""
    first = said_first(text, best.line, best.start) if not best.title else None
    first = first or (lead_before(text, best.start) if not best.title else None)  # a lead that says only where
    return _Best(best.rank, best.order, first[1], first[0], False) if first else best


def _with_error_above(text: str, best: _Best, line: str) -> str:
    """An assertion's values (``Expected: 120``) told with the error line printed just above them, which names the
    assertion (``Error: expect(received).toBe(expected)``), or with the finding they are indented under
    (``detected invalid protocol for package: x`` over ``    expected: https:``)."""
    if not best.line.lower().startswith("expected"):
        return line
    above = [ln.strip() for ln in text[: best.start].split("\n")[-_ABOVE_LINES - 1 :] if ln.strip()]
    indented = text[text.rfind("\n", 0, best.start) + 1 :][:1] in (" ", "\t")
    said = above and (ERROR_LINE.match(above[-1]) or (score(above[-1]) > 0 and indented))
    return f"{above[-1]} {line}" if said and above[-1] not in line else line


def _why(text: str, best: _Best, line: str) -> str:
    """A line that says that the run failed and not why (a count, also behind ``ERROR:``, a command's exit status,
    an error said to have occurred) told with the line that reads most like a reason: below it, for an error said
    to have occurred in something (the error is printed after it), else anywhere."""
    if OCCURRED.search(best.line):
        cause = reason(text[best.start + len(best.line) :])
        return f"{cause} ({line})" if cause and cause not in line else line
    why = reason(text[: best.start]) if BEFORE.search(best.line) else None
    why = why or _pointed(text, reason(text))
    if why and line in why:  # the reasons read the count too, beside a line that says why
        return why
    return f"{why} ({line})" if why and why not in line else line


def _pointed(text: str, why: str | None) -> str | None:
    """The reason found, or where it says why elsewhere (``rsync error: ... (see previous errors) (code 23)``), the
    reason the rest of the output gives, told with it."""
    if why is None or ELSEWHERE.search(why) is None:
        return why
    at = text.find(why) if BEFORE.search(why) else -1
    other = reason(text[:at]) if at > 0 else None  # it points back: the warnings too, when no error is before it
    other = other or reason(text.replace(why, "", 1)) or (_last_said(text[:at]) if at > 0 else None)
    return f"{other} ({why})" if other else why


def _last_said(text: str) -> str | None:
    """The last line of the output above a pointer to it (``Check the output above for details.``) where no line
    there reads as a reason: what it points at (a label, ``Output:``, is none)."""
    lines = [line.strip() for line in text.splitlines() if line.strip() and not _LABEL_ONLY.match(line)]
    return lines[-1] if lines else None


_LABEL_ONLY = re.compile(r"^\s*(?:[A-Za-z]+ )?(?:output|stdout|stderr|result)s?:\s*$", re.I)


def _completed(text: str, line: str) -> str:
    """``line`` with its message whole where the tool cut it short and printed it whole elsewhere."""
    cut_short = ELIDED.search(line)
    if cut_short is None:
        return line
    said = cut_short["said"]
    at = text.find(said)
    while at >= 0:
        end = text.find("\n", at)
        whole = text[at : end if end >= 0 else len(text)].rstrip()
        if len(whole) > len(said) + 3 and not whole.endswith(("...", "…")):
            return line[: cut_short.start("said")] + whole
        at = text.find(said, at + 1)
    return line


#: A line a diff adds or removes (not its ``+++``/``---`` headers): a file's text, whatever it says.
_DIFF_LINE = re.compile(r"^(?:\+(?!\+\+ )|-(?!-- ))")
_TALLY = 55  # the rank of a runner's count, a build's verdict or a package manager's first line: not a reason
_MAKE = re.compile(r"^(?:g?make)(?:\[\d+\])?: \*\*\* ")
_CAUSES = tuple(rule for rule in _QUOTE_ONLY if not rule.title and rule.rank >= 86)


@dataclass(frozen=True)
class _Best:
    rank: int
    order: int
    line: str
    start: int
    title: bool


def _title_cause(text: str, best: _Best, titles: list[int]) -> str | None:
    """What a failed test's heading (``best``) failed on: the first cause after it, up to the next test's heading;
    else the line that reads most like a reason there, unless it only closes the run; else the line below it."""
    after = best.start + len(best.line)
    own = text[: min((at for at in titles if at > best.start), default=len(text))]
    why = reason(own[after:])
    why = None if why and WRAPPED.search(why) else why  # the run's closing words say no test's cause
    cause = _cause_after(own, best.start) or why or said_below(own, after)
    at = own.find(cause, after) if cause else -1
    return compared(own, at + len(cause), cause) if cause and at >= 0 else cause


def _cause_after(text: str, start: int) -> str | None:
    """The first line after a test's name that says why it failed (an exception, an assertion's message)."""
    causes = [rule for rule in _CAUSES if not rule.needs or any(need in text for need in rule.needs)]
    hits = [(m.start(), rule, m.group(0)) for rule in causes for m in rule.line.finditer(text, start + 1)]
    hits = [hit for hit in hits if not WRAPPED.search(hit[2])]  # the run's closing words say no test's cause
    if not hits:
        return None
    at, rule, line = min(hits, key=lambda h: h[0])
    return joined(text, at, line.strip())


def _with_cause(text: str, line: str) -> str:
    """make's own line says only which recipe failed: the line the recipe printed before it says why."""
    at = text.find(line)
    before = [ln.strip() for ln in text[:at].splitlines() if ln.strip()] if at > 0 else []
    return f"{'; '.join(before[-2:])} ({line})" if before else line  # the recipe's last words, as it said them


def _holding(text: str, key: str) -> list[tuple[int, str]]:
    """Each line of ``text`` that holds ``key``, with its start offset."""
    out: list[tuple[int, str]] = []
    at = text.find(key)
    while at >= 0:
        start = text.rfind("\n", 0, at) + 1
        end = text.find("\n", at)
        end = len(text) if end < 0 else end
        out.append((start, text[start:end].rstrip("\r")))
        at = text.find(key, end)
    return out


#: A line whose first severity says warning, note or hint: the run may fail on it, but an error beside it says why.
_SEVERITY = re.compile(
    r"\b(?:(?P<mild>\w*Warning|warning|WARNING|[Nn]ote|NOTE|[Hh]int|HINT|[Ii]nfo|INFO|Message(?=\[\d)|[Rr]emark)|"
    r"error|Error|ERROR|fatal|Fatal|FATAL)\b"  # an assembler's numbered ``Message[302]``, a compiler's remark
)
_MILD = 20


def _is_mild(line: str) -> bool:
    severity = _SEVERITY.search(line)
    return severity is not None and severity["mild"] is not None


def _better(best: _Best | None, rule: Rule, start: int, line: str) -> _Best:
    rank = rule.rank - _MILD if _is_mild(line) else rule.rank
    key = _Best(rank, -start if rule.first else start, line.strip(), start, rule.title)
    return key if best is None or (key.rank, key.order) > (best.rank, best.order) else best
