"""Shared fixtures: real sessions on tmp_path, the server's command line, and the anyio backend."""

from __future__ import annotations

import fcntl
import os
import pickle
from pathlib import Path
from typing import Any

# Loaded now, not in the middle of a deep recursive draw: hypothesis imports its optimiser lazily, pytest
# rewrites it as a plugin's module, and CPython 3.11's parser fails ("AST constructor recursion depth
# mismatch") when that parse happens hundreds of frames deep.
import hypothesis.internal.conjecture.optimiser  # noqa: F401
import pytest
from cli_fixtures import cli_env, lib, run, two_sessions  # noqa: F401  (the command line's tests)
from cli_run import SERVE  # noqa: F401  (the server's command line, for the modules that start it)
from loop_faces import face  # noqa: F401  (check_loop through the Python API, then MCP)
from pg_cluster import pg_url  # noqa: F401  (a real PostgreSQL for the store contract tests)
from security_world import world  # noqa: F401  (a store and a marker outside it, for the security tests)

from mcp_context import Session
from mcp_context.reuse import Reuse


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first, in their order: on several processes (scripts/test runs two) the long ones start
    early and the short ones fill in at the end, so the processes finish together. Every test still runs."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return tmp_path / "store"


@pytest.fixture
def session(root: Path) -> Session:
    return Session(root=root, session="test-session", env={})


@pytest.fixture(params=["reuse", pytest.param("reuse off", marks=pytest.mark.slow)])
def reuse(request: pytest.FixtureRequest) -> Reuse:
    """A Session's Reuse both ways: what it keeps between calls must change no answer (see mcp_context/reuse).
    The compaction, summary and loop suites take their sessions with it, so each of their tests runs twice; the
    second way is in the full suite only (tests/test_reuse.py compares the two ways in the fast one)."""
    return Reuse() if request.param == "reuse" else Reuse.off()


@pytest.fixture(params=["in-process", pytest.param("subprocess", marks=pytest.mark.slow)])
def cli_way(request: pytest.FixtureRequest) -> str:
    """How a test's command lines run (cli_run.run_cli): in this process, then as real processes. The second
    way is in the full suite only; a test about the process boundary itself takes "subprocess" alone
    (``@pytest.mark.parametrize("cli_way", ["subprocess"])``), so every command still starts a real process in
    the fast part too."""
    return str(request.param)


@pytest.fixture
def session_both_ways(root: Path, reuse: Reuse) -> Session:
    """The ``session`` fixture with reuse on, then off."""
    return Session(root=root, session="test-session", env={}, reuse=reuse)


@pytest.fixture
def server_env(root: Path) -> dict[str, str]:
    """Environment for a server or CLI subprocess: an isolated root, no host session leaking in."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MCP_CONTEXT_", "CLAUDE_CODE_"))}
    env["MCP_CONTEXT_HOME"] = str(root)
    return env


@pytest.fixture
def realistic() -> object:
    return realistic_text


def realistic_text(min_bytes: int) -> str:
    """Real text from this machine: the standard library's own sources, concatenated until big enough."""
    import glob

    parts: list[str] = []
    size = 0
    for path in sorted(glob.glob(os.path.join(os.path.dirname(os.__file__), "*.py"))):
        with open(path, encoding="utf-8", errors="replace") as f:
            chunk = f.read()
        parts.append(chunk)
        size += len(chunk.encode())
        if size >= min_bytes:
            break
    return "".join(parts)


@pytest.fixture(scope="session")
def histories(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """Realistic sessions in each host's exact format, made once per run from this machine's material: on several
    processes (pytest-xdist) the first to need them makes them in the run's folder, which the processes share,
    and the others wait for it and read what it wrote."""
    from make_fixtures import make_all

    if "PYTEST_XDIST_WORKER" not in os.environ:
        return make_all(tmp_path_factory.mktemp("histories"))
    shared = tmp_path_factory.getbasetemp().parent  # this run's folder; each process has its own inside
    with open(shared / "histories.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        made = shared / "histories" / "made.pickle"
        if made.exists():
            return pickle.loads(made.read_bytes())
        fixtures = make_all(made.parent)
        made.write_bytes(pickle.dumps(fixtures))
        return fixtures


@pytest.fixture(scope="session")
def real_hosts() -> Any:
    """Claude Code and Gemini CLI as installed by the host recorder (npm the first time, cached after), found once
    per run: finding them starts each host to read its version, which every real-host module would repeat."""
    import hosts_recorder

    try:
        return hosts_recorder.install()
    except SystemExit as exc:  # the recorder exits with the installer's message
        pytest.skip(f"the real hosts could not be installed: {exc}")
