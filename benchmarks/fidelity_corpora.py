"""Real failures from many ecosystems, written by many agents: the part of ``benchmarks.fidelity`` whose rules
were not written against it.

Two corpora meet here. ``tests/outputs/ecosystems`` holds real failures captured by running real tools, each with
its fix and its success twin (the same command after the fix), and a truth file written by hand with the line
that says why each run failed. ``tests/dialects`` holds, per agent, its tools for running a command, reading,
editing and writing a file, and the exact text of their results, from the agents' published tool schemas.
Each history is one agent working through three failures of one split: it reads the file, runs the check, fixes
the first two (by an edit, or by writing the whole file) and re-runs them, and leaves the third open; it also
reads a file that is not there. The planted facts: the request, each failure's root-cause line, each fix's
new code, the missing file's error. The split (``fidelity_split.json``) holds out whole ecosystems and whole
agents, and was drawn before any rule was changed for them: the held-out figure is what a new tool or agent
can expect."""

from __future__ import annotations

import difflib
import json
import re
import shlex
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .fidelity_answers import answer_slots
from .fidelity_spans import shown_slots, span_slots

ROOT = Path(__file__).resolve().parent.parent
FAILURES = ROOT / "tests" / "outputs" / "ecosystems"
DIALECTS = ROOT / "tests" / "dialects"
SPLIT = Path(__file__).resolve().parent / "fidelity_split.json"
PROJECT = "/tmp/proj"
PER_HISTORY = 3
_SLOT = re.compile(r"\{(\w+)\}")

REQUESTS = (
    "CI is red on {project}: get `{command}` passing again, one small fix at a time, and tell me what broke.",
    "Please fix the failing checks in {project} (start with `{command}`); do not refactor anything else.",
    "The {project} build fails since this morning. Find out why `{command}` fails and repair it.",
)


@dataclass
class Case:
    """A captured failure, its twin's output, its fix, and the hand-written truth."""

    name: str
    ecosystem: str
    project: str
    command: str
    exit_code: int
    output: str
    passed: str
    path: str
    before: str
    after: str
    old: str
    new: str
    cause: str
    test: str | None


@dataclass
class Planted:
    kind: str  # request, cause, fix, missing, test
    text: str
    case: str = ""


@dataclass
class History:
    agent: str
    split: str
    fmt: str
    messages: list[dict[str, Any]]
    facts: list[Planted]
    twins: list[int] = field(default_factory=list)  # indexes of the success twins' result messages


#: The parts, in the order reported: each a set of ecosystems and a set of agents (dev: everything not held out).
PARTS = ("dev", "held-out", *(f"held-out {n}" for n in range(3, 41)))
#: The part no rule has been written from: only its aggregate line is printed unless the details are asked for.
BLIND: str | None = "held-out 40"


def split() -> dict[str, tuple[set[str], set[str]]]:
    """Each held-out part's ecosystems and agents; its histories are its agents working on its ecosystems."""
    data = json.loads(SPLIT.read_text())
    parts = {"held-out": (set(data["held_out_ecosystems"]), set(data["held_out_agents"]))}
    for part in PARTS[2:]:  # "held-out 3" ... is held_out_3_ecosystems, held_out_3_agents in the file
        key = part.replace("-", "_").replace(" ", "_")
        parts[part] = (set(data.get(f"{key}_ecosystems", ())), set(data.get(f"{key}_agents", ())))
    return parts


def used_up() -> tuple[set[str], set[str]]:
    """The ecosystems and agents of a part once held out and since read while rules were written: dev now."""
    data = json.loads(SPLIT.read_text())
    return set(data.get("used_up_ecosystems", ())), set(data.get("used_up_agents", ()))


def part_of(ecosystem: str | None, agent: str | None, parts: dict[str, tuple[set[str], set[str]]]) -> str:
    for name, (ecos, agents) in parts.items():
        if ecosystem in ecos or agent in agents:
            return name
    return "dev"


def cases() -> list[Case]:
    listed = json.loads((FAILURES / "cases.json").read_text())
    truth = json.loads((FAILURES / "truth.json").read_text())
    by_name = {c["name"]: c for c in listed}
    out = []
    for c in listed:
        if not c["failed"]:
            continue
        fix, twin = c["fix"], by_name[c["twin"]]
        text = (FAILURES / "cases" / f"{c['name']}.txt").read_text()
        passed = (FAILURES / "cases" / f"{twin['name']}.txt").read_text()
        after = fix["before"].replace(fix["old"], fix["new"], 1)
        out.append(
            Case(
                c["name"],
                c["ecosystem"],
                c["project"],
                c["command"],
                c["exit_code"],
                text,
                passed,
                fix["path"],
                fix["before"],
                after,
                fix["old"],
                fix["new"],
                truth[c["name"]]["cause"],
                truth[c["name"]]["test"],
            )
        )
    return out


def dialects() -> dict[str, dict[str, Any]]:
    return {p.stem: json.loads(p.read_text()) for p in sorted(DIALECTS.glob("*.json")) if p.stem != "split"}


def histories(only: Collection[str] | None = None) -> list[History]:
    """Every part's histories, or those of the parts named in ``only`` (writing all of them takes seconds)."""
    parts = split()
    every = cases()
    out: list[History] = []
    for name, dialect in dialects().items():
        part = part_of(None, name, parts)
        if only is not None and part not in only:
            continue
        chosen = [c for c in every if part_of(c.ecosystem, None, parts) == part]
        for n in range(0, len(chosen), PER_HISTORY):
            group = chosen[n : n + PER_HISTORY]
            if len(group) < 2:
                group = chosen[-PER_HISTORY:]
            out.append(_Writer(dialect, part, n // PER_HISTORY).history(group))
    return out


def history_parts() -> set[str]:
    """The parts :func:`histories` writes histories for: those with an agent and an ecosystem of their own."""
    parts = split()
    agents = {part_of(None, name, parts) for name in dialects()}
    return agents & {part_of(c.ecosystem, None, parts) for c in cases()}


def numbered(text: str) -> str:
    return "\n".join(f"{i:>6}\t{line}" for i, line in enumerate(text.splitlines(), 1))


def hunks(before: str, after: str) -> str:
    """The change as apply_patch hunks: unified diff lines after each ``@@``, without file headers."""
    lines = difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=2)
    return "\n".join("@@" if ln.startswith("@@") else ln for ln in list(lines)[2:])


class _Writer:
    def __init__(self, dialect: dict[str, Any], part: str, n: int) -> None:
        self.d, self.part, self.n = dialect, part, n
        self.fmt: str = dialect["format"]
        self.out: list[dict[str, Any]] = []
        self.facts: list[Planted] = []
        self.twins: list[int] = []
        self.ids = 0

    def history(self, group: list[Case]) -> History:
        first = group[0]
        request = REQUESTS[self.n % len(REQUESTS)].format(project=first.project, command=first.command)
        self.user(request)
        self.facts.append(Planted("request", request))
        missing = self.slots(first, path=f"{first.project}/CONTRIBUTING.md")
        if self.d.get("tools", True):
            text = self.fill(self.d["read_missing"], missing)
            self.call("First the contribution notes.", self.d["read"], missing, text, failed=True)
        elif "read_missing_text" in self.d:  # an agent without tools reads by a command it writes
            self.assistant(self.fill(self.d["read_missing_call_text"], missing))
            text = self.fill(self.d["read_missing_text"], missing)
            self.user(text)
        if self.d.get("tools", True) or "read_missing_text" in self.d:
            shown = json.loads(text)["output"] if text.startswith('{"output"') else text
            fact = self.fill(self.d["missing_fact"], missing) if "missing_fact" in self.d else _first_line(shown)
            self.facts.append(Planted("missing", fact))
        for k, case in enumerate(group):
            fixed = k < len(group) - 1
            write = (self.n + k) % 2 == 1
            self.work(case, fixed, write)
        return History(self.d["name"], self.part, self.fmt, self.out, self.facts, self.twins)

    def work(self, case: Case, fixed: bool, write: bool) -> None:
        slots = self.slots(case)
        self.facts.append(Planted("cause", case.cause, case.name))
        if case.test:
            self.facts.append(Planted("test", case.test, case.name))
        if not self.d.get("tools", True):
            # Aider's user turns quote what was run; other agents write the command and get its output back
            for key in ("read", "exec"):
                if f"{key}_call_text" in self.d:
                    self.assistant(self.fill(self.d[f"{key}_call_text"], slots))
                self.user(self.fill(self.d[f"{key}_text"], slots))
            if fixed:
                self.assistant(
                    f"Fixing {case.path}.\n\n" + self.fill(self.d["write_text" if write else "edit_text"], slots)
                )
                said = "write_result_text" if write and "write_result_text" in self.d else "fix_result_text"
                if said in self.d:
                    self.user(self.fill(self.d[said], slots))
                if "exec_call_text" in self.d:
                    self.assistant(self.fill(self.d["exec_call_text"], slots))
                passed = self.slots(case, output=case.passed)
                said = self.d.get("exec_ok_text", self.d["exec_text"])  # an agent whose passing run reads apart
                self.user(self.fill(said, {**passed, "exit_code": "0", "outcome": _OUTCOME[0]}))
                self.twins.append(len(self.out) - 1)
                self.facts.append(Planted("fix", _key(case), case.name))
            else:
                self.assistant("That one needs more digging; I will come back to it.")
            return
        self.call(
            f"Reading {case.path} before running the check.",
            self.d["read"],
            slots,
            self.fill(self.d["read_result"], slots),
        )
        self.run(case, case.output, case.exit_code)
        if not fixed:
            self.assistant("That one needs more digging; I will come back to it.")
            return
        tool = self.d["write" if write else "edit"]
        result = self.d["write_result" if write else "edit_result"]
        self.call(f"Fixing {case.path}.", tool, slots, self.fill(result, slots))
        self.facts.append(Planted("fix", _key(case), case.name))
        self.run(case, case.passed, 0)
        self.twins.append(len(self.out) - 1)

    def run(self, case: Case, output: str, code: int) -> None:
        shape = self.d["exec_result"]
        slots = {**self.slots(case, output=output), "exit_code": str(code)}
        if shape.get("json"):
            text = json.dumps({"output": output, "metadata": {"exit_code": code, "duration_seconds": 1.2}})
        else:
            text = self.fill(shape["failed" if code else "ok"], slots)
        self.call("", self.d["exec"], slots, text, failed=bool(code) and shape.get("flag", False))

    def slots(self, case: Case, path: str | None = None, output: str | None = None) -> dict[str, str]:
        rel = path or f"{case.project}/{case.path}"
        out = (case.output if output is None else output).rstrip("\n")
        diff = difflib.unified_diff(case.before.splitlines(), case.after.splitlines(), lineterm="", n=2)
        udiff = "\n".join(list(diff)[2:])
        return {
            "command": case.command,
            "output": out,
            "exit_code": str(case.exit_code),
            "n": str(self.n),
            "root": f"{PROJECT}/{case.project}",
            "path": rel,
            "abs": f"{PROJECT}/{rel}",
            "file": rel.removeprefix(f"{case.project}/"),  # relative to the project, as a tool rooted there names it
            "old_bytes": str(len(case.old.encode())),  # the replaced text's length, as Go's len() counts it
            "old": case.old,
            "new": case.new,
            "before": case.before.rstrip("\n"),
            "after": case.after.rstrip("\n"),
            "numbered": numbered(case.before),
            "numbered_after": numbered(case.after),
            "size": str(len(case.after.encode())),
            "patch_hunks": hunks(case.before, case.after),
            "plus_after": "\n".join(f"+{ln}" for ln in case.after.splitlines()),
            "output_or_empty": out or "(empty)",
            "output_json": json.dumps(out + "\n" if out else ""),
            "before_json": json.dumps(case.before),
            "after_json": json.dumps(case.after),
            "old_json": json.dumps(case.old),
            "new_json": json.dumps(case.new),
            "command_json": json.dumps(case.command),
            "command_sh": shlex.quote(case.command),  # one word for `bash -c`, as a tool that runs no shell needs
            "cd_command_json": json.dumps(f"cd {PROJECT}/{case.project} && {case.command}"),
            "outcome": _OUTCOME[bool(case.exit_code) and output is None],
            "lines": str(len(case.before.splitlines())),
            "lines_split": str(len(case.before.split("\n"))),  # lines as JavaScript's split("\n") counts them
            "padded": "\n".join(f"{i:05d}| {ln}" for i, ln in enumerate(case.before.splitlines(), 1)),
            "piped": "\n".join(f"{i:>4} | {ln}" for i, ln in enumerate(case.before.splitlines(), 1)),
            "barred": "\n".join(f"{i}| {ln}" for i, ln in enumerate(case.before.splitlines(), 1)),
            "lines_after": str(len(case.after.split("\n"))),
            "udiff_body": udiff,
            "udiff_json": json.dumps(udiff),
            "output_or_none": out or "(no output)",
            "output_or_default": out or self.d.get("empty_output", ""),  # the dialect's words for no output
            "output_or_swe_empty": out or "Your command ran successfully and did not produce any output.",
            "output_or_no_console": out or _NO_CONSOLE,
            **span_slots(case.before, case.old, case.new, f"{PROJECT}/{case.project}/{case.path}"),
            **shown_slots(out, case.before, case.after),
            **answer_slots(
                out,
                case.before,
                case.after,
                f"{PROJECT}/{rel}",
                case.exit_code,
                case.old,
                case.new,
                command=case.command,
                root=f"{PROJECT}/{case.project}",
            ),
        }

    def fill(self, value: Any, slots: dict[str, str]) -> Any:
        if isinstance(value, str):
            if value.startswith(("@json:", "@json1:")):
                head, _, rest = value.partition(":")
                body = self.fill(rest, slots)
                return json.dumps(
                    {"output": body, "metadata": {"exit_code": 1 if head == "@json1" else 0, "duration_seconds": 0.1}}
                )
            if value.startswith("@int:"):  # a number argument (a line number) filled from a slot
                return int(self.fill(value.removeprefix("@int:"), slots))
            return _SLOT.sub(lambda m: slots.get(m.group(1), m.group(0)), value)
        if isinstance(value, list):
            return [self.fill(v, slots) for v in value]
        if isinstance(value, dict):
            return {k: self.fill(v, slots) for k, v in value.items()}
        return value

    # messages, per format ----------------------------------------------------------------------------------

    def user(self, text: str) -> None:
        self.out.append(
            {"role": "user", "parts": [{"text": text}]} if self.fmt == "gemini" else {"role": "user", "content": text}
        )

    def assistant(self, text: str) -> None:
        self.out.append(
            {"role": "model", "parts": [{"text": text}]}
            if self.fmt == "gemini"
            else {"role": "assistant", "content": text}
        )

    def call(self, said: str, tool: dict[str, Any], slots: dict[str, str], result: str, failed: bool = False) -> None:
        self.ids += 1
        ident = f"call_{self.d['name'].replace('-', '')}_{self.n}_{self.ids}"
        name, args = tool["name"], self.fill(tool["args"], slots)
        if self.fmt == "openai":
            self.out.append(
                {
                    "role": "assistant",
                    "content": said or None,
                    "tool_calls": [
                        {"id": ident, "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}
                    ],
                }
            )
            self.out.append({"role": "tool", "tool_call_id": ident, "content": result})
        elif self.fmt == "anthropic":
            blocks: list[dict[str, Any]] = [{"type": "text", "text": said}] if said else []
            blocks.append({"type": "tool_use", "id": ident, "name": name, "input": args})
            self.out.append({"role": "assistant", "content": blocks})
            self.out.append(
                {
                    "role": "user",
                    "content": [{"type": "tool_result", "tool_use_id": ident, "content": result, "is_error": failed}],
                }
            )
        else:
            parts: list[dict[str, Any]] = [{"text": said}] if said else []
            parts.append({"functionCall": {"id": ident, "name": name, "args": args}})
            self.out.append({"role": "model", "parts": parts})
            self.out.append(
                {
                    "role": "user",
                    "parts": [{"functionResponse": {"id": ident, "name": name, "response": {"output": result}}}],
                }
            )


_OUTCOME = ("execution succeeded", "execution failed")  # AutoGen's words for an exit code of 0 and of any other
#: What AgentChat's code executor (Magentic-One's terminal) answers for a run that printed nothing.
_NO_CONSOLE = (
    "The script ran but produced no output to console. The POSIX exit code was: 0. If you were expecting output, "
    "consider revising the script to ensure content is printed to stdout."
)


def _key(case: Case) -> str:
    """What a summary must show of the fix: the new text where it differs from the old, as one line."""
    new = [ln.strip() for ln in case.new.splitlines() if ln.strip() and ln not in case.old.splitlines()]
    return new[-1] if new else case.new.strip()


#: A wrapper's line that gives the exit code and labels the output below it (``Exit code: 1, Output:``): the host's
#: words about the run, not the error the tool answered with.
_CODE_LABEL = re.compile(r"(?i)exit code:? *-?\d+[,;]? *(?:output:?)?")
#: A line that is only the wrapper's: the exit code's label, or a tag alone (``<error>`` over the message).
_LABEL_ONLY = re.compile(rf"{_CODE_LABEL.pattern}|</?[\w-]+>")


def _first_line(text: str) -> str:
    """The error a tool answered with: its first line, or the next one when the first is only a label or a tag."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not _LABEL_ONLY.fullmatch(ln.strip())] or [text]
    first = lines[1] if len(lines) > 1 and lines[0].rstrip(":").lower() in ("error", "failed") else lines[0]
    return first.removeprefix("<tool_use_error>").removesuffix("</tool_use_error>")


# scoring -------------------------------------------------------------------------------------------------------

HEADLINE = ("request", "cause", "fix", "missing")  # the planted facts; a test's name is reported on its own


@dataclass
class Scored:
    history: History
    style: str
    kept: list[bool]
    false_alarms: int
    tokens: int
    range_tokens: int


#: (style, max_tokens): the default budget is the headline; the explicit one shows what the default's room costs.
RUNS: tuple[tuple[str, int | None], ...] = (("sections", None), ("brief", None), ("sections", 1000))


def measure(session: Any, runs: tuple[tuple[str, int | None], ...] = RUNS) -> list[Scored]:
    from mcp_context.conversation.formats import adapter
    from mcp_context.summary.facts import extract

    from .fidelity_probe import norm

    out = []
    for h in histories():
        found = extract(adapter(h.fmt).parse(h.messages))
        # a twin's result is the message after its call; a run quoted in a user turn (Aider) is that turn
        ran = {t - 1 for t in h.twins} | set(h.twins)
        alarms = sum(1 for f in found.failures if f.action.ref in ran)
        for style, budget in runs:
            r = session.summarize_range(
                messages=h.messages, format=h.fmt, style=style, engine="extractive", max_tokens=budget
            )
            normed = norm(r.text or "")
            kept = [norm(f.text) in normed for f in h.facts]
            label = style if budget is None else f"{style} at {budget:,}"
            out.append(Scored(h, label, kept, alarms, r.summary_tokens or 0, r.range_tokens))
    return out


def share(scored: list[Scored], kinds: tuple[str, ...] = HEADLINE) -> tuple[int, int]:
    hits = [k for s in scored for f, k in zip(s.history.facts, s.kept, strict=True) if f.kind in kinds]
    return sum(hits), len(hits)


def pct(pair: tuple[int, int]) -> str:
    return f"{pair[0] / pair[1]:.1%}" if pair[1] else "-"


def figures(results: list[Scored], style: str = "sections") -> dict[str, tuple[int, int]]:
    return {part: share([s for s in results if s.style == style and s.history.split == part]) for part in PARTS}


def main(argv: list[str] | None = None) -> int:
    import sys
    import tempfile

    from mcp_context import Session

    from . import fidelity_corpora_report, fidelity_neutral

    with tempfile.TemporaryDirectory(prefix="mcp-context-corpora-") as root:
        session = Session(root=root, session="corpora", env={}, transcript_roots=None)
        detail = "--detail" in (sys.argv[1:] if argv is None else argv)
        scored = measure(session) + fidelity_neutral.measure(session)  # the last: dev, names made neutral
        print(fidelity_corpora_report.report(scored, detail=detail))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
