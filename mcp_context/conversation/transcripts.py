"""Host transcripts as message lists: Claude Code session JSONL (Anthropic blocks), Gemini CLI chat JSONL
(Gemini parts), Codex CLI rollouts (OpenAI messages, see formats/codex.py), and finding the current one from
inside the host (``transcript="host"``).

Both hosts write more than the conversation: bookkeeping lines, one line per assistant block (Claude Code),
records written twice and patches that rewrite or rewind the list (Gemini CLI). These readers replay all of it
into what the model actually saw. A client may name a transcript by path, so the server allows only files under
the hosts' own transcript directories and any the user adds (``MCP_CONTEXT_TRANSCRIPTS``)."""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InvalidArgument, shown_path
from . import codex_host, jsontext
from .formats import codex

#: Messages as read, and for each the ids of the host's lines or records it came from.
Read = tuple[list[dict[str, Any]], list[tuple[str, ...]]]
_IDS = "\0ids"  # a turn's record ids while the turns are merged; never in a returned message

MAX_TRANSCRIPT_BYTES = 512 * 1024 * 1024


@dataclass
class Transcript:
    path: Path
    host: str  # "claude-code", "gemini-cli" or "codex-cli"
    format: str  # the message format the reader produced: "anthropic", "gemini" or "openai"
    messages: list[dict[str, Any]]
    model: str | None = None
    notes: list[str] = field(default_factory=list)
    #: For each message, the ids the host gave the lines or records it came from (Claude Code's line uuids and
    #: the reply's message id, Gemini CLI's record ids): a caller may name a message by any of them.
    ids: list[tuple[str, ...]] = field(default_factory=list)


def claude_dir(env: Mapping[str, str]) -> Path:
    return Path(env.get("CLAUDE_CONFIG_DIR") or Path(env.get("HOME") or Path.home()) / ".claude")


def gemini_dir(env: Mapping[str, str]) -> Path:
    return Path(env.get("HOME") or Path.home()) / ".gemini"


def allowed_roots(env: Mapping[str, str]) -> list[Path]:
    """Where a client may point ``transcript``: the hosts' transcript folders and the user's additions."""
    roots = [claude_dir(env) / "projects", gemini_dir(env) / "tmp", codex_host.codex_dir(env) / "sessions"]
    extra = env.get("MCP_CONTEXT_TRANSCRIPTS", "")
    roots += [Path(p).expanduser() for p in extra.split(os.pathsep) if p]
    return roots


def load(spec: str, env: Mapping[str, str], roots: list[Path] | None) -> Transcript:
    """Read ``spec``: ``"host"`` for the running host's transcript, else a path (checked against ``roots``)."""
    if not isinstance(spec, str) or not spec or "\0" in spec:
        raise InvalidArgument("transcript must be 'host' or the path of a .jsonl transcript")
    path = find_host(env) if spec == "host" else Path(spec).expanduser()
    resolved, records, notes = _read_within(path, spec, roots)
    if codex.is_codex(records):
        messages, ids = codex.read_codex(records)
        return Transcript(resolved, "codex-cli", "openai", messages, codex.model_of(records), notes, ids)
    if _is_gemini(records):
        model = _last_str(r.get("model") for r in records if r.get("type") == "gemini")
        messages, ids = read_gemini_cli(records)
        return Transcript(resolved, "gemini-cli", "gemini", messages, model, notes, ids)
    if any(r.get("type") in ("user", "assistant") and "message" in r for r in records):
        model = _last_str(
            r["message"].get("model")
            for r in records
            if r.get("type") == "assistant" and isinstance(r.get("message"), dict)
        )
        messages, ids = read_claude_code(records)
        return Transcript(resolved, "claude-code", "anthropic", messages, model, notes, ids)
    raise InvalidArgument(f"{shown_path(spec)!r} is not a Claude Code, Gemini CLI or Codex CLI transcript")


def _last_str(values: Iterable[Any]) -> str | None:
    found = [v for v in values if isinstance(v, str) and v and not v.startswith("<")]
    return found[-1] if found else None


def _read_within(path: Path, spec: str, roots: list[Path] | None) -> tuple[Path, list[dict[str, Any]], list[str]]:
    """Open first, then check what was opened: the file the descriptor holds must lie in an allowed folder.
    Checking the path and then opening it would let a link swapped in between read any file (the check passes
    on the old target, the open follows the new one)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        raise InvalidArgument(f"transcript {shown_path(spec)!r} is not a file") from None
    try:
        opened = _opened(fd, path)
        if roots is not None and not any(opened.is_relative_to(r.resolve()) for r in roots):
            shown = ", ".join(shown_path(r) for r in roots)
            raise InvalidArgument(
                f"transcript {shown_path(spec)!r} is outside the transcript folders this server may read ({shown}); "
                "add its folder to MCP_CONTEXT_TRANSCRIPTS to allow it"
            )
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise InvalidArgument(f"transcript {shown_path(spec)!r} is not a file")
        if info.st_size > MAX_TRANSCRIPT_BYTES:
            raise InvalidArgument(
                f"transcript {shown_path(spec)!r} is {info.st_size:,} bytes, over the {MAX_TRANSCRIPT_BYTES:,} limit"
            )
        with os.fdopen(fd, encoding="utf-8", errors="replace") as f:
            fd = -1  # the file object closes it now
            records, notes = _records(f)
        return opened, records, notes
    finally:
        if fd >= 0:
            os.close(fd)


def _opened(fd: int, path: Path) -> Path:
    """The real path of the file an open descriptor holds (Linux names it under /proc); elsewhere the path's
    own resolution, checked to be the same file."""
    try:
        return Path(os.readlink(f"/proc/self/fd/{fd}"))
    except OSError:
        resolved = path.resolve()
        if not os.path.samestat(os.fstat(fd), os.stat(resolved)):
            raise InvalidArgument(f"transcript {shown_path(path)!r} changed while it was opened") from None
        return resolved


def _records(lines: Iterable[str]) -> tuple[list[dict[str, Any]], list[str]]:
    records, bad = [], 0
    for line in lines:
        if not line.strip():
            continue
        try:
            record = jsontext.loads(line)
        except ValueError:
            bad += 1  # the host may be writing the last line right now (or it nests too deep to read)
            continue
        if isinstance(record, dict):
            records.append(_mended(record) if _SURROGATE_ESCAPE.search(line) else record)
    notes = [f"skipped {bad} line(s) that were not JSON"] if bad else []
    return records, notes


#: A JSON escape of a UTF-16 surrogate: json.loads joins a pair into one character and leaves a lone one in the
#: string, which no UTF-8 encoder takes (not the store's, not the wire's).
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _mended(value: Any) -> Any:
    """``value`` with each lone surrogate in its strings (keys too) replaced by U+FFFD, as a decoder replaces
    bytes that are not UTF-8."""
    if isinstance(value, str):
        return _LONE_SURROGATE.sub("\ufffd", value)
    if isinstance(value, list):
        return [_mended(v) for v in value]
    if isinstance(value, dict):
        return {_mended(k): _mended(v) for k, v in value.items()}
    return value


def _is_gemini(records: list[dict[str, Any]]) -> bool:
    head = records[:5]
    return any("$set" in r or r.get("type") in ("gemini",) or ("projectHash" in r and "sessionId" in r) for r in head)


# Claude Code -----------------------------------------------------------------------------------------------


def read_claude_code(records: list[dict[str, Any]]) -> Read:
    """Anthropic messages: conversation lines after the last compaction, assistant blocks of one reply merged,
    consecutive tool-result lines gathered into the one user turn the API expects; and the ids of the lines
    each message came from."""
    messages: list[dict[str, Any]] = []
    ids: list[list[str]] = []
    last_id: str | None = None
    for record in records:
        kind = record.get("type")
        if kind == "system" and record.get("subtype") == "compact_boundary":
            messages, ids, last_id = [], [], None
            continue
        message = record.get("message")
        if kind not in ("user", "assistant") or record.get("isSidechain") or not isinstance(message, dict):
            continue
        content = message.get("content")
        blocks = content if isinstance(content, list) else [{"type": "text", "text": content}]
        previous = messages[-1] if messages else None
        names = [
            v for v in (record.get("uuid"), message.get("id") if kind == "assistant" else None) if isinstance(v, str)
        ]
        if kind == "assistant":
            reply_id = message.get("id")
            if previous and previous["role"] == "assistant" and reply_id and reply_id == last_id:
                previous["content"] = previous["content"] + list(blocks)
                ids[-1] += names
            else:
                messages.append({"role": "assistant", "content": list(blocks)})
                ids.append(names)
            last_id = reply_id
            continue
        last_id = None
        results = isinstance(content, list) and any(b.get("type") == "tool_result" for b in content)
        if results and previous and previous["role"] == "user" and isinstance(previous["content"], list):
            if any(b.get("type") == "tool_result" for b in previous["content"]):
                previous["content"] = previous["content"] + list(blocks)
                ids[-1] += names
                continue
        messages.append({"role": "user", "content": content})
        ids.append(names)
    return messages, [tuple(dict.fromkeys(n)) for n in ids]


# Gemini CLI ------------------------------------------------------------------------------------------------


def read_gemini_cli(records: list[dict[str, Any]]) -> Read:
    """Gemini contents: records upserted by id, ``$set.messages`` replacing the list, ``$rewindTo`` cutting it
    (the named message and everything after it go), then empty model turns dropped and same-role runs merged;
    and the ids of the records each turn came from.

    A rewritten list may leave out what the user asked earlier (it can start with the session context and a model
    turn): a request the user wrote and no rewind took back is still part of the history, so it stays, ahead of
    the rewritten list, in the order it was written."""
    logical: dict[str, dict[str, Any]] = {}
    left_out: dict[str, dict[str, Any]] = {}  # the user's requests that a rewrite dropped
    for record in records:
        patch = record.get("$set")
        if isinstance(patch, dict):
            if isinstance(patch.get("messages"), list):
                before, logical = logical, {}
                for item in patch["messages"]:
                    _upsert(logical, item)
                kept = {_request_text(r) for r in logical.values()}
                left_out = {k: v for k, v in left_out.items() if _request_text(v) not in kept}  # written back
                for key, old in before.items():
                    text = _request_text(old)
                    if text and key not in logical and text not in kept:
                        left_out[key] = old
            continue
        if "$rewindTo" in record:
            target = record["$rewindTo"]
            for held in (logical, left_out):
                if target in held:
                    keys = list(held)
                    for key in keys[keys.index(target) :]:
                        del held[key]
                    if held is left_out:  # a rewind to a dropped request takes back all that came after it
                        logical.clear()
            continue
        _upsert(logical, record)
    logical = {**{k: v for k, v in left_out.items() if k not in logical}, **logical}
    contents: list[dict[str, Any]] = []
    for key, record in logical.items():
        for turn in _turns(record):
            if contents and contents[-1]["role"] == turn["role"]:
                merged = contents[-1]
                contents[-1] = {
                    "role": turn["role"],
                    "parts": merged["parts"] + turn["parts"],
                    _IDS: [*merged[_IDS], key],
                }
            else:
                contents.append({**turn, _IDS: [key]})
    turns = _drop_answered_twice(contents)
    ids = [tuple(dict.fromkeys(turn.pop(_IDS))) for turn in turns]
    return turns, ids


def read_gemini_lines(lines: Iterable[str]) -> Read:
    """Gemini CLI chat file lines (the whole file, or the part before some record) as messages."""
    records, _ = _records(lines)
    return read_gemini_cli(records)


def _request_text(record: dict[str, Any]) -> str:
    """A user record's own words ('' for a model turn, a tool result, or context the host injected)."""
    if record.get("type") != "user":
        return ""
    texts = [p.get("text", "") for p in _parts(record.get("content")) if isinstance(p.get("text"), str)]
    said = "\n".join(t for t in texts if not t.lstrip().startswith(("<session_context>", "<system-reminder>")))
    return said.strip()


def _upsert(logical: dict[str, dict[str, Any]], record: Any) -> None:
    if isinstance(record, dict) and isinstance(record.get("id"), str) and record.get("type") in ("user", "gemini"):
        logical[record["id"]] = record


def _parts(content: Any) -> list[dict[str, Any]]:
    if isinstance(content, str):
        return [{"text": content}] if content else []
    if isinstance(content, list):
        return [p for p in content if isinstance(p, dict) and p and p != {"text": ""}]
    return []


def _turns(record: dict[str, Any]) -> list[dict[str, Any]]:
    if record["type"] == "user":
        parts = _parts(record.get("content"))
        return [{"role": "user", "parts": parts}] if parts else []
    parts = _parts(record.get("content"))
    # A rewritten list already carries the calls as API parts; the records written live carry them in toolCalls.
    present = {p["functionCall"].get("id") for p in parts if isinstance(p.get("functionCall"), dict)}
    calls = [c for c in record.get("toolCalls") or [] if isinstance(c, dict) and c.get("name")]
    parts += [
        {"functionCall": {"id": c.get("id"), "name": c["name"], "args": c.get("args") or {}}}
        for c in calls
        if c.get("id") is None or c.get("id") not in present
    ]
    turns: list[dict[str, Any]] = [{"role": "model", "parts": parts}] if parts else []
    results = [p for c in calls for p in (c.get("result") or []) if isinstance(p, dict) and "functionResponse" in p]
    if results:
        turns.append({"role": "user", "parts": results})
    return turns


def _drop_answered_twice(contents: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A call's result is in the model record *and* in a user record after it; keep one copy of each."""
    out: list[dict[str, Any]] = []
    for turn in contents:
        parts, seen = [], set()
        for part in turn["parts"]:
            response = part.get("functionResponse")
            key = response.get("id") if isinstance(response, dict) else None
            if key is not None:
                if key in seen:
                    continue
                seen.add(key)
            parts.append(part)
        if parts:
            out.append({"role": turn["role"], "parts": parts, _IDS: turn[_IDS]})
    return out


# finding the host's transcript -----------------------------------------------------------------------------


def find_host(env: Mapping[str, str]) -> Path:
    session = env.get("CLAUDE_CODE_SESSION_ID")
    if session:
        return _claude_transcript(session, env)
    if env.get("GEMINI_CLI"):
        return _gemini_transcript(env)
    found = codex_host.current_rollout(env)
    if found is not None:
        return found
    raise InvalidArgument(
        "transcript='host' works when this server runs inside Claude Code (CLAUDE_CODE_SESSION_ID is set), "
        "Gemini CLI (GEMINI_CLI is set) or Codex CLI (started by codex); elsewhere pass the transcript's path or "
        "the messages"
    )


def _claude_transcript(session: str, env: Mapping[str, str]) -> Path:
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,128}", session):
        raise InvalidArgument("CLAUDE_CODE_SESSION_ID does not look like a session id")
    projects = claude_dir(env) / "projects"
    project = env.get("CLAUDE_PROJECT_DIR") or os.getcwd()
    direct = projects / re.sub(r"[^A-Za-z0-9]", "-", project) / f"{session}.jsonl"
    if direct.is_file():
        return direct
    found = sorted(projects.glob(f"*/{session}.jsonl"))
    if found:
        return found[0]
    raise InvalidArgument(f"no Claude Code transcript for session {session} under {shown_path(projects)}")


def _gemini_transcript(env: Mapping[str, str]) -> Path:
    base = gemini_dir(env) / "tmp"
    start = Path(env.get("GEMINI_PROJECT_DIR") or os.getcwd()).resolve()
    for project in (start, *start.parents):
        for folder in _gemini_folders(base, project, env):
            chats = sorted(folder.glob("chats/session-*.jsonl"), key=lambda p: p.stat().st_mtime)
            if chats:
                return chats[-1]
    raise InvalidArgument(f"no Gemini CLI chat for {shown_path(start)} under {shown_path(base)}")


def _gemini_folders(base: Path, project: Path, env: Mapping[str, str]) -> list[Path]:
    folders = []
    try:
        names = json.loads((gemini_dir(env) / "projects.json").read_text())["projects"]
        if isinstance(names.get(str(project)), str):
            folders.append(base / names[str(project)])
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass
    folders.append(base / hashlib.sha256(str(project).encode()).hexdigest())
    folders.append(base / project.name)
    return [f for f in folders if f.is_dir() and _root_of(f) in (None, str(project))]


def _root_of(folder: Path) -> str | None:
    try:
        return (folder / ".project_root").read_text().strip()
    except OSError:
        return None


@dataclass(frozen=True)
class HistorySource:
    """The messages a history tool works on, and what their source said about them."""

    messages: list[Any]
    format: str
    #: The model the source names and where that was read (a transcript records it).
    model: tuple[str, str] | None = None
    notes: list[str] = field(default_factory=list)
    #: A transcript's own ids of each message (its line uuids), for ranges named by them.
    ids: list[tuple[str, ...]] | None = None
