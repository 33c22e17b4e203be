"""The small world the security tests attack, built in tmp_path:

    tmp_path/secret.txt                          "SECRET-..." (a marker that must never show up anywhere)
    tmp_path/evil/sessions/victim/results/H.*    a complete, genuine result holding the marker
    tmp_path/store/sessions/good/results/G.*     the store under test, with one ordinary result

so that an escape which got past validation would not just fail on a missing file: many of the attempts resolve,
if followed, to the real result ``H`` in the evil store, which would read back the marker. ``world`` (a fixture,
shared through conftest.py) makes one per test; ``assert_clean`` checks what a caller is shown."""

from __future__ import annotations

import os
import stat
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from mcp_context import Session
from mcp_context.server.app import build_server

SECRET = "SECRET-4f1d9c-marker"


PASSWD_MARK = "root:x:0:0"


TRACEBACK = "Traceback (most recent call last)"


GOOD_TEXT = "an ordinary stored result\nline two\n"


VALID_LOOKING = "r_0123456789abcdef"


# the world --------------------------------------------------------------------------------------------------


@dataclass
class World:
    tmp: Path
    root: Path
    secret_file: Path
    evil_root: Path
    evil_session_dir: Path  # absolute path of the victim session directory in the evil store
    secret_handle: str  # H: the handle of the marker result in the evil store
    good_handle: str  # G: the ordinary result in the store under test
    session: Session  # bound to "good" in the store under test
    server: Any = None  # an MCP server over ``session``, when one is shared by several tests

    def fill(self, template: str) -> str:
        return (
            template.replace("{H}", self.secret_handle)
            .replace("{G}", self.good_handle)
            .replace("{EVIL}", str(self.evil_session_dir))
            .replace("{TMP}", str(self.tmp))
            .replace("{SECRETFILE}", str(self.secret_file))
        )


def make_world(tmp_path: Path) -> World:
    """A store under test with one ordinary result, beside an evil store holding the marker."""
    secret_file = tmp_path / "secret.txt"
    secret_file.write_text(SECRET)
    evil_root = tmp_path / "evil"
    evil = Session(root=evil_root, session="victim", env={})
    secret_handle = evil.persist_result(SECRET + "\n", label="secret").meta.handle
    assert evil.read_persisted(secret_handle).page.text == SECRET + "\n"  # the decoy is real and readable
    root = tmp_path / "store"
    good = Session(root=root, session="good", env={})
    good_handle = good.persist_result(GOOD_TEXT, label="good").meta.handle
    return World(
        tmp=tmp_path,
        root=root,
        secret_file=secret_file,
        evil_root=evil_root,
        evil_session_dir=evil_root / "sessions" / "victim",
        secret_handle=secret_handle,
        good_handle=good_handle,
        session=good,
    )


@pytest.fixture
def world(tmp_path: Path) -> World:
    return make_world(tmp_path)


def snapshot(top: Path) -> dict[str, tuple[Any, ...]]:
    """Every entry under ``top`` (symlinks not followed) with its kind, size, mode, mtime and link target."""
    entries: dict[str, tuple[Any, ...]] = {}
    for dirpath, dirnames, filenames in os.walk(top, followlinks=False):
        for name in dirnames + filenames:
            path = os.path.join(dirpath, name)
            st = os.lstat(path)
            target = os.readlink(path) if stat.S_ISLNK(st.st_mode) else None
            size = st.st_size if stat.S_ISREG(st.st_mode) else None
            entries[os.path.relpath(path, top)] = (stat.S_IFMT(st.st_mode), size, st.st_mode, st.st_mtime_ns, target)
    return entries


def assert_clean(text: str) -> None:
    """No marker, no /etc/passwd, no traceback, in anything shown to a caller."""
    assert SECRET not in text
    assert PASSWD_MARK not in text
    assert TRACEBACK not in text
    assert 'File "/' not in text


@asynccontextmanager
async def connect(session: Session, server: Any = None) -> AsyncIterator[Client]:
    async with Client(server or build_server(session)) as client:
        yield client


def tool_text(result: Any) -> str:
    texts = [getattr(block, "text", "") for block in result.content]
    return "\n".join(texts) + "\n" + repr(result.structured_content)
