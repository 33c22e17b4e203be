"""The rules that find credentials, and the Redactor that replaces them by placeholders (see the package)."""

from __future__ import annotations

import bisect
import functools
import hashlib
import itertools
import json
import re
from collections.abc import Iterable, Iterator
from typing import Any

import ahocorasick_rs

from .rules import LONGEST, RULES, Rule

ENV_REDACT = "MCP_CONTEXT_REDACT"
#: Values of MCP_CONTEXT_REDACT that turn redaction off.
OFF_WORDS = frozenset({"0", "false", "no", "off"})

#: The anchors of the rules that find them in the text lower-cased.
_FOLDED_ANCHORS = tuple(dict.fromkeys(anchor for rule in RULES if rule.folded for anchor in rule.anchors))
#: Every anchor at once, the case-blind ones case-blind: on ASCII text (where lower-casing is ASCII's and moves
#: nothing) no match of it means no rule can match, which one search tells a short text (see _QUICK_CHARS).
_ANY_ANCHOR = re.compile(
    "|".join(re.escape(a) for rule in RULES if not rule.folded for a in rule.anchors)
    + "|(?i:"
    + "|".join(re.escape(a) for a in _FOLDED_ANCHORS)
    + ")"
)
#: A text up to this long is first searched for any anchor: most strings of a history are short (roles, ids,
#: a sentence), and the rules' own set-up costs them ten times the search.
_QUICK_CHARS = 128
_PLACEHOLDER = re.compile(r"\[secret:[a-z_]+:[0-9a-f]{4}\]")
#: How much a stream gathers before it redacts a window: each window reads LONGEST characters again.
_STEP = 256 * 1024
#: Characters kept before a stream's window, so that a rule's look-behind and ``back`` see what they would see in
#: the whole text.
_CONTEXT = 64
#: How long an open PEM block is held whole before it is let go as no key.
_HOLD = 1024 * 1024


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
        anchors = _Anchors(text)
        if anchors.none():
            return text  # no rule has an anchor to try (most tool outputs): not one rule is walked
        taken, _ = _found(text, anchors, 0)
        if not taken:
            return text
        out = self._render(text, taken, 0, len(text))
        return text if out == text else out

    def _render(self, text: str, taken: list[_Taken], start: int, end: int) -> str:
        """``text[start:end]`` with the matches ``taken`` there replaced."""
        pieces, at = [], start
        for begin, stop, kind, match in taken:
            if begin >= end:
                break
            if begin >= start:
                pieces += [text[at:begin], self._replace(kind, match)]
                at = stop
        pieces.append(text[at:end])
        return "".join(pieces)

    def stream(self, texts: Iterable[str]) -> Iterator[str]:
        """A text given in pieces, redacted exactly as the whole would be, in bounded memory: redacted a window
        at a time, each window cut where no match (taken or not) of any rule lies across the cut, at least
        LONGEST characters before the window's end, so a credential cut by the pieces it came in, or astride
        two windows, is seen whole. An open PEM block is held until its end line (up to _HOLD characters)."""
        held, context, parts, waiting = "", 0, list[str](), 0
        for text in texts:
            parts.append(text)
            waiting += len(text)
            if waiting < _STEP:
                continue
            held, parts, waiting = "".join([held, *parts]), [], 0
            if len(held) - context <= LONGEST:
                continue
            cut = self._cut(held, context)
            if cut is None:
                continue
            out, end = cut
            yield out
            context = min(_CONTEXT, end)
            held = held[end - context :]
        held = "".join([held, *parts])
        if len(held) > context:
            taken, _ = _found(held, _Anchors(held), context)
            yield self._render(held, taken, context, len(held))

    def _cut(self, held: str, context: int) -> tuple[str, int] | None:
        """The redacted text of ``held[context:end]`` and ``end``, where the window is cut; None to wait for
        more (a PEM block is open). ``held[:context]`` was given out before and is there for look-behinds."""
        taken, spans = _found(held, _Anchors(held), context)
        end = len(held) - LONGEST
        across = [span for span in spans if span[1] > end]
        moved = True
        while moved:  # moving the cut back to a match's start may put it inside another
            moved = False
            for start, stop in across:
                if start < end < stop:
                    end, moved = start, True
        if end <= context:  # one match runs from the start to the end: an open PEM block
            if len(held) - context < _HOLD:
                return None
            end = len(held) - LONGEST  # no key is this long: let it go, the part matched so far redacted
            end = max([end, *(stop for start, stop, _, _ in taken if start < end)])
        return self._render(held, taken, context, end), end

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
    for rule in RULES:
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
    for rule in RULES:
        whole = rule.folded and not anchors.folded_exact
        if not whole and not any(anchors.at(anchor) for anchor in rule.anchors):
            continue
        if next(_matches(rule, text, anchors), None) is not None:
            return True
    return False


_Taken = tuple[int, int, str, re.Match[str]]


def _found(text: str, anchors: _Anchors, start: int) -> tuple[list[_Taken], list[tuple[int, int]]]:
    """The matches to replace in ``text``, in order of position and never overlapping, and the span of every
    match found, taken or not; matches starting before ``start`` are left out (they were decided already)."""
    # Kept in order of position and never overlapping, so a new match need only be checked against its two
    # neighbours: a text with a credential on every line costs n log n, not n squared.
    taken: list[_Taken] = []
    spans: list[tuple[int, int]] = []
    for rule in RULES:
        for match in _matches(rule, text, anchors):
            if match.start() < start:
                continue
            spans.append(match.span())
            i = bisect.bisect_left(taken, match.start(), key=lambda t: t[0])
            if (i > 0 and taken[i - 1][1] > match.start()) or (i < len(taken) and taken[i][0] < match.end()):
                continue
            taken.insert(i, (match.start(), match.end(), rule.kind, match))
    return taken, spans


def _matches(rule: Rule, text: str, anchors: _Anchors) -> Iterator[re.Match[str]]:
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
            first = i - rule.back if rule.exact else max(0, i - rule.back, seen)
            for start in range(first, i + 1 if not rule.exact else first + 1):
                if start < 0 or start < seen:
                    continue
                match = match_at(text, start)
                if match is not None:
                    yield match
                    seen = match.end()
                    break


def enabled(env_value: str | None) -> bool:
    """Whether MCP_CONTEXT_REDACT's value leaves redaction on (it is on unless turned off)."""
    return env_value is None or env_value.strip().lower() not in OFF_WORDS
