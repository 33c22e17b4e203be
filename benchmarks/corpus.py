"""A realistic UTF-8 log of an exact size, written in a stream so 1 GiB never sits in memory.

Synthetic but shaped like what agents persist: timestamped lines of 40 to 300 bytes, now and then a
multi-line stack trace or a JSON payload of several KiB on one line, and non-ASCII text (accents, Cyrillic,
CJK, symbols and an emoji) so character and byte offsets differ, as they do in real output. A rare marker is
planted on a few known lines so grep has something to find and the benchmark can check what it found.

Every line's size is known before it is written (bodies come from a pool measured once; the prefix is
ASCII), so the exact byte, character and line counts, and the planted lines' numbers, come out of the one
pass without re-reading or re-encoding anything.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass
from pathlib import Path

NEEDLE = "needle=ZQX-7731"
_NEEDLE_AT = (0.2, 0.5, 0.8)  # fractions of the size; fewer than max_matches=5, so grep scans it all
_POOL_SIZE = 4096
_BATCH_LINES = 8192

_WORDS = tuple(
    """
    request response handler worker queue retry timeout connection pool cache miss hit user session token
    expired refresh upload chunk commit rollback index shard replica leader election heartbeat latency p99
    bytes rows scan query plan lock wait acquired released GET POST /api/v2/items /healthz status=200
    status=404 status=503 id=7f3a9c tenant=acme region=eu-west-1
    café naïve Größe Zürich ñandú Ærøskøbing données réessai пример ошибка запрос 日本語 東京 処理中 数据库 → ✓ ±5% 🚀
    """.split()  # the last line, about one pick in four: 2-, 3- and 4-byte UTF-8 sequences
)
_LEVELS = ("INFO", "INFO", "INFO", "INFO", "INFO", "DEBUG", "DEBUG", "WARN", "ERROR")
_COMPONENTS = ("http", "db.pool", "scheduler", "auth", "cache", "storage.s3", "grpc", "billing")


@dataclass(frozen=True)
class Corpus:
    """A generated file and the facts the benchmark checks the library's answers against."""

    path: Path
    bytes: int
    chars: int
    lines: int
    needle: str
    needle_lines: tuple[int, ...]


@dataclass(frozen=True)
class _Body:
    text: str
    bytes: int
    chars: int
    newlines: int


def _body(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.01:  # a stack trace: the message line, then indented frames
        frames = "".join(
            f"\n    at {rng.choice(_COMPONENTS)}.{rng.choice(_WORDS)} (src/{rng.choice(_WORDS)}.py:{line})"
            for line in rng.choices(range(1, 900), k=rng.randint(3, 12))
        )
        return f"unhandled {rng.choice(_WORDS)} error: {' '.join(rng.choices(_WORDS, k=6))}{frames}"
    if kind < 0.015:  # a JSON payload logged on one line, 1-10 KiB
        items = ", ".join(
            f'{{"k": "{rng.choice(_WORDS)}", "v": {rng.randint(0, 10**6)}}}' for _ in range(rng.randint(30, 300))
        )
        return f'payload {{"items": [{items}]}}'
    return " ".join(rng.choices(_WORDS, k=rng.randint(3, 40)))


def _pool(rng: random.Random) -> list[_Body]:
    pool = []
    for _ in range(_POOL_SIZE):
        text = _body(rng) + "\n"
        pool.append(_Body(text, len(text.encode("utf-8")), len(text), text.count("\n")))
    return pool


def generate(path: Path, size: int, seed: int = 1) -> Corpus:
    """Write exactly ``size`` bytes of log text to ``path``, one batch of lines at a time."""
    rng = random.Random(seed)
    pool = _pool(rng)
    thresholds = [int(size * f) for f in _NEEDLE_AT]
    written = chars = lines = 0
    needle_lines: list[int] = []
    tick = 0  # milliseconds since the log's first line
    with open(path, "w", encoding="utf-8", newline="") as out:
        while True:
            batch: list[str] = []
            full = False
            for body in rng.choices(pool, k=_BATCH_LINES):
                tick += rng.randint(0, 40)
                seconds, ms = divmod(tick, 1000)
                minutes, ss = divmod(seconds, 60)
                hours, mm = divmod(minutes, 60)
                prefix = f"2025-03-{14 + hours // 24:02}T{hours % 24:02}:{mm:02}:{ss:02}.{ms:03}Z "
                if thresholds and written >= thresholds[0]:
                    thresholds.pop(0)
                    line = f"{prefix}WARN  [audit] {NEEDLE} planted marker ✓\n"
                    needle_lines.append(lines + 1)
                    n_bytes, n_chars, n_newlines = len(line.encode("utf-8")), len(line), 1
                else:
                    level = rng.choice(_LEVELS)
                    head = f"{prefix}{level:<5} [{rng.choice(_COMPONENTS)}] "
                    line = head + body.text
                    n_bytes, n_chars, n_newlines = len(head) + body.bytes, len(head) + body.chars, body.newlines
                if written + n_bytes > size:
                    full = True
                    break
                batch.append(line)
                written += n_bytes
                chars += n_chars
                lines += n_newlines
            out.write("".join(batch))
            if full:
                break
        rest = size - written
        if rest:  # pad to the exact size with one ASCII line
            out.write("." * (rest - 1) + "\n")
            written, chars, lines = written + rest, chars + rest, lines + 1
        # Flush to disk now: a gigabyte of dirty pages written back later would slow the timed raw write.
        out.flush()
        os.fsync(out.fileno())
    return Corpus(path, written, chars, lines, NEEDLE, tuple(needle_lines))
