"""A host's own lines around a command's output: a line that echoes the command run with a word of failure, a lead
line over the output in a fence (``*Fix this terminal error*``), a word of failure put before the whole output
(``Error: ``), and the programs a command line runs (a line in their own name is their diagnostic). They say that a
run failed, or whose words a line is; the output under them says why."""

from __future__ import annotations

import re

from .reasons import QUOTED, score
from .wrappers import ECHOED

__all__ = ["FAILED_WORD", "checks", "host_lead", "programs", "said_failed", "under_lead"]


#: Where one command of a command line ends and the next begins.
_COMMAND_SEP = re.compile(r"&&|\|\||[;|\n]")
_SETTING = re.compile(r"^[A-Za-z_]\w*=")


def programs(command: str) -> set[str]:
    """The names of the programs a command line runs (``cd app && tar -xf a.tar`` runs cd and tar), as each
    names itself in its messages: the file name, after any ``NAME=value`` settings, ``sudo`` or ``env``."""
    out = set()
    for part in _COMMAND_SEP.split(command):
        words = [w.lstrip(_OPENING) for w in part.split() if not _SETTING.match(w)]  # ``(rg x src) 2>&1``
        while words and words[0] in ("sudo", "env", "exec", "time", "nice", "command"):
            words = words[1:]
        if len(words) > 2 and words[0] in ("sh", "bash", "zsh") and words[1] == "-c":  # the line the shell runs
            out |= programs(" ".join(words[2:]))
        elif words:
            out.add(words[0].rsplit("/", 1)[-1])
    return out


#: What may open a command's first word: a subshell's or a group's bracket, a quote around a shell's line.
_OPENING = "({'\""


#: A program, a subcommand or an option whose name says it checks and prints findings only when it has some: a
#: linter, a checker, a validator, a spelling or style checker (``eslint``, ``shellcheck``, ``pyflakes``, ``codespell``,
#: ``perlcritic``, ``go vet``, ``amtool check-config``, ``--check``).
_CHECKER = re.compile(
    r"(?i)[\w.-]*(?:lint|check|flakes|spell|critic|style|validat|verif)[\w.-]*|vet|--?[\w-]*check[\w-]*"
)
#: How many words of a command are read for the checker's name: a runner's (``npx``, ``pnpm --filter x run``) first.
_PROGRAM_WORDS = 6


def checks(command: str) -> bool:
    """Whether a command line runs a checker: by the name of a program (its file's), of a word after it that is no
    path, or of an option; never by a folder's name (``cd ~/checkout && behave``, ``pytest app/checkout``)."""
    for part in _COMMAND_SEP.split(command):
        words = [w.lstrip(_OPENING) for w in part.split() if not _SETTING.match(w)]  # ``(check-yaml a) 2>&1``
        if not words or words[0] in ("cd", "pushd"):
            continue
        named = [words[0].rsplit("/", 1)[-1], *(w for w in words[1:_PROGRAM_WORDS] if "/" not in w)]
        flags = [w.split("=", 1)[0] for w in words if w.startswith("-")]
        if any(_CHECKER.fullmatch(w) for w in (*named, *flags)):
            return True
    return False


#: A failure word in a host's own line about the command it ran (``There was an error running the `make`
#: command:``, ``Command `make` failed``).
FAILED_WORD = re.compile(r"(?i)\b(?:error|fail(?:ed|ure)?)\b")


def said_failed(text: str, command: str) -> bool:
    """Whether the output's first line is the host's, with a failure word: a line that echoes the command run, or
    a lead line over the output in a fence (``*Fix this terminal error*``). The host says that it failed,
    whatever the output below it says."""
    first, _, rest = text.lstrip().partition("\n")
    if _FENCED.match(rest) and len(first) <= _LEAD_CHARS:  # a lead line over the output in a fence: the host's
        said = QUOTED.sub("", first.replace(command.strip(), "") if command.strip() else first)
        return FAILED_WORD.search(said) is not None  # in its own words, not in the command or a quoted span
    echo = command.strip()
    if len(echo) < ECHOED:
        return False
    return echo in first and FAILED_WORD.search(first.replace(echo, "")) is not None


_FENCED = re.compile(r"^```[\w-]*[ \t]*\n")


def under_lead(text: str) -> str:
    """The output in the fence under a host's lead line (``*Fix this terminal error*`` over a fenced block), or
    ``text`` when it is not so."""
    _, _, rest = text.lstrip().partition("\n")
    fence = _FENCED.match(rest)
    if fence is None:
        return text
    body = rest[fence.end() :]
    end = body.rfind("\n```")
    return body[:end] if end >= 0 else body


_LEAD_CHARS = 160


#: A host's word of failure put before a command's whole output (``Error: `` and then what the command printed, on
#: the same line or the next).
_HOST_LEAD = re.compile(
    r"(?P<word>Error|ERROR|Failed|FAILED):(?:[ \t]*(?:OUTPUT|Output|output):)?(?:[ \t]*\n|[ \t](?=\S))"
)  # also over the output's own label (``ERROR: OUTPUT: ...``)


def host_lead(text: str) -> str | None:
    """The output under a host's ``Error: `` lead, when the line it leads says nothing of a failure by itself (the
    command's first line, ``Configuration file: ...``) or repeats the lead's word (``Error: Error --- a.js:3``), the
    output going on below it; None otherwise: ``Error: Cannot find module 'x'`` over its stack is the program's own
    message, and so is a lead that later lines repeat (``ERROR: The @x tag is not a known tag.`` line after line)."""
    lead = _HOST_LEAD.match(text)
    rest = text[lead.end() :].lstrip("\n") if lead else ""
    if lead is None or "\n" not in rest.rstrip("\n"):
        return None
    first = rest[: rest.find("\n")]
    if re.compile(rf"(?m)^{lead['word']}:").search(rest, len(first)):  # a later line led alike: the tool's own format
        return None
    return rest if score(first) == 0 or first.startswith(lead["word"]) else None
