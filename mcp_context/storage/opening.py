"""Which store a URL names: the embedded file store (no URL: a folder), or PostgreSQL (``postgresql://``).

A tenant is one party's share of a store, with its own sessions, results, handles and states; nothing
crosses between tenants. The file store keeps each under ``<root>/tenants/<tenant>/`` (no tenant, or the
tenant ``default``: the root itself, as for one local user), and a tenant named by a JWT under
``<root>/jwt-tenants/<name>/``; a database store keys every row by tenant (no tenant: ``default``; a JWT's:
``jwt:<name>``), so both stores agree on which tenant an unauthenticated local server is.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import InvalidArgument
from ..tokens.count import TokenCounter
from . import folders, ids
from .keys import FileKeyStore, KeyStore
from .protocol import Store

SCHEMES = ("postgresql://", "postgres://")
#: The tenant of a store used without one (one local user): the file store's root itself, a database's
#: rows under this name. A key made for this tenant sees the same sessions in both.
DEFAULT_TENANT = "default"


def open_store(
    url: str | None,
    root: Path,
    tenant: str | None,
    *,
    counter: TokenCounter,
    max_result_bytes: int,
    redact: bool,
) -> Store:
    """The store ``url`` names (None: the file store under ``root``), seen as ``tenant``."""
    if tenant is not None:
        ids.check_store_tenant(tenant)
    if url:
        if not url.startswith(SCHEMES):
            raise InvalidArgument(
                f"--store must be a postgresql:// URL (got {_scheme(url)}); leave it out for the file store under "
                "the root"
            )
        from .postgres import PgStore  # here: the driver loads only for a database store

        return PgStore(url, tenant=tenant, counter=counter, max_result_bytes=max_result_bytes, redact=redact)
    from .files import FileStore

    return FileStore(
        tenant_root(root, tenant), counter=counter, max_result_bytes=max_result_bytes, redact=redact, anchor=root
    )


def hold_root(url: str | None, root: Path) -> None:
    """For a server about to serve from the file store under ``root``: the root made now when missing, opened
    and checked, and held by the stores already open on it (see folders.Root), so that nothing put at its path
    later (a link) is ever used instead. A database store keeps nothing on local disk."""
    if not url:
        folders.Root.at(root).descriptor(create=True)


def tenant_root(root: Path, tenant: str | None) -> Path:
    """The folder of a tenant's share of the file store under ``root``."""
    if tenant is None or tenant == DEFAULT_TENANT:
        return root
    if tenant.startswith(ids.JWT_TENANT_PREFIX):
        return Path(root).expanduser() / "jwt-tenants" / tenant.removeprefix(ids.JWT_TENANT_PREFIX)
    return Path(root).expanduser() / "tenants" / tenant


def open_keys(url: str | None, root: Path) -> KeyStore:
    """Where the API keys of the store ``url`` names are kept: its own table in a database, else beside the
    file store under ``root`` (one file for all its tenants)."""
    if url:
        if not url.startswith(SCHEMES):
            raise InvalidArgument(f"--store must be a postgresql:// URL (got {_scheme(url)})")
        from .postgres import PgKeyStore

        return PgKeyStore(url)
    return FileKeyStore(Path(root).expanduser())


def _scheme(url: str) -> str:
    """What a message may show of a store URL: its scheme, never the password a URL may carry."""
    scheme, sep, _ = url.partition("://")
    return f"a {scheme[:20]!r} URL" if sep and scheme.isascii() and scheme.isalnum() else "something else"
