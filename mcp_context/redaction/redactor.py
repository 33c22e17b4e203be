"""The rules that find credentials, and the Redactor that replaces them by placeholders (see the package)."""

from __future__ import annotations

import bisect
import functools
import hashlib
import json
import re
from collections.abc import Iterable, Iterator
from typing import Any, AnyStr, cast

from . import echoes, scans
from .anchors import Anchors, stands_any
from .columns import Carry
from .rules import LONGEST, RULES, Rule
from .shaped import SHAPED_BACK

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
_CONTEXT = 256
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
        if len(text) <= _QUICK_CHARS and text.isascii():
            data = text.encode("ascii")
            if stands_any(data):
                anchors = Anchors(text, data)
            elif _scanned(text, data):
                anchors = Anchors(text, data, none=True)  # only the scans have places to try
            else:
                return text  # no anchor and no scan hit: no rule is tried (see _matches)
        else:
            anchors = Anchors(text)
            if anchors.none() and not _scanned(text, anchors.data):
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
        seen: dict[bytes, str] = {}  # the secrets given out so far, whose later copies are secrets too (echoes)
        carry = Carry()  # the tables whose rows run on into the next window (see columns)
        for chunk in chunks:
            parts.append(chunk)
            waiting += len(chunk)
            if waiting < _STEP:
                continue
            held, parts, waiting = b"".join([held, *parts]), [], 0
            if len(held) - context <= LONGEST:
                continue
            cut = self._cut(held, context, seen, carry)
            if cut is None:
                continue
            out, end = cut
            yield out
            context = min(_CONTEXT, end)
            held = held[end - context :]
            carry.moved(end - context)
        held = b"".join([held, *parts])
        if len(held) > context:
            carry.last = True
            taken, _ = _found(held, Anchors(held), context, seen, carry)
            yield self._render(held, taken, context, len(held))

    def _cut(self, held: bytes, context: int, seen: dict[bytes, str], carry: Carry) -> tuple[bytes, int] | None:
        """The redacted bytes of ``held[context:end]`` and ``end``, where the window is cut; None to wait for
        more (a PEM block is open). ``held[:context]`` was given out before and is there for look-behinds. The
        secrets given out go into ``seen``, the tables left open at the cut into ``carry``."""
        taken, spans = _found(held, Anchors(held), context, seen, carry)
        end = len(held) - LONGEST
        moved = True
        while moved:  # moving the cut back to a match's start may put it inside another
            moved = False
            for start, stop in spans:
                if start < end < stop:
                    end, moved = start, True
        if end <= context:  # one match runs from the start to the end: an open PEM block
            if len(held) - context < _HOLD:
                carry.walked = []  # walked again, with more of the stream, next time
                return None
            end = len(held) - LONGEST  # no key is this long: let it go, the part matched so far redacted
            end = max([end, *(stop for start, stop, _, _ in taken if start < end)])
        for begin, stop, kind, _ in taken:
            value = held[begin:stop]
            if begin < end and len(seen) < echoes.MOST and echoes.worth_following(value):
                seen.setdefault(value, kind)
        carry.cut(end)
        return self._render(held, taken, context, end), end

    def _holder(self, kind: str, match: re.Match[AnyStr]) -> AnyStr:
        """The placeholder for what ``match`` holds secret: its group ``secret``, or the whole match."""
        secret = match.group("secret") if "secret" in match.re.groupindex else match.group()
        raw = secret if isinstance(secret, bytes) else secret.encode("utf-8", "surrogatepass")
        # line numbers stay, in the text and in the text a JSON string holds (its newlines escaped), in the order
        # they come (a line continuation, ``\n\`` at a line's end in a properties file, stays one too)
        lines = "".join(m.decode() for m in _LINE_BREAK.findall(raw))
        spelled = f"[secret:{kind}:{self._tag(_identity(raw))}]{lines}"
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
            pairs = {k: v if identifier(k, v) else self.data(v, clean) for k, v in value.items()}
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
        if not _holds_any(text, Anchors(text)):
            return data
        try:
            doc = json.loads(text)
        except ValueError:
            return self.text(text).encode("utf-8")
        redacted = self.data(doc)
        try:
            return json.dumps(redacted, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate, written as an escape: JSON spells it, UTF-8 cannot
            return json.dumps(redacted, separators=(",", ":")).encode("ascii")


#: A JSON escape (once or more: JSON text in a JSON string) of a character a secret may hold.
#: A secret's line breaks, in order, as they are written: a newline (after the backslashes that continue a line in
#: Java properties or a shell), or an escaped one (``\\n`` in a JSON string, ``\\\\n`` one level deeper).
_LINE_BREAK = re.compile(rb"\\*\n|\\+n")
#: What a secret's identity leaves out: how it is escaped, spaced and broken over lines.
_LAYOUT = re.compile(rb"\\+[nrt]|[\\\s]+")


def _identity(secret: bytes) -> bytes:
    """What a placeholder's tag is made from: the secret without its layout (escapes, white space, line
    continuations), so that a secret written in plain text, in a JSON string, or broken over a properties file's
    continued lines gets the same placeholder everywhere."""
    if b"\\" not in secret and not any(c in secret for c in b" \t\r\n"):
        return secret
    return _LAYOUT.sub(b"", secret)


#: A key that names an identifier: ``id``, ``tool_call_id``, ``call_id``, ``toolUseId``, ``messageID``.
_ID_KEY = re.compile(r"(?:\A|[_\-])[iI][dD]\Z|[a-z](?:Id|ID)\Z")


def identifier(key: object, value: object) -> bool:
    """Whether ``value`` is an identifier a protocol matches on (a tool call's id, a message's): one word under
    a key that says id. It is left as it is: hosts and frameworks make ids of a prefix and a random tail, the
    shape of a token, and a history whose ids were replaced pairs no call with its result."""
    return (
        isinstance(key, str)
        and isinstance(value, str)
        and len(value) <= 256
        and _says_id(key)
        and (value.split() == [value] or not value)  # no white space: split() cuts where str.isspace() says
    )


@functools.lru_cache(maxsize=1024)
def _says_id(key: str) -> bool:
    """Whether a key names an identifier; remembered, as a history's messages repeat a handful of keys."""
    return _ID_KEY.search(key) is not None


#: Strings at least this long that redaction left as they were are remembered (see RedactionMemo.clean): the
#: ones compaction may store on their own (a cleared tool result is longer than 500 characters).
CLEAN_MIN_CHARS = 256


def _holds_any(text: str, anchors: Anchors) -> bool:
    """Whether any rule matches in ``text`` with something to replace, as _found takes it: a match that would
    take in a placeholder is none (a compaction's state names the placeholders of what it redacted, and the names
    rule reads ``[secret:secret:...`` as a secret's name and value). A rule none of whose anchors stand is not
    started: check_loop's state is checked on every save, and its keys (``tokens``) stand for one rule of
    twenty."""
    for rule in _candidates(anchors):
        for match in _matches(rule, text, anchors):
            if not _takes_placeholder(text, *_replaced(match)):
                return True
    return False


def _replaced(match: re.Match[Any]) -> tuple[int, int]:
    """The span of what a match replaces: its group ``secret``, or all of it."""
    return match.span("secret") if "secret" in match.re.groupindex else match.span()


def _naming() -> dict[str, frozenset[int]]:
    """For each anchor, the positions (in RULES) of the rules that name it."""
    naming: dict[str, set[int]] = {}
    for i, rule in enumerate(RULES):
        for anchor in rule.anchors:
            naming.setdefault(anchor, set()).add(i)
    return {anchor: frozenset(rules) for anchor, rules in naming.items()}


_NAMING = _naming()
_ANCHORLESS = frozenset(i for i, rule in enumerate(RULES) if rule.scan_source is not None)
_FINDERS = frozenset(i for i, rule in enumerate(RULES) if rule.finder is not None)


def _candidates(anchors: Anchors, tables: bool = False) -> list[Rule]:
    """The rules that can match where ``anchors`` were found, in the order of RULES: those with an anchor that
    stands there, and those with none (tried where their scans find a place). A text of code has an anchor
    or two (``key``, ``pass``) of the rules' two hundred, so most rules are never looked at. ``tables``: a
    stream's earlier window left a table open, whose rows the finders walk on where no anchor stands."""
    chosen = set(_ANCHORLESS).union(*(_NAMING[anchor] for anchor in anchors.standing()))
    if tables:
        chosen |= _FINDERS
    return [RULES[i] for i in sorted(chosen)]


#: (start, end, kind, match) of what a match replaces (its group ``secret``, or all of it): of a text's
#: pattern or, in a stream, of a bytes pattern.
_Taken = tuple[int, int, str, re.Match[Any]]


def _found(
    text: str | bytes, anchors: Anchors, start: int, seen: dict[Any, str] | None = None, carry: Carry | None = None
) -> tuple[list[_Taken], list[tuple[int, int]]]:
    """What to replace in ``text``, in order of position and never overlapping, and the span of every match
    found, taken or not; matches starting before ``start`` are left out (they were decided already). Where two
    would replace overlapping text, the earlier rule wins (a JWT sent as a bearer token is a JWT); a rule whose
    match names a password in a longer context (``curl -u user:pw``) overlaps only through that password. What
    would take in a placeholder is no secret: redacting again changes nothing. ``carry``: a stream's tables left
    open by its earlier windows, and where this window's are (see columns)."""
    # Kept in order of position and never overlapping, so a new match need only be checked against its two
    # neighbours: a text with a credential on every line costs n log n, not n squared.
    taken: list[_Taken] = []
    spans: list[tuple[int, int]] = []
    for rule in _candidates(anchors, carry is not None and bool(carry.open)):
        for match in _matches(rule, text, anchors, carry):
            if match.start() < start:
                continue
            spans.append(match.span())
            s, e = _replaced(match)
            i = bisect.bisect_left(taken, s, key=lambda t: t[0])
            if (
                (i > 0 and taken[i - 1][1] > s)
                or (i < len(taken) and taken[i][0] < e)
                or _takes_placeholder(text, s, e)
            ):
                continue
            taken.insert(i, (s, e, rule.kind, match))
    _echoed(text, taken, spans, start, seen or {})
    return taken, spans


def _echoed(text: Any, taken: list[_Taken], spans: list[tuple[int, int]], start: int, seen: dict[Any, str]) -> None:
    """Each later copy of a secret taken (or of one ``seen`` before ``start``, in a stream's earlier windows) taken
    too, where nothing else is (see echoes)."""
    firsts: dict[Any, tuple[int, str]] = {value: (start - 1, kind) for value, kind in seen.items()}
    for s, e, kind, _ in taken:
        value = text[s:e]
        if value not in firsts and echoes.worth_following(value):
            firsts[value] = (s, kind)
    if not firsts:
        return
    for s, e, value in echoes.later(text, [(at, value) for value, (at, _) in firsts.items()], start):
        i = bisect.bisect_left(taken, s, key=lambda t: t[0])
        if (i > 0 and taken[i - 1][1] > s) or (i < len(taken) and taken[i][0] < e) or _takes_placeholder(text, s, e):
            continue
        taken.insert(i, (s, e, firsts[value][1], echoes.copy_match(text, s, value)))
        spans.append((s, e))


def _takes_placeholder(text: str | bytes, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` overlaps a placeholder."""
    if isinstance(text, bytes):
        return _overlaps(text, b"[secret:", _PLACEHOLDER, start, end)
    return _overlaps(text, "[secret:", _PLACEHOLDER_TEXT, start, end)


def _overlaps(text: AnyStr, opening: AnyStr, placeholder: re.Pattern[AnyStr], start: int, end: int) -> bool:
    # an opening that starts inside the span overlaps it even where it runs on past the span's end
    at = text.find(opening, max(0, start - _PLACEHOLDER_MOST), end + len(opening) - 1)
    while at >= 0:
        found = placeholder.match(text, at)
        if found is not None and found.end() > start:
            return True
        at = text.find(opening, at + 1, end + len(opening) - 1)
    return False


def _matches(rule: Rule, text: str | bytes, anchors: Anchors, carry: Carry | None = None) -> Iterator[re.Match[Any]]:
    """The rule's matches in ``text``, tried only where its anchors stand (a rule none of whose anchors stands
    is not even compiled), or for an anchorless rule where its scan finds a place; a finder's, from where its
    anchors stand and from the tables ``carry`` holds open."""
    if rule.scan_source is not None:
        yield from _scan_matches(rule, text, anchors.data)
        return
    standing = anchors.each(rule.anchors)
    if rule.finder is not None:
        for match in rule.finder(text, standing, carry):
            if rule.accept is None or rule.accept(match, text):
                yield match
        return
    if not standing:
        return
    match_at: Any = rule.bytes_pattern.match if isinstance(text, bytes) else rule.pattern.match
    accept = rule.accept
    for at in standing:
        seen = 0
        if not rule.back:  # the common case, and a common word's (a "token" in a log) cost: one try
            # tried at every place in one comprehension (a try is pure, and most fail): only those that match
            # are walked, skipping one inside the match taken before it, as a loop over the places would
            for match in [found for i in at if (found := match_at(text, i)) is not None]:
                if match.start() >= seen and (accept is None or accept(match, text)):
                    yield match
                    seen = match.end()
            continue
        for i in at:
            if i < seen:  # inside the match before
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


def _scanned(text: str | bytes, data: bytes | None = None) -> bool:
    """Whether any anchorless rule's scan finds a place to try in ``text`` (``data``: its bytes, see
    scans.classes, where the caller has them)."""
    for rule in _SCANNED:
        scan: Any = rule.bytes_scan if isinstance(text, bytes) else rule.scan
        if scans.found(cast(str, rule.scan_source), scan, text, data):
            return True
    return False


_SCANNED = [rule for rule in RULES if rule.scan_source is not None]


def _scan_matches(rule: Rule, text: str | bytes, data: bytes | None) -> Iterator[re.Match[Any]]:
    """An anchorless rule's matches: tried from the start of the token (a token's characters, up to SHAPED_BACK
    of them) that stands before each hit of its scan: the hit may be at any separator of it. The rule's own
    pattern is compiled at the first place there is to try it."""
    scan: Any = rule.bytes_scan if isinstance(text, bytes) else rule.scan
    match_at: Any = None
    seen = tried = -1
    for hit in scans.hits(cast(str, rule.scan_source), scan, text, data):
        at = hit.start()
        if at < seen:
            continue
        start = scans.word_start(text, at, SHAPED_BACK)  # nothing of a word before the hit: tried at the hit
        if start < seen or start == tried:  # a word tried already, from another hit in it
            continue
        tried = start
        if start > 0 and text[start - 1 : start] in ("\\", b"\\"):
            start += 1  # the head starts with a JSON escape's letter (\n, \t): the token after it
        if match_at is None:
            match_at = rule.bytes_pattern.match if isinstance(text, bytes) else rule.pattern.match
        match = match_at(text, start)
        if match is not None and (rule.accept is None or rule.accept(match, text)):
            yield match
            seen = match.end()


def enabled(env_value: str | None) -> bool:
    """Whether MCP_CONTEXT_REDACT's value leaves redaction on (it is on unless turned off)."""
    return env_value is None or env_value.strip().lower() not in OFF_WORDS
