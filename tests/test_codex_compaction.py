"""What a host's own compaction kept and dropped, for Codex CLI and from Gemini CLI's live chat file.

Codex CLI: ``tests/hosts/codex/compaction.jsonl`` is a rollout the real Codex CLI 0.169.0 wrote when it passed its
auto-compact limit (``scripts/record-codex --only compaction``: a scripted model reporting each request's size as
its input tokens, ``model_auto_compact_token_limit=7500``). Its ``compacted`` record holds the scripted summary,
which keeps the user's request and the cause but not the failing check's error nor the open item on divide().
``compaction-manual.jsonl`` is the real Codex CLI's interactive session (its TUI, driven in a pseudo-terminal by
tests/test_codex_compaction_real.py) compacted by the user's ``/compact`` after one prompt: there the summary's
item and the ``compacted`` record have token bookkeeping between them, and the summary follows the model's last
answer directly.
Gemini CLI: ``tests/gemini-compress/compressed.jsonl`` (the real Gemini CLI 0.61.0), whose one compression
replaced the user's first request with the scripted model's summary ``OK``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from test_hooks import answer

from mcp_context import Session
from mcp_context.cli.main import cli
from mcp_context.hooks import audit, insight
from mcp_context.journal import read_journal
from mcp_context.ui import detail
from mcp_context.ui.story import ArchiveMap

HOSTS = Path(__file__).parent / "hosts"
ROLLOUT = HOSTS / "codex" / "compaction.jsonl"
TRUTH = json.loads(ROLLOUT.with_suffix(".truth.json").read_text(encoding="utf-8"))
GEMINI = Path(__file__).parent / "gemini-compress"
LINES = ROLLOUT.read_text(encoding="utf-8").splitlines(keepends=True)
AT = next(i for i, line in enumerate(LINES) if json.loads(line)["type"] == "compacted")
SESSION = json.loads(LINES[0])["payload"]["id"]


def _hook_input(path: Path, event: str, **more: Any) -> dict[str, Any]:
    return {
        "session_id": SESSION,
        "transcript_path": str(path),
        "cwd": "/tmp/proj",
        "hook_event_name": event,
        "model": "gpt-5.1-codex",
        **more,
    }


def test_codex_compaction_is_read_off_its_compacted_record() -> None:
    found = audit.audit(ROLLOUT)
    assert (found.host, found.found, found.boundaries) == ("codex-cli", True, 1)
    assert found.summary == TRUTH["compaction_summary"]  # the bridge sentence Codex puts before it is not its own
    kinds = {(f.kind, f.text.split(":")[0]) for f in found.dropped}
    assert ("open", "Pending") in kinds and any(k == "failure" for k, _ in kinds), found.report()
    assert any("AssertionError: add(2, 3) should be 5" in f.text for f in found.dropped)
    # the user's requests are kept verbatim in the history Codex put in place, so they count as kept
    kept = [f for f in found.checked if f not in found.dropped]
    requests = [f.text for f in kept if f.kind == "request"]
    assert requests == [r["text"] for r in TRUTH["user_requests"]]
    # the summary Codex recorded as an assistant item just before the record is none of the originals
    assert all(f.text != TRUTH["compaction_summary"] for f in found.checked)
    assert found.to_dict()["kept_by_kind"]["request"] == 2 and "codex-cli compaction" in found.report()


MANUAL = HOSTS / "codex" / "compaction-manual.jsonl"


def test_a_manual_compact_is_audited_without_its_summary_among_the_originals(tmp_path: Path) -> None:
    """After ``/compact`` Codex writes the summary as an assistant item right after the model's last answer, then
    token records, then the ``compacted`` record: the summary is neither an original nor part of the answer's
    facts, and the hooks (PreCompact before the summary request, SessionStart(compact) at the next prompt) hand
    back the drops once."""
    lines = MANUAL.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if json.loads(line)["type"] == "compacted")
    summary = audit.codex_compaction([json.loads(line) for line in lines]).summary  # type: ignore[union-attr]
    assert summary.startswith("The user reported that the add check fails")
    found = audit.audit(MANUAL)
    assert found.found and found.originals == 8, found.report()
    assert not any(summary[:40] in f.text for f in found.checked), found.report()
    assert {f.kind for f in found.dropped} == {"failure", "decision", "open"}, found.report()
    store, path = tmp_path / "store", tmp_path / "rollout.jsonl"
    said_at = next(i for i in range(at - 1, 0, -1) if summary[:40] in json.dumps(json.loads(lines[i]).get("payload")))
    path.write_text("".join(lines[:said_at]))  # PreCompact fires before the compaction request
    session = json.loads(lines[0])["payload"]["id"]

    def hook(event: str, name: str, **more: Any) -> Any:
        return answer("codex", name, {**_hook_input(path, event, **more), "session_id": session}, store)

    assert hook("PreCompact", "pre-compact", trigger="manual") is None
    path.write_text("".join(lines))
    context = hook("SessionStart", "session-start", source="compact")["hookSpecificOutput"]["additionalContext"]
    assert "left out 3 of 4 facts" in context and "divide()" in context and summary[:40] not in context, context
    assert hook("SessionStart", "session-start", source="compact") is None  # once
    entry = next(
        e for e in read_journal(Session(store, session, env={}).store, session) if e["kind"] == "host_compaction"
    )
    assert entry["trigger"] == "manual"


def test_compactions_are_counted_per_host_without_an_audit(tmp_path: Path) -> None:
    assert audit.compactions(ROLLOUT) == 1
    assert audit.compactions(HOSTS / "codex" / "fix-failing-test.jsonl") == 0
    assert audit.compactions(GEMINI / "compressed.jsonl") == 1
    assert audit.compactions(GEMINI / "uncompressed.jsonl") == 0
    assert audit.compactions(HOSTS / "claude" / "long-session.jsonl") == 0
    twice = tmp_path / "twice.jsonl"
    twice.write_text("".join([*LINES, LINES[AT]]))
    assert audit.compactions(twice) == 2 and audit.audit(twice).boundaries == 2


def test_no_compacted_record_means_nothing_to_audit() -> None:
    found = audit.audit(HOSTS / "codex" / "fix-failing-test.jsonl")
    assert found.host == "codex-cli" and not found.found and "nothing to audit" in found.report()


def test_codex_hooks_snapshot_before_and_put_back_only_the_drops_after(tmp_path: Path) -> None:
    """PreCompact on the rollout as it stood, then SessionStart(compact) once the record is written, as the
    real Codex fires them (tests/test_codex_hooks_real.py)."""
    store, path = tmp_path / "store", tmp_path / "rollout.jsonl"
    path.write_text("".join(LINES[: AT - 1]))  # before the compaction's own answer and its record
    assert answer("codex", "pre-compact", _hook_input(path, "PreCompact", trigger="auto"), store) is None
    path.write_text("".join(LINES))
    said = answer("codex", "session-start", _hook_input(path, "SessionStart", source="compact"), store)
    context = said["hookSpecificOutput"]["additionalContext"]
    assert said["hookSpecificOutput"]["hookEventName"] == "SessionStart"
    assert "left out" in context and "divide()" in context and "AssertionError" in context
    assert "read_persisted" in context  # where the messages before are kept
    view = Session(store, SESSION, env={})
    entry = next(e for e in read_journal(view.store, SESSION) if e["kind"] == "host_compaction")
    assert (entry["host"], entry["trigger"], entry["boundaries"]) == ("codex-cli", "auto", 1)
    assert entry["snapshot"].startswith("r_") and entry["archive"].startswith("r_") and entry["dropped"] >= 2
    # said once: a second SessionStart(compact) for the same compaction has nothing waiting
    assert answer("codex", "session-start", _hook_input(path, "SessionStart", source="compact"), store) is None
    assert not (store / "hooks.log").exists()
    page = detail.audit_page(view, SESSION, path, ArchiveMap())
    assert "audited by our hook" in page and "codex-cli (auto)" in page and "divide()" in page


def test_a_session_start_before_the_record_is_written_hands_back_the_snapshot(tmp_path: Path) -> None:
    store, path = tmp_path / "store", tmp_path / "rollout.jsonl"
    path.write_text("".join(LINES[: AT - 1]))
    answer("codex", "pre-compact", _hook_input(path, "PreCompact", trigger="manual"), store)
    said = answer("codex", "session-start", _hook_input(path, "SessionStart", source="compact"), store)
    context = said["hookSpecificOutput"]["additionalContext"]
    assert context.startswith("[mcp-context] The conversation was compacted") and "The add check fails" in context


def test_the_audit_page_re_audits_when_the_host_compacted_since_the_journaled_audit(tmp_path: Path) -> None:
    store, path = tmp_path / "store", tmp_path / "rollout.jsonl"
    path.write_text("".join(LINES[: AT - 1]))
    answer("codex", "pre-compact", _hook_input(path, "PreCompact", trigger="auto"), store)
    path.write_text("".join(LINES))
    answer("codex", "session-start", _hook_input(path, "SessionStart", source="compact"), store)
    view = Session(store, SESSION, env={})
    # Codex compacts again; this summary keeps the open item and the failure
    record = json.loads(LINES[AT])
    bridge = record["payload"]["message"].split(audit.CODEX_BRIDGE)[0] + audit.CODEX_BRIDGE
    second = "All kept: divide() still has no guard against division by zero; AssertionError add(2, 3) should be 5."
    record["payload"]["message"] = f"{bridge}\n{second}"
    with path.open("a") as f:
        f.write(json.dumps(record) + "\n")
    page = detail.audit_page(view, SESSION, path, ArchiveMap())
    assert "audited now, from the transcript" in page and "audited by our hook" not in page
    assert "All kept: divide()" in page
    gone = tmp_path / "elsewhere.jsonl"  # the transcript is gone: the journaled audit is all there is
    page = detail.audit_page(view, SESSION, gone, ArchiveMap())
    assert "audited by our hook" in page


def test_cli_audit_of_a_codex_rollout_found_by_its_session_id(tmp_path: Path, monkeypatch: Any) -> None:
    home = tmp_path / "codex"
    day = home / "sessions" / "2026" / "11" / "28"
    day.mkdir(parents=True)
    shutil.copy(ROLLOUT, day / f"rollout-2026-11-28T11-36-33-{SESSION}.jsonl")
    monkeypatch.setenv("CODEX_HOME", str(home))
    monkeypatch.delenv("CLAUDE_CODE_SESSION_ID", raising=False)
    assert insight.transcript_for(None, SESSION, None) == day / f"rollout-2026-11-28T11-36-33-{SESSION}.jsonl"
    assert insight.by_session_id("../../etc", {"CODEX_HOME": str(home)}) is None
    out = CliRunner().invoke(cli, ["--root", str(tmp_path / "store"), "audit", "--session", SESSION, "--json"])
    assert out.exit_code == 0, out.output
    doc = json.loads(out.output)
    assert doc["host"] == "codex-cli" and doc["found"] and any("divide()" in f["text"] for f in doc["dropped"])


# Gemini CLI, from the chat file --------------------------------------------------------------------------------


def test_a_gemini_compression_is_audited_from_the_chat_file_alone() -> None:
    found = audit.audit(GEMINI / "compressed.jsonl")
    assert (found.host, found.found, found.boundaries, found.summary) == ("gemini-cli", True, 1, "OK")
    assert [f.text for f in found.dropped] == ["First: count to three thousand with seq."]
    assert not audit.audit(GEMINI / "uncompressed.jsonl").found


def test_a_gemini_audit_answers_from_the_chat_file_not_a_stale_archive(tmp_path: Path) -> None:
    """The archive our hook stored names other messages (an earlier compression's): the chat file decides."""
    stale = [{"role": "user", "parts": [{"text": "Rename the module to something else entirely."}]}]
    found = audit.audit(GEMINI / "compressed.jsonl", {"archive": "r_0123456789abcdef"}, lambda _h: stale)
    assert [f.text for f in found.dropped] == ["First: count to three thousand with seq."]
    assert found.archive == "r_0123456789abcdef"


def test_the_audit_page_shows_a_gemini_compression_no_hook_recorded(tmp_path: Path, monkeypatch: Any) -> None:
    sid = json.loads((GEMINI / "compressed.jsonl").read_text().splitlines()[0])["sessionId"]
    chats = tmp_path / ".gemini" / "tmp" / "proj" / "chats"
    chats.mkdir(parents=True)
    chat = chats / f"session-2026-11-28T05-11-{sid[:8]}.jsonl"
    shutil.copy(GEMINI / "compressed.jsonl", chat)
    (chats / f"session-2026-11-28T05-12-{sid[:8]}x.jsonl").write_text('{"sessionId": "another"}\n')
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("CLAUDE_CODE_SESSION_ID", raising=False)
    monkeypatch.delenv("CODEX_HOME", raising=False)
    assert insight.transcript_for(None, sid, None) == chat
    view = Session(tmp_path / "store", sid, env={})
    view.persist_result("a result, so the session exists\n")
    page = detail.audit_page(view, sid, insight.transcript_for(None, sid, None), ArchiveMap())
    assert "gemini-cli" in page and "audited now, from the transcript" in page
    assert "First: count to three thousand with seq." in page and "Dropped: 1 fact(s)" in page


def test_the_timeline_reads_a_codex_rollout_and_its_compaction() -> None:
    from mcp_context.ui import transcript

    found = transcript.read(ROLLOUT)
    assert found.model == "gpt-5.1-codex" and len(found.compactions) == 1
    peak = found.compactions[0].tokens
    assert peak == max(p.tokens for p in found.context)  # the context was fullest when Codex compacted
    assert 0 < found.context[-1].tokens < peak / 2  # then it starts again from the history Codex put in place
