"""summarize_range through MCP (in memory, a real sampling client, refused or junk sampling falling back with a
note, prompts and errors, and a stdio server in both protocol eras) and through the command line."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from cli_run import SERVE, both_ways, run_cli
from mcp import Client, StdioServerParameters
from mcp.types import CreateMessageResult, ErrorData, TextContent
from summary_sources import (
    SECTION_COUNT,
    STYLES,
    session_both_reuses,  # noqa: F401  (the session fixture, reuse on and off)
    written,
)

from mcp_context import Session
from mcp_context.server.app import build_server

# through MCP ---------------------------------------------------------------------------------------------------


def sampling_callback(style: str, answer: str | None = None) -> Any:
    async def callback(context: Any, params: Any) -> CreateMessageResult:
        prompt = params.messages[0].content.text
        assert "Facts taken from those messages" in prompt and params.system_prompt
        text = answer if answer is not None else written(style, "Sampled over MCP.")
        return CreateMessageResult(role="assistant", content=TextContent(type="text", text=text), model="test-model")

    return callback


@pytest.mark.slow
@pytest.mark.anyio
@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("engine", ["extractive", "agent", "sampling", "auto"])
async def test_mcp_every_style_and_engine(histories: Any, session: Session, style: str, engine: str) -> None:
    args = {"messages": json.loads(histories.openai.read_text()), "style": style, "engine": engine}
    callback = sampling_callback(style) if engine == "sampling" else None
    async with Client(build_server(session), sampling_callback=callback) as c:
        result = await c.call_tool("summarize_range", args)
        assert not result.is_error, result.content
        out = result.structured_content
        assert out is not None
        text = result.content[0].text  # type: ignore[union-attr]
        if engine == "agent":
            assert out["status"] == "needs_summary" and out["next_call"] in text and out["digest"] in text
            assert session.results() == []
            args |= {"start": out["start"], "end": out["end"], "summary": written(style, "Agent wrote this.")}
            out = (await c.call_tool("summarize_range", args)).structured_content
            assert out is not None and "Agent wrote this." in out["summary"]
        expected = {"auto": "extractive"}.get(engine, engine)
        assert out["status"] == "stored" and out["engine"] == expected and out["style"] == style
        assert out["summary_tokens"] < out["range_tokens"] and len(out["sections"]) == SECTION_COUNT[style]
        listed = {str(r.uri) for r in (await c.list_resources()).resources}
        assert out["summary_uri"] in listed and out["archive_uri"] in listed
        stored = (await c.read_resource(out["summary_uri"])).contents[0]
        assert stored.text == out["summary"]  # type: ignore[union-attr]


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["auto", "legacy"])
async def test_mcp_sampled_junk_falls_back_with_a_note(histories: Any, root: Path, mode: str) -> None:
    session = Session(root=root, session="mcp", env={"MCP_CONTEXT_TRANSCRIPTS": str(histories.out_dir)})
    callback = sampling_callback("sections", "I'm sorry, I cannot help with that.")
    async with Client(build_server(session), mode=mode, sampling_callback=callback) as c:  # type: ignore[arg-type]
        result = await c.call_tool("summarize_range", {"transcript": str(histories.gemini_cli)})
    out = result.structured_content
    assert out is not None, result.content
    assert (out["engine"], out["status"]) == ("extractive", "stored")
    assert any("failed the checks" in n for n in out["notes"])


@pytest.mark.anyio
async def test_mcp_a_refused_sampling_request_falls_back_with_a_note(histories: Any, session: Session) -> None:
    """Over the legacy era the client's refusal reaches the server mid-call: the summary is still written."""

    async def refuse(context: Any, params: Any) -> ErrorData:
        return ErrorData(code=-1, message="User rejected sampling request")

    args = {"messages": json.loads(histories.openai.read_text()), "engine": "sampling"}
    async with Client(build_server(session), mode="legacy", sampling_callback=refuse) as c:
        result = await c.call_tool("summarize_range", args)
    out = result.structured_content
    assert out is not None, result.content
    assert (out["status"], out["engine"]) == ("stored", "extractive")
    assert any("User rejected sampling request" in n for n in out["notes"])


@pytest.mark.anyio
async def test_mcp_prompts_and_errors(histories: Any, session: Session) -> None:
    async with Client(build_server(session)) as c:
        prompts = {p.name: p for p in (await c.list_prompts()).prompts}
        assert set(prompts) >= {"summarize_sections", "summarize_snapshot", "summarize_brief"}
        got = await c.get_prompt("summarize_snapshot", {"focus": "the billing migration"})
        body = got.messages[0].content.text  # type: ignore[union-attr]
        assert "<overall_goal>" in body and "the billing migration" in body and "summarize_range(" in body
        bad = await c.call_tool("summarize_range", {"transcript": str(histories.claude_code), "start": "#999"})
        assert bad.is_error and "outside the" in bad.content[0].text  # type: ignore[union-attr]
    assert session.results() == []


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["auto", "legacy"])
@pytest.mark.slow
async def test_stdio_subprocess_in_both_protocol_eras(mode: str, histories: Any, server_env: dict[str, str]) -> None:
    env = dict(server_env, MCP_CONTEXT_TRANSCRIPTS=str(histories.out_dir))
    params = StdioServerParameters(command=SERVE[0], args=[*SERVE[1:], "--session", "stdio", "serve"], env=env)
    args: dict[str, Any] = {"transcript": str(histories.claude_code), "style": "snapshot"}
    async with Client(params, mode=mode) as c:  # type: ignore[arg-type]
        out = (await c.call_tool("summarize_range", args)).structured_content
        assert out is not None and out["engine"] == "extractive" and "<state_snapshot>" in out["summary"]
        task = (await c.call_tool("summarize_range", args | {"engine": "agent"})).structured_content
        assert task is not None and task["status"] == "needs_summary"
        args |= {"engine": "agent", "summary": written("snapshot", "Over stdio.")}
        done = (await c.call_tool("summarize_range", args)).structured_content
        assert done is not None and done["engine"] == "agent" and "Over stdio." in done["summary"]
        assert done["archive_handle"] == out["archive_handle"]  # the same range, the same originals


# through the CLI -----------------------------------------------------------------------------------------------


def cli(
    *args: str, env: dict[str, str], stdin: str | None = None, way: str = "subprocess"
) -> subprocess.CompletedProcess[str]:
    return run_cli(list(args), env=env, input=stdin, way=way)


@pytest.mark.slow
def test_cli_summarises_a_file_and_stores_a_written_summary(
    histories: Any, server_env: dict[str, str], tmp_path: Path
) -> None:
    done = cli("--session", "cli", "summarize", str(histories.openai), "--end", "-3", "--json", env=server_env)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["engine"] == "extractive" and (out["requested_end"], out["end"]) == (261, 262)  # a pair kept whole
    (tmp_path / "mine.md").write_text(written("brief", "From a file."))
    mine = cli(
        "--session",
        "cli",
        "summarize",
        "-",
        "--style",
        "brief",
        "--summary-file",
        str(tmp_path / "mine.md"),
        env=server_env,
        stdin=histories.openai.read_text(),
    )
    assert mine.returncode == 0, mine.stderr
    assert "with the agent engine" in mine.stdout and "From a file." in mine.stdout


@pytest.mark.parametrize(
    ("args", "stdin", "code", "says", "cli_way"),
    both_ways(
        [
            (["summarize", "-"], "not json", 2, "not JSON"),
            (["summarize", "-", "--handle", "r_0000000000000000"], "[]", 2, "give one source"),
            (["summarize", "--handle", "r_0000000000000000"], None, 1, "unknown handle"),
            (["summarize", "-", "--start", "#7"], '[{"role": "user", "content": "hi"}]', 2, "outside the 1 messages"),
        ],
        real=(0,),
    ),
)
def test_cli_bad_input_is_one_line(
    args: list[str], stdin: str | None, code: int, says: str, server_env: dict[str, str], cli_way: str
) -> None:
    done = cli(*args, env=server_env, stdin=stdin, way=cli_way)
    assert done.returncode == code
    assert says in done.stderr and len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
