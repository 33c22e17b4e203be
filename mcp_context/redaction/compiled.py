"""Patterns the rules' judgements and finders use, compiled the first time one is used rather than when the module
is loaded: every process that redacts loads the rules (a host's hook checking one tool call among them), and
compiling a pattern costs a fraction of a millisecond, which a module of a dozen pays on every start."""

from __future__ import annotations

import functools
import re
from typing import Any


@functools.cache
def pattern(spelled: str | bytes) -> re.Pattern[Any]:
    """``spelled`` compiled, once a process."""
    return re.compile(spelled)


def spelled_for(spelled: str, text: str | bytes) -> str | bytes:
    """The spelling to compile for ``text``: as it is for a text, in bytes for a stream's bytes."""
    return spelled.encode() if isinstance(text, bytes) else spelled
