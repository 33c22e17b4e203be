"""The crash campaign's contents and its child processes (tests/test_crash.py), as plain functions.

The test imports the contents (``line_text``, ``write_big``, ``item_text``) to know what a complete result holds;
the children run this file as a script, ``python crashing.py ROLE ARGS...``, to write or check until killed.

``checkers`` is a fork server for the loop-check campaign: it imports the package and the server once, then
forks one checker per line it reads on stdin. Each checker sets its store up as the server does and checks until
it is killed, as a freshly started process would, without paying the interpreter's start and the imports for
each of the campaign's hundreds of kills.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path

MiB = 1024 * 1024
#: The writer's limits: room for the big text the campaign writes, and more.
MAX_RESULT_BYTES = 256 * MiB


def line_text(n: int) -> str:
    """Line n (from 0) of the big text: varied lengths, multi-byte characters, no two lines alike."""
    mixed = n * 2654435761 % 4294967296
    return f"{n:09d} l\u00ednea {n % 977} \u2014 {'x' * (n % 61)} \u00fcn\u00efc\u00f6d\u00e9 {mixed:08x}\n"


def write_big(path: Path, nbytes: int) -> tuple[str, int, int, int]:
    """Write lines until nbytes is reached; return (sha256, bytes, chars, lines)."""
    digest, size, chars, n = hashlib.sha256(), 0, 0, 0
    with open(path, "wb") as f:
        while size < nbytes:
            block = "".join(line_text(i) for i in range(n, n + 10000))
            data = block.encode()
            f.write(data)
            digest.update(data)
            size += len(data)
            chars += len(block)
            n += 10000
    return digest.hexdigest(), size, chars, n


def item_text(key: str) -> str:
    """A result of the writer loops: 1 KB to 1.5 MB, chosen by key."""
    seed = int(hashlib.sha256(key.encode()).hexdigest()[:8], 16)
    lines = seed % 20000 + 20
    return "".join(f"{key} line {j} {'abc' * (j % 17)} \u2014 \u00e9\n" for j in range(lines))


def killed_writer(root: str, mode: str, big: str) -> None:
    """Store the big text (``file``: streamed, ``text``: as one string; ``loop``: not at all), then one item
    after another, until killed."""
    from mcp_context import Limits, Session

    s = Session(root=root, session="crash", env={}, limits=Limits(max_result_bytes=MAX_RESULT_BYTES))
    text = Path(big).read_text(encoding="utf-8") if mode == "text" else None
    print("ready", flush=True)
    if mode == "file":
        s.persist_file(big, label="big")
    elif text is not None:
        s.persist_result(text, label="big")
    for i in range(100000):
        key = f"item-{i}"
        s.persist_result(item_text(key), label=key)
    print("finished before the kill", flush=True)


def racing_writer(root: str, me: str, count: int) -> None:
    """Store ``count`` items, half shared with the other writers and half its own, once told to go; some through
    persist_file, the streaming path. Says each handle it got."""
    from mcp_context import Session

    s = Session(root=root, session="race", env={})
    spool = tempfile.mkdtemp()
    sys.stdin.readline()  # wait for the go, so all writers start together
    for k in range(count // 2):
        for key in (f"shared-{k}", f"{me}-{k}"):
            text = item_text(key)
            if k % 3 == 0:
                path = os.path.join(spool, key)
                with open(path, "w", encoding="utf-8", newline="") as f:
                    f.write(text)
                stored = s.persist_file(path, label=key)
            else:
                stored = s.persist_result(text, label=key)
            print(json.dumps({"label": key, "handle": stored.meta.handle, "created": stored.created}), flush=True)


def checker(root: str) -> None:
    """Set the store up as the server does, then check one event after another, saying each answer's number."""
    from mcp_context import Session
    from mcp_context.server.app import build_server

    session = Session(root=root, session="s", env={})
    build_server(session)
    for i in range(100000):
        session.check_loop(event={"kind": "tool_call", "name": "Read", "args": {"path": f"f{i}.py"}})
        print(i + 1, flush=True)


def checkers() -> None:
    """The fork server: for each line ``ROOT OUT`` on stdin, fork a checker on ROOT whose stdout is the named pipe
    OUT, and answer the child's pid. The test kills each child; this one ends when stdin closes. Children are
    reaped only then, so no pid the test may still signal is ever another process's."""
    import mcp_context.server.app  # noqa: F401  (imported once, before any fork)

    for line in sys.stdin:
        root, out = line.split()
        pid = os.fork()
        if pid == 0:
            try:
                fd = os.open(out, os.O_WRONLY)
                os.dup2(fd, 1)
                sys.stdout = os.fdopen(1, "w", closefd=False)
                checker(root)
            finally:
                os._exit(0)
        print(pid, flush=True)
    _reap()


def _reap() -> None:
    """Collect every child (all killed by now), so none lingers as a zombie."""
    while True:
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            return


def main(argv: list[str]) -> None:
    role, args = argv[0], argv[1:]
    if role == "killed":
        killed_writer(*args)
    elif role == "racing":
        racing_writer(args[0], args[1], int(args[2]))
    elif role == "checker":
        checker(args[0])
    elif role == "checkers":
        checkers()
    else:
        raise SystemExit(f"unknown role {role!r}: killed, racing, checker or checkers")


if __name__ == "__main__":
    main(sys.argv[1:])
