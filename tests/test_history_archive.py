"""Archives larger than one stored result: written as a chain of pieces, read back whole, never half-written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mcp_context import Session
from mcp_context.config import Limits
from mcp_context.errors import TooLarge
from mcp_context.history import archive

PIECE = 40_000


def history(rounds: int, size: int = 3_000) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"role": "user", "content": "Read every module of /repo and list the TODOs"}]
    for k in range(rounds):
        out.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": f"c{k}",
                        "type": "function",
                        "function": {"name": "read_file", "arguments": json.dumps({"path": f"/repo/m{k}.py"})},
                    }
                ],
            }
        )
        out.append({"role": "tool", "tool_call_id": f"c{k}", "content": f"# module {k}\n" + "x = 1\n" * (size // 6)})
    return out + [{"role": "assistant", "content": "Found 3 TODOs."}]


def small_session(root: Path) -> Session:
    return Session(root=root, session="pieces", env={}, limits=Limits(max_result_bytes=PIECE))


def text_of(session: Session):
    return lambda handle: "".join(session.iter_text(handle))


@pytest.mark.parametrize("strategy", ["auto", "sliding_window"])
def test_an_archive_larger_than_one_result_is_stored_in_pieces_and_read_back_whole(
    tmp_path: Path, strategy: str
) -> None:
    session = small_session(tmp_path)
    messages = history(60)
    assert len(json.dumps(messages)) > 4 * PIECE
    result = session.compact_history(messages=messages, target_tokens=3_000, strategy=strategy, keep="2 messages")
    assert result.archive is not None
    entries = list(archive.read(result.archive.handle, text_of(session)))
    headers = {json.dumps(h, sort_keys=True): h for h, _ in entries}
    assert len(headers) > 1, "the archive should have needed more than one piece"
    assert sorted(h["piece"] for h in headers.values()) == list(range(1, len(headers) + 1))
    assert all(h["pieces"] == len(headers) for h in headers.values())
    got = {e["index"]: e["message"] for _, e in entries}
    labels = sorted(int(x[1:]) for x in result.removed + result.shortened)
    assert sorted(got) == labels
    assert all(got[i] == messages[i] for i in labels)
    for meta in session.results():
        assert meta.bytes <= PIECE


def test_the_archive_handle_reads_as_plain_text_with_the_next_piece_named(tmp_path: Path) -> None:
    session = small_session(tmp_path)
    result = session.compact_history(messages=history(60), target_tokens=3_000, strategy="sliding_window")
    assert result.archive is not None
    first = json.loads(session.read_persisted(result.archive.handle, max_lines=1).page.text)
    assert first["piece"] == 1 and first["next"].startswith("r_")
    assert session.info(first["next"]).bytes <= PIECE


def test_one_message_larger_than_a_result_is_a_clear_error_and_changes_nothing(tmp_path: Path) -> None:
    session = small_session(tmp_path)
    messages = history(3, size=3 * PIECE)
    with pytest.raises(TooLarge) as info:
        session.compact_history(messages=messages, target_tokens=2_000, strategy="sliding_window")
    assert "alone is" in str(info.value) and "left as it was" in str(info.value)
    assert session.store.read_state("pieces", "compaction") is None


def test_read_refuses_what_is_not_an_archive(tmp_path: Path) -> None:
    session = small_session(tmp_path)
    stored = session.persist_result("just some text\n")
    with pytest.raises(Exception, match="not an archive"):
        list(archive.read(stored.meta.handle, text_of(session)))
