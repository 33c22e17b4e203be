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
racing is harmless. Directories are 0700 and files 0600: results often hold source code and logs.
"""

from __future__ import annotations

import os
import secrets
import shutil
import stat
import time
from collections.abc import Iterable
from pathlib import Path
from typing import BinaryIO

from ..errors import InvalidId, StoreError, TooLarge, UnknownHandle, shown_path
from ..tokens.count import EXACT_LIMIT_BYTES, ByteTally, TokenCount, TokenCounter
from . import ids
from .debris import remove_result_debris, unplace
from .incoming import incoming_stream, whole_text
from .index import IndexBuilder, index_of_one_segment, one_segment
from .records import ResultMeta, SessionInfo, new_meta
from .states import StateFiles, remove_state_debris

_DIR_MODE = 0o700
_FILE_MODE = 0o600
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class FileStore(StateFiles):
    """All sessions under one root. Thread-safe and process-safe: results are written once under names derived
    from their content, and a tool's state changes only under its lock."""

    def __init__(
        self, root: Path, *, counter: TokenCounter | None = None, max_result_bytes: int, redact: bool = True
    ) -> None:
        self.root = Path(root).expanduser().absolute()
        #: Whether credentials are replaced by placeholders before a result is written (see the redaction package).
        self.redact = redact
        self.counter = counter or TokenCounter()
        self.max_result_bytes = max_result_bytes
        self._sessions = self.root / "sessions"
        self._root_real: str | None = None
        #: Directories already found inside the root, by path, with the identity (device, inode) they had then.
        self._verified: dict[str, tuple[int, int]] = {}
        #: Each session's results as last listed, by handle (see list_results).
        self._listed: dict[str, dict[str, ResultMeta]] = {}
        self.save_behind = False

    def _state_dir(self, session: str) -> Path:
        return self._sessions / ids.check_session(session) / "state"

    # paths -----------------------------------------------------------------------------------------------

    def _ensure_dir(self, path: Path) -> None:
        """Create ``path`` under the root one level at a time, each 0700 and none of them a symlink.

        ``Path.mkdir(parents=True)`` would give the parents the umask's mode and walk through a planted link
        before any check ran; creating and checking level by level never writes outside the root.
        """
        try:
            self._check_real_dir(path)
            return  # there already, a real directory inside the root: the common case, one lstat
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise StoreError(f"cannot use {shown_path(path)}: {exc.strerror}") from exc
        try:
            self.root.parent.mkdir(parents=True, exist_ok=True)
            current = self.root
            _mkdir_private(current)
            for index, part in enumerate(path.relative_to(self.root).parts):
                if index:  # the root itself may be a link the user made (~/.mcp-context -> /data/ctx)
                    self._check_real_dir(current)
                current = current / part
                _mkdir_private(current)
            self._check_real_dir(current)
        except OSError as exc:
            raise StoreError(f"cannot create {shown_path(path)}: {exc.strerror}") from exc

    def _check_real_dir(self, path: Path) -> None:
        """Defence in depth: ids cannot name a path outside the root, and no symlink may lead there either.

        Runs several times per call, so it works on strings (pathlib's resolve costs ten times more) and follows
        links only for a directory it has not seen: one found inside the root before, still a real directory
        with the same device and inode, is the same directory, wherever a link elsewhere might now point."""
        st = os.lstat(path)
        if stat.S_ISLNK(st.st_mode) or not stat.S_ISDIR(st.st_mode):
            raise StoreError(f"{shown_path(path)} is not a plain directory; refusing to use it")
        key, identity = str(path), (st.st_dev, st.st_ino)
        if self._verified.get(key) == identity:
            return  # the very directory found inside the root before: following links again would find it there
        real, root = os.path.realpath(path), self._real_root()
        if real != root and not real.startswith(root.rstrip(os.sep) + os.sep):
            raise StoreError(f"{shown_path(path)} resolves outside {shown_path(self.root)}; refusing to use it")
        if len(self._verified) > 10_000:
            self._verified.clear()
        self._verified[key] = identity

    def _real_root(self) -> str:
        """The root with its links followed (the user may link it elsewhere), once it exists; fixed from then on."""
        if self._root_real is None:
            real = os.path.realpath(self.root)
            if not os.path.isdir(real):
                return real
            self._root_real = real
        return self._root_real

    def results_dir(self, session: str, *, create: bool = False) -> Path:
        path = self._sessions / ids.check_session(session) / "results"
        if create:
            self._ensure_dir(path)
        elif path.exists():
            self._check_real_dir(path.parent)
            self._check_real_dir(path)
        return path

    def _file(self, session: str, handle: str, suffix: str) -> Path:
        return self.results_dir(session) / f"{ids.check_handle(handle)}{suffix}"

    def _open(self, directory: Path, handle: str, suffix: str) -> int:
        """A read-only descriptor; refuses a symlink planted in place of the file."""
        try:
            return os.open(directory / f"{ids.check_handle(handle)}{suffix}", os.O_RDONLY | _NOFOLLOW)
        except FileNotFoundError:
            if suffix == ".txt" or not (directory / f"{handle}.json").exists():  # gone whole, or going
                raise UnknownHandle(self._unknown(handle)) from None
            raise StoreError(f"the {suffix} file of {handle} is missing; delete the result with cleanup") from None
        except OSError as exc:
            raise StoreError(f"cannot open {suffix} file of result {handle}: {exc.strerror}") from exc

    def open_content(self, session: str, handle: str) -> BinaryIO:
        return os.fdopen(self._open(self.results_dir(session), handle, ".txt"), "rb")

    def open_indexed(self, session: str, handle: str) -> tuple[BinaryIO, bytes]:
        """The text and its index, with the directory checked once for both (a hot path). A text of one
        segment has no index file: its index is made from the text, read whole here (see index.one_segment)."""
        directory = self.results_dir(session)
        content = os.fdopen(self._open(directory, handle, ".txt"), "rb")
        try:
            if one_segment(os.fstat(content.fileno()).st_size):
                return content, index_of_one_segment(content)  # an .idx beside it, from before, is not read
            with os.fdopen(self._open(directory, handle, ".idx"), "rb") as f:
                return content, f.read()
        except OSError as exc:
            content.close()
            raise StoreError(f"cannot read result {handle}: {exc.strerror}") from exc
        except BaseException:
            content.close()
            raise

    # writing ---------------------------------------------------------------------------------------------

    def _write_atomic(self, directory: Path, name: str, chunks: Iterable[bytes]) -> None:
        tmp = directory / f".tmp-{secrets.token_hex(8)}-{name}"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, _FILE_MODE)
        try:
            with os.fdopen(fd, "wb") as f:
                for chunk in chunks:
                    f.write(chunk)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, directory / name)
        except BaseException:
            tmp.unlink(missing_ok=True)
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
        spool_dir = self.root / ".spool"
        self._ensure_dir(spool_dir)
        builder, tally, hasher = IndexBuilder(), ByteTally(), ids.handle_hasher(session)
        # Counted once: given, else exactly from the text kept while it is small enough and an encoding is on
        # disk, else estimated as it streams (from where keeping it stopped).
        kept: list[bytes] | None = [] if count is None and self.counter.encoding is not None else None
        spool = spool_dir / f".tmp-{secrets.token_hex(8)}.txt"
        fd = os.open(spool, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, _FILE_MODE)
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
            self._place(
                self.results_dir(session, create=True),
                handle,
                spool,
                None if one_segment(builder.bytes) else index,
                meta_bytes,
            )
        finally:
            spool.unlink(missing_ok=True)
        return meta, True

    def _place(self, directory: Path, handle: str, spool: Path, index: bytes | None, meta: bytes) -> None:
        """Rename the spooled text into place, its index beside it, then its metadata, which makes it exist.
        ``index`` None: a text of one segment, whose index is made from the text when it is read; no file is
        written for it (a compaction stores thousands of small results), and none planted there is left."""
        try:
            if index is not None:
                self._write_atomic(directory, f"{handle}.idx", [index])
            else:
                (directory / f"{handle}.idx").unlink(missing_ok=True)
            os.replace(spool, directory / f"{handle}.txt")
            self._write_atomic(directory, f"{handle}.json", [meta])
            _fsync_dir(directory)
        except OSError:
            unplace(directory, handle)
            raise

    # reading metadata --------------------------------------------------------------------------------------

    def _unknown(self, handle: str) -> str:
        return str(UnknownHandle.of(handle))

    def meta(self, session: str, handle: str) -> ResultMeta:
        path = self._file(session, handle, ".json")
        try:
            fd = os.open(path, os.O_RDONLY | _NOFOLLOW)
        except FileNotFoundError:
            raise UnknownHandle(self._unknown(handle)) from None
        except OSError as exc:
            raise StoreError(f"cannot read {shown_path(path)}: {exc.strerror}") from exc
        with os.fdopen(fd, "rb") as f:
            try:
                return ResultMeta.from_json(f.read())
            except (ValueError, TypeError) as exc:
                raise StoreError(
                    f"metadata of {handle} is unreadable ({exc}): delete {shown_path(path)} (or its session) to drop it"
                ) from None

    def find(self, handle: str, sessions: Iterable[str]) -> ResultMeta:
        """Locate a handle in the first of ``sessions`` that holds it: handles are unique across the root, and
        the caller names the sessions it may reach (see scope.py)."""
        ids.check_handle(handle)
        for session in sessions:
            if (found := self._existing(session, handle)) is not None:
                return found
        raise UnknownHandle(self._unknown(handle))

    def latest_session(self) -> str | None:
        """The session written to last (a result or a state), for a command line that continues it."""
        latest: tuple[float, str] | None = None
        for session in self.session_ids():
            base = self._sessions / session
            # a state is saved in place (see slots.py): its files' times move, not their folder's
            paths = [base, base / "results", *_files_in(base / "state")]
            for path in paths:
                try:
                    changed = os.stat(path, follow_symlinks=False).st_mtime
                except OSError:
                    continue
                if latest is None or changed > latest[0]:
                    latest = (changed, session)
        return latest[1] if latest else None

    def session_ids(self) -> list[str]:
        try:
            names = os.listdir(self._sessions)
        except FileNotFoundError:
            return []
        except OSError as exc:  # a root that is a file, or a sessions folder we may not read
            raise StoreError(f"cannot list sessions in {shown_path(self._sessions)}: {exc.strerror}") from None
        valid = []
        for name in names:
            try:
                ids.check_session(name)
            except InvalidId:
                continue  # not ours: ignore stray entries rather than fail every listing
            if self._plain_session(name):
                valid.append(name)
        return sorted(valid)

    def _plain_session(self, name: str) -> bool:
        """True when the session and its results directory (if any) are real directories, not planted links.

        Listings skip anything else, so one bad entry cannot make every other session unreadable."""
        for path in (self._sessions / name, self._sessions / name / "results"):
            try:
                if not stat.S_ISDIR(os.lstat(path).st_mode):
                    return False
            except FileNotFoundError:
                return path.name == "results"  # a session without results yet is fine; a vanished one is not
            except OSError:
                return False
        return True

    def list_results(self, session: str) -> list[ResultMeta]:
        """Newest first; handles break ties so the order is stable across calls."""
        directory = self.results_dir(session)
        try:
            names = os.listdir(directory)
        except FileNotFoundError:
            self._listed.pop(session, None)
            return []
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
                        meta = self.meta(session, handle)
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
                try:
                    updated = os.stat(self._sessions / session).st_mtime
                except FileNotFoundError:
                    continue
            infos.append(SessionInfo(session, len(results), sum(m.bytes for m in results), updated))
        infos.sort(key=lambda s: (-s.updated, s.session))
        return infos

    # removing ----------------------------------------------------------------------------------------------

    def delete_session(self, session: str) -> int:
        """Remove a session directory; returns the bytes freed."""
        directory = self._sessions / ids.check_session(session)
        if not directory.exists():
            raise StoreError(f"no session {session!r} under {shown_path(self.root)}")
        self._check_real_dir(directory)
        freed = sum(p.stat().st_size for p in directory.rglob("*") if p.is_file() and not p.is_symlink())
        shutil.rmtree(directory)
        return freed

    def delete_result(self, session: str, handle: str) -> int:
        """Remove one result, its metadata first so that no reader finds it while its text goes (one that
        already holds the text open reads on); the bytes freed."""
        directory = self.results_dir(session)
        freed = 0
        for suffix in (".json", ".txt", ".idx"):
            path = directory / f"{ids.check_handle(handle)}{suffix}"
            try:
                freed += os.lstat(path).st_size
                os.unlink(path)
            except FileNotFoundError:
                continue
            except OSError as exc:
                raise StoreError(f"cannot remove result {handle} of session {session}: {exc.strerror}") from None
        self._listed.get(session, {}).pop(handle, None)
        return freed

    def remove_debris(self, older_than_s: float = 3600.0) -> int:
        """Delete temp files left by killed writers, and texts whose metadata never landed.

        Only regular files in real directories are touched: a link planted at ``.spool`` or among the results
        is never followed, and a file a live writer renames away meanwhile is simply skipped."""
        cutoff = time.time() - older_than_s
        directories = [self.root / ".spool"] + [self._sessions / s / "results" for s in self.session_ids()]
        removed = sum(remove_result_debris(directory, cutoff) for directory in directories)
        return removed + sum(remove_state_debris(self._state_dir(s), cutoff) for s in self.session_ids())


def _mkdir_private(path: Path) -> None:
    try:
        os.mkdir(path, _DIR_MODE)
    except FileExistsError:
        return
    os.chmod(path, _DIR_MODE)  # the umask may have taken bits away; never adds them, but be explicit


def _files_in(directory: Path) -> list[Path]:
    try:
        return [Path(entry.path) for entry in os.scandir(directory)]
    except OSError:
        return []
