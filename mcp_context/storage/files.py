"""Session directories on disk: atomic writes, content-derived handles, and paths that stay under the root.

Layout::

    <root>/sessions/<session>/results/<handle>.txt    the text, UTF-8, exactly as given
                                      <handle>.idx    its checkpoint index (see index.py), when it
                                                      spans more than one segment (64 KiB)
                                      <handle>.json   metadata; written last, so it is what makes a result exist
    <root>/sessions/<session>/state/<name>.json.a/.b  a tool's state, in two slots (see states.py, slots.py)

A result is visible only once its ``.json`` is in place, and each file reaches its name by ``rename`` after
an ``fsync``; a crash or kill at any moment leaves at most an invisible ``.tmp-*`` file behind, which
``cleanup`` removes. Two processes storing the same content write the same bytes under the same names, so
racing is harmless. Directories are 0700 and files 0600: results often hold source code and logs. Every folder
is opened from the root down, each from its parent's descriptor, and every file from its folder's (see
folders.py): a folder swapped for a link never leads outside the root.
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import BinaryIO

from ..errors import InvalidId, StoreError, TooLarge, UnknownHandle, shown_path
from ..tokens.count import EXACT_LIMIT_BYTES, ByteTally, TokenCount, TokenCounter
from . import folders, ids
from .debris import present, remove_result_debris, unplace
from .incoming import incoming_stream, whole_text
from .index import IndexBuilder, index_of_one_segment, one_segment
from .records import ResultMeta, SessionInfo, new_meta
from .states import StateFiles, remove_state_debris

_FILE_MODE = 0o600
_NOFOLLOW = folders.NOFOLLOW


class FileStore(StateFiles):
    """All sessions under one root. Thread-safe and process-safe: results are written once under names derived
    from their content, and a tool's state changes only under its lock."""

    def __init__(
        self,
        root: Path,
        *,
        counter: TokenCounter | None = None,
        max_result_bytes: int,
        redact: bool = True,
        anchor: Path | None = None,
    ) -> None:
        self.root = Path(root).expanduser().absolute()
        # ``anchor``: the part of ``root`` that may be a link (the user's root, above a tenant's folders), opened
        # once and held; every folder below it is opened from it without following one (see folders.py).
        self._anchor = folders.Root.at(Path(anchor) if anchor is not None else self.root)
        self._prefix = self.root.relative_to(self._anchor.path).parts
        self._anchor.descriptor()  # opened (and checked) now, when it exists: what is used later is this folder
        #: Whether credentials are replaced by placeholders before a result is written (see the redaction package).
        self.redact = redact
        self.counter = counter or TokenCounter()
        self.max_result_bytes = max_result_bytes
        self._sessions = self.root / "sessions"  # for messages: every use opens it from the root (folders.py)
        #: Each session's results as last listed, by handle (see list_results).
        self._listed: dict[str, dict[str, ResultMeta]] = {}
        self.save_behind = False

    # folders ---------------------------------------------------------------------------------------------

    def located(self) -> tuple[folders.Root, tuple[str, ...]]:
        """Where the store is: the folder that may be a link, and the names below it, each opened without."""
        return self._anchor, self._prefix

    def _opened(self, *parts: str) -> AbstractContextManager[int | None]:
        """The folder ``root/parts...`` for the block (None: it does not exist)."""
        return folders.opened(self._anchor, self._prefix + parts)

    def _made(self, *parts: str) -> AbstractContextManager[int]:
        """The folder ``root/parts...`` for the block, made (0700, level by level) where it is missing."""
        return folders.made(self._anchor, self._prefix + parts)

    def _results(self, session: str) -> AbstractContextManager[int | None]:
        """The session's results folder for the block (None: it has none yet)."""
        return self._opened("sessions", ids.check_session(session), "results")

    def _state_folder(self, session: str, *, create: bool = False) -> AbstractContextManager[int | None]:
        parts = ("sessions", ids.check_session(session), "state")
        return self._made(*parts) if create else self._opened(*parts)

    def _state_path(self, session: str) -> Path:
        return self._sessions / ids.check_session(session) / "state"

    def _shown(self, session: str, name: str = "") -> Path:
        """Where a session's result file is, as a message shows it."""
        return self._sessions / session / "results" / name

    def _open(self, folder: int | None, handle: str, suffix: str) -> int:
        """A read-only descriptor of a result's file; refuses a symlink planted in place of the file."""
        name = f"{ids.check_handle(handle)}{suffix}"
        try:
            if folder is None:
                raise FileNotFoundError(name)
            return folders.open_file(name, os.O_RDONLY, folder)
        except FileNotFoundError:
            if suffix == ".txt" or folder is None or not present(folder, f"{handle}.json"):  # gone, or going
                raise UnknownHandle(self._unknown(handle)) from None
            raise StoreError(f"the {suffix} file of {handle} is missing; delete the result with cleanup") from None
        except OSError as exc:
            raise StoreError(f"cannot open {suffix} file of result {handle}: {exc.strerror}") from exc

    def open_content(self, session: str, handle: str) -> BinaryIO:
        with self._results(session) as folder:
            return os.fdopen(self._open(folder, handle, ".txt"), "rb")

    def open_indexed(self, session: str, handle: str) -> tuple[BinaryIO, bytes]:
        """The text and its index, from one opening of their folder (a hot path). A text of one segment has
        no index file: its index is made from the text, read whole here (see index.one_segment)."""
        with self._results(session) as folder:
            content = os.fdopen(self._open(folder, handle, ".txt"), "rb")
            try:
                if one_segment(os.fstat(content.fileno()).st_size):
                    return content, index_of_one_segment(content)  # an .idx beside it, from before, is not read
                with os.fdopen(self._open(folder, handle, ".idx"), "rb") as f:
                    return content, f.read()
            except OSError as exc:
                content.close()
                raise StoreError(f"cannot read result {handle}: {exc.strerror}") from exc
            except BaseException:
                content.close()
                raise

    # writing ---------------------------------------------------------------------------------------------

    def _write_atomic(self, folder: int, name: str, chunks: Iterable[bytes]) -> None:
        import secrets  # here, as shutil below: a hook's loop check opens this store for its state alone

        tmp = f".tmp-{secrets.token_hex(8)}-{name}"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, _FILE_MODE, dir_fd=folder)
        try:
            with os.fdopen(fd, "wb") as f:
                for chunk in chunks:
                    f.write(chunk)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, name, src_dir_fd=folder, dst_dir_fd=folder)
        except BaseException:
            folders.remove(folder, tmp)
            raise

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
        """Store ``text``; return its metadata and whether anything was written (False: already stored)."""
        whole = whole_text(
            session, self.redact, text, label, source, self._check_size, redacted=redacted, tokens=tokens
        )
        existing = self._existing(session, whole.handle)
        if existing is not None:
            return existing, False
        return self._store(session, whole.encoded(), whole.label, whole.source, whole.count(self.counter), True)

    def put_stream(
        self, session: str, chunks: Iterable[bytes], *, label: str | None, source: str | None
    ) -> tuple[ResultMeta, bool]:
        """Store a byte stream of UTF-8 text (a file, a pipe) in one pass, without holding it in memory."""
        stream, label, source = incoming_stream(session, self.redact, chunks, label, source)
        return self._store(session, stream, label, source, None)

    def _check_size(self, size: int) -> None:
        if size > self.max_result_bytes:
            raise TooLarge(
                f"content exceeds the {self.max_result_bytes:,}-byte limit; nothing was stored "
                "(raise it with --max-result-bytes or split the content)"
            )

    def _existing(self, session: str, handle: str) -> ResultMeta | None:
        try:
            return self.meta(session, handle)
        except UnknownHandle:
            return None

    def _store(
        self,
        session: str,
        chunks: Iterable[bytes],
        label: str | None,
        source: str | None,
        count: TokenCount | None,
        looked: bool = False,
    ) -> tuple[ResultMeta, bool]:
        """Store, or say in one line why not (a full disk, the session deleted meanwhile): nothing half-written
        is left, and what was stored before is untouched."""
        try:
            return self._write_result(session, chunks, label, source, count, looked)
        except OSError as exc:
            why = exc.strerror or str(exc)
            raise StoreError(f"cannot store the result in session {session}: {why}; nothing was stored") from None

    def _write_result(
        self,
        session: str,
        chunks: Iterable[bytes],
        label: str | None,
        source: str | None,
        count: TokenCount | None,
        looked: bool,
    ) -> tuple[ResultMeta, bool]:
        """Spool to a temp file while hashing and indexing, then rename into place: text, index, metadata.
        ``looked``: the caller has just looked for the handle (a text given whole); racing it is harmless.
        The spool lives in ``<root>/.spool`` so a refused write (too large, not UTF-8) leaves no session
        directory behind; it is renamed across directories on the same file system, which is still atomic."""
        with self._made(".spool") as spool_folder:
            builder, tally, hasher = IndexBuilder(), ByteTally(), ids.handle_hasher(session)
            # Counted once: given, else exactly from the text kept while it is small enough and an encoding is
            # on disk, else estimated as it streams (from where keeping it stopped).
            kept: list[bytes] | None = [] if count is None and self.counter.encoding is not None else None
            import secrets

            spool = f".tmp-{secrets.token_hex(8)}.txt"
            fd = os.open(spool, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, _FILE_MODE, dir_fd=spool_folder)
            try:
                with os.fdopen(fd, "wb") as f:
                    for chunk in chunks:
                        self._check_size(builder.bytes + len(chunk))
                        builder.feed(chunk)
                        if kept is not None and builder.bytes <= EXACT_LIMIT_BYTES:
                            kept.append(chunk)
                        elif count is None:
                            for earlier in kept or ():
                                tally.add(earlier)
                            kept = None
                            tally.add(chunk)
                        hasher.update(chunk)
                        f.write(chunk)
                    index = builder.finish()
                    f.flush()
                    os.fsync(f.fileno())
                handle = ids.handle_of(hasher)
                existing = None if looked else self._existing(session, handle)
                if existing is not None:
                    return existing, False
                if kept is not None:  # a streamed file small enough to count exactly, like text given whole
                    count = self.counter.count(b"".join(kept).decode("utf-8"))
                tokens = count or TokenCount(tally.estimate(), "estimate")
                meta = new_meta(handle, session, label, source, builder, tokens)
                meta_bytes = meta.to_json().encode()  # before anything is renamed: a bad label fails cleanly
                parts = ("sessions", ids.check_session(session), "results")
                with self._made(*parts) as folder:
                    index_bytes = None if one_segment(builder.bytes) else index
                    self._place(folder, handle, (spool_folder, spool), index_bytes, meta_bytes)
            finally:
                folders.remove(spool_folder, spool)
        return meta, True

    def _place(self, folder: int, handle: str, spool: tuple[int, str], index: bytes | None, meta: bytes) -> None:
        """Rename the spooled text into place, its index beside it, then its metadata, which makes it exist.
        ``index`` None: a text of one segment, whose index is made from the text when it is read; no file is
        written for it (a compaction stores thousands of small results), and none planted there is left."""
        try:
            if index is not None:
                self._write_atomic(folder, f"{handle}.idx", [index])
            else:
                folders.remove(folder, f"{handle}.idx")
            os.replace(spool[1], f"{handle}.txt", src_dir_fd=spool[0], dst_dir_fd=folder)
            self._write_atomic(folder, f"{handle}.json", [meta])
            os.fsync(folder)
        except OSError:
            unplace(folder, handle)
            raise

    # reading metadata --------------------------------------------------------------------------------------

    def _unknown(self, handle: str) -> str:
        return str(UnknownHandle.of(handle))

    def meta(self, session: str, handle: str) -> ResultMeta:
        with self._results(session) as folder:
            return self._meta_in(folder, session, handle)

    def _meta_in(self, folder: int | None, session: str, handle: str) -> ResultMeta:
        name = f"{ids.check_handle(handle)}.json"
        try:
            if folder is None:
                raise UnknownHandle(self._unknown(handle))
            fd = folders.open_file(name, os.O_RDONLY, folder)
        except FileNotFoundError:
            raise UnknownHandle(self._unknown(handle)) from None
        except OSError as exc:
            raise StoreError(f"cannot read {shown_path(self._shown(session, name))}: {exc.strerror}") from exc
        with os.fdopen(fd, "rb") as f:
            try:
                return ResultMeta.from_json(f.read())
            except (ValueError, TypeError) as exc:
                shown = shown_path(self._shown(session, name))
                raise StoreError(
                    f"metadata of {handle} is unreadable ({exc}): delete {shown} (or its session) to drop it"
                ) from None

    def find(self, handle: str, sessions: Iterable[str]) -> ResultMeta:
        """Locate a handle in the first of ``sessions`` that holds it: handles are unique across the root, and
        the caller names the sessions it may reach (see scope.py)."""
        ids.check_handle(handle)
        for session in sessions:
            if (found := self._existing(session, handle)) is not None:
                return found
        raise UnknownHandle(self._unknown(handle))

    @contextmanager
    def _each_session(self) -> Iterator[Iterator[tuple[str, int]]]:
        """The valid sessions under the root, each with its folder opened from the sessions folder (closed when
        the next is taken); a link or stray entry in their place is skipped, so one bad entry cannot make every
        other session unreadable."""
        with self._opened("sessions") as top:
            yield (_sessions_in(top, self._sessions) if top is not None else iter(()))

    def latest_session(self) -> str | None:
        """The session written to last (a result or a state), for a command line that continues it."""
        latest: tuple[float, str] | None = None
        with self._each_session() as sessions:
            for session, folder in sessions:
                # a state is saved in place (see slots.py): its files' times move, not their folder's
                for changed in _times(folder):
                    if latest is None or changed > latest[0]:
                        latest = (changed, session)
        return latest[1] if latest else None

    def session_ids(self) -> list[str]:
        with self._each_session() as sessions:
            return sorted(session for session, _ in sessions)

    def list_results(self, session: str) -> list[ResultMeta]:
        """Newest first; handles break ties so the order is stable across calls."""
        with self._results(session) as folder:
            if folder is None:
                self._listed.pop(session, None)
                return []
            try:
                names = os.listdir(folder)
            except OSError as exc:
                raise StoreError(f"cannot list {shown_path(self._shown(session))}: {exc.strerror}") from None
            # A result's metadata never changes once written (its handle is its content's hash): the listing of
            # the directory says what is there, and only results not seen before are read.
            seen = self._listed.get(session, {})
            found: dict[str, ResultMeta] = {}
            for name in names:
                if name.endswith(".json") and not name.startswith("."):
                    handle = name[:-5]
                    meta = seen.get(handle)
                    if meta is None:
                        try:
                            meta = self._meta_in(folder, session, handle)
                        except (UnknownHandle, ValueError, StoreError):
                            continue  # removed meanwhile, or not one of ours
                    found[handle] = meta
        self._listed[session] = found
        return sorted(found.values(), key=lambda m: (-m.created, m.handle))

    def list_sessions(self) -> list[SessionInfo]:
        infos = []
        for session in self.session_ids():
            results = self.list_results(session)
            updated = max((m.created for m in results), default=0.0)
            if not updated:
                with self._opened("sessions") as top:
                    try:
                        if top is None:
                            continue
                        updated = os.stat(session, dir_fd=top, follow_symlinks=False).st_mtime
                    except OSError:
                        continue
            infos.append(SessionInfo(session, len(results), sum(m.bytes for m in results), updated))
        infos.sort(key=lambda s: (-s.updated, s.session))
        return infos

    # removing ----------------------------------------------------------------------------------------------

    def delete_session(self, session: str) -> int:
        """Remove a session directory, from the sessions folder's descriptor (never through a link); returns the
        bytes freed."""
        ids.check_session(session)
        with self._opened("sessions") as top:
            folder = None if top is None else folders.open_child(top, session, self._sessions / session)
            if top is None or folder is None:
                raise StoreError(f"no session {session!r} under {shown_path(self.root)}")
            try:
                freed = folders.bytes_under(folder)
            finally:
                os.close(folder)
            import shutil

            try:
                shutil.rmtree(session, dir_fd=top)
            except OSError as exc:
                raise StoreError(f"cannot delete session {session}: {exc.strerror}") from None
        return freed

    def delete_result(self, session: str, handle: str) -> int:
        """Remove one result, its metadata first so that no reader finds it while its text goes (one that
        already holds the text open reads on); the bytes freed."""
        name = ids.check_handle(handle)
        freed = 0
        with self._results(session) as folder:
            for suffix in (".json", ".txt", ".idx") if folder is not None else ():
                try:
                    freed += os.stat(name + suffix, dir_fd=folder, follow_symlinks=False).st_size
                    os.unlink(name + suffix, dir_fd=folder)
                except FileNotFoundError:
                    continue
                except OSError as exc:
                    raise StoreError(f"cannot remove result {handle} of session {session}: {exc.strerror}") from None
        self._listed.get(session, {}).pop(handle, None)
        return freed

    def remove_debris(self, older_than_s: float = 3600.0) -> int:
        """Delete temp files left by killed writers, and texts whose metadata never landed.

        Only regular files in real directories are touched: a link planted at ``.spool``, a session, its
        results or its states is never followed (that folder is skipped), and a file a live writer renames
        away meanwhile is simply skipped."""
        cutoff = time.time() - older_than_s
        places = [(".spool",)] + [("sessions", s, "results") for s in self.session_ids()]
        removed = 0
        for parts in places:
            removed += self._in_folder(parts, lambda folder: remove_result_debris(folder, cutoff))
        for session in self.session_ids():
            parts = ("sessions", session, "state")
            removed += self._in_folder(parts, lambda folder: remove_state_debris(folder, cutoff))
        return removed

    def _in_folder(self, parts: tuple[str, ...], work: Callable[[int], int]) -> int:
        """``work`` on the folder ``root/parts``; 0 when it is missing or not a plain folder."""
        try:
            with self._opened(*parts) as folder:
                return work(folder) if folder is not None else 0
        except StoreError:
            return 0


def _sessions_in(top: int, shown: Path) -> Iterator[tuple[str, int]]:
    """Each valid session id in the sessions folder ``top`` whose folder (and results folder, if any) is a plain
    one, with its descriptor, closed when the next is taken."""
    try:
        names = os.listdir(top)
    except OSError as exc:  # a sessions folder we may not read
        raise StoreError(f"cannot list sessions in {shown_path(shown)}: {exc.strerror}") from None
    for name in names:
        try:
            ids.check_session(name)
            folder = folders.open_child(top, name, shown / name)
        except (InvalidId, StoreError):
            continue  # not ours, or a link: ignore it rather than fail every listing
        if folder is None:
            continue  # removed meanwhile
        try:
            results = os.stat("results", dir_fd=folder, follow_symlinks=False)
            plain = stat.S_ISDIR(results.st_mode)
        except FileNotFoundError:
            plain = True  # a session without results yet is fine
        except OSError:
            plain = False
        try:
            if plain:
                yield name, folder
        finally:
            os.close(folder)


def _times(session: int) -> list[float]:
    """When a session's folder, its results folder and its state files last changed."""
    times = [os.fstat(session).st_mtime]
    try:
        times.append(os.stat("results", dir_fd=session, follow_symlinks=False).st_mtime)
    except OSError:
        pass
    state = None
    try:
        state = folders.open_child(session, "state", Path("state"))
        if state is not None:
            with os.scandir(state) as entries:
                times += [e.stat(follow_symlinks=False).st_mtime for e in entries]
    except (OSError, StoreError):
        pass
    finally:
        if state is not None:
            os.close(state)
    return times
