"""The server over Streamable HTTP: many agents on many machines, one service, any replica answering.

The SDK's transport runs stateless (no protocol session: a balancer needs no sticky routing) with JSON
responses, behind a gate of ours that authenticates each request (auth.py), picks its tenant's Session
(tenants.py) and only then hands it to the transport. The RFC 9728 document is served without auth. Host and
Origin are checked by the SDK's DNS-rebinding protection against the names given at start.
"""

from __future__ import annotations

import contextlib
import ipaddress
import logging
import socket
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import anyio.to_thread
import pydantic_core
from mcp import MCPError
from mcp.server.mcpserver import Context
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecuritySettings
from mcp.types import INTERNAL_ERROR
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from ..errors import ContextError, InvalidArgument, InvalidId, InvalidInput, echoed, shown_path
from ..session import Session
from ..storage.keys import KeyStore
from . import logs, posted, sdk, signin
from .app import ContextServer, build_server
from .auth import (
    METADATA_PATH,
    SCOPES,
    Authenticator,
    JwtVerifier,
    challenge,
    metadata_parameter,
    resource_metadata,
)
from .binding import failure
from .tenants import SESSION_HEADER, CurrentSession, Tenants, activate, deactivate, scopes_of
from .wire import unencodable

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
#: Seconds a client is asked to wait before retrying when the store cannot answer.
RETRY_AFTER_SECONDS = 5
#: Tools that only read: a credential without ``ctx:write`` may call these and read resources.
READ_ONLY_TOOLS = frozenset({"read_persisted"})

log = logging.getLogger("mcp_context.http")


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
    #: What is logged (see logs.py): by default nothing for a request that went well.
    log_level: str = logs.DEFAULT


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
        answer = await super().call_tool(name, arguments, context)
        why = unwritable(answer)
        return answer if why is None else failure(f"the answer of {echoed(name)} {why}")

    async def read_resource(self, uri: Any, context: Any = None) -> Any:
        contents = await super().read_resource(uri, context)
        why = unwritable(contents)
        if why is not None:
            raise MCPError(code=INTERNAL_ERROR, message=f"Internal error: the resource {why}")
        return contents


def unwritable(answer: object) -> str | None:
    """Why an answer cannot be written as JSON, or None. Over stdio the wire answers such a reply with an
    error for its request (wire.encoded); over HTTP the SDK's transport would answer 500 without the id, so
    the answer is checked here, before it leaves, by encoding it once."""
    try:
        pydantic_core.to_json(answer)
    except Exception as exc:  # noqa: BLE001  (whatever cannot be encoded: the request still gets its answer)
        return unencodable(exc)
    return None


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

    def __init__(
        self, manager: StreamableHTTPSessionManager, auth: Authenticator, tenants: Tenants, max_body: int
    ) -> None:
        self.manager, self.auth, self.tenants, self.max_body = manager, auth, tenants, max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = Headers(scope=scope)
        authorization, api_key = headers.get("authorization"), headers.get("x-api-key")
        try:
            found = await anyio.to_thread.run_sync(self.auth.authenticate, authorization, api_key)
            session = self.tenants.session(found.tenant, headers.get(SESSION_HEADER)) if found is not None else None
        except (InvalidId, InvalidArgument) as exc:  # the session header
            await JSONResponse({"error": "invalid_request", "error_description": str(exc)}, 400)(scope, receive, send)
            return
        except Exception as exc:  # noqa: BLE001  (a store that cannot answer: the client may retry, in one line)
            await unavailable(exc)(scope, receive, send)
            return
        if found is None or session is None:
            sent = bool(api_key or (authorization or "").strip().partition(" ")[2].strip())  # "Bearer " is none
            await unauthorized(base_url(scope), sent)(scope, receive, send)
            return
        if not found.scopes:
            await insufficient_scope(base_url(scope))(scope, receive, send)
            return
        if scope.get("method") == "POST":
            body, receive = await posted.buffered(receive, self.max_body)
            answer = posted.refused(body) if body is not None else None
            if answer is not None:
                await answer(scope, receive, send)
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
        body = {"error": "unauthorized", "error_description": signin.API_KEY_NEEDED}
    return JSONResponse(body, 401, headers={"WWW-Authenticate": challenge(base, sent)})


def insufficient_scope(base: str) -> JSONResponse:
    """403 for a valid credential that grants none of our scopes (RFC 6750 section 3.1)."""
    body = {"error": "insufficient_scope", "error_description": f"the credential grants none of: {' '.join(SCOPES)}"}
    header = f'Bearer error="insufficient_scope", scope="{" ".join(SCOPES)}", {metadata_parameter(base)}'
    return JSONResponse(body, 403, headers={"WWW-Authenticate": header})


def unavailable(exc: Exception) -> JSONResponse:
    """503 with Retry-After when the credentials or the tenant's store cannot be read now (a database down):
    the store's own line, never a traceback; the cause of anything else is logged in one line."""
    if isinstance(exc, ContextError):
        why = str(exc)
    else:
        why = "the server could not check the credential"
        first = (str(exc).splitlines() or [""])[0][:300]
        log.error("checking a credential failed: %s: %s", type(exc).__name__, first)
    body = {"error": "temporarily_unavailable", "error_description": why}
    return JSONResponse(body, 503, headers={"Retry-After": str(RETRY_AFTER_SECONDS)})


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
        doc = resource_metadata(base_url(request.scope), options.issuer)
        return JSONResponse(signin.metadata(doc, options.issuer))

    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        async with manager.run():
            yield

    routes = [
        Route(METADATA_PATH, metadata, methods=["GET"]),
        Route(METADATA_PATH + "/mcp", metadata, methods=["GET"]),
        Route("/mcp", Gate(manager, auth, tenants, options.max_body)),
        *signin.routes(options.issuer),
    ]
    return Starlette(routes=routes, lifespan=lifespan)


def authenticator(keys: KeyStore, jwt_verifier: JwtVerifier | None, host: str) -> tuple[Authenticator, str]:
    """Who may call, and the line that says so at start. Credentials are required when the key store holds an
    active key or JWTs are accepted, decided again on every request (see Authenticator); with neither, a
    loopback bind serves its one local user (the plain root) until a key is created, and any other bind refuses
    to start, since anyone who reaches it would own the store."""
    active = sum(1 for record in keys.all() if record.revoked is None)
    loopback = is_loopback(host)
    gate = Authenticator(keys, jwt_verifier, loopback=loopback)
    if active or jwt_verifier is not None:
        ways = ([f"{active} API key{'s' if active != 1 else ''}"] if active else []) + (
            [f"JWTs from {jwt_verifier.issuer}"] if jwt_verifier is not None else []
        )
        return gate, f"credentials required ({' and '.join(ways)})"
    if not loopback:
        raise InvalidInput(
            f"refusing to serve on {host} without credentials: create a key (mcp-context keys create --tenant "
            "NAME) or give --jwks, --issuer and --audience"
        )
    return gate, "no credentials yet: one local user, the plain root (loopback only), until a key is created"


def run(app: Starlette, options: HttpOptions) -> None:
    """Serve until interrupted, logging at ``options.log_level``: at most uvicorn's access line per request."""
    import uvicorn

    logs.configure(options.log_level)
    config = uvicorn.Config(
        app,
        host=options.host,
        port=options.port,
        log_level=options.log_level,
        access_log=logs.access_log(options.log_level),
        log_config=None,  # uvicorn's records go to the one handler on stderr, its access lines too
    )
    uvicorn.Server(config).run()
