"""What comes in to be stored, made fit to store: checked to be UTF-8 text, and with credentials replaced by
placeholders when the store redacts (see the redaction package), its label and source as much as its text."""

from __future__ import annotations

import codecs
from collections.abc import Callable, Iterable, Iterator

from ..errors import InvalidArgument, StoreError
from ..redaction import Redactor
from ..tokens.count import EXACT_LIMIT_BYTES, TokenCount, TokenCounter
from . import ids

Named = tuple[str | None, str | None]
#: Characters of a text given whole that are encoded at once.
SLICE = 1024 * 1024


def short_text(name: str, value: str | None) -> str | None:
    """A label or source as given, checked: text of at most 200 characters, without NUL or lone surrogates."""
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 200 or "\0" in value:
        raise InvalidArgument(f"{name} must be text of at most 200 characters")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidArgument(f"{name} is not valid text (it holds bytes that are not UTF-8)") from None
    return value


def incoming_text(
    session: str, redact: bool, text: str, label: str | None, source: str | None, *, redacted: bool = False
) -> tuple[str, str | None, str | None]:
    """A text given whole, with its label and source, as they are to be stored. ``redacted``: the caller made the
    text from what it redacted already (compaction's own stores), so only the label and source are redacted."""
    if not redact:
        return text, label, source
    redactor = Redactor(session)
    return (text if redacted else redactor.text(text), *_named(redactor, label, source))


class WholeText:
    """A text given whole, as it is to be stored, and the handle it will have: what every store's put_text does
    before it looks whether the text is stored already."""

    __slots__ = ("given", "handle", "label", "size", "source", "text")

    def __init__(
        self, text: str, label: str | None, source: str | None, handle: str, size: int, given: TokenCount | None
    ) -> None:
        self.text, self.label, self.source, self.handle, self.size = text, label, source, handle, size
        #: The caller's count, kept only when the text is stored exactly as given.
        self.given = given

    def count(self, counter: TokenCounter) -> TokenCount | None:
        """The token count to store with it (None above EXACT_LIMIT_BYTES: the writer's stream estimate)."""
        if self.size > EXACT_LIMIT_BYTES:
            return None
        return self.given if self.given is not None else counter.count(self.text)

    def encoded(self) -> Iterator[bytes]:
        return encoded(self.text)


def whole_text(
    session: str,
    redact: bool,
    text: str,
    label: str | None,
    source: str | None,
    check_size: Callable[[int], None],
    *,
    redacted: bool = False,
    tokens: TokenCount | None = None,
) -> WholeText:
    """Redact, size-check and hash a text given whole: encoded a slice at a time, never whole (a 60 MB text costs
    1 MB of bytes at once, not a second 60 MB), so a repeat is found before anything is written."""
    given = text
    text, label, source = incoming_text(session, redact, text, label, source, redacted=redacted)
    check_size(len(text))  # a character is at least a byte: too long already, not worth encoding
    hasher, size = ids.handle_hasher(session), 0
    for data in encoded(text):
        size += len(data)
        hasher.update(data)
    check_size(size)
    kept = tokens if text is given else None  # the caller's count holds only for the text it gave, unchanged
    return WholeText(text, label, source, ids.handle_of(hasher), size, kept)


def incoming_stream(
    session: str, redact: bool, chunks: Iterable[bytes], label: str | None, source: str | None
) -> tuple[Iterator[bytes], str | None, str | None]:
    """A text given as UTF-8 chunks, checked (and redacted) as it passes, in bounded memory."""
    if not redact:
        return checked_utf8(chunks), label, source
    redactor = Redactor(session)
    return (_redacted_utf8(redactor, chunks), *_named(redactor, label, source))


def _redacted_utf8(redactor: Redactor, chunks: Iterable[bytes]) -> Iterator[bytes]:
    """Chunks checked as UTF-8 (as a store that does not redact checks them) and redacted as they pass: the
    redactor works on the bytes, and sees the text whole across the chunks' boundaries."""
    return redactor.stream(checked_utf8(chunks))


def _named(redactor: Redactor, label: str | None, source: str | None) -> Named:
    """A source is often a command line, and a command line may carry a token."""
    return (None if label is None else redactor.text(label)), (None if source is None else redactor.text(source))


def checked_utf8(chunks: Iterable[bytes]) -> Iterator[bytes]:
    """Pass chunks through, failing with the byte offset at the first thing that is not UTF-8 text."""
    decoder = codecs.getincrementaldecoder("utf-8")("strict")
    offset = held = 0  # bytes passed, and how many of the last of them the decoder holds (a character begun)
    try:
        for chunk in chunks:
            if not (chunk.isascii() and not held):  # ASCII needs no decoding to be UTF-8
                decoder.decode(chunk)
                held = len(decoder.getstate()[0])
            offset += len(chunk)
            yield chunk
        decoder.decode(b"", final=True)
    except UnicodeDecodeError as exc:  # its start counts from the bytes the decoder held
        raise _not_utf8(offset - held + exc.start) from None


def _not_utf8(offset: int) -> StoreError:
    return StoreError(f"content is not UTF-8 text (bad byte near offset {offset:,}); persist_result stores text")


def encoded(text: str) -> Iterator[bytes]:
    """``text`` as UTF-8 a slice of ``SLICE`` characters at a time, so a large text is never held twice (a text no
    longer than a slice is not even copied); a lone surrogate fails with its character offset."""
    for at in range(0, len(text), SLICE):
        try:
            yield text[at : at + SLICE].encode("utf-8")
        except UnicodeEncodeError as exc:
            raise StoreError(f"content is not valid text: {exc.reason} at character {at + exc.start}") from None
