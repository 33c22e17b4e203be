"""The public surface: what `import mcp_context` offers, and that the core stays free of MCP."""

from __future__ import annotations

import subprocess
import sys

import mcp_context


def test_public_names_are_pinned() -> None:
    assert mcp_context.__all__ == [
        "CleanupReport",
        "Compaction",
        "ContextError",
        "InvalidArgument",
        "InvalidId",
        "Limits",
        "LoopCheck",
        "Persisted",
        "RangeSummary",
        "Read",
        "Session",
        "StoreError",
        "TokenCount",
        "TokenCounter",
        "TooLarge",
        "UnknownHandle",
        "__version__",
    ]


def test_core_imports_no_mcp() -> None:
    code = (
        "import sys, mcp_context, mcp_context.api, mcp_context.render, mcp_context.store, mcp_context.reading,"
        "mcp_context.history.compact, mcp_context.history.transcripts, mcp_context.loops.service,"
        "mcp_context.summary.engine, mcp_context.demo_material;"
        "print(sorted(m for m in sys.modules if m == 'mcp' or m.startswith('mcp.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_session_resolution_order(tmp_path: object) -> None:
    from mcp_context import Session

    assert Session(root=str(tmp_path), session="given", env={"MCP_CONTEXT_SESSION": "env"}).id == "given"
    env = {"MCP_CONTEXT_SESSION": "env", "CLAUDE_CODE_SESSION_ID": "host"}
    assert Session(root=str(tmp_path), env=env).settings.session_source == "MCP_CONTEXT_SESSION"
    host = Session(root=str(tmp_path), env={"CLAUDE_CODE_SESSION_ID": "0b6c7d2e-aaaa-4bbb-8ccc-123456789abc"})
    assert host.id == "0b6c7d2e-aaaa-4bbb-8ccc-123456789abc"
    generated = Session(root=str(tmp_path), env={})
    assert generated.settings.session_source == "generated" and generated.id.startswith("s-")
    unusable = Session(root=str(tmp_path), env={"CLAUDE_CODE_SESSION_ID": "../abc.def"})  # the host's: passed over
    assert unusable.id.startswith("s-") and "not a usable session id" in unusable.settings.session_source
    root = Session(env={"MCP_CONTEXT_HOME": str(tmp_path)}).store.root
    assert str(root) == str(tmp_path)
