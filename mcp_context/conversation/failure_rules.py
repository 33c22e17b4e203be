"""The shapes of the lines that say a run failed, one row per tool family: a test runner's failure report, a
compiler's diagnostic, a package manager's error, a shell's ``command not found``. ``failures`` reads outputs with
them; to recognise a new tool, add a row here and a test with its real output (``tests/outputs/``)."""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["ERROR_LED", "RULES", "Rule"]


@dataclass(frozen=True)
class Rule:
    """A line that says a run failed. ``rank``: which matched line to quote (the highest; a named error says
    more than a count). ``first``: quote the first such line (a compiler's first error is the cause), else the
    last (a traceback's exception closes it). ``trigger``: the line alone shows a failure; a quote-only rule
    helps pick the line once something else showed it."""

    tool: str
    line: re.Pattern[str]
    keys: tuple[str, ...] | None  # text one of which the line holds: found first, at C speed; None: quote-only
    rank: int
    first: bool = True
    trigger: bool = True
    title: bool = False  # the line names what failed (a test), not why: the cause is looked for beside it
    needs: tuple[str, ...] = ()  # a quote-only rule runs only on a text holding one of these (found at C speed)


def _rule(
    tool: str,
    pattern: str,
    keys: tuple[str, ...] | None,
    rank: int,
    *,
    first: bool = True,
    trigger: bool = True,
    title: bool = False,
    needs: tuple[str, ...] = (),
) -> Rule:
    """A keyed rule is matched against the lines holding one of its keys; a quote-only rule, run only once a
    failure is shown, against the whole text."""
    return Rule(
        tool, re.compile(pattern, 0 if keys else re.M), keys, rank, first, trigger and keys is not None, title, needs
    )


#: Where a message is about: ``file:line:col:``, ``file(line,col)``, ``file:line:``, before the message.
_LOCATION = r"[\w./-]+\.\w+(?::\d+(?::\d+)?:?|\(\d+(?:, ?\d+)?\):?)"
#: A line led by the word error, after a location and up to two words naming the error's kind (``PHP Fatal
#: error:``, ``Fortran runtime error:``, ``f.pas(7,24) Error:``, ``f.xml:4: parser error :``, ``TS2345 [ERROR]:``).
ERROR_LED = (
    rf"^[ \t]*(?:[*#>!]+[ \t]*)?(?:{_LOCATION}[ \t]+(?:[A-Za-z]+ ){{0,2}}|(?:[A-Z][A-Za-z0-9]* (?:[A-Za-z]+ )?)?)"
    r"\[?(?:error|Error|ERROR)\b\]?(?:\[[\w-]+\])?(?:[^:\n(]|\([^():\n]*\)){0,40}?:[ \t]*"  # not a place in ()
    r"(?!\(?(?:none|null|nil|0|false|n/a)\)?[ \t]*$)\S.*$"  # a wrapper's ``Error: (none)`` says there was none
)
#: An error's kind: ``TypeError``, ``NullPointerException``, ``AssertionFailure``, ``CONSTRAINT_ERROR``,
#: ``TYPE-ERROR``.
_KIND = r"(?:[A-Z]\w*(?:Error|Exception|Failure)|[A-Z][A-Z0-9]*(?:[_-][A-Z0-9]+)*[_-](?:ERROR|EXCEPTION|FAILURE))"
RULES: tuple[Rule, ...] = (
    # Python
    _rule("python", r"^Traceback \(most recent call last\):", ("Traceback (most recent call last):",), 30),
    _rule(
        "python",
        r"^(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Exit|Interrupt)(?::.*)?$",
        None,
        90,
        first=False,
    ),
    # an SMT-LIB solver's error response (z3, cvc5, yices), the standard's ``(error "...")``
    _rule("smt-lib", r'^\(error "[^"\n]+"\)[ \t]*$', ('(error "',), 85),
    # test runners
    _rule("pytest", r"^FAILED \S+.*$", ("FAILED ",), 88),
    _rule("pytest", r"^ERROR (?:collecting )?\S+.*$", ("ERROR ",), 86),
    _rule("pytest", r"^E\s+(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception)\b.*$", None, 87),
    _rule("pytest", r"^=+ .*\b[1-9]\d* (?:failed|errors?)\b.* =+$", (" failed", " error"), 50, first=False),
    _rule("pytest", r"^!+ Interrupted: \d+ errors? during collection !+$", ("Interrupted: ",), 52),
    _rule("unittest", r"^FAILED \((?:failures|errors)=\d+.*\)$", ("FAILED (",), 50),
    _rule("unittest", r"^(?:FAIL|ERROR): \w+ \(.+\)$", ("FAIL: ", "ERROR: "), 80, title=True),
    _rule("jest/vitest", r"^\s*(?:Tests|Test Files|Test Suites):\s+.*\b[1-9]\d* failed\b.*$", (" failed",), 50),
    _rule("jest/vitest", r"^\s*(?:FAIL|×|✕)\s+\S+.*$", ("FAIL", "×", "✕"), 80, title=True),
    _rule("jest/vitest", r"^[ \t]*●[ \t]+.+ › .+$", None, 82, title=True),
    _rule("go test", r"^--- FAIL: .+$", ("--- FAIL: ",), 80, title=True),
    # a failed test's heading: its kind, its place in parentheses, its name (``Failure ('test-a.R:2'): rounds``)
    _rule(
        "test heading",
        r"^[ \t]*(?:Failure|Error|FAIL(?:URE)?|ERROR|Failed)[ \t]*\([`'\"]?[^()\s'\"]+:\d+[`'\"]?\):[ \t]+\S.*$",
        ("Failure (", "Error (", "FAIL (", "FAILURE (", "ERROR (", "Failed ("),
        80,
        title=True,
    ),
    _rule("go test", r"^FAIL(?:\s+\S+\s+[\d.]+s)?$", ("FAIL",), 50),
    _rule("cargo test", r"^test result: FAILED\..*$", ("test result: FAILED",), 50),
    _rule("cargo test", r"^(?:test )?\S+ (?:\.\.\. |--- )FAILED$", ("... FAILED", "--- FAILED"), 80, title=True),
    # a runner's closing count, in any runner's words: "1 failing", "1 example, 1 failure", "Tests: 1, ...
    # Failures: 1.", "1 runs, 1 assertions, 1 failures", "FAILURES!"
    _rule("mocha", r"^\s*[1-9]\d* failing$", (" failing",), 50),
    _rule(
        "test runner",
        r"^.*\b\d+ (?:tests?|examples?|runs?|specs?)\b.*\b[1-9]\d* (?:failures?|errors?)\b.*$",
        (" failure", " error"),
        50,
    ),
    _rule(
        "test runner",
        r"^(?:Tests: \d+, .*(?:Failures|Errors): [1-9].*|FAILURES!)$",
        ("Failures: ", "Errors: ", "FAILURES!"),
        50,
    ),
    _rule("test runner", r"^[ \t]*\d+\) \S.*$", None, 81, title=True),  # a numbered failure report's heading
    _rule("tap", r"^[ \t]*not ok \d+\b.*$", ("not ok ",), 80, title=True),  # TAP: prove, node-tap, bats
    # a test's name with its status in a column (``Bulk Order Gets Ten Percent Off        | FAIL |``)
    _rule("status column", r"^.*\S[ \t]+\|[ \t]*FAIL(?:ED)?[ \t]*\|[ \t]*$", ("| FAIL",), 80, title=True),
    # a count of failures in any runner's words, alone on a short line: "0 successes / 1 failure / 0 errors",
    # "Failed: 1.  Skipped: 0.", " 2 fail", "Failed 1/3 subtests", "1 tests failed", "1 offense detected"; and a
    # run's verdict ("Result: FAIL")
    _rule(
        "test runner",
        r"(?i)^(?=.{0,100}$).*(?:"
        r"\b[1-9]\d* (?:(?:tests?|specs?|cases?|checks?|fatal) )?(?:fail(?:s|ed|ures?|ing)?|errors?)\b|"
        r"\b[1-9]\d* (?:offen[cs]es?|violations?|problems?) (?:detected|found|reported)\b|"
        r"\b(?:fail(?:ed|ures?)?|errors?):?[ \t][1-9]\d*"
        r"(?=[.,;)]\D|/\d|[.,;)]?$|\s+(?:tests?|subtests?|specs?|of)\b)).*$",
        (" fail", " error", "Fail", "Error", "fail", "error", " offen", " violation", " problem"),
        49,
    ),
    _rule("test runner", r"^(?:Result|Status|Outcome): FAIL(?:ED|URE)?\b.*$", (": FAIL",), 49),
    # why an assertion failed, as runners other than pytest print it
    # an exception's class and message, behind a runner's marker (``** (KeyError) ...``, ``E   ``, ``> ``) or not
    _rule(
        "exception",
        rf"^[ \t]*(?:[*#>!|]+[ \t]*)?(?:\((?:[\w$]+\.)*{_KIND}\) \S.*|(?:[\w$]+\.)*{_KIND}(?: \[\w+\])? ?:(?: .*)?|"
        rf"{_KIND} in \S.*:)$",  # also where it was raised, its message below (``MissingInputException in rule x:``)
        None,
        89,
    ),
    # an error raised and not handled, named by its kind in any case (``raised CONSTRAINT_ERROR : ...``,
    # ``Unhandled TYPE-ERROR in thread ...:``, ``Uncaught RangeError ...``)
    _rule(
        "exception",
        rf"^[ \t]*(?:raised|[Uu]nhandled|[Uu]ncaught)(?: exception)? (?:[\w$]+[.:])*{_KIND}\b.*$",
        None,
        89,
        needs=("raised", "nhandled", "ncaught"),
    ),
    # a line led by the word error, in any tool's form: ``Error: ...``, ``Error in f(x) : ...``, ``Parse error
    # near line 1: ...``, ``**error:{...}``; quoted when a failure is shown, and shows one at an output's edge
    _rule("error line", ERROR_LED, None, 86),
    # a diagnostic headed by a cross over its source excerpt's frame (``  x Expected ')', got '{'`` over
    # ``,-[api/src/a.ts:11:1]``, ``× ...`` over ``╭─[...]``), as Rust's diagnostic printers draw it
    _rule("framed diagnostic", r"^[ \t]*[x×✗✖][ \t]+\S[^\n]*(?=\n[ \t]*(?:,-+|╭─+)\[)", None, 88, needs=(",-[", "╭─")),
    # (not a parser's list of what it would have taken, ``Expected one of:``: its error is said above it)
    _rule(
        "assertion",
        r"^[ \t]*(?:Failed asserting that|(?:Expected:?[ \t]|expected:? )(?!(?:one|any) of\b)).+$",
        None,
        88,
    ),
    # a label over the value below it that says what came (``---- Result was:``, ``Actual:``)
    _rule(
        "assertion",
        r"^[^\w\s]*[ \t]*(?:[A-Z]\w* )?(?:Result|Actual|Got|Received)\b[^:\n]{0,50}:[ \t]*$",
        None,
        83,
        needs=("Result", "Actual", "Got", "Received"),
    ),
    # a failure term that sets what was wanted beside what came: ``expected 3, got 4``, ``{expected,70}, {value,130}``
    _rule(
        "assertion",
        r"(?i)^.*\b(?:expected|want(?:ed)?)\b.{0,120}?\b(?:actual|got|value|received|found|but (?:was|is))\b.*(?<!:)$",
        None,
        85,
    ),
    # an indented file:line: message (go test), not a frame of a stack (``\tserve.lua:5: in main chunk``)
    _rule("assertion", r"^[ \t]+[\w./-]+\.\w+:\d+: (?!in |at ).+$", None, 86),
    # the GNU form ``file:line: message`` (or ``file(line):``) at the margin (Lua, Tcl, D, many runners), below a
    # compiler's own form
    # also after the program's name (``lua5.4: serve.lua:5: attempt to index a nil value``); not a line of source
    # echoed over a caret that points into it (``gawk: a.awk:2: { x += $2) }`` over ``gawk: a.awk:2:     ^ syntax
    # error``)
    _rule(
        "diagnostic",
        r"^(?:[\w.+-]+: )?[\w./-]+\.\w+(?::\d+:(?:\d+:)?|\(\d+(?:, ?\d+)?\):) ?(?!in |at )(?<=[: ])[A-Za-z'\"`(\[].*$"
        r"(?!\n(?:[\w.+-]+: )?[\w./-]+\.\w+:\d+:[ \t]+\^)",
        None,
        84,
    ),
    # a check that names itself failed and says what it checked: ``Check failed: x == 60``, ``Assertion failed: ...``
    _rule("assertion", r"^.*?\b[A-Z][a-z]+(?: [a-z]+)? failed: \S.*$", None, 88),
    # Perl's die and warn: ``message at FILE line N.``, a syntax error ``... at FILE line N, near "code"``
    _rule("perl", r"^\S.* at \S+ line \d+(?:, <\w+> (?:line|chunk) \d+\.|\.|, near \".*)$", None, 86),
    _rule("rust", r"^thread '.+' (?:\(\d+\) )?panicked at .+$", ("panicked at",), 87),
    _rule("java", r"^Exception in thread \".+\" \S+.*$", ("Exception in thread",), 90),
    # build tools and servers that tag their lines: Maven's [ERROR] and BUILD FAILURE, PostgreSQL's severities
    _rule("maven", r"^\[ERROR\] \S.*$", None, 45),  # quote-only: a log printed may hold [ERROR] lines too
    # a component's message announced on its own line, the message below (``Message from VCC-compiler:``)
    _rule("announced", r"^(?:Messages?|Output|Errors?|Diagnostics?) from (?:the )?[\w .-]{2,40}:[ \t]*$", None, 88),
    # a bundler's report: a mark, the severity in brackets, the message (esbuild and the tools built on it:
    # ``✘ [ERROR] Could not resolve "./x"``), printed before its excerpt and again in the build's closing error
    _rule(
        "marked severity",
        r"^[ \t]*[^\w\s\[\]]{1,2}[ \t]+\[(?:ERROR|FATAL)\][ \t]+\S.*$",
        None,
        86,
        needs=("[ERROR]", "[FATAL]"),
    ),
    _rule("maven/gradle", r"^(?:\[INFO\] )?BUILD FAIL(?:URE|ED)\b.*$", ("BUILD FAIL",), 45),
    _rule("postgres", r"^(?:\S+: )?(?:ERROR|FATAL|PANIC):  .+$", ("ERROR:  ", "FATAL:  ", "PANIC:  "), 84),
    _rule("postgres", r"^.*\b(?:FATAL|PANIC):  .+$", ("FATAL:  ", "PANIC:  "), 83),
    _rule("curl", r"^curl: \(\d+\) .+$", ("curl: (",), 80),
    _rule("eslint", r"^\s*\d+:\d+\s+error\s+.+$", ("  error  ",), 85),
    _rule("eslint", r"^✖ \d+ problems? \([1-9]\d* errors?.*$", (" problem",), 50),
    # compilers and linkers
    # a compiler's diagnostic, its message on the line or on the indented lines below it
    _rule("compiler", r"^\S+?:\d+(?::\d+)?: (?:fatal )?error:(?: .+)?$", ("error: ", ": error:"), 85),
    _rule(
        "linker",
        r"^.*(?:undefined reference to|ld returned \d+ exit status|Undefined symbols for).*$",
        ("undefined reference to", "ld returned", "Undefined symbols for"),
        84,
    ),
    _rule("tsc", r"^.*\berror TS\d+: .+$", ("error TS",), 85),
    _rule("rustc/cargo", r"^error(?:\[E\d{4}\])?: .+$", ("error",), 85),
    _rule("go", r"^\S+\.go:\d+:\d+: .+$", (".go:",), 85),
    _rule("javac", r"^\S+\.java:\d+: error: .+$", (".java:",), 85),
    # linters and type checkers: a diagnostic line, and the count that says the run failed
    _rule("flake8/ruff", r"^\S+?:\d+:\d+: [A-Z]{1,3}\d{2,4}\b.+$", (": E", ": F", ": W"), 83),
    # a rule's code and its message, at the margin or under a caret that points at the code (``^---^ SC2086 ...``)
    _rule("linter", r"^[ \t^~-]*[A-Z]{1,3}\d{3,4}\b(?: \(\w+\))?:? (?:\[\*\] )?.+$", None, 83),
    # a rule's code under a caret that marks the span it found: only a finding is printed so
    _rule("linter", r"^[ \t]*\^-*\^? [A-Z]{1,3}\d{2,5}\b.+$", ("^-",), 83),
    _rule("mypy/ruff", r"^Found [1-9]\d* errors?\b.*$", ("Found ",), 50),
    # a formatter run as a check: what it would change (``1 file would be updated.``, ``would reformat a.py``); that
    # the check failed, not where (the diff it prints is the file's text)
    _rule(
        "check mode",
        r"^.*(?:\b[1-9]\d* files? would (?:be )?(?:reformatted|updated|changed|modified|fixed|rewritten)|"
        r"\b[Ww]ould (?:reformat|update|rewrite)\b).*$",
        ("would ", "Would "),
        49,
        trigger=False,
    ),
    # an error said to be met, told on the lines below (``Encountered an error:`` over ``Compilation Error``)
    _rule("error encountered", r"^.*\b[Ee]ncountered an? (?:error|exception)\b.*$", ("ncountered a",), 60),
    # a checker's verdict in words (``Schema validation errors were encountered.``): that it failed, not why
    _rule(
        "verdict",
        r"^(?!.*\b(?:[Nn]o|0|[Zz]ero)\b)\W*(?:[\w-]+ ){0,3}(?:errors?|failures?|violations?|problems?) "
        r"(?:were|was|have been|has been) "
        r"(?:encountered|found|detected|reported)\b.*$",
        (" were ", " was ", " been "),
        50,
    ),
    # package managers (npm's first lines name a code; the one after them says what went wrong)
    _rule("npm", r"^npm (?:ERR!|error) .+$", ("npm ERR!", "npm error"), 55),
    _rule(
        "npm",
        r"^npm (?:ERR!|error) (?!code\b|errno\b|syscall\b|path\b|command\b|signal\b|workspace\b|"
        r"location\b|A complete log|Log files)\S.+$",
        ("npm ERR!", "npm error"),
        75,
    ),
    _rule("pnpm", r"^.*\bERR_PNPM_\w+.*$", ("ERR_PNPM_",), 75),
    _rule(
        "pip",
        r"^ERROR: (?:Could not|No matching distribution|Failed|Cannot|Invalid|Exception|pip|"
        r"ResolutionImpossible|Command errored).*$",
        ("ERROR: ",),
        75,
    ),
    # build tools
    _rule("make", r"^(?:g?make)(?:\[\d+\])?: \*\*\* .+$", ("***",), 60),
    # shells
    _rule("shell", r"^(?!\S+:\d+:).*(?:: command not found|command not found: \S+)$", ("command not found",), 70),
    _rule("shell", r"^(?:\S*/)?(?:sh|dash): \d+: \S+: not found$", (": not found",), 70),  # dash's own words
    _rule("shell", r"^(?!\S+:\d+:).*\bNo such file or directory\b(?::.*)?$", ("No such file or directory",), 70),
    _rule("shell", r"^(?!\S+:\d+:).*: Permission denied$", ("Permission denied",), 70),
    _rule(
        "shell",
        r"^.*is not recognized as an internal or external command.*$",
        ("is not recognized as an internal",),
        70,
    ),
    _rule("shell", r"^.*\bSegmentation fault\b.*$", ("Segmentation fault",), 70),
    # a program killed by a signal, as a debugger or a shell tells it (``Program received signal SIGABRT, Aborted.``,
    # ``Bus error (core dumped)``): where it happened is the first frame of the program's own code below (failures)
    _rule("crash", r"^Program (?:received|terminated with) signal SIG[A-Z]+\b.*$", ("signal SIG",), 70),
    _rule("crash", r"^.*\b[A-Z][a-z]+(?: [a-z]+){0,2} \(core dumped\)$", ("(core dumped)",), 70),
    _rule(
        "python",
        r"^\S*python[\d.]*: (?:No module named \S+|can't open file .+)$",
        ("No module named", "can't open file"),
        72,
    ),
    # git
    _rule("git", r"^fatal: .+$", ("fatal: ",), 65),
    _rule(
        "git",
        r"^error: (?:pathspec|failed to push|Your local changes|could not apply|src refspec).*$",
        ("error: ",),
        65,
    ),
    _rule("git", r"^CONFLICT \(.+$", ("CONFLICT (",), 65),
    # JavaScript runtimes: an uncaught error at the start of a line, with its stack below
    _rule("node", r"^(?:Uncaught )?[A-Z]\w*Error: .+$", ("Error: ",), 78),
)
