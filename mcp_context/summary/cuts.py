"""Shortening a line to the room a summary gives it: keep what says most (a failure's reason before its place, the
words a change altered) and elide the rest in the middle, never at random."""

from __future__ import annotations

import os
import re

__all__ = ["cut", "narrowed"]


def cut(text: str, limit: int, head: int = 1) -> str:
    """One line of at most ``limit`` characters: head and tail kept, the middle elided. ``head``: how many
    times longer the head is than the tail (a failure's line says why first, where second). Of a failure's lines
    joined by ``; `` (two reasons, a cause and its wrapper), the first is kept whole when it fits: half of each says
    neither."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    first = (limit - 5) * head // (head + 1)
    lead = text.find("; ") if head > 1 else -1
    if first < lead <= limit - 5:
        first = lead
    tail = limit - 5 - first
    return f"{text[:first]} ... {text[len(text) - tail :]}" if tail > 0 else f"{text[:first]} ..."


_CHANGE = re.compile(r"`(?P<old>.*)` -> `(?P<new>.*)`", re.S)


def narrowed(change: str, limit: int) -> str:
    """A change (`` `old` -> `new` ``) in at most ``limit`` characters: the words that differ with one word around
    them, else the changed lines as they became, else the words that differ alone, else what they became alone,
    where a cut of the whole would keep the shared head and tail and lose what changed."""
    found = _CHANGE.fullmatch(change)
    if found is None or len(change) <= limit:
        return cut(change, limit)
    old, new = found["old"], found["new"]
    head = len(os.path.commonprefix([old, new]))
    tail = len(os.path.commonprefix([old[head:][::-1], new[head:][::-1]]))
    told = ""
    for around in (2, 1, 0):
        start = _word_start(old, head)
        for _ in range(around):
            start = _word_start(old, start - 1)
        ends = [_word_end(s, len(s) - tail) for s in (old, new)]
        for _ in range(around):
            ends = [_word_end(s, e + 1) for s, e in zip((old, new), ends, strict=True)]
        told = f"`{old[start : ends[0]].strip()}` -> `{new[start : ends[1]].strip()}`"
        if len(told) <= limit:
            return told
        if around == 1 and len(f"-> `{new.strip()}`") <= limit:  # the changed lines as they became, whole: a
            return f"-> `{new.strip()}`"  # diff of a few characters with no word around them says little
    became = f"-> `{new[start : ends[1]].strip()}`"  # no room for both sides: what the code became says the fix
    return became if len(became) <= limit else cut(told, limit)


def _word_start(text: str, at: int) -> int:
    at = max(0, min(at, len(text)))
    while at > 0 and not text[at - 1].isspace():
        at -= 1
    return at


def _word_end(text: str, at: int) -> int:
    at = max(0, min(at, len(text)))
    while at < len(text) and not text[at].isspace():
        at += 1
    return at


#: Where one command of a command line ends and the next begins (a sequence's, not a pipe's).
_SEQUENCE = re.compile(r"&&|\|\||[;\n]")
#: What wraps a command without being it: a subshell's brackets and the redirections after them.
_WRAPPING = re.compile(r"^[({\s]+|[)}\s]*(?:\s\d?>&?\s*\S+)*\s*$")
#: Words that run the program after them, and settings before it.
_RUNS = ("sudo", "env", "exec", "time", "nice", "command")
_SETTING = re.compile(r"^[A-Za-z_]\w*=")


def program(command: str) -> str:
    """The program a command line is run for, by its file's name: the last command of a sequence (``cd app &&
    make`` is run for make; ``(mkdir -p build && rpcgen x.x) 2>&1`` for rpcgen), the first of its pipe
    (``pytest | tee log``), past settings and ``sudo``; a module Python runs (``python -m pytest``). What names a
    failed run where a cut of the whole line would keep only its brackets and redirections."""
    last = [part for part in _SEQUENCE.split(command) if part.strip()][-1:] or [command]
    words = [w for w in _WRAPPING.sub("", last[0].split("|", 1)[0]).split() if not _SETTING.match(w)]
    while len(words) > 1 and words[0] in _RUNS:
        words = words[1:]
    if len(words) > 2 and words[1] == "-m" and words[0].rsplit("/", 1)[-1].startswith("python"):
        words = words[2:]  # ``python -m pytest``: the module is the program
    return words[0].strip("({'\"").rsplit("/", 1)[-1] if words else command.strip()
