"""check_loop on the command line: the exit status follows the answer, the stream outlives each process, files of
messages and of events replay, bad input is one line, processes checking one session at once lose no event, and
Gemini CLI's shell runs compare equal where only what changes every run differs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cli_run import both_ways
from loop_faces import call, cli, has_state

from mcp_context import Session

pytestmark = pytest.mark.anyio


@pytest.mark.slow
def test_cli_exit_status_follows_the_answer_and_the_stream_outlives_each_process(
    server_env: dict[str, str], root: Path
) -> None:
    event = json.dumps(call(command="ls"))
    codes = [cli("--session", "sh", "check-loop", "--event", event, env=server_env).returncode for _ in range(6)]
    assert codes == [0, 0, 0, 0, 3, 4]
    saved = Session(root=root, session="sh", env={}).check_loop(event=call(command="ls"), dry_run=True)
    assert saved.verdict.counters.events == 7  # the library reads what the command line stored
    done = cli("--session", "sh", "check-loop", "--reset", "--event", event, "--json", env=server_env)
    assert done.returncode == 0 and json.loads(done.stdout)["counters"]["events"] == 1


@pytest.mark.slow
def test_cli_replays_files_of_messages_and_of_events(
    server_env: dict[str, str], histories: Any, tmp_path: Path, root: Path
) -> None:
    body = tmp_path / "body.json"
    body.write_text(json.dumps({"model": "gpt-5", "messages": json.loads(histories.openai.read_text())}))
    ok = cli("check-loop", str(body), env=server_env)
    assert ok.returncode == 0 and "OK" in ok.stdout and "replayed 264 openai messages" in ok.stdout
    lines = "".join(json.dumps(call("Grep", pattern="TODO")) + "\n" for _ in range(5))
    warn = cli("--session", "f", "check-loop", "-", env=server_env, stdin=lines)
    assert warn.returncode == 3 and "WARN: repeated_call" in warn.stdout and "dry run" in warn.stdout
    assert not has_state(root, "f")  # replayed on its own: nothing stored
    looping = cli("check-loop", "--transcript", str(histories.looping), "--json", env=server_env)
    assert looping.returncode == 0 and json.loads(looping.stdout)["detections_total"] >= 3


@pytest.mark.parametrize(
    ("args", "stdin", "code", "says", "cli_way"),
    both_ways(
        [
            (["check-loop"], None, 2, "nothing to check"),
            (["check-loop", "-"], "not json\n", 2, "neither JSON nor JSON lines"),
            (["check-loop", "-"], '{"type": "user", "message": {}}\n{"type": "system"}\n', 2, "--transcript"),
            (["check-loop", "-", "--transcript", "host"], "[]", 2, "give one of"),
            (["check-loop", "--policy", "{bad"], None, 2, "--policy is not JSON"),
            (["check-loop", "--event", '{"kind": "tool_call"}'], None, 2, "event #1: name is required"),
            (
                ["check-loop", "--event", '{"kind": "turn"}', "--policy", '{"max_step": 1}'],
                None,
                2,
                "unknown policy key",
            ),
        ],
        real=(),
    ),
)
def test_cli_bad_input_is_one_line(
    args: list[str], stdin: str | None, code: int, says: str, server_env: dict[str, str], cli_way: str
) -> None:
    done = cli(*args, env=server_env, stdin=stdin, way=cli_way)
    assert done.returncode == code, done.stderr
    assert says in done.stderr and len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


@pytest.mark.slow
def test_processes_checking_one_session_at_once_lose_no_event(root: Path) -> None:
    """A server and the command line (or two servers) on one root take turns on the stored stream."""
    script = (
        "import sys; from mcp_context import Session\n"
        "s = Session(root=sys.argv[1], session='shared', env={})\n"
        "for i in range(15):\n"
        "    s.check_loop(event={'kind': 'tool_call', 'name': 'Read', 'args': {'path': f'{sys.argv[2]}-{i}'}})\n"
    )
    workers = [
        subprocess.Popen([sys.executable, "-c", script, str(root), f"w{n}"], stderr=subprocess.PIPE, text=True)
        for n in range(4)
    ]
    for worker in workers:
        _, err = worker.communicate(timeout=120)
        assert worker.returncode == 0, err
    final = Session(root=root, session="shared", env={}).check_loop(event={"kind": "turn"})
    assert final.verdict.counters.events == 4 * 15 + 1


def gemini_shell_runs(n: int, failing: bool) -> list[dict[str, Any]]:
    """Gemini CLI's own shape of a shell run: a successful response whose text says how the command ended, with
    a process group that changes every run."""
    contents: list[dict[str, Any]] = [{"role": "user", "parts": [{"text": "Make the tests pass."}]}]
    for i in range(n):
        output = f"FAILED tests/test_cart.py::test_total - assert 5 == 6\n1 failed, 3 passed in 0.0{i}s"
        if not failing:
            output = f"4 passed in 0.0{i}s"
        text = f"Output: {output}\n" + ("Exit Code: 1\n" if failing else "") + f"Process Group PGID: {4100 + i}"
        call = {"name": "run_shell_command", "args": {"command": "pytest -q"}}
        contents.append({"role": "model", "parts": [{"functionCall": call}]})
        response = {"name": "run_shell_command", "response": {"output": text}}
        contents.append({"role": "user", "parts": [{"functionResponse": response}]})
    return contents


def test_identical_failing_gemini_shell_runs_warn_by_the_third(session: Session) -> None:
    """No error flag, a PGID that differs every run: the exit code says failed, the outputs are the same."""
    for n, status in ((2, "ok"), (3, "warn"), (4, "warn")):
        check = session.check_loop(messages=gemini_shell_runs(n, failing=True), format="gemini")
        assert check.verdict.status == status, (n, check.verdict)
    assert check.verdict.kind in ("error_streak", "repeated_read")  # failing alike, or the same failure again
    errors_only = {"detect_repeated_reads": False}
    check = session.check_loop(messages=gemini_shell_runs(4, failing=True), format="gemini", policy=errors_only)
    assert (check.verdict.status, check.verdict.kind) == ("warn", "error_streak")  # more than 3 failed in a row
    passing = session.check_loop(messages=gemini_shell_runs(4, failing=False), format="gemini", policy=errors_only)
    assert passing.verdict.status == "ok"  # the same call passing is no error streak


def test_outputs_that_differ_only_in_what_changes_every_run_compare_equal() -> None:
    from mcp_context.conversation.sameness import normalised

    one = "Output: ok in 0.31s at 2026-11-26T01:02:03Z\nProcess Group PGID: 4101\ntmp /tmp/tmpa1b2c3/x.py"
    two = "Output: ok in 0.29s at 2026-11-26T01:09:13Z\nProcess Group PGID: 4177\ntmp /tmp/tmpz9y8x7/x.py"
    assert normalised(one) == normalised(two)
    assert normalised("3 passed") != normalised("3 failed")
