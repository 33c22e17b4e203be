"""Lines that say a run failed and not why: an error said to have occurred (printed after), a pointer back at the
errors printed before, a status or a log named for the details, a line a tool cut short, and a wrapper's closing
words over what failed inside it. The reason is read elsewhere in the output (see ``failures.quote``)."""

from __future__ import annotations

import re

__all__ = ["BEFORE", "ELIDED", "ELSEWHERE", "OCCURRED", "POINTS_BACK", "STOPPED", "WRAPPED"]


#: A line that says only that an error happened (``CellExecutionError: An error occurred while executing the
#: following cell:``): the error itself is printed after it.
OCCURRED = re.compile(
    r"(?i)\b(?:an? )?(?:error|exception|failure)s? (?:has |have )?occurred\b|\bencountered an? (?:error|exception)\b"
)
#: A line that points at the errors printed before it (``see previous errors``, rsync's ``(code 23)``, a host's
#: ``Check the output above for details.``).
POINTS_BACK = (
    r"\bsee (?:the )?(?:previous|above|earlier)\b|\blook (?:above|back)\b|\(code \d+\)|"
    r"\b(?:check|see|read) (?:the )?(?:[\w-]+ ){0,2}above\b"
)
BEFORE = re.compile(rf"(?i){POINTS_BACK}")
#: A line that says why elsewhere: only that a command ended with a status (``ERROR  run failed: command  exited
#: (1)``, ``run failed with error -2103``), a pointer to the errors printed before it or to a log (``see previous
#: errors``, ``see the compiler error output for details``), or an exception whose message is only a path
#: (``CompileError: /w/stats.pyx``).
ELSEWHERE = re.compile(
    r"(?i)\b(?:exited|exit (?:code|status)|returned non-zero)\W*(?:with )?\(?-?\d+\)?\W*$|"
    r"\bfailed with (?:error|exit code|code|status) -?\d+\b|"  # rsyslog's ``run failed with error -2103 (see ...)``
    rf"{POINTS_BACK}|\bsee (?:the )?[\w ]{{0,30}}\b(?:output|log)s? for details\b|"
    r"^[\w.]*(?:Error|Exception): [\w./-]+\.\w{1,8}$|"
    r"\b(?:due to|because of) (?:the |its )?warnings?\b"  # ``FAILED due to warnings``: the warnings say why
)
#: A line a tool cut short (pytest's summary: ``FAILED t.py::x - IndexError: string index ou...``).
ELIDED = re.compile(r"(?:.* - |^)(?P<said>[^\n]{12,}?)(?:\.\.\.|…)$")


#: A run's last words that it stopped because of the errors it printed (gringo's ``grounding stopped because of
#: errors``, iasl's ``Compilation aborted due to parser-detected syntax error(s)``): the errors say why.
_STOPPED_WORDS = r"stopped|stopping|abort(?:ed|ing)|halted|terminated"
_FOR_ERRORS = r")\b[^\n]{0,30}\b(?:because of|due to)\b[^\n]{0,40}\berrors?(?:\(s\))?\W*$"
STOPPED = re.compile(rf"(?i)\b(?:{_STOPPED_WORDS}{_FOR_ERRORS}")


#: A wrapper's closing words: only that a job, a step or a command it ran failed (``WorkflowError: At least one job
#: did not complete successfully.``, ``Command '...' returned non-zero exit status 127.``); what failed inside it was
#: printed before.
WRAPPED = re.compile(
    r"(?i)\bdid not (?:complete|finish|succeed|run) successfully\b|\breturned (?:a )?non-zero exit\b|"
    r"\b(?:job|task|step|stage|rule|command|process|subprocess|build|target)s?(?: execution)? (?:has |have )?failed\b|"
    r"^\W*(?:error|fail(?:ed|ure)?)\W{1,3}(?:some |there were )?tests? (?:failures?|failed)\W*$|"
    r"\bfailed to \w+ \d+ \w+(?:\(s\))?\W*$|"  # ``failed to validate 1 file(s)``: a count of what failed
    r"\bexited with (?:a )?non-zero\b|\bnon-zero exit (?:status|code)\b|"
    r"\b(?:has|had|contains?|found) errors?\W{1,3}(?:aborting|stopping|giving up)\b|"  # dtc's ``Input tree has errors``
    r"\b(?:error|fatal)\W{1,3}(?:aborting|giving up|stopping|exiting)\b(?:[ \t]*\([^()\n]*\))?\W*$|"  # SPIN's last line
    rf"\b(?:{_STOPPED_WORDS}|failed{_FOR_ERRORS}"  # stopped, or failed, because of its errors
)
