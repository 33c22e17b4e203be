"""A secret found once is replaced wherever the same text repeats it later, as a stream of the text does it too;
never before it was found, and never a value too short or too plain to follow. Invented examples."""

from __future__ import annotations

import pytest

from mcp_context.redaction import Redactor
from mcp_context.redaction import redactor as redaction


def _streamed(text: str, chunk: int) -> str:
    data = text.encode()
    return b"".join(Redactor("s1").stream(data[i : i + chunk] for i in range(0, len(data), chunk))).decode()


def test_a_secret_echoed_later_is_replaced_there_too() -> None:
    text = (
        "% launchctl setenv STRIPE_SECRET_KEY 'Qw7_-kP2-zR9xLmN4vB8tYc1uJ6hG3fD'\n"
        "% launchctl getenv STRIPE_SECRET_KEY\nQw7_-kP2-zR9xLmN4vB8tYc1uJ6hG3fD\n"
    )
    out = Redactor("s1").text(text)
    assert "Qw7_-kP2" not in out and out.count(out.split("'")[1]) == 2  # the same placeholder both times


def test_a_copy_before_the_secret_was_found_stays_and_plain_values_are_not_followed() -> None:
    early = "printing Harbor-8033!xq first\nDB_PASSWORD=Harbor-8033!xq\n"
    assert Redactor("s1").text(early).startswith("printing Harbor-8033!xq first\n")  # as a stream would give it
    plain = "DB_PASSWORD=correcthorsebattery\nthe correcthorsebattery game\n"
    assert "the correcthorsebattery game" in Redactor("s1").text(plain)  # letters only: a word, not followed


def test_a_stream_replaces_the_copies_in_later_windows_as_the_text_does() -> None:
    text = "DB_PASSWORD=Harbor-8033!xq\n" + "a line of the log\n" * 3000 + "retry with Harbor-8033!xq\n" + "x\n" * 3000
    whole = Redactor("s1").text(text)
    assert whole.count("[secret:password:") == 2
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(redaction, "_STEP", 8 * 1024)
        for chunk in (1, 100, 5000):
            assert _streamed(text, chunk) == whole
