"""The fixture generator writes what the hosts write: valid lines, 200+ messages by each reader's rule, every call
answered, the host-specific line types present, and real material from this repository inside.

The readers here are deliberately tiny and independent of the generator, so a count that agrees is evidence.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from make_fixtures import Fixtures

Record = dict[str, Any]


@pytest.fixture(scope="module")
def fx(histories: Fixtures) -> Fixtures:
    """The sessions the other suites read (conftest's ``histories``, made once per run), checked as they are used."""
    return histories


def jsonl(path: Path) -> list[Record]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def claude_messages(records: list[Record]) -> list[Record]:
    """User/assistant lines after the last compact boundary, sidechains dropped, one reply's lines merged."""
    start = 1 + max((i for i, r in enumerate(records) if r.get("subtype") == "compact_boundary"), default=-1)
    out: list[Record] = []
    for r in records[start:]:
        if r["type"] not in ("user", "assistant") or r.get("isSidechain"):
            continue
        prev = out[-1] if out else None
        if prev and r["type"] == prev["type"] == "assistant" and prev["message"]["id"] == r["message"]["id"]:
            merged = prev["message"]["content"] + r["message"]["content"]
            out[-1] = {**prev, "message": {**prev["message"], "content": merged}}
        else:
            out.append(r)
    return out


def gemini_messages(records: list[Record]) -> list[Record]:
    """Replay: $set.messages replaces the list, $rewindTo cuts from that id, records upsert by id."""
    messages: dict[str, Record] = {}
    for r in records[1:]:
        if "$rewindTo" in r:
            keys = list(messages)
            messages = {k: messages[k] for k in keys[: keys.index(r["$rewindTo"])]}
        elif "messages" in r.get("$set", {}):
            messages = {m["id"]: m for m in r["$set"]["messages"]}
        elif "id" in r:
            messages[r["id"]] = r
    return list(messages.values())


def blocks(messages: list[Record], kind: str) -> list[Record]:
    return [
        b
        for m in messages
        if isinstance(m["message"]["content"], list)
        for b in m["message"]["content"]
        if b["type"] == kind
    ]


@pytest.mark.slow
def test_counts_follow_each_reader_rule(fx: Fixtures) -> None:
    claude = claude_messages(jsonl(fx.claude_code))
    gemini = gemini_messages(jsonl(fx.gemini_cli))
    openai = json.loads(fx.openai.read_text())
    assert len(claude) == fx.claude_code_messages >= 200
    assert len(gemini) == fx.gemini_messages >= 200
    assert len(openai) == fx.openai_messages >= 200
    assert len(claude_messages(jsonl(fx.looping))) == fx.looping_messages
    assert 50 <= fx.looping_messages <= 70


def test_every_call_is_answered(fx: Fixtures) -> None:
    for path in (fx.claude_code, fx.looping):
        main = [r for r in jsonl(path) if r["type"] in ("user", "assistant") and not r.get("isSidechain")]
        calls = {b["id"] for b in blocks(main, "tool_use")}
        assert calls and calls == {b["tool_use_id"] for b in blocks(main, "tool_result")}
    gemini = gemini_messages(jsonl(fx.gemini_cli))
    calls = {c["id"] for m in gemini for c in m.get("toolCalls", [])}
    answers = {
        p["functionResponse"]["id"]
        for m in gemini
        if m["type"] == "user"
        for p in m["content"]
        if "functionResponse" in p
    }
    assert calls and calls == answers
    openai = json.loads(fx.openai.read_text())
    calls = {c["id"] for m in openai for c in m.get("tool_calls", [])}
    assert calls and calls == {m["tool_call_id"] for m in openai if m["role"] == "tool"}


def test_claude_code_host_features(fx: Fixtures) -> None:
    records = jsonl(fx.claude_code)
    types = {r["type"] for r in records}
    assert {"attachment", "api-request", "api-request-blob", "queue-operation", "last-prompt", "cost-state"} <= types
    assert sum(r.get("subtype") == "compact_boundary" for r in records) == 1
    assert any(r.get("isSidechain") for r in records)
    kept = claude_messages(records)
    assert kept[0].get("isCompactSummary") and kept[0]["message"]["content"].startswith("This session is being")
    assert any(b["signature"] for b in blocks(kept, "thinking"))
    assert any(b.get("is_error") for b in blocks(kept, "tool_result"))
    assert any("<persisted-output>" in str(b["content"]) for b in blocks(kept, "tool_result"))
    assert any(len(blocks([m], "tool_use")) > 1 for m in kept if m["type"] == "assistant")
    assert max(len(str(b["content"])) for b in blocks(kept, "tool_result")) >= 10_000
    assert max(len(json.dumps(b["input"])) for b in blocks(kept, "tool_use")) >= 3_000


def test_gemini_cli_host_features(fx: Fixtures) -> None:
    records = jsonl(fx.gemini_cli)
    assert {"sessionId", "projectHash", "startTime", "lastUpdated", "kind"} <= records[0].keys()
    rewrites = [r for r in records[2:] if "messages" in r.get("$set", {})]
    assert len(rewrites) == 1 and "<tool_output_masked>" in json.dumps(rewrites[0])
    assert any(
        "functionCall" in p for m in rewrites[0]["$set"]["messages"] if m["type"] == "gemini" for p in m["content"]
    )
    assert sum("$rewindTo" in r for r in records) == 1
    written = [r["id"] for r in records if "id" in r]
    assert fx.rewound_ids and set(fx.rewound_ids) <= set(written)
    final = gemini_messages(records)
    assert not set(fx.rewound_ids) & {m["id"] for m in final}
    prompts = [p.get("text") for m in final if m["type"] == "user" for p in m["content"]]
    assert fx.rewound_prompt not in prompts and fx.correction in prompts
    assert any(c["status"] == "error" for m in final for c in m.get("toolCalls", []))
    assert any(m.get("thoughts") for m in final) and len(written) > len(set(written))


def test_real_material_and_planted_facts(fx: Fixtures) -> None:
    assert fx.real_line and fx.real_line == Path(__file__).parents[1].joinpath("README.md").read_text().split("\n")[0]
    for path in (fx.claude_code, fx.gemini_cli, fx.openai):
        text = path.read_text()
        for fact in (fx.real_line, fx.first_request, fx.correction, fx.error_text, fx.fix_text, *fx.edited_files):
            assert json.dumps(fact)[1:-1] in text, (path.name, fact)
    assert "ModuleNotFoundError" in fx.error_text


def test_loop_at_is_the_fifth_identical_call(fx: Fixtures) -> None:
    messages = claude_messages(jsonl(fx.looping))
    looping = [
        i
        for i, m in enumerate(messages)
        if m["type"] == "assistant"
        and any(b["input"].get("command") == fx.loop_command for b in blocks([m], "tool_use"))
    ]
    assert looping[4] == fx.loop_at
    answers = [messages[i + 1]["message"]["content"][0] for i in looping[:5]]
    assert all(a["is_error"] and a["content"] == answers[0]["content"] for a in answers)
    assert fx.loop_error in answers[0]["content"]


@pytest.mark.slow
def test_command_line_is_deterministic_in_structure(fx: Fixtures, tmp_path: Path) -> None:
    script = Path(__file__).with_name("make_fixtures.py")
    done = subprocess.run([sys.executable, str(script), str(tmp_path)], capture_output=True, text=True, check=True)
    assert f"{fx.claude_code_messages} messages after the compact boundary" in done.stdout
    again = jsonl(tmp_path / "claude-code" / fx.claude_code.name)
    assert [(r["type"], r.get("subtype")) for r in again] == [
        (r["type"], r.get("subtype")) for r in jsonl(fx.claude_code)
    ]
