"""The truth file of a fixture: the planted facts tied to the tool calls of the transcript, checked."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from .calls import for_host
from .hosts import Hosts
from .plan import ROOT, STABLE_HOME, STABLE_PROJ, Scenario
from .transcripts import calls_claude, calls_gemini, gemini_records, jsonl


def quote_line(text: str, needle: str) -> str:
    """The line a human would quote: the one equal to needle, else the first containing it (without Gemini CLI's
    "Output: " prefix on the first line of shell output)."""
    lines = [re.sub(r"^Output: ", "", ln.strip()) for ln in text.splitlines()]
    for line in lines:
        if line == needle:
            return line
    for line in lines:
        if needle in line:
            return line
    return ""


def exit_code_of(text: str, host: str) -> int | None:
    m = re.search(r"Exit [Cc]ode:? (\d+)", text)
    return int(m.group(1)) if m else None


# ------------------------------------------------------------------------------------------- truth + checking


def reader_index(fixture: Path) -> tuple[Any, str]:
    """Load the fixture through the project's reader: (Transcript or None, error)."""
    try:
        sys.path.insert(0, str(ROOT))
        from mcp_context.conversation import transcripts
    except Exception as e:  # the package is being edited by others; report, do not fail
        return None, f"import failed: {type(e).__name__}: {e}"
    try:
        return transcripts.load(str(fixture), {}, None), ""
    except Exception as e:
        return None, f"{type(e).__name__}: {e}"


def message_of(tr: Any, call_id: str, role: str) -> int | None:
    if tr is None:
        return None
    for i, m in enumerate(tr.messages):
        if m.get("role") == role and call_id in json.dumps(m):
            return i
    return None


def shape(messages: list[dict[str, Any]], claude: bool) -> list[tuple[Any, ...]]:
    """What a message means to the model, for comparing the reader with the request the host sent: role, call ids,
    result ids and texts (Claude Code's injected <system-reminder> texts left out)."""
    out = []
    for m in messages:
        items = m.get("content") if claude else m.get("parts")
        if isinstance(items, str):
            items = [{"type": "text", "text": items}]
        calls, results, texts = [], [], []
        for b in items or []:
            if not isinstance(b, dict):
                continue
            if claude:
                if b.get("type") == "tool_use":
                    calls.append(b.get("id"))
                elif b.get("type") == "tool_result":
                    results.append(b.get("tool_use_id"))
                elif b.get("type") == "text" and not b.get("text", "").lstrip().startswith("<system-reminder>"):
                    texts.append(b.get("text", "").strip())
            else:
                # the file says "<name>__<name>_<ms>_<n>" where the request says "<name>_<ms>_<n>"
                if "functionCall" in b:
                    call = b["functionCall"]
                    calls.append(re.sub(r"^\w+?__", "", str(call.get("id") or call.get("name"))))
                elif "functionResponse" in b:
                    results.append(
                        re.sub(
                            r"^\w+?__", "", str(b["functionResponse"].get("id") or b["functionResponse"].get("name"))
                        )
                    )
                elif isinstance(b.get("text"), str) and b["text"].strip():
                    texts.append(b["text"].strip())
        out.append((m.get("role"), tuple(calls), tuple(results), tuple(texts)))
    return out


def compare_with_request(tr: Any, request_path: Path, claude: bool) -> dict[str, Any]:
    """The reader's messages (all but the final answer) against the last request the host sent the model."""
    if tr is None or not request_path.is_file():
        return {"compared": False}
    req = json.loads(request_path.read_text())
    msgs = req.get("messages") or req.get("contents") or []
    system = [m for m in msgs if m.get("role") == "system"]  # Claude Code sends context as system messages
    sent = shape([m for m in msgs if m.get("role") != "system"], claude)
    read = shape(tr.messages[:-1], claude)
    diffs = []
    for i in range(max(len(sent), len(read))):
        a = sent[i] if i < len(sent) else None
        b = read[i] if i < len(read) else None
        if a != b:
            diffs.append({"index": i, "sent": a, "read": b})
    ids_sent = sorted(
        {
            i
            for m in msgs
            for p in (m.get("parts") or [])
            if isinstance(p, dict)
            for i in [(p.get("functionCall") or p.get("functionResponse") or {}).get("id")]
            if i
        }
    )
    return {
        "compared": True,
        "messages_sent": len(sent),
        "system_messages_sent": len(system),
        "messages_read_before_final": len(read),
        "same": not diffs,
        "differences": diffs[:5],
        **({"call_ids_sent_example": ids_sent[:1]} if ids_sent else {}),
    }


def build_truth(
    host: str, hosts: Hosts, sc: Scenario, fixture: Path, sid: str, problems: list[str], request_path: Path
) -> dict[str, Any]:
    f = Facts(host, sc, fixture, problems)
    truth: dict[str, Any] = {
        "host": "claude-code" if host == "claude" else "gemini-cli",
        "host_version": hosts.claude_version if host == "claude" else hosts.gemini_version,
        "scenario": sc.name,
        "about": sc.about,
        "fixture": fixture.name,
        "session_id": sid,
        "project_dir": STABLE_PROJ,
        "home": STABLE_HOME,
        "user_requests": [{"turn": i + 1, "text": p.text} for i, p in enumerate(sc.prompts)],
        "tool_calls": f.tool_calls(),
        "failures": f.failures(),
        "fixes": f.fixes(),
        "passing_reruns": f.passes(),
        "final_answers": f.answers(),
        "decisions": sc.decisions,
        "pending": sc.pending,
        "reader": {
            "messages": len(f.tr.messages) if f.tr else None,
            "error": f.err or None,
            "notes": getattr(f.tr, "notes", None),
            "vs_last_request": compare_with_request(f.tr, request_path, host == "claude"),
        },
    }
    f.add_extras(truth)
    truth.update(sc.extra)
    return truth


class Facts:
    """The planted facts of one scenario as one host recorded them: each tied to its tool call."""

    def __init__(self, host: str, sc: Scenario, fixture: Path, problems: list[str]) -> None:
        self.host, self.sc, self.fixture, self.problems = host, sc, fixture, problems
        if host == "claude":
            self.calls = calls_claude(jsonl(fixture))
            self.result_role, self.call_role = "user", "assistant"
        else:
            self.calls = calls_gemini(gemini_records(fixture))
            self.result_role, self.call_role = "user", "model"
        self.tr, self.err = reader_index(fixture)
        if self.err:
            problems.append(f"the project's reader failed on the fixture (message indexes are missing): {self.err}")
        prompts = for_host(sc.prompts, host)
        self.planned = [(pi, s) for pi, p in enumerate(prompts) for s in p.steps if s["op"] != "answer"]
        if len(self.calls) != len(self.planned):
            problems.append(f"transcript has {len(self.calls)} tool calls, the plan has {len(self.planned)}")
        # facts name steps by their number among the steps both hosts play; map that to this host's call number
        self.common = [i + 1 for i, (_, st) in enumerate(self.planned) if "only" not in st]

    def call(self, step: int) -> dict[str, Any]:
        n = self.common[step - 1]
        return self.calls[n - 1] if n - 1 < len(self.calls) else {}

    def ref(self, step: int) -> dict[str, Any]:
        return self.ref_n(self.common[step - 1])

    def ref_n(self, n: int) -> dict[str, Any]:
        if n - 1 >= len(self.calls):
            self.problems.append(f"step {n}: no such tool call in the transcript")
            return {"step": n}
        c = self.calls[n - 1]
        return {
            "step": n,
            "turn": self.planned[n - 1][0] + 1,
            "tool": c["tool"],
            "tool_call_id": c["id"],
            "call_message_index": message_of(self.tr, c["id"], self.call_role),
            "result_message_index": message_of(self.tr, c["id"], self.result_role),
        }

    def command(self, step: int) -> Any:
        return self.planned[self.common[step - 1] - 1][1].get("command")

    def tool_calls(self) -> list[dict[str, Any]]:
        return [
            {
                "step": i + 1,
                "turn": self.planned[i][0] + 1,
                "tool": c["tool"],
                "tool_call_id": c["id"],
                "command": self.planned[i][1].get("command"),
                "is_error": c.get("is_error"),
                "exit_code": exit_code_of(c.get("result", ""), self.host),
            }
            for i, c in enumerate(self.calls)
            if i < len(self.planned)
        ]

    def failures(self) -> list[dict[str, Any]]:
        failures = []
        for f in self.sc.failures:
            c = self.call(f["step"])
            res = c.get("result", "")
            entry = self.ref(f["step"]) | {"command": self.command(f["step"])}
            if f.get("expect"):
                line = quote_line(res, f["expect"])
                entry["error_lines"] = [ln.strip() for ln in res.splitlines() if f["expect"] in ln]
                if not line:
                    self.problems.append(f"step {f['step']}: expected {f['expect']!r} in the result, got {res[:200]!r}")
                entry["error_line"] = line
            else:
                entry["error_line"] = quote_line(res, "Exit code") or quote_line(res, "Exit Code") or res.strip()[:200]
            entry["exit_code"] = exit_code_of(res, self.host)
            if f.get("exit_code") is not None and entry["exit_code"] not in (None, f["exit_code"]):
                self.problems.append(f"step {f['step']}: exit code {entry['exit_code']}, planned {f['exit_code']}")
            entry["flagged_as_error"] = c.get("is_error")
            failures.append(entry)
        return failures

    def fixes(self) -> list[dict[str, Any]]:
        fixes = []
        for f in self.sc.fixes:
            c = self.call(f["step"])
            if c.get("is_error"):
                self.problems.append(f"step {f['step']} (the fix) failed: {c.get('result', '')[:200]!r}")
            fixes.append(self.ref(f["step"]) | {"file": f["file"], "old": f["old"], "new": f["new"]})
        return fixes

    def passes(self) -> list[dict[str, Any]]:
        passes = []
        for f in self.sc.passes:
            c = self.call(f["step"])
            res = c.get("result", "")
            if f["expect"] not in res or c.get("is_error"):
                self.problems.append(
                    f"step {f['step']}: expected a passing result with {f['expect']!r}, got {res[:200]!r}"
                )
            evidence = quote_line(res, f["expect"].splitlines()[-1])
            passes.append(self.ref(f["step"]) | {"command": self.command(f["step"]), "evidence": evidence})
        return passes

    def answers(self) -> list[dict[str, Any]]:
        answers = []
        for pi, p in enumerate(self.sc.prompts):
            final = [s for s in p.steps if s["op"] == "answer"][-1]["text"]
            idx = None
            needle = json.dumps(final, ensure_ascii=False)[1:-1][:60]  # as it is written in a message's JSON
            if self.tr is not None:
                for i, m in enumerate(self.tr.messages):
                    if m.get("role") == self.call_role and needle in json.dumps(m, ensure_ascii=False)[:100000]:
                        idx = i
            answers.append({"turn": pi + 1, "text": final, "message_index": idx})
        raw = self.fixture.read_text(encoding="utf-8")
        for a in answers:
            if json.dumps(a["text"])[1:-1][:60] not in raw:
                self.problems.append(f"final answer of turn {a['turn']} not found in the transcript")
        return answers

    def add_extras(self, truth: dict[str, Any]) -> None:
        """The facts only some scenarios plant: a written file, a long output, todo calls, resolutions."""
        sc = self.sc
        if sc.written:
            c = self.call(sc.written["step"])
            if c.get("is_error"):
                self.problems.append(f"the write of {sc.written['file']} failed: {c.get('result', '')[:200]!r}")
            truth["written_file"] = self.ref(sc.written["step"]) | {"file": sc.written["file"]}
        if sc.long_output:
            truth["long_output"] = self.long_output()
        todo_calls = [
            self.ref_n(i + 1) | {"args": c.get("args"), "result": c.get("result", "")[:300]}
            for i, c in enumerate(self.calls)
            if c["tool"] in ("TaskCreate", "TaskUpdate", "TodoWrite", "write_todos")
        ]
        if todo_calls:
            truth["todo_calls"] = todo_calls
        if sc.resolutions:
            truth["resolutions"] = [
                {
                    **{k: self.ref(r[k]).get("tool_call_id") for k in ("failure", "fix", "rerun")},
                    "steps": [self.common[r[k] - 1] for k in ("failure", "fix", "rerun")],
                }
                for r in sc.resolutions
            ]

    def long_output(self) -> dict[str, Any]:
        long = self.sc.long_output
        res = self.call(long["step"]).get("result", "")
        return (
            self.ref(long["step"])
            | long
            | {
                "step": self.common[long["step"] - 1],
                "result_chars_in_transcript": len(res),
                "full_output_in_result": long["last_line"] in res.splitlines(),
                "persisted_output_path": (re.search(r"saved to: (\S+)", res) or [None, None])[1],
            }
        )
