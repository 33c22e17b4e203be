"""The command line: the server, host registration, and a twin of each tool for people at a shell.

Each command parses, makes one Session call and prints. Commands are registered in one place
(:data:`main.COMMANDS`); errors are one line and a non-zero exit: 2 for a bad command line, argument or
input, 1 for what the store or the system refused.
"""

from __future__ import annotations

import sys
from typing import Any


def main(argv: list[str] | None = None) -> None:
    """The console script. A host's hook call, exactly as ``hooks install`` writes it (``[--root R] hook HOST
    EVENT [--min-tokens N]``), goes straight to the hook runner: it runs at every tool call of the host, and
    loading click and every other command cost more than a small output's hook itself. Anything else, a hook
    call written differently included, goes through click."""
    args = sys.argv[1:] if argv is None else list(argv)
    call = _hook_call(args)
    if call is None:
        from .main import main as through_click

        through_click(argv)
        return
    import gc
    from pathlib import Path

    # A hook is a process of its own per tool call, whose objects nearly all live until it ends: collecting
    # during its imports frees next to nothing. The collection at exit still runs (it closes what only a cycle
    # holds, such as the text index's connection, which checkpoints the index on closing).
    collecting = gc.isenabled()
    gc.disable()
    try:
        from ..config import default_root
        from ..hooks.run import run

        root, host, event, min_tokens = call
        answer = run(host, event, sys.stdin.buffer.read(), Path(root).expanduser() if root else default_root(),
                     min_tokens, root is not None)  # fmt: skip
        if answer is not None:
            sys.stdout.write(answer)
            sys.stdout.flush()
    finally:
        if collecting:
            gc.enable()


def _hook_call(args: list[str]) -> tuple[str | None, str, str, int | None] | None:
    root = None
    if args[:1] == ["--root"] and len(args) > 1:
        root, args = args[1], args[2:]
    if len(args) not in (3, 5) or args[0] != "hook" or args[1].startswith("-") or args[2].startswith("-"):
        return None
    if len(args) == 5 and not (args[3] == "--min-tokens" and args[4].isdigit()):
        return None
    return root, args[1], args[2], int(args[4]) if len(args) == 5 else None


def __getattr__(name: str) -> Any:
    if name == "cli":  # the click group, loaded on first use
        from .main import cli

        return cli
    raise AttributeError(name)
