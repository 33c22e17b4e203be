"""What a host learns when it connects without a credential to a server that takes API keys.

A host that gets a 401 starts an OAuth sign-in (MCP authorization): it reads the resource metadata, finds no
authorization server in it, takes the server's own origin for one and registers itself there (RFC 7591
dynamic client registration, ``POST /register``). Claude Code 2.1.330 then shows the registration's status
and body as the server's problem: ``Dynamic Client Registration rejected (HTTP 404): Not Found`` says nothing
about a key. So, when no authorization server is configured (no ``--jwks``), the endpoints a sign-in falls
back to answer with what is needed instead, which the host shows as it is, and the 401 and the resource
metadata say the same. With ``--issuer``, sign-in goes to that server and none of this is served.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route

API_KEY_NEEDED = (
    "API key needed: this server takes an API key, not a sign-in; send the header "
    "'Authorization: Bearer <key>' (a key from `mcp-context keys create`)"
)
#: The endpoints an OAuth client falls back to on the resource's own origin (MCP authorization, 2025-06-18).
FALLBACK_ENDPOINTS = ("/register", "/authorize", "/token")


async def _refuse(_: Request) -> PlainTextResponse:
    # 403: registration and sign-in are refused here, whoever asks; the body is what the host shows.
    return PlainTextResponse(API_KEY_NEEDED, 403)


def routes(issuer: str | None) -> list[Route]:
    """The sign-in endpoints' answers, when there is no authorization server to send a host to."""
    if issuer:
        return []
    return [Route(path, _refuse, methods=["GET", "POST"]) for path in FALLBACK_ENDPOINTS]


def metadata(doc: dict[str, Any], issuer: str | None) -> dict[str, Any]:
    """The resource metadata, saying how to get in when no authorization server is named (RFC 9728 lets a
    document carry members a client does not know; ``resource_documentation`` must be a URL, so a member of
    its own holds the words)."""
    return doc if issuer else doc | {"authentication": API_KEY_NEEDED}
