"""Long agent histories with planted facts, to measure what a summary of them keeps.

A history is a few hundred messages of an agent's work: the user's first request, later requests and
corrections, the agent reading real text (this machine's Python standard library sources), searching, running
tests that pass, running commands whose output mentions errors but succeeds, changing files, stating decisions
and open work, answering each request before the user follows up, and hitting real failures (outputs captured
from real tools, see ``fidelity_cases``) that it then fixes and re-runs. Each fact that a faithful summary must
keep is recorded with the exact strings that show it was kept.

The story is written once, host-neutral (:class:`Turn` and :class:`Call`), and ``fidelity_hosts`` writes it in
each provider's format with that host's tool names and output wrappers, so the three formats carry the same
facts and differ only in how a host would have written them.

Fact kinds: ``request`` (the first), ``correction`` (a later request or correction), ``answer`` (the key
finding of a turn's final answer, read by the user before following up), ``change`` (a file changed: its path
and the new code), ``decision`` (choice and reason), ``pending`` (open work in the agent's words), ``failure``
(the line that says what went wrong), ``fix`` (what resolved it: the new code, the command, or the corrected
command line) and ``current`` (what the agent was doing when the history ends)."""

from __future__ import annotations

import random
import re
import sysconfig
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from . import fidelity_words as w
from .fidelity_cases import Case

KINDS = ("request", "correction", "answer", "change", "decision", "pending", "failure", "fix", "current")
_IDENT = re.compile(r"\b([a-z_][a-z0-9_]{3,})\b")
_KEYWORDS = {"self", "return", "import", "from", "class", "else", "elif", "while", "with", "pass", "raise", "yield"}
_KEYWORDS |= {"lambda", "assert", "global", "await", "async", "try", "except", "finally", "none", "true", "false"}


@dataclass(frozen=True)
class Fact:
    """A planted fact: kept when every ``required`` string is in the summary (case and spacing aside).
    ``turn``: the turn it was planted in (its message index depends on the format). A failure and its fix
    share ``group``; ``case`` is the failure's kind in the captured corpus; ``detail`` says how it was
    written (the phrasing, the tool), for the report of losses."""

    kind: str
    required: tuple[str, ...]
    turn: int
    group: int | None = None
    case: str | None = None
    detail: str = ""


@dataclass
class Call:
    """One tool call, host-neutral. ``tool``: read, search, shell, edit, write or todos. A shell call's
    ``exit_code`` is what the command returned; hosts write it differently, or not at all."""

    tool: str
    args: dict[str, Any]
    output: str
    exit_code: int = 0


@dataclass
class Turn:
    role: str  # "user" or "assistant"
    text: str
    calls: list[Call] = field(default_factory=list)


@dataclass
class Story:
    seed: int
    turns: list[Turn]
    facts: list[Fact]
    decoys: list[int]  # turns whose command succeeded though its output looks alarming (errors, a traceback)


class Pool:
    """Real text for tool results: this machine's Python standard library sources."""

    def __init__(self, rng: random.Random, size: int = 2_000_000) -> None:
        root = Path(sysconfig.get_paths()["stdlib"])
        paths = sorted(root.glob("*.py"))
        rng.shuffle(paths)
        self.files: list[tuple[str, list[str]]] = []
        total = 0
        for path in paths:
            text = path.read_text(encoding="utf-8", errors="replace")
            if len(text) > 3_000:
                self.files.append((path.name, text.splitlines()))
                total += len(text)
            if total >= size:
                break

    def snippet(self, rng: random.Random, chars: int) -> tuple[str, int, list[str]]:
        """A run of lines from one file, about ``chars`` long: (file name, first line number, lines)."""
        name, lines = rng.choice(self.files)
        start = rng.randrange(len(lines))
        out: list[str] = []
        size = 0
        for line in lines[start:]:
            out.append(line)
            size += len(line) + 1
            if size >= chars:
                break
        return name, start + 1, out


class Writer:
    """Builds one story: turns in order, facts beside them, phrases drawn without repeats."""

    def __init__(self, rng: random.Random, pool: Pool, decoys: list[tuple[str, str]]) -> None:
        self.rng, self.pool, self.decoys = rng, pool, decoys
        self.turns: list[Turn] = []
        self.facts: list[Fact] = []
        self.groups = 0
        self.decoys_at: list[int] = []
        self.project = rng.choice(("app", "service", "core", "backend"))
        self._decks: dict[int, list[Any]] = {}

    def draw(self, table: list[Any]) -> Any:
        """The next phrase of ``table``, none twice in one story."""
        deck = self._decks.setdefault(id(table), self.rng.sample(table, len(table)))
        if not deck:
            deck.extend(self.rng.sample(table, len(table)))
        return deck.pop()

    def say(self, role: str, text: str, *calls: Call) -> int:
        self.turns.append(Turn(role, text, list(calls)))
        return len(self.turns) - 1

    def plant(self, kind: str, required: tuple[str, ...], turn: int, **more: Any) -> None:
        self.facts.append(Fact(kind, tuple(r for r in required if r), turn, **more))

    # ordinary work ------------------------------------------------------------------------------------

    def filler(self, n: int, narrate: float = 0.5) -> None:
        """``n`` ordinary steps: reads, searches, passing tests, diffs, and successes that mention errors."""
        for _ in range(n):
            call, said = self._ordinary()
            turn = self.say("assistant", said if self.rng.random() < narrate else "", call)
            if (call.args.get("command"), call.output) in self.decoys:
                self.decoys_at.append(turn)

    def _ordinary(self) -> tuple[Call, str]:
        rng = self.rng
        size = min(int(rng.lognormvariate(7.6, 0.9)) + 200, 16_000)
        name, first, lines = self.pool.snippet(rng, size)
        path = f"Lib/{name}"
        roll = rng.random()
        if roll < 0.45:
            text = w.NARRATION[rng.randrange(3)].format(name=path)
            return Call("read", {"path": path, "first": first, "lines": len(lines)}, "\n".join(lines)), text
        if roll < 0.65:
            word = rng.choice(("error", "raise", "def ", "return", "Exception", "warn"))
            hits = [f"{path}:{first + i}:{ln}" for i, ln in enumerate(lines) if word in ln][:60]
            return Call("search", {"pattern": word.strip(), "path": "Lib/"}, "\n".join(hits) or "No matches found"), (
                w.NARRATION[3].format(word=word.strip())
            )
        if roll < 0.77:
            return Call("shell", {"command": "python -m pytest -q tests/"}, _passing(rng, lines)), w.NARRATION[4]
        if roll < 0.87 and self.decoys:
            command, output = rng.choice(self.decoys)
            return Call("shell", {"command": command}, output), ""
        if roll < 0.95:
            diff = "\n".join(rng.choice("+- ") + ln for ln in lines[:80])
            return Call("shell", {"command": f"git diff -- {path}"}, f"diff --git a/{path} b/{path}\n{diff}"), (
                w.NARRATION[5]
            )
        log = "\n".join(f"{rng.getrandbits(28):07x} {ln.strip()[:60]}" for ln in lines[:25] if ln.strip())
        return Call("shell", {"command": "git log --oneline -25"}, log or "(no commits)"), w.NARRATION[6]

    # planted facts ------------------------------------------------------------------------------------

    def change(self, why: str = "") -> None:
        """An edit or a new file on real code: the path and the new line are planted."""
        rng = self.rng
        name, _, lines = self.pool.snippet(rng, 900)
        path = f"src/{self.project}/{name}"
        named = [(i, _names(ln)) for i, ln in enumerate(lines) if 8 < len(ln) <= 70]
        named = [(i, found) for i, found in named if found]
        i, found = rng.choice(named) if named else (0, ["value"])
        lines = lines if named else ["    value = compute(items)"]
        ident = rng.choice(found)
        fresh = f"{ident}_{rng.choice(w.SUFFIXES)}_{rng.randrange(10, 99)}"
        body = list(lines)
        if rng.random() < 0.6:  # a rename on the line
            new_line = body[i] = re.sub(rf"\b{ident}\b", fresh, lines[i], count=1)
        else:  # a new line after it
            indent = lines[i][: len(lines[i]) - len(lines[i].lstrip())]
            shape = rng.choice(("min({}, 64)", "list({})", "{} or None", "len({})"))
            new_line = f"{indent}{fresh} = {shape.format(ident)}"
            body.insert(i + 1, new_line)
        lo = max(0, i - 2)
        if rng.random() < 0.2:
            call, detail = Call("write", {"path": path, "content": "\n".join(body)}, "ok"), "write"
        else:
            old, new = "\n".join(lines[lo : i + 3]), "\n".join(body[lo : i + 3 + len(body) - len(lines)])
            call, detail = Call("edit", {"path": path, "old": old, "new": new}, "ok"), "edit"
        turn = self.say("assistant", why, call)
        self.plant("change", (path, new_line.strip()), turn, detail=detail)

    def decision(self) -> None:
        a, b, why = self.draw(w.CHOICES)
        form = self.rng.randrange(len(w.DECISION_FORMS))
        text = w.DECISION_FORMS[form].format(a=a, b=b, why=why, A=_cap(a), B=_cap(b))
        self.plant("decision", (a, why), self.say("assistant", text), detail=f"form {form}")

    def pending(self) -> None:
        task = self.draw(w.TASKS)
        form = self.rng.randrange(len(w.PENDING_FORMS))
        text = w.PENDING_FORMS[form].format(x=task)
        if self.rng.random() < 0.5:  # often said in passing, inside a longer message
            text = f"The tests pass and the change is in. {text} Moving on."
        self.plant("pending", (task,), self.say("assistant", text), detail=f"form {form}")

    def failure(self, case: Case, fixed: bool) -> None:
        """A real failing command, sometimes a look around, the agent's words, the fix and the re-run."""
        rng, fix = self.rng, case.fix
        self.groups += 1
        group = self.groups
        lead = rng.choice(("Running it.", "Let me run that.", "", "Checking that it builds.", ""))
        turn = self.say("assistant", lead, Call("shell", {"command": case.command}, case.output, case.exit_code))
        self.plant("failure", (case.probe,), turn, group=group, case=case.kind, detail=case.name)
        self.filler(rng.choice((0, 0, 1, 2, 3)), narrate=0.3)
        if not fixed:
            return
        explain = rng.choice(w.EXPLAIN_FORMS).format(why=fix.why, Why=_cap(fix.why)) if rng.random() < 0.75 else ""
        if fix.path is not None and fix.old:
            self.say("assistant", explain, Call("edit", {"path": fix.path, "old": fix.old, "new": fix.new}, "ok"))
        elif fix.path is not None:
            self.say("assistant", explain, Call("write", {"path": fix.path, "content": fix.new}, "ok"))
        elif fix.new:
            self.say("assistant", explain, Call("shell", {"command": fix.new}, "", 0))
        rerun = fix.rerun or _variant(rng, case.command)
        turn = self.say("assistant", "", Call("shell", {"command": rerun}, case.passed, 0))
        self.plant("fix", (fix.shown(),), turn, group=group, case=case.kind, detail=f"{case.name}: {rerun}")

    def answer(self) -> None:
        """A turn's final answer, its key finding planted among others."""
        rng = self.rng
        found = [self.draw(w.FINDINGS) for _ in range(rng.randint(2, 4))]
        key = rng.randrange(len(found))
        form = rng.randrange(len(w.ANSWER_FORMS))
        if form == 3:
            text = f"I looked into it. {_cap(found[0])}. " + " ".join(f"Also, {f}." for f in found[1:])
            text += " I changed what was needed; the tests pass."
        else:
            items = "\n".join(f"{'-' if rng.random() < 0.7 else '*'} {_cap(f)}" for f in found)
            text = w.ANSWER_FORMS[form].format(items=items)
        self.plant("answer", (found[key],), self.say("assistant", text), detail=f"form {form}, item {key + 1}")

    def user(self, first: bool) -> None:
        rng = self.rng
        if first:
            ask, _ = self.draw(w.ASKS)
            text, required, kind, detail = rng.choice(w.REQUEST_FORMS).format(x=ask), ask, "request", "first"
            if rng.random() < 0.3:  # a pasted block, the ask before or after it
                _, _, lines = self.pool.snippet(rng, rng.randint(1500, 4000))
                block = "Here is the module as it is now:\n```\n" + "\n".join(lines) + "\n```"
                before = rng.random() < 0.5
                text = f"{text}\n\n{block}" if before else f"{block}\n\n{text}"
                detail = "first, then a paste" if before else "first, after a paste"
        elif rng.random() < 0.5:
            a, b = self.draw(w.SWAPS)
            required = rng.choice(w.CORRECTION_CLAUSES).format(a=a, b=b)
            text, kind, detail = rng.choice(w.CORRECTION_FORMS).format(x=required), "correction", "correction"
        else:
            required = self.draw(w.LATER)
            text, kind, detail = rng.choice(w.LATER_FORMS).format(x=required), "correction", "later request"
        self.plant(kind, (required,), self.say("user", text), detail=detail)

    def current(self) -> None:
        step = self.draw(w.STEPS)
        form = self.rng.choice(w.CURRENT_FORMS)
        self.plant("current", (step,), self.say("assistant", form.format(x=step, X=_cap(step))))


def story(seed: int, pool: Pool, failures: list[Case], decoys: list[tuple[str, str]]) -> Story:
    """One history: as many user turns as it takes to plant ``failures`` (one or two a turn), each turn with
    ordinary work around its planted facts; the last failure is sometimes left unresolved."""
    rng = random.Random(f"planted-{seed}")
    writer = Writer(rng, pool, decoys)
    chunks = _per_turn(rng, failures)
    busy = 6  # ordinary steps between planted facts: a few hundred messages in all
    decided = set(rng.sample(range(len(chunks)), min(len(chunks), 3)))
    open_work = set(rng.sample(range(len(chunks)), min(len(chunks), 3)))
    for n, chunk in enumerate(chunks):
        last = n == len(chunks) - 1
        writer.user(first=n == 0)
        writer.filler(rng.randint(busy, 2 * busy))
        writer.change(rng.choice(("", "Making the change.", "Editing it.")))
        steps: list[Callable[[], None]] = [partial(writer.filler, rng.randint(busy, 2 * busy)), writer.change]
        steps += [writer.decision] if n in decided else []
        steps += [writer.pending] if n in open_work else []
        for k, case in enumerate(chunk):
            fixed = not (last and k == len(chunk) - 1 and rng.random() < 0.3)
            steps.append(partial(writer.failure, case, fixed))
        rng.shuffle(steps)
        for step in steps:
            step()
        writer.filler(rng.randint(1, busy))
        if not last:
            writer.answer()
    writer.current()
    if rng.random() < 0.5:  # often the history ends a few calls after the agent said what it is doing
        writer.filler(rng.randint(1, 3), narrate=0.3)
    return Story(seed, writer.turns, writer.facts, writer.decoys_at)


def _per_turn(rng: random.Random, failures: list[Case]) -> list[list[Case]]:
    """The failures split over the user turns: one a turn, sometimes two, at least four turns."""
    chunks: list[list[Case]] = []
    rest = list(failures)
    while rest:
        take = 2 if len(rest) > 1 and rng.random() < 0.3 else 1
        chunks.append(rest[:take])
        rest = rest[take:]
    while len(chunks) < 4:
        chunks.append([])
    return chunks


def _variant(rng: random.Random, command: str) -> str:
    """The failing command run again, as agents do: mostly as it was, sometimes with a flag, a ``cd`` first or
    ``python3`` for ``python``."""
    roll = rng.random()
    if roll < 0.6:
        return command
    if roll < 0.75:
        return f"{command} -q" if "pytest" in command and " -q" not in command else command
    if roll < 0.9:
        return f"cd /tmp/proj && {command}"
    return command.replace("python ", "python3 ", 1)


def _passing(rng: random.Random, lines: list[str]) -> str:
    names = [m for ln in lines for m in re.findall(r"def (\w+)", ln)][:30] or ["parse", "render"]
    names += ["error_handling", "errors_are_logged"] if rng.random() < 0.4 else []
    body = "\n".join(f"tests/test_{n.strip('_')}.py::test_{n.strip('_')} PASSED" for n in names)
    return f"{body}\n\n{'=' * 20} {len(names)} passed, 0 failed, 0 errors in {rng.uniform(0.2, 9):.2f}s {'=' * 20}"


def _names(line: str) -> list[str]:
    return [m for m in _IDENT.findall(line) if m not in _KEYWORDS]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
