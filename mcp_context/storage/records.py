"""What a store knows about its results and sessions without reading any text: the records every backend
returns and every face lists."""

from __future__ import annotations

import builtins
import json
import mimetypes
import time
from typing import TYPE_CHECKING, NamedTuple

from . import ids

if TYPE_CHECKING:
    from ..tokens.count import TokenCount
    from .index import IndexBuilder


class ResultMeta(NamedTuple):
    """What is known about one stored result without reading it."""

    handle: str
    session: str
    label: str | None
    source: str | None
    created: float
    chars: int
    bytes: int
    lines: int
    tokens: int
    token_method: str
    mime_type: str

    @property
    def uri(self) -> str:
        return ids.result_uri(self.session, self.handle)

    def to_json(self) -> str:
        """One line, by the C encoder (an indented one went through the Python encoder: a twentieth of storing a
        small result)."""
        return json.dumps(self._asdict(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: builtins.bytes) -> ResultMeta:
        """Read back what ``to_json`` wrote, checking every field's type: a hand-edited or foreign file must
        fail here with a clear error, not later in a sort or a format string."""
        data = json.loads(text)
        if not isinstance(data, dict) or set(data) != set(_META_TYPES):
            raise ValueError("not the fields of a result's metadata")
        for name, kinds in _META_TYPES.items():
            value = data[name]
            if isinstance(value, bool) or not isinstance(value, kinds):
                raise ValueError(f"{name} is {value!r}")
        return cls(**data)


_META_TYPES: dict[str, tuple[type, ...]] = {
    "handle": (str,),
    "session": (str,),
    "label": (str, type(None)),
    "source": (str, type(None)),
    "created": (int, float),
    "chars": (int,),
    "bytes": (int,),
    "lines": (int,),
    "tokens": (int,),
    "token_method": (str,),
    "mime_type": (str,),
}


class SessionInfo(NamedTuple):
    """One session as listed: how many results it holds, their size, and when it last changed."""

    session: str
    results: int
    bytes: int
    updated: float


def mime_type(label: str | None, source: str | None) -> str:
    """A text type guessed from the source's or label's file name (resources carry it); text/plain otherwise."""
    for name in (source, label):
        if name:
            guessed, _ = mimetypes.guess_type(name.rsplit("/", 1)[-1], strict=False)
            if guessed and (guessed.startswith("text/") or guessed in ("application/json", "application/xml")):
                return guessed
    return "text/plain"


def new_meta(
    handle: str, session: str, label: str | None, source: str | None, built: IndexBuilder, tokens: TokenCount
) -> ResultMeta:
    """The metadata of a result just written, from what its writer counted: the same on every store."""
    return ResultMeta(
        handle=handle,
        session=session,
        label=label,
        source=source,
        created=time.time(),
        chars=built.chars,
        bytes=built.bytes,
        lines=built.lines,
        tokens=tokens.tokens,
        token_method=tokens.method,
        mime_type=mime_type(label, source),
    )
