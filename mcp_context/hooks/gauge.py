"""A context gauge: how full the conversation is since the host's last compaction, what the hooks kept out of
it, and what the session holds; for ``mcp-context gauge`` and for Claude Code's status line.

The status line runs after every assistant message, so this module loads only the store, the model profiles
and the token estimate (no pydantic, no MCP SDK, no transcript reader): the transcript is scanned line by
line from its last ``compact_boundary``. The status line also takes the host's own figures when its JSON has
them (``context_window.context_window_size`` and ``current_usage``).

The status line entry in Claude Code's settings (``"statusLine": {"type": "command", "command": ...}``) is ours
when its command is ``... mcp-context ... gauge --statusline``; a user's own status line is never replaced.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..compaction import profiles
from ..limits import Limits
from ..storage.files import FileStore
from ..tokens.count import estimate_bytes

Count = Callable[[str], int]
_HOOK_SOURCE = re.compile(r"^(?:claude|gemini) ")
_OUR_NOTE = "[mcp-context]"
_HANDLE = re.compile(r"r_[0-9a-f]{16}")
_MODEL = re.compile(r'"model"\s*:\s*"((?:claude|gemini|gpt|o\d)[^"]*)"')
_OUR_STATUSLINE = re.compile(r"(?:mcp-context|mcp_context)\S*\s(?:.*\s)?gauge\s+--statusline\b")


def estimate(text: str) -> int:
    return estimate_bytes(text.encode("utf-8", "surrogatepass"))


@dataclass
class Tally:
    count: int = 0
    chars: int = 0
    tokens: int = 0

    def add(self, chars: int, tokens: int) -> None:
        self.count, self.chars, self.tokens = self.count + 1, self.chars + chars, self.tokens + tokens


@dataclass
class Scan:
    """What the transcript says, from its last compaction on."""

    model: str | None = None
    compactions: int = 0
    messages: int = 0
    tokens: int = 0  # the conversation since the last boundary, as counted here
    host_tokens: int | None = None  # the host's own figure: the last reply's usage (input, cache, output)
    injected: Tally = field(default_factory=Tally)  # our previews and notes the model got instead of outputs
    handles: set[str] = field(default_factory=set)


@dataclass
class Gauge:
    session: str
    transcript: str | None
    model: str | None
    window: int | None
    max_input: int | None
    window_source: str
    used_tokens: int | None
    used_source: str
    messages: int = 0
    compactions: int = 0
    host_tokens: int | None = None
    stored: Tally = field(default_factory=Tally)  # outputs the hooks stored
    injected: Tally = field(default_factory=Tally)  # what the model got instead
    results: Tally = field(default_factory=Tally)  # everything the session holds

    @property
    def percent(self) -> float | None:
        if not self.window or self.used_tokens is None:
            return None
        return 100 * self.used_tokens / self.window

    @property
    def kept_out(self) -> int:
        """Tokens the hooks kept out of the context: what they stored less what they showed instead."""
        return max(0, self.stored.tokens - self.injected.tokens)

    def to_dict(self) -> dict[str, Any]:
        percent = None if self.percent is None else round(self.percent, 1)
        return {**asdict(self), "percent": percent, "kept_out_tokens": self.kept_out}

    def report(self) -> str:
        pct = f"{self.percent:.0f}%" if self.percent is not None else "?"
        window = f"{self.window:,}" if self.window else "unknown"
        used = f"{self.used_tokens:,}" if self.used_tokens is not None else "?"
        context = (
            f"context: {pct} full: {used} tokens ({self.used_source}) of {window} ({self.window_source}); "
            f"{self.messages} messages since the last of {self.compactions} compaction(s)"
            if self.used_tokens is not None
            else "context: not measured, no transcript of the host's conversation is known for this session"
        )
        lines = [
            f"session {self.session}" + (f"  transcript {self.transcript}" if self.transcript else ""),
            context,
            f"hooks: {self.stored.count} outputs stored ({self.stored.tokens:,} tokens, {self.stored.chars:,} chars); "
            f"the model got {self.injected.chars:,} chars instead (about {self.injected.tokens:,} tokens): "
            f"{self.kept_out:,} tokens kept out",
            f"results: {self.results.count} stored in the session ({self.results.tokens:,} tokens)",
        ]
        if self.host_tokens is not None and self.used_source != "host usage":
            lines.append(
                f"host usage of the last reply (system prompt and tools included): {self.host_tokens:,} tokens"
            )
        return "\n".join(lines)

    def line(self) -> str:
        """One short line for a status bar."""
        parts = []
        if self.used_tokens is not None:
            pct = f"{self.percent:.0f}% " if self.percent is not None else ""
            window = f"/{_k(self.window)}" if self.window else ""
            parts.append(f"ctx {pct}{_k(self.used_tokens)}{window}")
        if self.stored.count:
            parts.append(f"hooks kept {_k(self.kept_out)} tok out ({self.stored.count} stored)")
        parts.append(f"{self.results.count} results")
        if self.compactions:
            parts.append(f"compacted {self.compactions}x")
        return "mcp-context: " + " · ".join(parts)


def _k(n: int) -> str:
    return f"{n / 1_000_000:.1f}M" if n >= 1_000_000 else f"{n / 1000:.0f}K" if n >= 1000 else str(n)


# the transcript ------------------------------------------------------------------------------------------------


def scan(path: Path, count: Count = estimate) -> Scan:
    """Scan a Claude Code (or Gemini CLI) transcript: lines before the last boundary are only searched for the
    model and our notes, never parsed as conversation."""
    text = path.read_text(encoding="utf-8", errors="replace")
    lines = text.splitlines()
    bounds = [i for i, line in enumerate(lines) if '"compact_boundary"' in line and _is_boundary(line)]
    out = Scan(compactions=len(bounds))
    models = _MODEL.findall(text)
    out.model = models[-1] if models else None
    start = bounds[-1] + 1 if bounds else 0
    kept = _preserved(lines[bounds[-1]]) if bounds else set()
    for n, line in enumerate(lines):
        verbatim = n < start and bool(kept) and any(u in line for u in kept)
        if n < start and not verbatim and _OUR_NOTE not in line:
            continue
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict):
            _record(out, record, n >= start or record.get("uuid") in kept, count)
    return out


def _preserved(boundary: str) -> set[str]:
    """The lines Claude Code kept verbatim after its summary (the boundary's ``preservedMessages``)."""
    meta = json.loads(boundary).get("compactMetadata")
    kept = meta.get("preservedMessages") if isinstance(meta, dict) else None
    uuids = (kept.get("allUuids") or kept.get("uuids")) if isinstance(kept, dict) else None
    return {u for u in uuids if isinstance(u, str) and u} if isinstance(uuids, list) else set()


def _is_boundary(line: str) -> bool:
    try:
        record = json.loads(line)
    except ValueError:
        return False
    return isinstance(record, dict) and record.get("type") == "system" and record.get("subtype") == "compact_boundary"


def _record(out: Scan, record: dict[str, Any], current: bool, count: Count) -> None:
    kind = record.get("type")
    message = record.get("message")
    if kind in ("user", "assistant") and isinstance(message, dict) and not record.get("isSidechain"):
        content = message.get("content")
        _notes(out, content)
        if current:
            out.messages += 1
            out.tokens += count(content if isinstance(content, str) else json.dumps(content, ensure_ascii=False))
            usage = message.get("usage")
            if kind == "assistant" and isinstance(usage, dict):
                keys = ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens", "output_tokens")
                out.host_tokens = sum(v for k in keys if isinstance(v := usage.get(k), int))
    elif kind in ("user", "gemini") and "content" in record:  # Gemini CLI records
        _notes(out, record.get("content"))
        _notes(out, [c.get("result") for c in record.get("toolCalls") or [] if isinstance(c, dict)])
        if current:
            out.messages += 1
            out.tokens += count(json.dumps([record.get("content"), record.get("toolCalls")], ensure_ascii=False))


def _notes(out: Scan, content: Any) -> None:
    """Our previews and handle notes among the tool results: what the model got in place of stored outputs."""
    for text in _texts(content):
        if _OUR_NOTE in text and _HANDLE.search(text):
            out.injected.add(len(text), estimate(text))
            out.handles.update(_HANDLE.findall(text))


def _texts(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [t for item in value for t in _texts(item)]
    if isinstance(value, dict):
        if value.get("type") == "tool_result" or "functionResponse" in value:
            inner = value.get("content", value.get("functionResponse"))
            text = inner if isinstance(inner, str) else json.dumps(inner, ensure_ascii=False)
            return [text]
        if value.get("type") == "text" and isinstance(value.get("text"), str):
            return [value["text"]]
    return []


# the gauge -----------------------------------------------------------------------------------------------------


def measure(
    root: Path,
    session: str,
    transcript: Path | None,
    count: Count = estimate,
    host: Mapping[str, Any] | None = None,
) -> Gauge:
    """The gauge of ``session``. ``host`` is Claude Code's status-line JSON: its window and usage win over ours."""
    found = scan(transcript, count) if transcript is not None and transcript.is_file() else Scan()
    model = _host_model(host) or found.model
    profile = profiles.lookup(model) if model else None
    window = profile.context_window if profile else None
    source = f"profile {profile.name}" if profile else ("unknown model " + model if model else "no model known")
    used, used_source = (found.tokens, "messages since the last compaction") if transcript is not None else (None, "-")
    given_window, given_used = _host_context(host)
    if given_window:
        window, source = given_window, "the host's context_window_size"
    if given_used is not None:
        used, used_source = given_used, "host usage"
    gauge = Gauge(session, str(transcript) if transcript else None, model, window, None, source, used, used_source)
    gauge.max_input = profile.max_input if profile else None
    gauge.messages, gauge.compactions, gauge.host_tokens = found.messages, found.compactions, found.host_tokens
    gauge.injected = found.injected
    store = FileStore(root, max_result_bytes=Limits().max_result_bytes)
    for meta in store.list_results(session) if session in store.session_ids() else []:
        gauge.results.add(meta.chars, meta.tokens)
        if meta.source and _HOOK_SOURCE.match(meta.source):
            gauge.stored.add(meta.chars, meta.tokens)
    return gauge


def _host_model(host: Mapping[str, Any] | None) -> str | None:
    model = host.get("model") if host else None
    value = model.get("id") if isinstance(model, dict) else model
    return value if isinstance(value, str) and value else None


def _host_context(host: Mapping[str, Any] | None) -> tuple[int | None, int | None]:
    """(window, tokens in use) from Claude Code's status-line JSON, when it gives them."""
    cw = host.get("context_window") if host else None
    if not isinstance(cw, dict):
        return None, None
    size = cw.get("context_window_size")
    usage = cw.get("current_usage")
    used = None
    if isinstance(usage, dict):
        keys = ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")
        used = sum(v for k in keys if isinstance(v := usage.get(k), int)) or None
    return (size if isinstance(size, int) and size > 0 else None), used


def statusline(stdin: bytes, root: Path) -> str:
    """Claude Code's status line: its JSON in, one line out; never raises (a broken line shows as a dash)."""
    try:
        data = json.loads(stdin or b"{}")
        data = data if isinstance(data, dict) else {}
        session = data.get("session_id")
        path = data.get("transcript_path")
        if not isinstance(session, str) or not re.fullmatch(r"[A-Za-z0-9_.-]{1,128}", session):
            return "mcp-context: no session"
        transcript = Path(path) if isinstance(path, str) and path else None
        return measure(root, session, transcript, host=data).line()
    except Exception as exc:  # a status line must print something, and quickly
        return f"mcp-context: - ({type(exc).__name__})"


# the status line entry in Claude Code's settings ---------------------------------------------------------------


def is_ours(entry: Any) -> bool:
    command = entry.get("command") if isinstance(entry, dict) else None
    return isinstance(command, str) and bool(_OUR_STATUSLINE.search(command))


def with_statusline(doc: dict[str, Any], command: str) -> tuple[dict[str, Any], str]:
    """``doc`` with our status line, and what happened: "added", "unchanged" or "kept yours" (a user's own status
    line is never replaced)."""
    entry = {"type": "command", "command": command}
    current = doc.get("statusLine")
    if current is not None and not is_ours(current):
        return doc, "kept yours"
    if current == entry:
        return doc, "unchanged"
    return {**doc, "statusLine": entry}, "added"


def without_statusline(doc: dict[str, Any]) -> dict[str, Any]:
    if not is_ours(doc.get("statusLine")):
        return doc
    return {k: v for k, v in doc.items() if k != "statusLine"}


def install_statusline(path: Path, command: str) -> str:
    """Add our status line to a Claude Code settings file, keeping everything else; what happened (see
    :func:`with_statusline`). Run after the hooks' install, so uninstall can still put back the first bytes."""
    from .settings import read, render, write_atomic

    current = read(path)
    doc, how = with_statusline(current.doc, command)
    if how == "added":
        write_atomic(path, render(doc, current.text))
    return how


def uninstall_statusline(path: Path) -> bool:
    """Take our status line out (before the hooks' uninstall, which then finds the file as its install left it)."""
    from .settings import read, render, write_atomic

    current = read(path)
    doc = without_statusline(current.doc)
    if doc is current.doc:
        return False
    write_atomic(path, render(doc, current.text))
    return True
