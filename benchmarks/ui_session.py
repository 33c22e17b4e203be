"""The large session ``python -m benchmarks.ui`` serves: exactly 10,000 messages and exactly 2,000 results.

It is a Claude Code session as our pieces would leave it after a long run, every part made by the real code:

- the host's transcript: a 10,000-message agent history (benchmarks/histories.py: real text, tool calls and
  their results) written as Claude Code writes its ``.jsonl``, its messages spread over the last two hours, then
  Claude Code's own compaction (a boundary and its summary) at the end;
- our PreCompact hook run on it before that compaction (its snapshot and the archive of every message), and the
  SessionStart(compact) after it, which audits the host's summary and journals the audit (the audit page);
- ``compact_history`` on the same 10,000 messages (every layer's work journaled, every original archived), and a
  loop that warned and stopped;
- the PostToolUse hook storing shell outputs, as many as it takes for the session to hold 2,000 results.

Most tool outputs of the history are cut to a few lines (below the 500 characters layer 1 clears), one in
:data:`LARGE_EVERY` kept large: a compaction stores each large output it clears as a result of its own, and with
every output large the compaction alone would store about 4,000.
"""

from __future__ import annotations

import json
import random
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from mcp_context import Session
from mcp_context.hooks.run import run
from mcp_context.journal import read_journal

from .histories import Case, Texts, build_history

SESSION = "b16c0de5-1b2e-4c3d-9e8f-000000010000"  # a Claude Code session id: the hooks file it under its id
MODEL = "claude-sonnet-4-5"
LARGE_EVERY = 8
SHORT_CHARS = 400
SPAN_S = 2 * 3600.0
HOST_SUMMARY = (
    "1. Primary Request and Intent: work through the failing modules of the standard library checkout.\n"
    "2. Key Technical Concepts: the tests, the sources read and the diffs made so far.\n"
    "3. Pending Tasks: go on with the next module."
)


def history(messages: int) -> list[dict[str, Any]]:
    """An OpenAI-format history of exactly ``messages`` messages; one tool output in LARGE_EVERY kept whole."""
    made = build_history(Texts(random.Random("ui")), Case("ui", "openai", messages), 1, 0).messages
    tools = 0
    for message in made:
        if message.get("role") == "tool":
            tools += 1
            text = message["content"]
            if tools % LARGE_EVERY and len(text) > SHORT_CHARS:
                message["content"] = text[:SHORT_CHARS].rsplit("\n", 1)[0] + "\n… (cut)"
    assert len(made) == messages
    return made


def transcript(messages: list[dict[str, Any]], path: Path, end: float) -> Path:
    """``messages`` as Claude Code 2.1.330 writes a transcript (the system prompt is not in it), one record a
    message at an even pace ending at ``end``, then its automatic compaction of them all."""
    records: list[dict[str, Any]] = []
    parent: str | None = None
    step = SPAN_S / max(len(messages), 1)
    for i, message in enumerate(messages):
        role, content = message["role"], message.get("content")
        if role == "system":
            continue
        if role == "tool":
            body: Any = [{"type": "tool_result", "tool_use_id": message["tool_call_id"], "content": content}]
            role = "user"
        elif role == "assistant":
            blocks: list[dict[str, Any]] = [{"type": "text", "text": content}] if content else []
            for call in message.get("tool_calls") or []:
                function = call["function"]
                args = json.loads(function["arguments"])
                blocks.append({"type": "tool_use", "id": call["id"], "name": function["name"], "input": args})
            body = {"role": "assistant", "model": MODEL, "content": blocks}
        else:
            body = content
        record_id = str(uuid.UUID(int=i + 1))
        message_doc = body if isinstance(body, dict) else {"role": role, "content": body}
        records.append(_record(role, message_doc, record_id, parent, end - SPAN_S + i * step))
        parent = record_id
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def _record(kind: str, message: dict[str, Any], record_id: str, parent: str | None, at: float) -> dict[str, Any]:
    stamp = datetime.fromtimestamp(at, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    return {
        "parentUuid": parent,
        "isSidechain": False,
        "type": kind,
        "message": message,
        "uuid": record_id,
        "timestamp": stamp,
        "sessionId": SESSION,
        "version": "2.1.330",
    }


def host_compaction(path: Path, at: float) -> None:
    """Claude Code's automatic compaction appended: its boundary, then its summary."""
    last = json.loads(path.read_text(encoding="utf-8").splitlines()[-1])["uuid"]
    boundary_id, summary_id = str(uuid.uuid4()), str(uuid.uuid4())
    boundary = _record("system", {}, boundary_id, None, at)
    del boundary["message"]
    boundary.update(
        subtype="compact_boundary",
        content="Conversation compacted",
        logicalParentUuid=last,
        compactMetadata={
            "trigger": "auto",
            "preTokens": 170_000,
            "preservedMessages": {"anchorUuid": summary_id, "uuids": [], "allUuids": []},
            "postTokens": 3_000,
        },
    )
    said = (
        "This session is being continued from a previous conversation that ran out of context. The summary "
        f"below covers the earlier portion of the conversation.\n\nSummary:\n{HOST_SUMMARY}\n\nIf you need specific "
        "details from before compaction, read the full transcript."
    )
    summary = _record("user", {"role": "user", "content": said}, summary_id, boundary_id, at + 1)
    summary["isCompactSummary"] = True
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps(boundary) + "\n" + json.dumps(summary) + "\n")


def _hook(root: Path, event: str, data: dict[str, Any]) -> str | None:
    return run("claude", event, json.dumps({"session_id": SESSION, **data}).encode(), root, env={})


def _check(done: bool, what: str, root: Path) -> None:
    if not done:
        raise SystemExit(f"the benchmark's session is not as built: {what} (see {root}/hooks.log)")


def build(root: Path, folder: Path, messages: int, results: int) -> None:
    """The session in store ``root``, its transcript in ``folder``."""
    made = history(messages)
    path = transcript(made, folder / f"{SESSION}.jsonl", time.time() - 120)
    pre = {"transcript_path": str(path), "trigger": "auto", "hook_event_name": "PreCompact"}
    _check(_hook(root, "pre-compact", pre) is not None, "PreCompact made no snapshot", root)
    host_compaction(path, time.time() - 60)
    _hook(root, "session-start", {"source": "compact", "transcript_path": str(path), "hook_event_name": "SessionStart"})
    s = Session(root, SESSION, env={})
    audited = any(e.get("kind") == "host_compaction" for e in read_journal(s.store, SESSION))
    _check(audited, "SessionStart(compact) journaled no audit", root)
    s.compact_history(messages=made[:-1], target_tokens=50_000, model=MODEL)
    s.compact_history(messages=made, target_tokens=50_000, model=MODEL)  # the session grew by one message
    read = [{"kind": "tool_call", "name": "read_file", "args": {"path": "a.py"}}]
    read.append({"kind": "tool_result", "name": "read_file", "text": "the same text"})
    s.check_loop(events=[{"kind": "user", "text": "go"}])
    for _ in range(4):
        s.check_loop(events=[{"kind": "turn"}, *read])
    have = len(s.results())
    if have > results:
        raise SystemExit(f"the compactions and the hooks stored {have:,} results, more than the {results:,} asked")
    for i in range(results - have):
        out = "".join(f"step {i}.{j}: compiled module_{j}.o ({j * 37 % 997} warnings)\n" for j in range(400))
        tool = {"tool_name": "Bash", "tool_input": {"command": f"make -C part{i}"}, "tool_use_id": f"toolu_{i:06d}"}
        response = {"stdout": out, "stderr": "", "interrupted": False, "isImage": False}
        stored = _hook(root, "post-tool-use", {**tool, "hook_event_name": "PostToolUse", "tool_response": response})
        _check(stored is not None, "PostToolUse stored no output", root)
    got = len(Session(root, SESSION, env={}).results())
    _check(got == results, f"it holds {got:,} results, not the {results:,} asked", root)
