"""Credentials never reach the store by default: results, streamed files, labels and sources, compaction archives,
loop states and hook states hold placeholders instead. Credentials are made here in their real formats with fresh
random bodies (a private key by openssl itself), and look-alikes (hashes, UUIDs, base64 data, code that names a
secret without holding one) must come through untouched."""

from __future__ import annotations

import base64
import functools
import hashlib
import io
import itertools
import json
import os
import re
import secrets
import string
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcp_context import Session
from mcp_context.conversation.model import key_of
from mcp_context.redaction import RedactionMemo, Redactor
from mcp_context.redaction import anchors as anchor_finding
from mcp_context.redaction import redactor as redaction
from mcp_context.storage.incoming import incoming_stream

ALNUM = string.ascii_letters + string.digits
PLACEHOLDER = re.compile(r"\[secret:([a-z_]+):[0-9a-f]{4}\]")


def rand(n: int, alphabet: str = ALNUM) -> str:
    return "".join(secrets.choice(alphabet) for _ in range(n))


def private_key() -> str:
    done = subprocess.run(
        ["openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024"],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode == 0:
        return done.stdout.strip()
    body = "\n".join(base64.b64encode(os.urandom(48)).decode() for _ in range(12))  # where openssl is missing
    return f"-----BEGIN PRIVATE KEY-----\n{body}\n-----END PRIVATE KEY-----"


def credentials() -> list[tuple[str, str, str]]:
    """(kind, line as it shows in tool output, the secret in it)."""
    aws_secret = rand(40, ALNUM + "/+")
    jwt = ".".join(
        base64.urlsafe_b64encode(part).decode().rstrip("=")
        for part in (b'{"alg":"HS256","typ":"JWT"}', b'{"sub":"1234567890","name":"x"}', os.urandom(32))
    )
    cases = [
        ("aws_access_key", "AKIA" + rand(16, string.ascii_uppercase + string.digits)),
        ("github_token", "ghp_" + rand(36)),
        ("github_token", "github_pat_" + rand(22) + "_" + rand(59)),
        ("openai_key", "sk-proj-" + rand(48, ALNUM + "_-")),
        ("openai_key", "sk-" + rand(20) + "T3BlbkFJ" + rand(20)),
        ("anthropic_key", "sk-ant-api03-" + rand(93, ALNUM + "_-") + "AA"),
        ("slack_token", "xoxb-" + rand(12, string.digits) + "-" + rand(13, string.digits) + "-" + rand(24)),
        ("google_api_key", "AIza" + rand(35, ALNUM + "_-")),
        ("google_oauth_token", "ya29." + rand(60, ALNUM + "_-")),
        ("stripe_key", "sk_live_" + rand(24)),
        ("jwt", jwt),
    ]
    out = [(kind, f"export TOKEN={value}  # from the vault", value) for kind, value in cases]
    api = rand(14) + "4q"
    out.append(("password", f'const config = {{"apiKey": "{api}"}}', api))
    out.append(("password", f"MY_SERVICE_API_KEY={api}z", api + "z"))
    out.append(("aws_secret_key", f"aws_secret_access_key = {aws_secret}", aws_secret))
    password = rand(12) + "7!"
    out.append(("url_password", f"fatal: could not connect to postgres://app:{password}@db.internal:5432/x", password))
    bearer = rand(32, ALNUM + "-._")
    out.append(("bearer_token", f"> Authorization: Bearer {bearer}", bearer))
    webhook = "https://hooks.slack.com/services/T" + rand(8) + "/B" + rand(8) + "/" + rand(24)
    out.append(("slack_webhook", f"POST {webhook}", webhook))
    out.append(("password", f'{{"db_password": "{password}x"}}', password + "x"))
    key = private_key()
    out.append(("private_key", f"cat ~/.ssh/id\n{key}\n$ next", key))
    return out


LOOK_ALIKES = [
    hashlib.sha256(b"x").hexdigest(),
    hashlib.sha1(b"x").hexdigest(),
    "commit 1f0e3dad99908345f7439f8ffabdffc4 merged",
    str(uuid.uuid4()),
    base64.b64encode(os.urandom(60)).decode(),
    "data:image/png;base64," + base64.b64encode(os.urandom(90)).decode(),
    "password = getpass.getpass()",
    "token = self.token",
    "api_key = os.environ['OPENAI_API_KEY']",
    "Enter password: ********",
    "ssh://git@github.com:22/org/repo.git and git@github.com:org/repo.git",
    "https://example.com/path?q=1#frag",
    "sk-learn is not a key; task-runner-1234567890",
    "AKIA is a prefix; akiaiosfodnn7example is lower case",
]


def test_every_format_is_replaced_by_a_typed_placeholder() -> None:
    redactor = Redactor("s1")
    for kind, line, secret in credentials():
        out = redactor.text(line)
        assert secret not in out, kind
        assert [m.group(1) for m in PLACEHOLDER.finditer(out)] == [kind], (kind, out)
        assert out.count("\n") == line.count("\n"), "line numbers into the text stay the same"


def test_look_alikes_stay() -> None:
    redactor = Redactor("s1")
    for text in LOOK_ALIKES:
        assert redactor.text(text) == text


def test_placeholders_are_stable_in_a_session_and_tell_secrets_apart() -> None:
    one, two = "ghp_" + rand(36), "ghp_" + rand(36)
    a, b = Redactor("s1"), Redactor("s1")
    assert a.text(one) == b.text(f"{one}").strip()  # the same secret, the same placeholder, in any process
    assert a.text(one) != a.text(two)
    assert a.text(a.text(one)) == a.text(one), "redacting twice changes nothing"


@settings(max_examples=300, deadline=None)
@given(parts=st.lists(st.sampled_from([*{a for r in redaction.RULES for a in r.anchors}, "PassWord", "TOKEN", "Bearer",
    "Authorization: ", "=", ": ", '"', " ", "\n", "x", "A1b2C3d4e5", "K", "é", "ghp_" + "a" * 36, "@h", "//u:"]),
    max_size=30))  # fmt: skip
def test_the_quick_look_for_anchors_changes_nothing(parts: list[str]) -> None:
    """A short text with no anchor skips the rules; a text the quick look lets through is redacted as before."""
    text = "".join(parts)
    quick = Redactor("s1").text(text)
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(redaction, "_QUICK_CHARS", -1)
        assert quick == Redactor("s1").text(text)


@settings(max_examples=40, deadline=None)
@given(cuts=st.lists(st.integers(min_value=1, max_value=400), min_size=1, max_size=30))
def test_a_stream_cut_anywhere_is_redacted_like_the_whole(cuts: list[int]) -> None:
    text = "\n".join(line for _, line, _ in CASES) + "\nend é 日本\n" + "x" * 9000 + " " + "ghp_" + "a" * 36
    data = text.encode()
    chunks, at = [], 0
    for n in cuts * 40:
        if at >= len(data):
            break
        chunks.append(data[at : at + n])
        at += n
    chunks.append(data[at:])
    streamed, _, _ = incoming_stream("s1", True, chunks, None, None)
    assert b"".join(streamed).decode() == Redactor("s1").text(text)


@settings(max_examples=200, deadline=None)
@given(
    text=st.text(alphabet="ab \né日😀", max_size=3000),
    bad=st.sampled_from([b"\xff", b"\xc3", b"\x80", b"\xe6\x97", b"\xed\xa0\x80"]),
    at=st.integers(min_value=0),
    size=st.integers(min_value=1, max_value=700),
)
def test_a_stream_that_is_not_utf8_fails_at_the_same_byte_redacted_or_not(
    text: str, bad: bytes, at: int, size: int
) -> None:
    """Redacting streams check UTF-8 as they decode each piece once: the same refusal, naming the first bad byte's
    offset in what was given, as a store that does not redact."""
    from mcp_context.errors import StoreError
    from mcp_context.storage.incoming import incoming_stream

    good = text.encode()
    at %= len(good) + 1
    while at and (good[at] if at < len(good) else 0) & 0xC0 == 0x80:
        at -= 1  # on a character's first byte
    data = good[:at] + bad + good[at:]
    try:
        data.decode("utf-8")
        expected = None
    except UnicodeDecodeError as exc:
        expected = f"offset {exc.start:,}"
    chunks = [data[i : i + size] for i in range(0, len(data), size)]
    for redact in (False, True):
        stream, _, _ = incoming_stream("s1", redact, iter(chunks), None, None)
        if expected is None:
            assert b"".join(stream) == data
            continue
        with pytest.raises(StoreError, match=re.escape(expected) + r"\)"):
            b"".join(stream)


CASES = credentials()
SECRETS = [secret for _, _, secret in CASES]
OUTPUT = "\n".join(line for _, line, _ in CASES)


def stored_bytes(root: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file())


def leaked(root: Path) -> list[str]:
    data = stored_bytes(root)
    found = [s for s in SECRETS if s.encode() in data or json.dumps(s)[1:-1].encode() in data]
    return found


def test_nothing_stored_holds_a_secret(tmp_path: Path) -> None:
    """Every way text reaches the store: a result, a streamed file, a label and source, a compaction's archive
    and history, a summary's originals, loop events and a hook's state."""
    s = Session(tmp_path, "s1")
    s.persist_result(OUTPUT, label=f"run {SECRETS[1]}", source=f"curl -H 'Authorization: Bearer {SECRETS[-4]}'")
    s.persist_file(io.BytesIO(OUTPUT.encode() + b"\nmore\n"), label="out")
    messages = [{"role": "user", "content": "deploy"}]
    for i, (_, line, _) in enumerate(CASES):
        messages.append(
            {
                "role": "assistant",
                "content": f"step {i}",
                "tool_calls": [
                    {
                        "id": f"c{i}",
                        "type": "function",
                        "function": {"name": "sh", "arguments": json.dumps({"cmd": line})},
                    }
                ],
            }
        )
        messages.append({"role": "tool", "tool_call_id": f"c{i}", "content": (line + "\n") * 20})
    messages.append({"role": "user", "content": "what is left to do?"})
    s.compact_history(messages=messages, target_tokens=800, format="openai")
    s.summarize_range(messages=messages, start=0, end=-1, format="openai")
    for _, line, _ in CASES:
        s.check_loop(event={"kind": "tool_call", "name": "sh", "args": {"cmd": line}})
        s.check_loop(event={"kind": "tool_result", "name": "sh", "text": line, "is_error": True})
    s.store.write_state("s1", "hooks", json.dumps({"pending": {"note": OUTPUT}}).encode())
    assert list((tmp_path / "sessions" / "s1" / "state").glob("*.json.[ab]"))  # states were saved
    assert leaked(tmp_path) == []
    assert b"[secret:private_key:" in stored_bytes(tmp_path)


def test_a_loop_still_sees_a_call_repeated_with_the_same_token(tmp_path: Path) -> None:
    s = Session(tmp_path, "s1")
    cmd = f"curl -H 'Authorization: Bearer {rand(32)}' https://api.example.com/deploy"
    verdicts = [s.check_loop(event={"kind": "tool_call", "name": "sh", "args": {"cmd": cmd}}).verdict for _ in range(8)]
    assert verdicts[-1] != "ok"
    assert b"Bearer" in stored_bytes(tmp_path) and cmd.encode() not in stored_bytes(tmp_path)


def test_turned_off_stores_text_as_given(tmp_path: Path) -> None:
    s = Session(tmp_path, "s1", redact=False)
    meta = s.persist_result(OUTPUT).meta
    assert "".join(s.iter_text(meta.handle)) == OUTPUT
    off = Session(tmp_path / "env", "s1", env={**os.environ, "MCP_CONTEXT_REDACT": "0"})
    assert not off.store.redact
    assert Session(tmp_path / "on", "s1", env={**os.environ, "MCP_CONTEXT_REDACT": "1"}).store.redact


@pytest.mark.slow
def test_the_cli_redacts_and_no_redact_turns_it_off(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "mcp_context", "--root", str(tmp_path), "--session", "s1"]
    done = subprocess.run([*command, "persist"], input=OUTPUT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert leaked(tmp_path) == []
    plain = subprocess.run(
        [*command, "--no-redact", "persist"], input=OUTPUT + "\n2", capture_output=True, text=True, check=False
    )
    assert plain.returncode == 0, plain.stderr
    assert SECRETS[0].encode() in stored_bytes(tmp_path)
    config = subprocess.run([*command, "--no-redact", "config", "claude"], capture_output=True, text=True, check=False)
    assert "--no-redact serve" in config.stdout, "a server registered from here keeps the choice"


def test_the_memo_gives_what_redacting_again_gives() -> None:
    """A re-compaction redacts only messages the Session's memo has not seen untouched; what it returns is
    exactly Redactor.data's answer: the caller's own list and objects when nothing holds a secret, a redacted
    copy (made afresh every time, with the session's own placeholders) where something does."""
    memo, secret = RedactionMemo(), f"ghp_{rand(36)}"
    plain = [{"role": "user", "content": "x" * 300}, {"role": "tool", "tool_call_id": "c", "content": "ok " * 100}]
    assert memo.messages("s1", plain) is plain
    again = [dict(m) for m in plain]  # equal content, new objects: still the caller's own back
    assert memo.messages("s1", again) is again
    leaky = [*again, {"role": "tool", "tool_call_id": "d", "content": f"token {secret}"}]
    for _ in range(2):
        out = memo.messages("s1", leaky)
        assert out == Redactor("s1").data(leaky) and out is not leaky and secret not in json.dumps(out)
        assert out[0] is leaky[0] and out[1] is leaky[1] and out[2] is not leaky[2]
    # a tuple is not walked by redaction, a list is: the same JSON spelling must not share an answer
    assert memo.messages("s1", [{"content": (secret,)}])[0]["content"] == (secret,)
    assert secret not in json.dumps(memo.messages("s1", [{"content": [secret]}]))
    assert memo.clean(plain[0]["content"]) and not memo.clean(f"token {secret}" + " " * 300)
    keys: list[str | None] = []
    out = memo.messages("s2", leaky, keys)  # untouched-ness is the content's: another session's answer is the same
    assert out == Redactor("s2").data(leaky) and out[2] != Redactor("s1").data(leaky)[2]
    assert keys == [key_of(m) for m in [*leaky[:2], out[2]]], "the keys compaction reuses are key_of's"


def test_compaction_stores_the_same_as_persist_result_would(tmp_path: Path) -> None:
    """Compaction skips a second redaction only for texts seen untouched; what it stores (handles, texts,
    metadata) is what persist_result would have stored, secrets in JSON keys of the archive included."""
    messages: list[Any] = [{"role": "user", "content": "go"}]
    hidden = [f"ghp_{rand(36)}" for _ in range(12)]
    for i in range(12):
        args = {"token": f"zq8{i}" * 4, "cmd": "ls"} if i % 3 == 0 else {"cmd": "ls"}
        call = {"id": f"c{i}", "type": "function", "function": {"name": "sh", "arguments": json.dumps(args)}}
        messages.append({"role": "assistant", "content": f"step {i}", "tool_calls": [call]})
        leak = f"\nexport T={hidden[i]}\n" if i % 4 == 0 else "\n"
        messages.append({"role": "tool", "tool_call_id": f"c{i}", "content": f"line {i}\n" * 80 + leak})
    messages.append({"role": "user", "content": "next"})
    s = Session(tmp_path / "a", "s1")
    s.compact_history(messages=messages, target_tokens=600, format="openai")
    reference = Session(tmp_path / "b", "s1")
    assert {"result of sh", "compact_history archive"} <= {m.label for m in s.results()}
    for meta in s.results():
        text = "".join(s.iter_text(meta.handle))
        again = reference.persist_result(text, label=meta.label, source=meta.source)
        assert again.meta.handle == meta.handle  # stored redacted already: redacting again changes nothing
        assert (again.meta.tokens, again.meta.lines, again.meta.chars) == (meta.tokens, meta.lines, meta.chars)
        assert s.preview(meta).render() == reference.preview(again.meta).render()
    data = stored_bytes(tmp_path / "a")
    assert not [h for h in hidden if h.encode() in data] and b"zq80" not in data and b"[secret:password:" in data


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(parts=st.lists(st.sampled_from([*{a for r in redaction.RULES for a in r.anchors}, "PassWord", "TOKEN", "aPi",
    "BeArEr", "AWS_Secret", " ", "\n", "?", "é", "日本", "\ud800", "\u0130", "\u212a"]), max_size=30))  # fmt: skip
def test_one_pass_finds_each_anchor_where_searching_for_it_would(parts: list[str]) -> None:
    """Both ways of finding anchors (two small automata, one of them run on the text lowered; and the automaton of
    every spelling, which a process makes once it has scanned enough) give the positions of a search for each
    anchor on its own: in the text as given for the case-sensitive rules, in the text with its ASCII letters
    lower-cased for the case-blind ones (the rules are case-blind for ASCII only); in a text's characters, and in
    a stream's bytes."""
    text = "".join(parts)
    lowered = "".join(c.lower() if c.isascii() else c for c in text)
    data = text.encode("utf-8", "surrogatepass")
    folded = data.lower()  # bytes.lower() folds ASCII only
    for spelled in (None, _spelled_automaton()):
        with pytest.MonkeyPatch.context() as patched:
            patched.setattr(anchor_finding.FINDER, "spelled", spelled)
            for window, variant in itertools.product((1, 3, 16, 1 << 20), (text, text + "é")):  # ASCII or not
                patched.setattr(anchor_finding, "_WINDOW", window)
                anchors = anchor_finding.Anchors(variant)
                anchors.at("sk-")  # found now, in windows of this size
                for rule in redaction.RULES:
                    searched = lowered if rule.folded else text
                    for anchor in rule.anchors:
                        want = [i for i in range(len(searched)) if searched.startswith(anchor, i)]
                        assert anchors.at(anchor) == want, (anchor, text, window, spelled)
            in_bytes = anchor_finding.Anchors(data)
            for rule in redaction.RULES:
                for anchor in rule.anchors:
                    searched = folded if rule.folded else data
                    want = [i for i in range(len(searched)) if searched.startswith(anchor.encode(), i)]
                    assert in_bytes.at(anchor) == want, (anchor, text, spelled)
            assert anchor_finding.stands_any(data) == bool(in_bytes._positions)


@functools.cache
def _spelled_automaton() -> Any:
    return anchor_finding.spelled_automaton()


def test_a_process_makes_the_automaton_of_every_spelling_once_it_has_scanned_enough() -> None:
    """A short-lived process (a hook) never makes the large automaton; one that goes on scanning does, and
    finds the same anchors with it."""
    finder = anchor_finding._Finder()
    data = ("token: x AuthoriZation: Bearer ghp_ SK sk- é " * 64).encode()
    first = sorted(finder.hits(data))
    assert finder.spelled is None and finder.scanned == len(data)
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(anchor_finding, "SPELLED_AFTER", 2 * len(data))
        assert sorted(finder.hits(data)) == first and finder.spelled is not None
    assert sorted(finder.hits(data)) == first and finder.any(data) and not finder.any(b"nothing here")


def test_a_kelvin_sign_or_dotted_capital_moves_nothing() -> None:
    """The names a rule knows are ASCII, case-blind for ASCII letters: U+0130 (two characters lower-cased) moves
    no position, and U+212A (the Kelvin sign, ``k`` lower-cased) spells no name; a stream agrees with the whole."""
    for text, hidden in (("to\u212aen = abc123def456\n", False), ("\u0130 token = abc123def456\n", True)):
        out = Redactor("s1").text(text)
        assert ("abc123def456" not in out) == hidden, text
        streamed, _, _ = incoming_stream("s1", True, [text.encode()], None, None)
        assert b"".join(streamed).decode() == out


def test_no_anchor_is_named_by_a_case_blind_rule_and_a_case_sensitive_one() -> None:
    """An anchor is looked up by its name (anchors.Anchors.at): named by both kinds of rule, its positions would
    mix a case-blind search's with a case-sensitive one's, and the case-sensitive rule would run where its anchor
    does not stand."""
    kinds: dict[str, set[bool]] = {}
    for rule in redaction.RULES:
        for anchor in rule.anchors:
            kinds.setdefault(anchor, set()).add(rule.folded)
    assert [anchor for anchor, folded in kinds.items() if len(folded) > 1] == []
