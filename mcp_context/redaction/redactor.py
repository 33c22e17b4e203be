"""The rules that find credentials, and the Redactor that replaces them by placeholders (see the package)."""

from __future__ import annotations

import bisect
import functools
import hashlib
import itertools
import json
import re
from collections.abc import Iterable, Iterator
from typing import Any, AnyStr, cast

import ahocorasick_rs

from .generic import SHAPED_BACK
from .rules import LONGEST, RULES, Rule

ENV_REDACT = "MCP_CONTEXT_REDACT"
#: Values of MCP_CONTEXT_REDACT that turn redaction off.
OFF_WORDS = frozenset({"0", "false", "no", "off"})

#: A text up to this long is first searched for any anchor: most strings of a history are short (roles, ids,
#: a sentence), and the rules' own set-up costs them ten times the search.
_QUICK_CHARS = 128
_PLACEHOLDER = re.compile(rb"\[secret:[a-z_]+:[0-9a-f]{4}\]")
_PLACEHOLDER_TEXT = re.compile(_PLACEHOLDER.pattern.decode())
#: The longest a placeholder is.
_PLACEHOLDER_MOST = 64
#: How much a stream gathers before it redacts a window (bytes): each window reads LONGEST bytes again.
_STEP = 256 * 1024
#: Bytes kept before a stream's window, so that a rule's look-behind and ``back`` see what they would see in
#: the whole text.
_CONTEXT = 64
#: How long (bytes) an open PEM block is held whole before it is let go as no key.
_HOLD = 1024 * 1024


class Redactor:
    """Replaces the credentials of one session's texts with placeholders keyed to that session."""

    def __init__(self, session: str) -> None:
        self._key = hashlib.sha256(b"mcp-context redaction\0" + session.encode()).digest()

    def tag(self, secret: str) -> str:
        return self._tag(secret.encode("utf-8", "surrogatepass"))

    def _tag(self, secret: bytes) -> str:
        return hashlib.blake2s(secret, key=self._key, digest_size=2).hexdigest()

    def text(self, text: str) -> str:
        """``text`` with every credential replaced; the same string back (not a copy) when it holds none.

        Every rule's matches are found on the text as given; where two overlap, the earlier rule wins (a JWT
        sent as a bearer token is a JWT)."""
        if (
            len(text) <= _QUICK_CHARS
            and text.isascii()
            and not _AUTOMATON.find_matches_as_indexes(text.encode())
            and not _scanned(text)
        ):
            return text  # no anchor and no scan hit: no rule is tried (see _matches)
        anchors = _Anchors(text)
        if anchors.none() and not _scanned(text):
            return text  # no rule has an anchor to try (most tool outputs): not one rule is walked
        taken, _ = _found(text, anchors, 0)
        if not taken:
            return text
        out = self._render(text, taken, 0, len(text))
        return text if out == text else out

    def _render(self, text: AnyStr, taken: list[_Taken], start: int, end: int) -> AnyStr:
        """``text[start:end]`` with the matches ``taken`` there replaced."""
        pieces: list[AnyStr] = []
        at = start
        for begin, stop, kind, match in taken:
            if begin >= end:
                break
            if begin >= start:
                pieces += [text[at:begin], self._holder(kind, match)]
                at = stop
        if not pieces:
            return text[start:end]  # nothing to replace: one copy, or none for the whole text
        pieces.append(text[at:end])
        return text[:0].join(pieces)

    def stream(self, chunks: Iterable[bytes]) -> Iterator[bytes]:
        """UTF-8 text given in chunks, redacted exactly as the whole text would be, in bounded memory and never
        decoded (the rules' patterns are spelled for bytes too, with the same matches): redacted a window at a
        time, each window cut where no match (taken or not) of any rule lies across the cut, at least LONGEST
        bytes before the window's end, so a credential cut by the chunks it came in, or astride two windows, is
        seen whole. An open PEM block is held until its end line (up to _HOLD bytes). A window with nothing to
        replace is given back as it came."""
        held, context, parts, waiting = b"", 0, list[bytes](), 0
        for chunk in chunks:
            parts.append(chunk)
            waiting += len(chunk)
            if waiting < _STEP:
                continue
            held, parts, waiting = b"".join([held, *parts]), [], 0
            if len(held) - context <= LONGEST:
                continue
            cut = self._cut(held, context)
            if cut is None:
                continue
            out, end = cut
            yield out
            context = min(_CONTEXT, end)
            held = held[end - context :]
        held = b"".join([held, *parts])
        if len(held) > context:
            taken, _ = _found(held, _Anchors(held), context)
            yield self._render(held, taken, context, len(held))

    def _cut(self, held: bytes, context: int) -> tuple[bytes, int] | None:
        """The redacted bytes of ``held[context:end]`` and ``end``, where the window is cut; None to wait for
        more (a PEM block is open). ``held[:context]`` was given out before and is there for look-behinds."""
        taken, spans = _found(held, _Anchors(held), context)
        end = len(held) - LONGEST
        moved = True
        while moved:  # moving the cut back to a match's start may put it inside another
            moved = False
            for start, stop in spans:
                if start < end < stop:
                    end, moved = start, True
        if end <= context:  # one match runs from the start to the end: an open PEM block
            if len(held) - context < _HOLD:
                return None
            end = len(held) - LONGEST  # no key is this long: let it go, the part matched so far redacted
            end = max([end, *(stop for start, stop, _, _ in taken if start < end)])
        return self._render(held, taken, context, end), end

    def _holder(self, kind: str, match: re.Match[AnyStr]) -> AnyStr:
        """The placeholder for what ``match`` holds secret: its group ``secret``, or the whole match."""
        secret = match.group("secret") if "secret" in match.re.groupindex else match.group()
        raw = secret if isinstance(secret, bytes) else secret.encode("utf-8", "surrogatepass")
        spelled = f"[secret:{kind}:{self._tag(raw)}]" + "\n" * raw.count(b"\n")  # line numbers stay
        return cast(AnyStr, spelled.encode() if isinstance(secret, bytes) else spelled)

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
    Rust ``aho-corasick`` crate), rather than one search of the text per anchor.

    The case-blind anchors are given in every ASCII spelling: the rules are case-blind for ASCII letters only
    (a name given a secret is ASCII), so this finds every place a case-blind rule can match. Bytes (a stream's
    window) are searched as they are, their positions bytes."""

    def __init__(self, text: str | bytes) -> None:
        self.text = text

    @functools.cached_property
    def _positions(self) -> dict[str, list[int]]:
        """Each anchor's positions, in order. The text is searched a window at a time, as UTF-8 bytes made for
        the window: a 60 MB text is never copied whole, and no UTF-8 copy stays attached to the caller's string
        (which handing the automaton a ``str`` would leave)."""
        text, found = self.text, dict[str, list[int]]()
        if isinstance(text, bytes):
            for pattern, start, _ in _AUTOMATON.find_matches_as_indexes(text, overlapping=True):
                for anchor in _SPELLED[pattern]:
                    found.setdefault(anchor, []).append(start)
            return found
        for base in range(0, len(text), _WINDOW):
            window = text[base : base + _WINDOW + _OVERLAP]
            for pattern, start in _window_matches(window):
                if start < _WINDOW:  # one that starts in the overlap is the next window's
                    for anchor in _SPELLED[pattern]:
                        found.setdefault(anchor, []).append(base + start)
        return found

    def none(self) -> bool:
        """Whether no rule can match: no anchor stands anywhere."""
        return not self._positions

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
        if rule.scan is None and not any(anchors.at(anchor) for anchor in rule.anchors):
            continue
        if next(_matches(rule, text, anchors), None) is not None:
            return True
    return False


#: (start, end, kind, match) of what a match replaces (its group ``secret``, or all of it): of a text's
#: pattern or, in a stream, of a bytes pattern.
_Taken = tuple[int, int, str, re.Match[Any]]


def _found(text: str | bytes, anchors: _Anchors, start: int) -> tuple[list[_Taken], list[tuple[int, int]]]:
    """What to replace in ``text``, in order of position and never overlapping, and the span of every match
    found, taken or not; matches starting before ``start`` are left out (they were decided already). Where two
    would replace overlapping text, the earlier rule wins (a JWT sent as a bearer token is a JWT); a rule whose
    match names a password in a longer context (``curl -u user:pw``) overlaps only through that password. What
    would take in a placeholder is no secret: redacting again changes nothing."""
    # Kept in order of position and never overlapping, so a new match need only be checked against its two
    # neighbours: a text with a credential on every line costs n log n, not n squared.
    taken: list[_Taken] = []
    spans: list[tuple[int, int]] = []
    for rule in RULES:
        for match in _matches(rule, text, anchors):
            if match.start() < start:
                continue
            spans.append(match.span())
            s, e = match.span("secret") if "secret" in match.re.groupindex else match.span()
            i = bisect.bisect_left(taken, s, key=lambda t: t[0])
            if (
                (i > 0 and taken[i - 1][1] > s)
                or (i < len(taken) and taken[i][0] < e)
                or _takes_placeholder(text, s, e)
            ):
                continue
            taken.insert(i, (s, e, rule.kind, match))
    return taken, spans


def _takes_placeholder(text: str | bytes, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` overlaps a placeholder."""
    if isinstance(text, bytes):
        return _overlaps(text, b"[secret:", _PLACEHOLDER, start, end)
    return _overlaps(text, "[secret:", _PLACEHOLDER_TEXT, start, end)


def _overlaps(text: AnyStr, opening: AnyStr, placeholder: re.Pattern[AnyStr], start: int, end: int) -> bool:
    at = text.find(opening, max(0, start - _PLACEHOLDER_MOST), end)
    while at >= 0:
        found = placeholder.match(text, at)
        if found is not None and found.end() > start:
            return True
        at = text.find(opening, at + 1, end)
    return False


def _matches(rule: Rule, text: str | bytes, anchors: _Anchors) -> Iterator[re.Match[Any]]:
    """The rule's matches in ``text``, tried only where its anchors stand."""
    match_at: Any = rule.bytes_pattern.match if isinstance(text, bytes) else rule.pattern.match
    if rule.scan is not None:
        yield from _scan_matches(rule, text, match_at)
        return
    accept = rule.accept
    for anchor in rule.anchors:
        seen = 0
        for i in anchors.at(anchor):
            if i < seen:  # inside the match before
                continue
            if not rule.back:  # the common case, and a common word's (a "token" in a log) cost: one try
                if (match := match_at(text, i)) is not None and (accept is None or accept(match, text)):
                    yield match
                    seen = match.end()
                continue
            first = i - rule.back if rule.exact else max(0, i - rule.back, seen)
            for start in range(first, i + 1 if not rule.exact else first + 1):
                if start < 0 or start < seen:
                    continue
                match = match_at(text, start)
                if match is not None and (accept is None or accept(match, text)):
                    yield match
                    seen = match.end()
                    break


def _scanned(text: str | bytes) -> bool:
    """Whether any anchorless rule's scan finds a place to try in ``text``."""
    for rule in _SCANNED:
        scan: Any = rule.bytes_scan if isinstance(text, bytes) else rule.scan
        if scan.search(text) is not None:
            return True
    return False


_SCANNED = [rule for rule in RULES if rule.scan is not None]
_WORD_START = re.compile(rf"[A-Za-z0-9_\-.~]{{1,{SHAPED_BACK}}}$")
_WORD_START_BYTES = re.compile(_WORD_START.pattern.encode())


def _scan_matches(rule: Rule, text: str | bytes, match_at: Any) -> Iterator[re.Match[Any]]:
    """An anchorless rule's matches: tried from the start of the token (a token's characters, up to SHAPED_BACK
    of them) that stands before each hit of its scan: the hit may be at any separator of it."""
    scan: Any = rule.bytes_scan if isinstance(text, bytes) else rule.scan
    word: Any = _WORD_START_BYTES if isinstance(text, bytes) else _WORD_START
    seen = tried = -1
    for hit in scan.finditer(text):
        at = hit.start()
        if at < seen:
            continue
        head = word.search(text, max(0, at - SHAPED_BACK), at)
        start = at if head is None else head.start()  # nothing of a word before the hit: tried at the hit
        if start < seen or start == tried:  # a word tried already, from another hit in it
            continue
        tried = start
        if start > 0 and text[start - 1 : start] in ("\\", b"\\"):
            start += 1  # the head starts with a JSON escape's letter (\n, \t): the token after it
        match = match_at(text, start)
        if match is not None and (rule.accept is None or rule.accept(match, text)):
            yield match
            seen = match.end()


def enabled(env_value: str | None) -> bool:
    """Whether MCP_CONTEXT_REDACT's value leaves redaction on (it is on unless turned off)."""
    return env_value is None or env_value.strip().lower() not in OFF_WORDS
