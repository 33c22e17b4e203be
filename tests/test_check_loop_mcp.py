"""check_loop through MCP only: the tool's listing, its text, host transcripts within the allowed folders, the
optional LLM judge asked through the client's sampling (refused or absent: the check goes on), and
`mcp-context serve` over stdio in both protocol eras, keeping the stream across restarts and saves."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_run import SERVE
from loop_faces import (
    COUNTER,
    GEMINI_LIKE,
    TURN,
    Refused,
    call,
    claude_home,
    cli,
    fifth_call_message,
    judge_answer,
    open_face,
    said,
    saved,
)
from mcp import Client, StdioServerParameters
from mcp.types import CreateMessageRequestParams, CreateMessageResult, ErrorData, TextContent

from mcp_context import Session
from mcp_context.errors import StoreError
from mcp_context.server.app import build_server
from mcp_context.storage import saves

pytestmark = pytest.mark.anyio


# MCP only -----------------------------------------------------------------------------------------------------


async def test_the_tool_is_listed_with_a_short_description_and_honest_annotations(root: Path) -> None:
    async with Client(build_server(Session(root=root, session="s", env={}))) as c:
        tool = next(t for t in (await c.list_tools()).tools if t.name == "check_loop")
    assert tool.description and len(tool.description.encode()) < 2048 and 'transcript="host"' in tool.description
    assert tool.annotations is not None and tool.output_schema is not None
    hints = tool.annotations
    assert (hints.read_only_hint, hints.idempotent_hint, hints.open_world_hint) == (False, False, False)
    assert "answer" not in tool.input_schema["properties"]  # the judge's answer is injected, never sent


async def test_the_text_names_what_repeated_where_and_the_nudge(root: Path, histories: Any) -> None:
    env = {"MCP_CONTEXT_TRANSCRIPTS": str(histories.out_dir)}
    async with Client(build_server(Session(root=root, session="s", env=env, counter=COUNTER))) as c:
        warn = (await c.call_tool("check_loop", {"events": [call(command="ls")] * 5})).content[0].text  # type: ignore[union-attr]
        replay = await c.call_tool("check_loop", {"transcript": str(histories.looping), "policy": GEMINI_LIKE})
    for fact in ("WARN: repeated_call", 'Bash {"command":"ls"} (5 times; events 0, 1, 2, 3, 4', "Nudge for the model"):
        assert fact in warn
    text = replay.content[0].text  # type: ignore[union-attr]
    assert "OK" in text and f"warn repeated_call at {fifth_call_message(histories)}" in text


async def test_host_transcript_through_the_server_within_its_allowed_folders(histories: Any, tmp_path: Path) -> None:
    env = claude_home(histories, tmp_path)
    async with Client(build_server(Session(root=tmp_path / "store", session="s", env=env))) as c:
        host = await c.call_tool("check_loop", {"transcript": "host"})
        elsewhere = await c.call_tool("check_loop", {"transcript": str(histories.looping)})
    assert host.structured_content is not None and host.structured_content["detections_total"] >= 3
    assert elsewhere.is_error and "outside the transcript folders" in elsewhere.content[0].text  # type: ignore[union-attr]


def sampler(confidence: float, seen: list[CreateMessageRequestParams]) -> Callable[..., Any]:
    async def sample(context: Any, params: CreateMessageRequestParams) -> CreateMessageResult:
        seen.append(params)
        return CreateMessageResult(
            role="assistant", model="judge", content=TextContent(type="text", text=judge_answer(confidence))
        )

    return sample


@pytest.mark.parametrize("mode", ["auto", "legacy"])
async def test_the_judge_asks_the_clients_model_through_sampling(mode: str, root: Path) -> None:
    seen: list[CreateMessageRequestParams] = []
    policy = {"judge": True, "judge_after_turns": 3}
    async with open_face("mcp", root, mode=mode, sampling_callback=sampler(0.95, seen)) as face:
        await face.check(events=[said("user", "Refactor a.py"), TURN, call("Edit", n=1), TURN], policy=policy)
        assert not seen
        judged = await face.check(events=[TURN, call("Edit", n=2)])
    assert len(seen) == 1 and seen[0].system_prompt and "unproductive loop" in seen[0].system_prompt
    assert "Refactor a.py" in seen[0].messages[0].content.text  # type: ignore[union-attr]
    assert (judged["status"], judged["kind"], judged["source"]) == ("warn", "llm_judge", "judge")
    assert judged["judge"] == (True, 3, 9, True)


async def test_a_client_that_refuses_to_sample_loses_the_judge_not_the_check(root: Path) -> None:
    """Over the legacy era the refusal reaches the server mid-call: the check answers without the judge, says
    why, and does not ask again at the next check (a user who said no is not asked at every step)."""
    asked: list[CreateMessageRequestParams] = []

    async def refuse(context: Any, params: CreateMessageRequestParams) -> ErrorData:
        asked.append(params)
        return ErrorData(code=-1, message="User rejected sampling request")

    policy = {"judge": True, "judge_after_turns": 3}
    async with open_face("mcp", root, mode="legacy", sampling_callback=refuse) as face:
        await face.check(events=[said("user", "Refactor a.py"), TURN, call("Edit", n=1), TURN], policy=policy)
        refused = await face.check(events=[TURN, call("Edit", n=2)])
        later = await face.check(events=[TURN, call("Edit", n=3)])
    assert len(asked) == 1 and refused["status"] == "ok" and refused["judge"] == (False, 3, 13, False)
    assert any("User rejected sampling request" in note for note in refused["notes"])
    assert later["status"] == "ok" and later["judge"] is None


async def test_without_sampling_the_judge_is_skipped_and_nothing_breaks(root: Path) -> None:
    async with open_face("mcp", root) as face:
        steps = [e for i in range(3) for e in (TURN, call("Edit", n=i))]
        answer = await face.check(events=steps, policy={"judge": True, "judge_after_turns": 3})
    assert answer["status"] == "ok" and answer["judge"] == (False, 3, 3, False)
    assert any("offers no sampling" in note for note in answer["notes"])


@pytest.mark.parametrize("mode", ["auto", "legacy"])
@pytest.mark.slow
async def test_stdio_server_in_both_eras_keeps_the_stream_across_restarts(
    mode: str, server_env: dict[str, str], histories: Any, tmp_path: Path
) -> None:
    env = {**server_env, **claude_home(histories, tmp_path)}
    params = StdioServerParameters(command=SERVE[0], args=[*SERVE[1:], "--session", "stdio", "serve"], env=env)
    async with Client(params, mode=mode) as c:  # type: ignore[arg-type]
        for _ in range(4):
            out = (await c.call_tool("check_loop", {"event": call(command="pytest")})).structured_content
            assert out is not None and out["status"] == "ok"
        replay = (await c.call_tool("check_loop", {"transcript": "host", "policy": GEMINI_LIKE})).structured_content
    assert replay is not None and replay["detections"][0]["kind"] == "repeated_call"
    assert replay["detections"][0]["message"] == fifth_call_message(histories)
    async with Client(params, mode=mode) as c:  # type: ignore[arg-type]
        caught = (await c.call_tool("check_loop", {"event": call(command="pytest")})).structured_content
    assert caught is not None and (caught["status"], caught["session"], caught["at"]) == ("warn", "stdio", 4)


@pytest.mark.slow
async def test_the_server_answers_first_and_every_later_reader_sees_the_save(
    root: Path, server_env: dict[str, str]
) -> None:
    """The server saves a check's state after answering; the next check, here or in another process, waits for
    the save, and a check made meanwhile by another process is not hidden by what this one keeps in memory."""
    async with open_face("mcp", root) as face:
        for _ in range(3):
            assert (await face.check(event=call(command="ls")))["status"] == "ok"
        other = cli("--session", "loops", "check-loop", "--event", json.dumps(call(command="ls")), env=server_env)
        assert other.returncode == 0, other.stderr  # the 4th, from another process, after the 3rd's save
        caught = await face.check(event=call(command="ls"))
    assert (caught["status"], caught["events"]) == ("warn", [0, 1, 2, 3, 4])
    saves.wait()
    stored = json.loads(saved(root) or b"null")
    assert stored["monitor"]["index"] == 5


async def test_a_save_that_fails_answers_one_line_and_loses_nothing_answered_before(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server saves before answering: a full disk refuses the check in one line, the stream keeps every
    check answered before it, and the next check once the disk has room goes on from there."""
    async with open_face("mcp", root) as face:
        await face.check(event=call(command="ls"))
        real = face.session.store.write_state

        def full_disk(*args: Any, **kwargs: Any) -> None:
            raise StoreError("cannot save state loops of session loops: No space left on device")

        monkeypatch.setattr(face.session.store, "write_state", full_disk)
        with pytest.raises(Refused, match=r"^cannot save state loops of session loops: No space left on device$"):
            await face.check(event=call(command="ls"))
        monkeypatch.setattr(face.session.store, "write_state", real)
        after = await face.check(event=call(command="ls"))
    assert after["stream"] == 2  # the first and this one: the refused check's event was never acknowledged
