"""The code the story's agent writes: ``mcp_context/stats.py`` as first written, the CLI command and the tests, and
the edits that turn the table into JSON Lines and add ``--since`` to the README."""

from __future__ import annotations

STATS_V1 = '''"""Per-session statistics for `mcp-context stats`: counts, sizes and token totals, from metadata only.

Reading result metadata never opens result content, so this stays cheap on a store that holds gigabytes.
The MCP server can import the same functions later to offer the numbers as a resource.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

from .session import Session
from .storage.records import ResultMeta


@dataclass(frozen=True)
class SessionStats:
    """What one session holds, summed over its results' metadata."""

    session: str
    results: int
    bytes: int
    chars: int
    lines: int
    tokens: int
    tokens_exact: bool
    newest: float | None
    newest_handle: str | None

    @property
    def age_s(self) -> float | None:
        return None if self.newest is None else max(0.0, time.time() - self.newest)


def summarize(session: str, metas: Iterable[ResultMeta]) -> SessionStats:
    """Fold one session's results into totals; an empty session gives zeros and no newest result."""
    count = size = chars = lines = tokens = 0
    exact = True
    newest: ResultMeta | None = None
    for meta in metas:
        count += 1
        size += meta.bytes
        chars += meta.chars
        lines += meta.lines
        tokens += meta.tokens
        exact = exact and meta.token_method.startswith("exact")
        if newest is None or (meta.created, meta.handle) > (newest.created, newest.handle):
            newest = meta
    return SessionStats(
        session=session,
        results=count,
        bytes=size,
        chars=chars,
        lines=lines,
        tokens=tokens,
        tokens_exact=exact,
        newest=newest.created if newest else None,
        newest_handle=newest.handle if newest else None,
    )


def session_stats(session: Session) -> list[SessionStats]:
    """Statistics for every session in the store, the one with the newest result first."""
    stats = [summarize(info.session, session.results(info.session)) for info in session.sessions()]
    stats.sort(key=lambda s: (-(s.newest or 0.0), s.session))
    return stats


def _size(n: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} GB"


def _age(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    for size, unit in ((86400, "d"), (3600, "h"), (60, "min")):
        if seconds >= size:
            return f"{seconds / size:.0f} {unit} ago"
    return f"{seconds:.0f} s ago"


def render_table(stats: list[SessionStats]) -> str:
    """A fixed-width table, the same shape as `mcp-context sessions` prints."""
    rows = [["SESSION", "RESULTS", "SIZE", "TOKENS", "NEWEST"]]
    for s in stats:
        tokens = f"{s.tokens:,}" + ("" if s.tokens_exact else "~")
        rows.append([s.session, str(s.results), _size(s.bytes), tokens, _age(s.age_s)])
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\\n".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows)
'''

RENDER_TABLE_OLD = STATS_V1[STATS_V1.index("def _size(") :]
RENDER_JSONL_NEW = '''def iter_json_lines(stats: Iterable[SessionStats]) -> Iterator[str]:
    """One compact JSON object per session, keys sorted, so `jq` and line tools can consume the output."""
    for item in stats:
        yield json.dumps(asdict(item), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
'''
IMPORTS_OLD = "import time\nfrom collections.abc import Iterable\nfrom dataclasses import dataclass\n"
IMPORTS_NEW = (
    "import json\nimport time\nfrom collections.abc import Iterable, Iterator\n"
    "from dataclasses import asdict, dataclass\n"
)

CLI_TABLE = '''@click.command()
@click.pass_obj
def stats(obj: Ctx) -> None:
    """Per-session totals: results, size, tokens and when the newest result was stored.

    \\b
    Example:
      mcp-context stats
    """
    from ..stats import render_table, session_stats

    rows = session_stats(obj.open())
    click.echo(render_table(rows) if rows else "no sessions yet")
'''
CLI_JSONL = '''@click.command()
@click.pass_obj
def stats(obj: Ctx) -> None:
    """Per-session totals as JSON Lines: one object per session (results, bytes, tokens, newest result).

    \\b
    Example:
      mcp-context stats | jq -r 'select(.results > 0) | .session'
    """
    from ..stats import iter_json_lines, session_stats

    for line in iter_json_lines(session_stats(obj.open())):
        click.echo(line)
'''

TEST_STATS = '''"""mcp-context stats: totals per session from metadata, newest first, and what the command prints."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from mcp_context import Session
from mcp_context.cli import cli
from mcp_context.stats import session_stats, summarize


def test_empty_store_has_no_stats(session: Session) -> None:
    assert session_stats(session) == []


def test_totals_add_up(session: Session) -> None:
    session.persist_result("alpha\\nbeta\\n", label="a")
    session.persist_result("gamma\\n" * 100, label="b")
    (stats,) = session_stats(session)
    metas = session.results()
    assert stats.results == 2
    assert stats.bytes == sum(m.bytes for m in metas)
    assert stats.tokens == sum(m.tokens for m in metas)
    assert stats.newest_handle == max(metas, key=lambda m: (m.created, m.handle)).handle


def test_summarize_without_results() -> None:
    empty = summarize("s", [])
    assert (empty.results, empty.bytes, empty.newest, empty.newest_handle) == (0, 0, None, None)


def test_command_prints_a_table(root: Path, session: Session) -> None:
    session.persist_result("x" * 5000, label="big")
    out = CliRunner().invoke(cli, ["--root", str(root), "stats"])
    assert out.exit_code == 0, out.output
    assert out.output.splitlines()[0].split() == ["SESSION", "RESULTS", "SIZE", "TOKENS", "NEWEST"]
    assert "test-session" in out.output
'''
TEST_TABLE_OLD = TEST_STATS[TEST_STATS.index("def test_command_prints_a_table") :]
TEST_JSONL_NEW = """def test_command_prints_json_lines(root: Path, session: Session) -> None:
    session.persist_result("x" * 5000, label="big")
    out = CliRunner().invoke(cli, ["--root", str(root), "stats"])
    assert out.exit_code == 0, out.output
    rows = [json.loads(line) for line in out.output.splitlines()]
    assert [r["session"] for r in rows] == ["test-session"]
    assert rows[0]["results"] == 1 and rows[0]["bytes"] == 5000
"""

README_STATS = """### Statistics

`mcp-context stats` prints one JSON object per session (JSON Lines): `session`, `results`, `bytes`, `chars`,
`lines`, `tokens`, `tokens_exact`, `newest` (a Unix time) and `newest_handle`. It reads metadata only, so it is
quick on any store size. Pipe it into `jq`, e.g. `mcp-context stats | jq -s 'map(.bytes) | add'` for the total.

"""


def anchored_insert(text: str, marker: str, insertion: str) -> tuple[str, str]:
    """An Edit that inserts before a unique real line of ``text`` (or appends after its last line)."""
    lines = text.splitlines(keepends=True)
    for line in lines:
        if line.startswith(marker) and text.count(line) == 1:
            return line, insertion + line
    tail = "".join(lines[-2:]) if len(lines) >= 2 else text
    if not tail or text.count(tail) != 1:
        raise ValueError(f"no unique anchor for {marker!r}")
    return tail, tail.rstrip("\n") + "\n\n\n" + insertion.rstrip("\n") + "\n"
