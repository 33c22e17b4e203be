"""A call's arguments read by the shape of their values, for a tool whose name and keys say nothing.

``calls.classify`` reads arguments by their keys' words (``command``, ``old_string``, ``file_path``). An agent that
names its keys in its own words (``{"target": "app.py", "was": ..., "now": ...}``) or in another language is read
here instead: a value that looks like a file's path, the texts beside it, and a line that looks like a command.
What such a call did is then decided as a person would: a path with two texts is an edit (the first text the old
one, as every editor orders them), a path with one long text writes the file, a path alone reads it, and a
command-like line is a command once its result shows that it ran (an exit code, the lines only a failure prints),
or when the same tool ran it before. Nothing here overrides what the keys said."""

from __future__ import annotations

import re
from typing import Any

__all__ = ["argv", "changes", "command_like", "files", "folder", "operation", "path_like", "scripts"]

#: A file's path: no space and no line break, a folder separator or a name with an extension, and no scheme
#: (``https://``), so that a URL, a word or a number is not taken for one.
_PATH = re.compile(r"^(?!\w+://)(?:[\w.~@+-]*[/\\][^\s]*|[\w.@+-]*\w\.[A-Za-z][\w]{0,7})$")
_PATH_CHARS = 400
#: A command line: a program (a lower-case word or a path to one) after any ``NAME=value`` settings, then its
#: arguments, on one line.
_COMMAND = re.compile(r"^(?:[A-Za-z_]\w*=\S*\s+)*(?:\.{0,2}/)?[a-z0-9_][\w.+/-]*(?:\s+\S.*)?$")
_COMMAND_CHARS = 2_000
#: What a shell line carries and a sentence seldom does: an option, a path, an operator, a quote, ``$``.
_SHELLISH = re.compile(r"(?:^|\s)--?\w|[/|&;<>$=`'\"]|\.\w")
_SENTENCE_END = re.compile(r"[.?!:]$")


def path_like(args: dict[str, Any]) -> str | None:
    """The one string value that looks like a file's path; None when none or several do (a source and a
    destination say nothing about which one the call is about)."""
    found = [v for v in _strings(args) if len(v) <= _PATH_CHARS and _PATH.match(v) and not v.startswith("-")]
    if len(found) > 1:  # a path with folders over a dotted name (``found.account.uid`` is code, not a file)
        found = [v for v in found if "/" in v or "\\" in v]
    return found[0] if len(found) == 1 else None


#: An operation's name given as a value (``str_replace``, ``overwrite``): a word of code, not text of a file.
_OPERATION = re.compile(r"^[a-z]+(?:_[a-z]+)*$")
#: A sentence about the call (``Fix the failing check``): words, spaces and a closing mark, no sign of code.
_PROSE = re.compile(r"^[A-Z][a-z]*(?: [\w'-]+)+[.!]?$")


def operation(args: dict[str, Any]) -> set[str]:
    """The words of an operation named by a value (``{"Action": "read_file"}`` says read and file), as a tool's
    name says them for a tool of one operation."""
    return {w for v in _strings(args) if len(v) <= _OPERATION_CHARS and _OPERATION.match(v) for w in v.split("_")}


_OPERATION_CHARS = 30


def changes(args: dict[str, Any], path: str) -> list[str]:
    """The other string values that may be a file's text, in the order the arguments give them (an edit's old
    text, then its new one): an operation's name and a sentence about the call are left out."""
    return [v for v in _strings(args) if v != path and not _OPERATION.match(v) and not _PROSE.match(v.strip())]


def scripts(args: dict[str, Any]) -> list[str]:
    """String values that may be a script changing a file (a here-document, a ``sed -i``, Python's replace)."""
    return [v for v in _strings(args) if len(v) <= _SCRIPT_CHARS and ("\n" in v or "<<" in v or "sed " in v)]


_SCRIPT_CHARS = 200_000


def files(args: dict[str, Any]) -> list[str] | None:
    """A list of files the call is about, when it is all the call gives (``{"b0": ["src/a.py", "b.md"]}``): every
    item a path, at least one a file's name with its extension (an argv starts with a program)."""
    lists = [v for v in args.values() if isinstance(v, list)]
    if len(lists) != 1 or _strings(args) or not lists[0]:
        return None
    items = lists[0]
    if not all(isinstance(v, str) and len(v) <= _PATH_CHARS and _PATH.match(v) for v in items):
        return None
    return items if any(not folder(v) for v in items) else None


def folder(path: str) -> bool:
    """Whether a path names a folder rather than a file: it ends in a separator, or its last part has no
    extension (a working directory beside a command, not a file the call is about)."""
    last = re.split(r"[/\\]", path.rstrip())[-1]
    return not last or "." not in last.lstrip(".")


def argv(args: dict[str, Any]) -> list[str] | None:
    """An argv list among the arguments (``["go", "test", "./..."]``, ``["bash", "-lc", "make"]``), or a list of
    command lines run one after the other (``["cd app", "npx jest"]``)."""
    for value in args.values():
        if isinstance(value, list) and value and all(isinstance(v, str) and v and "\n" not in v for v in value):
            if _COMMAND.match(value[0]):
                return value
    return None


def command_like(args: dict[str, Any]) -> str | list[str] | None:
    """A command line among the arguments: an argv list, else a one-line string that reads as a command: one
    with arguments before a bare word (a folder beside a command is no command), and one with a shell's marks
    first (a call's description beside its command is a sentence)."""
    found = argv(args)
    if found is not None:
        return found
    lines = [
        v.strip()
        for v in _strings(args)
        if "\n" not in v.strip() and len(v) <= _COMMAND_CHARS and _COMMAND.match(v.strip())
    ]
    lines = [ln for ln in lines if not _SENTENCE_END.search(ln)]
    ranked = sorted(lines, key=lambda ln: (" " not in ln, _SHELLISH.search(ln) is None))
    return ranked[0] if ranked else None


def _strings(args: dict[str, Any]) -> list[str]:
    return [v for v in args.values() if isinstance(v, str) and v.strip()]
