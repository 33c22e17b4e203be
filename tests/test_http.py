"""The server over Streamable HTTP: real server processes on loopback ports, real HTTP, a real key store.

These tests start replicas (``python -m mcp_context ... serve --transport http``) over one shared store, the file
store and, when a PostgreSQL can be started, the database store, and talk to them with plain JSON-RPC POSTs: a
result stored on one is read on the other, tenants see nothing of each other, credentials are checked, and many
clients at once lose nothing."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import httpx2
import jwt
import pytest
from http_replicas import (
    ACCEPT,
    AUDIENCE,
    ISSUER,
    ODD_TEXT,
    Replica,
    Signer,
    call,
    cli,
    full_text,
    jwks_of_the_signers,  # noqa: F401  (the jwks_file fixture)
    rpc,
    signing_keys,  # noqa: F401  (the signers fixture)
    start,
    unsigned,
)
from pg_cluster import fresh_database

from mcp_context.server import auth
from mcp_context.storage import keys


@dataclass
class Service:
    """Two replicas over one store, keys for two tenants, JWTs from a test issuer."""

    replicas: list[Replica]
    root: Path
    store: list[str]
    key_a: str
    key_b: str
    transcripts: Path


@pytest.fixture(scope="module", params=["file", "postgresql"])
def service(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, jwks_file: Path
) -> Iterator[Service]:
    if request.param == "postgresql":
        try:
            import mcp_context.storage.postgres  # noqa: F401
        except ImportError:
            pytest.skip("the PostgreSQL store is not in this tree yet")
        store = ["--store", fresh_database(request.getfixturevalue("pg_url"))]
    else:
        store = []
    root = tmp_path_factory.mktemp("http") / "store"
    made = [cli(root, store, "keys", "create", "--tenant", t) for t in ("team-a", "team-b")]
    assert all(m.returncode == 0 for m in made), [m.stderr for m in made]
    transcripts = root.parent / "transcripts"
    transcripts.mkdir()
    common = ["--jwks", str(jwks_file), "--issuer", ISSUER, "--audience", AUDIENCE]
    replicas = [start(root, store, *common), start(root, store, *common, "--transcripts-root", str(transcripts))]
    try:
        yield Service(replicas, root, store, *(m.stdout.splitlines()[-1] for m in made), transcripts)
    finally:
        for replica in replicas:
            replica.process.terminate()
        for replica in replicas:
            replica.process.wait(timeout=30)


@pytest.mark.slow
def test_persist_on_one_replica_read_on_the_other_byte_equal(service: Service) -> None:
    first, second = service.replicas

    async def go() -> tuple[Any, Any]:
        from mcp import Client
        from mcp.client.streamable_http import streamable_http_client

        headers = {"Authorization": f"Bearer {service.key_a}"}
        async with httpx2.AsyncClient(headers=headers) as hc:
            async with Client(streamable_http_client(first.url, http_client=hc)) as c:
                stored = await c.call_tool("persist_result", {"content": ODD_TEXT, "label": "odd"})
            async with Client(streamable_http_client(second.url, http_client=hc)) as c:
                read = await c.read_resource(stored.structured_content["uri"])
        return stored, read

    stored, read = anyio.run(go)
    assert not stored.is_error
    assert read.contents[0].text == ODD_TEXT
    page = call(
        second.url, service.key_a, "read_persisted", handle=stored.structured_content["handle"], max_chars=10**6
    )
    assert not page.get("isError"), page


@pytest.mark.slow
def test_another_tenant_sees_nothing_and_learns_nothing(service: Service) -> None:
    first, second = service.replicas
    handle = call(first.url, service.key_a, "persist_result", content="team a's secret plan\n")["structuredContent"][
        "handle"
    ]
    missing = "r_" + "0" * 16 if handle != "r_" + "0" * 16 else "r_" + "1" * 16
    theirs = call(second.url, service.key_b, "read_persisted", handle=handle)
    nothing = call(second.url, service.key_b, "read_persisted", handle=missing)
    assert theirs["isError"] and nothing["isError"]
    assert theirs["content"][0]["text"].replace(handle, "H") == nothing["content"][0]["text"].replace(missing, "H")
    uri = "mcp-context://sessions/default/results/{}"
    as_resource = rpc(second.url, "resources/read", {"uri": uri.format(handle)}, service.key_b).json()["error"]
    none_resource = rpc(second.url, "resources/read", {"uri": uri.format(missing)}, service.key_b).json()["error"]
    assert as_resource["code"] == none_resource["code"]
    assert as_resource["message"].replace(handle, "H") == none_resource["message"].replace(missing, "H")
    listed = rpc(first.url, "resources/list", {}, service.key_b).json()["result"]["resources"]
    assert all(handle not in r["uri"] for r in listed)
    assert any(
        handle in r["uri"] for r in rpc(first.url, "resources/list", {}, service.key_a).json()["result"]["resources"]
    )


@pytest.mark.slow
def test_the_session_header_and_argument_choose_the_session(service: Service) -> None:
    first, _ = service.replicas
    headed = rpc(
        first.url,
        "tools/call",
        {"name": "persist_result", "arguments": {"content": "in the header's session\n"}},
        service.key_a,
        **{"Mcp-Context-Session": "build-42"},
    ).json()["result"]
    assert "build-42" in headed["structuredContent"]["uri"]
    argued = call(first.url, service.key_a, "persist_result", content="by argument\n", session="other")
    assert "/sessions/other/" in argued["structuredContent"]["uri"]
    bad = rpc(first.url, "tools/list", {}, service.key_a, **{"Mcp-Context-Session": "../x"})
    assert bad.status_code == 400 and "invalid session" in bad.json()["error_description"]


@pytest.mark.slow
def test_missing_wrong_revoked_and_expired_credentials_get_401(service: Service, signers: list[Signer]) -> None:
    first, second = service.replicas
    made = cli(service.root, service.store, "keys", "create", "--tenant", "team-c")
    revoked = made.stdout.splitlines()[-1]
    assert call(first.url, revoked, "read_persisted", handle="r_" + "0" * 16)["isError"]  # valid before
    key_id = revoked[4:16]
    assert cli(service.root, service.store, "keys", "revoke", key_id).returncode == 0
    cases = {
        "missing": None,
        "wrong": "mcx_" + "0" * 12 + "_" + "A" * 43,
        "garbage": "hello",
        "revoked": revoked,
        "expired": signers[0].token(exp=int(time.time()) - 3600),
        "alg none": unsigned(),
        "other audience": signers[1].token(aud="https://elsewhere/mcp"),
        "kid of another type": jwt.encode(
            {"iss": ISSUER, "aud": AUDIENCE, "sub": "x", "exp": int(time.time()) + 600},
            signers[1].key,
            "ES256",
            {"kid": "rsa-1"},
        ),
    }
    for name, credential in cases.items():
        for replica in (first, second):
            response = rpc(replica.url, "tools/list", {}, credential)
            assert response.status_code == 401, name
            header = response.headers["www-authenticate"]
            metadata = f'resource_metadata="{replica.base}/.well-known/oauth-protected-resource"'
            assert header == (f'Bearer error="invalid_token", {metadata}' if credential else f"Bearer {metadata}")
            if credential:
                assert credential not in response.text
    for signer in signers:  # and the good ones pass
        assert rpc(first.url, "tools/list", {}, signer.token()).status_code == 200
    x_api_key = httpx2.post(
        first.url,
        json={"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}},
        headers=ACCEPT | {"x-api-key": service.key_a},
    )
    assert x_api_key.status_code == 200
    logs = "".join(r.log.read_text(errors="replace") for r in service.replicas)
    assert revoked not in logs and service.key_a not in logs and "eyJ" not in logs


@pytest.mark.slow
def test_the_resource_metadata_document_needs_no_credentials(service: Service) -> None:
    first, _ = service.replicas
    for path in (auth.METADATA_PATH, auth.METADATA_PATH + "/mcp"):
        doc = httpx2.get(first.base + path).json()
        assert doc["resource"] == first.url
        assert doc["authorization_servers"] == [ISSUER]
        assert doc["bearer_methods_supported"] == ["header"]


@pytest.mark.slow
def test_transcripts_are_refused_over_http_unless_allowed(service: Service) -> None:
    plain, allowing = service.replicas
    inside = service.transcripts / "t.jsonl"
    inside.write_text('{"type": "user", "message": {"role": "user", "content": "hi"}}\n')
    outside = service.root.parent / "elsewhere.jsonl"
    outside.write_text(inside.read_text())
    for spec in (str(inside), "host"):
        refused = call(plain.url, service.key_a, "compact_history", transcript=spec, target_tokens=1000)
        assert refused["isError"] and "not read over HTTP" in refused["content"][0]["text"]
    refused = call(allowing.url, service.key_a, "compact_history", transcript=str(outside), target_tokens=1000)
    assert refused["isError"] and "outside the folder" in refused["content"][0]["text"]
    host = call(allowing.url, service.key_a, "compact_history", transcript="host", target_tokens=1000)
    assert host["isError"] and "'host'" in host["content"][0]["text"]
    read = call(allowing.url, service.key_a, "compact_history", transcript=str(inside), target_tokens=1000)
    assert not read.get("isError"), read


@pytest.mark.slow
def test_a_read_only_key_may_read_but_not_write(service: Service) -> None:
    first, _ = service.replicas
    made = cli(service.root, service.store, "keys", "create", "--tenant", "team-a", "--scope", "ctx:read")
    reader = made.stdout.splitlines()[-1]
    refused = call(first.url, reader, "persist_result", content="x\n")
    assert refused["isError"] and "may only read" in refused["content"][0]["text"]
    handle = call(first.url, service.key_a, "persist_result", content="readable\n")["structuredContent"]["handle"]
    assert not call(first.url, reader, "read_persisted", handle=handle).get("isError")


@pytest.mark.slow
def test_16_clients_x_20_round_trips_on_alternating_replicas_lose_nothing(service: Service) -> None:
    urls = [r.url for r in service.replicas]
    lost: list[str] = []
    timings: list[float] = []

    async def client(n: int, http_client: httpx2.AsyncClient) -> None:
        headers = ACCEPT | {"authorization": f"Bearer {service.key_a}", "mcp-context-session": f"load-{n}"}
        for i in range(20):
            text = f"client {n} trip {i}\n" + ODD_TEXT + "\n" + os.urandom(2048).hex()
            started = time.perf_counter()
            body = {"name": "persist_result", "arguments": {"content": text}}
            put = await http_client.post(urls[i % 2], json=_rpc("tools/call", body), headers=headers)
            uri = put.json()["result"]["structuredContent"]["uri"]
            got = await http_client.post(urls[(i + 1) % 2], json=_rpc("resources/read", {"uri": uri}), headers=headers)
            timings.append(time.perf_counter() - started)
            if got.json()["result"]["contents"][0]["text"] != text:
                lost.append(f"{n}/{i}")

    async def main() -> None:
        async with httpx2.AsyncClient(timeout=120) as http_client, anyio.create_task_group() as tg:
            for n in range(16):
                tg.start_soon(client, n, http_client)

    anyio.run(main)
    assert lost == [] and len(timings) == 320
    timings.sort()
    print(f"\n320 persist+read round trips: p50 {timings[160] * 1000:.1f} ms, p99 {timings[316] * 1000:.1f} ms")


def _rpc(method: str, params: dict[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}


@pytest.mark.slow
def test_a_non_loopback_bind_without_credentials_refuses_to_start(tmp_path: Path) -> None:
    result = cli(tmp_path / "empty", [], "serve", "--transport", "http", "--host", "0.0.0.0", "--port", "1")
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "mcp-context: error: refusing to serve on 0.0.0.0 without credentials: create a key (mcp-context keys create "
        "--tenant NAME) or give --jwks, --issuer and --audience"
    ]


def test_our_api_keys_are_redacted_from_stored_text() -> None:
    """A key pasted into a tool output is stored as a placeholder, like any other credential format."""
    import re

    from mcp_context.redaction import Redactor

    key, _ = keys.new_key("team-a")
    out = Redactor("s1").text(f"export MCX={key}\ncurl -H 'X-API-Key: {key}' ...")
    assert key not in out and key[16:] not in out and out.count("[secret:mcp_context_key:") == 2
    look_alike = "mcx_0123456789ab_short"
    assert Redactor("s1").text(look_alike) == look_alike
    assert re.fullmatch(keys.KEY_PATTERN, key)


@pytest.mark.slow
def test_a_result_larger_than_the_sdks_default_body_limit_goes_through(service: Service) -> None:
    """The transport's request limit follows the store's result limit (the SDK's own is 4 MiB)."""
    first, second = service.replicas
    text = "".join(f"line {i} {'x' * 60}\n" for i in range(100_000))  # 7 MB
    stored = call(first.url, service.key_a, "persist_result", content=text)
    assert not stored.get("isError"), stored
    assert full_text(second.url, service.key_a, stored["structuredContent"]["handle"]) == text
