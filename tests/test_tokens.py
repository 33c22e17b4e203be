"""Token counting: exact with a local encoding, a labelled estimate without, and never a download."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import tiktoken

from mcp_context import Session, TokenCounter
from mcp_context.tokens import estimate_bytes, load_local_encoding


def tiny_encoding() -> tiktoken.Encoding:
    """A real BPE encoding built here: every byte a token, plus two merges, so counts are predictable."""
    ranks = {bytes([i]): i for i in range(256)}
    ranks[b"ab"] = 256
    ranks[b"abab"] = 257
    return tiktoken.Encoding(name="tiny", pat_str=r"\S+|\s+", mergeable_ranks=ranks, special_tokens={})


def test_exact_count_with_a_given_encoding() -> None:
    counter = TokenCounter(tiny_encoding())
    count = counter.count("abab ab x")
    assert count.method == "exact:tiny"
    assert count.tokens == 5  # "abab", " ", "ab", " ", "x"
    assert count.exact


def test_estimate_when_no_encoding_is_available() -> None:
    count = TokenCounter(search_local=False).count("hello world " * 100)
    assert count.method == "estimate"
    assert not count.exact
    assert 150 <= count.tokens <= 400  # real o200k count is 201


def test_estimate_tracks_text_kind() -> None:
    prose = estimate_bytes(("The quick brown fox jumps over the lazy dog. " * 50).encode())
    cjk = estimate_bytes(("日本語のテキストです。" * 50).encode())
    assert estimate_bytes(b"") == 0
    assert prose > 0 and cjk > 0
    assert cjk > len("日本語のテキストです。" * 50) * 0.8  # CJK is about a token a character, not a third


def test_persisted_results_say_how_they_were_counted(root: Path) -> None:
    exact = Session(root=root, session="a", counter=TokenCounter(tiny_encoding()), env={})
    stored = exact.persist_result("abab abab\n")
    assert stored.meta.token_method == "exact:tiny"
    assert stored.meta.tokens == 4
    page = exact.read_persisted(stored.meta.handle).page
    assert page is not None and page.token_method == "exact:tiny"

    estimated = Session(root=root, session="b", counter=TokenCounter(search_local=False), env={})
    assert estimated.persist_result("abab abab\n").meta.token_method == "estimate"


def test_a_cached_encoding_file_is_used_and_nothing_else(tmp_path: Path, monkeypatch: object) -> None:
    # An empty cache directory: nothing to load, and the loader must not try the network.
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path))  # type: ignore[attr-defined]
    assert load_local_encoding() is None
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", "")  # type: ignore[attr-defined]
    assert load_local_encoding() is None  # "no cache" would mean "always download": refuse


def test_server_starts_and_counts_offline_without_fetching(tmp_path: Path) -> None:
    """With the network unreachable (a proxy that refuses), counting answers as an estimate, never hangs."""
    code = "from mcp_context import TokenCounter; print(TokenCounter().count('hello world').method)"
    env = dict(
        os.environ, TIKTOKEN_CACHE_DIR=str(tmp_path), HTTPS_PROXY="http://127.0.0.1:9", HTTP_PROXY="http://127.0.0.1:9"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "estimate"
