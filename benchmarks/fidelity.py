"""``python -m benchmarks.fidelity [--quick] [--seed N] [--losses N]``: how faithful ``summarize_range`` is, by probe.

Long agent histories (``benchmarks/planted.py``) carry planted facts of nine kinds, each with the strings a
faithful summary must contain; the failures in them are real tool outputs (``tests/outputs``) written the way
each host writes them, most with no error flag. Every style of the extractive engine summarises every history
at its default budget and at explicit ones, and each fact is probed for: kept when all its strings are in the
summary (case and spacing aside). The baseline, measured in the same run on the same histories: the last N
tokens of the history, N being the summary's own size, probed the same way. When real host transcripts with
truth files are present (``tests/hosts/*/*.truth.json``), they are summarised from their files and scored too.

This differs from ``benchmarks/retention.py``, which plants the facts its summariser was written for and so
reads 100%: here the phrasings vary (decisions and open work without cue words), the failures are real
outputs in four shell wrappers, the answers the user read before following up are probed, and the edits must
be shown with their new code, not only their paths.

A second part (``fidelity_corpora``) writes real failures of many ecosystems in the tool dialects of many
agents, and prints its dev and four held-out figures apart (whole ecosystems and agents held out; docs/fidelity.md).

Targets: sections style keeps >= 95% of the facts at >= 80% fewer tokens; of the 15 kinds of failure without
an error flag, >= 14 listed with their message and >= 13 told with their fix (scaled to the kinds captured)."""

from __future__ import annotations

import argparse
import math
import random
import re
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from mcp_context import Session

from . import fidelity_cases, fidelity_corpora, fidelity_corpora_report, fidelity_truth
from . import fidelity_words as w
from .fidelity_hosts import FORMATS, VARIANTS, History, render
from .fidelity_probe import Tail, holds, norm, together
from .planted import KINDS, Fact, Pool, story
from .report import align

STYLES = ("sections", "snapshot", "brief")
BUDGETS = (None, 1000, 2500, 5000)  # None: the engine's default budget
QUICK_BUDGETS = (None, 1000, 3000)
TARGET_KEPT, TARGET_REDUCTION = 0.95, 0.80
TARGET_LISTED, TARGET_PAIRED = 14 / 15, 13 / 15


@dataclass
class Scored:
    """One summary of one history (or its baseline): which facts it kept, and its size."""

    history: History
    style: str
    budget: int | None
    tokens: int
    range_tokens: int
    kept: list[bool]
    paired: dict[int, bool]  # failure group -> its message and its fix on one line
    seconds: float
    text: str


def plan(quick: bool, seed: int) -> tuple[list[History], list[str], bool]:
    """The histories: each story written in all three formats, the host variants turning with the story."""
    corpus = fidelity_cases.load()
    pool = Pool(random.Random(seed))
    histories: list[History] = []
    offset = 0
    for n in range(4 if quick else 10):
        count = 5 + n % 2
        failures = fidelity_cases.spread(corpus.failures, count, offset)
        offset += count
        planted = story(seed * 1000 + n, pool, failures, corpus.decoys)
        for fmt in FORMATS:
            histories.append(render(planted, fmt, VARIANTS[fmt][n % len(VARIANTS[fmt])]))
    return histories, corpus.notes, corpus.real


def score(history: History, text: str) -> tuple[list[bool], dict[int, bool]]:
    normed = norm(text)
    kept = [holds([f.required], normed) for f in history.facts]
    fixes = {f.group: f for f in history.facts if f.kind == "fix" and f.group is not None}
    paired = {
        f.group: together((*f.required, *fixes[f.group].required), text)
        for f in history.facts
        if f.kind == "failure" and f.group is not None and f.group in fixes
    }
    return kept, paired


def measure(session: Session, histories: list[History], budgets: tuple[int | None, ...]) -> list[Scored]:
    """Every style at every budget on every history, each followed by its baseline at the same size."""
    out: list[Scored] = []
    for h in histories:
        tail = Tail(h.messages, lambda t: session.counter.count(t).tokens)
        for style in STYLES:
            for budget in budgets:
                began = time.perf_counter()
                r = session.summarize_range(
                    messages=h.messages, format=h.fmt, style=style, engine="extractive", max_tokens=budget
                )
                took, text, tokens = time.perf_counter() - began, r.text or "", r.summary_tokens or 0
                out.append(Scored(h, style, budget, tokens, r.range_tokens, *score(h, text), took, text))
                window = tail.text(tokens)
                out.append(Scored(h, f"tail/{style}", budget, tokens, r.range_tokens, *score(h, window), 0.0, window))
    return out


# reporting -------------------------------------------------------------------------------------------------


def pick(results: list[Scored], style: str, budget: int | None) -> list[Scored]:
    return [s for s in results if s.style == style and s.budget == budget]


def recall(chosen: list[Scored], kind: str | None = None) -> tuple[int, int]:
    hits = [k for s in chosen for f, k in zip(s.history.facts, s.kept, strict=True) if kind in (None, f.kind)]
    return sum(hits), len(hits)


def share(pair: tuple[int, int]) -> str:
    return f"{pair[0] / pair[1]:.0%}" if pair[1] else "-"


def reduction(chosen: list[Scored]) -> float:
    return 1 - sum(s.tokens for s in chosen) / max(1, sum(s.range_tokens for s in chosen))


def main_table(results: list[Scored], budgets: tuple[int | None, ...]) -> str:
    header = ["summary", "budget", "tokens", "fewer tokens", "facts kept", *KINDS, "fix paired"]
    lines = [header]
    for style in STYLES:
        for budget in budgets:
            for name in (style, f"tail/{style}"):
                chosen = pick(results, name, budget)
                paired = [p for s in chosen for p in s.paired.values()]
                label = style if name == style else "  last-N-tokens baseline"
                lines.append(
                    [
                        label,
                        "default" if budget is None else f"{budget:,}",
                        f"{statistics.median(s.tokens for s in chosen):,.0f}",
                        f"{reduction(chosen):.1%}",
                        share(recall(chosen)),
                        *(share(recall(chosen, kind)) for kind in KINDS),
                        share((sum(paired), len(paired))),
                    ]
                )
    return align(lines, left=2)


def failure_kinds(results: list[Scored]) -> dict[str, list[tuple[bool, bool | None, bool | None]]]:
    """Per failure kind, each flagless instance in the sections summary at the default budget:
    (message listed, fix kept or None when unfixed, message and fix on one line or None)."""
    out: dict[str, list[tuple[bool, bool | None, bool | None]]] = defaultdict(list)
    for s in pick(results, "sections", None):
        if not s.history.flagless:
            continue
        fixes = {f.group: k for f, k in zip(s.history.facts, s.kept, strict=True) if f.kind == "fix"}
        for fact, kept in zip(s.history.facts, s.kept, strict=True):
            if fact.kind == "failure" and fact.case is not None and fact.group is not None:
                out[fact.case].append((kept, fixes.get(fact.group), s.paired.get(fact.group)))
    return dict(sorted(out.items()))


def kinds_met(kinds: dict[str, list[tuple[bool, bool | None, bool | None]]]) -> tuple[int, int, int, int]:
    """(kinds whose every instance was listed, kinds, kinds whose every fixed instance was told with its fix,
    kinds with a fixed instance)."""
    listed = sum(all(i[0] for i in v) for v in kinds.values())
    fixed = {k: [i[2] for i in v if i[2] is not None] for k, v in kinds.items()}
    return listed, len(kinds), sum(all(v) for v in fixed.values() if v), sum(1 for v in fixed.values() if v)


def kinds_table(kinds: dict[str, list[tuple[bool, bool | None, bool | None]]]) -> str:
    lines = [["failure kind (flagless)", "planted", "message listed", "fixed", "fix kept", "fix paired"]]
    for kind, items in kinds.items():
        fixed = [i for i in items if i[1] is not None]
        lines.append(
            [
                kind,
                str(len(items)),
                f"{sum(i[0] for i in items)}/{len(items)}",
                str(len(fixed)),
                f"{sum(bool(i[1]) for i in fixed)}/{len(fixed)}",
                f"{sum(bool(i[2]) for i in fixed)}/{len(fixed)}",
            ]
        )
    return align(lines, left=1)


def wrappers_table(results: list[Scored]) -> str:
    """Failures listed with their message, by how the host wrote the output (sections, default budget)."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for s in pick(results, "sections", None):
        c = counts[f"{s.history.fmt} {s.history.variant}"]
        for fact, kept in zip(s.history.facts, s.kept, strict=True):
            if fact.kind == "failure":
                c[0] += kept
                c[1] += 1
        c[2] += sum(s.paired.values())
        c[3] += len(s.paired)
    lines = [["host and output wrapper", "failures listed", "fix paired"]]
    lines += [[name, f"{c[0]}/{c[1]}", f"{c[2]}/{c[3]}"] for name, c in sorted(counts.items())]
    return align(lines, left=1)


#: How each phrasing was written, for the table of recall by phrasing.
FORMS = {"decision": w.DECISION_FORMS, "pending": w.PENDING_FORMS, "answer": w.ANSWER_FORMS}


def phrasing_table(results: list[Scored]) -> str:
    """Recall by how a fact was written (the phrasing, edit or whole-file write, first request with a paste),
    every style at its default budget: where a summariser keys on wording, it shows here."""
    lines = [["kind", "written as", "planted", *STYLES]]
    groups: dict[tuple[str, str], dict[str, list[bool]]] = defaultdict(lambda: defaultdict(list))
    for style in STYLES:
        for s in pick(results, style, None):
            for fact, kept in zip(s.history.facts, s.kept, strict=True):
                if fact.kind in ("decision", "pending", "answer", "change", "request", "correction"):
                    groups[(fact.kind, _written(fact))][style].append(kept)
    for (kind, how), by_style in sorted(groups.items()):
        counts = [by_style[st] for st in STYLES]
        lines.append([kind, how, str(len(counts[0])), *(f"{sum(c) / len(c):.0%}" if c else "-" for c in counts)])
    return align(lines, left=2)


def _written(fact: Fact) -> str:
    form = re.match(r"form (\d+)", fact.detail)
    if form and fact.kind in FORMS:
        text = FORMS[fact.kind][int(form[1])].replace("\n", " ")
        return text if fact.kind != "answer" else f"{text[:28]}{'...' if len(text) > 28 else ''}"
    return fact.detail or "-"


def false_failures(results: list[Scored], style: str = "sections") -> tuple[int, int]:
    """Successes whose output only looks alarming (a grep for "error", a log, a recovered traceback, warnings)
    that the summary calls failed: (reported as failed, planted), at the default budget."""
    said, planted = 0, 0
    for s in pick(results, style, None):
        for turn in s.history.decoys:
            at = s.history.at[turn]
            planted += 1
            said += bool(re.search(rf"failed \[#(?:{at}|{at + 1})\]", s.text))
    return said, planted


def verdict(results: list[Scored]) -> str:
    chosen = pick(results, "sections", None)
    kept, total = recall(chosen)
    saved = reduction(chosen)
    listed, kinds, paired, fixed_kinds = kinds_met(failure_kinds(results))
    need_listed, need_paired = math.ceil(TARGET_LISTED * kinds), math.ceil(TARGET_PAIRED * fixed_kinds)
    met = [kept / max(1, total) >= TARGET_KEPT and saved >= TARGET_REDUCTION, listed >= need_listed]
    met.append(paired >= need_paired)
    marks = ["met" if m else "MISSED" for m in met]
    instances = [i for v in failure_kinds(results).values() for i in v]
    told = [i[2] for i in instances if i[2] is not None]
    return (
        f"verdict: sections at its default budget keeps {kept / max(1, total):.1%} of {total} planted facts at "
        f"{saved:.1%} fewer tokens (target >= {TARGET_KEPT:.0%} at >= {TARGET_REDUCTION:.0%}): {marks[0]}; "
        f"flagless failure kinds listed with their message: {listed} of {kinds} (target >= 14 of 15, so "
        f">= {need_listed} of {kinds}): {marks[1]}; told with their fix: {paired} of {fixed_kinds} "
        f"(target >= 13 of 15, so >= {need_paired} of {fixed_kinds}): {marks[2]}; a kind counts when every "
        f"flagless instance of it does; by instance, {sum(i[0] for i in instances)} of {len(instances)} listed "
        f"and {sum(told)} of {len(told)} told with their fix"
    )


def losses(results: list[Scored], count: int) -> list[str]:
    """Lost facts in the sections summaries at the default budget, one of each kind in turn (a fact lost in
    all three formats of its story shown once), each with what the summary said about its messages."""
    lost: dict[str, list[tuple[Scored, Fact]]] = defaultdict(list)
    seen: set[tuple[str, ...]] = set()
    for s in pick(results, "sections", None):
        for fact, kept in zip(s.history.facts, s.kept, strict=True):
            if not kept and fact.required not in seen:
                seen.add(fact.required)
                lost[fact.kind].append((s, fact))
    out: list[str] = []
    queues = [v for _, v in sorted(lost.items(), key=lambda kv: -len(kv[1]))]
    while len(out) < count and any(queues):
        for queue in queues:
            if queue and len(out) < count:
                out.append(_loss(*queue.pop(0)))
    return out


def _loss(s: Scored, fact: Fact) -> str:
    at = s.history.at[fact.turn]
    normed = norm(s.text)
    missing = [r for r in fact.required if norm(r) not in normed]
    cited = [ln.strip() for ln in s.text.splitlines() if any(f"[#{i}]" in ln for i in (at, at + 1))]
    said = " | ".join(_short(ln, 300) for ln in cited[:2]) or f"nothing cites [#{at}] or [#{at + 1}]"
    return (
        f"- {fact.kind} ({fact.detail}; {s.history.name}, message #{at}): missing {missing!r}\n"
        f"    the summary says: {said}"
    )


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 4] + " ..."


def run(quick: bool, seed: int) -> tuple[list[Scored], list[str], bool, list[History], fidelity_truth.Outcome]:
    histories, notes, real = plan(quick, seed)
    budgets = QUICK_BUDGETS if quick else BUDGETS
    with tempfile.TemporaryDirectory(prefix="mcp-context-fidelity-") as root:
        session = Session(root=root, session="fidelity", env={}, transcript_roots=None)
        results = measure(session, histories, budgets)
        truth = fidelity_truth.run(session)
    return results, notes, real, histories, truth


def corpora() -> list[fidelity_corpora.Scored]:
    """The ecosystem failures written by every agent dialect, dev and held-out (see fidelity_corpora)."""
    with tempfile.TemporaryDirectory(prefix="mcp-context-fidelity-") as root:
        return fidelity_corpora.measure(Session(root=root, session="corpora", env={}, transcript_roots=None))


def size_text(histories: list[History]) -> str:
    counts = [len(h.messages) for h in histories]
    return f"{len(histories)} histories, {min(counts)}-{max(counts)} msgs"


def rows(quick: bool) -> list[dict[str, Any]]:
    """The suite's rows (see benchmarks/__main__.py): each style at its default budget, then the flagless
    failures, then the real transcripts when there are any."""
    results, _, _, histories, truth = run(quick, 1)
    out = []
    for style in STYLES:
        chosen, tail = pick(results, style, None), pick(results, f"tail/{style}", None)
        kept, base = recall(chosen), recall(tail)
        result = f"{share(kept)} facts, {reduction(chosen):.1%} fewer tokens (last-N-tokens: {share(base)})"
        result += f" (target {TARGET_KEPT:.0%} at {TARGET_REDUCTION:.0%})" if style == "sections" else ""
        out.append(_row(f"fidelity {style}", size_text(histories), [s.seconds for s in chosen], result))
    listed, kinds, paired, fixed = kinds_met(failure_kinds(results))
    result = f"kinds listed {listed}/{kinds}, told with their fix {paired}/{fixed} (targets 14/15, 13/15)"
    out.append(_row("fidelity flagless failures", size_text(histories), [], result))
    if truth.scored:
        result = ", ".join(f"{st} {share(truth.recall(st))}" for st in (*STYLES, "tail/sections"))
        out.append(_row("fidelity host transcripts", f"{len(truth.names)} transcripts", [], result))
    scored = corpora()
    got = fidelity_corpora.figures(scored)
    result = ", ".join(f"{part} {fidelity_corpora.pct(got[part])}" for part in fidelity_corpora.PARTS[::-1])
    result = f"sections: {result} (target 95%)"
    out.append(_row("fidelity agents x ecosystems", f"{len({s.history.agent for s in scored})} agents", [], result))
    return out


def _row(operation: str, size: str, times: list[float], result: str) -> dict[str, Any]:
    return {
        "operation": operation,
        "size": size,
        "median_s": statistics.median(times) if times else None,
        "peak_mib": None,
        "baseline": "last N tokens of the history, N = the summary's tokens",
        "ratio": None,
        "result": result,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.fidelity", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="4 stories and 2 explicit budgets instead of 10 and 3")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--losses", type=int, default=8, help="how many lost facts to show (default 8)")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    results, notes, real, histories, truth = run(args.quick, args.seed)
    facts = sum(len(h.facts) for h in histories) // len(FORMATS)
    print(f"{size_text(histories)} ({', '.join(FORMATS)}; each story in all three); {facts} planted facts a format")
    print(f"failures: {'real outputs from tests/outputs' if real else 'HAND-WRITTEN stand-ins'}")
    for note in notes:
        print(f"  {note}")
    print()
    print(main_table(results, QUICK_BUDGETS if args.quick else BUDGETS))
    print()
    print(kinds_table(failure_kinds(results)))
    print()
    print(wrappers_table(results))
    print()
    print(phrasing_table(results))
    print()
    wrong = ", ".join(f"{st} {a}/{b}" for st in STYLES for a, b in [false_failures(results, st)])
    print(f"successes with alarming output (errors mentioned, a recovered traceback) called failed: {wrong}")
    print()
    print(truth.report(STYLES))
    print()
    print(verdict(results))
    print()
    print("lost facts (sections, default budget):")
    print("\n".join(losses(results, args.losses)) or "  none")
    print()
    eco, agents = len({c.ecosystem for c in fidelity_corpora.cases()}), len(fidelity_corpora.dialects())
    print(f"real failures of {eco} ecosystems x {agents} agent dialects (tests/outputs/ecosystems, tests/dialects);")
    print("held out: whole ecosystems and agents, captured before the rules for them were written:")
    print(fidelity_corpora_report.report(corpora()))
    print(f"\ntook {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
