"""The compaction audit and the context gauge, on recorded Claude Code 2.1.330 transcripts with a compaction
appended in the exact shape the real host writes it (a ``compact_boundary`` system line with
``compactMetadata``, then an ``isCompactSummary`` user line; seen in tests/test_audit_real.py)."""

from __future__ import annotations

import json
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from test_hooks import SID, answer

from mcp_context import Session
from mcp_context.cli.main import cli
from mcp_context.hooks import audit, gauge

HOSTS_DIR = Path(__file__).parent / "hosts"
LONG = HOSTS_DIR / "claude" / "long-session.jsonl"
FIX = HOSTS_DIR / "claude" / "fix-failing-test.jsonl"
LOSSY = "1. Primary Request and Intent: fix the failing test suite of this project.\n2. Files: none yet."
FULL = (
    "1. Primary Request and Intent: the test suite of this project fails; fix the failing test.\n"
    "2. Files and Code Sections: calc/ops.py, add() subtracted instead of adding: it returned a - b and now "
    "returns a + b. Decision: fix the function rather than the test, because the test states the intended "
    "behaviour.\n"
    "3. Decisions: keep the TODO zero guard in divide() for later (divide by zero still needs handling); "
    "the unused import os is left alone for now (pending)."
)


def compacted(src: Path, out: Path, summary: str, preserve_last: bool = False) -> Path:
    """``src`` followed by a compaction as Claude Code 2.1.330 writes one (trigger auto)."""
    lines = src.read_text().splitlines()
    last = next(json.loads(x)["uuid"] for x in reversed(lines) if json.loads(x).get("type") == "assistant")
    boundary_id, summary_id = str(uuid.uuid4()), str(uuid.uuid4())
    kept = [last] if preserve_last else []
    boundary = {
        "parentUuid": None,
        "logicalParentUuid": last,
        "isSidechain": False,
        "type": "system",
        "subtype": "compact_boundary",
        "content": "Conversation compacted",
        "isMeta": False,
        "uuid": boundary_id,
        "level": "info",
        "compactMetadata": {
            "trigger": "auto",
            "preTokens": 170_000,
            "preservedMessages": {"anchorUuid": summary_id, "uuids": kept, "allUuids": kept},
            "postTokens": 3229,
        },
        "sessionId": SID,
        "version": "2.1.330",
    }
    said = (
        "This session is being continued from a previous conversation that ran out of context. The summary "
        "below covers the earlier portion of the conversation.\n\n<system-reminder>\n<tools-used-before-summary>"
        f"Bash, Edit, Read</tools-used-before-summary>\n</system-reminder>\nSummary:\n{summary}\n\nIf you need "
        "specific details from before compaction (like exact code snippets, error messages, or content you "
        "generated), read the full transcript at: /home/user/.claude/projects/-tmp-proj/x.jsonl\nContinue the "
        "conversation from where it left off without asking the user any further questions."
    )
    line = {
        "parentUuid": boundary_id,
        "isSidechain": False,
        "type": "user",
        "message": {"role": "user", "content": said},
        "isVisibleInTranscriptOnly": True,
        "isCompactSummary": True,
        "uuid": summary_id,
        "sessionId": SID,
    }
    out.write_text("\n".join([*lines, json.dumps(boundary), json.dumps(line)]) + "\n")
    return out


# the audit -------------------------------------------------------------------------------------------------


def test_a_lossy_summary_drops_the_files_failures_and_decisions(tmp_path: Path) -> None:
    found = audit.audit(compacted(LONG, tmp_path / "t.jsonl", LOSSY))
    assert found.found and found.trigger == "auto" and found.originals == 114
    kinds = {f.kind for f in found.dropped}
    assert {"file", "decision", "request"} <= kinds, found.report()
    paths = " ".join(f.text for f in found.dropped if f.kind == "file")
    assert "textkit/slug.py" in paths and "scripts/lint.sh" in paths
    requests = [f for f in found.dropped if f.kind == "request"]
    assert len(requests) == 2 and "textkit.cli" in requests[1].text  # neither prompt is in the summary
    text = found.reinjection()
    assert len(text) <= audit.REINJECT_CHARS and text.startswith("[mcp-context] The compaction summary left out")


def test_a_faithful_summary_drops_nothing_checked(tmp_path: Path) -> None:
    found = audit.audit(compacted(FIX, tmp_path / "t.jsonl", FULL))
    assert found.found and found.checked and not found.dropped, found.report()
    assert "kept all" in found.reinjection()


def test_messages_kept_verbatim_count_as_kept(tmp_path: Path) -> None:
    lossy = audit.audit(compacted(FIX, tmp_path / "a.jsonl", LOSSY))
    kept = audit.audit(compacted(FIX, tmp_path / "b.jsonl", LOSSY, preserve_last=True))
    assert len(kept.dropped) < len(lossy.dropped)  # the final answer, kept verbatim, names the file and the plan


def test_no_compaction_means_nothing_to_audit() -> None:
    found = audit.audit(FIX)
    assert not found.found and "No host compaction" in found.report()


def test_only_the_last_compaction_is_audited(tmp_path: Path) -> None:
    once = compacted(LONG, tmp_path / "once.jsonl", LOSSY)
    twice = compacted(once, tmp_path / "twice.jsonl", LOSSY)
    found = audit.audit(twice)
    assert found.found and found.originals == 1 and not found.dropped  # only the first summary was replaced


def test_the_summary_postcompact_hands_over_is_audited_before_the_boundary_is_written() -> None:
    lines = audit.records(FIX)
    host = audit.pending_compaction(lines, LOSSY)
    assert len(host.originals) == 10 and host.summary == LOSSY
    checked, dropped = audit.compare(host)
    assert any(f.kind == "file" and "ops.py" in f.text for f in dropped)


# the hooks around Claude Code's compaction -----------------------------------------------------------------


def test_session_start_puts_back_only_the_drops_once_the_summary_is_known(tmp_path: Path) -> None:
    data = {"session_id": SID, "transcript_path": str(FIX), "trigger": "auto", "custom_instructions": None}
    answer("claude", "pre-compact", data, tmp_path)
    assert answer("claude", "post-compact", {**data, "compact_summary": LOSSY}, tmp_path) is None
    start = {"session_id": SID, "transcript_path": str(FIX), "source": "compact"}
    back = answer("claude", "session-start", start, tmp_path)["hookSpecificOutput"]["additionalContext"]
    assert back.startswith("[mcp-context] The compaction summary left out") and "<state_snapshot>" not in back
    assert "ops.py" in back and len(back) < audit.REINJECT_CHARS
    assert answer("claude", "session-start", start, tmp_path) is None  # once
    assert not (tmp_path / "hooks.log").exists()


def _compact_as_claude_2_1_330(tmp_path: Path, transcript: Path) -> dict[str, Any]:
    """PreCompact, then SessionStart(compact) before the summary is known, then PostCompact, then the host
    writes its boundary and summary: the order Claude Code 2.1.330 runs them in (tests/test_audit_real.py)."""
    root = tmp_path / "store"
    data = {"session_id": SID, "transcript_path": str(transcript), "trigger": "manual", "custom_instructions": None}
    answer("claude", "pre-compact", data, root)
    start = {"session_id": SID, "transcript_path": str(transcript), "source": "compact"}
    said = answer("claude", "session-start", start, root)["hookSpecificOutput"]["additionalContext"]
    assert answer("claude", "post-compact", {**data, "compact_summary": LOSSY}, root) is None
    compacted(FIX, transcript, LOSSY)
    return {"said": said, "root": root}


def test_the_drops_come_with_the_next_prompt_once_when_the_summary_follows_session_start(tmp_path: Path) -> None:
    transcript = tmp_path / "t.jsonl"
    transcript.write_text(FIX.read_text())
    done = _compact_as_claude_2_1_330(tmp_path, transcript)
    assert done["said"].startswith("[mcp-context] The state before this compaction is stored: snapshot r_")
    assert "<state_snapshot>" not in done["said"] and "ops.py" not in done["said"]
    prompt = {"session_id": SID, "transcript_path": str(transcript), "prompt": "Go on."}
    back = answer("claude", "user-prompt-submit", prompt, done["root"])["hookSpecificOutput"]
    assert back["hookEventName"] == "UserPromptSubmit"
    text = back["additionalContext"]
    assert text.startswith("[mcp-context] The compaction summary left out") and "<state_snapshot>" not in text
    assert "ops.py" in text and len(text) < audit.REINJECT_CHARS, text
    assert answer("claude", "user-prompt-submit", prompt, done["root"]) is None  # once
    tool = {"session_id": SID, "transcript_path": str(transcript), "tool_name": "Bash", "tool_input": {"command": "ls"}}
    assert answer("claude", "pre-tool-use", tool, done["root"]) is None
    assert not (done["root"] / "hooks.log").exists()


def test_after_an_automatic_compaction_the_next_tool_call_carries_the_drops(tmp_path: Path) -> None:
    transcript = tmp_path / "t.jsonl"
    transcript.write_text(FIX.read_text())
    done = _compact_as_claude_2_1_330(tmp_path, transcript)
    tool = {"session_id": SID, "transcript_path": str(transcript), "tool_name": "Bash", "tool_input": {"command": "ls"}}
    back = answer("claude", "pre-tool-use", tool, done["root"])["hookSpecificOutput"]
    assert back["hookEventName"] == "PreToolUse" and "permissionDecision" not in back
    assert back["additionalContext"].startswith("[mcp-context] The compaction summary left out")
    assert answer("claude", "pre-tool-use", tool, done["root"]) is None  # once
    prompt = {"session_id": SID, "transcript_path": str(transcript), "prompt": "Go on."}
    assert answer("claude", "user-prompt-submit", prompt, done["root"]) is None


def test_parallel_tool_calls_deliver_the_drops_once(tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    transcript = tmp_path / "t.jsonl"
    transcript.write_text(FIX.read_text())
    done = _compact_as_claude_2_1_330(tmp_path, transcript)
    calls = [
        {
            "session_id": SID,
            "transcript_path": str(transcript),
            "tool_name": "Read",
            "tool_input": {"file_path": f"f{i}"},
        }
        for i in range(6)
    ]
    with ThreadPoolExecutor(6) as pool:
        answers = list(pool.map(lambda c: answer("claude", "pre-tool-use", c, done["root"]), calls))
    assert sum(a is not None for a in answers) == 1, answers


def test_a_summary_that_keeps_everything_puts_nothing_back(tmp_path: Path) -> None:
    transcript = tmp_path / "t.jsonl"
    transcript.write_text(FIX.read_text())
    root = tmp_path / "store"
    answer("claude", "pre-compact", {"session_id": SID, "transcript_path": str(transcript)}, root)
    start = {"session_id": SID, "transcript_path": str(transcript), "source": "compact"}
    assert answer("claude", "session-start", start, root) is not None
    compacted(FIX, transcript, FULL)
    prompt = {"session_id": SID, "transcript_path": str(transcript), "prompt": "Go on."}
    assert answer("claude", "user-prompt-submit", prompt, root) is None
    assert answer("claude", "user-prompt-submit", prompt, root) is None
    assert not (root / "hooks.log").exists()


def test_cli_audit_finds_the_transcript_from_the_snapshot(tmp_path: Path) -> None:
    transcript = tmp_path / "t.jsonl"
    transcript.write_text(FIX.read_text())
    data = {"session_id": SID, "transcript_path": str(transcript), "trigger": "auto"}
    answer("claude", "pre-compact", data, tmp_path / "store")
    compacted(FIX, transcript, LOSSY)  # then the host compacts and writes its summary
    runner = CliRunner()
    out = runner.invoke(cli, ["--root", str(tmp_path / "store"), "audit", "--session", SID, "--json"])
    assert out.exit_code == 0, out.output
    doc = json.loads(out.output)
    assert doc["found"] and doc["dropped"] and doc["snapshot"].startswith("r_") and doc["archive"].startswith("r_")
    text = runner.invoke(cli, ["--root", str(tmp_path / "store"), "audit", "--transcript", str(transcript)])
    assert text.exit_code == 0 and "dropped" in text.output and "file changed" in text.output
    missing = runner.invoke(cli, ["--root", str(tmp_path), "audit"], env={"CLAUDE_CODE_SESSION_ID": ""})
    assert missing.exit_code != 0 and "--session" in str(missing.exception)


# the gauge -------------------------------------------------------------------------------------------------


def big_output(root: Path) -> None:
    text = "".join(f"line {i}\n" for i in range(20_000))
    data = {
        "session_id": SID,
        "hook_event_name": "PostToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "make", "description": "Build"},
        "tool_response": {"stdout": text, "stderr": "", "interrupted": False},
    }
    assert answer("claude", "post-tool-use", data, root) is not None


def test_gauge_counts_only_what_follows_the_last_boundary(tmp_path: Path) -> None:
    whole = gauge.measure(tmp_path, SID, LONG)
    after = gauge.measure(tmp_path, SID, compacted(LONG, tmp_path / "t.jsonl", LOSSY))
    assert whole.compactions == 0 and after.compactions == 1
    assert whole.model == "claude-opus-5-5" and whole.window == 200_000 and whole.window_source.startswith("profile")
    assert whole.used_tokens and after.used_tokens and after.used_tokens < whole.used_tokens / 20
    assert after.messages == 1 and whole.messages > 100
    kept = gauge.measure(tmp_path, SID, compacted(LONG, tmp_path / "k.jsonl", LOSSY, preserve_last=True))
    assert kept.messages == 2  # the summary and the reply kept verbatim


def test_gauge_tells_what_the_hooks_kept_out(tmp_path: Path) -> None:
    big_output(tmp_path)
    Session(tmp_path, SID).persist_result("a note", label="mine")
    found = gauge.measure(tmp_path, SID, None)
    assert found.stored.count == 1 and found.stored.chars > 100_000 and found.results.count == 2
    assert found.used_tokens is None and found.kept_out == found.stored.tokens  # no transcript: nothing injected
    assert "hooks: 1 outputs stored" in found.report()
    assert json.loads(json.dumps(found.to_dict()))["kept_out_tokens"] == found.kept_out


def test_statusline_takes_the_hosts_figures_and_prints_one_line(tmp_path: Path) -> None:
    big_output(tmp_path)
    data: dict[str, Any] = {
        "session_id": SID,
        "transcript_path": str(LONG),
        "model": {"id": "claude-sonnet-4-5", "display_name": "Sonnet"},
        "context_window": {
            "context_window_size": 1_000_000,
            "current_usage": {"input_tokens": 10, "cache_creation_input_tokens": 40_000, "cache_read_input_tokens": 0},
        },
    }
    line = gauge.statusline(json.dumps(data).encode(), tmp_path)
    assert line.startswith("mcp-context: ctx 4% 40K/1.0M") and "1 stored" in line and "\n" not in line, line
    del data["context_window"]
    assert "/200K" in gauge.statusline(json.dumps(data).encode(), tmp_path)
    assert gauge.statusline(b"not json", tmp_path).startswith("mcp-context: -")
    assert gauge.statusline(b"{}", tmp_path) == "mcp-context: no session"


def test_statusline_loads_neither_pydantic_nor_mcp(tmp_path: Path) -> None:
    code = (
        "import sys, json; from mcp_context.cli.main import main; sys.argv[1:] = ['--root', sys.argv[1], 'gauge', "
        "'--statusline']\ntry: main()\nexcept SystemExit: pass\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('pydantic', 'mcp', 'tiktoken'))))"
    )
    data = json.dumps({"session_id": SID, "transcript_path": str(LONG)})
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path)], input=data, capture_output=True, text=True)
    first, loaded = out.stdout.splitlines()
    assert first.startswith("mcp-context: ctx ") and json.loads(loaded) == [], out.stdout + out.stderr


def test_cli_gauge(tmp_path: Path) -> None:
    out = CliRunner().invoke(cli, ["--root", str(tmp_path), "gauge", "--transcript", str(LONG), "--json"])
    assert out.exit_code == 0, out.output
    doc = json.loads(out.output)
    assert doc["session"] == "long-session" and doc["window"] == 200_000 and doc["percent"] > 0


# the status line in Claude Code's settings -----------------------------------------------------------------


def test_statusline_install_and_uninstall_restore_the_bytes(tmp_path: Path) -> None:
    settings = tmp_path / "settings.json"
    original = '{\n  "model": "opus"\n}\n'
    settings.write_text(original)
    runner = CliRunner()
    base = ["--root", str(tmp_path / "store"), "hooks"]
    out = runner.invoke(cli, [*base, "install", "claude", "--settings", str(settings), "--statusline"])
    assert out.exit_code == 0, out.output
    doc = json.loads(settings.read_text())
    assert doc["statusLine"]["type"] == "command" and doc["statusLine"]["command"].endswith("gauge --statusline")
    again = runner.invoke(cli, [*base, "install", "claude", "--settings", str(settings), "--statusline"])
    assert "(unchanged)" in again.output
    assert runner.invoke(cli, [*base, "uninstall", "claude", "--settings", str(settings)]).exit_code == 0
    assert settings.read_text() == original


def test_a_users_own_status_line_is_never_replaced(tmp_path: Path) -> None:
    settings = tmp_path / "settings.json"
    mine = {"statusLine": {"type": "command", "command": "~/.claude/statusline.sh"}}
    settings.write_text(json.dumps(mine))
    out = CliRunner().invoke(
        cli, ["--root", str(tmp_path), "hooks", "install", "claude", "--settings", str(settings), "--statusline"]
    )
    assert "kept as it is" in out.output and json.loads(settings.read_text())["statusLine"] == mine["statusLine"]
    assert gauge.without_statusline(mine) is mine
    refused = CliRunner().invoke(
        cli,
        ["--root", str(tmp_path), "hooks", "install", "gemini", "--settings", str(tmp_path / "g.json"), "--statusline"],
    )
    assert refused.exit_code != 0


# through MCP ---------------------------------------------------------------------------------------------


def test_the_audit_and_the_gauge_are_resources_and_a_transcript_elsewhere_is_not_read(tmp_path: Path) -> None:
    import anyio
    from mcp import Client, MCPError

    from mcp_context.server.app import build_server

    hosts = tmp_path / "hosts"
    hosts.mkdir()
    transcript = hosts / "t.jsonl"
    transcript.write_text(FIX.read_text())
    data = {"session_id": SID, "transcript_path": str(transcript), "trigger": "auto"}
    answer("claude", "pre-compact", data, tmp_path / "store")
    compacted(FIX, transcript, LOSSY)

    async def read(env: dict[str, str]) -> tuple[Any, Any]:
        session = Session(root=tmp_path / "store", session=SID, env=env)
        async with Client(build_server(session)) as client:
            base = f"mcp-context://sessions/{SID}"
            gauged = json.loads((await client.read_resource(f"{base}/gauge")).contents[0].text)  # type: ignore[union-attr]
            try:
                audited: Any = json.loads((await client.read_resource(f"{base}/audit")).contents[0].text)  # type: ignore[union-attr]
            except MCPError as exc:
                audited = exc.error.message
            return gauged, audited

    gauged, audited = anyio.run(read, {"MCP_CONTEXT_TRANSCRIPTS": str(hosts), "HOME": str(tmp_path)})
    assert audited["found"] and audited["dropped"] and "results" in json.dumps(gauged)
    _, refused = anyio.run(read, {"HOME": str(tmp_path)})  # the transcript is outside the hosts' folders
    assert isinstance(refused, str) and "no host transcript" in refused
