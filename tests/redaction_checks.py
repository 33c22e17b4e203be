"""What every redaction test of a credential class asserts about one text holding one secret."""

from __future__ import annotations

import json

from mcp_context.redaction import Redactor


def assert_caught_alike(text: str, secret: str) -> None:
    """The secret is gone, the lines are kept, redacting again changes nothing, and the text inside a JSON
    string gets the same placeholder."""
    redactor = Redactor("s1")
    out = redactor.text(text)
    assert secret[:10] not in out and secret[-10:] not in out, out
    assert out.count("\n") == text.count("\n")
    assert redactor.text(out) == out, "redacting again changes nothing"
    nested = json.loads(redactor.text(json.dumps({"content": text})))["content"]
    assert nested == out, "the same placeholder in a JSON string"


def assert_stays(text: str) -> None:
    """A look-alike comes through untouched, as plain text and inside a JSON string."""
    redactor = Redactor("s1")
    assert redactor.text(text) == text
    spelled = json.dumps({"content": text})
    assert redactor.text(spelled) == spelled


def assert_streamed_alike(texts: list[str]) -> None:
    """Each text, after a few letters outside ASCII and in pieces of 7 bytes, is redacted as a stream exactly as it
    is whole."""
    redactor = Redactor("s1")
    for text in texts:
        data = ("é" * 3 + "\n" + text).encode()
        streamed = b"".join(redactor.stream(data[i : i + 7] for i in range(0, len(data), 7)))
        assert streamed.decode() == redactor.text(data.decode())
