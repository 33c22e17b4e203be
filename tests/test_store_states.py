"""The store's states on every backend (store_backends.py): read, written and locked, redacted when the store
redacts, and their lock exclusive across threads and across processes."""

from __future__ import annotations

import json
import subprocess
import sys
import threading

import pytest
from store_backends import (
    Backend,
    content,
    each_backend,  # noqa: F401  (the store_kind fixture: the file store, then PostgreSQL)
)

from mcp_context.storage.protocol import Store

# states -----------------------------------------------------------------------------------------------------------


def test_states_read_write_and_lock(store_kind: Backend) -> None:
    store = store_kind.store()
    assert store.read_state("s1", "loops") is None and store.peek_state("s1", "loops") is None
    store.write_state("s1", "loops", b'{"n": 1}')
    assert store.read_state("s1", "loops") == store.peek_state("s1", "loops") == b'{"n": 1}'
    with store.state_lock("s1", "loops") as hold:
        assert hold.stored == b'{"n": 1}' and hold.previous_failure is None
        hold.save(b'{"n": 2}')
    assert store.read_state("s1", "loops") == b'{"n": 2}'
    with store.state_lock("s1", "loops") as hold:
        pass  # nothing saved: nothing changes
    with pytest.raises(RuntimeError), store.state_lock("s1", "loops") as hold:
        hold.save(b'{"n": 3}')
        raise RuntimeError("the holder failed")
    assert store.read_state("s1", "loops") == b'{"n": 2}'
    with store.state_lock("fresh", "archives") as hold:
        assert hold.stored is None
    with pytest.raises(ValueError):
        store.read_state("s1", "../bad")


def test_states_are_redacted_when_the_store_redacts(store_kind: Backend) -> None:
    key = "sk-ant-api03-" + "A" * 90
    store = store_kind.store()
    store.write_state("s1", "loops", json.dumps({"k": key}).encode())
    with store.state_lock("s1", "archives") as hold:
        hold.save(json.dumps({"k": key}).encode())
    for name in ("loops", "archives"):
        assert key not in (store.read_state("s1", name) or b"").decode()


def _increment(store: Store, times: int) -> None:
    for _ in range(times):
        with store.state_lock("s1", "counter") as hold:
            n = json.loads(hold.stored or b'{"n": 0}')["n"]
            hold.save(json.dumps({"n": n + 1}).encode())


def test_state_lock_is_exclusive_across_threads(store_kind: Backend) -> None:
    stores = [store_kind.store() for _ in range(4)]  # stores of one process share locks as one store's threads do
    threads = [threading.Thread(target=_increment, args=(stores[i % 4], 25)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert json.loads(stores[0].read_state("s1", "counter") or b"{}") == {"n": 200}


CHILD = r"""
import json, sys
from pathlib import Path
from mcp_context.storage.opening import open_store
from mcp_context.tokens.count import TokenCount, TokenCounter
url, root, tenant, times = sys.argv[1] or None, Path(sys.argv[2]), sys.argv[3] or None, int(sys.argv[4])
store = open_store(url, root, tenant, counter=TokenCounter(), max_result_bytes=1 << 20, redact=False)
print("ready", flush=True)
sys.stdin.readline()
for _ in range(times):
    with store.state_lock("s1", "counter") as hold:
        n = json.loads(hold.stored or b'{"n": 0}')["n"]
        hold.save(json.dumps({"n": n + 1}).encode())
meta, _ = store.put_text("s1", f"written by process {sys.argv[5]}\0\r\u2028😀\n", label=None, source=None)
print(meta.handle, flush=True)
"""


@pytest.mark.slow
def test_state_lock_is_exclusive_across_processes_and_their_results_read_back(store_kind: Backend) -> None:
    args = [store_kind.url or "", str(store_kind.root), store_kind.tenant(None) or "", "60"]
    children = [
        subprocess.Popen(
            [sys.executable, "-c", CHILD, *args, str(i)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        for i in range(2)
    ]
    for child in children:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    _increment(store_kind.store(), 60)
    store = store_kind.store()
    for i, child in enumerate(children):
        assert child.wait(timeout=120) == 0 and child.stdout is not None
        handle = child.stdout.readline().strip()  # a result another process (a replica) wrote reads back here
        assert content(store, "s1", handle) == f"written by process {i}\0\r\u2028😀\n".encode()
        for pipe in (child.stdin, child.stdout):
            assert pipe is not None
            pipe.close()
    assert json.loads(store_kind.store().read_state("s1", "counter") or b"{}") == {"n": 180}
