"""Whether a later call redoes the work a failed one did: what lets a summary say that a failure was fixed, and by
what. Strict on purpose: "fixed by" a command that did other work misleads the agent that reads the summary."""

from __future__ import annotations

import re
import shlex

from . import calls

__all__ = ["LOOKS", "command_work", "same_work"]

_ASSIGNMENT = re.compile(r"^[A-Za-z_]\w*=")
_PYTHON = re.compile(r"^python3?(\.\d+)?$")


def same_work(failed: calls.Call, outcome: str, done: calls.Call) -> bool:
    """A success redoes a failure: the same tool on the same target, or the same command line once options
    and their order are set aside. Strict on purpose: a summary that says "fixed by" a command that did other
    work (a later ``python -c ...`` after a failed ``python -m pytest``) misleads the agent that reads it.
    ``outcome``: what the failed call's result said."""
    if failed.name != done.name or failed.kind != done.kind:  # one shell tool both edits (apply_patch) and runs
        return False
    if failed.kind != "command":
        return failed.target == done.target
    # ``make && ./build/hello`` redoes ``make``; ``cd app && pytest`` redoes pytest.
    work = command_work(failed.target.split("&&")[-1])
    done_work = {command_work(s) for s in done.target.split("&&")}
    if not work:  # only options or settings, no program named: the same line again is the same work
        return failed.target.strip() == done.target.strip()
    if work in done_work:
        return True
    if LOOKS.match(failed.target):  # a look at another file is no fix of a look that failed
        return False
    # The same program and subcommand with corrected arguments (``pip install reqests`` -> ``requests``), or
    # with more of them (``git push`` -> ``git push -u origin main``).
    if len(work) >= 3 and any(w[:2] == work[:2] and len(w) >= 3 for w in done_work):
        return True
    if len(work) >= 2 and any(w[: len(work)] == work for w in done_work):
        return True
    # A broader run of the same program passing (``pytest -q`` after ``pytest -q tests/test_x.py`` failed).
    if any(w and w[0] == work[0] and len(w) < len(work) and set(w[1:]) <= set(work[1:]) for w in done_work):
        return True
    # A program that was not there, replaced by one that is (``pnpm install`` -> ``npm install``, a typo fixed).
    missing = _MISSING_PROGRAM.search(outcome) is not None
    return missing and len(work) >= 2 and any(w[1:] == work[1:] for w in done_work)


#: Commands that only look (their success fixes nothing): not counted among the steps that led to a fix.
LOOKS = re.compile(
    r"^\s*(?:(?:ba|z)?sh\s+-\w*c\s+['\"]?)?(?:cd \S+ && )?"
    r"(?:cat|ls|grep|rg|sed -n|head|tail|find|echo|pwd|which|wc|file|stat|tree|less|"
    r"git (?:status|diff|log|show|branch)|python3? -c ['\"]print)\b|^\s*print\("
)


_SHELLS = {"bash", "sh", "zsh", "dash"}
#: A failure that says the program itself is missing: its fix is the same work under another program.
_MISSING_PROGRAM = re.compile(r"command not found|not recognized as an internal|No such file or directory", re.I)


def command_work(step: str) -> tuple[str, ...]:
    """What one step of a command line does: its words without environment settings and options, the program
    without its directory, and ``python -m tool`` read as ``tool``."""
    try:
        words = shlex.split(step)
    except ValueError:  # an unbalanced quote: the words as written
        words = step.split()
    words = [w for w in words if not w.startswith("-") and not _ASSIGNMENT.match(w)]
    if len(words) > 1 and words[0].rsplit("/", 1)[-1] in _SHELLS:  # ``bash -lc 'pytest -q'`` runs pytest
        words = words[1:]
        if len(words) == 1:  # the script quoted as one word: its own words
            words = list(command_work(words[0]))
    if words:
        words[0] = _PYTHON.sub("python", words[0].rsplit("/", 1)[-1])
    if words[:1] == ["python"] and " -m " in f" {step} ":
        words = words[1:]
    return tuple(words)
