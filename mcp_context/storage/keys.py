"""API keys: made here, shown once, stored only as a hash, each bound to one tenant.

A key reads ``mcx_<id>_<secret>``: the prefix lets people and the redaction rules recognise one, the id (12 hex
digits) names it in listings and revocations without revealing it, and the secret carries 256 bits from the
system's random source. The store keeps the SHA-256 of the whole key: with that much entropy a slow key
derivation adds nothing, and checking a key stays one hash and one constant-time comparison.

Where keys are kept follows the store: ``<root>/keys.json`` (0600, replaced atomically under a lock) beside a
file store, a table in a database store (see postgres.py).
"""

from __future__ import annotations

import errno
import hashlib
import hmac
import json
import os
import re
import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Protocol

try:
    import fcntl
except ImportError:  # pragma: no cover  (not POSIX)
    fcntl = None  # type: ignore[assignment]

from ..errors import InvalidArgument, StoreError, shown_path
from . import folders, ids

PREFIX = "mcx_"
KEY_PATTERN = r"mcx_[0-9a-f]{12}_[A-Za-z0-9_-]{43}"
_KEY_RE = re.compile(KEY_PATTERN, re.ASCII)
_ID_RE = re.compile(r"[0-9a-f]{12}", re.ASCII)
SCOPES = ("ctx:read", "ctx:write", "ctx:admin")


@dataclass(frozen=True)
class KeyRecord:
    """What is stored of a key: never the key itself."""

    key_id: str
    tenant: str
    digest: str  # SHA-256 of the whole key, hex
    scopes: tuple[str, ...]
    created: float
    revoked: float | None = None

    def to_dict(self) -> dict[str, object]:
        return asdict(self) | {"scopes": list(self.scopes)}

    @classmethod
    def from_dict(cls, doc: dict[str, object]) -> KeyRecord:
        scopes = doc.get("scopes") or ()
        revoked = doc.get("revoked")
        return cls(
            str(doc["key_id"]),
            str(doc["tenant"]),
            str(doc["digest"]),
            tuple(str(s) for s in scopes) if isinstance(scopes, (list, tuple)) else (),
            float(doc["created"]),  # type: ignore[arg-type]
            float(revoked) if isinstance(revoked, (int, float)) else None,
        )


class KeyStore(Protocol):
    """Where a store keeps its API keys (hashes only)."""

    def add(self, record: KeyRecord) -> None: ...

    def get(self, key_id: str) -> KeyRecord | None: ...

    def all(self) -> list[KeyRecord]: ...

    def any_active(self) -> bool:
        """Whether some key is not revoked (a server on loopback asks on every request)."""
        ...

    def revoke(self, key_id: str) -> bool:
        """Mark a key revoked; False when there is no such key."""
        ...


def digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def new_key(tenant: str, scopes: tuple[str, ...] = SCOPES[:2]) -> tuple[str, KeyRecord]:
    """A fresh key and the record to store for it; the key is shown once and kept nowhere."""
    ids.check_tenant(tenant)
    unknown = [s for s in scopes if s not in SCOPES]
    if unknown:
        raise InvalidArgument(f"unknown scope {unknown[0]!r}: use {', '.join(SCOPES)}")
    key = f"{PREFIX}{secrets.token_hex(6)}_{secrets.token_urlsafe(32)}"
    return key, KeyRecord(key[4:16], tenant, digest(key), tuple(scopes), time.time())


def check_key_id(key_id: object) -> str:
    if not isinstance(key_id, str) or not _ID_RE.fullmatch(key_id):
        raise InvalidArgument(f"invalid key id {ids.shown(key_id)}: 12 hex digits, as `keys list` shows them")
    return key_id


def verify(keys: KeyStore, key: str) -> KeyRecord | None:
    """The record of a presented key when it is well formed, known, not revoked and matches; else None. The
    comparison is constant-time, and a malformed key costs the same lookup as an unknown one."""
    well_formed = bool(_KEY_RE.fullmatch(key))
    record = keys.get(key[4:16] if well_formed else "000000000000")
    if record is None or record.revoked is not None:
        return None
    return record if hmac.compare_digest(record.digest, digest(key)) and well_formed else None


class FileKeyStore:
    """Keys in ``<root>/keys.json``, replaced whole and atomically under ``keys.json.lock``. The root is held
    open (see folders.Root) and the files opened from it: the root swapped for a link cannot choose the keys."""

    _NAME = "keys.json"

    def __init__(self, root: Path) -> None:
        self._root = folders.Root.at(Path(root))
        self._root.descriptor()  # opened now, when it exists: the keys are read from this folder from now on
        self.path = self._root.path / self._NAME

    def _read(self) -> list[KeyRecord]:
        """The keys, from the file itself and never through a link (one put in its place would let whoever
        wrote the file it points at choose the keys): a link, or no plain file, is refused, so every request
        then answers 503 rather than trusting it."""
        try:
            top = self._root.descriptor()
            if top is None:
                return []
            fd = folders.open_file(self._NAME, os.O_RDONLY, top)
        except FileNotFoundError:
            return []
        except OSError as exc:
            why = "it is a link, not a plain file" if exc.errno == errno.ELOOP else exc.strerror
            raise StoreError(f"cannot read the keys in {shown_path(self.path)}: {why}") from None
        try:
            with os.fdopen(fd, "rb") as f:
                doc = json.load(f)
        except (OSError, ValueError) as exc:
            raise StoreError(f"cannot read the keys in {shown_path(self.path)}: {exc}") from None
        entries = doc.get("keys", []) if isinstance(doc, dict) else None
        if isinstance(entries, list):
            try:
                return [KeyRecord.from_dict(d) for d in entries if isinstance(d, dict)]
            except (KeyError, TypeError, ValueError):
                pass
        raise StoreError(f"cannot read the keys in {shown_path(self.path)}: it is not a key file this release wrote")

    @contextmanager
    def _locked(self) -> Iterator[list[KeyRecord]]:
        top = self._root.descriptor(create=True)
        assert top is not None  # made
        try:
            fd = folders.open_file(f"{self._NAME}.lock", os.O_RDWR | os.O_CREAT, top)
        except OSError as exc:
            raise StoreError(f"cannot lock the keys in {shown_path(self.path)}: {exc.strerror}") from None
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX)
            yield self._read()
        finally:
            os.close(fd)

    def _write(self, records: list[KeyRecord]) -> None:
        data = json.dumps({"keys": [r.to_dict() for r in records]}, indent=1).encode()
        top = self._root.descriptor(create=True)
        assert top is not None  # made
        tmp = f".tmp-keys-{secrets.token_hex(8)}"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | folders.NOFOLLOW, 0o600, dir_fd=top)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self._NAME, src_dir_fd=top, dst_dir_fd=top)
            folders.sync(top)
        except BaseException:
            folders.remove(top, tmp)
            raise

    def add(self, record: KeyRecord) -> None:
        with self._locked() as records:
            self._write([*records, record])

    def get(self, key_id: str) -> KeyRecord | None:
        return next((r for r in self._read() if r.key_id == key_id), None)

    def all(self) -> list[KeyRecord]:
        return self._read()

    def any_active(self) -> bool:
        return any(r.revoked is None for r in self._read())

    def revoke(self, key_id: str) -> bool:
        with self._locked() as records:
            found = [r for r in records if r.key_id == key_id]
            if not found:
                return False
            now = time.time()
            self._write([replace(r, revoked=r.revoked or now) if r.key_id == key_id else r for r in records])
            return True
