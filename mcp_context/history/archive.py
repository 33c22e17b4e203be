"""Archives of messages as JSON lines: a header line, then one line per message, in pieces a store accepts.

A history far larger than one stored result may hold (64 MiB by default) still compacts: its archive is
written as a chain of pieces, last first, so each piece's header can name the next one's handle. The first
piece's handle names the whole archive; a reader follows ``next`` to the end.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from ..errors import InvalidArgument, TooLarge
from .layers import Persist, Stored

#: Room kept in each piece for its header (the handle of the next piece, counts).
_HEADER_BYTES = 512


def write(
    persist: Persist,
    head: dict[str, Any],
    lines: list[str],
    label: str,
    max_bytes: int,
    source: str = "compact_history",
) -> Stored:
    pieces = _split(lines, max_bytes - _HEADER_BYTES)
    following: Stored | None = None
    for number in range(len(pieces), 0, -1):
        header = dict(head, count=len(pieces[number - 1]))
        if len(pieces) > 1:
            header.update(piece=number, pieces=len(pieces), next=following.handle if following else None)
        text = "\n".join([json.dumps(header, ensure_ascii=False), *pieces[number - 1]]) + "\n"
        following = persist(text, label if number == 1 else f"{label} (piece {number})", source)
    assert following is not None
    return following


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
    """Every entry of an archive with the header of the piece it is in, following the chain of pieces."""
    seen: set[str] = set()
    following: str | None = handle
    while following is not None:
        if following in seen:
            raise InvalidArgument(f"archive {handle} has a loop in its chain of pieces at {following}")
        seen.add(following)
        lines = text_of(following).splitlines()
        try:
            header = json.loads(lines[0]) if lines else {}
        except json.JSONDecodeError:
            header = {}
        if not isinstance(header, dict) or not {"archive", "history"} & header.keys():
            raise InvalidArgument(f"{following} is not an archive of messages")
        for line in lines[1:]:
            yield header, json.loads(line)
        following = header.get("next")
