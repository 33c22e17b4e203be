"""The tables of ``fidelity_corpora``: facts kept per part and style, and per ecosystem and agent."""

from __future__ import annotations

from .fidelity_corpora import BLIND, PARTS, Scored, cases, figures, pct, share


def report(results: list[Scored], detail: bool = False) -> str:
    """The figures per part; the blind part's per-ecosystem and per-agent lines only with ``detail``."""
    from .report import align

    lines = [
        [
            "split",
            "style",
            "histories",
            "facts kept",
            "request",
            "root cause",
            "fix",
            "missing file",
            "test name",
            "twins called failed",
            "fewer tokens",
        ]
    ]
    for part in PARTS:
        for style in sorted({s.style for s in results}, key=lambda st: st != "sections"):
            chosen = [s for s in results if s.style == style and s.history.split == part]
            if not chosen:
                continue
            saved = 1 - sum(s.tokens for s in chosen) / max(1, sum(s.range_tokens for s in chosen))
            lines.append(
                [
                    part,
                    style,
                    str(len(chosen)),
                    pct(share(chosen)),
                    *(pct(share(chosen, (k,))) for k in ("request", "cause", "fix", "missing", "test")),
                    f"{sum(s.false_alarms for s in chosen)}/{sum(len(s.history.twins) for s in chosen)}",
                    f"{saved:.1%}",
                ]
            )
    out = [align(lines, left=2), "", *_details(results, detail)]
    got = figures(results)
    d = got["dev"]
    gaps = ", ".join(
        f"{part} {pct(got[part])} (gap {abs(_ratio(d) - _ratio(got[part])) * 100:.1f} points)" for part in PARTS[1:]
    )
    out.append(f"sections: dev {pct(d)}, {gaps}; targets: held-out >= 95%, gap <= 3")
    return "\n".join(out)


def _ratio(pair: tuple[int, int]) -> float:
    return pair[0] / max(1, pair[1])


def _tally(kept: dict[str, list[bool]]) -> str:
    return ", ".join(f"{name} {sum(v)}/{len(v)}" for name, v in sorted(kept.items()))


def _details(results: list[Scored], detail: bool) -> list[str]:
    """Root causes kept per ecosystem and fixes told per agent, per part; the blind part's only with ``detail``."""
    eco_of = {c.name: c.ecosystem for c in cases()}
    out = []
    for part in PARTS:
        if part == BLIND and not detail:
            continue
        by_eco: dict[str, list[bool]] = {}
        by_agent: dict[str, list[bool]] = {}
        for s in results:
            if s.style != "sections" or s.history.split != part:
                continue
            for f, k in zip(s.history.facts, s.kept, strict=True):
                if f.kind == "cause":
                    by_eco.setdefault(eco_of[f.case], []).append(k)
                if f.kind == "fix":
                    by_agent.setdefault(s.history.agent, []).append(k)
        if by_eco:
            out.append(f"{part}, root cause kept per ecosystem (sections): {_tally(by_eco)}")
            out.append(f"{part}, fix told per agent (sections): {_tally(by_agent)}")
    return out
