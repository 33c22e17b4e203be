"""Names a client sent are repeated at most 200 characters long in every error, and the rest of the line (what
is accepted) survives: an unknown argument or key, a message's role, a part that holds no text. Through the HTTP
app and its real transport, and the library."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_http_attacks import client, post

from mcp_context import Session
from mcp_context.errors import ContextError

pytestmark = pytest.mark.anyio

LONG = "Z" * 5000


def said(answer: Any) -> str:
    body = answer.json()
    return str(body["result"]["content"][0]["text"] if "result" in body else body["error"]["message"])


@pytest.mark.parametrize(
    ("name", "arguments", "kept"),
    [
        ("persist_result", {"content": "x", LONG: 1}, "accepted: content"),
        ("compact_history", {"messages": [{"role": LONG, "content": "x"}], "target_tokens": 100}, "unknown role"),
        ("compact_history", {"messages": [{"role": "user", "content": [{"type": "text", "text": {LONG: 1}}]}]}, ""),
        ("check_loop", {"event": {"kind": "tool_call", "name": "Bash", "args": {}, LONG: 1}}, "unknown key"),
        ("summarize_range", {"messages": [{"role": "user", "content": "x", LONG: {LONG: 1}}]}, ""),
    ],
)
async def test_an_error_repeats_at_most_200_characters_of_a_name(
    tmp_path: Path, name: str, arguments: dict[str, Any], kept: str
) -> None:
    async with client(tmp_path / "store", None) as c:
        text = said(await post(c, "tools/call", {"name": name, "arguments": arguments}))
    assert text.count("Z") <= 210, text[:300]
    assert kept in text


def test_the_library_cuts_a_role_as_the_server_does(tmp_path: Path) -> None:
    session = Session(tmp_path / "store", "s", env={})
    for role_holder in (
        {"role": LONG, "content": "x"},
        {"role": "user", "content": [{"type": "text", "text": [LONG]}]},
    ):
        with pytest.raises(ContextError) as refused:
            session.summarize_range(messages=[role_holder])
        assert str(refused.value).count("Z") <= 210, str(refused.value)[:300]
