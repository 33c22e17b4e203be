"""The persistence table and its size-to-size ratios, and the column aligner and time format every table shares."""

from __future__ import annotations

from .cache import WARM_EVERY_S
from .measure import MiB, Outcome

# (operation key, what the row says, the baseline it is divided by)
ROWS: tuple[tuple[str, str, str | None], ...] = (
    ("raw_write", "raw write+fsync (baseline)", None),
    ("persist", "persist_file", "raw_write"),
    ("raw_read", "raw full read (baseline)", None),
    ("grep", "grep rare pattern, whole file", "raw_read"),
    ("raw_seek", "raw seek+read 16 KiB (baseline)", None),
    ("page_start", "page by line, start", "raw_seek"),
    ("page_middle", "page by line, middle", "raw_seek"),
    ("page_end", "page by line, end", "raw_seek"),
    ("page_chars", "page by chars (4000), random", "raw_seek"),
)
WHOLE_FILE = {"raw_write", "persist", "raw_read", "grep"}
_PAGES = ("page_start", "page_middle", "page_end", "page_chars")


def duration(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 0.01:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds * 1e3:.3f} ms"


def _row(op: str, title: str, base: str | None, label: str, size: int, got: dict[str, Outcome]) -> list[str]:
    outcome = got[op]
    speed = f"{size / MiB / outcome.median:,.0f}" if op in WHOLE_FILE else ""
    ratio = f"×{outcome.median / got[base].median:,.2f}" if base else "1 (base)"
    py = f"{outcome.py_peak_mib:,.1f}" if outcome.py_peak_mib is not None else "-"
    rss = f"{outcome.rss_mib:,.1f}"
    return [title, label, str(len(outcome.times)), duration(outcome.median), speed, rss, py, ratio]


def table(results: dict[str, tuple[int, dict[str, Outcome]]]) -> str:
    header = ["operation", "size", "n", "median", "MiB/s", "peak RSS MiB", "py peak MiB", "vs baseline"]
    rows = [header]
    for op, title, base in ROWS:
        for label, (size, got) in results.items():
            rows.append(_row(op, title, base, label, size, got))
    return align(rows, left=2)


def align(rows: list[list[str]], left: int, texts: tuple[int, ...] = ()) -> str:
    """Plain columns under a rule: the first ``left`` columns are names, the rest figures, except the columns
    numbered in ``texts``, which are words and read better left-aligned too."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for i, row in enumerate(rows):
        cells = [
            c.ljust(w) if j < left or j in texts else c.rjust(w)
            for j, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
        if i == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def scaling(results: dict[str, tuple[int, dict[str, Outcome]]]) -> str:
    """Page time at the largest size over page time at the smallest: ~1 if the index does its job."""
    if len(results) < 2:
        return "page-read scaling: needs at least two sizes"
    small, large = min(results, key=lambda k: results[k][0]), max(results, key=lambda k: results[k][0])
    parts = []
    for op in _PAGES:
        ratio = results[large][1][op].median / results[small][1][op].median
        parts.append(f"{op.removeprefix('page_')} ×{ratio:.2f}")
    return f"page read time, {large} vs {small}: " + ", ".join(parts) + "  (the design claims ≈ ×1)"


def notes(results: dict[str, tuple[int, dict[str, Outcome]]], floor: Outcome, *, cold: bool) -> str:
    out = [f"floor: an interpreter with mcp_context imported peaks at {floor.rss_mib:.1f} MiB RSS (in every row)"]
    for label, (_, got) in results.items():
        persist, grep, page = got["persist"].info, got["grep"].info, got["page_middle"].info
        line = (
            f"{label}: tokens {persist['token_method']} {persist['tokens']:,}; page by line holds "
            f"{page['page_lines']:g} lines / {page['page_chars']:,g} chars; grep took {grep['grep_calls']} call(s)"
        )
        if grep["grep_notes"]:
            line += f" ({grep['grep_notes'][0]})"
        out.append(line)
    if cold:
        out.append("cold: every timed call starts with its files evicted from the page cache (posix_fadvise)")
    else:
        out.append(
            f"warm: every timed call starts with its files read into the page cache (≤{WARM_EVERY_S:g} s before)"
        )
    out.append("median of n runs; the 'vs baseline' ratio divides by the raw operation on the same size")
    return "\n".join(out)
