"""Archives of messages as JSON lines: a header line, then one line per message, in pieces a store accepts.

Most archives are one stored result. One that compaction writes again at every turn (the compacted history, the
archive of every original it replaced) is cut into pieces at content-defined boundaries (after a line whose key
happens to end in a given pattern, about every GROUP_LINES lines), any archive is cut wherever a piece would
outgrow what one result may hold, and an index result names the pieces in order. Because a boundary depends
only on the lines around it, the next compaction of the same history plus one more message cuts the same
pieces again: they are already stored (same content, same handle), and a memo of the lines' keys lets the
writer skip even making their text. Only the pieces that changed are written, which is what keeps a
re-compaction of a long history a small fraction of the first.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..errors import InvalidArgument, TooLarge
from ..tokens.count import TokenCount, sparse_estimate

#: Room kept in each piece for its header.
_HEADER_BYTES = 512
#: A line whose key (hex digits) ends so ends a piece, when an archive needs more than one: one line in
#: GROUP_LINES, on average. A suffix test in C; parsing the last digits of 10K keys as numbers cost twice it.
_BOUNDARY = "00"
GROUP_LINES = 16 ** len(_BOUNDARY)
_MEMO_SIZE = 4096
#: A handle's shape, to size a text that will name an archive before the archive is written; the real handle
#: may take up to HANDLE_SLACK more tokens (16 hex digits).
STAND_IN = "r_" + "0" * 16
HANDLE_SLACK = 16


@dataclass
class Stored:
    """A text stored for a caller below the facade: its handle, resource URI and preview (made when first asked
    for, see answers.Persisted)."""

    handle: str
    uri: str
    make_preview: Callable[[], str] = field(repr=False, compare=False)

    @functools.cached_property
    def preview(self) -> str:
        return self.make_preview()


class Persist(Protocol):
    """Stores a text (text, label, source) and names it: the facade's store, handed down so that the features
    below it can store what they remove without knowing the store. ``tokens``: the text's count when the
    caller has it already (the same counter's figure), so the store need not count it again."""

    def __call__(self, text: str, label: str, source: str, /, tokens: TokenCount | None = None) -> Stored: ...


@dataclass(frozen=True)
class Line:
    """One line of an archive: a key that identifies its content, and how to make its text when needed."""

    key: str
    make: Callable[[], str]


def plain(texts: Sequence[str]) -> list[Line]:
    """Lines whose text is already made."""
    return [Line(_digest(t), _const(t)) for t in texts]


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=12).hexdigest()


def _const(text: str) -> Callable[[], str]:
    return lambda: text


class PieceMemo:
    """Which stored pieces hold a run of lines, by the lines' keys; lives as long as the Session. A hit is
    used only while every piece it names is still stored (``exists``): a deleted session is written again."""

    def __init__(self, exists: Callable[[str], bool]) -> None:
        self._exists = exists
        self._pieces: OrderedDict[str, list[Stored]] = OrderedDict()

    def get(self, key: str) -> list[Stored] | None:
        found = self._pieces.get(key)
        if found is None or not all(self._exists(s.handle) for s in found):
            return None
        self._pieces.move_to_end(key)
        return found

    def put(self, key: str, pieces: list[Stored]) -> None:
        self._pieces[key] = pieces
        if len(self._pieces) > _MEMO_SIZE:
            self._pieces.popitem(last=False)


def write(
    persist: Persist,
    head: dict[str, Any],
    lines: Sequence[Line],
    label: str,
    max_bytes: int,
    source: str = "compact_history",
    memo: PieceMemo | None = None,
) -> Stored:
    """Store ``lines`` under ``head``. With a memo (an archive the next compaction writes again, one message
    longer) the lines are cut at content-defined boundaries; without one, only where a piece would outgrow a
    result, so an archive written once stays one result a reader can page through."""
    room = max_bytes - _HEADER_BYTES
    pieces: list[Stored] = []
    groups = list(_groups(lines)) if memo is not None else [lines]
    header_key = json.dumps(head, sort_keys=True).encode()
    for group in groups:
        key = hashlib.blake2b(header_key, digest_size=16)
        key.update("".join([line.key for line in group]).encode())  # as updating with each key in turn
        found = memo.get(key.hexdigest()) if memo is not None else None
        if found is None:
            parts = _split([line.make() for line in group], room)
            named = f"{label} (piece)" if len(groups) > 1 or len(parts) > 1 else label
            found = [_persist_piece(persist, _text(dict(head, count=len(part)), part), named, source) for part in parts]
            if memo is not None:
                memo.put(key.hexdigest(), found)
        pieces.extend(found)
    if len(pieces) == 1:
        return pieces[0]
    index = _text(dict(head, count=len(lines), pieces=[p.handle for p in pieces]), [])
    if len(index.encode()) > max_bytes:
        raise TooLarge(f"the archive needs {len(pieces):,} pieces, more than one index result may name")
    return persist(index, label, source)


def _persist_piece(persist: Persist, text: str, label: str, source: str) -> Stored:
    """A piece stored with a sparse estimate of its size (see sparse_estimate): nobody reads it whole by count."""
    return persist(text, label, source, tokens=sparse_estimate(text.encode("utf-8", "surrogatepass")))


def _text(header: dict[str, Any], lines: list[str]) -> str:
    return "\n".join([json.dumps(header, ensure_ascii=False), *lines]) + "\n"


def _groups(lines: Sequence[Line]) -> Iterator[Sequence[Line]]:
    """Runs of lines ending where a line's key ends in _BOUNDARY: the same lines, the same runs."""
    start = 0
    for i, line in enumerate(lines):
        if line.key.endswith(_BOUNDARY):
            yield lines[start : i + 1]
            start = i + 1
    if start < len(lines) or not lines:
        yield lines[start:]


def _split(lines: list[str], room: int) -> list[list[str]]:
    pieces: list[list[str]] = [[]]
    size = 0
    for line in lines:
        cost = len(line.encode("utf-8")) + 1
        if cost > room:
            index = json.loads(line).get("index")
            where = f"message #{index}" if index is not None else "one entry"
            raise TooLarge(f"{where} alone is {cost:,} bytes, more than one stored result may hold ({room:,})")
        if pieces[-1] and size + cost > room:
            pieces.append([])
            size = 0
        pieces[-1].append(line)
        size += cost
    return pieces


def read(handle: str, text_of: Callable[[str], str]) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """Every entry of an archive with the header of the piece it is in: one result, an index naming its
    pieces, or (archives written before indexes) a chain of pieces each naming the next."""
    header, lines = _piece(handle, text_of)
    if isinstance(header.get("pieces"), list):
        for piece in header["pieces"]:
            inner, inner_lines = _piece(str(piece), text_of)
            if "pieces" in inner or "next" in inner:
                raise InvalidArgument(f"archive {handle} names {piece}, which is not one of its pieces")
            yield from ((inner, json.loads(line)) for line in inner_lines)
        return
    seen = {handle}
    while True:
        yield from ((header, json.loads(line)) for line in lines)
        following = header.get("next")
        if following is None:
            return
        if following in seen:
            raise InvalidArgument(f"archive {handle} has a loop in its chain of pieces at {following}")
        seen.add(following)
        header, lines = _piece(following, text_of)


def _piece(handle: str, text_of: Callable[[str], str]) -> tuple[dict[str, Any], list[str]]:
    lines = text_of(handle).splitlines()
    try:
        header = json.loads(lines[0]) if lines else {}
    except json.JSONDecodeError:
        header = {}
    if not isinstance(header, dict) or not {"archive", "history"} & header.keys():
        raise InvalidArgument(f"{handle} is not an archive of messages")
    return header, lines[1:]
