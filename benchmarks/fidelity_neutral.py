"""Shape, not name: the dev part's histories written again with every tool named ``alpha`` .. ``delta`` and every
argument key a neutral word (``a0``, ``a1``), results untouched. What a summary keeps of them is what it keeps of
an agent whose names it has never seen: calls recognised by the shape of their values alone (``summary/shaped``).
The dialects are dev material, so this measures how far recognition leans on names, not a held-out figure."""

from __future__ import annotations

import copy
from typing import Any

from .fidelity_corpora import PER_HISTORY, Scored, _Writer, cases, dialects, part_of, split

_NAMES = ("alpha", "bravo", "charlie", "delta")
_TOOLS = ("exec", "read", "edit", "write")


def neutral(dialect: dict[str, Any]) -> dict[str, Any]:
    """``dialect`` with neutral tool names and argument keys (each tool's keys in their order: ``a0``, ``a1``)."""
    out = copy.deepcopy(dialect)
    for name, tool in zip(_NAMES, _TOOLS, strict=True):
        spec = out.get(tool)
        if not isinstance(spec, dict):
            continue
        spec["name"] = name
        if isinstance(spec.get("args"), dict):
            spec["args"] = {f"{name[0]}{n}": value for n, value in enumerate(spec["args"].values())}
    return out


def measure(session: Any) -> list[Scored]:
    from mcp_context.conversation.formats import adapter
    from mcp_context.summary.facts import extract

    from .fidelity_probe import norm

    parts = split()
    chosen = [c for c in cases() if part_of(c.ecosystem, None, parts) == "dev"]
    out = []
    for agent, dialect in dialects().items():
        if part_of(None, agent, parts) != "dev":
            continue
        for n in range(0, len(chosen), PER_HISTORY):
            h = _Writer(neutral(dialect), "dev", n // PER_HISTORY).history(chosen[n : n + PER_HISTORY])
            found = extract(adapter(h.fmt).parse(h.messages))
            ran = {t - 1 for t in h.twins} | set(h.twins)
            alarms = sum(1 for f in found.failures if f.action.ref in ran)
            r = session.summarize_range(messages=h.messages, format=h.fmt, style="sections", engine="extractive")
            normed = norm(r.text or "")
            kept = [norm(f.text) in normed for f in h.facts]
            out.append(Scored(h, "sections, neutral names", kept, alarms, r.summary_tokens or 0, r.range_tokens))
    return out
