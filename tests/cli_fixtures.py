"""What the command line's tests share: ``run`` runs ``python -m mcp_context ...`` against an isolated store root
(MCP_CONTEXT_HOME from the ``server_env`` fixture) in this process and, in the full suite, in a real process of its
own (the ``cli_way`` fixture); ``lib`` looks at what it stored through ``mcp_context.Session``; ``two_sessions``
stores a result in each of two. These fixtures are shared through conftest.py. Also the checks of an output: its
JSON, a one-line error, a handle in it."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_run import run_cli

from mcp_context import Session

SESSION = "cli-test"


HANDLE_RE = re.compile(r"\br_[0-9a-f]{16}\b")


ERROR_PREFIX = "mcp-context: error:"


Proc = subprocess.CompletedProcess[Any]


Run = Callable[..., Proc]


# helpers ---------------------------------------------------------------------------------------------------


@pytest.fixture
def cli_env(server_env: dict[str, str]) -> dict[str, str]:
    """The server env plus a fixed default session, so separate CLI runs land in the same session."""
    return {**server_env, "MCP_CONTEXT_SESSION": SESSION}


@pytest.fixture
def run(cli_env: dict[str, str], cli_way: str) -> Run:
    """run(*args, input=None, binary=False): one CLI invocation; stdout/stderr are str, or bytes if binary."""

    def run(
        *args: str, input: str | bytes | None = None, binary: bool = False, env: dict[str, str] | None = None
    ) -> Proc:
        return run_cli(list(args), env=cli_env if env is None else env, input=input, text=not binary, way=cli_way)

    return run


#: For a test about the process boundary: its commands run as real processes in the fast part too.
REAL_PROCESS = pytest.mark.parametrize("cli_way", ["subprocess"])


@pytest.fixture
def lib(root: Path) -> Session:
    """The library's view of the session the CLI writes to."""
    return Session(root=root, session=SESSION, env={})


def ok(result: Proc) -> Any:
    """The stdout (str, or bytes for a binary run) of a run that must have succeeded without a traceback.

    Only stderr is searched for a traceback: pages of Python sources may well contain the word.
    """
    assert result.returncode == 0, f"exit {result.returncode}\nstdout: {result.stdout}\nstderr: {result.stderr}"
    assert (b"Traceback" if isinstance(result.stderr, bytes) else "Traceback") not in result.stderr
    return result.stdout


def assert_one_line_error(result: Proc) -> str:
    """A refused command: non-zero exit, exactly one stderr line with the error prefix, no traceback."""
    assert result.returncode != 0, f"unexpectedly succeeded:\n{result.stdout}"
    assert "Traceback" not in result.stdout + result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, f"expected one line on stderr, got {lines!r}"
    line: str = lines[0]
    assert line.startswith(ERROR_PREFIX), line
    return line


def handle_in(output: str) -> str:
    found: set[str] = set(HANDLE_RE.findall(output))
    assert len(found) == 1, f"expected one handle in output, found {found}:\n{output}"
    return found.pop()


def full_text(session: Session, handle: str) -> str:
    return "".join(session.iter_text(handle))


def stored_files(root: Path) -> list[Path]:
    """Every file under the store root, temporary debris included."""
    return sorted(p for p in root.rglob("*") if p.is_file()) if root.exists() else []


# Unicode, CRLF, a tab, an empty line and no final newline: what must survive byte for byte.
TRICKY = "héllo wörld ✓\r\nsecond\tline\n\nlast line, no newline"


# listing and showing -------------------------------------------------------------------------------------------


@pytest.fixture
def two_sessions(root: Path, lib: Session) -> tuple[str, str]:
    """One result in the CLI's session, one in another; returns their handles."""
    mine = lib.persist_result("mine\n", label="my result").meta.handle
    other = Session(root=root, session="other-session", env={}).persist_result("theirs\n", label="x").meta.handle
    return mine, other
