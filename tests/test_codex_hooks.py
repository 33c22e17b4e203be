"""Codex CLI's hooks: our answers to the inputs the real Codex CLI 0.169.0 sent (``tests/hosts/codex/hooks``,
recorded by ``scripts/record-codex-hooks``), checked against the output schemas Codex holds them to, and
``hooks install codex`` / ``uninstall codex`` on ``hooks.json``."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mcp_context import Session
from mcp_context.cli.main import cli
from mcp_context.hooks import install as installing
from mcp_context.hooks.hosts import CODEX
from mcp_context.hooks.run import run

RECORDED = Path(__file__).parent / "hosts" / "codex" / "hooks"
#: The keys Codex 0.169.0's ``pre-tool-use.command.output`` and ``post-tool-use.command.output`` schemas allow
#: (both ``additionalProperties: false``), as the binary carries them.
TOP_KEYS = {"continue", "decision", "hookSpecificOutput", "reason", "stopReason", "suppressOutput", "systemMessage"}
SPECIFIC_KEYS = {
    "PreToolUse": {
        "hookEventName",
        "additionalContext",
        "permissionDecision",
        "permissionDecisionReason",
        "updatedInput",
    },
    "PostToolUse": {"hookEventName", "additionalContext", "updatedMCPToolOutput"},
}
USER_HOOKS = """{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [{"type": "command", "command": "/usr/local/bin/audit-shell"}]
      }
    ],
    "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}]
  }
}
"""


def recorded(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((RECORDED / f"{name}.json").read_text(encoding="utf-8"))
    return data


def answer(event: str, data: dict[str, Any], root: Path, **kw: Any) -> Any:
    out = run("codex", event, json.dumps(data).encode(), root, **kw)
    return None if out is None else json.loads(out)


def valid_for_codex(out: dict[str, Any]) -> None:
    assert set(out) <= TOP_KEYS
    specific = out["hookSpecificOutput"]
    assert set(specific) <= SPECIFIC_KEYS[specific["hookEventName"]]
    for key in ("additionalContext", "permissionDecisionReason"):
        assert key not in specific or isinstance(specific[key], str)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_the_recorded_small_outputs_pass_untouched(tmp_path: Path, n: int) -> None:
    assert answer("post-tool-use", recorded(f"PostToolUse-{n}"), tmp_path) is None
    assert answer("pre-tool-use", recorded(f"PreToolUse-{n}"), tmp_path) is None
    assert not (tmp_path / "hooks.log").exists()


def test_a_large_shell_output_is_stored_whole_and_the_handle_added(tmp_path: Path) -> None:
    data = recorded("PostToolUse-1")
    text = "".join(f"line {i} of the build log\n" for i in range(1, 5001)) + "error: the last step failed\n"
    data["tool_input"] = {"command": "make build"}
    data["tool_response"] = text  # Codex gives the shell's output as one string
    out = answer("post-tool-use", data, tmp_path)
    valid_for_codex(out)
    note = out["hookSpecificOutput"]["additionalContext"]
    assert out["hookSpecificOutput"]["hookEventName"] == "PostToolUse"
    handle = note.split("as handle ")[1].split(";")[0]
    assert note.startswith("[mcp-context] This tool's complete output")
    assert f"read_persisted(handle='{handle}', grep='PATTERN')" in note and "5,001 lines" in note
    session = Session(tmp_path, data["session_id"])
    found = session.read_persisted(handle, grep="the last step failed").grep
    assert found is not None and [(g.line, g.match) for g in found.lines if g.match] == [(5001, True)]
    assert session.read_persisted(handle).meta.label == "Bash: make build"


def test_an_output_codex_cut_is_stored_from_the_longer_copy_in_its_rollout(tmp_path: Path) -> None:
    """As Codex 0.169 does it (seen in tests/test_codex_hooks_real.py): the hook gets about 10 KB under a warning
    line; the rollout's CommandExecution item, written before the hook runs, keeps 64 KiB around a marker."""
    lines = [str(i) for i in range(1, 30001)]
    given = "Warning: truncated output (original token count: 42224)\nTotal output lines: 30000\n\n"
    given += "\n".join(lines[:1200]) + "\n…158894 chars truncated…\n" + "\n".join(lines[-800:]) + "\n"
    kept = "\n".join(lines[:6770]) + "\n\n... command output truncated for persistence ...\n\n"
    kept += "\n".join(lines[-5458:]) + "\n"
    data = recorded("PostToolUse-1")
    data["tool_input"], data["tool_response"] = {"command": "seq 1 30000"}, given
    rollout = tmp_path / "rollout.jsonl"
    data["transcript_path"] = str(rollout)
    item = {"type": "CommandExecution", "id": data["tool_use_id"], "aggregated_output": kept, "exit_code": 0}
    other = {**item, "id": "call_other", "aggregated_output": "not this one " * 9000}
    records = [{"type": "event_msg", "payload": {"type": "item_completed", "item": i}} for i in (item, other)]
    rollout.write_text("".join(json.dumps(r) + "\n" for r in records))
    note = answer("post-tool-use", data, tmp_path / "store")["hookSpecificOutput"]["additionalContext"]
    assert "Codex cut this output (about 42,224 tokens)" in note and f"{len(kept):,} chars" in note
    handle = note.split("as handle ")[1].split(";")[0]
    read = Session(tmp_path / "store", data["session_id"]).read_persisted(handle, grep="persistence")
    assert read.grep is not None and [g.line for g in read.grep.lines if g.match] == [6772]
    assert "cut by Codex from 42,224 tokens; Codex's rollout copy" in (read.meta.source or "")
    rollout.write_text("")  # no copy (yet): what the hook got is stored
    note = answer("post-tool-use", data, tmp_path / "store")["hookSpecificOutput"]["additionalContext"]
    assert f"{len(given):,} chars" in note


def test_an_mcp_tools_large_text_is_stored_and_our_own_reads_are_not(tmp_path: Path) -> None:
    data = recorded("PostToolUse-2")
    data["tool_name"] = "mcp__docs__fetch"
    data["tool_input"] = {"url": "https://example.com"}
    data["tool_response"] = {"content": [{"type": "text", "text": "paragraph " * 4000}], "isError": False}
    assert "as handle r_" in answer("post-tool-use", data, tmp_path)["hookSpecificOutput"]["additionalContext"]
    data["tool_name"] = "mcp__mcp_context__read_persisted"
    assert answer("post-tool-use", data, tmp_path) is None
    shell = recorded("PostToolUse-3")
    shell["tool_input"] = {"command": "mcp-context read r_0123456789abcdef --start-line 21"}
    shell["tool_response"] = "x " * 20000
    assert answer("post-tool-use", shell, tmp_path) is None


def test_the_threshold_is_kept(tmp_path: Path) -> None:
    data = recorded("PostToolUse-1")
    data["tool_response"] = "word " * 3000  # about 3,000 tokens
    assert answer("post-tool-use", data, tmp_path, env={"MCP_CONTEXT_HOOK_MIN_TOKENS": "5000"}) is None
    assert answer("post-tool-use", data, tmp_path, min_tokens=1000) is not None


def test_a_repeated_command_gets_a_nudge_then_a_deny_codex_accepts(tmp_path: Path) -> None:
    data = recorded("PreToolUse-1")
    answers = []
    for i in range(8):
        call = copy.deepcopy(data)
        call["tool_use_id"] = f"call_{i}"
        answers.append(answer("pre-tool-use", call, tmp_path))
    given = [a for a in answers if a is not None]
    assert answers[0] is None and given
    for out in given:
        valid_for_codex(out)
    assert "additionalContext" in given[0]["hookSpecificOutput"]
    denied = [a["hookSpecificOutput"] for a in given if a["hookSpecificOutput"].get("permissionDecision") == "deny"]
    assert denied and "add(2, 3)" in denied[0]["permissionDecisionReason"]


@pytest.mark.parametrize("name", ["UserPromptSubmit-1", "Stop-1"])
def test_events_we_do_not_register_are_refused_quietly(tmp_path: Path, name: str) -> None:
    data = recorded(name)
    event = {"UserPromptSubmit": "user-prompt-submit", "Stop": "stop"}
    assert run("codex", event[data["hook_event_name"]], json.dumps(data).encode(), tmp_path) is None
    assert "no hook codex" in (tmp_path / "hooks.log").read_text()


def test_a_session_start_that_follows_no_compaction_says_nothing(tmp_path: Path) -> None:
    data = recorded("SessionStart-1")
    assert data["source"] == "startup"
    assert run("codex", "session-start", json.dumps(data).encode(), tmp_path) is None
    assert not (tmp_path / "hooks.log").exists() and not (tmp_path / "sessions").exists()


# hooks.json ------------------------------------------------------------------------------------------------


def test_install_merges_into_hooks_json_and_uninstall_gives_back_the_bytes(tmp_path: Path) -> None:
    path = tmp_path / ".codex" / "hooks.json"
    path.parent.mkdir()
    path.write_text(USER_HOOKS)
    commands = installing.commands_for(CODEX, ["/opt/venv/bin/mcp-context"])
    assert installing.install(CODEX, path, commands, tmp_path / "root", {}).changed
    hooks = json.loads(path.read_text())["hooks"]
    assert hooks["Stop"] == json.loads(USER_HOOKS)["hooks"]["Stop"]
    assert hooks["PreToolUse"][0] == json.loads(USER_HOOKS)["hooks"]["PreToolUse"][0]
    assert hooks["PreToolUse"][1] == {
        "hooks": [{"type": "command", "command": "/opt/venv/bin/mcp-context hook codex pre-tool-use", "timeout": 10}]
    }
    assert hooks["PostToolUse"][0]["hooks"][0]["command"].endswith("hook codex post-tool-use")
    written = path.read_bytes()
    assert not installing.install(CODEX, path, commands, tmp_path / "root", {}).changed
    assert path.read_bytes() == written
    assert installing.uninstall(CODEX, path, tmp_path / "root").how == "restored"
    assert path.read_text() == USER_HOOKS


def test_cli_install_honours_codex_home_and_uninstall_removes_the_file_it_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CODEX_HOME", str(tmp_path / "codex-home"))
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    root = ["--root", str(tmp_path / "root")]
    res = runner.invoke(cli, [*root, "hooks", "install", "codex", "--min-tokens", "3000"])
    assert res.exit_code == 0, res.output
    path = tmp_path / "codex-home" / "hooks.json"
    assert str(path) in res.output and "hook codex post-tool-use --min-tokens 3000" in res.output
    assert "installed: PreToolUse, PostToolUse" in runner.invoke(cli, [*root, "hooks", "status"]).output
    monkeypatch.setenv("CODEX_HOME", "")
    assert CODEX.settings_path("user") == tmp_path / "home" / ".codex" / "hooks.json"
    monkeypatch.setenv("CODEX_HOME", str(tmp_path / "codex-home"))
    res = runner.invoke(cli, [*root, "hooks", "uninstall", "codex"])
    assert "back as it was" in res.output and not path.exists()


def test_config_codex_points_at_the_hooks(tmp_path: Path) -> None:
    res = CliRunner().invoke(cli, ["--root", str(tmp_path), "config", "codex"])
    assert f"--root {tmp_path} hooks install codex" in res.stderr and "/hooks" in res.stderr
    assert "hooks" not in res.stdout  # appended to config.toml as printed: `codex mcp remove` leaves no note
