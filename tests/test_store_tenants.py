"""Tenants and keys on every backend (store_backends.py): a tenant sees nothing of another, search reaches only the
tenant and scope of its view, and API keys are added, found and revoked."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from store_backends import (
    Backend,
    each_backend,  # noqa: F401  (the store_kind fixture: the file store, then PostgreSQL)
)

from mcp_context.errors import StoreError, UnknownHandle
from mcp_context.storage.keys import FileKeyStore, new_key, verify

# tenants ------------------------------------------------------------------------------------------------------------


def _error(action: Callable[[str], object], handle: str) -> tuple[type, str]:
    try:
        action(handle)
    except Exception as exc:  # noqa: BLE001 - the error itself is what is compared
        return type(exc), str(exc)
    raise AssertionError("no error")


def test_a_tenant_sees_nothing_of_another(store_kind: Backend) -> None:
    a, b = store_kind.session("shared-id", tenant="a"), store_kind.session("shared-id", tenant="b")
    handle = a.persist_result("tenant a's secret\n", label="a").meta.handle
    a.store.write_state("shared-id", "loops", b'{"a": 1}')
    missing = "r_" + "0" * 16
    assert b.store.session_ids() == [] and b.store.list_sessions() == [] and b.store.latest_session() is None
    assert b.store.list_results("shared-id") == [] and b.store.read_state("shared-id", "loops") is None
    for action in (
        lambda h: b.read_persisted(h),
        lambda h: b.info(h),
        lambda h: b.store.meta("shared-id", h),
        lambda h: b.store.find(h, ["shared-id"]),
        lambda h: b.store.open_content("shared-id", h),
    ):
        theirs, nothing = _error(action, handle), _error(action, missing)
        assert theirs[0] is nothing[0] is UnknownHandle
        assert theirs[1].replace(handle, missing) == nothing[1]
    assert b.store.delete_result("shared-id", handle) == 0
    with pytest.raises(StoreError, match="no session"):
        b.store.delete_session("shared-id")
    assert a.read_persisted(handle).page.text == "tenant a's secret\n"  # type: ignore[union-attr]
    assert a.store.read_state("shared-id", "loops") == b'{"a": 1}'
    assert a.store.root != b.store.root


# keys ---------------------------------------------------------------------------------------------------------------


def test_keys_add_get_all_revoke(store_kind: Backend, tmp_path: Path) -> None:
    keys = store_kind.keys(tmp_path / "keys")
    assert isinstance(keys, FileKeyStore) == (store_kind.kind == "file")
    assert keys.all() == [] and keys.get("0123456789ab") is None
    key, record = new_key("acme")
    other_key, other = new_key("beta", ("ctx:read",))
    keys.add(record)
    keys.add(other)
    assert keys.get(record.key_id) == record and keys.all() == [record, other]
    assert verify(keys, key) == record and verify(keys, other_key) == other and verify(keys, key[:-1] + "x") is None
    assert key not in json.dumps([r.to_dict() for r in keys.all()])
    assert keys.revoke(record.key_id) and not keys.revoke("ffffffffffff")
    revoked = keys.get(record.key_id)
    assert revoked is not None and revoked.revoked is not None and verify(keys, key) is None
    assert keys.revoke(record.key_id) and keys.get(record.key_id) == revoked  # revoked once, when first revoked


def test_search_reaches_only_the_tenant_and_scope_of_the_view(store_kind: Backend) -> None:
    """A search answers from the sessions a read may reach: the view's tenant, and its scope within it."""
    from mcp_context.storage.scope import Scope

    a_mine, a_other = store_kind.session("mine", tenant="a"), store_kind.session("other", tenant="a")
    b_mine = store_kind.session("mine", tenant="b")
    for s, who in ((a_mine, "a-mine"), (a_other, "a-other"), (b_mine, "b-mine")):
        s.persist_result(f"the marker wombat, kept by {who}\n")
    found = {h.meta.session for h in a_mine.search_persisted("wombat").hits}
    assert found == {"mine", "other"}
    assert [h.meta.session for h in b_mine.search_persisted("wombat").hits] == ["mine"]
    assert "b-mine" in b_mine.read_persisted(b_mine.search_persisted("wombat").hits[0].meta.handle).page.text  # type: ignore[union-attr]
    bounded = store_kind.session("mine", tenant="a", scope=Scope.only("mine"))
    assert [h.meta.session for h in bounded.search_persisted("wombat").hits] == ["mine"]
