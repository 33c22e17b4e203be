"""Codex CLI as a host: its rollouts (``tests/hosts/codex``, recorded from the real Codex CLI 0.169.0 by
``scripts/record-codex``) read as OpenAI messages for compact_history, summarize_range and check_loop; the
rollout of the running session found from inside Codex; and ``mcp-context config codex``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mcp_context import Session
from mcp_context.cli.main import cli
from mcp_context.conversation import codex_host, transcripts
from mcp_context.conversation.formats import codex
from mcp_context.errors import InvalidArgument

FIXTURES = Path(__file__).parent / "hosts" / "codex"
ALL_RUNS = sorted(FIXTURES.glob("*.jsonl"))


def truth(path: Path) -> dict[str, Any]:
    return json.loads(path.with_suffix(".truth.json").read_text(encoding="utf-8"))


#: The runs Codex did not compact: what the model saw last is the whole run (a compacted one is audited in
#: tests/test_codex_compaction.py).
RUNS = [p for p in ALL_RUNS if not truth(p).get("compactions")]


@pytest.mark.parametrize("path", RUNS, ids=lambda p: p.stem)
def test_a_real_rollout_reads_as_the_conversation_the_model_had(path: Path) -> None:
    facts = truth(path)
    read = transcripts.load(str(path), {}, None)
    assert (read.host, read.format, read.model) == ("codex-cli", "openai", "gpt-5.1-codex")
    roles = [m["role"] for m in read.messages]
    assert roles[0] == "developer" and roles[-1] == "assistant"
    assert read.messages[-1]["content"] == facts["final_answers"][-1]
    calls = [c for m in read.messages for c in m.get("tool_calls") or []]
    planted = [c["tool_call_id"] for c in facts["tool_calls"]]
    assert [c["id"] for c in calls if c["id"] in planted] == planted
    for message in read.messages:  # each result follows its call, as the Chat Completions API requires
        if message["role"] == "tool":
            before = read.messages[: read.messages.index(message)]
            assert any(message["tool_call_id"] in {c["id"] for c in m.get("tool_calls") or []} for m in before)
    named = {i for ids in read.ids for i in ids}
    assert set(planted) <= named  # a range may be named by the host's own call ids
    assert not any(m["role"] == "assistant" and "encrypted" in json.dumps(m) for m in read.messages)


def test_mcp_calls_are_named_as_codex_declares_them() -> None:
    read = transcripts.load(str(FIXTURES / "mcp-tools.jsonl"), {}, None)
    names = [c["function"]["name"] for m in read.messages for c in m.get("tool_calls") or []]
    assert names[0] == "exec_command"  # then the model's waits for the server, which Codex starts beside it
    assert [n for n in names if n.startswith("mcp__")] == [
        "mcp__mcp_context__persist_result",
        "mcp__mcp_context__read_persisted",
        "mcp__mcp_context__check_loop",
        "mcp__mcp_context__summarize_range",
        "mcp__mcp_context__compact_history",
    ]


@pytest.mark.parametrize("style", ["sections", "snapshot", "brief"])
@pytest.mark.parametrize("path", RUNS, ids=lambda p: p.stem)
def test_a_summary_of_a_codex_run_keeps_the_request_and_the_failure(session: Session, path: Path, style: str) -> None:
    facts = truth(path)
    budget = 600 if style == "brief" else 100_000
    result = session.summarize_range(transcript=str(path), style=style, engine="extractive", max_tokens=budget)
    out = " ".join((result.text or "").replace("`", "").split())
    for request in facts["user_requests"]:
        assert request["text"][:80] in out, (style, request["text"])
    for failure in facts["failures"]:
        assert failure["error_line"] in out, (style, failure["error_line"])


@pytest.mark.parametrize("path", RUNS, ids=lambda p: p.stem)
def test_codexs_environment_context_is_no_request_of_the_user(session: Session, path: Path) -> None:
    """Codex puts the session's ``<environment_context>`` in the user's role; read as a developer message, the
    users' messages are their requests alone, and a snapshot's goal is the first of them."""
    read = transcripts.load(str(path), {}, None)
    users = [m["content"] for m in read.messages if m["role"] == "user"]
    assert users == [r["text"] for r in truth(path)["user_requests"]]
    assert any(m["role"] == "developer" and m["content"].startswith("<environment_context>") for m in read.messages)
    text = session.summarize_range(transcript=str(path), style="snapshot", engine="extractive").text or ""
    goal = text.split("<overall_goal>")[1].split("</overall_goal>")[0]
    assert "environment_context" not in goal and users[0][:60] in " ".join(goal.split()), goal


def test_the_looping_codex_run_is_caught_and_the_others_are_not(session: Session) -> None:
    looped = session.check_loop(transcript=str(FIXTURES / "loop.jsonl"))
    assert looped.verdict.status in ("warn", "stop") and looped.detections_total >= 1
    for name in ("fix-failing-test", "mcp-tools"):
        assert session.check_loop(transcript=str(FIXTURES / f"{name}.jsonl")).verdict.status == "ok", name


def test_a_codex_run_compacts_to_a_third_keeping_its_instructions_and_last_turn(session: Session) -> None:
    path = FIXTURES / "mcp-tools.jsonl"
    given = transcripts.load(str(path), {}, None).messages
    whole = session.compact_history(transcript=str(path), target_tokens=10**7)
    result = session.compact_history(transcript=str(path), target_tokens=whole.tokens_before // 3)
    assert result.fits and result.tokens_after <= result.target < whole.tokens_before
    assert result.messages[0] == given[0] and result.messages[-1] == given[-1]
    called = {c["id"] for m in result.messages for c in m.get("tool_calls") or []}
    answered = {m["tool_call_id"] for m in result.messages if m["role"] == "tool"}
    assert called == answered  # no call without its result, no result without its call


def test_a_compaction_record_replaces_the_history_before_it() -> None:
    def item(role: str, text: str) -> dict[str, Any]:
        kind = "output_text" if role == "assistant" else "input_text"
        return {
            "type": "response_item",
            "payload": {"type": "message", "role": role, "content": [{"type": kind, "text": text}]},
        }

    meta = {"type": "session_meta", "payload": {"id": "x", "cwd": "/tmp/proj"}}
    replaced = [{"type": "message", "role": "user", "content": [{"type": "input_text", "text": "first ask"}]}]
    records = [meta, item("user", "first ask"), item("assistant", "old answer")]
    with_history = [*records, {"type": "compacted", "payload": {"message": "S", "replacement_history": replaced}}]
    assert codex.read_codex([*with_history, item("user", "next")])[0] == [
        {"role": "user", "content": "first ask"},
        {"role": "user", "content": "next"},
    ]
    summary_only = [*records, {"type": "compacted", "payload": {"message": "what happened"}}]
    assert codex.read_codex(summary_only)[0] == [
        {"role": "user", "content": "first ask"},
        {"role": "user", "content": "what happened"},
    ]


def test_a_failed_mcp_call_reads_as_an_error() -> None:
    records = [
        {"type": "session_meta", "payload": {"id": "x"}},
        {
            "type": "response_item",
            "payload": {
                "type": "function_call",
                "name": "t",
                "namespace": "mcp__s",
                "arguments": "{}",
                "call_id": "c1",
            },
        },
        {
            "type": "response_item",
            "payload": {
                "type": "function_call_output",
                "call_id": "c1",
                "output": {"content": "boom", "success": False},
            },
        },
    ]
    messages, ids = codex.read_codex(records)
    assert messages[0]["tool_calls"][0]["function"]["name"] == "mcp__s__t"
    assert messages[1] == {"role": "tool", "tool_call_id": "c1", "content": "Error: boom"}
    assert ids == [("c1",), ("c1",)]


# finding the running session's rollout ------------------------------------------------------------------------


def rollout(home: Path, name: str, cwd: Path) -> Path:
    path = home / ".codex" / "sessions" / "2026" / "11" / "28" / f"rollout-2026-11-28T05-00-00-{name}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"type": "session_meta", "payload": {"id": name, "cwd": str(cwd)}}) + "\n")
    return path


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc")
def test_the_rollout_a_codex_process_holds_open_is_the_host_transcript(tmp_path: Path) -> None:
    """A process named codex holds one rollout open (another session in the same folder is newer) and starts a
    server through a launcher: the server finds the rollout its Codex holds."""
    home, proj = tmp_path / "home", tmp_path / "proj"
    proj.mkdir()
    mine = rollout(home, "mine", proj)
    rollout(home, "other", proj)
    os.utime(mine, (time.time() - 60, time.time() - 60))
    (tmp_path / "codex").symlink_to(sys.executable)  # its comm is "codex"
    probe = (
        "import json, os; from mcp_context.conversation import transcripts; "
        "print(json.dumps(str(transcripts.find_host(dict(os.environ)))))"
    )
    launcher = f"import subprocess, sys; subprocess.run([{sys.executable!r}, '-c', {probe!r}], check=True)"
    codex_like = f"f = open({str(mine)!r}, 'a'); exec({launcher!r})"
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(Path(__file__).parent.parent)}
    done = subprocess.run(
        [str(tmp_path / "codex"), "-c", codex_like], cwd=proj, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == str(mine)


def test_without_an_open_rollout_the_newest_begun_in_this_folder_is_taken(tmp_path: Path) -> None:
    home, proj, elsewhere = tmp_path / "home", tmp_path / "proj", tmp_path / "elsewhere"
    proj.mkdir()
    elsewhere.mkdir()
    older = rollout(home, "older", proj)
    os.utime(older, (time.time() - 60, time.time() - 60))
    newer = rollout(home, "newer", proj)
    rollout(home, "other-folder", elsewhere)
    sessions = codex_host.codex_dir({"HOME": str(home)}) / "sessions"
    assert codex_host.newest_in(sessions, proj) == newer
    assert codex_host.codex_dir({"HOME": str(home), "CODEX_HOME": str(tmp_path / "ch")}) == tmp_path / "ch"


def test_outside_any_host_transcript_host_says_where_it_works(tmp_path: Path) -> None:
    with pytest.raises(InvalidArgument, match="Codex CLI"):
        transcripts.find_host({"HOME": str(tmp_path)})
    assert codex_host.current_rollout({"HOME": str(tmp_path)}) is None  # pytest is not started by codex


def test_a_rollout_is_allowed_where_codex_keeps_them(tmp_path: Path) -> None:
    roots = transcripts.allowed_roots({"HOME": str(tmp_path)})
    assert tmp_path / ".codex" / "sessions" in roots
    roots = transcripts.allowed_roots({"HOME": str(tmp_path), "CODEX_HOME": str(tmp_path / "c")})
    assert tmp_path / "c" / "sessions" in roots


# mcp-context config codex -----------------------------------------------------------------------------------


def test_config_codex_prints_a_table_codex_reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CODEX_HOME", raising=False)
    root = tmp_path / 'store "quoted"'
    out = CliRunner().invoke(cli, ["--root", str(root), "--max-result-bytes", "1M", "config", "codex"])
    assert out.exit_code == 0, out.output
    doc = tomllib.loads(out.output)
    entry = doc["mcp_servers"]["mcp-context"]
    assert entry["args"][-1] == "serve" and "--max-result-bytes" in entry["args"]
    assert Path(entry["command"]).name in ("mcp-context", Path(sys.executable).name)
    assert entry["env"] == {"MCP_CONTEXT_HOME": str(root)}
    assert out.output.startswith("# Codex CLI: append to ~/.codex/config.toml, or run: codex mcp add mcp-context")
    moved = CliRunner().invoke(cli, ["config", "codex"], env={"CODEX_HOME": str(tmp_path / "codex")})
    assert tomllib.loads(moved.output)["mcp_servers"]["mcp-context"]["env"] == {"CODEX_HOME": str(tmp_path / "codex")}
    named = CliRunner().invoke(cli, ["config", "codex", "--name", "ctx.tools"])
    assert list(tomllib.loads(named.output)["mcp_servers"]) == ["ctx.tools"]


@pytest.mark.parametrize("http", [[], ["--http", "http://127.0.0.1:8765/mcp"]])
def test_config_codex_refuses_a_name_codex_mcp_add_refuses(http: list[str]) -> None:
    """Codex CLI 0.169's ``codex mcp add 'my server'`` says "invalid server name (use letters, numbers, '-', '_',
    ':', '@', '/', '.')": the printed command must not be one that fails."""
    out = CliRunner().invoke(cli, ["config", "codex", *http, "--name", "my server"])
    assert out.exit_code == 2 and "Codex CLI takes server names of" in out.output, out.output
    assert "'my-server'" in out.output  # a name it would take
    fine = CliRunner().invoke(cli, ["config", "codex", *http, "--name", "team@ctx:v1/a.b"])
    assert fine.exit_code == 0 and "codex mcp add team@ctx:v1/a.b " in fine.output, fine.output


def test_codex_hooks_get_claude_codes_fields_and_a_shell_result_as_plain_text() -> None:
    """What docs/hosts.md says of Codex's hooks, on the inputs the real Codex CLI sent (record-codex-hooks)."""
    inputs = {p.stem: json.loads(p.read_text()) for p in sorted((FIXTURES / "hooks").glob("*.json"))}
    assert {k.split("-")[0] for k in inputs} >= {
        "SessionStart",
        "UserPromptSubmit",
        "PreToolUse",
        "PostToolUse",
        "Stop",
    }
    for name, given in inputs.items():
        assert given["hook_event_name"] == name.split("-")[0]
        assert {"session_id", "transcript_path", "cwd", "model", "permission_mode"} <= set(given), name
        assert "/.codex/sessions/" in given["transcript_path"] and given["transcript_path"].endswith(".jsonl")
    before, after = inputs["PreToolUse-1"], inputs["PostToolUse-1"]
    assert (before["tool_name"], before["tool_use_id"]) == (after["tool_name"], after["tool_use_id"])
    assert before["tool_name"] == "Bash" and isinstance(before["tool_input"]["command"], str)  # Codex's exec_command
    assert isinstance(after["tool_response"], str)  # Claude Code's is an object: stdout, stderr, interrupted
    assert "AssertionError" in after["tool_response"]
