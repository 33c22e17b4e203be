"""The rules that find credentials, and the Redactor that replaces them by placeholders (see the package)."""

from __future__ import annotations

import bisect
import functools
import hashlib
import itertools
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import ahocorasick_rs

ENV_REDACT = "MCP_CONTEXT_REDACT"
#: Values of MCP_CONTEXT_REDACT that turn redaction off.
OFF_WORDS = frozenset({"0", "false", "no", "off"})

_B64URL = r"[A-Za-z0-9_\-]"
_PEM = r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----"
#: A value assigned to a name that says it is secret: 8 or more characters with a letter and a digit in them, so
#: ``password = getpass()`` or ``token = self.token`` stay as they are.
_VALUE = r"""(?=[^\s"'`,;{}()\[\]<>\\]*\d)(?=[^\s"'`,;{}()\[\]<>\\]*[A-Za-z])[^\s"'`,;{}()\[\]<>\\]{8,}"""


@dataclass(frozen=True)
class _Rule:
    """One credential format. Its pattern is tried only where one of its anchors occurs (found by plain substring
    search, far faster than any pattern scanning the text), starting at most ``back`` characters before it: text
    without credentials costs a few substring scans, and a common word ("secret") costs one try where it stands,
    never a case-insensitive scan of a whole 60 MB result."""

    kind: str
    anchors: tuple[str, ...]
    pattern: re.Pattern[str]
    #: Whether the anchors are to be found in the lower-cased text.
    folded: bool = False
    #: How far before an anchor a match may start.
    back: int = 0


def _rule(kind: str, anchors: str, pattern: str, folded: bool = False, back: int = 0) -> _Rule:
    return _Rule(kind, tuple(anchors.split()), re.compile(pattern), folded, back)


#: In order: a rule sees the text with the rules before it applied (a JWT sent as a bearer token is a JWT). Where
#: a pattern has a group named ``secret``, only that part is replaced.
_RULES: tuple[_Rule, ...] = (
    # a whole block, or what there is of one cut off before its END line
    _rule(
        "private_key",
        "PRIVATE",
        rf"{_PEM}(?:[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|(?:\r?\n[A-Za-z0-9+/=]+)+)",
        back=40,
    ),
    _rule("anthropic_key", "sk-ant-", rf"\bsk-ant-(?:api|admin|sid)\d\d-{_B64URL}{{32,}}"),
    _rule(
        "openai_key",
        "sk-",
        rf"\bsk-(?:proj|svcacct|admin)-{_B64URL}{{20,}}|\bsk-[A-Za-z0-9]{{20}}T3BlbkFJ[A-Za-z0-9]{{20}}",
    ),
    _rule(
        "github_token",
        "ghp_ gho_ ghu_ ghs_ ghr_ github_pat_",
        r"\bgh[pousr]_[A-Za-z0-9]{36,255}\b|\bgithub_pat_[A-Za-z0-9_]{60,255}\b",
    ),
    _rule("gitlab_token", "glpat-", rf"\bglpat-{_B64URL}{{20,}}"),
    _rule("aws_access_key", "AKIA ASIA ABIA ACCA", r"\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b"),
    _rule(
        "aws_secret_key",
        "aws_secret awssecret",
        r"(?i:aws_?secret_?(?:access_?)?key)[\"']?\s*[:=]\s*[\"']?(?P<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])",
        folded=True,
    ),
    _rule("slack_token", "xox", r"\bxox[abposr]-[A-Za-z0-9-]{10,}"),
    _rule(
        "slack_webhook",
        "hooks.slack.com",
        r"https://hooks\.slack\.com/(?:services|workflows)/[A-Za-z0-9/_]{20,}",
        back=8,
    ),
    _rule("google_api_key", "AIza", rf"\bAIza{_B64URL}{{35}}(?!{_B64URL})"),
    _rule("google_oauth_token", "ya29.", rf"\bya29\.{_B64URL}{{20,}}"),
    _rule("stripe_key", "_live_ _test_", r"\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{20,}", back=2),
    _rule("npm_token", "npm_", r"\bnpm_[A-Za-z0-9]{36}\b"),
    _rule("huggingface_token", "hf_", r"\bhf_[A-Za-z0-9]{34,}\b"),
    # ours (storage/keys.py makes them): mcx_, a 12-hex id, 43 url-safe characters of secret
    _rule("mcp_context_key", "mcx_", r"\bmcx_[0-9a-f]{12}_[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])"),
    _rule("jwt", "eyJ", rf"\beyJ{_B64URL}{{8,}}\.eyJ{_B64URL}{{8,}}\.{_B64URL}{{16,}}"),
    _rule("url_password", "://", r"://[^\s:/?#@\"'<>\[\]]+:(?P<secret>[^\s/?#@\"'<>]+)@"),
    _rule(
        "bearer_token", "bearer", r"(?i:\bauthorization\s*:\s*bearer)\s+(?P<secret>[A-Za-z0-9._~+/\-]{20,}=*)", True, 40
    ),
    _rule(
        "password",
        "passw secret apikey api_key token",  # each name the pattern allows holds one (not "api": rapid, capital)
        # the quotes may be escaped: JSON text held in a string of a JSON document
        r"(?<!\[)(?i:(?:passw(?:or)?d|secret|api_?key|token)(?:\\*[\"'])?\s*[:=]\s*)"
        rf"(?P<q>(?:\\*[\"'])?)(?P<secret>{_VALUE})(?P=q)",
        folded=True,
    ),
)
#: The anchors of the rules that find them in the text lower-cased.
_FOLDED_ANCHORS = tuple(dict.fromkeys(anchor for rule in _RULES if rule.folded for anchor in rule.anchors))
#: Every anchor at once, the case-blind ones case-blind: on ASCII text (where lower-casing is ASCII's and moves
#: nothing) no match of it means no rule can match, which one search tells a short text (see _QUICK_CHARS).
_ANY_ANCHOR = re.compile(
    "|".join(re.escape(a) for rule in _RULES if not rule.folded for a in rule.anchors)
    + "|(?i:"
    + "|".join(re.escape(a) for a in _FOLDED_ANCHORS)
    + ")"
)
#: A text up to this long is first searched for any anchor: most strings of a history are short (roles, ids,
#: a sentence), and the rules' own set-up costs them ten times the search.
_QUICK_CHARS = 128
_PLACEHOLDER = re.compile(r"\[secret:[a-z_]+:[0-9a-f]{4}\]")
#: A secret is never longer than this many characters, except a PEM block (which is held whole; see stream).
_LONGEST = 4096
_PEM_BEGIN = re.compile(_PEM)
_PEM_END = re.compile(r"-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----")


class Redactor:
    """Replaces the credentials of one session's texts with placeholders keyed to that session."""

    def __init__(self, session: str) -> None:
        self._key = hashlib.sha256(b"mcp-context redaction\0" + session.encode()).digest()

    def tag(self, secret: str) -> str:
        return hashlib.blake2s(secret.encode("utf-8", "surrogatepass"), key=self._key, digest_size=2).hexdigest()

    def text(self, text: str) -> str:
        """``text`` with every credential replaced; the same string back (not a copy) when it holds none.

        Every rule's matches are found on the text as given; where two overlap, the earlier rule wins (a JWT
        sent as a bearer token is a JWT)."""
        if len(text) <= _QUICK_CHARS and text.isascii() and _ANY_ANCHOR.search(text) is None:
            return text  # no anchor: no rule is tried (see _matches)
        # Kept in order of position and never overlapping, so a new match need only be checked against its two
        # neighbours: a text with a credential on every line costs n log n, not n squared.
        taken: list[tuple[int, int, str, re.Match[str]]] = []
        anchors = _Anchors(text)
        if anchors.none():
            return text  # no rule has an anchor to try (most tool outputs): not one rule is walked
        for rule in _RULES:
            for match in _matches(rule, text, anchors):
                i = bisect.bisect_left(taken, match.start(), key=lambda t: t[0])
                if (i > 0 and taken[i - 1][1] > match.start()) or (i < len(taken) and taken[i][0] < match.end()):
                    continue
                taken.insert(i, (match.start(), match.end(), rule.kind, match))
        if not taken:
            return text
        pieces, at = [], 0
        for start, end, kind, match in taken:
            pieces += [text[at:start], self._replace(kind, match)]
            at = end
        pieces.append(text[at:])
        out = "".join(pieces)
        return text if out == text else out

    def _replace(self, kind: str, match: re.Match[str]) -> str:
        inner = "secret" in match.re.groupindex
        secret = match.group("secret") if inner else match.group()
        if _PLACEHOLDER.fullmatch(secret):
            return match.group()
        holder = f"[secret:{kind}:{self.tag(secret)}]" + "\n" * secret.count("\n")  # line numbers stay
        if not inner:
            return holder
        start, (s, e) = match.start(), match.span("secret")
        whole = match.group()
        return whole[: s - start] + holder + whole[e - start :]

    def data(self, value: Any, clean: list[str] | None = None) -> Any:
        """A JSON-like value with every string in it (keys left alone) redacted. What holds no credential comes
        back as the very same object, so a caller's "unchanged" checks (and memory) are kept. ``clean`` collects
        the long strings found to hold none (see RedactionMemo)."""
        if isinstance(value, str):
            out = self.text(value)
            if clean is not None and out is value and len(value) >= CLEAN_MIN_CHARS:
                clean.append(value)
            return out
        if isinstance(value, list):
            items = [self.data(v, clean) for v in value]
            return value if all(a is b for a, b in zip(items, value, strict=True)) else items
        if isinstance(value, dict):
            pairs = {k: self.data(v, clean) for k, v in value.items()}
            return value if all(pairs[k] is v for k, v in value.items()) else pairs
        return value

    @staticmethod
    def untouched(out: list[Any], worked_on: list[Any]) -> bool:
        """Whether a list made from ``worked_on`` holds the very same items: nothing was changed in it."""
        return len(out) == len(worked_on) and all(a is b for a, b in zip(out, worked_on, strict=True))

    def json_bytes(self, data: bytes) -> bytes:
        """A JSON document (a tool's state) with every string in it redacted; the same bytes when none holds a
        credential, which one scan of the raw text tells (JSON escapes change no credential's shape)."""
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return data
        if not _holds_any(text, _Anchors(text)):
            return data
        try:
            doc = json.loads(text)
        except ValueError:
            return self.text(text).encode("utf-8")
        return json.dumps(self.data(doc), ensure_ascii=False, separators=(",", ":")).encode("utf-8")


#: Strings at least this long that redaction left as they were are remembered (see RedactionMemo.clean): the
#: ones compaction may store on their own (a cleared tool result is longer than 500 characters).
CLEAN_MIN_CHARS = 256


class _Anchors:
    """Where every rule's anchors stand in one text, all found in one pass of an Aho-Corasick automaton (the
    Rust ``aho-corasick`` crate): 32 anchors searched one ``str.find`` at a time, and the case-blind ones in a
    lower-cased copy, were most of persisting a large result (0.75 s of 1.6 s for 32 MB; one pass takes 0.06 s).

    The case-blind anchors are given in every ASCII spelling, which finds exactly what searching the lower-cased
    text would, except where a character outside ASCII lower-cases into ASCII: U+0130 (to two characters, which
    would move every later position) and U+212A, the Kelvin sign (to ``k``). A text holding either is
    ``folded_exact = False``, and the case-blind rules scan it whole (see _matches)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.folded_exact = text.isascii() or not ("\u0130" in text or "\u212a" in text)

    @functools.cached_property
    def _positions(self) -> dict[str, list[int]]:
        """Each anchor's positions, in order. The text is searched a window at a time, as UTF-8 bytes made for
        the window: a 60 MB text is never copied whole, and no UTF-8 copy stays attached to the caller's string
        (which handing the automaton a ``str`` would leave)."""
        text, found = self.text, dict[str, list[int]]()
        for base in range(0, len(text), _WINDOW):
            window = text[base : base + _WINDOW + _OVERLAP]
            for pattern, start in _window_matches(window):
                if start < _WINDOW:  # one that starts in the overlap is the next window's
                    for anchor in _SPELLED[pattern]:
                        found.setdefault(anchor, []).append(base + start)
        return found

    def none(self) -> bool:
        """Whether no rule can match: no anchor stands anywhere, and every case-blind one was searched for."""
        return self.folded_exact and not self._positions

    def at(self, anchor: str) -> list[int]:
        """Where ``anchor`` (as a rule names it) stands, in order."""
        return self._positions.get(anchor, [])


def _window_matches(window: str) -> list[tuple[int, int]]:
    """(pattern, character position) of every match in ``window``, in order of position for any one pattern."""
    if window.isascii():
        return [
            (p, start) for p, start, _ in _AUTOMATON.find_matches_as_indexes(window.encode("ascii"), overlapping=True)
        ]
    data = window.encode("utf-8", "surrogatepass")  # a lone surrogate stays one character of three bytes
    found = _AUTOMATON.find_matches_as_indexes(data, overlapping=True)
    # An anchor is ASCII, so it starts on a character: its character position is its byte position less the
    # continuation bytes before it, counted once along the text.
    marks, moved, before, at = data.translate(_CONTINUATIONS), {}, 0, 0
    for start in sorted({start for _, start, _ in found}):
        before += marks.count(1, at, start)
        moved[start], at = start - before, start
    return [(p, moved[start]) for p, start, _ in found]


#: Maps each UTF-8 continuation byte to 1, every other byte to 0.
_CONTINUATIONS = bytes(1 if 0x80 <= b < 0xC0 else 0 for b in range(256))
#: How much of a text is searched at once, and how far a window reads past that (an anchor astride two windows
#: is found whole in the first).
_WINDOW = 1024 * 1024


def _spellings(anchor: str) -> list[str]:
    """Every ASCII upper/lower spelling of ``anchor``: "api" -> "api", "apI", ..., "API" (8)."""
    return ["".join(chars) for chars in itertools.product(*({c.lower(), c.upper()} for c in anchor))]


def _automaton_patterns() -> tuple[list[str], list[tuple[str, ...]]]:
    """The automaton's patterns and, for each, the anchors it stands for (a case-sensitive anchor may spell a
    case-blind one too)."""
    owners: dict[str, list[str]] = {}
    for rule in _RULES:
        for anchor in rule.anchors:
            for spelling in _spellings(anchor) if rule.folded else [anchor]:
                names = owners.setdefault(spelling, [])
                if anchor not in names:
                    names.append(anchor)
    return list(owners), [tuple(names) for names in owners.values()]


_PATTERNS, _SPELLED = _automaton_patterns()
_AUTOMATON = ahocorasick_rs.BytesAhoCorasick(
    [p.encode("ascii") for p in _PATTERNS], implementation=ahocorasick_rs.Implementation.DFA
)
_OVERLAP = max(len(p) for p in _PATTERNS) - 1


def _holds_any(text: str, anchors: _Anchors) -> bool:
    """Whether any rule matches in ``text``. A rule none of whose anchors stand is not started: check_loop's
    state is checked on every save, and its keys (``tokens``) stand for one rule of twenty."""
    for rule in _RULES:
        whole = rule.folded and not anchors.folded_exact
        if not whole and not any(anchors.at(anchor) for anchor in rule.anchors):
            continue
        if next(_matches(rule, text, anchors), None) is not None:
            return True
    return False


def _matches(rule: _Rule, text: str, anchors: _Anchors) -> Iterator[re.Match[str]]:
    """The rule's matches in ``text``, tried only where its anchors stand."""
    if rule.folded and not anchors.folded_exact:
        yield from rule.pattern.finditer(text)
        return
    match_at = rule.pattern.match
    for anchor in rule.anchors:
        seen = 0
        for i in anchors.at(anchor):
            if i < seen:  # inside the match before
                continue
            if not rule.back:  # the common case, and a common word's (a "token" in a log) cost: one try
                if (match := match_at(text, i)) is not None:
                    yield match
                    seen = match.end()
                continue
            for start in range(max(0, i - rule.back, seen), i + 1):
                match = match_at(text, start)
                if match is not None:
                    yield match
                    seen = match.end()
                    break


def pieces(chunks: Iterable[bytes]) -> Iterator[bytes]:
    """A stream of UTF-8 chunks in the pieces it can be redacted in, each as soon as it is safe: up to the last
    line break (or, on a very long line, up to the last space well before its end), so no secret is cut in two;
    an open PEM block is held until its end line. Every piece but the last ends on a whole character."""
    held = b""
    for chunk in chunks:
        held += chunk
        cut = _safe_cut(held)
        if cut:
            yield held[:cut]
            held = held[cut:]
    if held:
        yield held


def _safe_cut(held: bytes) -> int:
    """How much of ``held`` can be redacted now without cutting a secret: 0 to wait for more."""
    newline = held.rfind(b"\n")
    if newline >= 0:
        head = held[: newline + 1]
        begin = head.rfind(b"-----BEGIN ")
        if (
            begin >= 0
            and _PEM_BEGIN.match(head[begin:].decode("utf-8", "replace"))
            and not _PEM_END.search(head[begin:].decode("utf-8", "replace"))
        ):
            if len(held) - begin < 1024 * 1024:  # a key is a few KB; past this it is no key and is let go
                return begin
        return newline + 1
    if len(held) <= 2 * _LONGEST:
        return 0
    space = max(held.rfind(b" ", 0, len(held) - _LONGEST), held.rfind(b"\t", 0, len(held) - _LONGEST))
    if space >= 0:
        return space + 1
    # One run of over 4 KB with no space or line break is no credential of these formats: cut where UTF-8 allows.
    cut = len(held) - _LONGEST
    while cut > 0 and held[cut] & 0xC0 == 0x80:
        cut -= 1
    return cut


def enabled(env_value: str | None) -> bool:
    """Whether MCP_CONTEXT_REDACT's value leaves redaction on (it is on unless turned off)."""
    return env_value is None or env_value.strip().lower() not in OFF_WORDS
