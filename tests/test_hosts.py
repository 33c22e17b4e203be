"""Real transcripts recorded from Claude Code and Gemini CLI (``tests/hosts``, made by ``scripts/record-hosts``
with a scripted model, the hosts' own tools really running): each summary keeps what the run's truth file
says happened, in every style: every request, every failure with its message, the fix with what it changed, the
answers the user read, and the work left pending."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mcp_context import Session

HOSTS = Path(__file__).parent / "hosts"


def _compacted(path: Path) -> bool:
    """A run the host compacted reads as what the model saw after it (its audit: tests/test_codex_compaction.py)."""
    return bool(json.loads(path.with_suffix(".truth.json").read_text(encoding="utf-8")).get("compactions"))


FIXTURES = sorted(p for p in HOSTS.glob("*/*.jsonl") if ".resume-stub" not in p.name and not _compacted(p))
LONG = [p for p in FIXTURES if p.stem.startswith("long")]  # long-session: ~50 tool calls, 100+ messages
STYLES = ("sections", "snapshot", "brief")


def flat(text: str) -> str:
    return " ".join(text.replace("`", "").split())


def truth(path: Path) -> dict[str, Any]:
    return json.loads(path.with_suffix(".truth.json").read_text(encoding="utf-8"))


def summary(session: Session, path: Path, style: str) -> str:
    """The summary with room for the run's facts: these runs are short (650 to 1,800 tokens, the 33K output
    aside), and a summary is always held under its range, so the budget is the range itself (a brief: 600)."""
    budget = {"brief": 600, "snapshot": 100_000, "sections": 100_000}[style]
    result = session.summarize_range(transcript=str(path), style=style, engine="extractive", max_tokens=budget)
    return flat(result.text or "")


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_every_request_and_failure_of_a_real_host_run_survives(session: Session, path: Path, style: str) -> None:
    facts, out = truth(path), summary(session, path, style)
    for request in facts["user_requests"]:
        assert flat(request["text"])[:80] in out, (style, request["text"])
    resolved = {r["failure"] for r in facts.get("resolutions") or []}
    for failure in facts["failures"]:
        if style == "brief" and path.name.startswith("long") and failure.get("tool_call_id") in resolved:
            continue  # a few lines of a long run keep what is still open; the fixed ones are in the archive
        lines = [flat(line.removeprefix("E").strip()) for line in failure.get("error_lines") or []]
        told = any(line and line in out for line in lines) or f"{flat(failure['command'])}` failed" in out
        assert told or f"{flat(failure['command'])} failed" in out, (style, failure["command"], lines)


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("path", [p for p in FIXTURES if truth(p)["fixes"]], ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_the_fix_of_a_real_host_run_is_named_with_what_it_changed(session: Session, path: Path, style: str) -> None:
    out = summary(session, path, style)
    fixes = truth(path)["fixes"]
    if style == "brief" and path.name.startswith("long"):
        fixes = fixes[-1:]  # a few lines of a long run: the latest change, the files named in the list
    budget = 600 if style == "brief" else 100_000  # as summary() asks
    result = session.summarize_range(transcript=str(path), style=style, engine="extractive", max_tokens=budget)
    # A summary is held under its range: of a run this short, at the range's own size, what each edit
    # changed may be left to the archive ("... more in the archive"); the file is still named.
    at_its_range = result.summary_tokens is not None and result.summary_tokens >= 0.95 * result.range_tokens
    for fix in fixes:
        assert fix["file"] in out, (style, fix["file"])
        changed = [flat(line) for line in fix["new"].splitlines() if line.strip() and line not in fix["old"]]
        told = any(line[:40] in out for line in changed)
        assert told or (at_its_range and "more in the archive" in out), (style, changed)


@pytest.mark.parametrize("path", [p for p in FIXTURES if "followup" in p.name], ids=lambda p: f"{p.parent.name}")
def test_the_findings_answered_before_a_follow_up_survive(session: Session, path: Path) -> None:
    """Across a resume too: Gemini CLI rewrites its session file, and the first request and answer stay."""
    first = truth(path)["final_answers"][0]["text"]
    for style in STYLES:
        out = summary(session, path, style)
        assert (
            "add() in calc/ops.py subtracts" in out
            or "add() in calc/ops.py subtracts" in flat(first)
            and (flat(first)[:60] in out)
        ), style


@pytest.mark.parametrize("share", [0.6, 0.3, 0.1, 0.03])
# Codex CLI's runs are OpenAI messages, which need not alternate, and its instructions (kept whole) are most of a
# short run: tests/test_codex.py compacts them.
@pytest.mark.parametrize(
    "path", [p for p in FIXTURES if p.parent.name != "codex"], ids=lambda p: f"{p.parent.name}-{p.stem}"
)
def test_a_real_host_run_compacted_hard_stays_valid_or_says_why_not(session: Session, path: Path, share: float) -> None:
    """Valid for its provider after every layer (the pipeline checks each), within the target, the first request
    and the last turn verbatim, every changed message archived as it was; or one clear line on what must stay."""
    from mcp_context.conversation import transcripts
    from mcp_context.errors import TooLarge
    from mcp_context.results import archive

    given = transcripts.load(str(path), {}, None).messages
    whole = session.compact_history(transcript=str(path), target_tokens=10**7)
    try:
        result = session.compact_history(transcript=str(path), target_tokens=max(1, int(whole.tokens_before * share)))
    except TooLarge as exc:
        # what must stay is more than a short run's 10 %, not a long one's
        assert path not in LONG or share < 0.1, f"a long run must fit {share:.0%}: {exc}"
        assert share <= 0.3 and "what must stay whole already takes" in str(exc)
        return
    assert result.fits and result.tokens_after <= result.target
    roles = [m["role"] for m in result.messages if m["role"] != "system"]
    assert all(a != b for a, b in zip(roles, roles[1:], strict=False)), roles  # alternating, for both hosts
    assert result.messages[0] == given[0] and result.messages[-1] == given[-1]
    if result.archive is not None:  # a big archive is an index naming its pieces: read them all
        entries = archive.read(result.archive.handle, lambda handle: "".join(session.iter_text(handle)))
        kept = {json.dumps(entry["message"], sort_keys=True) for _, entry in entries if "message" in entry}
        changed = {int(label.lstrip("#")) for label in [*result.removed, *result.shortened]}
        assert {json.dumps(given[i], sort_keys=True) for i in changed} <= kept


@pytest.mark.parametrize("path", LONG, ids=lambda p: p.parent.name)
def test_a_long_real_host_run_is_long_and_every_failure_is_resolved_later(path: Path) -> None:
    """The long runs are what the compaction tests above need them to be: 100+ messages over two requests, and
    every planted failure followed by its fix and a passing re-run, in that order."""
    from mcp_context.conversation import transcripts

    facts = truth(path)
    messages = transcripts.load(str(path), {}, None).messages
    assert len(messages) >= 100 and len(facts["tool_calls"]) >= 50 and len(facts["user_requests"]) >= 2
    assert path.stat().st_size < 400_000
    order = [c["tool_call_id"] for c in facts["tool_calls"]]
    passing = {r["tool_call_id"] for r in facts["passing_reruns"]}
    fixing = {f["tool_call_id"] for f in facts["fixes"]}
    assert {r["failure"] for r in facts["resolutions"]} == {f["tool_call_id"] for f in facts["failures"]}
    for r in facts["resolutions"]:
        assert order.index(r["failure"]) < order.index(r["fix"]) < order.index(r["rerun"]), r
        assert r["fix"] in fixing and r["rerun"] in passing, r
    last = json.dumps(messages[-1], ensure_ascii=False)
    assert "Decision:" in last and "Pending:" in last
    assert [a["message_index"] for a in facts["final_answers"]][-1] == len(messages) - 1
