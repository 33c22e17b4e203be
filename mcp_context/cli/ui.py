"""``mcp-context ui``: the store's sessions in a browser, read-only, on loopback unless told otherwise."""

from __future__ import annotations

import secrets
import webbrowser
from typing import TYPE_CHECKING

import click

from .common import Ctx

if TYPE_CHECKING:
    from ..session import Session
    from ..ui.app import Viewer


@click.command(name="ui")
@click.option(
    "--host", default="127.0.0.1", show_default=True, help="The address to bind; beyond loopback, API keys decide."
)
@click.option("--port", type=click.IntRange(0, 65535), default=0, help="The port (default: a free one).")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the default browser.")
@click.option(
    "--scope",
    "reach",
    type=click.Choice(["all", "session"]),
    default="all",
    show_default=True,
    help="Which sessions to show: all under the root, or only --session's.",
)
@click.pass_obj
def ui(obj: Ctx, host: str, port: int, open_browser: bool, reach: str) -> None:
    """Look at the sessions in a browser: sizes, compactions, loop checks, what the hooks kept out.

    \b
    A session's timeline charts its context against the model's window, with each compaction (tokens before
    and after, the layers that ran, the archive), each loop warning with its evidence, and each output a hook
    stored; every result and archived original opens as numbered text, searchable, downloadable. Read-only.
    On loopback the address printed carries a random token; beyond it (--host) the store's API keys apply.
    Example:
      mcp-context ui --open
      mcp-context --session demo-20261128-050714 ui --scope session
    """
    from ..server.http import is_loopback
    from ..storage import ids
    from ..ui.app import loopback_hosts, make_app, serve

    if reach == "session" and not obj.session:
        raise click.UsageError("--scope session needs --session ID before the command")
    if obj.session:
        ids.check_session(obj.session)  # the one-line answer to a bad id, before anything starts
    local = is_loopback(host)
    viewer = _local(obj, reach) if local else _tenants(obj, host)

    def ready(bound: int) -> None:
        if local:
            viewer.allowed_hosts = loopback_hosts(bound)
        shown = f"[{host}]" if ":" in host else host
        page = f"s/{obj.session}" if obj.session else ""  # a session named: its timeline
        address = f"http://{shown}:{bound}/{page}" + (f"?token={viewer.token}" if viewer.token else "")
        click.echo(f"mcp-context ui: read-only view of the store at {address}  (Ctrl-C to stop)", err=True)
        click.echo(address)
        if open_browser:
            webbrowser.open(address)

    serve(make_app(viewer), host, port, ready)


def _local(obj: Ctx, reach: str) -> Viewer:
    from ..storage.scope import Scope
    from ..ui.app import Viewer as Made

    view = obj.open(continue_latest=False) if reach == "session" else obj.open()
    if reach == "session":
        view.scope = Scope.only(view.id)
    return Made(lambda _tenant: view, secrets.token_urlsafe(32))


def _tenants(obj: Ctx, host: str) -> Viewer:
    """Beyond loopback: the store's API keys and tenants, as the HTTP server applies them."""
    from ..config import resolve_settings
    from ..server import http
    from ..server.tenants import Tenants
    from ..storage.opening import open_keys
    from ..ui.app import Viewer as Made

    settings = resolve_settings(obj.root, limits=obj.limits, store=obj.store)
    keys = open_keys(settings.store, settings.root)
    if not any(record.revoked is None for record in keys.all()):
        raise click.UsageError(
            f"refusing to show the store on {host} without API keys: create one first "
            "(mcp-context keys create --tenant NAME)"
        )
    auth, _how = http.authenticator(keys, None, host)
    tenants = Tenants(obj.root, obj.store, transcript_roots=[], session_options={"limits": obj.limits})

    def tenant_of(authorization: str | None, key: str | None) -> str | None:
        found = auth.authenticate(authorization, key)
        return found.tenant if found is not None else None

    def session_for(tenant: str | None) -> Session:
        return tenants.session(tenant, None)

    return Made(session_for, None, tenant_of, transcripts=False)
