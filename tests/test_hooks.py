"""Host hooks without the hosts: the settings files they install into, and each event's answer to realistic
input (shaped as Claude Code 2.1.330 and Gemini CLI 0.61.0 send it, see shared/notes/hooks.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from mcp_context import Session
from mcp_context.cli.main import cli
from mcp_context.hooks import install as installing
from mcp_context.hooks.hosts import CLAUDE, GEMINI, our_event
from mcp_context.hooks.run import run

HOSTS_DIR = Path(__file__).parent / "hosts"
SID = "5d0c8a59-1b2e-4c3d-9e8f-0a1b2c3d4e5f"

CLAUDE_SETTINGS = """{
  "model": "opus",
  "permissions": {"allow": ["Bash(ls:*)"]},
  "hooks": {
    "PostToolUse": [
      {"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "prettier --write"}]}
    ],
    "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}]
  }
}
"""
GEMINI_SETTINGS = """{
    "security": {"auth": {"selectedType": "gemini-api-key"}},
    "hooks": {
        "AfterTool": [
            {"matcher": "write_file", "hooks": [{"type": "command", "command": "./lint.sh", "name": "lint"}]}
        ]
    }
}"""


def read_all(session: Session, handle: str) -> str:
    """The whole stored text, page after page, through read_persisted."""
    parts, start = [], 1
    while True:
        page = session.read_persisted(handle, start_line=start, max_tokens=9000).page
        assert page is not None
        parts.append(page.text)
        if page.next is None:
            return "".join(parts)
        assert "start_line" in page.next, page.next
        start = page.next["start_line"]


def answer(host: str, event: str, data: Any, root: Path, **kw: Any) -> Any:
    out = run(host, event, json.dumps(data).encode(), root, **kw)
    return None if out is None else (json.loads(out) if out.startswith("{") else out)


def bash_input(stdout: str, **response: Any) -> dict[str, Any]:
    return {
        "session_id": SID,
        "transcript_path": f"/home/u/.claude/projects/-tmp-proj/{SID}.jsonl",
        "cwd": "/tmp/proj",
        "permission_mode": "default",
        "hook_event_name": "PostToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "seq 1 300000", "description": "Count"},
        "tool_use_id": "toolu_01",
        "tool_response": {"stdout": stdout, "stderr": "", "interrupted": False, "isImage": False, **response},
        "duration_ms": 42,
    }


# settings files ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("host, original", [(CLAUDE, CLAUDE_SETTINGS), (GEMINI, GEMINI_SETTINGS)])
def test_install_keeps_everything_and_uninstall_restores_the_bytes(tmp_path: Path, host: Any, original: str) -> None:
    path = tmp_path / host.folder / "settings.json"
    path.parent.mkdir()
    path.write_text(original)
    commands = installing.commands_for(host, ["/opt/venv/bin/mcp-context"])
    first = installing.install(host, path, commands, tmp_path / "root", {})
    assert first.changed
    doc = json.loads(path.read_text())
    before = json.loads(original)
    for key in before:
        if key != "hooks":
            assert doc[key] == before[key]
    for event, groups in before["hooks"].items():
        assert doc["hooks"][event][: len(groups)] == groups  # the user's hooks first, untouched
    assert set(installing.installed(doc, host.name)) == {e.host_name for e in host.events}
    written = path.read_bytes()
    again = installing.install(host, path, commands, tmp_path / "root", {})
    assert not again.changed and path.read_bytes() == written
    gone = installing.uninstall(host, path, tmp_path / "root")
    assert gone.how == "restored" and path.read_text() == original


def test_uninstall_after_user_edits_removes_only_ours(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(CLAUDE_SETTINGS)
    installing.install(CLAUDE, path, installing.commands_for(CLAUDE, ["mcp-context"]), tmp_path, {})
    doc = json.loads(path.read_text())
    doc["hooks"]["PreToolUse"][0]["hooks"].append({"type": "command", "command": "audit.sh"})  # into our group
    doc["theme"] = "dark"
    path.write_text(json.dumps(doc, indent=2) + "\n")
    assert installing.uninstall(CLAUDE, path, tmp_path).how == "removed ours"
    after = json.loads(path.read_text())
    assert after["theme"] == "dark"
    assert after["hooks"]["PreToolUse"] == [{"matcher": "", "hooks": [{"type": "command", "command": "audit.sh"}]}]
    assert after["hooks"]["PostToolUse"] == json.loads(CLAUDE_SETTINGS)["hooks"]["PostToolUse"]
    assert "PreCompact" not in after["hooks"] and not installing.installed(after, "claude")


def test_install_into_a_missing_file_and_back_removes_it(tmp_path: Path) -> None:
    path = tmp_path / ".gemini" / "settings.json"
    installing.install(GEMINI, path, installing.commands_for(GEMINI, ["mcp-context"]), tmp_path, {"after-tool": "x"})
    hooks = json.loads(path.read_text())["hooks"]
    assert hooks["AfterTool"][0]["matcher"] == "x"
    assert hooks["BeforeTool"][0]["hooks"][0] == {
        "name": "mcp-context-before-tool",
        "type": "command",
        "command": "mcp-context hook gemini before-tool",
        "timeout": 10000,
    }
    installing.uninstall(GEMINI, path, tmp_path)
    assert not path.exists()


def test_a_broken_settings_file_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"hooks": // comment\n}')
    runner = CliRunner()
    res = runner.invoke(cli, ["--root", str(tmp_path), "hooks", "install", "claude", "--settings", str(path)])
    assert res.exit_code != 0 and "not plain JSON" in str(res.exception or res.output)
    assert path.read_text() == '{"hooks": // comment\n}'


def test_our_commands_are_recognised() -> None:
    assert our_event("'/a b/.venv/bin/mcp-context' --root /r hook claude post-tool-use --min-tokens 5") == (
        "claude",
        "post-tool-use",
    )
    assert our_event("/usr/bin/python3 -m mcp_context hook gemini after-tool") == ("gemini", "after-tool")
    assert our_event("prettier --write") is None and our_event(None) is None


def test_cli_install_status_uninstall(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    root = ["--root", str(tmp_path / "root")]
    res = runner.invoke(cli, [*root, "hooks", "install", "claude", "--min-tokens", "3000"])
    assert res.exit_code == 0, res.output
    assert "hook claude post-tool-use --min-tokens 3000" in res.output
    res = runner.invoke(cli, [*root, "hooks", "install", "gemini", "--scope", "project"])
    assert res.exit_code == 0 and str(tmp_path / ".gemini" / "settings.json") in res.output
    status = runner.invoke(cli, [*root, "hooks", "status"]).output
    lines = {line.split()[0] + " " + line.split()[1]: line for line in status.splitlines()[1:5]}
    assert "installed: PreToolUse, PostToolUse, PreCompact, SessionStart" in lines["claude user"]
    assert "not installed (no file)" in lines["claude project"]
    assert "installed: BeforeTool, AfterTool, SessionStart" in lines["gemini project"]
    js = json.loads(runner.invoke(cli, [*root, "hooks", "status", "--json"]).output)
    assert js["min_tokens"] == 2000 and len(js["settings"]) == 6
    assert "removed" in runner.invoke(cli, [*root, "hooks", "uninstall", "claude"]).output
    assert not (tmp_path / "home" / ".claude" / "settings.json").exists()


# Claude Code events ----------------------------------------------------------------------------------------


def test_small_output_passes_untouched(tmp_path: Path) -> None:
    assert answer("claude", "post-tool-use", bash_input("1\n2\n3"), tmp_path) is None
    assert not (tmp_path / "sessions").exists()  # the store was not even opened


def test_big_inline_bash_output_is_replaced_by_an_object(tmp_path: Path) -> None:
    text = "".join(f"line {i} of the build log\n" for i in range(1, 4001)) + "error: the last step failed\n"
    text += "".join(f"after {i}\n" for i in range(30))
    out = answer("claude", "post-tool-use", bash_input(text), tmp_path)
    new = out["hookSpecificOutput"]["updatedToolOutput"]
    assert out["hookSpecificOutput"]["hookEventName"] == "PostToolUse"
    assert isinstance(new["stdout"], str) and new["stderr"] == "" and new["interrupted"] is False
    assert new["isImage"] is False and len(new["stdout"]) < 4000
    handle = new["stdout"].split("as handle ")[1].split()[0]
    assert f"read_persisted(handle='{handle}', start_line=21)" in new["stdout"]
    assert "4001: error: the last step failed" in new["stdout"] and "after 29" in new["stdout"]
    assert read_all(Session(tmp_path, SID), handle) == text


def test_persisted_output_path_is_read_whole_and_left_out(tmp_path: Path) -> None:
    whole = "".join(f"{i}\n" for i in range(1, 60001))
    saved = tmp_path / "tool-results" / "b1.txt"
    saved.parent.mkdir()
    saved.write_text(whole)
    data = bash_input(whole[:30000], persistedOutputPath=str(saved), persistedOutputSize=len(whole))
    new = answer("claude", "post-tool-use", data, tmp_path)["hookSpecificOutput"]["updatedToolOutput"]
    assert "persistedOutputPath" not in new and "persistedOutputSize" not in new
    assert "60,000 lines" in new["stdout"] and new["stdout"].endswith("60000")
    handle = new["stdout"].split("as handle ")[1].split()[0]
    assert read_all(Session(tmp_path, SID), handle) == whole


def test_reading_a_stored_result_is_not_stored_again(tmp_path: Path) -> None:
    data = bash_input("x " * 20000)
    data["tool_input"] = {"command": "mcp-context read r_0123456789abcdef --start-line 21"}
    assert answer("claude", "post-tool-use", data, tmp_path) is None
    data = {**bash_input(""), "tool_name": "mcp__context__read_persisted", "tool_response": "y " * 20000}
    assert answer("claude", "post-tool-use", data, tmp_path) is None


def test_threshold_from_the_environment_and_the_command(tmp_path: Path) -> None:
    text = "word " * 3000  # about 3,000 tokens
    assert (
        answer("claude", "post-tool-use", bash_input(text), tmp_path, env={"MCP_CONTEXT_HOOK_MIN_TOKENS": "5000"})
        is None
    )
    assert answer("claude", "post-tool-use", bash_input(text), tmp_path, min_tokens=1000) is not None


@pytest.mark.parametrize("stdin", [b"", b"not json", b"[1, 2]", b'{"session_id": "../../etc"}', b"\xff\xfe"])
def test_malformed_input_exits_0_silently_and_logs(tmp_path: Path, stdin: bytes) -> None:
    res = CliRunner().invoke(cli, ["--root", str(tmp_path), "hook", "claude", "post-tool-use"], input=stdin)
    assert res.exit_code == 0 and res.output == ""
    if stdin != b'{"session_id": "../../etc"}':  # no tool_response: nothing to do, nothing wrong
        assert "claude post-tool-use" in (tmp_path / "hooks.log").read_text()


def test_a_full_disk_gives_no_answer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*_: Any, **__: Any) -> Any:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Session, "persist_file", full)
    assert answer("claude", "post-tool-use", bash_input("z " * 10000), tmp_path) is None
    assert "No space left" in (tmp_path / "hooks.log").read_text()


def pre_tool(host: str, command: str) -> dict[str, Any]:
    name = "Bash" if host == "claude" else "run_shell_command"
    return {"session_id": SID, "hook_event_name": "x", "tool_name": name, "tool_input": {"command": command}}


def test_claude_repeated_calls_get_a_nudge_then_a_deny(tmp_path: Path) -> None:
    answers = [answer("claude", "pre-tool-use", pre_tool("claude", "make test"), tmp_path) for _ in range(8)]
    first = next(i for i, a in enumerate(answers) if a is not None)
    assert first > 0 and answers[0] is None
    nudge = answers[first]["hookSpecificOutput"]
    assert nudge["hookEventName"] == "PreToolUse" and "make test" in nudge["additionalContext"]
    assert "permissionDecision" not in nudge
    denied = [a for a in answers if a and a["hookSpecificOutput"].get("permissionDecision") == "deny"]
    assert denied and denied[0]["hookSpecificOutput"]["permissionDecisionReason"]


def test_gemini_nudge_rides_on_after_tool_and_stop_denies(tmp_path: Path) -> None:
    after = {**pre_tool("gemini", "make test"), "tool_response": {"llmContent": "ok", "returnDisplay": "ok"}}
    seen: list[Any] = []
    for _ in range(8):
        before = answer("gemini", "before-tool", pre_tool("gemini", "make test"), tmp_path)
        seen.append(("before", before))
        if before is None:
            seen.append(("after", answer("gemini", "after-tool", after, tmp_path)))
    contexts = [a["hookSpecificOutput"]["additionalContext"] for kind, a in seen if kind == "after" and a]
    assert contexts and "make test" in contexts[0]
    denies = [a for kind, a in seen if kind == "before" and a]
    assert denies and denies[0]["decision"] == "deny" and denies[0]["reason"]


def test_gemini_after_tool_stores_the_commands_own_output(tmp_path: Path) -> None:
    output = "".join(f"{i}\n" for i in range(1, 50001))
    llm = f"<untrusted_context>\nOutput: {output}\nProcess Group PGID: 77\n</untrusted_context>"
    data = {**pre_tool("gemini", "seq 1 50000"), "tool_response": {"llmContent": llm, "returnDisplay": output}}
    context = answer("gemini", "after-tool", data, tmp_path)["hookSpecificOutput"]
    assert context["hookEventName"] == "AfterTool" and len(context["additionalContext"]) < 1000
    handle = context["additionalContext"].split("handle ")[1].split(";")[0]
    assert read_all(Session(tmp_path, SID), handle) == output  # the command's output, not the host's wrapper
    assert Session(tmp_path, SID).store.meta(SID, handle).source == "gemini after-tool; PGID 77"
    small = {**data, "tool_response": {"llmContent": "Output: 1\n2", "returnDisplay": "1\n2"}}
    assert answer("gemini", "after-tool", small, tmp_path) is None


# compaction ------------------------------------------------------------------------------------------------


def test_claude_pre_compact_and_session_start_after_it(tmp_path: Path) -> None:
    transcript = str(HOSTS_DIR / "claude" / "fix-failing-test.jsonl")
    data = {"session_id": SID, "transcript_path": transcript, "trigger": "auto", "custom_instructions": None}
    text = answer("claude", "pre-compact", data, tmp_path)
    assert isinstance(text, str) and len(text) <= 10_000 and "<state_snapshot>" in text
    assert "add(2, 3) should be 5" in text
    start = {"session_id": SID, "transcript_path": transcript, "source": "startup"}
    assert answer("claude", "session-start", start, tmp_path) is None
    # the host's summary is not known yet (Claude Code 2.1.330): one line with the handles, nothing more
    back = answer("claude", "session-start", {**start, "source": "compact"}, tmp_path)["hookSpecificOutput"]
    assert back["hookEventName"] == "SessionStart" and "<state_snapshot>" not in back["additionalContext"]
    assert len(back["additionalContext"]) < 200
    handle = back["additionalContext"].split("snapshot ")[1].split(",")[0]
    assert handle in text and "<state_snapshot>" in read_all(Session(tmp_path, SID), handle)
    assert answer("claude", "session-start", {**start, "source": "compact"}, tmp_path) is None  # once
    # no PostCompact and no boundary in the transcript: the summary can never be known, so the whole snapshot
    prompt = {"session_id": SID, "transcript_path": transcript, "prompt": "go on"}
    whole = answer("claude", "user-prompt-submit", prompt, tmp_path)["hookSpecificOutput"]
    assert whole["hookEventName"] == "UserPromptSubmit" and "<state_snapshot>" in whole["additionalContext"]
    assert answer("claude", "user-prompt-submit", prompt, tmp_path) is None  # once
    assert answer("claude", "pre-tool-use", pre_tool("claude", "ls"), tmp_path) is None


def test_a_manual_compaction_gets_the_handles_and_what_to_keep_not_the_snapshot(tmp_path: Path) -> None:
    """Claude Code echoes a PreCompact hook's output into the conversation after /compact: keep it short."""
    transcript = str(HOSTS_DIR / "claude" / "fix-failing-test.jsonl")
    data = {"session_id": SID, "transcript_path": transcript, "trigger": "manual", "custom_instructions": "Be brief."}
    text = answer("claude", "pre-compact", data, tmp_path)
    assert text.startswith("Be brief.\n\nKeep every user request, unresolved failure") and len(text) < 500, text
    assert "<state_snapshot>" not in text and "add(2, 3)" not in text and text.count("r_") == 3, text


@settings(max_examples=300, deadline=None)
@given(
    parts=st.lists(
        st.sampled_from(
            ["error", "ERROR", "Errors", "failed", "FaIlUrE", "fatal", "Traceback", "exception", "xpanic", "panic_",
             "denied", "not found", "not  found", "warning", "warn", "ok", " ", "\n", "\r\n", "_", "-", ":", "9", "é"]
        ),
        max_size=60,
    ).map("".join)
)  # fmt: skip
def test_error_lines_are_the_lines_the_whole_line_pattern_finds(parts: str) -> None:
    """ASCII text is searched lower-cased for the words alone, with word boundaries checked by hand: the same lines
    as the case-blind whole-line pattern (other text goes through that pattern itself)."""
    from mcp_context.hooks import preview

    expected = [(m.start(), m[0]) for m in preview._ERRORS.finditer(parts)]
    assert list(preview._error_lines(parts)) == expected
    assert preview.error_lines(parts, 0, 10**9)[1] == len(expected)


# Gemini CLI compressions, told from the chat file (PreCompress fires before every request) -------------------

COMPRESS_DIR = Path(__file__).parent / "gemini-compress"


def _replay(name: str, tmp_path: Path, second_file: bool = False) -> list[tuple[str, Any]]:
    """The real chat file written line by line, with an AfterTool after every tool result, a PreCompress before
    every model request and a SessionStart before each resumed prompt, as the host fires them; the answers.
    With ``second_file``, the events alternate between the chat file and a second one holding only a header and
    the session context, as when a resumed prompt starts in another minute: Gemini CLI 0.61 then makes a new
    file for the session and names it to some hooks while it goes on writing the first."""
    chat, other = tmp_path / "chat.jsonl", tmp_path / "chat-next-minute.jsonl"
    base = {"session_id": SID, "transcript_path": str(chat)}
    after = {**pre_tool("gemini", "ls"), **base, "tool_response": {"llmContent": "a\nb", "returnDisplay": "a\nb"}}
    seen: list[tuple[str, Any]] = []
    lines = (COMPRESS_DIR / f"{name}.jsonl").read_text().splitlines(keepends=True)
    other.write_text("".join(lines[:2]))
    with open(chat, "w") as out:
        for i, line in enumerate(lines):
            out.write(line)
            out.flush()
            if second_file:
                base["transcript_path"] = str(other if i % 2 else chat)
                after["transcript_path"] = base["transcript_path"]
            record = json.loads(line)
            if record.get("type") == "user" and "functionResponse" in line:
                seen.append(("after-tool", answer("gemini", "after-tool", after, tmp_path / "store")))
            elif record.get("type") == "user":
                seen.append(
                    ("pre-compress", answer("gemini", "pre-compress", {**base, "trigger": "auto"}, tmp_path / "store"))
                )
            elif "sessionId" in record.get("$set", {}):
                start = {**base, "source": "resume"}
                seen.append(("session-start", answer("gemini", "session-start", start, tmp_path / "store")))
    return seen


def test_gemini_without_a_compression_nothing_is_stored_printed_or_injected(tmp_path: Path) -> None:
    seen = _replay("uncompressed", tmp_path)
    assert len([s for s in seen if s[0] == "after-tool"]) >= 4
    assert all(a is None for _, a in seen), [a for _, a in seen if a]
    assert not (tmp_path / "store" / "hooks.log").exists()
    assert Session(tmp_path / "store", SID).store.list_results(SID) == []


@pytest.mark.parametrize("second_file", [False, True], ids=["one-file", "events-alternating-two-files"])
def test_gemini_compression_is_told_once_with_a_snapshot_of_what_it_replaced(tmp_path: Path, second_file: bool) -> None:
    seen = _replay("compressed", tmp_path, second_file)
    answers = [(event, a) for event, a in seen if a is not None]
    assert len(answers) == 1, answers  # the one compression, at the first tool result after it
    event, a = answers[0]
    assert event == "after-tool" and "Gemini CLI compressed the conversation" in a["systemMessage"]
    context = a["hookSpecificOutput"]["additionalContext"]
    assert context.startswith("[mcp-context] Gemini CLI compressed the conversation, replacing 8 messages")
    assert "<state_snapshot>" in context and len(context) < 5000
    handle = context.split("stored whole as handle ")[1].split(";")[0]
    whole = read_all(Session(tmp_path / "store", SID), handle)
    assert "First: count to three thousand with seq." in whole and "seq 1 3000" in whole
    assert not (tmp_path / "store" / "hooks.log").exists()


def test_gemini_pre_compress_alone_says_nothing_and_stores_nothing(tmp_path: Path) -> None:
    data = {"session_id": SID, "transcript_path": str(COMPRESS_DIR / "uncompressed.jsonl"), "trigger": "auto"}
    for _ in range(3):
        assert answer("gemini", "pre-compress", data, tmp_path) is None
    assert Session(tmp_path, SID).store.list_results(SID) == []


def test_a_hooks_log_swapped_for_a_link_is_not_written_through(tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("someone else's file\n")
    root = tmp_path / "root"
    root.mkdir()
    (root / "hooks.log").symlink_to(outside)
    res = CliRunner().invoke(cli, ["--root", str(root), "hook", "claude", "post-tool-use"], input=b"not json")
    assert res.exit_code == 0 and res.output == ""
    assert outside.read_text() == "someone else's file\n"
