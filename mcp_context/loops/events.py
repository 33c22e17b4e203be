"""The events a loop monitor is fed, parsed strictly from what an MCP client sends as JSON.

Strict because a typo (``"arg"`` for ``"args"``, ``"is_error": "false"``) would otherwise pass silently and
quietly weaken detection; every refusal names the field so the caller can fix its own code.

Tool-call identity is computed here too: Gemini CLI keys a call on its arguments in insertion order, so the
same call written ``{a, b}`` and ``{b, a}`` looks new each time. Ours is canonical: sorted keys, an integral
float written as an integer, and no whitespace.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, NamedTuple, Self, cast, get_args

from ..errors import InvalidArgument

Kind = Literal["tool_call", "tool_result", "assistant", "content", "turn", "user"]
KINDS: tuple[str, ...] = get_args(Kind)

_COMMON = ("kind", "tokens", "time")
# Keys each kind accepts; the first group is required.
_KEYS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "tool_call": (("name",), ("args",)),
    "tool_result": (("name",), ("text", "digest", "is_error")),
    "assistant": (("text",), ()),
    "content": (("text",), ()),
    "turn": ((), ()),
    "user": ((), ("text",)),
}
DIGEST_CHARS = 32  # 128 bits of SHA-256: ample for tens of stored keys, and bounded whatever the input


class _EventFields(NamedTuple):
    """Event's fields (a named tuple: see Event)."""

    kind: Kind
    name: str | None = None
    args: Mapping[str, Any] | None = None
    text: str | None = None
    digest: str | None = None
    is_error: bool = False
    tokens: int | None = None
    time: float | None = None


class Event(_EventFields):
    """One step of an agent's stream. Build it directly or with :func:`parse_event`; both are validated.

    ``tokens`` is what the step used, when the caller knows it; otherwise tokens are counted from the text.
    ``time`` is unix seconds; None means "when the monitor sees it".

    A named tuple rather than a dataclass: a host's hook checks every tool call in a process of its own, and a
    dataclass compiles its methods from source when its module is loaded. ``_replace`` and ``_make`` make a new
    event through the same checks.
    """

    #: A tool call's arguments as canonical JSON ("{}" when none), made once: every detector keys on it.
    args_text: str

    def __new__(cls, *args: Any, **kwargs: Any) -> Event:
        self = super().__new__(cls, *args, **kwargs)
        text = _check(self.to_dict(), "event")
        self.args_text = "{}" if text is None else text
        return self

    def _replace(self, **changes: Any) -> Self:
        return type(self)(**{**self._asdict(), **changes})

    @classmethod
    def _make(cls, iterable: Iterable[Any]) -> Self:  # type: ignore[override]  # its first argument is _cls
        return cls(*iterable)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form :func:`parse_event` accepts, with unset optional fields left out."""
        out: dict[str, Any] = {"kind": self.kind}
        for key in ("name", "args", "text", "digest", "tokens", "time"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.is_error:
            out["is_error"] = True
        return out


def parse_event(data: object, where: str = "event") -> Event:
    """An :class:`Event` from a JSON object; ``where`` prefixes every error message (``events[3]``)."""
    if not isinstance(data, Mapping):
        raise InvalidArgument(f"{where} must be an object with a 'kind', got {type(data).__name__}")
    _check(data, where)
    return Event(
        kind=cast(Kind, data["kind"]),
        name=data.get("name"),
        args=data.get("args"),
        text=data.get("text"),
        digest=data.get("digest"),
        is_error=data.get("is_error", False),
        tokens=data.get("tokens"),
        time=float(data["time"]) if data.get("time") is not None else None,
    )


def parse_events(data: object) -> list[Event]:
    """A list of events from a JSON array, each error naming its position (``events[3].args``)."""
    if not isinstance(data, Sequence) or isinstance(data, str | bytes):
        raise InvalidArgument(f"events must be a list of event objects, got {type(data).__name__}")
    return [parse_event(item, f"events[{i}]") for i, item in enumerate(data)]


def _check(data: Mapping[str, Any], where: str) -> str | None:
    """Refuse what the kind does not take; return the arguments as canonical JSON, when there are any."""
    kind = data.get("kind")
    if kind not in _KEYS:
        raise InvalidArgument(f"{where}.kind must be one of {', '.join(KINDS)}, got {kind!r}")
    required, optional = _KEYS[kind]
    allowed = (*_COMMON, *required, *optional)
    for key in data:
        if key not in allowed:
            raise InvalidArgument(f"{where}: unknown key {key!r} for a {kind} event; valid: {', '.join(allowed)}")
    for key in required:
        if data.get(key) is None:
            raise InvalidArgument(f"{where}.{key} is required for a {kind} event")
    for key in ("name", "text", "digest"):
        if data.get(key) is not None and not isinstance(data[key], str):
            raise InvalidArgument(f"{where}.{key} must be a string, got {type(data[key]).__name__}")
    if kind in ("tool_call", "tool_result") and not data["name"]:
        raise InvalidArgument(f"{where}.name must not be empty")
    args = canonical_args(data["args"], f"{where}.args") if data.get("args") is not None else None
    if data.get("text") is not None and data.get("digest") is not None:
        raise InvalidArgument(f"{where}: give either text or digest, not both")
    if not isinstance(data.get("is_error", False), bool):
        raise InvalidArgument(f"{where}.is_error must be true or false")
    tokens = data.get("tokens")
    if tokens is not None and (not isinstance(tokens, int) or isinstance(tokens, bool) or tokens < 0):
        raise InvalidArgument(f"{where}.tokens must be a whole number, at least 0, got {tokens!r}")
    moment = data.get("time")
    if moment is not None and (
        not isinstance(moment, int | float) or isinstance(moment, bool) or not math.isfinite(moment) or moment < 0
    ):
        raise InvalidArgument(f"{where}.time must be unix seconds (a number, at least 0), got {moment!r}")
    return args


def canonical_args(args: object, where: str = "args") -> str:
    """The arguments as one canonical JSON text: key order and ``1`` versus ``1.0`` never change identity."""
    if not isinstance(args, Mapping):
        raise InvalidArgument(f"{where} must be an object (a JSON dict), got {type(args).__name__}")
    return json.dumps(_canonical(args, where), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _canonical(value: object, where: str) -> object:
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise InvalidArgument(f"{where} holds {value!r}, which JSON cannot carry")
        # 2.0 and 2 are the same argument; beyond 2**53 a float no longer names one integer.
        return int(value) if value.is_integer() and abs(value) < 2**53 else value
    if isinstance(value, Mapping):
        out = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise InvalidArgument(f"{where} has a non-string key {key!r}")
            out[key] = _canonical(item, f"{where}.{key}")
        return out
    if isinstance(value, list | tuple):
        return [_canonical(item, f"{where}[{i}]") for i, item in enumerate(value)]
    raise InvalidArgument(f"{where} holds a {type(value).__name__}, which is not JSON")


def digest(text: str) -> str:
    """A short, fixed-size fingerprint, so stored state stays bounded however long the text was."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:DIGEST_CHARS]


def clip(text: str, limit: int = 200) -> str:
    """``text`` on one line, at most ``limit`` characters, an ellipsis marking any cut."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
