"""Gemini CLI rewrites its chat file's message list (``$set.messages``) during a long session, and a rewritten
list can start with the session context and a model turn: the user's first request, written earlier as its own
record, is in none of the rewritten lists. It is still part of the history summaries and compaction read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mcp_context import Session
from mcp_context.conversation.transcripts import read_gemini_cli

REQUEST = "Fix the login test in auth/ that fails since the token refactor; keep the public API unchanged."
CONTEXT = "<session_context>\nThis is the Gemini CLI. Workspace: /work/app\n</session_context>"


def _user(ident: str, text: str) -> dict[str, Any]:
    return {"id": ident, "timestamp": "2026-01-01T10:00:00Z", "type": "user", "content": [{"text": text}]}


def _model(ident: str, text: str, n: int) -> dict[str, Any]:
    call = {
        "id": f"run-{n}",
        "name": "run_shell_command",
        "args": {"command": f"pytest -q tests/test_login.py -k case{n}"},
        "result": [
            {
                "functionResponse": {
                    "id": f"run-{n}",
                    "name": "run_shell_command",
                    "response": {"output": f"Output: {'.' * 40}\n1 passed\nProcess Group PGID: 4{n}"},
                }
            }
        ],
        "status": "success",
    }
    return {"id": ident, "timestamp": "2026-01-01T10:00:01Z", "type": "gemini", "content": text, "toolCalls": [call]}


def _rewritten(n: int) -> list[dict[str, Any]]:
    """A rewritten list as 0.61 writes it in a long session: context first, then a model turn, no request."""
    return [_user(f"ctx{n}", CONTEXT), _model(f"m{n}", f"Continuing with case {n}.", n), _user(f"c{n}", "go on")]


def _records() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"sessionId": "s1", "projectHash": "p1", "startTime": "2026-01-01T10:00:00Z"}]
    out += [_user("u1", REQUEST), _model("g1", "Looking at the login test first.", 0)]
    for n in range(1, 4):
        out.append(_model(f"g{n}x", f"Step {n}.", 10 + n))
        out.append({"$set": {"messages": _rewritten(n)}})
    return out


def test_a_request_a_rewrite_leaves_out_is_still_read() -> None:
    turns, _ = read_gemini_cli(_records())
    texts = [p.get("text", "") for t in turns for p in t["parts"]]
    assert texts[0] == REQUEST  # first, in the order it was written
    assert texts.count(REQUEST) == 1
    assert "Continuing with case 3." in texts  # the last rewrite is there in full


def test_a_request_the_rewrite_keeps_is_not_doubled() -> None:
    records = _records()
    records.append({"$set": {"messages": [_user("u1b", REQUEST), *_rewritten(9)]}})
    turns, _ = read_gemini_cli(records)
    texts = [p.get("text", "") for t in turns for p in t["parts"]]
    assert texts.count(REQUEST) == 1


def test_a_rewind_to_the_dropped_request_takes_it_back() -> None:
    records = [*_records(), {"$rewindTo": "u1"}, _user("u2", "Start over: only read the code.")]
    turns, _ = read_gemini_cli(records)
    texts = [p.get("text", "") for t in turns for p in t["parts"]]
    assert REQUEST not in texts and texts[0] == "Start over: only read the code."


def _chat(tmp_path: Path) -> Path:
    chats = tmp_path / "chats"
    chats.mkdir()
    path = chats / "session-2026-01-01T10-00-s1.jsonl"
    lines = _records()
    for n in range(4, 40):  # a long session: more rewrites, none of which holds the request
        lines.append(_model(f"g{n}x", f"Step {n}: {'checked the handler ' * 20}", 10 + n))
        lines.append({"$set": {"messages": _rewritten(n) + [_model(f"k{n}", "More. " * 60, 100 + n)]}})
    path.write_text("\n".join(json.dumps(r) for r in lines) + "\n")
    return path


def test_summary_and_compaction_of_a_rewritten_session_keep_the_first_request(tmp_path: Path) -> None:
    path = _chat(tmp_path)
    session = Session(root=tmp_path / "store", session="g", env={}, transcript_roots=[tmp_path])
    summary = session.summarize_range(transcript=str(path), style="sections", engine="extractive")
    assert REQUEST in (summary.text or "")
    compacted = session.compact_history(transcript=str(path), target_tokens=300)
    text = json.dumps(compacted.messages)
    assert REQUEST in text  # the first real request, verbatim
