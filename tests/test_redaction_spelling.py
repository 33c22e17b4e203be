"""The rules are compiled from their spelling with each class that leaves out everything outside ASCII written
as the ASCII characters it takes (mcp_context/redaction/rules.py, compiled_spelling): every rewritten pattern
matches exactly where the pattern as written matches, in texts and in their UTF-8 bytes."""

from __future__ import annotations

import re
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcp_context.redaction import rules
from mcp_context.redaction.rules import RULES, compiled_spelling

#: Every spelling (a rule's pattern or scan) that holds such a class.
REWRITTEN = sorted(
    {s for rule in RULES for s in (rule.source, rule.scan_source) if s is not None and rules._NOT_ASCII in s}
)
#: What the rewritten rules' matches and near misses are made of: their anchors, separators, quotes, escapes,
#: white space, characters outside ASCII and a lone surrogate.
PIECES = st.sampled_from(
    [
        "curl ", "-u ", "--user=", "mysql -p", "sshpass -p ", "password ", "define('DB_PASSWORD', ", "token",
        "secret_key", "cookie: ", "value: ", "name: DB_PASSWORD, ", "identified by ", "https://u", "://", "@",
        ":", "=", "'", '"', "`", "\\", "\\n", "\n", "\t", " ", ";", "&", "|", "<", ">", "(", ")", "[", "]", "{",
        "}", ",", "-", "_", ".", "/", "?", "#", "a", "Z", "0", "7", "x1y2z3w4", "hunter2hunter2", "é", "日",
        "\x7f", "\x00", "\ud800",
    ]
)  # fmt: skip


@cache
def written(source: str, as_bytes: bool) -> re.Pattern[str] | re.Pattern[bytes]:
    if as_bytes:
        return re.compile(source.replace(rules._NOT_ASCII, r"\x80-\xff").encode("ascii"), re.ASCII)
    return re.compile(source, re.ASCII)


@cache
def rewritten(source: str, as_bytes: bool) -> re.Pattern[str] | re.Pattern[bytes]:
    spelled = compiled_spelling(source)
    if as_bytes:
        return re.compile(spelled.replace(rules._NOT_ASCII, r"\x80-\xff").encode("ascii"), re.ASCII)
    return re.compile(spelled, re.ASCII)


def same_matches(source: str, text: str) -> None:
    data = text.encode("utf-8", "surrogatepass")
    for as_bytes, subject in ((False, text), (True, data)):
        before, after = written(source, as_bytes), rewritten(source, as_bytes)
        for at in range(len(subject) + 1):
            a, b = before.match(subject, at), after.match(subject, at)  # type: ignore[arg-type]
            assert (a and (a.span(), a.groupdict())) == (b and (b.span(), b.groupdict())), (source, subject, at)


def test_every_such_class_is_rewritten_and_none_else() -> None:
    assert len(REWRITTEN) >= 10
    for source in REWRITTEN:
        assert rules._NOT_ASCII not in compiled_spelling(source)
    for rule in RULES:
        if rules._NOT_ASCII not in rule.source:
            assert compiled_spelling(rule.source) == rule.source


def test_a_class_leaving_out_a_letter_stays_as_written() -> None:
    """Case-blindness around a class would change what an ASCII spelling of it takes."""
    kept = r"(?i:[^a\x80-\U0010ffff])"
    assert compiled_spelling(kept) == kept
    assert compiled_spelling(r"[^\s\x80-\U0010ffff]") == r"[\x00-\x08\x0e-\x1f\x21-\x7f]"


@pytest.mark.parametrize("source", REWRITTEN)
def test_the_rules_own_examples(source: str) -> None:
    for text in (
        "curl -u admin:S3cr3tPassw0rd https://x",
        "curl -u 'admin:pässwort123' https://x",
        "mysql -uroot -pS3cretPass db",
        "sshpass -p 'hunter2hunter2' ssh host",
        'define("DB_PASSWORD", "s3cr3t-v@lue")',
        "Cookie: session=abc123def456ghi; theme=dark",
        '{"name": "DB_PASSWORD", "value": "x9y8z7w6v5"}',
        "ALTER USER bob IDENTIFIED BY 'N3w-P@ss'",
        "https://user:p4ssw0rd@example.com/x",
        'secret_key = "日本語のパスワード123"',
    ):
        same_matches(source, text)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(REWRITTEN), st.lists(PIECES, max_size=24).map("".join))
def test_rewritten_patterns_match_where_the_written_ones_do(source: str, text: str) -> None:
    same_matches(source, text)
