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

#: An exit code as hosts and runners write it: Claude Code ``Exit code 1``, Gemini CLI ``Exit Code: 1``, Codex
#: ``Process exited with code 1``, ``exit status 1``, ``[exit code: 2]``, ``returncode=1``, yarn's ``Command
#: failed with exit code 1.``; one such line decides, whatever else the output says.
EXIT_CODE = re.compile(
    r"^[\s\[(]*(?:error:?\s+)?(?:process\s+|command\s+failed\s+(?:with\s+)?)?(?:exit(?:ed)?(?:\s+with)?|return)[\s_]?"
    r"(?:code|status)\b"
    r"[\s:=]*(-?\d+)[\s\]).]*$",
    re.I | re.M,
)


@dataclass(frozen=True)
class Rule:
    """A line that says a run failed. ``rank``: which matched line to quote (the highest; a named error says
    more than a count). ``first``: quote the first such line (a compiler's first error is the cause), else the
    last (a traceback's exception closes it). ``trigger``: the line alone shows a failure; a quote-only rule
    helps pick the line once something else showed it."""

    tool: str
    line: re.Pattern[str]
    rank: int
    first: bool = True
    trigger: bool = True


def _rule(tool: str, pattern: str, rank: int, *, first: bool = True, trigger: bool = True) -> Rule:
    return Rule(tool, re.compile(pattern, re.M), rank, first, trigger)


RULES: tuple[Rule, ...] = (
    # Python
    _rule("python", r"^Traceback \(most recent call last\):", 30),
    _rule(
        "python",
        r"^(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Exit|Interrupt)(?::.*)?$",
        90,
        first=False,
        trigger=False,
    ),
    # test runners
    _rule("pytest", r"^FAILED \S+.*$", 88),
    _rule("pytest", r"^ERROR (?:collecting )?\S+.*$", 86),
    _rule("pytest", r"^E\s+(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception)\b.*$", 87, trigger=False),
    _rule("pytest", r"^=+ .*\b[1-9]\d* (?:failed|errors?)\b.* =+$", 50, first=False),
    _rule("pytest", r"^!+ Interrupted: \d+ errors? during collection !+$", 52),
    _rule("unittest", r"^FAILED \((?:failures|errors)=\d+.*\)$", 50),
    _rule("unittest", r"^(?:FAIL|ERROR): \w+ \(.+\)$", 80),
    _rule("jest/vitest", r"^\s*(?:Tests|Test Files|Test Suites):\s+.*\b[1-9]\d* failed\b.*$", 50),
    _rule("jest/vitest", r"^\s*(?:FAIL|×|✕)\s+\S+.*$", 80),
    _rule("jest/vitest", r"^\s*●\s+.+ › .+$", 82, trigger=False),
    _rule("go test", r"^--- FAIL: .+$", 80),
    _rule("go test", r"^FAIL(?:\s+\S+\s+[\d.]+s)?$", 50),
    _rule("cargo test", r"^test result: FAILED\..*$", 50),
    _rule("cargo test", r"^test \S+ \.\.\. FAILED$", 80),
    _rule("rust", r"^thread '.+' (?:\(\d+\) )?panicked at .+$", 87),
    _rule("java", r"^Exception in thread \".+\" \S+.*$", 90),
    # compilers and linkers
    _rule("gcc/clang/mypy", r"^\S+?:\d+(?::\d+)?: (?:fatal )?error: .+$", 85),
    _rule("linker", r"^.*(?:undefined reference to|ld returned \d+ exit status|Undefined symbols for).*$", 84),
    _rule("tsc", r"^.*\berror TS\d+: .+$", 85),
    _rule("rustc/cargo", r"^error(?:\[E\d{4}\])?: .+$", 85),
    _rule("go", r"^\S+\.go:\d+:\d+: .+$", 85),
    _rule("javac", r"^\S+\.java:\d+: error: .+$", 85),
    # linters and type checkers: a diagnostic line, and the count that says the run failed
    _rule("flake8/ruff", r"^\S+?:\d+:\d+: [A-Z]{1,3}\d{2,4}\b.+$", 83),
    _rule("ruff", r"^[A-Z]{1,3}\d{3,4} (?:\[\*\] )?.+$", 83, trigger=False),
    _rule("mypy/ruff", r"^Found [1-9]\d* errors?\b.*$", 50),
    # package managers (npm's first lines name a code; the one after them says what went wrong)
    _rule("npm", r"^npm (?:ERR!|error) .+$", 55),
    _rule(
        "npm",
        r"^npm (?:ERR!|error) (?!code\b|errno\b|syscall\b|path\b|command\b|signal\b|workspace\b|"
        r"location\b|A complete log|Log files)\S.+$",
        75,
    ),
    _rule("pnpm", r"^.*\bERR_PNPM_\w+.*$", 75),
    _rule(
        "pip",
        r"^ERROR: (?:Could not|No matching distribution|Failed|Cannot|Invalid|Exception|pip|"
        r"ResolutionImpossible|Command errored).*$",
        75,
    ),
    # build tools
    _rule("make", r"^(?:g?make)(?:\[\d+\])?: \*\*\* .+$", 60),
    # shells
    _rule("shell", r"^(?!\S+:\d+:).*(?:: command not found|command not found: \S+)$", 70),
    _rule("shell", r"^(?!\S+:\d+:).*\bNo such file or directory\b(?::.*)?$", 70),
    _rule("shell", r"^(?!\S+:\d+:).*: Permission denied$", 70),
    _rule("shell", r"^.*is not recognized as an internal or external command.*$", 70),
    _rule("shell", r"^.*\bSegmentation fault\b.*$", 70),
    # git
    _rule("git", r"^fatal: .+$", 65),
    _rule("git", r"^error: (?:pathspec|failed to push|Your local changes|could not apply|src refspec).*$", 65),
    _rule("git", r"^CONFLICT \(.+$", 65),
    # JavaScript runtimes: an uncaught error at the start of a line, with its stack below
    _rule("node", r"^(?:Uncaught )?[A-Z]\w*Error: .+$", 78),
)

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


def exit_code(text: str) -> int | None:
    """The exit code the host or runner wrote, the last one when several are (a wrapper's comes last)."""
    codes = EXIT_CODE.findall(text)
    return int(codes[-1]) if codes else None


def read_command(text: str) -> Reading:
    """A shell command's output: the exit code decides when written, else the failure lines do."""
    code = exit_code(text)
    line = quote(text)
    if code is not None:
        return Reading(code != 0, line if code != 0 else None, code)
    return Reading(line is not None, line)


def read_tool(text: str) -> Reading:
    """Another tool's result: a failure when the text is itself an error, or holds a failure line."""
    if TOOL_ERROR.match(text):
        first = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
        return Reading(True, first.removeprefix("<tool_use_error>").removesuffix("</tool_use_error>"))
    return Reading(False, None)


def quote(text: str) -> str | None:
    """The line that says best why ``text`` failed, or None when no line shows a failure."""
    best: tuple[int, int, str] | None = None  # (rank, position order, line)
    triggered = False
    for rule in RULES:
        found = list(rule.line.finditer(text))
        if not found:
            continue
        triggered = triggered or rule.trigger
        match = found[0] if rule.first else found[-1]
        order = -match.start() if rule.first else match.start()
        key = (rule.rank, order, match.group(0).strip())
        if best is None or key[:2] > best[:2]:
            best = key
    return best[2] if triggered and best is not None else None
