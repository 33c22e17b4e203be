"""A stored text cut into chunks of whole lines, for the text index (see text_index.py).

A chunk ends at the end of a line, so a line (what grep matches against) never spans two chunks: a literal
that a matching line must contain is always inside one chunk, and a chunk the index rules out holds no match.
A line longer than a chunk is one chunk of its own, however long.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

#: Bytes a chunk aims at: a lookup reads the chunks that may hold its literal, so smaller chunks read less;
#: larger ones make the index smaller and quicker to build.
CHUNK_BYTES = 64 * 1024
_READ = 1024 * 1024


@dataclass(frozen=True)
class Chunk:
    """Lines ``first_line``..``last_line`` (1-based) of a text, as its UTF-8 bytes."""

    seq: int
    first_line: int
    last_line: int
    data: bytes

    @property
    def text(self) -> str:
        return self.data.decode("utf-8")


def chunks(content: BinaryIO, size: int = CHUNK_BYTES) -> Iterator[Chunk]:
    """The text read from ``content`` (at its start) as chunks of whole lines of about ``size`` bytes each."""
    pending = b""
    line, seq = 1, 0
    while True:
        block = content.read(_READ)
        pending = pending + block if pending else block
        pos = 0
        while len(pending) - pos > size or (not block and pos < len(pending)):
            cut = pending.rfind(b"\n", pos, pos + size) + 1
            if cut <= pos:  # a line longer than a chunk: the chunk is the whole line
                cut = pending.find(b"\n", pos + size) + 1
                if cut <= 0:
                    if block:
                        break  # the line goes on in the next block
                    cut = len(pending)
            data = pending[pos:cut]
            inner = data.count(b"\n") - (1 if data.endswith(b"\n") else 0)
            yield Chunk(seq, line, line + inner, data)
            seq += 1
            line += data.count(b"\n")
            pos = cut
        pending = pending[pos:]
        if not block:
            return
