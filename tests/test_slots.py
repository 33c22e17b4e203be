"""A state saved in place in two slots: every save readable at once, a save cut short never read, a state from
before slots read until the first save replaces it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcp_context import Session
from mcp_context.errors import StoreError
from mcp_context.storage import slots


def test_each_save_is_read_back_and_the_slots_take_turns(tmp_path: Path) -> None:
    base = tmp_path / "loops.json"
    assert slots.read(base) is None
    first, second = slots.slot_paths(base)
    for n in range(5):
        document = f'{{"n": {n}}}'.encode() * (n + 1)
        slots.write(base, document)
        assert slots.read(base) == document
        assert (first if n % 2 == 0 else second).read_bytes().endswith(document)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["loops.json.a", "loops.json.b"]


@settings(max_examples=60, deadline=None)
@given(cut=st.integers(min_value=0, max_value=200), garbage=st.binary(max_size=40))
def test_a_save_cut_short_leaves_the_one_before(
    tmp_path_factory: pytest.TempPathFactory, cut: int, garbage: bytes
) -> None:
    """A kill mid-save leaves the slot being written with any prefix of its new bytes over its old ones: the
    reader takes the other slot, and the next save goes to the damaged one again."""
    base = tmp_path_factory.mktemp("slots") / "loops.json"
    slots.write(base, b"old document " * 5)
    slots.write(base, b"older slot, about to be overwritten " * 3)
    slots.write(base, b"newest whole document")
    damaged = slots.slot_paths(base)[1]  # holds the second save; the next save would overwrite it
    whole = damaged.read_bytes()
    new = b"a save that never finished " * 8
    torn = (b"MCXSLOT1" + (4).to_bytes(8, "little") + len(new).to_bytes(8, "little") + new)[:cut] + garbage
    damaged.write_bytes(torn + whole[len(torn) :])
    assert slots.read(base) == b"newest whole document"
    slots.write(base, b"next")
    assert slots.read(base) == b"next"


def test_a_state_from_before_slots_is_read_until_the_first_save(tmp_path: Path) -> None:
    base = tmp_path / "loops.json"
    base.write_bytes(b'{"version": 1}')
    assert slots.read(base) == b'{"version": 1}'
    slots.write(base, b'{"version": 2}')
    assert slots.read(base) == b'{"version": 2}' and not base.exists()


def test_a_much_shorter_save_cuts_the_old_tail(tmp_path: Path) -> None:
    base = tmp_path / "state.json"
    for _ in range(2):
        slots.write(base, b"x" * 300_000)
    slots.write(base, b"small")
    slots.write(base, b"small too")
    assert slots.read(base) == b"small too"
    assert max(p.stat().st_size for p in slots.slot_paths(base)) < 1_000


def test_a_slot_that_is_a_link_is_refused_not_followed(tmp_path: Path) -> None:
    session = Session(tmp_path / "root", "s")
    session.check_loop(event={"kind": "tool_call", "name": "sh", "args": {"cmd": "ls"}})
    state = tmp_path / "root" / "sessions" / "s" / "state"
    outside = tmp_path / "outside"
    outside.write_bytes(b"not yours")
    for slot in slots.slot_paths(state / "loops.json"):
        slot.unlink(missing_ok=True)
        os.symlink(outside, slot)
    with pytest.raises(StoreError, match="cannot open state loops of session s"):
        Session(tmp_path / "root", "s").check_loop(event={"kind": "tool_call", "name": "sh", "args": {"cmd": "ls"}})
    assert outside.read_bytes() == b"not yours"


def test_a_slot_changed_since_this_process_saw_it_is_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reader trusts what it remembers of a slot only while the file is the same and unchanged: a body
    rewritten under an unchanged header (another writer's save cut short) is read, summed and refused."""
    base = tmp_path / "loops.json"
    slots.write(base, b"first document")
    slots.write(base, b"second document")
    second = slots.slot_paths(base)[1]
    reads: list[int] = []
    pread = os.pread
    monkeypatch.setattr(slots.os, "pread", lambda fd, n, at: reads.append(n) or pread(fd, n, at))
    assert slots.read(base) == b"second document"
    assert all(n == slots._HEAD.size for n in reads), "an unchanged slot's body is not read again"
    raw = bytearray(second.read_bytes())
    raw[-8:] = b"XXXXXXXX"
    second.write_bytes(bytes(raw))
    os.utime(second, ns=(1, 1))  # a new time of change, whatever the clock's resolution
    assert slots.read(base) == b"first document"
