"""What every command shares: the options of the top-level command (the store, the session, the size limit),
JSON output, and the sizes, ages and tables people read and type."""

from __future__ import annotations

import json
import os
import re
import shlex
import time
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from ..session import Session

from ..errors import InvalidArgument, InvalidInput
from ..limits import Limits

_SIZE_RE = re.compile(r"(\d+(?:\.\d+)?)\s*([kmgt]?)i?b?", re.IGNORECASE)
_AGE_RE = re.compile(r"(\d+(?:\.\d+)?)\s*([smhdw])", re.IGNORECASE)
_AGE_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}


def parse_size(text: str) -> int:
    match = _SIZE_RE.fullmatch(text.strip())
    if not match:
        raise click.BadParameter(f"{text!r} is not a size like 500M or 2G")
    return int(float(match[1]) * 1024 ** " kmgt".index(match[2].lower() or " "))


def parse_age(text: str) -> float:
    match = _AGE_RE.fullmatch(text.strip())
    if not match:
        raise click.BadParameter(f"{text!r} is not an age like 30d, 12h or 90m")
    return float(match[1]) * _AGE_UNITS[match[2].lower()]


def human(size: float) -> str:
    for unit in ("B", "KiB", "MiB"):
        if size < 1024:
            return f"{size:,.0f} {unit}" if unit == "B" else f"{size:,.1f} {unit}"
        size /= 1024
    return f"{size:,.1f} GiB"


def when(ts: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(ts)) if ts else "-"


def table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    line = "  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True))
    body = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    return "\n".join([line.rstrip(), *body])


def emit_json(value: Any, indent: int = 1) -> None:
    click.echo(json.dumps(value, indent=indent, ensure_ascii=False))


class Ctx:
    """The top-level options, and the Session they open."""

    def __init__(
        self,
        root: str | None,
        session: str | None,
        max_result_bytes: int | None,
        redact: bool | None = None,
        store: str | None = None,
    ) -> None:
        self.root, self.session, self.max_result_bytes = root, session, max_result_bytes
        self.redact = redact  # None: as MCP_CONTEXT_REDACT says (on unless turned off)
        self.store = store  # a postgresql:// URL; None: the file store under the root

    @property
    def limits(self) -> Limits | None:
        return Limits(max_result_bytes=self.max_result_bytes) if self.max_result_bytes is not None else None

    def open(self, continue_latest: bool = True) -> Session:
        """The session to act on. With no session named (``--session``, MCP_CONTEXT_SESSION or the host's), a
        command continues the session written to last in this root, so ``persist`` then ``results`` shows what
        was stored; only the server (``continue_latest=False``) starts a new one, as each host run is its own."""
        from ..session import Session  # here: a command that never opens a session starts without the core

        root = os.path.expanduser(self.root) if self.root else None
        if root is not None and os.path.exists(root) and not os.path.isdir(root):
            raise InvalidInput(f"--root {self.root} is not a folder: give the folder to keep sessions in")
        session = Session(self.root, self.session, limits=self.limits, redact=self.redact, store=self.store)
        if continue_latest and session.settings.session_source == "generated":
            latest = session.store.latest_session()
            if latest is not None:
                session.settings = session.settings._replace(session=latest, session_source="the latest in the store")
        return session

    def read_command(self, handle: str, **arguments: object) -> str:
        """The shell command that reads more, where a model is shown the read_persisted call."""
        words = ["mcp-context", *(["--root", self.root] if self.root else []), "read", handle]
        for name, value in arguments.items():
            if value is not None:
                words += [f"--{name.replace('_', '-')}", str(value)]
        return " ".join(shlex.quote(word) for word in words)


def read_input(stream: Any) -> bytes:
    """What a FILE argument holds, refused in one line when there is nothing in it (``-`` on an empty stdin)."""
    raw: bytes = stream.read()
    if not raw.strip():
        name = getattr(stream, "name", "-")
        raise InvalidArgument(f"the input ({'stdin' if name in ('-', '<stdin>') else name}) is empty")
    return raw


def load_messages(stream: Any) -> tuple[Any, dict[str, Any]]:
    """A message list, or a whole request body (OpenAI, Anthropic or Gemini) whose other fields help."""
    raw = read_input(stream)
    try:
        doc = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InvalidArgument(f"the input is not JSON ({exc})") from None
    if isinstance(doc, list):
        return doc, {}
    if isinstance(doc, dict):
        for key in ("messages", "contents"):
            if isinstance(doc.get(key), list):
                extra = {
                    "model": doc.get("model"),
                    "system": doc.get("system") or doc.get("systemInstruction"),
                    "tools": doc.get("tools"),
                }
                return doc[key], {k: v for k, v in extra.items() if v is not None}
    raise InvalidArgument("the input must be a JSON list of messages, or a request body with messages or contents")
