"""The examples run as written: the agents as a user starts them, the host snippets with the command and calls
they name, against the real server over stdio, in each host's protocol era."""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters

from mcp_context import Session
from mcp_context.server.app import build_server

pytestmark = [pytest.mark.anyio, pytest.mark.slow]  # whole agent runs against real servers

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
REPO = EXAMPLES.parent
TOOLS = {"persist_result", "read_persisted", "compact_history", "summarize_range", "check_loop"}
BUDGET, TARGET = 1_500, 800  # the agents' defaults
HOSTS = {
    "claude-code": (EXAMPLES / "claude-code" / ".mcp.json", EXAMPLES / "claude-code" / "CLAUDE.md"),
    "gemini-cli": (EXAMPLES / "gemini-cli" / "settings.json", EXAMPLES / "gemini-cli" / "GEMINI.md"),
}


def clean_env(**extra: str) -> dict[str, str]:
    """The user's environment without any store, session or host of this machine leaking in."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MCP_CONTEXT_", "CLAUDE", "GEMINI_"))}
    return env | extra


def run_agent(script: Path, tmp_path: Path) -> tuple[subprocess.CompletedProcess[str], dict[str, Any]]:
    report = tmp_path / "report.json"
    args = [sys.executable, str(script), "--root", str(tmp_path / "store"), "--report", str(report)]
    done = subprocess.run(args, cwd=tmp_path, env=clean_env(), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return done, json.loads(report.read_text())


def assert_kept_context(run: dict[str, Any], tmp_path: Path) -> None:
    """What a user relies on: it compacted to the target, the model never saw more than the budget, the loop
    was warned about then stopped, and every handle it kept points at the real text in the store."""
    assert run["compactions"], "the history passed the budget, so it must have compacted"
    for compaction in run["compactions"]:
        assert compaction["fits"] and compaction["tokens_after"] <= compaction["target"] == TARGET
        assert compaction["tokens_after"] < compaction["tokens_before"]
        assert compaction["estimate_after"] < BUDGET < compaction["estimate_before"]
    assert 0 < run["peak_tokens"] <= BUDGET
    assert run["stopped"] is not None and run["stopped"]["kind"] == "repeated_read"
    verdicts = [v for v in run["verdicts"] if v != "ok"]
    assert verdicts == ["warn", "stop"] and run["verdicts"][-1] == "stop"
    warned_at = run["verdicts"].index("warn")
    assert run["steps"][warned_at + 1]["tool"] == "read_persisted", "it changes course once after the warning"
    assert run["steps"][-1]["args"] == {"path": "mcp_context/storage/files.py"}

    session = Session(root=tmp_path / "store", session=run["session"], env={})
    stored = {meta.handle: meta for meta in session.results()}
    assert set(run["persisted"]) <= set(stored) and len(set(run["persisted"])) >= 3
    archives = {c["archive"] for c in run["compactions"]}
    assert archives <= set(stored), "whatever compaction removed is in the store"
    store_py = next(h for h in run["persisted"] if stored[h].label == "mcp_context/storage/files.py")
    text = "".join(session.iter_text(store_py))
    assert text == (REPO / "mcp_context" / "storage" / "files.py").read_text(encoding="utf-8")


def test_the_python_agent_keeps_its_context_and_stops_on_its_loop(tmp_path: Path) -> None:
    done, run = run_agent(EXAMPLES / "python-agent" / "agent.py", tmp_path)
    assert_kept_context(run, tmp_path)
    assert run["seconds"] < 20
    assert "compact_history:" in done.stdout and "check_loop: warn" in done.stdout
    assert f"stopped at step {run['stopped']['step']} (repeated_read)" in done.stdout


def test_the_pydantic_ai_agent_does_the_same_through_its_mcp_adapter(tmp_path: Path) -> None:
    pytest.importorskip("pydantic_ai.mcp", reason="examples extra not installed: pip install -e '.[examples]'")
    done, run = run_agent(EXAMPLES / "pydantic-ai" / "agent.py", tmp_path)
    assert_kept_context(run, tmp_path)
    assert run["output"].startswith("I stopped: ") and run["stopped"]["nudge"] in run["output"]


@pytest.mark.parametrize("host", sorted(HOSTS))
def test_the_host_entry_names_a_command_that_exists(host: str) -> None:
    entry = json.loads(HOSTS[host][0].read_text())["mcpServers"]["mcp-context"]
    assert (entry["command"], entry["args"]) == ("mcp-context", ["serve"])
    assert entry.get("type", "stdio") == "stdio"
    assert installed_command() is not None, "`pip install .` installs mcp-context next to the interpreter"


def installed_command() -> str | None:
    return shutil.which("mcp-context", path=str(Path(sys.executable).parent))


def snippet_calls(path: Path) -> list[tuple[str, dict[str, Any]]]:
    """Every tool call a snippet shows in backticks, with its arguments as Python values."""
    calls = []
    for code in re.findall(r"`([^`]+)`", path.read_text()):
        node = ast.parse(code, mode="eval").body if re.fullmatch(r"\w+\(.*\)", code) else None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            calls.append((node.func.id, {k.arg: _value(k.value) for k in node.keywords if k.arg}))
    return calls


def _value(node: ast.expr) -> Any:
    if isinstance(node, ast.Name) and node.id in ("true", "false", "null"):
        return {"true": True, "false": False, "null": None}[node.id]  # written as the model writes JSON
    return ast.literal_eval(node)


@pytest.mark.parametrize("host", sorted(HOSTS))
async def test_every_call_in_the_snippet_names_a_tool_and_its_arguments(host: str, tmp_path: Path) -> None:
    async with Client(build_server(Session(root=tmp_path, session="s", env={}))) as client:
        schemas = {t.name: t.input_schema["properties"] for t in (await client.list_tools()).tools}
    calls = snippet_calls(HOSTS[host][1])
    assert {name for name, _ in calls} == TOOLS, "the snippet teaches every tool"
    for name, args in calls:
        assert set(args) <= set(schemas[name]), f"{name}({args}) has an argument the tool does not take"


def place_transcript(host: str, histories: Any, home: Path, project: Path) -> dict[str, str]:
    """Put the fixture where the host keeps its transcript, and give the variables the host gives a server."""
    if host == "claude-code":
        folder = home / ".claude" / "projects" / re.sub(r"[^A-Za-z0-9]", "-", str(project))
        folder.mkdir(parents=True)
        shutil.copy(histories.claude_code, folder / f"{histories.claude_session_id}.jsonl")
        return {"CLAUDE_CODE_SESSION_ID": histories.claude_session_id, "CLAUDE_PROJECT_DIR": str(project)}
    chats = home / ".gemini" / "tmp" / project.name / "chats"
    chats.mkdir(parents=True)
    (chats.parent / ".project_root").write_text(str(project))
    shutil.copy(histories.gemini_cli, chats / histories.gemini_cli.name)
    return {"GEMINI_CLI": "1"}


def fill(args: dict[str, Any], text: str, answers: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """A snippet's placeholders (``...``, ``"r_..."``) as a model fills them: the text, the handle it got, a pattern."""
    filled = dict(args)
    for key, value in args.items():
        if value is ... or value == "r_...":
            filled[key] = text if key == "content" else "FAIL" if key == "grep" else answers["persist_result"]["handle"]
    return filled


@pytest.mark.parametrize(("host", "mode"), [("claude-code", "auto"), ("gemini-cli", "legacy")])
async def test_the_snippets_host_calls_work_as_written_inside_the_host(
    host: str, mode: str, histories: Any, tmp_path: Path
) -> None:
    home, project = tmp_path / "home", (tmp_path / "project").resolve()
    project.mkdir()
    env = clean_env(HOME=str(home), MCP_CONTEXT_HOME=str(tmp_path / "store"))
    env |= place_transcript(host, histories, home, project)
    entry = json.loads(HOSTS[host][0].read_text())["mcpServers"]["mcp-context"]
    command = installed_command()
    assert command is not None
    params = StdioServerParameters(command=command, args=entry["args"], env=env, cwd=str(project))
    calls = snippet_calls(HOSTS[host][1])
    host_calls = {n for n, a in calls if a.get("transcript") == "host"}
    assert host_calls == {"check_loop", "compact_history", "summarize_range"}
    log = histories.claude_code.read_text()  # a long real text to persist, page and grep
    async with Client(params, mode=mode) as client:  # type: ignore[arg-type]
        answers: dict[str, dict[str, Any]] = {}
        for name, args in calls:  # in the snippet's order, its placeholders filled in as a model would
            result = await client.call_tool(name, fill(args, log, answers))
            assert not result.is_error, (name, result.content)
            assert result.structured_content is not None
            answers[name] = result.structured_content
    compacted = answers["compact_history"]
    assert compacted["compacted"] and compacted["fits"] and compacted["messages"] is None
    assert compacted["archive_handle"] and compacted["history_handle"]
    assert compacted["format"] == ("anthropic" if host == "claude-code" else "gemini")
    assert answers["summarize_range"]["status"] == "stored" and answers["summarize_range"]["summary_handle"]
    assert answers["check_loop"]["mode"] == "replay"
    session = answers["check_loop"]["session"]
    if host == "claude-code":
        assert session == histories.claude_session_id, "the conversation's id is the session"
    else:
        assert session.startswith("s-"), "Gemini CLI gives no conversation id: a new session per server"
