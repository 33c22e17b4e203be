"""The store as the layers above see it: what a second backend (a database, say) implements to hold the same
sessions, results and tool states. :class:`~.files.FileStore` is the embedded default."""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Protocol

if TYPE_CHECKING:  # names for the signatures alone: the loop check's hook loads this module, not the records
    from ..tokens.count import TokenCount
    from .records import ResultMeta, SessionInfo
    from .states import StateHold


class Store(Protocol):
    """Sessions of results and tool states. Results are written once, under a handle derived from their content;
    a state changes only under its lock. Every method raises ContextError subclasses, never OS errors."""

    #: Where the store lives, as a key for what a process keeps per store (a path, or a database URL).
    root: Path
    #: Whether a state given to ``StateHold.save`` may be written after the lock's block (see saves.py).
    save_behind: bool
    #: Whether credentials are replaced by placeholders (see the redaction package) in every text, label, source and
    #: state before it is written.
    redact: bool

    def put_text(
        self,
        session: str,
        text: str,
        *,
        label: str | None,
        source: str | None,
        redacted: bool = False,
        tokens: TokenCount | None = None,
    ) -> tuple[ResultMeta, bool]:
        """Store a text; the bool says whether it was new (the same text again writes nothing).

        For the library's own stores only: ``redacted`` says the text is made of what was redacted already (it
        is stored as given; its label and source are still redacted), ``tokens`` is the text's count by the
        store's counter when the caller has it (used when the text is stored unchanged and small enough to be
        counted exactly)."""
        ...

    def put_stream(
        self, session: str, chunks: Iterable[bytes], *, label: str | None, source: str | None
    ) -> tuple[ResultMeta, bool]:
        """Store UTF-8 bytes given in chunks, in one pass."""
        ...

    def meta(self, session: str, handle: str) -> ResultMeta: ...

    def find(self, handle: str, sessions: Iterable[str]) -> ResultMeta:
        """A handle's metadata in the first of ``sessions`` that holds it; unknown when none does."""
        ...

    def open_content(self, session: str, handle: str) -> BinaryIO:
        """The text's UTF-8 bytes as a seekable binary file, at its start; the caller closes it. A file store
        hands out the file itself; a database one reads the chunks a seek lands in."""
        ...

    def open_indexed(self, session: str, handle: str) -> tuple[BinaryIO, bytes]:
        """The text (as open_content) and its line index (see index.py)."""
        ...

    def session_ids(self) -> list[str]: ...

    def latest_session(self) -> str | None:
        """The session written to last, or None in an empty store."""
        ...

    def list_results(self, session: str) -> list[ResultMeta]: ...

    def list_sessions(self) -> list[SessionInfo]: ...

    def delete_session(self, session: str) -> int:
        """Delete a session and all it holds; the bytes freed."""
        ...

    def delete_result(self, session: str, handle: str) -> int:
        """Remove one result (an archive retired by the retention rule); the bytes freed, 0 when it was gone."""
        ...

    def remove_debris(self, older_than_s: float = 3600.0) -> int:
        """Remove what interrupted writes left; how many were removed."""
        ...

    def read_state(self, session: str, name: str) -> bytes | None: ...

    def write_state(self, session: str, name: str, data: bytes) -> None: ...

    def state_lock(self, session: str, name: str) -> AbstractContextManager[StateHold]:
        """Hold a tool's state for a read-modify-write, across threads and processes."""
        ...

    def peek_state(self, session: str, name: str) -> bytes | None:
        """A tool's state as a reader that takes no lock should see it."""
        ...
