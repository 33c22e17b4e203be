"""What comes in to be stored, made fit to store: checked to be UTF-8 text, and with credentials replaced by
placeholders when the store redacts (see redaction.py), its label and source as much as its text."""

from __future__ import annotations

import codecs
from collections.abc import Iterable, Iterator

from ..errors import StoreError
from ..redaction import Redactor

Named = tuple[str | None, str | None]
#: Characters of a text given whole that are encoded at once.
SLICE = 1024 * 1024


def incoming_text(
    session: str, redact: bool, text: str, label: str | None, source: str | None, *, redacted: bool = False
) -> tuple[str, str | None, str | None]:
    """A text given whole, with its label and source, as they are to be stored. ``redacted``: the caller made the
    text from what it redacted already (compaction's own stores), so only the label and source are redacted."""
    if not redact:
        return text, label, source
    redactor = Redactor(session)
    return (text if redacted else redactor.text(text), *_named(redactor, label, source))


def incoming_stream(
    session: str, redact: bool, chunks: Iterable[bytes], label: str | None, source: str | None
) -> tuple[Iterator[bytes], str | None, str | None]:
    """A text given as UTF-8 chunks, checked (and redacted) as it passes, in bounded memory."""
    checked = checked_utf8(chunks)
    if not redact:
        return checked, label, source
    redactor = Redactor(session)
    return (redactor.stream(checked), *_named(redactor, label, source))


def _named(redactor: Redactor, label: str | None, source: str | None) -> Named:
    """A source is often a command line, and a command line may carry a token."""
    return (None if label is None else redactor.text(label)), (None if source is None else redactor.text(source))


def checked_utf8(chunks: Iterable[bytes]) -> Iterator[bytes]:
    """Pass chunks through, failing with the byte offset at the first thing that is not UTF-8 text."""
    decoder = codecs.getincrementaldecoder("utf-8")("strict")
    offset = 0
    try:
        for chunk in chunks:
            if not (chunk.isascii() and not decoder.getstate()[0]):  # ASCII needs no decoding to be UTF-8
                decoder.decode(chunk)
            offset += len(chunk)
            yield chunk
        decoder.decode(b"", final=True)
    except UnicodeDecodeError as exc:
        raise StoreError(
            f"content is not UTF-8 text (bad byte near offset {offset + exc.start:,}); persist_result stores text"
        ) from None


def encoded(text: str) -> Iterator[bytes]:
    """``text`` as UTF-8 a slice of ``SLICE`` characters at a time, so a large text is never held twice (a text no
    longer than a slice is not even copied); a lone surrogate fails with its character offset."""
    for at in range(0, len(text), SLICE):
        try:
            yield text[at : at + SLICE].encode("utf-8")
        except UnicodeEncodeError as exc:
            raise StoreError(f"content is not valid text: {exc.reason} at character {at + exc.start}") from None
