"""``mcp-context ui``: the viewer as an ASGI app, its gate, and how it is served.

Who may look. On loopback (the default) the printed address carries a random token, as Jupyter's does: the
first request with ``?token=`` sets a cookie (HttpOnly, SameSite=Strict) and redirects to the same page
without it, so the token leaves the address bar; every later request shows the cookie. A bind beyond loopback
needs ``--host`` and API keys in the store: then a person signs in with a key (``/login``; scripts may send
``Authorization: Bearer`` or ``X-API-Key``), the key's tenant decides which part of the store is shown, and
the HTTP server's rule applies (no active key, no start).

What a page may do. Nothing but show: GET only (and the sign-in form's POST), no script anywhere, and a
Content-Security-Policy that allows the one stylesheet and nothing else; the Host header must name this server
(a rebound DNS name gets 421).
"""

from __future__ import annotations

import hmac
import secrets
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import anyio.to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from ..errors import ContextError
from ..journal import read_journal
from ..session import Session
from ..storage import ids
from . import detail, pages
from . import story as stories
from .html import esc, page
from .transcript import Transcripts

COOKIE = "mcx_ui"
CSP = (
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}
_MAX_SIGNED_IN = 10_000


@dataclass
class Viewer:
    """What the app serves from: a Session for the caller (the local user's, or a tenant's), the token that
    opens it on loopback, and the hosts it answers to."""

    session_for: Callable[[str | None], Session]  # by tenant (None: the local user)
    token: str | None  # loopback: the printed token; None when API keys decide
    authenticate: Callable[[str | None, str | None], str | None] | None = None  # (authorization, key) -> tenant
    allowed_hosts: set[str] = field(default_factory=set)
    transcripts: bool = True  # whether the host's transcripts (local files) are read
    maps: stories.ArchiveMap = field(default_factory=stories.ArchiveMap)
    transcripts_read: Transcripts = field(default_factory=Transcripts)
    signed_in: dict[str, str] = field(default_factory=dict)  # cookie -> tenant, for sign-in with a key
    lock: threading.Lock = field(default_factory=threading.Lock)

    def caller(self, request: Request) -> tuple[bool, str | None]:
        """(allowed, tenant) of a request."""
        cookie = request.cookies.get(COOKIE, "")
        if self.token is not None:
            return bool(cookie) and hmac.compare_digest(cookie, self.token), None
        with self.lock:
            tenant = self.signed_in.get(cookie) if cookie else None
        if tenant is not None:
            return True, tenant
        assert self.authenticate is not None
        found = self.authenticate(request.headers.get("authorization"), request.headers.get("x-api-key"))
        return found is not None, found

    def sign_in(self, tenant: str) -> str:
        cookie = secrets.token_urlsafe(32)
        with self.lock:
            if len(self.signed_in) >= _MAX_SIGNED_IN:
                self.signed_in.pop(next(iter(self.signed_in)))
            self.signed_in[cookie] = tenant
        return cookie


def _html(body: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(body, status, headers=HEADERS)


def _redirect(to: str) -> RedirectResponse:
    return RedirectResponse(to, 303, headers=HEADERS)


def _message(title: str, text: str, status: int) -> HTMLResponse:
    return _html(page(title, f'<p class="error">{esc(text)}</p>'), status)


def _gate(viewer: Viewer, render: Callable[[Request, Session], str | Response]) -> Callable[[Request], Any]:
    """An endpoint: the host checked, the token traded for a cookie, the caller known, then the page made in a
    worker thread (the store blocks)."""

    async def endpoint(request: Request) -> Response:
        host = (request.headers.get("host") or "").lower()
        if viewer.allowed_hosts and host not in viewer.allowed_hosts:
            return _message("Wrong host", f"this viewer does not answer to the host {host!r}", 421)
        given = request.query_params.get("token")
        if viewer.token is not None and given is not None:
            if not hmac.compare_digest(given, viewer.token):
                return _message("Not allowed", "the token is not this viewer's: open the address it printed", 403)
            rest = request.url.remove_query_params("token")
            response = _redirect(rest.path + (f"?{rest.query}" if rest.query else ""))
            response.set_cookie(COOKIE, viewer.token, httponly=True, samesite="strict")
            return response

        def answer() -> str | Response:
            allowed, tenant = viewer.caller(request)  # a key store read: off the event loop
            if not allowed:
                if viewer.token is None:
                    return _redirect("/login")
                return _message("Not allowed", "open the address `mcp-context ui` printed (it holds the token)", 403)
            try:
                return render(request, viewer.session_for(tenant))
            except stories.NotFound as exc:
                return _message("Not found", str(exc), 404)
            except (ContextError, OSError, ValueError, TypeError, KeyError) as exc:  # a store the page cannot read
                return _message("Cannot show this page", f"{type(exc).__name__}: {exc}"[:500], 500)

        made = await anyio.to_thread.run_sync(answer)
        return made if isinstance(made, Response) else _html(made)

    return endpoint


class Pages:
    """One method per page: the address's parts in, the page out (NotFound for what is not within reach)."""

    def __init__(self, viewer: Viewer) -> None:
        self.viewer = viewer

    def sessions(self, request: Request, view: Session) -> str:
        return pages.sessions_page(stories.overviews(view))

    def _transcript(self, view: Session, sid: str) -> Path | None:
        return stories.transcript_of(view, sid) if self.viewer.transcripts else None

    def timeline(self, request: Request, view: Session) -> str:
        sid = stories.check_session(view, request.path_params["session"])
        return pages.timeline_page(stories.story(view, sid, self._transcript(view, sid), self.viewer.transcripts_read))

    def results(self, request: Request, view: Session) -> str:
        sid = stories.check_session(view, request.path_params["session"])
        return pages.results_page(sid, view.store.list_results(sid), _int(request, "start", 0, 0))

    def result(self, request: Request, view: Session) -> str:
        sid, handle = request.path_params["session"], request.path_params["handle"]
        grep = request.query_params.get("grep") or None
        return detail.result_page(view, sid, handle, _int(request, "start", 1, 1), grep)

    def download(self, request: Request, view: Session) -> Response:
        meta = stories.meta_of(view, request.path_params["session"], request.path_params["handle"])
        chunks = view.iter_text(ids.result_uri(meta.session, meta.handle))

        def encoded() -> Iterator[bytes]:
            for chunk in chunks:
                yield chunk.encode("utf-8", "surrogatepass")

        headers = {**HEADERS, "Content-Disposition": f'attachment; filename="{meta.handle}.txt"'}
        headers["Content-Length"] = str(meta.bytes)
        return StreamingResponse(encoded(), media_type="text/plain; charset=utf-8", headers=headers)

    def compaction(self, request: Request, view: Session) -> str:
        sid = stories.check_session(view, request.path_params["session"])
        entries = read_journal(view.store, sid)
        index = _int(request, "index", -1, -1, path=True)
        if not 0 <= index < len(entries) or entries[index].get("kind") != "compaction":
            raise stories.NotFound(f"no compaction {index} in session {sid}")
        number = sum(e.get("kind") == "compaction" for e in entries[: index + 1])
        return detail.compaction_page(view, sid, entries[index], number, self.viewer.maps)

    def search(self, request: Request, view: Session) -> str:
        return detail.search_page(view, request.query_params.get("q") or None)

    def audit(self, request: Request, view: Session) -> str:
        sid = stories.check_session(view, request.path_params["session"])
        return detail.audit_page(view, sid, self._transcript(view, sid), self.viewer.maps)

    async def login(self, request: Request) -> Response:
        """Sign in with an API key (beyond loopback): the key's tenant is kept against a random cookie."""
        check = self.viewer.authenticate
        if self.viewer.token is not None or check is None:
            return _redirect("/")
        if request.method != "POST":
            return _html(page("Sign in", _LOGIN_FORM))
        key = (await request.form()).get("key")
        tenant = await anyio.to_thread.run_sync(lambda: check(None, key)) if isinstance(key, str) and key else None
        if tenant is None:
            return _html(page("Sign in", '<p class="error">That key is not valid.</p>' + _LOGIN_FORM), 401)
        response = _redirect("/")
        secure = request.url.scheme == "https"
        response.set_cookie(COOKIE, self.viewer.sign_in(tenant), httponly=True, samesite="strict", secure=secure)
        return response


async def _static(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in _STATIC:
        return _message("Not found", f"nothing at {request.url.path}", 404)
    body = resources.files(__package__).joinpath(name).read_bytes()
    return Response(body, media_type=_STATIC[name], headers={**HEADERS, "Cache-Control": "max-age=3600"})


async def _not_found(request: Request, exc: Exception) -> Response:
    return _message("Not found", f"nothing at {request.url.path}", 404)


async def _not_allowed(request: Request, exc: Exception) -> Response:
    return _message("Not allowed", "this viewer only shows pages: use GET", 405)


def make_app(viewer: Viewer) -> Starlette:
    """The viewer's routes, each page behind the gate."""
    made = Pages(viewer)
    routes = [
        Route("/", _gate(viewer, made.sessions)),
        Route("/static/{name}", _static),
        Route("/login", made.login, methods=["GET", "POST"]),
        Route("/search", _gate(viewer, made.search)),
        Route("/s/{session}", _gate(viewer, made.timeline)),
        Route("/s/{session}/results", _gate(viewer, made.results)),
        Route("/s/{session}/r/{handle}", _gate(viewer, made.result)),
        Route("/s/{session}/r/{handle}/download", _gate(viewer, made.download)),
        Route("/s/{session}/compaction/{index}", _gate(viewer, made.compaction)),
        Route("/s/{session}/audit", _gate(viewer, made.audit)),
    ]
    return Starlette(routes=routes, exception_handlers={404: _not_found, 405: _not_allowed})


#: The files the pages load, all from the package: nothing from the network.
_STATIC = {"ui.css": "text/css", "icon.svg": "image/svg+xml"}
_LOGIN_FORM = (
    '<form method="post" action="/login"><label>API key <input name="key" type="password" autocomplete="off">'
    '</label> <button type="submit">sign in</button></form><p>A key from <code>mcp-context keys create</code>: '
    "the viewer shows that key's tenant.</p>"
)


def _int(request: Request, name: str, default: int, lowest: int, path: bool = False) -> int:
    """A number from the address; what is not one (or is below ``lowest``) is the default or the lowest."""
    raw = request.path_params.get(name) if path else request.query_params.get(name)
    try:
        return max(int(raw), lowest) if raw is not None else default
    except ValueError:
        return default


def loopback_hosts(port: int) -> set[str]:
    names = ("127.0.0.1", "localhost", "[::1]")
    return {f"{n}:{port}" for n in names} | set(names)


def serve(app: Starlette, host: str, port: int, ready: Callable[[int], None]) -> None:
    """Bind (port 0: a free one), call ``ready`` with the port, serve until interrupted."""
    import socket

    import uvicorn

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)  # connections wait in the queue from now on: the address printed next already answers
    ready(sock.getsockname()[1])
    config = uvicorn.Config(app, log_level="warning", access_log=False)
    uvicorn.Server(config).run(sockets=[sock])
