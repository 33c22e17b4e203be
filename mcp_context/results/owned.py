"""How the library stores what it removes from a history (compaction's cleared results and archives, a summary's
originals): through the facade's persist_result, as a caller's text would be, but without the work that would
repeat. Those texts are made of messages the Session has redacted already: one it saw untouched (a tool result,
whole) would come back from a second pass unchanged, so it gets none; any other (messages as JSON, whose keys
redaction leaves alone, so a key named "token" may still hold its value) is redacted here, exactly as the store
would. A count the caller made of the very text stored is passed on, so nothing is counted twice, and the
preview is made only where one is shown (a stored result's marker), read back then: the pieces of archives a
Session remembers hold no text for one."""

from __future__ import annotations

from collections.abc import Callable

from ..redaction import RedactionMemo, Redactor
from ..tokens.count import TokenCount
from .answers import Persisted
from .archive import Persist, Stored


def persist_own(
    persist_result: Callable[..., Persisted], redacts: bool, memo: RedactionMemo, session: str, counts_alike: bool
) -> Persist:
    """A Persist for ``session``: ``redacts`` whether the store redacts, ``counts_alike`` whether it counts with
    the counter the caller's counts come from."""

    def persist(text: str, label: str, source: str, /, tokens: TokenCount | None = None) -> Stored:
        put = text if not redacts or memo.clean(text) else Redactor(session).text(text)
        given = tokens if put is text and counts_alike else None
        done = persist_result(put, label[:200], source[:200], session, _redacted=True, _tokens=given)
        return Stored(done.meta.handle, done.meta.uri, lambda: done.preview.render())

    return persist
