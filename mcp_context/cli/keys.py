"""``mcp-context keys``: the API keys an HTTP server accepts, each bound to one tenant.

A key is printed once, as the last line of ``keys create``, so a script can take it with ``tail -n1``; only its
hash is stored (beside the file store, or in the database of ``--store``). Listings show ids, never secrets.
"""

from __future__ import annotations

import click

from ..config import resolve_settings
from ..storage import keys as key_records
from ..storage.keys import KeyStore
from .common import Ctx, emit_json, table, when
from .options import json_option


def _keys(obj: Ctx) -> KeyStore:
    from ..storage.opening import open_keys

    settings = resolve_settings(obj.root, store=obj.store)
    return open_keys(settings.store, settings.root)


@click.group()
def keys() -> None:
    """API keys for the HTTP server (serve --transport http): create, list, revoke.

    \b
    Example:
      mcp-context keys create --tenant team-a      # the key is the last line
      mcp-context keys list
      mcp-context keys revoke 0123456789ab
    """


@keys.command("create")
@click.option("--tenant", required=True, metavar="NAME", help="Whose share of the store the key reaches.")
@click.option(
    "--scope",
    "scopes",
    multiple=True,
    type=click.Choice(list(key_records.SCOPES)),
    help="What the key may do (repeat; default ctx:read and ctx:write). ctx:read alone may only read.",
)
@click.pass_obj
def create(obj: Ctx, tenant: str, scopes: tuple[str, ...]) -> None:
    """Make a key for a tenant and print it once (only its hash is kept)."""
    key, record = key_records.new_key(tenant, scopes or key_records.SCOPES[:2])
    _keys(obj).add(record)
    scopes_shown = ", ".join(record.scopes)
    click.echo(f"key {record.key_id} for tenant {record.tenant} ({scopes_shown}); shown only now:", err=True)
    click.echo(key)


@keys.command("list")
@json_option
@click.pass_obj
def list_keys(obj: Ctx, as_json: bool) -> None:
    """The keys: id, tenant, scopes, when made and revoked (no secrets, no hashes)."""
    records = sorted(_keys(obj).all(), key=lambda r: r.created)
    if as_json:
        emit_json(
            [
                {"key_id": r.key_id, "tenant": r.tenant, "scopes": list(r.scopes), "created": r.created}
                | {"revoked": r.revoked}
                for r in records
            ]
        )
        return
    rows = [[r.key_id, r.tenant, ",".join(r.scopes), when(r.created), when(r.revoked or 0)] for r in records]
    click.echo(table(["ID", "TENANT", "SCOPES", "CREATED", "REVOKED"], rows))


@keys.command("revoke")
@click.argument("key_id")
@click.pass_obj
def revoke(obj: Ctx, key_id: str) -> None:
    """Revoke a key by its id: every server refuses it from its next request."""
    from ..errors import InvalidArgument

    if not _keys(obj).revoke(key_records.check_key_id(key_id)):
        raise InvalidArgument(f"no key {key_id}: `mcp-context keys list` shows the ids")
    click.echo(f"revoked key {key_id}")
