"""The anchorless rules' scans run in windows (mcp_context/redaction/scans.py) hit exactly where the whole scan hits:
in texts, in their UTF-8 bytes, with characters outside ASCII and lone surrogates, and in real source code."""

from __future__ import annotations

import re
import sysconfig
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcp_context.redaction import scans
from mcp_context.redaction.rules import RULES
from mcp_context.redaction.shaped import SHAPED_SCAN

SCANNED = [rule for rule in RULES if rule.scan_source is not None]
#: What a token scan's hits and near misses are made of: separators, digits, letters, and what ends a token.
PIECES = st.sampled_from(
    ["_", "-", ".", "~", "0", "7", "42", "a", "Z", "q9", "x1y", " ", "\n", "\\n", "é", "日", "\ud800"]
)


def spans(found: object) -> list[tuple[int, int]]:
    return [m.span() for m in found]  # type: ignore[attr-defined]


def same_hits(text: str) -> None:
    """Windows hit where the whole scan does, run as they are and forced on a text of any length, found in
    blocks of any size, searched apart or joined; with the text's bytes handed over (as the anchors' search
    makes them) or not; and found() says whether there is any."""
    for block, joined in ((None, None), (7, 0), (64, 0), (1000, 0), (64, 10), (1000, 256)):
        with pytest.MonkeyPatch.context() as patched:
            if block is not None:
                patched.setattr(scans, "_SHORT", 0)
                patched.setattr(scans, "_SEARCH_COST", joined)
                patched.setattr(scans, "_BLOCK", block)
            for rule in SCANNED:
                assert rule.scan is not None and rule.bytes_scan is not None and rule.scan_source is not None
                whole = spans(rule.scan.finditer(text))
                assert spans(scans.hits(rule.scan_source, rule.scan, text)) == whole
                assert spans(scans.hits(rule.scan_source, rule.scan, text, scans.classes(text))) == whole
                assert scans.found(rule.scan_source, rule.scan, text) == bool(whole)
                data = text.encode("utf-8", "surrogatepass")
                whole = spans(rule.bytes_scan.finditer(data))
                assert spans(scans.hits(rule.scan_source, rule.bytes_scan, data)) == whole
                assert spans(scans.hits(rule.scan_source, rule.bytes_scan, data, data)) == whole
                assert scans.found(rule.scan_source, rule.bytes_scan, data) == bool(whole)


def test_the_token_scan_runs_in_windows() -> None:
    """Whoever changes SHAPED_SCAN derives its windows again (scans._SCANS), or it is run over whole texts."""
    assert scans.windowed(SHAPED_SCAN)


@settings(max_examples=400, deadline=None)
@given(st.lists(PIECES, max_size=200))
def test_windows_hit_where_the_whole_scan_hits(pieces: list[str]) -> None:
    same_hits("".join(pieces))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["_", "-", ".", "~"]), st.text("abcXYZ019", max_size=40)), max_size=30))
def test_windows_hit_where_the_whole_scan_hits_in_token_like_runs(runs: list[tuple[str, str]]) -> None:
    same_hits("".join(separator + body for separator, body in runs))


@pytest.mark.slow  # every module of the standard library: seconds
def test_windows_hit_where_the_whole_scan_hits_in_real_source() -> None:
    root = Path(sysconfig.get_paths()["stdlib"])
    texts = [p.read_text(encoding="utf-8", errors="surrogateescape") for p in sorted(root.glob("*.py"))]
    hits = 0
    for text in texts:
        same_hits(text)
        hits += len(re.findall(SHAPED_SCAN, text, re.ASCII))
    assert hits > 0  # the comparison saw hits, not only texts without any


def test_windows_reach_as_far_as_a_hit_can() -> None:
    """A hit starting the most characters before its first pair, and its pairs the most characters apart."""
    farthest = "_" + "a" * 24 + "1" * 12 + "b" + "c" * 24 + "2" * 12 + "d"
    assert re.fullmatch(SHAPED_SCAN, farthest, re.ASCII)
    for before in ("", " ", "x" * 50 + " ", "é" * 3 + " "):
        same_hits(before + farthest + " tail")


#: What word_start stands for: the token characters' run ending where it is searched to.
WORD_START = re.compile(r"[A-Za-z0-9_\-.~]{1,56}$")
WORD_START_BYTES = re.compile(WORD_START.pattern.encode())


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.sampled_from(["_", "-", ".", "~", "0", "a", "Z", "q9", " ", "\n", "\\", "é", "日", "\ud800", "x" * 30]),
        max_size=60,
    )
)
def test_a_word_starts_where_the_search_for_it_finds_it(pieces: list[str]) -> None:
    """At every place of a text and of its bytes, a run ending before a newline that ends the search included."""
    text = "".join(pieces)
    data = text.encode("utf-8", "surrogatepass")
    for at in range(len(text) + 1):
        head = WORD_START.search(text, max(0, at - 56), at)
        assert scans.word_start(text, at, 56) == (at if head is None else head.start())
    for at in range(len(data) + 1):
        found = WORD_START_BYTES.search(data, max(0, at - 56), at)
        assert scans.word_start(data, at, 56) == (at if found is None else found.start())
