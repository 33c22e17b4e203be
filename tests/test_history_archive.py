"""Archives in pieces: larger than one stored result, or long enough that a re-compaction should write only the
pieces that changed; read back whole, never half-written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mcp_context import Session
from mcp_context.config import Limits
from mcp_context.errors import TooLarge
from mcp_context.results import archive

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
    index = json.loads(session.read_persisted(result.archive.handle).page.text)  # type: ignore[union-attr]
    assert len(index["pieces"]) > 1, "the archive should have needed more than one piece"
    assert index["count"] == len(entries) == sum(session.info(p).lines - 1 for p in index["pieces"])
    got = {e["index"]: e["message"] for _, e in entries}
    labels = sorted(int(x[1:]) for x in result.removed + result.shortened)
    assert sorted(got) == labels
    assert all(got[i] == messages[i] for i in labels)
    for meta in session.results():
        assert meta.bytes <= PIECE


def test_the_archive_handle_reads_as_plain_text_naming_its_pieces(tmp_path: Path) -> None:
    session = small_session(tmp_path)
    result = session.compact_history(messages=history(60), target_tokens=3_000, strategy="sliding_window")
    assert result.archive is not None
    index = json.loads(session.read_persisted(result.archive.handle, max_lines=1).page.text)  # type: ignore[union-attr]
    assert index["archive"] == "compact_history" and all(p.startswith("r_") for p in index["pieces"])
    first = json.loads(session.read_persisted(index["pieces"][0], max_lines=1).page.text)  # type: ignore[union-attr]
    assert first["archive"] == "compact_history" and "pieces" not in first
    assert all(session.info(p).bytes <= PIECE for p in index["pieces"])


def test_a_chain_written_before_indexes_still_reads(tmp_path: Path) -> None:
    session = small_session(tmp_path)
    head = {"archive": "compact_history", "part": "all", "format": "openai"}
    line = '{"index":%d,"message":{"role":"user","content":"m%d"}}'
    last = session.persist_result(json.dumps(head | {"piece": 2, "pieces": 2, "next": None}) + "\n" + line % (1, 1))
    first_text = json.dumps(head | {"piece": 1, "pieces": 2, "next": last.meta.handle}) + "\n" + line % (0, 0)
    first = session.persist_result(first_text)
    entries = [doc for _, doc in archive.read(first.meta.handle, text_of(session))]
    assert [doc["index"] for doc in entries] == [0, 1]


@pytest.mark.slow
def test_a_longer_history_compacted_again_writes_only_the_pieces_that_changed(tmp_path: Path) -> None:
    session = Session(root=tmp_path, session="again", env={})
    messages = history(700, size=600)
    first = session.compact_history(messages=messages, target_tokens=70_000, strategy="auto")
    assert first.history is not None and first.archive is not None
    before = {m.handle for m in session.results()}
    longer = [*messages, {"role": "user", "content": "And the tests?"}]
    again = session.compact_history(messages=longer, target_tokens=70_000, strategy="auto")
    assert again.history is not None
    written = {m.handle for m in session.results()} - before
    pieces = json.loads(session.read_persisted(again.history.handle, max_lines=1).page.text)["pieces"]  # type: ignore[union-attr]
    assert len(pieces) > 3 and len(written) <= 3, "an index and the last piece or two, not the whole history"
    saved = [doc["message"] for _, doc in archive.read(again.history.handle, text_of(session))]
    assert saved == again.messages
    fresh = Session(root=tmp_path / "fresh", session="again", env={})  # no memo: the same pieces, written anew
    assert fresh.compact_history(messages=longer, target_tokens=70_000, strategy="auto").messages == again.messages
    session.delete_session("again")  # what the memo remembers is gone: it must be written again, not named
    third = session.compact_history(
        messages=[*longer, {"role": "assistant", "content": "On it."}], target_tokens=70_000
    )
    assert third.history is not None
    assert [doc["message"] for _, doc in archive.read(third.history.handle, text_of(session))] == third.messages


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
