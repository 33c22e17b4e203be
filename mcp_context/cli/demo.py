"""``mcp-context demo``: the README's first command."""

from __future__ import annotations

import time
from pathlib import Path

import click

from .common import Ctx


@click.command()
@click.pass_obj
def demo(obj: Ctx) -> None:
    """Play a long agent run against the real server, on this machine's files, and show what each tool does.

    Starts `mcp-context serve` over stdio and drives it with the MCP SDK's client: persists a large file and a
    command output, pages and greps them, compacts a few-hundred-message history, summarises part of it, and
    walks into a loop that check_loop catches. Offline; under a minute. The session (a new demo-<date>-<time>
    unless --session names one) stays for you to browse.
    """
    from ..demo import run as play

    store = obj.open()
    name = obj.session or time.strftime("demo-%Y%m%d-%H%M%S")
    play.main(Path(store.settings.root), name)
