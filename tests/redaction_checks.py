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
