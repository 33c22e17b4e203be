"""The public surface: what `import mcp_context` offers, and that the core stays free of MCP."""

from __future__ import annotations

import mcp_context


def test_public_names_are_pinned() -> None:
    assert mcp_context.__all__ == [
        "CheckLoopArgs",
        "CleanupReport",
        "CompactArgs",
        "Compaction",
        "ContextError",
        "InvalidArgument",
        "InvalidId",
        "InvalidInput",
        "Limits",
        "LoopCheck",
        "PersistArgs",
        "Persisted",
        "RangeSummary",
        "Read",
        "ReadArgs",
        "Reuse",
        "Session",
        "StoreError",
        "SummarizeArgs",
        "TokenCount",
        "TokenCounter",
        "TooLarge",
        "UnknownHandle",
        "__version__",
    ]


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
