"""Errors raised by the core.

Every face maps these in one place: the MCP server turns them into tool errors (or "not found" for
resources), the CLI prints one line and exits non-zero: 2 for what the caller got wrong (an id, an argument,
an input), 1 for what the store or the system refused. Messages say what to do next.

    ContextError
     ├── InvalidId         a session id or handle that does not match its pattern
     ├── UnknownHandle     a well-formed handle that names nothing stored
     ├── TooLarge          content above the configured maximum; nothing was written
     ├── InvalidArgument   an argument out of range or contradicting another
     │    └── InvalidInput  an argument of the wrong type or shape, or an unknown one (a usage error)
     ├── StoreError        the session directory could not be read or written
     └── ModelDeclined     a sampler or judge could not get the client's model to answer (the caller falls back)
"""

from __future__ import annotations


class ContextError(Exception):
    """Base of every error the core raises on purpose. Its message is one short line that a model or a person
    can act on; ``exit_code`` is what the command line exits with."""

    exit_code = 1


class InvalidId(ContextError):
    """A session id or handle that does not match its strict pattern."""

    exit_code = 2


class UnknownHandle(ContextError):
    """A well-formed handle that names no stored result."""

    @classmethod
    def of(cls, handle: str) -> UnknownHandle:
        """The answer for ``handle``, in words a model can act on over MCP (it has no shell on the server's
        machine): where to look instead."""
        return cls(
            f"unknown handle {handle!r}: nothing stored under it; read_persisted with grep and no handle searches "
            "every stored result, and the session's resources list them"
        )


class TooLarge(ContextError):
    """Content larger than the configured maximum."""


class InvalidArgument(ContextError):
    """An argument out of range, or two that contradict each other: the caller's mistake, so the command line
    exits 2, as for a bad flag."""

    exit_code = 2


class InvalidInput(InvalidArgument):
    """An argument of the wrong type or shape, or one the tool does not take: the caller's command is wrong,
    not the data it names."""


class StoreError(ContextError):
    """The session directory could not be read or written."""


class ModelDeclined(ContextError):
    """The client's model was not available for an optional step; raised by a sampler or a judge function so
    that the summary or the check falls back to its rule-based answer and says why."""


def shown_path(path: object) -> str:
    """A path as a message shows it, with the user's home folder as ``~`` and at most SHOWN_PATH_CHARS of it:
    answers reach a model, a host's log and whoever reads them, and the account name in a home path is nobody
    else's business. Only messages are changed this way; stored texts and metadata keep their paths as given."""
    import os  # here: this module is imported by everything and otherwise needs nothing

    text = os.fspath(path) if isinstance(path, (str, os.PathLike)) else str(path)
    for home in {os.path.expanduser("~"), os.path.realpath(os.path.expanduser("~"))}:
        home = home.rstrip("/")
        if home and home != "~" and (text == home or text.startswith(home + "/")):
            text = "~" + text[len(home) :]
            break
    return text if len(text) <= SHOWN_PATH_CHARS else f"{text[:SHOWN_PATH_CHARS]}... ({len(text):,} characters)"


#: The most of a path a message shows (a client may name a path of any length; a message stays short).
SHOWN_PATH_CHARS = 300


#: The most of a client's name (a tool's, a prompt's, a URI) an answer repeats.
ECHO_CHARS = 200


def echoed(name: str) -> str:
    """A name a client sent, as an answer repeats it: quoted, at most ECHO_CHARS characters of it."""
    return repr(name) if len(name) <= ECHO_CHARS else repr(name[:ECHO_CHARS]) + f" (first {ECHO_CHARS} characters)"
