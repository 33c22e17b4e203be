"""compact_history on realistic sessions: through the Python API, the MCP protocol (in memory and over stdio
in both eras) and the command line; host transcripts found and read as the hosts wrote them."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from cli_run import SERVE, both_ways, run_cli
from mcp import Client, StdioServerParameters

from mcp_context import ContextError, InvalidArgument, Session
from mcp_context.conversation import formats
from mcp_context.conversation.validate import problems
from mcp_context.redaction import Redactor
from mcp_context.results import archive
from mcp_context.server.app import build_server


@pytest.fixture
def session(session_both_ways: Session) -> Session:
    """Every test of this suite runs with the Session's reuse on and off (see conftest.reuse)."""
    return session_both_ways


TARGET = 20_000


def archived(session: Session, handle: str) -> dict[int, Any]:
    entries = list(archive.read(handle, lambda h: "".join(session.iter_text(h))))
    assert all(header["archive"] == "compact_history" for header, _ in entries)
    return {doc["index"]: doc["message"] for _, doc in entries if doc.get("index") is not None}


def texts(messages: list[Any]) -> str:
    return json.dumps(messages, ensure_ascii=False)


def check_valid_and_complete(session: Session, inputs: list[Any], result: Any) -> None:
    adapter = formats.adapter(result.format)
    assert problems(adapter.parse(result.messages), adapter) == []
    assert result.tokens_after <= result.target
    if session.store.redact:  # what is kept or archived is the input with its credentials replaced
        inputs = Redactor(session.id).data(inputs)
    kept = {json.dumps(m, sort_keys=True) for m in result.messages}
    store = archived(session, result.archive.handle)
    for index, message in enumerate(inputs):
        assert json.dumps(message, sort_keys=True) in kept or store.get(index) == message, f"message {index} lost"


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["claude_code", "gemini_cli"])
def test_host_transcripts_compact_valid_and_lossless(histories: Any, session: Session, kind: str) -> None:
    from mcp_context.conversation import transcripts

    path = getattr(histories, kind)
    read = transcripts.load(str(path), {}, None)
    assert len(read.messages) >= 200  # the issue asks for fixtures of at least 200 messages, as read back
    result = session.compact_history(transcript=str(path), target_tokens=TARGET)
    assert result.compacted and result.format == read.format
    assert result.model == read.model  # read from the transcript when not given
    check_valid_and_complete(session, read.messages, result)
    first, out = read.messages[0], result.messages[0]
    if kind == "gemini_cli":  # strict alternation: the summary joins the first user turn as a part of its own
        assert out["parts"][: len(first["parts"])] == first["parts"]
    else:
        assert out == first  # the first user request, verbatim
    summary = texts(result.messages)
    assert histories.correction[:60] in summary  # the user's later correction survives in the summary


def test_openai_trajectory(histories: Any, session: Session) -> None:
    inputs = json.loads(histories.openai.read_text())
    result = session.compact_history(messages=inputs, target_tokens=TARGET)
    check_valid_and_complete(session, inputs, result)
    assert result.messages[0] == inputs[0] and result.messages[1] == inputs[1]  # system and first request


def test_claude_code_compact_boundary_and_sidechains_are_honoured(histories: Any) -> None:
    from mcp_context.conversation import transcripts

    read = transcripts.load(str(histories.claude_code), {}, None)
    first = json.dumps(read.messages[0])
    assert "This session is being continued" in first  # the host's own summary starts what the model saw
    raw = [json.loads(line) for line in histories.claude_code.read_text().splitlines()]
    sidechain = [r["message"] for r in raw if r.get("isSidechain") and r.get("type") == "assistant"]
    assert sidechain
    blocks = [b for m in read.messages if m["role"] == "assistant" for b in m["content"]]
    assert all(b not in blocks for m in sidechain for b in m["content"])


def test_gemini_rewind_and_rewrites_are_replayed(histories: Any) -> None:
    from mcp_context.conversation import transcripts

    read = transcripts.load(str(histories.gemini_cli), {}, None)
    body = texts(read.messages)
    assert histories.rewound_prompt[:60] not in body
    adapter = formats.adapter("gemini")
    assert problems(adapter.parse(read.messages), adapter) == []


def test_recompaction_replays_earlier_replacements_byte_for_byte(histories: Any, session: Session) -> None:
    inputs = json.loads(histories.openai.read_text())
    first = session.compact_history(messages=inputs, target_tokens=TARGET)
    later = inputs + [{"role": "user", "content": "Thanks. Now run the tests once more."}]
    again = Session(root=session.store.root, session=session.id, env={})  # a restarted server
    # The trigger sits above the target: the history replayed plus one message stays under it, whatever the
    # first compaction left as headroom.
    second = again.compact_history(messages=later, target_tokens=TARGET, trigger=TARGET + 2_000)
    assert second.messages[: len(first.messages)] == first.messages
    assert second.messages[-1] == later[-1]
    assert second.layers[0].layer == 0 and second.layers[0].changed > 0  # replayed, not recomputed


def test_under_the_trigger_nothing_changes(histories: Any, session: Session) -> None:
    inputs = json.loads(histories.openai.read_text())
    # The history reads this repository (its git log among the rest), so its size is measured, not assumed.
    measured = session.compact_history(messages=inputs, target_tokens=10**7).tokens_before
    result = session.compact_history(messages=inputs, context_window=4 * measured)
    assert not result.compacted and result.messages == inputs and result.archive is None
    profiled = session.compact_history(messages=inputs[:40], model="gpt-5")
    assert not profiled.compacted and any("gpt-5" in note for note in profiled.notes)


def test_host_transcript_is_found_in_claude_code(histories: Any, tmp_path: Path) -> None:
    home, project = tmp_path / "home", "/work/some-project"
    folder = home / ".claude" / "projects" / "-work-some-project"
    folder.mkdir(parents=True)
    shutil.copy(histories.claude_code, folder / f"{histories.claude_session_id}.jsonl")
    env = {"HOME": str(home), "CLAUDE_CODE_SESSION_ID": histories.claude_session_id, "CLAUDE_PROJECT_DIR": project}
    s = Session(root=tmp_path / "store", session="t", env=env)
    result = s.compact_history(transcript="host", target_tokens=TARGET)
    assert result.compacted and result.format == "anthropic"
    assert any("claude-code transcript" in note for note in result.notes)


def test_host_transcript_is_found_in_gemini_cli(histories: Any, tmp_path: Path) -> None:
    home, project = tmp_path / "home", tmp_path / "project"
    project.mkdir()
    chats = home / ".gemini" / "tmp" / "project" / "chats"
    chats.mkdir(parents=True)
    (chats.parent / ".project_root").write_text(str(project))
    shutil.copy(histories.gemini_cli, chats / histories.gemini_cli.name)
    env = {"HOME": str(home), "GEMINI_CLI": "1", "GEMINI_PROJECT_DIR": str(project)}
    s = Session(root=tmp_path / "store", session="t", env=env)
    assert s.compact_history(transcript="host", target_tokens=TARGET).format == "gemini"


def test_host_transcript_outside_a_host_is_a_clear_error(session: Session) -> None:
    with pytest.raises(InvalidArgument, match="inside Claude Code"):
        session.compact_history(transcript="host", target_tokens=TARGET)


# through MCP -------------------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.anyio
async def test_through_mcp_in_memory_with_a_transcript_and_resources(histories: Any, tmp_path: Path) -> None:
    env = {"MCP_CONTEXT_TRANSCRIPTS": str(histories.out_dir)}
    s = Session(root=tmp_path / "store", session="mcp", env=env)
    async with Client(build_server(s), raise_exceptions=True) as c:
        result = await c.call_tool(
            "compact_history",
            {"transcript": str(histories.claude_code), "target_tokens": TARGET, "return_messages": True},
        )
        assert not result.is_error
        out = result.structured_content
        assert out is not None and out["compacted"] and out["fits"] and out["format"] == "anthropic"
        text = result.content[0].text  # type: ignore[union-attr]
        assert out["archive_handle"] in text and out["history_handle"] in text  # Gemini CLI's model reads text
        adapter = formats.adapter("anthropic")
        assert problems(adapter.parse(out["messages"]), adapter) == []
        listed = {str(r.uri) for r in (await c.list_resources()).resources}
        default = await c.call_tool(
            "compact_history", {"transcript": str(histories.claude_code), "target_tokens": TARGET}
        )
        left_out = default.structured_content or {}
        assert left_out["messages"] is None and any("messages left out" in n for n in left_out["notes"])
        assert out["archive_uri"] in listed and out["history_uri"] in listed
        stored = (await c.read_resource(out["history_uri"])).contents[0]
        lines = stored.text.splitlines()  # type: ignore[union-attr]
        header, saved = json.loads(lines[0]), [json.loads(line)["message"] for line in lines[1:]]
        for piece in header.get("pieces", []):  # a long history is an index naming its pieces, in order
            uri = out["history_uri"].replace(out["history_handle"], piece)
            piece_lines = (await c.read_resource(uri)).contents[0].text.splitlines()  # type: ignore[union-attr]
            saved += [json.loads(line)["message"] for line in piece_lines[1:]]
        assert saved == out["messages"]
        quiet = await c.call_tool(
            "compact_history",
            {"transcript": str(histories.claude_code), "target_tokens": TARGET, "return_messages": False},
        )
        assert quiet.structured_content is not None and quiet.structured_content["messages"] is None


@pytest.mark.anyio
async def test_mcp_refuses_transcripts_outside_the_hosts_folders(histories: Any, tmp_path: Path) -> None:
    s = Session(root=tmp_path / "store", session="mcp", env={"HOME": str(tmp_path)})
    async with Client(build_server(s)) as c:
        result = await c.call_tool("compact_history", {"transcript": str(histories.claude_code), "target_tokens": 10})
        assert result.is_error
        assert "outside the transcript folders" in result.content[0].text  # type: ignore[union-attr]
        result = await c.call_tool("compact_history", {"messages": [{"role": "user"}], "target_tokens": 10})
        assert result.is_error and "message #0" in result.content[0].text  # type: ignore[union-attr]


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["auto", "legacy"])
@pytest.mark.slow
async def test_stdio_subprocess_in_both_protocol_eras(mode: str, histories: Any, server_env: dict[str, str]) -> None:
    env = dict(server_env, MCP_CONTEXT_TRANSCRIPTS=str(histories.out_dir))
    params = StdioServerParameters(command=SERVE[0], args=[*SERVE[1:], "--session", "stdio", "serve"], env=env)
    inputs = json.loads(histories.openai.read_text())
    async with Client(params, mode=mode) as c:  # type: ignore[arg-type]
        result = await c.call_tool(
            "compact_history", {"messages": inputs, "target_tokens": TARGET, "return_messages": True}
        )
        out = result.structured_content
        assert out is not None and out["fits"] and out["message_count_before"] == len(inputs)
        adapter = formats.adapter("openai")
        assert problems(adapter.parse(out["messages"]), adapter) == []
        gemini = await c.call_tool(
            "compact_history", {"transcript": str(histories.gemini_cli), "target_tokens": TARGET}
        )
        assert gemini.structured_content is not None and gemini.structured_content["format"] == "gemini"


# through the CLI ---------------------------------------------------------------------------------------------


def cli(
    *args: str, env: dict[str, str], stdin: str | None = None, way: str = "subprocess"
) -> subprocess.CompletedProcess[str]:
    return run_cli(list(args), env=env, input=stdin, way=way)


@pytest.mark.slow
def test_cli_compacts_a_request_body_and_writes_the_messages(
    histories: Any, server_env: dict[str, str], tmp_path: Path
) -> None:
    body = {"model": "gpt-5", "messages": json.loads(histories.openai.read_text())}
    (tmp_path / "request.json").write_text(json.dumps(body))
    done = cli(
        "--session",
        "cli",
        "compact",
        str(tmp_path / "request.json"),
        "--target-tokens",
        str(TARGET),
        "--out",
        str(tmp_path / "out.json"),
        env=server_env,
    )
    assert done.returncode == 0, done.stderr
    assert "Compacted" in done.stdout and "r_" in done.stdout
    out = json.loads((tmp_path / "out.json").read_text())
    adapter = formats.adapter("openai")
    assert problems(adapter.parse(out), adapter) == []


@pytest.mark.parametrize(
    ("args", "stdin", "code", "says", "cli_way"),
    both_ways(
        [
            (["compact", "-"], "not json", 2, "not JSON"),
            (["compact", "-"], '{"x": 1}', 2, "request body"),
            (["compact", "-", "--transcript", "host"], "[]", 2, "not both"),
            (["compact", "-"], '[{"role": "user", "content": "hi"}]', 2, "no budget"),
            (["compact", "-", "--keep", "lots"], '[{"role": "user", "content": "hi"}]', 2, "--keep must be"),
        ],
        real=(0,),
    ),
)
def test_cli_bad_input_is_one_line(
    args: list[str], stdin: str, code: int, says: str, server_env: dict[str, str], cli_way: str
) -> None:
    done = cli(*args, env=server_env, stdin=stdin, way=cli_way)
    assert done.returncode == code
    assert says in done.stderr and len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_errors_leave_no_state(session: Session) -> None:
    with pytest.raises(ContextError, match="first user request"):
        session.compact_history(messages=[{"role": "user", "content": "word " * 5000}], target_tokens=50)
    assert session.store.read_state(session.id, "compaction") is None
