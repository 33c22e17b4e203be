"""What redaction left untouched, remembered for a Session's next call (see RedactionMemo)."""

from __future__ import annotations

import bisect
import hashlib
import itertools
import threading
from collections import OrderedDict
from typing import Any

from ..spelling import keyed as key_of_spelling
from ..spelling import spelled as spelling_of
from .redactor import CLEAN_MIN_CHARS, Redactor

#: How many messages, and how many long strings, one Session's memo remembers (least recently used go first).
MEMO_ENTRIES = 250_000
#: The most bytes of message spellings one Session's memo keeps from its last call (see RedactionMemo.messages).
SPELLINGS_BYTES = 64 * 1024 * 1024


class RedactionMemo:
    """What redaction left untouched, by content, for one Session: a re-compaction sends the whole history again
    plus a message, and only what the memo has not seen is redacted again.

    Only "untouched" is remembered, never a redacted copy: a message seen before comes back as the caller's
    own object, exactly what ``Redactor.data`` returns for it, and a copy handed out earlier cannot be changed
    under a later caller. Whether a text is left untouched depends on its content alone (a session's key only
    spells the placeholders), so the memo needs no session in its keys. A message is keyed by a digest of its
    spelling (see spelling.py, which conversation.model.key_of keys by too: the same key, handed on to
    compaction), which exists only for plain values (dict, list, str, numbers...) and tells a list from a
    tuple (which redaction does not walk); other messages are redacted every time. Thread-safe: the server
    calls one Session from several threads."""

    def __init__(self, entries: int = MEMO_ENTRIES) -> None:
        self._entries = entries
        self._messages: OrderedDict[str, None] = OrderedDict()
        self._texts: OrderedDict[bytes, None] = OrderedDict()
        #: The last call's spellings, and the key made of each (None where marshal had none: b"" here).
        self._spellings: list[bytes] = []
        self._spelled_keys: list[str | None] = []
        #: The bytes of the last call's spellings, kept or not: the size of the history a Session keeps.
        self.spelled = 0
        self._lock = threading.Lock()

    def messages(self, session: str, messages: list[Any], keys: list[str | None] | None = None) -> list[Any]:
        """``Redactor(session).data(messages)``, redacting only the messages not seen untouched before; ``keys``
        gets the content key of each message returned, in order (see conversation.model.key_of; None where
        marshal has none): a redacted copy's too, the same for the same message on every call (a session spells
        a secret's placeholder the same way), so the messages parsed from it are reused as well."""
        redactor = Redactor(session)
        made = self._keys(messages)
        with self._lock:
            seen = [k is not None and _touch(self._messages, k) for k in made]
        out, fresh, clean, out_keys = [], [], [], []  # type: tuple[list[Any], list[str], list[str], list[str | None]]
        for message, key, known in zip(messages, made, seen, strict=True):
            done = message if known else redactor.data(message, clean)
            if done is message:  # redaction hands back the very value when it holds nothing to redact
                fresh += [] if known or key is None else [key]
                out_keys.append(key)
            else:
                spelled = spelling_of(done) if keys is not None else None
                out_keys.append(key_of_spelling(spelled) if spelled is not None else None)
            out.append(done)
        texts = [_text_key(t) for t in clean]
        with self._lock:
            _remember(self._messages, fresh, self._entries)
            _remember(self._texts, texts, self._entries)
        if keys is not None:
            keys[:] = out_keys
        return messages if Redactor.untouched(out, messages) else out

    def keyed(self, session: str, messages: list[Any], keys: list[str | None] | None = None) -> list[Any]:
        """``messages`` as they are, for a store that does not redact; ``keys`` gets each one's content key, in
        order, so that compaction reuses what it parsed of them all the same. Without ``keys`` (a summary, a loop
        check's replay) nothing is spelled, and the memo keeps the last compaction's."""
        if keys is not None:
            keys[:] = self._keys(messages)
        return messages

    def _keys(self, messages: list[Any]) -> list[str | None]:
        """Each message's key: the digest of its spelling, None where marshal has none. The last call's spellings
        are kept in order (up to SPELLINGS_BYTES): a message sent again is known by its bytes instead of hashed
        again, compared with the one at its place first, as a history grows at its end (comparing bytes is
        cheaper than hashing them to look them up); one that moved is looked up by its bytes. The
        part that is the last call's, as most of a re-compaction is, is compared as one list, in C."""
        spelled = [spelling_of(m) for m in messages]
        with self._lock:
            last, last_keys = self._spellings, self._spelled_keys
        same = _common_prefix(spelled, last)
        made: list[str | None] = list(last_keys[:same])
        moved: dict[bytes, str] | None = None
        for i, data in enumerate(spelled[same:], same):
            if data is None:
                made.append(None)
                continue
            if moved is None and i < len(last):  # not where the history grew: a message that moved?
                moved = {data: key for data, key in zip(last, last_keys, strict=True) if key is not None}
            made.append((moved or {}).get(data) or key_of_spelling(data))
        total = sum(map(len, filter(None, spelled)))
        kept = len(spelled)
        if total > SPELLINGS_BYTES:
            sizes = list(itertools.accumulate(len(data or b"") for data in spelled))
            kept = bisect.bisect_right(sizes, SPELLINGS_BYTES)
        kept_data: list[bytes] = spelled[:kept]  # type: ignore[assignment]  # a None is replaced just below
        if None in kept_data:  # a message marshal cannot spell keeps its place, known by none
            kept_data = [data or b"" for data in kept_data]
        with self._lock:
            self._spellings, self._spelled_keys, self.spelled = kept_data, made[:kept], total
        return made

    def forget(self) -> None:
        """Let the last call's spellings go (see held.py): the next call keys every message afresh."""
        with self._lock:
            self._spellings, self._spelled_keys, self.spelled = [], [], 0

    def clean(self, text: str) -> bool:
        """Whether ``text`` was seen in the messages and redaction left it as it was: redacting it again would
        give it back unchanged, so a store may skip the pass."""
        if len(text) < CLEAN_MIN_CHARS:
            return False
        key = _text_key(text)
        with self._lock:
            return _touch(self._texts, key)


def _common_prefix(spelled: list[bytes | None], last: list[bytes]) -> int:
    """How many spellings at the start of ``spelled`` are the same as ``last``'s: the whole shorter list when it
    is one slice comparison, as when a history grew at its end; else found by halving, a few more slices."""
    low, high = 0, min(len(spelled), len(last))
    if spelled[:high] == last[:high]:
        return high
    while low < high:  # spelled[:low] == last[:low], and not up to high
        middle = (low + high + 1) // 2
        if spelled[low:middle] == last[low:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def _text_key(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def _touch(memo: OrderedDict[Any, None], key: Any) -> bool:
    if key in memo:
        memo.move_to_end(key)
        return True
    return False


def _remember(memo: OrderedDict[Any, None], keys: list[Any], entries: int) -> None:
    for key in keys:
        memo[key] = None
    while len(memo) > entries:
        memo.popitem(last=False)
