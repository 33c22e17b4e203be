"""The server over Streamable HTTP: many agents on many machines, one service, any replica answering.

The SDK's transport runs stateless (no protocol session: a balancer needs no sticky routing) with JSON
responses, behind a gate of ours that authenticates each request (auth.py), picks its tenant's Session
(tenants.py) and only then hands it to the transport. The RFC 9728 document is served without auth. Host and
Origin are checked by the SDK's DNS-rebinding protection against the names given at start.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import anyio.to_thread
from mcp.server.mcpserver import Context
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecuritySettings
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from ..errors import ContextError, InvalidInput, shown_path
from ..session import Session
from ..storage.keys import KeyStore
from . import sdk
from .app import ContextServer, build_server
from .auth import METADATA_PATH, Authenticator, Identity, JwtVerifier, challenge, resource_metadata
from .binding import failure
from .tenants import SESSION_HEADER, CurrentSession, Tenants, activate, deactivate, scopes_of

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
#: Tools that only read: a credential without ``ctx:write`` may call these and read resources.
READ_ONLY_TOOLS = frozenset({"read_persisted"})


@dataclass
class HttpOptions:
    """What ``serve --transport http`` was given."""

    host: str = "127.0.0.1"
    port: int = 8765
    allowed_hosts: list[str] = field(default_factory=list)
    allowed_origins: list[str] = field(default_factory=list)
    transcripts_root: Path | None = None
    issuer: str | None = None
    #: The largest request body: room for the largest result, JSON-escaped (the SDK's default is 4 MiB).
    max_body: int = 4 * 1024 * 1024


def is_loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def security(options: HttpOptions) -> TransportSecuritySettings:
    """DNS-rebinding protection: the Host header must name this server (loopback names, the bound address,
    the machine's names on a wildcard bind, and each ``--allowed-host``), and a browser's Origin must be one of
    the loopback origins or an ``--allowed-origin``. ``--allowed-host '*'`` turns both checks off, for a
    balancer that checks Host itself."""
    if "*" in options.allowed_hosts:
        return TransportSecuritySettings(enable_dns_rebinding_protection=False)
    names = ["127.0.0.1", "localhost", "[::1]", *options.allowed_hosts]
    if options.host in ("0.0.0.0", "::", ""):
        names += [socket.gethostname(), socket.getfqdn()]
    elif not is_loopback(options.host):
        names.append(f"[{options.host}]" if ":" in options.host else options.host)
    hosts = sorted({n for name in names for n in (name, f"{name}:*")})
    origins = ["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*", *options.allowed_origins]
    return TransportSecuritySettings(allowed_hosts=hosts, allowed_origins=origins)


class HttpContextServer(ContextServer):
    """The MCP server over HTTP: a transcript is a file on the client's machine, not the server's, so
    ``transcript=`` is refused unless ``--transcripts-root`` names a folder, and then read only inside it; a
    credential without ``ctx:write`` may only read."""

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None = None) -> Any:
        refusal = transcript_refusal(arguments.get("transcript"), self.context_session.transcript_roots or [])
        if refusal is None and name not in READ_ONLY_TOOLS and "ctx:write" not in scopes_of():
            refusal = f"{name} writes, and this credential may only read (its scopes: {', '.join(scopes_of())})"
        if refusal is not None:
            return failure(refusal)
        return await super().call_tool(name, arguments, context)


def transcript_refusal(spec: object, roots: list[Path]) -> str | None:
    """Why ``transcript=spec`` is not read over HTTP, or None to let the core read it (the core checks the
    opened file against the same folder again, so a link swapped in between does not escape it)."""
    if spec is None:
        return None
    if not roots:
        return (
            "transcript= is not read over HTTP (the server cannot see the client's files): send the messages "
            "instead, or start the server with --transcripts-root DIR"
        )
    if spec == "host":
        return "transcript='host' names the host's own transcript, which an HTTP server cannot see: send messages"
    if not isinstance(spec, str) or "\0" in spec:
        return None  # the core's own one line
    path = Path(spec).expanduser()
    resolved = path.resolve() if path.is_absolute() else path
    if not path.is_absolute() or not any(resolved.is_relative_to(r.resolve()) for r in roots):
        shown = ", ".join(shown_path(r) for r in roots)
        return f"transcript {spec!r} is outside the folder this server reads transcripts from ({shown})"
    return None


class Gate:
    """ASGI in front of the transport: authenticate, choose the tenant's Session, then serve."""

    def __init__(self, manager: StreamableHTTPSessionManager, auth: Authenticator, tenants: Tenants) -> None:
        self.manager, self.auth, self.tenants = manager, auth, tenants

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = Headers(scope=scope)
        authorization, api_key = headers.get("authorization"), headers.get("x-api-key")
        found: Identity | None = await anyio.to_thread.run_sync(self.auth.authenticate, authorization, api_key)
        if found is None:
            sent = bool(authorization or api_key)
            await unauthorized(base_url(scope), sent)(scope, receive, send)
            return
        try:
            session = self.tenants.session(found.tenant, headers.get(SESSION_HEADER))
        except ContextError as exc:
            await JSONResponse({"error": "invalid_request", "error_description": str(exc)}, 400)(scope, receive, send)
            return
        token = activate(session, found)
        try:
            await self.manager.handle_request(scope, receive, send)
        finally:
            deactivate(token)


def base_url(scope: Scope) -> str:
    return str(Request(scope).base_url).rstrip("/")


def unauthorized(base: str, sent: bool) -> JSONResponse:
    """401 for a missing or invalid credential: the same for every reason, with where to learn more."""
    if sent:
        body = {"error": "invalid_token", "error_description": "the credential is not valid"}
    else:
        body = {"error": "unauthorized", "error_description": "send Authorization: Bearer <API key or token>"}
    return JSONResponse(body, 401, headers={"WWW-Authenticate": challenge(base, sent)})


def make_app(tenants: Tenants, auth: Authenticator, options: HttpOptions) -> Starlette:
    """The ASGI app: ``/mcp`` behind the gate, the resource metadata beside it (at the root and, per RFC 9728
    section 3.1, with the resource's path appended)."""
    proxy = CurrentSession(tenants.transcript_roots)
    server = build_server(cast(Session, proxy), HttpContextServer)
    manager = StreamableHTTPSessionManager(
        app=sdk.lowlevel(server),
        stateless=True,
        json_response=True,
        security_settings=security(options),
        max_request_body_size=options.max_body,
    )

    async def metadata(request: Request) -> JSONResponse:
        return JSONResponse(resource_metadata(base_url(request.scope), options.issuer))

    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        async with manager.run():
            yield

    routes = [
        Route(METADATA_PATH, metadata, methods=["GET"]),
        Route(METADATA_PATH + "/mcp", metadata, methods=["GET"]),
        Route("/mcp", Gate(manager, auth, tenants)),
    ]
    return Starlette(routes=routes, lifespan=lifespan)


def authenticator(keys: KeyStore, jwt_verifier: JwtVerifier | None, host: str) -> tuple[Authenticator, str]:
    """Who may call, decided at start, and the line that says so. Credentials are required when the key store
    holds an active key or JWTs are accepted; with neither, a loopback bind serves its one local user (the
    plain root) and any other bind refuses to start, since anyone who reaches it would own the store."""
    active = sum(1 for record in keys.all() if record.revoked is None)
    if active or jwt_verifier is not None:
        ways = ([f"{active} API key{'s' if active != 1 else ''}"] if active else []) + (
            [f"JWTs from {jwt_verifier.issuer}"] if jwt_verifier is not None else []
        )
        return Authenticator(keys, jwt_verifier, required=True), f"credentials required ({' and '.join(ways)})"
    if not is_loopback(host):
        raise InvalidInput(
            f"refusing to serve on {host} without credentials: create a key (mcp-context keys create --tenant "
            "NAME) or give --jwks, --issuer and --audience"
        )
    return Authenticator(None, None, required=False), "no credentials: one local user, the plain root (loopback only)"


def run(app: Starlette, options: HttpOptions) -> None:
    """Serve until interrupted; uvicorn logs warnings only and no access lines (no request is echoed)."""
    import uvicorn

    config = uvicorn.Config(app, host=options.host, port=options.port, log_level="warning", access_log=False)
    uvicorn.Server(config).run()
