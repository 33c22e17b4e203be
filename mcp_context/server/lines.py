"""One line of stdin made a JSON-RPC message, parsed once from the bytes, and a long string in it held only once.

A 60 MB ``persist_result`` arrives as one line. Read as text and parsed whole, it was held as the line's bytes,
as the line's text, as the parser's unescaped copy and as the final string, all at once. Here a line up to
``LONG_LINE`` bytes is parsed from its bytes as before; a longer one goes through a ``Lifter`` as it is read:
each string in it longer than ``LONG_STRING`` is unescaped a piece at a time onto one string that grows in
place (see _grown), a placeholder stands in for it in the rest
of the line, the rest is parsed by the SDK's own model, and the strings are put back where their
placeholders are. The line itself is never whole in memory.

What is read is what the SDK's stdio transport would read: bytes that are not UTF-8 become U+FFFD, and a
string the SDK's parser refuses (a raw control character, a bad escape, a lone surrogate) is refused the same
way, as a parse error (see wire.refusal).
"""

from __future__ import annotations

import codecs
import json
import re
import secrets
from collections.abc import Generator, Iterator
from typing import Any

import mcp_types as types
from pydantic import BaseModel
from pydantic_core import ValidationError

#: Lines longer than this are read through a Lifter.
LONG_LINE = 1024 * 1024
#: Strings longer than this (in their JSON form) are lifted out of such a line.
LONG_STRING = 64 * 1024
#: The UTF-8 byte order mark some writers (PowerShell's, .NET's) put before the first line.
BOM = b"\xef\xbb\xbf"
_SURROGATE = re.compile("[\ud800-\udfff]")
_HIGH, _LOW = ("\ud800", "\udbff"), ("\udc00", "\udfff")


class LineReader:
    """The bytes of stdin, fed in chunks as they come: each complete line's message, or the exception that
    says why it is none (for wire.refusal to answer). A line is parsed once, from bytes, and dropped at once."""

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._lifter: Lifter | None = None
        self._after_cr = False  # the last chunk ended with CR: an LF opening this one ends no second line

    def feed(self, chunk: bytes) -> Iterator[types.JSONRPCMessage | Exception]:
        """Lines end as the SDK's reader ends them (a text stream with universal newlines): at LF, CR LF, or a
        CR alone, so a CR between two messages parts them and a CR inside one cuts it, as there."""
        start = 1 if self._after_cr and chunk[:1] == b"\n" else 0
        self._after_cr = False
        lf, cr = chunk.find(b"\n", start), chunk.find(b"\r", start)
        while lf >= 0 or cr >= 0:
            end = lf if cr < 0 or 0 <= lf < cr else cr
            if (item := self._line(chunk[start:end])) is not None:
                yield item
            start = end + 1
            if end == cr:
                if start == len(chunk):
                    self._after_cr = True
                elif chunk[start : start + 1] == b"\n":
                    start += 1
                cr = chunk.find(b"\r", start)
            if lf < start:
                lf = chunk.find(b"\n", start)
        self._more(chunk[start:] if start else chunk)

    def finish(self) -> Iterator[types.JSONRPCMessage | Exception]:
        """The last line, when the input ends without a line break."""
        if (self._buffer or self._lifter is not None) and (item := self._line(b"")) is not None:
            yield item

    def _more(self, part: bytes) -> None:
        if self._lifter is not None:
            self._lifter.feed(part)
            return
        self._buffer += part
        if len(self._buffer) > LONG_LINE:
            self._lifter = Lifter()
            self._lifter.feed(bytes(self._buffer).removeprefix(BOM))
            self._buffer = bytearray()

    def _line(self, last: bytes) -> types.JSONRPCMessage | Exception | None:
        """The message of the line ending with ``last``; None for a line of blanks, which asks nothing (the
        SDK's reader passes it over too, in a log line), so it is not answered with a parse error nobody
        waits for. A byte order mark opening a line is no part of its JSON (RFC 8259 section 8.1)."""
        try:
            if self._lifter is None and len(self._buffer) + len(last) <= LONG_LINE:
                self._buffer += last
                if self._buffer.startswith(BOM):
                    del self._buffer[: len(BOM)]
                return parse(self._buffer) if self._buffer.strip(b" \t\r\n") else None
            self._more(last)
            assert self._lifter is not None
            return self._lifter.message()
        except Exception as exc:  # the SDK's transport hands on whatever its parser raised, as this does
            return exc
        finally:
            self._buffer, self._lifter = bytearray(), None


def parse(line: bytes | bytearray) -> types.JSONRPCMessage:
    """A line of at most ``LONG_LINE`` bytes, parsed by the SDK's model as its transport would."""
    text = bytes(line).decode("utf-8", "replace")
    return answerable(types.jsonrpc_message_adapter.validate_json(text, by_name=False), text)


class UnanswerableId(ValueError):
    """A request whose ``id`` member is no id the reply can carry (a fraction, null, true, a list)."""


def answerable(message: types.JSONRPCMessage, text: str) -> types.JSONRPCMessage:
    """``message``, unless it is a request whose id the SDK's model could not take: that model reads it as a
    notification, which is never answered, so the client would wait for ever. Refused instead (wire.refusal
    answers it, with a null id as JSON-RPC asks). Notifications are few and small: each is parsed once more."""
    if isinstance(message, types.JSONRPCNotification):
        try:
            top = json.loads(text)
        except ValueError:
            return message
        if isinstance(top, dict) and "id" in top:
            raise UnanswerableId("its id must be a string or an integer")
    return message


def invalid_json(line: bytes | bytearray, why: str) -> ValidationError:
    """The parse error the SDK's parser raises, for what a Lifter refuses (wire.refusal answers it alike)."""
    head = bytes(line[:10_000]).decode("utf-8", "replace")
    return ValidationError.from_exception_data(
        "JSON-RPC message", [{"type": "json_invalid", "loc": (), "input": head, "ctx": {"error": why}}]
    )


class _LongString:
    """One string's JSON body, fed as raw bytes in order, unescaped into the one buffer that becomes its value."""

    def __init__(self) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._out = _grown()
        next(self._out)
        self._held = ""  # the start of an escape that may go on in the next piece
        self._high = ""  # a high surrogate whose low half may open the next piece

    def feed(self, raw: bytes, final: bool = False) -> None:
        text = self._held + self._decoder.decode(raw, final)
        cut = len(text) if final else _escape_cut(text)
        self._held = text[cut:]
        if cut:
            self._write(text[:cut] if cut < len(text) else text)

    def _write(self, piece: str) -> None:
        try:
            value = self._high + json.loads(f'"{piece}"')
        except ValueError as exc:
            raise ValueError(str(exc).split(":")[0]) from None
        self._high = ""
        if value and _HIGH[0] <= value[-1] <= _HIGH[1]:  # a pair cut in two is one character, as parsed whole
            value, self._high = value[:-1], value[-1]
        if len(value) > 1 and _HIGH[0] <= value[0] <= _HIGH[1] and _LOW[0] <= value[1] <= _LOW[1]:
            value = value[:2].encode("utf-16", "surrogatepass").decode("utf-16") + value[2:]
        if not value.isascii() and _SURROGATE.search(value):
            raise ValueError("lone surrogate in a string")
        if value:
            self._out.send(value)

    def value(self) -> str:
        self.feed(b"", final=True)
        if self._high:
            raise ValueError("lone surrogate in a string")
        try:
            self._out.send("")
        except StopIteration as done:
            value: str = done.value
            return value
        raise AssertionError("the string did not end")  # pragma: no cover - _grown ends on ""


def _grown() -> Generator[None, str, str]:
    """A string grown by the pieces sent to it, ended by an empty one. ``value += piece`` on a local that
    nothing else refers to is how CPython grows a string in place (its buffer reallocated, which for a large
    one moves no bytes): the string is held once. io.StringIO would hold the pieces and then their join, twice
    (Python 3.11), and so would a list and ``"".join``."""
    value = ""
    while piece := (yield):
        value += piece
    return value


def _escape_cut(text: str) -> int:
    """Where ``text`` (the body of a string, from the start of an escape or a character) can be cut without
    cutting an escape: before the last backslash that starts one, if it is among the last six characters."""
    last = text.rfind("\\", max(0, len(text) - 6))
    if last < 0:
        return len(text)
    first = last
    while first > 0 and text[first - 1] == "\\":
        first -= 1
    return last if (last - first) % 2 == 0 else len(text)  # an odd run: its last backslash opens an escape


class Lifter:
    """One long line, fed in chunks as they are read: the line with its long strings taken out, and those
    strings, each decoded as it arrives."""

    def __init__(self) -> None:
        self._token = f"\u0000lifted-{secrets.token_hex(8)}-"  # no JSON text holds it unescaped
        self.failed: ValidationError | None = None  # the rest of a line refused is read and dropped
        self.skeleton = bytearray()
        self.lifted: dict[str, str] = {}
        self._held = b""  # backslashes at the end of a chunk: whether a quote after them ends the string
        self._inside = False
        self._short = bytearray()  # the open string while it is short
        self._long: _LongString | None = None

    def feed(self, data: bytes) -> None:
        if self.failed is not None:
            return
        try:
            self._feed(data)
        except ValueError as exc:  # the SDK's parser would refuse the string too
            self.failed = invalid_json(self.skeleton, str(exc))

    def _feed(self, data: bytes) -> None:
        data, self._held, pos = self._held + data, b"", 0
        while pos < len(data):
            if not self._inside:
                quote = data.find(b'"', pos)
                self.skeleton += data[pos : None if quote < 0 else quote + 1]
                if quote < 0:
                    return
                self._inside, pos = True, quote + 1
                continue
            quote = _closing_quote(data, pos)
            body = data[pos : None if quote < 0 else quote]
            if quote < 0:
                trailing = len(body) - len(body.rstrip(b"\\"))
                body, self._held = body[: len(body) - trailing], body[len(body) - trailing :]
            self._body(body)
            if quote < 0:
                return
            self._close()
            pos = quote + 1

    def _body(self, body: bytes) -> None:
        if self._long is None:
            self._short += body
            if len(self._short) <= LONG_STRING:
                return
            self._long, body, self._short = _LongString(), bytes(self._short), bytearray()
        self._long.feed(body)

    def _close(self) -> None:
        self._inside = False
        if self._long is None:
            self.skeleton += self._short + b'"'
            self._short = bytearray()
            return
        key = f"{self._token}{len(self.lifted)}"
        self.lifted[key] = self._long.value()
        self._long = None
        self.skeleton += json.dumps(key)[1:].encode()

    def message(self) -> types.JSONRPCMessage:
        """The whole line's message; a ValidationError as the SDK's parser would raise for a line it refuses."""
        if self.failed is not None:
            raise self.failed
        if self._inside or self._held:
            raise invalid_json(self.skeleton, "EOF while parsing a string")
        text = self.skeleton.decode("utf-8", "replace")
        message = answerable(types.jsonrpc_message_adapter.validate_json(text, by_name=False), text)
        _restore(message, self.lifted)
        self.lifted.clear()  # what is left sat in members the SDK's model drops: dropped too, as there
        return message


def _closing_quote(data: bytes, pos: int) -> int:
    """The quote that ends the string whose body starts at ``pos`` (a quote after an odd run of backslashes is
    escaped), or -1."""
    quote = data.find(b'"', pos)
    while quote >= 0:
        before = quote
        while before > pos and data[before - 1] == 0x5C:
            before -= 1
        if (quote - before) % 2 == 0:
            return quote
        quote = data.find(b'"', quote + 1)
    return -1


def _restore(value: Any, lifted: dict[str, str]) -> Any:
    """``value`` with each placeholder replaced by its string (taken out of ``lifted``); containers are
    changed in place, so nothing large is copied."""
    if isinstance(value, str):
        return lifted.pop(value, value)
    if isinstance(value, list):
        for i, item in enumerate(value):
            value[i] = _restore(item, lifted)
    elif isinstance(value, dict):
        items = [(_restore(k, lifted), _restore(v, lifted)) for k, v in value.items()]
        value.clear()
        value.update(items)
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            setattr(value, name, _restore(getattr(value, name), lifted))
    return value
