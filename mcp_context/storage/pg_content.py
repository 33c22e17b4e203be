"""A text's body in a database: cut into fixed-size chunk rows as it is written (hashed, indexed and counted
on the way, as the file store does while spooling), and read back as a seekable file that fetches only the
chunk a read lands in, so a page of a 32 MB result costs one small query and grep streams chunk by chunk."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import Any

from ..errors import TooLarge
from ..tokens.count import EXACT_LIMIT_BYTES, ByteTally, TokenCount, TokenCounter
from . import ids
from .index import IndexBuilder
from .pg_schema import CHUNK

#: Bytes the buffered reader asks the chunk reader for at once: an index segment (see index.py).
READ_BUFFER = 64 * 1024
#: Bytes one query fetches from a chunk (chunks are stored uncompressed, so the server reads only those).
WINDOW = 256 * 1024


class BodyWriter:
    """Fed a text's UTF-8 bytes in chunks of any size; hands back CHUNK-byte rows as they fill, and at the end
    the handle, the index and the token count. Memory stays at about one chunk (plus the text kept for an
    exact count while it is small enough, as in the file store)."""

    def __init__(self, session: str, counter: TokenCounter, limit: int, count: TokenCount | None) -> None:
        self.builder, self.tally, self.hasher = IndexBuilder(), ByteTally(), ids.handle_hasher(session)
        self.counter, self.limit, self.count = counter, limit, count
        # Counted once: given, else exactly from the text kept while it is small enough and an encoding is on
        # disk, else estimated as it streams (from where keeping it stopped).
        self.kept: list[bytes] | None = [] if count is None and counter.encoding is not None else None
        self._pending = bytearray()
        self.seq = 0

    def check_size(self, size: int) -> None:
        if size > self.limit:
            raise TooLarge(
                f"content exceeds the {self.limit:,}-byte limit; nothing was stored "
                "(raise it with --max-result-bytes or split the content)"
            )

    def feed(self, chunk: bytes) -> Iterator[tuple[int, bytes]]:
        """Account for ``chunk``; the (seq, bytes) rows now full."""
        self.check_size(self.builder.bytes + len(chunk))
        self.builder.feed(chunk)
        if self.kept is not None and self.builder.bytes <= EXACT_LIMIT_BYTES:
            self.kept.append(chunk)
        elif self.count is None:
            for earlier in self.kept or ():
                self.tally.add(earlier)
            self.kept = None
            self.tally.add(chunk)
        self.hasher.update(chunk)
        self._pending += chunk
        while len(self._pending) >= CHUNK:
            yield self._row(bytes(self._pending[:CHUNK]))
            del self._pending[:CHUNK]

    def _row(self, data: bytes) -> tuple[int, bytes]:
        self.seq += 1
        return self.seq - 1, data

    def finish(self) -> Iterator[tuple[int, bytes]]:
        if self._pending:
            yield self._row(bytes(self._pending))
            self._pending.clear()

    @property
    def handle(self) -> str:
        return ids.handle_of(self.hasher)

    def tokens(self) -> TokenCount:
        if self.count is None and self.kept is not None:  # a stream small enough to count exactly
            self.count = self.counter.count(b"".join(self.kept).decode("utf-8"))
        return self.count or TokenCount(self.tally.estimate(), "estimate")


class ChunkReader(io.RawIOBase):
    """The bytes of one stored text, ``size`` long, as a seekable raw file. ``fetch(seq, at, length)`` returns
    up to ``length`` bytes of chunk ``seq`` from byte ``at`` (and fails as an unknown handle when the result
    was deleted meanwhile). A read fetches a window of WINDOW bytes from where it lands, never the whole chunk:
    a page costs a quarter of a chunk, and reads that move forward through the window cost nothing more."""

    def __init__(self, size: int, fetch: Callable[[int, int, int], bytes], first: bytes | None = None) -> None:
        super().__init__()
        self._size, self._fetch, self._pos = size, fetch, 0
        self._start, self._window = 0, memoryview(first if first is not None else b"")

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self._pos

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        base = {io.SEEK_SET: 0, io.SEEK_CUR: self._pos, io.SEEK_END: self._size}[whence]
        if base + offset < 0:
            raise ValueError("negative seek position")
        self._pos = base + offset
        return self._pos

    def readinto(self, buffer: Any) -> int:
        if self._pos >= self._size:
            return 0
        at = self._pos - self._start
        if not 0 <= at < len(self._window):
            seq, within = divmod(self._pos, CHUNK)
            self._start, self._window = self._pos, memoryview(self._fetch(seq, within, WINDOW))
            at = 0
        view = memoryview(buffer).cast("B")
        n = min(len(view), len(self._window) - at)
        if n <= 0:
            return 0  # a chunk shorter than the size says: read as the end, not a loop
        view[:n] = self._window[at : at + n]
        self._pos += n
        return n


def open_body(size: int, fetch: Callable[[int, int, int], bytes], first: bytes | None) -> io.BufferedReader:
    return io.BufferedReader(ChunkReader(size, fetch, first), buffer_size=READ_BUFFER)


def row_bytes(value: Any) -> bytes:
    """A bytea column as bytes (the driver may hand back a memoryview)."""
    return value if isinstance(value, bytes) else bytes(value)
