"""check_loop's faces for the tests that run through each: the Python API and MCP (the SDK's real Client in
memory), one answer shape for both, events to feed them (calls, results, words said) and where a session's
loop state is saved. ``face`` (a fixture, shared through conftest.py) opens each face in turn. Also what tests of
more than one face share: the command line's run, the looping fixture's fifth call, a Claude home holding the
realistic transcripts, and a judge's answer."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from cli_run import run_cli
from mcp import Client

from mcp_context import ContextError, LoopCheck, Session, TokenCounter
from mcp_context.conversation import transcripts
from mcp_context.loops import Policy
from mcp_context.reuse import Reuse
from mcp_context.server.app import build_server
from mcp_context.storage import slots

COUNTER = TokenCounter(search_local=False)  # deterministic estimates


REPO = Path(__file__).resolve().parents[1]


FACES = ["api", "mcp"]


TURN = {"kind": "turn"}


UNIT = "Let me check the configuration once more before I decide anything. "


DEFAULTS = Policy().to_dict()


GEMINI_LIKE = {"detect_repeated_reads": False, "detect_error_streak": False}  # only Gemini CLI's call rule


def call(name: str = "Bash", **args: Any) -> dict[str, Any]:
    return {"kind": "tool_call", "name": name, "args": args}


def result(name: str = "Bash", text: str = "out", is_error: bool = False) -> dict[str, Any]:
    return {"kind": "tool_result", "name": name, "text": text, "is_error": is_error}


def said(kind: str, text: str) -> dict[str, Any]:
    return {"kind": kind, "text": text}


class Refused(Exception):
    """A check the face refused, with the message the caller sees."""


def from_api(r: LoopCheck) -> dict[str, Any]:
    v, e = r.verdict, r.verdict.evidence
    return {
        "status": v.status, "kind": v.kind, "strike": v.strike, "at": v.at, "nudge": v.nudge, "mode": r.mode,
        "events": list(e.events) if e else [], "count": e.count if e else None, "messages": r.messages,
        "source": r.source, "steps": v.counters.steps, "stream": v.counters.events, "notes": r.notes,
        "detections": [(d.status, d.kind, d.message) for d in r.detections], "total": r.detections_total,
        "policy": {k: x for k, x in r.policy.to_dict().items() if x != DEFAULTS[k]},
        "judge": None if r.judge is None else (r.judge.asked, r.judge.turn, r.judge.next_turn, r.judge.loop),
    }  # fmt: skip


def from_mcp(out: dict[str, Any]) -> dict[str, Any]:
    e = out["evidence"][0] if out["evidence"] else None
    j = out.get("judge")
    # What does not apply is left out, never sent as null (fewer nulls to read, fewer schema nodes to check).
    assert all(out.get(name, "absent") is not None for name in ("kind", "at", "nudge", "judge")), out
    return {
        "status": out["status"], "kind": out.get("kind"), "strike": out["strike"], "at": out.get("at"),
        "nudge": out.get("nudge"), "mode": out["mode"], "events": e["events"] if e else [],
        "count": e["count"] if e else None, "messages": e["messages"] if e else [],
        "source": e["source"] if e else None,
        "steps": out["counters"]["steps"], "stream": out["counters"]["events"], "notes": out["notes"],
        "detections": [(d["status"], d["kind"], d["message"]) for d in out["detections"]],
        "total": out["detections_total"], "policy": out["policy"],
        "judge": None if j is None else (j["asked"], j["turn"], j["next_turn"], j["loop"]),
    }  # fmt: skip


class Face:
    """check_loop as one face offers it; every answer is normalised to the same dict."""

    def __init__(self, session: Session, client: Client | None) -> None:
        self.session, self.client = session, client

    async def check(self, **args: Any) -> dict[str, Any]:
        if self.client is None:
            try:
                return from_api(self.session.check_loop(**args))
            except ContextError as exc:
                raise Refused(str(exc)) from None
        answer = await self.client.call_tool("check_loop", args)
        text = answer.content[0].text  # type: ignore[union-attr]
        if answer.is_error:
            raise Refused(text)
        out = answer.structured_content
        assert out is not None
        # The text is complete on its own (Gemini CLI's model reads only it).
        assert out["status"].upper() in text and (out.get("nudge") is None or out["nudge"] in text)
        return from_mcp(out)


@asynccontextmanager
async def open_face(
    kind: str, root: Path, env: dict[str, str] | None = None, reuse: Reuse | None = None, **client: Any
) -> AsyncIterator[Face]:
    session = Session(root=root, session="loops", env=env or {}, counter=COUNTER, reuse=reuse)
    if kind == "api":
        yield Face(session, None)
        return
    async with Client(build_server(session), raise_exceptions=True, **client) as c:
        yield Face(session, c)


@pytest.fixture(params=FACES)
async def face(request: pytest.FixtureRequest, root: Path, histories: Any, reuse: Reuse) -> AsyncIterator[Face]:
    """Each face, with the Session's reuse on and off (see conftest.reuse)."""
    async with open_face(request.param, root, {"MCP_CONTEXT_TRANSCRIPTS": str(histories.out_dir)}, reuse) as f:
        yield f


def state_file(root: Path, session: str = "loops") -> Path:
    """Where the session's loop state is saved (its two slot files are named after it: see storage/slots.py)."""
    return root / "sessions" / session / "state" / "loops.json"


def saved(root: Path, session: str = "loops") -> bytes | None:
    return slots.read(state_file(root, session))


def has_state(root: Path, session: str = "loops") -> bool:
    return any(path.is_file() for path in slots.slot_paths(state_file(root, session)))


def fifth_call_message(histories: Any) -> str:
    """The label, in the transcript as read, of the message holding the 5th identical looping call."""
    lines = [json.loads(line) for line in histories.looping.read_text().splitlines()]
    ids = [
        b["id"]
        for r in lines
        if r.get("type") == "assistant"
        for b in r["message"]["content"]
        if b.get("type") == "tool_use" and b["input"].get("command") == histories.loop_command
    ]
    messages = transcripts.load(str(histories.looping), {}, None).messages
    return next(
        f"#{i}" for i, m in enumerate(messages) for b in m["content"] if isinstance(b, dict) and b.get("id") == ids[4]
    )


def claude_home(histories: Any, tmp_path: Path) -> dict[str, str]:
    """A HOME where Claude Code keeps the looping session's transcript, and the variables it gives a server."""
    home, session = tmp_path / "home", "6f1c2a9e-1111-4222-8333-444455556666"
    folder = home / ".claude" / "projects" / "-work-app"
    folder.mkdir(parents=True)
    shutil.copy(histories.looping, folder / f"{session}.jsonl")
    return {"HOME": str(home), "CLAUDE_CODE_SESSION_ID": session, "CLAUDE_PROJECT_DIR": "/work/app"}


def judge_answer(confidence: float) -> str:
    return f'Here you go:\n```json\n{{"analysis": "It edits a.py and reverts it.", "confidence": {confidence}}}\n```'


# the command line ---------------------------------------------------------------------------------------------


def cli(
    *args: str, env: dict[str, str], stdin: str | None = None, way: str = "subprocess"
) -> subprocess.CompletedProcess[str]:
    return run_cli(list(args), env=env, input=stdin, way=way)
