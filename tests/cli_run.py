"""One command-line run, as ``python -m mcp_context ARGS`` in a process of its own or in this process.

Both ways answer with the same ``subprocess.CompletedProcess`` (exit code, stdout, stderr as str, or bytes if
``text=False``) for the same environment and stdin. In this process the entry point of ``python -m
mcp_context`` runs with ``os.environ`` replaced by the given environment, stdin, stdout and stderr replaced by
byte buffers behind text wrappers as Python sets them up for a pipe, and the exit taken from ``SystemExit`` or,
for an exception nothing caught, a traceback on stderr and 1, as the interpreter would give. A command costs
milliseconds this way instead of an interpreter's start and imports; what only a fresh process shows (module
state left from an earlier command, the bytes argv and the pipes carry) is what the subprocess way is for: the
``cli_way`` fixture (conftest.py) runs a test both ways, the real process in the full suite.
"""

from __future__ import annotations

import io
import locale
import os
import subprocess
import sys
import traceback
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

# The server as a user would start it, but from this interpreter, so tests need no install on PATH.
SERVE = [sys.executable, "-m", "mcp_context"]

WAYS = ("in-process", "subprocess")


def run_cli(
    args: list[str],
    *,
    env: Mapping[str, str],
    input: str | bytes | None = None,
    text: bool = True,
    way: str = "subprocess",
    timeout: float = 120,
) -> subprocess.CompletedProcess[Any]:
    """One run of the command line with ``args``, ``way`` one of :data:`WAYS`."""
    if way == "subprocess":
        return subprocess.run(
            [*SERVE, *args], input=input, capture_output=True, text=text, env=dict(env), timeout=timeout
        )
    if way != "in-process":
        raise ValueError(f"way must be one of {WAYS}, not {way!r}")
    data = input.encode(_encoding()) if isinstance(input, str) else (input or b"")
    code, out, err = _in_process(args, env, data)
    if not text:
        return subprocess.CompletedProcess([*SERVE, *args], code, out, err)
    return subprocess.CompletedProcess([*SERVE, *args], code, _decoded(out), _decoded(err))


def both_ways(cases: Iterable[Sequence[Any]], real: Iterable[int] = ()) -> list[Any]:
    """Parameters for a ``parametrize`` whose names end in ``cli_way``: each case in this process, and as a real
    process in the full suite (as the ``cli_way`` fixture gives); the cases numbered in ``real`` as a real process
    in the fast part as well, instead of in this process."""
    always = set(real)
    params: list[Any] = []
    for n, case in enumerate(cases):
        if n not in always:
            params.append(pytest.param(*case, "in-process"))
        params.append(pytest.param(*case, "subprocess", marks=() if n in always else pytest.mark.slow))
    return params


class _Kept(io.BytesIO):
    """A pipe's far end: what was written stays readable after the command closes its stream."""

    def close(self) -> None:
        pass


def _in_process(args: list[str], env: Mapping[str, str], stdin: bytes) -> tuple[int, bytes, bytes]:
    from mcp_context.cli.main import main

    out, err = _Kept(), _Kept()
    streams = (sys.stdin, sys.stdout, sys.stderr)
    saved_env = dict(os.environ)
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    sys.stderr = io.TextIOWrapper(err, encoding="utf-8", errors="backslashreplace", write_through=True)
    os.environ.clear()
    os.environ.update(env)
    try:
        try:
            main(list(args))
            code = 0
        except SystemExit as exc:
            code = _exit_code(exc.code)
        except BaseException:  # noqa: BLE001  (the interpreter's answer to what nothing caught)
            traceback.print_exc(file=sys.stderr)
            code = 1
        for stream in (sys.stdout, sys.stderr):
            if not stream.closed:
                stream.flush()
    finally:
        sys.stdin, sys.stdout, sys.stderr = streams
        os.environ.clear()
        os.environ.update(saved_env)
    return code, out.getvalue(), err.getvalue()


def _exit_code(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    sys.stderr.write(f"{code}\n")  # sys.exit("message"): the interpreter prints it and exits 1
    return 1


def _encoding() -> str:
    return locale.getpreferredencoding(False)


def _decoded(data: bytes) -> str:
    """As ``subprocess.run(..., text=True)`` reads a pipe: the locale's encoding, universal newlines."""
    return io.TextIOWrapper(io.BytesIO(data), encoding=_encoding()).read()
