"""The strict shapes of session ids, handles and resource URIs.

Everything a client sends that ends up in a path goes through here first. The patterns admit only ASCII
letters, digits, ``_`` and ``-`` (no dots, slashes, percent signs or look-alike unicode), so a valid id can
never name anything outside its directory; the store still checks the resolved path as a second line.
"""

from __future__ import annotations

import hashlib
import re
import time

from ..errors import InvalidId

SESSION_PATTERN = r"[A-Za-z0-9][A-Za-z0-9_-]{0,127}"
HANDLE_PATTERN = r"r_[0-9a-f]{16}"
URI_SCHEME = "mcp-context"

_SESSION_RE = re.compile(SESSION_PATTERN, re.ASCII)
_HANDLE_RE = re.compile(HANDLE_PATTERN, re.ASCII)
_RESULT_URI_RE = re.compile(
    rf"{URI_SCHEME}://sessions/(?P<session>{SESSION_PATTERN})/results/(?P<handle>{HANDLE_PATTERN})", re.ASCII
)


def shown(value: object) -> str:
    """A client's value as a message quotes it: repr, cut to 60 characters."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def check_tenant(tenant: object) -> str:
    """A tenant's name: the same strict shape as a session id, since the file store makes it a folder."""
    if not isinstance(tenant, str) or not _SESSION_RE.fullmatch(tenant):
        raise InvalidId(
            f"invalid tenant {shown(tenant)}: use 1-128 ASCII letters, digits, '_' or '-', starting with a letter "
            "or digit"
        )
    return tenant


#: What sets a tenant named by a JWT apart from one named by an API key: the subject ``t1`` of an issuer is
#: another party than the key tenant ``t1``, and ``default`` (the operator's own store) is never a JWT's.
JWT_TENANT_PREFIX = "jwt:"


def jwt_tenant(name: object) -> str:
    """The tenant a JWT's claim names: the claim, which must have a tenant's shape, in the JWT namespace."""
    return JWT_TENANT_PREFIX + check_tenant(name)


def check_store_tenant(tenant: object) -> str:
    """A tenant as stores see it: an API-key tenant, or a JWT's (see :func:`jwt_tenant`)."""
    if isinstance(tenant, str) and tenant.startswith(JWT_TENANT_PREFIX):
        check_tenant(tenant.removeprefix(JWT_TENANT_PREFIX))
        return tenant
    return check_tenant(tenant)


def check_session(session: object) -> str:
    if not isinstance(session, str) or not _SESSION_RE.fullmatch(session):
        raise InvalidId(
            f"invalid session id {shown(session)}: use 1-128 ASCII letters, digits, '_' or '-', "
            "starting with a letter or digit"
        )
    return session


def check_handle(handle: object) -> str:
    if not isinstance(handle, str) or not _HANDLE_RE.fullmatch(handle):
        raise InvalidId(
            f"invalid handle {shown(handle)}: handles look like 'r_' and 16 hex digits, as persist_result returned them"
        )
    return handle


def parse_handle(value: object) -> tuple[str | None, str]:
    """Accept a bare handle or its resource URI; return (session or None, handle)."""
    if isinstance(value, str) and value.startswith(f"{URI_SCHEME}://"):
        match = _RESULT_URI_RE.fullmatch(value)
        if match is None:
            raise InvalidId(f"invalid result URI {shown(value)}: expected {result_uri('SESSION', 'r_...')}")
        return match["session"], match["handle"]
    return None, check_handle(value)


def result_uri(session: str, handle: str) -> str:
    return f"{URI_SCHEME}://sessions/{session}/results/{handle}"


def session_uri(session: str) -> str:
    return f"{URI_SCHEME}://sessions/{session}"


def new_session_id() -> str:
    """A fresh id that sorts by time and reads as one: ``s-20261122-120301-3f9c1a``."""
    import secrets  # here: a hook that is given its session never loads it

    return time.strftime("s-%Y%m%d-%H%M%S-", time.gmtime()) + secrets.token_hex(3)


def handle_hasher(session: str) -> hashlib._Hash:
    """The hash a result's handle is taken from, to be fed its UTF-8 bytes: salted with the session, so one
    handle never names two results (read_persisted needs no session) and every store derives the same one."""
    return hashlib.sha256(session.encode() + b"\0")


def handle_of(hasher: hashlib._Hash) -> str:
    return "r_" + hasher.hexdigest()[:16]
