"""What the hosts wrote: session files normalised and trimmed, their tool calls read back."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

from .plan import STABLE_HOME, STABLE_PROJ

# ------------------------------------------------------------------------------------------------ normalising


def slug(path: str) -> str:
    return re.sub(r"[^A-Za-z0-9]", "-", path)


def normalise(text: str, run_dir: Path, root: Path) -> str:
    proj, home = str(run_dir / "proj"), str(run_dir / "home")
    pairs = [
        (proj, STABLE_PROJ),
        (home, STABLE_HOME),
        (hashlib.sha256(proj.encode()).hexdigest(), hashlib.sha256(STABLE_PROJ.encode()).hexdigest()),
        (slug(proj), slug(STABLE_PROJ)),
        (slug(home), slug(STABLE_HOME)),
        (str(root), "/tmp/record-hosts"),
    ]
    for old, new in pairs:
        text = text.replace(old, new)
    return text


TRIM_OVER, TRIM_KEEP = 400, 200


def trim_str(s: str) -> str:
    if len(s) <= TRIM_OVER:
        return s
    return s[:TRIM_KEEP] + f"\u2026[trimmed by record-hosts: {len(s):,} chars]"


def trim_value(x: Any) -> Any:
    if isinstance(x, str):
        return trim_str(x)
    if isinstance(x, list):
        return [trim_value(i) for i in x]
    if isinstance(x, dict):
        return {k: trim_value(v) for k, v in x.items()}
    return x


def trim_lists(x: Any, depth: int = 0) -> Any:
    if isinstance(x, list):
        if depth >= 1 and len(x) > 3 and len(json.dumps(x)) > 1500:
            marker = f"\u2026[trimmed by record-hosts: {len(x) - 3} more items]"
            return [trim_lists(i, depth + 1) for i in x[:3]] + [marker]
        return [trim_lists(i, depth + 1) for i in x]
    if isinstance(x, dict):
        return {k: trim_lists(v, depth + 1) for k, v in x.items()}
    return x


def trim_claude(text: str) -> tuple[str, list[int]]:
    """Claude Code writes its system prompt, tool schemas and skill lists into the session file (prompt_snapshot
    attachments, api-request-shape/blob lines: ~100 KB per session). Long strings in those bookkeeping lines (any
    line whose type is not user/assistant) are cut to keep fixtures small; conversation lines stay byte for byte.
    Returns the new text and the 1-based line numbers that were trimmed."""
    out, trimmed = [], []
    for n, line in enumerate(text.splitlines(), 1):
        try:
            rec = json.loads(line)
        except ValueError:
            out.append(line)
            continue
        if isinstance(rec, dict) and rec.get("type") not in ("user", "assistant"):
            new = trim_value(rec)
            if len(json.dumps(new)) > 4000:
                new = trim_lists(new)
            if new != rec:
                trimmed.append(n)
                line = json.dumps(new, ensure_ascii=False, separators=(",", ":"))
        out.append(line)
    return "\n".join(out) + "\n", trimmed


# ------------------------------------------------------------------------------------ reading back (own parser)


def jsonl(path: Path) -> list[dict[str, Any]]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            out.append(json.loads(line))
    return out


def result_text(x: Any) -> str:
    if isinstance(x, str):
        return x
    if isinstance(x, list):
        return "\n".join(result_text(i) for i in x)
    if isinstance(x, dict):
        for k in ("text", "output", "content", "error", "response", "functionResponse", "llmContent"):
            if k in x:
                return result_text(x[k])
        return json.dumps(x)
    return "" if x is None else str(x)


def calls_claude(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    calls: dict[str, dict[str, Any]] = {}
    order: list[str] = []
    for ln, r in enumerate(records, 1):
        msg = r.get("message")
        if r.get("type") not in ("user", "assistant") or not isinstance(msg, dict) or r.get("isSidechain"):
            continue
        content = msg.get("content")
        if not isinstance(content, list):
            continue
        for b in content:
            if b.get("type") == "tool_use":
                calls[b["id"]] = {"id": b["id"], "tool": b["name"], "args": b.get("input"), "call_line": ln}
                order.append(b["id"])
            elif b.get("type") == "tool_result" and b.get("tool_use_id") in calls:
                c = calls[b["tool_use_id"]]
                c.update(result=result_text(b.get("content")), is_error=bool(b.get("is_error")), result_line=ln)
    return [calls[i] for i in order]


def gemini_records(path: Path) -> list[dict[str, Any]]:
    text = path.read_text(encoding="utf-8")
    try:
        whole = json.loads(text)
        return whole.get("messages", []) if isinstance(whole, dict) else []
    except ValueError:
        return jsonl(path)


def calls_gemini(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Tool calls by id, last write wins (records are upserted; $set/$rewindTo are ignored here)."""
    calls: dict[str, dict[str, Any]] = {}
    for ln, r in enumerate(records, 1):
        for item in [r] + list((r.get("$set") or {}).get("messages") or []):
            if not isinstance(item, dict):
                continue
            for c in item.get("toolCalls") or []:
                if not isinstance(c, dict) or not c.get("id"):
                    continue
                res = c.get("result") or []
                resp = [
                    p["functionResponse"].get("response")
                    for p in res
                    if isinstance(p, dict) and "functionResponse" in p
                ]
                entry = calls.setdefault(c["id"], {"id": c["id"], "call_line": ln})
                entry.update(
                    tool=c.get("name"),
                    args=c.get("args"),
                    status=c.get("status"),
                    result=result_text(resp) if resp else result_text(c.get("resultDisplay")),
                    is_error=c.get("status") == "error",
                    result_line=ln,
                )
    return list(calls.values())
