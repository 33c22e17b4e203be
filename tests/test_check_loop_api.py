"""check_loop through the Python API only: dry runs, host transcripts found and replayed, the optional LLM judge
and its schedule, and the benchmark's real call."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from loop_faces import REPO, TURN, call, claude_home, judge_answer, said

from mcp_context import InvalidArgument, LoopCheck, Session
from mcp_context.loops import JudgeRequest

pytestmark = pytest.mark.anyio


# the Python API only ------------------------------------------------------------------------------------------


def test_dry_run_answers_without_saving(session: Session) -> None:
    session.check_loop(events=[call()] * 4)
    saved = session.store.read_state(session.id, "loops")
    assert session.check_loop(event=call(), dry_run=True).verdict.status == "warn"
    assert session.store.read_state(session.id, "loops") == saved


def test_judge_may_ask_follows_the_policy_in_force(session: Session) -> None:
    """What a face asks before preparing a question for the client's model: off unless a policy turns it on."""
    assert not session.judge_may_ask()  # no stream yet: the defaults
    session.check_loop(event=call(), policy={"judge": True})
    assert session.judge_may_ask()  # the stored policy
    assert not session.judge_may_ask(policy={"judge": False})  # the call's policy replaces it
    assert not session.judge_may_ask(replay=True)  # a replay never uses the stored policy
    session.check_loop(event=call(), policy={})
    assert not session.judge_may_ask()


def test_host_transcript_is_found_and_replayed(histories: Any, tmp_path: Path) -> None:
    env = claude_home(histories, tmp_path)
    check = Session(root=tmp_path / "store", session="t", env=env).check_loop(transcript="host")
    assert check.detections_total >= 3 and any("claude-code transcript" in n for n in check.notes)
    with pytest.raises(InvalidArgument, match="not both"):
        Session(root=tmp_path / "store", env=env).check_loop(transcript="host", event=call())


def test_the_llm_judge_through_the_python_api(session: Session) -> None:
    asked: list[JudgeRequest] = []
    answers = iter([judge_answer(0.2), judge_answer(0.95), "no idea", judge_answer(0.97)])

    def model(request: JudgeRequest) -> str:
        asked.append(request)
        return next(answers)

    def turn(i: int) -> LoopCheck:
        return session.check_loop(events=[TURN, call("Edit", path="a.py", n=i)], judge=model)

    session.check_loop(events=[said("user", "Refactor a.py")], policy={"judge": True})
    before = [turn(i) for i in range(1, 30)]
    assert not asked and all(c.verdict.status == "ok" for c in before)  # not before turn 30
    low = turn(30)
    assert low.verdict.status == "ok" and low.judge is not None and (low.judge.turn, low.judge.next_turn) == (30, 43)
    assert "Refactor a.py" in asked[0].prompt and 'CALL Edit {"n":30,"path":"a.py"}' in asked[0].prompt
    assert [turn(i).verdict.status for i in range(31, 43)] == ["ok"] * 12 and len(asked) == 1  # 13 turns later
    high = turn(43)
    assert (high.verdict.status, high.verdict.kind, high.source) == ("warn", "llm_judge", "judge")
    assert high.verdict.evidence is not None and "judged by the client's model" in high.verdict.evidence.excerpt
    assert high.judge is not None and high.judge.next_turn == 43 + 6
    for i in range(44, 49):
        turn(i)
    garbled = turn(49)
    assert garbled.verdict.status == "ok" and any("not the JSON" in n for n in garbled.notes)
    confirmed = [turn(i) for i in range(50, 60)]
    assert [c.verdict.status for c in confirmed if c.judge is not None] == ["stop"]  # the confirmation stops


def test_a_first_judge_verdict_never_stops(session: Session) -> None:
    session.check_loop(events=[*[call()] * 5], policy={"judge": True, "judge_after_turns": 1})  # strike 1: warn
    check = session.check_loop(event=TURN, judge=lambda request: judge_answer(1.0))
    assert (check.verdict.status, check.verdict.strike, check.source) == ("warn", 2, "judge")
    assert session.check_loop(event=TURN).judge is None  # not due again before turn 1 + 4
    quiet = Session(root=session.store.root, session="quiet", env={})
    assert (
        quiet.check_loop(events=[TURN] * 40, judge=lambda r: pytest.fail("the judge is off by default")).judge is None
    )


def test_a_new_policy_reschedules_a_judge_not_yet_asked(session: Session) -> None:
    """Lowering judge_after_turns (or turning the judge on) mid-prompt asks at the next check, not at turn 30."""
    asked: list[int] = []

    def model(request: JudgeRequest) -> str:
        asked.append(request.turn)
        return judge_answer(0.2)

    steps = [e for i in range(4) for e in (TURN, call("Edit", n=i))]
    session.check_loop(events=[said("user", "Refactor a.py"), *steps], policy={"judge": True}, judge=model)
    check = session.check_loop(events=[TURN], policy={"judge": True, "judge_after_turns": 2}, judge=model)
    assert asked == [5] and check.judge is not None and (check.judge.turn, check.judge.next_turn) == (5, 18)
    # Once it has answered in this prompt, its own schedule stands.
    session.check_loop(events=[TURN], policy={"judge": True, "judge_after_turns": 1}, judge=model)
    assert asked == [5]


@pytest.mark.slow
def test_the_benchmark_times_a_real_check_loop_call() -> None:
    """The figure README quotes is a real Session.check_loop call (lock, read, check, fsync'd save) on a named
    filesystem, beside the in-memory cost; no timing is asserted."""
    script = (
        "from benchmarks.loops import check_costs, stdlib_text\n"
        "for what, seconds, note in check_costs(stdlib_text(50_000), 500, 3): print(what, '|', note)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    rows = dict(line.split(" | ") for line in done.stdout.splitlines())
    assert "in memory: restore + feed one + serialise" in rows
    real = rows["Session.check_loop, one event (lock, read, check, fsync'd save)"]
    assert real.startswith("state saved on ") and "under " in real
