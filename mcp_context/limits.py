"""Every default size that bounds what a call may store or return, in one place below every layer: the tools'
input schemas name these defaults, and the facade enforces them."""

from __future__ import annotations

from typing import NamedTuple

MiB = 1024 * 1024


# A named tuple, not a dataclass: a host's hook loads this module in a process of its own at every tool call,
# and a dataclass compiles its methods from source when it is made.
class Limits(NamedTuple):
    """Sizes that bound what a call may store or return.

    Pages default to 4,000 tokens and may not exceed 9,000: Claude Code warns above 10,000 tokens of MCP
    output and cuts at 25,000, so a page always fits with room for its header.
    """

    max_result_bytes: int = 64 * MiB
    page_tokens: int = 4_000
    max_page_tokens: int = 9_000
    page_lines: int = 400
    preview_chars: int = 2_000
    grep_matches: int = 50
    grep_context: int = 2
    grep_timeout_s: float = 10.0
    #: Compactions whose archives a session keeps (see results/retention.py): older ones are replaced.
    archive_generations: int = 4
