"""What check_loop answers, for both faces: the text a model or a person reads, and the same facts as a JSON
shape (the tool's structured content, the CLI's --json)."""

from __future__ import annotations

from ..results import views
from .answers import LoopCheck


def report(result: LoopCheck) -> str:
    """The answer a model reads: the status, what repeated and where, the nudge to follow, and the counts."""
    verdict, counters = result.verdict, result.verdict.counters
    what = "replay of a history" if result.mode == "replay" else "stateful"
    head = f"Loop check ({what}, session {result.session}): "
    lines: list[str] = []
    if verdict.status == "ok" or verdict.evidence is None:
        checked = f"{result.events_seen:,} event(s) checked"
        lines.append(head + f"OK: no loop, repetition or exceeded limit in the {checked}.")
    else:
        evidence = verdict.evidence
        follows = "" if verdict.status == "stop" else f"; strike {result.policy.strikes_to_stop} stops"
        lines.append(head + f"{verdict.status.upper()}: {verdict.kind} (strike {verdict.strike}{follows}).")
        counted = result.source != "judge" and not (verdict.kind or "").startswith("max_")  # limits count units
        times = f"{evidence.count:,} times; " if counted else ""
        if result.messages:
            where = f"messages {views.labels(result.messages)}"
        else:
            where = f"events {', '.join(str(i) for i in evidence.events)}"
        found_by = "the client's model (LLM judge)" if result.source == "judge" else "the detector"
        lines.append(f"Evidence: {evidence.excerpt} ({times}{where}; found by {found_by}).")
        lines.append(f"Nudge for the model: {verdict.nudge}")
    lines.append(
        f"Since the last user prompt: {counters.steps:,} turns, {counters.tool_calls:,} tool calls, "
        f"{counters.tokens:,} tokens ({counters.token_method}), {counters.elapsed_s:,.1f} s; "
        f"{counters.events:,} events in the stream, {result.events_seen:,} checked now."
    )
    if result.detections_total:
        shown = "; ".join(f"{d.status} {d.kind} at {d.message}" for d in result.detections)
        more = "" if result.detections_total == len(result.detections) else f" (the last {len(result.detections)})"
        lines.append(f"Detections while replaying: {result.detections_total:,}{more}: {shown}.")
    judge = result.judge
    if judge is not None and judge.confidence is not None:
        said = "a loop" if judge.loop else "not a loop"
        lines.append(
            f"LLM judge at turn {judge.turn}: {said}, confidence {judge.confidence:.2f}: {judge.analysis} "
            f"Next due at turn {judge.next_turn}."
        )
    lines += [f"Note: {note}" for note in result.notes]
    return "\n".join(lines)
