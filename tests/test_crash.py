"""Crash safety and concurrency of the store, with real processes.

A writer SIGKILLed at a random moment (in the middle of a 32 MB persist_file, of a 32 MB persist_result, while
either indexes its text, or in a loop of many results) must leave no partial result visible: a fresh Session lists
only complete results, each reads back byte for byte with a working index, and the debris it left (``.tmp-*``
files, a text whose metadata never landed) is invisible and removed by cleanup. Two processes writing the same
root at once, with overlapping and distinct contents, must leave one consistent store while a reader watches.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
from crashing import MAX_RESULT_BYTES, item_text, line_text, write_big

from mcp_context import Limits, Session
from mcp_context.storage.index import SEGMENT_BYTES

pytestmark = pytest.mark.slow  # crash campaigns: the full suite's part

MiB = 1024 * 1024
#: The big text: many index segments and search chunks, past the exact token count's limit, and long enough to
#: store and index that kills spread over the write land inside it (the moments are fractions of its measured time).
BIG_BYTES = 32 * MiB
LIMITS = Limits(max_result_bytes=MAX_RESULT_BYTES)
SESSION = "crash"

#: The child processes: the writers killed or racing, the checkers' fork server (plain functions, see there).
CHILD = str(Path(__file__).with_name("crashing.py"))


@dataclass(frozen=True)
class Expected:
    sha256: str
    bytes: int
    chars: int
    lines: int
    line: Callable[[int], str]  # line k, from 1


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Expected]:
    path = tmp_path_factory.mktemp("big") / "big.txt"
    sha, size, chars, lines = write_big(path, BIG_BYTES)
    return path, Expected(sha, size, chars, lines, lambda k: line_text(k - 1))


def time_to_store(big_path: Path, work: Path) -> float:
    """Seconds an uninterrupted persist_file of the big text takes here (stored, indexed, answered): the killed
    writers' moments are fractions of it, so they land inside the write on a fast machine and a loaded one alike."""
    s = Session(root=work, session=SESSION, env={}, limits=LIMITS)
    start = time.monotonic()
    s.persist_file(big_path, label="big")
    return time.monotonic() - start


def expected_item(key: str) -> Expected:
    text = item_text(key)
    data = text.encode()
    lines = text.splitlines(keepends=True)
    return Expected(hashlib.sha256(data).hexdigest(), len(data), len(text), len(lines), lambda k: lines[k - 1])


def results_dir(root: Path, session: str) -> Path:
    return root / "sessions" / session / "results"


def debris(directory: Path) -> list[Path]:
    """Entries that belong to no complete result: temp files (in the results directory or the root's
    spool), and texts or indexes without metadata."""
    found: list[Path] = []
    spool = directory.parent.parent.parent / ".spool"  # <root>/.spool, where texts are spooled
    if spool.is_dir():
        found += [spool / name for name in os.listdir(spool)]
    if directory.exists():
        names = os.listdir(directory)
        complete = {name[:-5] for name in names if name.endswith(".json") and not name.startswith(".")}
        found += [
            directory / n
            for n in names
            if n.startswith(".tmp-") or (n.endswith((".txt", ".idx")) and n[:-4] not in complete)
        ]
    return sorted(found)


def check_store(root: Path, session: str, expect: Callable[[str], Expected]) -> list[str]:
    """Every listed result is complete and exact; returns the labels found."""
    s = Session(root=root, session=session, env={}, limits=LIMITS)
    metas = s.results()
    handles = [m.handle for m in metas]
    assert len(handles) == len(set(handles)), "a result is listed twice"
    names = set(os.listdir(results_dir(root, session))) if metas else set()
    labels = []
    for m in metas:
        for suffix in (".txt", ".idx", ".json") if m.bytes > SEGMENT_BYTES else (".txt", ".json"):
            assert f"{m.handle}{suffix}" in names, f"{m.label}: listed with its {suffix} missing"
        exp = expect(m.label)
        assert (m.bytes, m.chars, m.lines) == (exp.bytes, exp.chars, exp.lines), f"{m.label}: wrong sizes"
        digest = hashlib.sha256()
        for chunk in s.iter_text(m.handle):
            digest.update(chunk.encode())
        assert digest.hexdigest() == exp.sha256, f"{m.label}: text differs from what was persisted"
        # the index works: first, middle and last lines come back exactly
        for k in {1, max(1, m.lines // 2), m.lines}:
            page = s.read_persisted(m.handle, start_line=k, max_lines=1).page
            assert page.text == exp.line(k), f"{m.label}: line {k} read back wrong"
        labels.append(m.label)
    return labels


def kill_at(proc: subprocess.Popen[bytes], delay: float) -> None:
    time.sleep(delay)
    try:
        proc.send_signal(signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait(timeout=60)


# killed writers -------------------------------------------------------------------------------------------------

#: When each writer is killed, as a share of the time an uninterrupted store of the big text takes: early and late
#: in the write, while its text is indexed, and (the last) once it has finished and the loop's results follow.
DELAYS = [0.02, 0.1, 0.25, 0.5, 0.8, 1.6]
MODES = ["file", "text", "loop"]
#: Trials run side by side: each spends most of its time waiting for its kill or reading the big text back.
WORKERS = 3


@dataclass(frozen=True)
class Trial:
    """What one killed writer left: the results listed and the debris found before any cleanup."""

    mode: str
    delay: float
    results: int
    debris: list[Path]


def test_killed_writers_leave_no_partial_result(tmp_path: Path, big: tuple[Path, Expected]) -> None:
    """Every mode killed after every delay (18 kills, run a few at a time); each trial checks its own store, and
    the campaign is only worth something if some kills interrupted a write and some came after results landed."""
    whole = time_to_store(big[0], tmp_path / "uninterrupted")
    jobs = [(mode, k, share * whole) for mode in MODES for k, share in enumerate(DELAYS)]
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        futures = [pool.submit(killed_writer_trial, tmp_path / f"{m}-{k}", big, m, d, k % 2 == 0) for m, k, d in jobs]
        trials = [future.result() for future in futures]
    assert len(trials) == len(MODES) * len(DELAYS)
    assert any(trial.debris for trial in trials), trials
    assert any(trial.results for trial in trials), trials


def killed_writer_trial(work: Path, big: tuple[Path, Expected], mode: str, delay: float, by_age: bool) -> Trial:
    """Kill a writer ``delay`` seconds into its work, then check the store it left, clean it up and store again."""
    big_path, big_expected = big
    root = work / "store"
    jitter = random.uniform(0.0, 0.05)
    with subprocess.Popen(
        [sys.executable, CHILD, "killed", str(root), mode, str(big_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as proc:
        try:
            assert proc.stdout is not None and proc.stdout.readline() == b"ready\n"
            kill_at(proc, delay + jitter)
        finally:
            if proc.poll() is None:
                proc.kill()
        out_bytes, err_bytes = proc.communicate(timeout=60)
    out, err = out_bytes.decode(), err_bytes.decode()
    where = f"{mode} killed after {delay + jitter:.2f} s"
    assert proc.returncode == -signal.SIGKILL, f"{where}: writer ended by itself ({proc.returncode}): {out}{err}"
    assert err == "", f"{where}: {err}"

    def expect(label: str) -> Expected:
        return big_expected if label == "big" else expected_item(label)

    directory = results_dir(root, SESSION)
    left = debris(directory)
    labels = check_store(root, SESSION, expect)
    items = sorted(int(label.split("-")[1]) for label in labels if label != "big")
    assert items == list(range(len(items))), f"{where}: results were lost before later ones: {items}"
    if items and mode != "loop":
        assert "big" in labels, f"{where}: the loop ran, so the big result had been stored, yet it is not listed"
    _clean_up(root, left, by_age, where)
    assert check_store(root, SESSION, expect) == labels

    # and storing again what was interrupted gives a complete, exact result
    s = Session(root=root, session=SESSION, env={}, limits=LIMITS)
    if mode == "file":
        s.persist_file(big_path, label="big")
    elif mode == "text":
        s.persist_result(big_path.read_text(encoding="utf-8"), label="big")
    else:
        key = f"item-{len(labels)}"
        s.persist_result(item_text(key), label=key)
    assert debris(directory) == []
    assert len(check_store(root, SESSION, expect)) == len(labels) + (0 if mode != "loop" and "big" in labels else 1)
    return Trial(mode, delay + jitter, len(labels), left)


def _clean_up(root: Path, left: list[Path], by_age: bool, where: str) -> None:
    """Fresh debris is kept by cleanup (a live writer may own it), then removed once stale (``by_age``); or
    removed at once by remove_debris with no age. Complete results stay either way."""
    s = Session(root=root, session=SESSION, env={}, limits=LIMITS)
    directory = results_dir(root, SESSION)
    before = {m.handle for m in s.results()}
    if by_age:
        assert s.cleanup(older_than_s=10**9).debris_removed == 0, where
        assert debris(directory) == left, where
        stale = time.time() - 2 * 3600
        for path in left:
            os.utime(path, (stale, stale))
        report = s.cleanup(older_than_s=10**9)
        assert report.sessions_removed == [], where
        assert report.debris_removed == len(left), where
    else:
        assert s.store.remove_debris(older_than_s=0) == len(left), where
    assert debris(directory) == [], where
    assert {m.handle for m in s.results()} == before, f"{where}: cleanup removed a complete result"


# racing writers -------------------------------------------------------------------------------------------------


def _reader(root: Path, stop: threading.Event, seen: dict[str, str], errors: list[BaseException]) -> None:
    """Read every visible result in full, over and over, while the writers run: nothing partial may show."""
    s = Session(root=root, session="race", env={})
    try:
        while not stop.is_set():
            for m in s.results():
                if m.handle in seen:
                    continue
                exp = expected_item(m.label)
                text = "".join(s.iter_text(m.handle))
                assert hashlib.sha256(text.encode()).hexdigest() == exp.sha256, f"{m.label} read back partial"
                assert s.read_persisted(m.handle, start_line=m.lines, max_lines=1).page.text == exp.line(m.lines)
                seen[m.handle] = m.label
    except BaseException as exc:  # noqa: BLE001 - reported by the test
        errors.append(exc)


def _race(
    procs: list[subprocess.Popen[bytes]],
    reader: threading.Thread,
    stop: threading.Event,
    outputs: list[tuple[int, str, str]],
) -> None:
    try:
        time.sleep(1.0)  # let every writer import and reach its readline
        for proc in procs:
            assert proc.stdin is not None
            proc.stdin.write(b"go\n")
            proc.stdin.flush()
        reader.start()
        for proc in procs:
            out, err = proc.communicate(timeout=300)
            outputs.append((proc.returncode, out.decode(), err.decode()))
    finally:
        stop.set()
        if reader.is_alive():
            reader.join(timeout=120)
        for proc in procs:
            if proc.poll() is None:
                proc.kill()


@pytest.mark.parametrize("writers", [2, 3])
def test_concurrent_writers_leave_a_consistent_store(tmp_path: Path, writers: int) -> None:
    root = tmp_path / "store"
    count = 50
    procs = [
        subprocess.Popen(
            [sys.executable, CHILD, "racing", str(root), f"w{n}", str(count)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for n in range(writers)
    ]
    stop, seen, errors = threading.Event(), {}, []
    reader = threading.Thread(target=_reader, args=(root, stop, seen, errors))
    outputs = []
    with contextlib.ExitStack() as stack:
        for proc in procs:
            stack.enter_context(proc)  # closes the pipes and reaps the process whatever happens
        _race(procs, reader, stop, outputs)
    assert not errors, errors
    for code, _, err in outputs:
        assert code == 0 and err == "", err

    reported: dict[str, set[str]] = {}
    created: dict[str, list[bool]] = {}
    for _, out, _ in outputs:
        lines = [json.loads(line) for line in out.splitlines()]
        assert len(lines) == count, "a writer stopped early"
        for entry in lines:
            reported.setdefault(entry["label"], set()).add(entry["handle"])
            created.setdefault(entry["label"], []).append(entry["created"])
    shared = [label for label in reported if label.startswith("shared-")]
    assert len(shared) == count // 2
    for label, handles in reported.items():
        assert len(handles) == 1, f"{label}: the same text got different handles {handles}"
    for label in shared:
        assert len(created[label]) == writers and any(created[label]), label

    labels = check_store(root, "race", expected_item)
    assert sorted(labels) == sorted(reported), "listed results differ from what the writers stored"
    assert len(labels) == count // 2 + writers * (count // 2)
    assert debris(results_dir(root, "race")) == []
    assert set(seen.values()) <= set(reported)


def test_cleanup_while_a_writer_runs(tmp_path: Path) -> None:
    """cleanup (stale debris only, the default) racing a live writer neither fails nor breaks the writer."""
    root = tmp_path / "store"
    s = Session(root=root, session="race", env={})
    with subprocess.Popen(
        [sys.executable, CHILD, "racing", str(root), "w0", "60"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as proc:
        try:
            assert proc.stdin is not None
            proc.stdin.write(b"go\n")
            proc.stdin.flush()
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", ResourceWarning)  # the leaked iterator is part of the same bug
                while proc.poll() is None:
                    s.cleanup(older_than_s=10**9)
                    s.store.remove_debris()
        finally:
            if proc.poll() is None:
                proc.kill()
        out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0 and err.decode() == "", err.decode()
    assert len(out.splitlines()) == 60
    assert len(check_store(root, "race", expected_item)) == 60


# acknowledged loop checks -----------------------------------------------------------------------------------------


class Checkers:
    """The checkers' fork server (crashing.checkers): each trial's checker is forked from one process that has
    imported the package and the server already, so the campaign's time goes to checking and killing."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, CHILD, "checkers"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.lock = threading.Lock()

    def start(self, root: Path, out: Path) -> int:
        """A new checker on ``root`` writing its answers' numbers to the named pipe ``out``; its pid."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        with self.lock:
            self.proc.stdin.write(f"{root} {out}\n".encode())
            self.proc.stdin.flush()
            return int(self.proc.stdout.readline())

    def close(self) -> None:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.close()
        try:
            self.proc.wait(timeout=60)  # it reaps its checkers first, all killed by now
        except subprocess.TimeoutExpired:
            self.proc.kill()  # a trial failed before its kill: the failure is reported, not a hang
            self.proc.wait(timeout=60)
        self.proc.stdout.close()


def _kill_one_checker(checkers: Checkers, root: Path, delay: float) -> tuple[int, int]:
    """Start a process that checks and says each answer it got; kill it; what was acknowledged and stored."""
    fifo = root.with_name(root.name + ".out")
    os.mkfifo(fifo)
    pid = checkers.start(root, fifo)
    acknowledged, stuck = 0, threading.Event()
    watchdog = threading.Timer(STUCK_AFTER_S, _unblock, (fifo, stuck))
    watchdog.start()
    with open(fifo, "rb") as out:  # opens once the checker has opened its end
        watchdog.cancel()
        assert not stuck.is_set(), f"checker {pid} never opened its pipe in {STUCK_AFTER_S} s"
        start = time.monotonic()
        for line in out:
            acknowledged = int(line)
            if time.monotonic() - start > delay and acknowledged:
                break
        os.kill(pid, signal.SIGKILL)
        rest = out.read().split()  # what it said before the kill landed; ends when the checker is gone
    acknowledged = int(rest[-1]) if rest else acknowledged
    check = Session(root=root, session="s", env={}).check_loop(
        event={"kind": "tool_call", "name": "Read", "args": {"path": "probe.py"}}, dry_run=True
    )
    return acknowledged, check.verdict.counters.events - 1


#: A checker that has not opened its pipe by then never will (it failed first): the trial fails rather than hangs.
STUCK_AFTER_S = 120


def _unblock(fifo: Path, stuck: threading.Event) -> None:
    stuck.set()
    os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))  # the reader waiting on it opens, at its end


def test_no_acknowledged_loop_check_is_lost_to_a_kill(tmp_path: Path) -> None:
    """300 processes set up as the server sets its store up, each killed at a random moment while checking:
    every check whose answer was read is in the stored stream."""
    rng = random.Random(7)
    jobs = [(tmp_path / f"r{i}", rng.uniform(0.0, 0.05)) for i in range(300)]
    checkers = Checkers()
    try:
        with ThreadPoolExecutor(max_workers=4) as pool:
            outcomes = list(pool.map(lambda job: _kill_one_checker(checkers, *job), jobs))
    finally:
        checkers.close()
    lost = [(acked, stored) for acked, stored in outcomes if stored < acked]
    assert lost == [], f"{len(lost)} of {len(outcomes)} trials lost acknowledged checks: {lost[:5]}"
    assert sum(acked for acked, _ in outcomes) >= 300, "the kills came before any check was answered"
