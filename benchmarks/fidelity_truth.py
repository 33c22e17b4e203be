"""Real host transcripts (``tests/hosts/*/*.jsonl``) scored against their truth files, the same way as the
planted histories: each truth fact is a set of strings the summary must contain.

The truth files list what happened in a recorded Claude Code or Gemini CLI session: the user's requests, the
failures and their error lines, the edits that fixed them and the re-runs that passed, the final answers, the
decisions and the open work. Their decision and open-work entries are tidied restatements, so each is probed
by the line of the agent's final answer that says it (the agent's own words, which a faithful summary quotes);
a failure counts as kept when any of its recorded error lines is in the summary; a failure with no output
(``false``) has nothing to quote and is left out. Each transcript is loaded from its file by
``summarize_range(transcript=...)``, as a user would."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mcp_context import Session
from mcp_context.conversation import transcripts

from .fidelity_probe import Tail, holds, norm
from .report import align

HOSTS_DIR = Path(__file__).resolve().parent.parent / "tests" / "hosts"
KINDS = ("request", "failure", "fix", "rerun", "answer", "decision", "pending")
_WORD = re.compile(r"[a-z0-9_]{3,}")
HEAD = 120


@dataclass(frozen=True)
class Truth:
    kind: str
    options: tuple[tuple[str, ...], ...]  # kept when all strings of any one option are in the summary


@dataclass
class Outcome:
    """Every transcript's facts and, per style (and the baseline), which were kept."""

    scored: list[tuple[str, str, list[Truth], list[bool]]] = field(default_factory=list)  # (name, style, ...)
    notes: list[str] = field(default_factory=list)

    def recall(self, style: str, kind: str | None = None) -> tuple[int, int]:
        hits = [k for _, st, facts, kept in self.scored if st == style for f, k in zip(facts, kept, strict=True)]
        kinds = [f.kind for _, st, facts, _ in self.scored if st == style for f in facts]
        chosen = [h for h, k in zip(hits, kinds, strict=True) if kind in (None, k)]
        return sum(chosen), len(chosen)

    @property
    def names(self) -> list[str]:
        return sorted({name for name, *_ in self.scored})

    def report(self, styles: tuple[str, ...]) -> str:
        if not self.scored:
            return "host transcripts: " + ("; ".join(self.notes) or "none")
        names = self.names
        lines = [["host transcripts (default budget)", "facts kept", *KINDS]]
        for style in (*styles, "tail/sections"):
            label = style if not style.startswith("tail/") else "  last-N-tokens baseline (sections' size)"
            pairs = [self.recall(style, kind) for kind in KINDS]
            lines.append([label, _share(self.recall(style)), *(_share(p) for p in pairs)])
        out = [f"{len(names)} transcripts: {', '.join(names)}", align(lines, left=1)]
        lost = [
            f"  {name} ({style}): {f.kind} {' + '.join(repr(x[:90]) for x in f.options[0])}"
            for name, style, facts, kept in self.scored
            if style == "sections"
            for f, k in zip(facts, kept, strict=True)
            if not k
        ]
        out.append("lost in sections:\n" + ("\n".join(lost) if lost else "  none"))
        return "\n".join(out + [f"note: {n}" for n in self.notes])


def _share(pair: tuple[int, int]) -> str:
    return f"{pair[0] / pair[1]:.0%} ({pair[0]}/{pair[1]})" if pair[1] else "-"


def head(text: str, limit: int = HEAD) -> str:
    """The text on one line, cut at a word when longer than ``limit``."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0]


def facts(truth: dict[str, Any], notes: list[str]) -> list[Truth]:
    out = [Truth("request", ((head(r["text"]),),)) for r in truth.get("user_requests", [])]
    for failure in truth.get("failures", []):
        lines = [ln.strip() for ln in failure.get("error_lines", []) if ln.strip()]
        if lines:
            out.append(Truth("failure", tuple((head(ln),) for ln in lines)))
        else:
            notes.append(f"{truth['scenario']}: failure of `{failure.get('command')}` has no output line; not probed")
    for fix in truth.get("fixes", []):
        old = fix.get("old", "").splitlines()
        added = [ln.strip() for ln in fix.get("new", "").splitlines() if ln.strip() and ln not in old]
        out.append(Truth("fix", ((fix["file"], head(added[-1] if added else fix.get("new", ""))),)))
    out += [Truth("rerun", ((r["command"],),)) for r in truth.get("passing_reruns", [])]
    answers = [a["text"] for a in truth.get("final_answers", [])]
    for text in answers:
        lines = [re.sub(r"^\s*(?:[-*]|\d+\.)\s+", "", ln) for ln in text.splitlines()]
        first = next((ln for ln in lines if len(ln.strip()) >= 30), text)
        out.append(Truth("answer", ((head(first),),)))
    for kind, key in (("decision", "decisions"), ("pending", "pending")):
        out += [Truth(kind, ((head(_said(item, answers)),),)) for item in truth.get(key, [])]
    return out


def _said(item: str, answers: list[str]) -> str:
    """The line of the final answers that says ``item`` (most words in common), without its label."""
    wanted = set(_WORD.findall(item.lower()))
    lines = [ln for text in answers for ln in text.splitlines() if ln.strip()]
    if not lines:
        return item
    best = max(lines, key=lambda ln: len(wanted & set(_WORD.findall(ln.lower()))))
    return re.sub(r"^\s*(?:decision|pending|todo|note)\s*:\s*", "", best, flags=re.I)


def run(session: Session, styles: tuple[str, ...] = ("sections", "snapshot", "brief")) -> Outcome:
    outcome = Outcome()
    paths = sorted(HOSTS_DIR.glob("*/*.truth.json"))
    if not paths:
        outcome.notes.append(f"no {HOSTS_DIR}/*/*.truth.json yet: real transcripts not scored")
        return outcome
    for path in paths:
        truth = json.loads(path.read_text(encoding="utf-8"))
        transcript = path.parent / str(truth.get("fixture", ""))
        if not transcript.is_file():
            outcome.notes.append(f"{path.name}: its transcript {transcript.name} is missing")
            continue
        name = f"{path.parent.name}/{transcript.stem}"
        probes = facts(truth, outcome.notes)
        try:
            loaded = transcripts.load(str(transcript), {}, None)
        except Exception as exc:  # a transcript the reader rejects is a finding, not a crash
            outcome.notes.append(f"{name}: not readable ({type(exc).__name__}: {exc})")
            continue
        tail = Tail(loaded.messages, lambda t: session.counter.count(t).tokens)
        for style in styles:
            r = session.summarize_range(transcript=str(transcript), style=style, engine="extractive")
            normed = norm(r.text or "")
            outcome.scored.append((name, style, probes, [holds(p.options, normed) for p in probes]))
            if style == "sections":
                window = norm(tail.text(r.summary_tokens or 0))
                outcome.scored.append((name, "tail/sections", probes, [holds(p.options, window) for p in probes]))
    return outcome
