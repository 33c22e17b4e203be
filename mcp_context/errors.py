"""Errors raised by the core.

Every face maps these in one place: the MCP server turns them into tool errors (or "not found" for
resources), the CLI prints one line and exits non-zero. Messages say what to do next.

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


class UnknownHandle(ContextError):
    """A well-formed handle that names no stored result."""


class TooLarge(ContextError):
    """Content larger than the configured maximum."""


class InvalidArgument(ContextError):
    """An argument out of range, or two that contradict each other."""


class InvalidInput(InvalidArgument):
    """An argument of the wrong type or shape, or one the tool does not take: the caller's command is wrong,
    not the data it names (the command line exits 2, as for a bad flag)."""

    exit_code = 2


class StoreError(ContextError):
    """The session directory could not be read or written."""


class ModelDeclined(ContextError):
    """The client's model was not available for an optional step; raised by a sampler or a judge function so
    that the summary or the check falls back to its rule-based answer and says why."""
