"""Saving behind (the server's way): checks answer before their state is on disk, later checks in the process
carry on from what was handed over without waiting for the disk, and every reader still sees every event."""

from __future__ import annotations

import json
import os
import subprocess
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import SERVE

from mcp_context import Session
from mcp_context.errors import StoreError
from mcp_context.storage import saves


def call(n: int) -> dict[str, Any]:
    return {"kind": "tool_call", "name": "Read", "args": {"path": f"src/module_{n}.py"}}


class GatedWrites:
    """The store's writes, held at a gate until the test opens it, and counted; the first ``failing`` fail."""

    def __init__(self, session: Session, failing: int = 0) -> None:
        self.real = session.store.write_state
        self.gate = threading.Event()
        self.entered = threading.Event()  # a write is waiting at the gate
        self.written: list[int] = []  # events in each state written, in order
        self.failing = failing

    def __call__(self, session: str, name: str, data: bytes) -> None:
        self.entered.set()
        assert self.gate.wait(60), "the test never opened the gate"
        if self.failing:
            self.failing -= 1
            raise StoreError(f"cannot save state {name} of session {session}: No space left on device")
        self.real(session, name, data)
        self.written.append(json.loads(data)["monitor"]["index"])


@pytest.fixture
def behind(root: Path) -> Iterator[Session]:
    session = Session(root=root, session="s", env={})
    session.store.save_behind = True
    yield session
    saves.wait()


def in_thread(work: Callable[[], Any]) -> Any:
    """Run ``work`` and fail (instead of hanging) if it blocks on the gated save."""
    out: list[Any] = []
    worker = threading.Thread(target=lambda: out.append(work()), daemon=True)
    worker.start()
    worker.join(60)
    assert not worker.is_alive(), "a check waited for a save it did not need"
    return out[0]


def stored_events(root: Path) -> int:
    """What a reader that knows nothing of this process finds on disk."""
    check = Session(root=root, session="s", env={}).check_loop(event=call(-1), dry_run=True)
    return check.verdict.counters.events - 1


def test_checks_do_not_wait_for_a_slow_save_and_the_newest_state_is_written(
    behind: Session, root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    writes = GatedWrites(behind)
    monkeypatch.setattr(behind.store, "write_state", writes)
    monkeypatch.setattr(saves, "MAX_HOLD", 3600.0)
    answers = in_thread(lambda: [behind.check_loop(event=call(n)) for n in range(10)])
    assert [a.verdict.counters.events for a in answers] == list(range(1, 11))
    writes.gate.set()
    saves.wait()
    assert writes.written[-1] == 10 and len(writes.written) < 10  # the saver skipped what was already stale
    assert stored_events(root) == 10


@pytest.mark.slow
def test_another_process_waits_for_the_save_and_sees_every_event(
    behind: Session, root: Path, server_env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    writes = GatedWrites(behind)
    monkeypatch.setattr(behind.store, "write_state", writes)
    in_thread(lambda: [behind.check_loop(event=call(n)) for n in range(3)])
    other = subprocess.Popen(
        [*SERVE, "--session", "s", "check-loop", "--event", json.dumps(call(3)), "--json"],
        env=server_env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    writes.gate.set()  # the other process holds on until the saver lets go of the lock
    out, err = other.communicate(timeout=120)
    assert other.returncode == 0, err
    assert json.loads(out)["counters"]["events"] == 4
    after = behind.check_loop(event=call(4))  # and this process reads what the other one wrote
    assert after.verdict.counters.events == 5


def test_a_saver_that_held_the_lock_long_enough_lets_the_next_check_wait(
    behind: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    writes = GatedWrites(behind)
    writes.gate.set()
    monkeypatch.setattr(behind.store, "write_state", writes)
    monkeypatch.setattr(saves, "MAX_HOLD", 0.0)
    for n in range(5):
        behind.check_loop(event=call(n))
    saves.wait()
    assert writes.written == [1, 2, 3, 4, 5]  # each check waited its turn: none was folded into the next


def test_a_failed_save_is_carried_by_the_next_one_when_a_check_came_meanwhile(
    behind: Session, root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    writes = GatedWrites(behind, failing=1)
    monkeypatch.setattr(behind.store, "write_state", writes)
    monkeypatch.setattr(saves, "MAX_HOLD", 3600.0)
    behind.check_loop(event=call(0))
    assert writes.entered.wait(60)  # its save is under way, and will fail
    in_thread(lambda: behind.check_loop(event=call(1)))  # works from the first's state, not from the disk
    writes.gate.set()
    saves.wait()
    after = behind.check_loop(event=call(2))  # the first save failed; the second carried its event
    assert after.verdict.counters.events == 3 and not any("could not be saved" in n for n in after.notes)
    saves.wait()
    assert stored_events(root) == 3


def test_a_failed_save_with_no_check_meanwhile_is_told_to_the_next(
    behind: Session, root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    writes = GatedWrites(behind, failing=1)
    writes.gate.set()
    monkeypatch.setattr(behind.store, "write_state", writes)
    behind.check_loop(event=call(0))
    saves.wait()
    after = behind.check_loop(event=call(1))
    assert after.verdict.counters.events == 1  # the lost check's event is not in the stream, and it says so
    assert "could not be saved (cannot save state loops of session s: No space left on device)" in after.notes[0]
    saves.wait()
    assert stored_events(root) == 1  # the failed save left the file as it was, and the next one wrote it whole
    assert sorted(os.listdir(root / "sessions" / "s" / "state")) == ["loops.json.a", "loops.json.lock"]  # no temp file


def test_cleanup_removes_idle_locks_and_temp_states_but_never_a_held_lock(tmp_path: Path) -> None:
    """A lock file nobody holds and a temp state a killed writer left go; a lock in use stays, and a check that
    waited on a lock cleanup removed takes the new one, so two holders never overlap."""
    from mcp_context import Session

    s = Session(tmp_path, "s1")
    s.check_loop(event={"kind": "tool_call", "name": "sh", "args": {"cmd": "make"}})
    state = tmp_path / "sessions" / "s1" / "state"
    lock = state / "loops.json.lock"
    stray = state / ".tmp-0123456789abcdef-loops.json"
    stray.write_text("{")
    old = 1_000_000_000
    for path in (lock, stray):
        os.utime(path, (old, old))
    held = threading.Event()
    release = threading.Event()

    def hold() -> None:
        with s.store.state_lock("s1", "loops"):
            held.set()
            release.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    held.wait(10)
    os.utime(lock, (old, old))
    assert s.store.remove_debris() == 1  # the stray state only: the lock is held
    assert lock.exists() and not stray.exists()
    release.set()
    holder.join()
    os.utime(lock, (old, old))
    assert s.store.remove_debris() == 1 and not lock.exists()
    inside = 0
    most = 0
    guard = threading.Lock()

    def check() -> None:
        nonlocal inside, most
        with s.store.state_lock("s1", "loops"):
            with guard:
                inside += 1
                most = max(most, inside)
            if lock.exists():
                os.utime(lock, (old, old))
            s.store.remove_debris()  # removes nothing held: this check holds the only lock
            with guard:
                inside -= 1

    threads = [threading.Thread(target=check) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert most == 1
    again = s.check_loop(event={"kind": "tool_call", "name": "sh", "args": {"cmd": "make"}})
    assert again.verdict.counters.events == 2, "the stream saved before the cleanups is still there"
