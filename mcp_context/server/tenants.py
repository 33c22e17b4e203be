"""Which Session serves an HTTP request: its tenant's, in the session the request names.

One MCP server serves every tenant. Its tools, resources and prompts were written against one Session; over
HTTP they are given :class:`CurrentSession`, which hands every attribute to the Session that the auth layer
chose for the request being served (a context variable, which the SDK's request task and the worker thread
of a sync tool both inherit). A server per tenant would repeat the whole tool set per tenant for nothing.

The rule for the session, documented in docs/http.md:

1. a tool's ``session`` argument, when given (as over stdio);
2. else the request's ``Mcp-Context-Session`` header;
3. else the tenant's session ``default``.

A handle is looked up across all of its tenant's sessions and nowhere else: each tenant is its own share of
the store (``open_store(url, root, tenant)``), so another tenant's handle is not found, with the same answer
as a handle that never existed.
"""

from __future__ import annotations

import contextvars
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

from ..session import Session
from ..storage import ids
from ..storage.protocol import Store
from ..storage.scope import Scope
from .auth import Identity

SESSION_HEADER = "mcp-context-session"
DEFAULT_SESSION = "default"
#: Sessions kept open per process; an evicted one is reopened on its next request (it holds no state of its own).
MAX_SESSIONS = 4096

_current: contextvars.ContextVar[Session] = contextvars.ContextVar("mcp_context_session")
_caller: contextvars.ContextVar[Identity] = contextvars.ContextVar("mcp_context_caller")


class Tenants:
    """The stores (one per tenant, opened once: a database store holds a connection pool) and the Sessions
    over them (one per tenant and session, kept in a bounded LRU). ``narrow`` (serve --scope session) bounds
    each Session to its own session, as over stdio."""

    def __init__(
        self,
        root: str | None,
        store: str | None,
        *,
        transcript_roots: list[Path],
        session_options: dict[str, Any] | None = None,
        narrow: bool = False,
    ) -> None:
        self.root, self.url, self.narrow = root, store, narrow
        self.transcript_roots = transcript_roots
        self.options = session_options or {}
        self._stores: dict[str | None, Store] = {}
        self._sessions: OrderedDict[tuple[str | None, str], Session] = OrderedDict()
        self._lock = threading.Lock()

    def session(self, tenant: str | None, session: str | None) -> Session:
        """The Session of ``tenant`` whose default is ``session`` (None: ``default``); an invalid session id
        raises the core's one-line error."""
        name = ids.check_session(session) if session else DEFAULT_SESSION
        with self._lock:
            key = (tenant, name)
            found = self._sessions.get(key)
            if found is not None:
                self._sessions.move_to_end(key)
                return found
            store = self._stores.get(tenant)
            made = Session(
                self.root,
                name,
                store=store if store is not None else self.url,
                tenant=tenant,
                transcript_roots=list(self.transcript_roots),
                scope=Scope.only(name) if self.narrow else None,
                **self.options,
            )
            self._stores.setdefault(tenant, made.store)
            self._sessions[key] = made
            while len(self._sessions) > MAX_SESSIONS:
                self._sessions.popitem(last=False)
            return made


def activate(session: Session, caller: Identity) -> tuple[contextvars.Token[Session], contextvars.Token[Identity]]:
    """Make ``session`` the one the current request's tools see, acting for ``caller``."""
    return _current.set(session), _caller.set(caller)


def deactivate(tokens: tuple[contextvars.Token[Session], contextvars.Token[Identity]]) -> None:
    _current.reset(tokens[0])
    _caller.reset(tokens[1])


def scopes_of() -> tuple[str, ...]:
    """The scopes of the request being served (none outside one)."""
    found = _caller.get(None)
    return found.scopes if found is not None else ()


class CurrentSession:
    """Stands for the Session of the request being served; outside a request there is none, which is a bug.
    What every tenant shares (the transcript folders) is its own attribute, read while the server is built."""

    def __init__(self, transcript_roots: list[Path]) -> None:
        object.__setattr__(self, "transcript_roots", transcript_roots)

    def __getattr__(self, name: str) -> Any:
        try:
            session = _current.get()
        except LookupError:
            raise RuntimeError("no tenant session is active: a request reached a tool without the auth layer") from None
        return getattr(session, name)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("the current session is chosen per request; set attributes on a tenant's Session")
