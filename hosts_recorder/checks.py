"""Checks of the recorded fixtures already on disk (--check)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from .plan import STABLE_PROJ
from .scenarios import scenarios
from .transcripts import calls_claude, calls_gemini
from .truth import reader_index

# ------------------------------------------------------------------------------------------------- --check


def max_bytes(scenario: str) -> int:
    return next((sc.max_bytes for sc in scenarios(True) if sc.name == scenario), 150_000)


def check_fixture(truth_path: Path) -> list[str]:
    """Well-formedness of one recorded fixture, its truth file, and the project's reader on it."""
    bad: list[str] = []
    truth = json.loads(truth_path.read_text())
    fx = truth_path.parent / truth["fixture"]
    raw = fx.read_text(encoding="utf-8")
    limit = max_bytes(truth["scenario"])
    if fx.stat().st_size > limit:
        bad.append(f"{fx.stat().st_size:,} bytes (> {limit // 1000} KB)")
    for leftover in ("/tmp/record-hosts", "sk-ant-dummy", "dummy-not-a-key"):
        if leftover in raw:
            bad.append(f"contains {leftover!r}")
    records = []
    for n, line in enumerate(raw.splitlines(), 1):
        if line.strip():
            try:
                records.append(json.loads(line))
            except ValueError:
                bad.append(f"line {n} is not JSON")
    claude = truth["host"] == "claude-code"
    calls = _claude_calls(records, truth, bad) if claude else _gemini_calls(records, truth, bad)
    for c in calls:
        if "result" not in c:
            bad.append(f"tool call {c['id']} ({c.get('tool')}) has no result")
    ids = {c["id"] for c in calls}
    for c in truth["tool_calls"]:
        if c["tool_call_id"] not in ids:
            bad.append(f"truth names tool call {c['tool_call_id']}, not in the transcript")
    tr, err = reader_index(fx)
    if tr is None:
        bad.append(f"project reader cannot parse it: {err}")
        return bad
    return bad + _reader_problems(tr, truth, claude)


def _claude_calls(records: list[dict[str, Any]], truth: dict[str, Any], bad: list[str]) -> list[dict[str, Any]]:
    kinds = {r.get("type") for r in records}
    if not {"user", "assistant"} <= kinds:
        bad.append(f"no user/assistant lines (types: {sorted(map(str, kinds))})")
    sids = {r["sessionId"] for r in records if "sessionId" in r}
    if sids != {truth["session_id"]}:
        bad.append(f"sessionIds {sids}")
    return calls_claude(records)


def _gemini_calls(records: list[dict[str, Any]], truth: dict[str, Any], bad: list[str]) -> list[dict[str, Any]]:
    head = records[0] if records else {}
    if (
        head.get("sessionId") != truth["session_id"]
        or head.get("projectHash") != hashlib.sha256(STABLE_PROJ.encode()).hexdigest()
    ):
        bad.append(f"first record is not the session header for {truth['session_id']}: {str(head)[:200]}")
    return calls_gemini(records)


def _reader_problems(tr: Any, truth: dict[str, Any], claude: bool) -> list[str]:
    """What the project's own reader makes of the fixture, against the truth: roles, pairs, requests, answer."""
    bad: list[str] = []
    if tr.host != truth["host"]:
        bad.append(f"reader says host {tr.host}, truth {truth['host']}")
    roles = [m["role"] for m in tr.messages]
    other = "assistant" if claude else "model"
    for i in range(1, len(roles)):
        if roles[i] == roles[i - 1]:
            bad.append(f"reader: messages {i - 1} and {i} are both {roles[i]}")
    if roles and (roles[0] != "user" or roles[-1] != other):
        bad.append(f"reader: starts with {roles[0]}, ends with {roles[-1]}")
    for i, m in enumerate(tr.messages):
        body = m.get("content") if claude else m.get("parts")
        body = body if isinstance(body, list) else []
        if claude:
            made = [b["id"] for b in body if isinstance(b, dict) and b.get("type") == "tool_use"]
        else:
            made = [p["functionCall"].get("id") for p in body if isinstance(p, dict) and "functionCall" in p]
        if made:
            nxt = json.dumps(tr.messages[i + 1]) if i + 1 < len(tr.messages) else ""
            for cid in made:
                if str(cid) not in nxt:
                    bad.append(f"reader: call {cid} in message {i} is not answered in message {i + 1}")
    n_calls = sum(json.dumps(m).count('"tool_use"' if claude else '"functionCall"') for m in tr.messages)
    if n_calls != len(truth["tool_calls"]):
        bad.append(f"reader: {n_calls} tool calls, truth {len(truth['tool_calls'])}")
    users = [json.dumps(m, ensure_ascii=False) for m in tr.messages if m["role"] == "user"]
    for req in truth["user_requests"]:
        if not any(json.dumps(req["text"], ensure_ascii=False)[1:-1] in u for u in users):
            bad.append(f"reader: user request of turn {req['turn']} not among the user messages")
    last = json.dumps(tr.messages[-1], ensure_ascii=False) if tr.messages else ""
    if json.dumps(truth["final_answers"][-1]["text"], ensure_ascii=False)[1:-1] not in last:
        bad.append("reader: the last message is not the final answer")
    return bad


def check_all(out: Path) -> int:
    n_bad = 0
    for tp in sorted(out.glob("*/*.truth.json")):
        bad = check_fixture(tp)
        n_bad += bool(bad)
        print(f"{'OK  ' if not bad else 'BAD '} {tp.parent.name}/{tp.name.replace('.truth.json', '')}")
        for b in bad:
            print(f"     ! {b}")
    return 1 if n_bad else 0
