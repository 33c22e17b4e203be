"""``python -m benchmarks.retention [--quick]``: how much of what matters a summary keeps, and how small it is.

Sessions of a few hundred messages, in OpenAI, Claude Code and Gemini CLI shapes with each host's tool names, carry
planted facts of every kind a user would hate to lose: the original request, later corrections, the files
changed, an error and its fix, a decision, the open tasks, the current step; phrasings vary as in real sessions.
Around them, an agent's usual work on real text (this machine's Python sources): reads, searches, tests, diffs.
Each style of ``summarize_range`` (extractive, default budget) summarises every session; the table gives the
share of facts still findable in the summary (case and spacing ignored) and the token reduction, beside two
baselines given the ``sections`` summary's token count: a sliding window (newest messages) and head truncation
(oldest). Target for extractive + sections: 95% of facts or more at 80% fewer tokens or more.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import sysconfig
import tempfile
import time
import tracemalloc
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mcp_context import Session
from mcp_context.conversation import formats
from mcp_context.conversation.model import Block, Message

from .report import align

KINDS = ("request", "correction", "file", "error", "fix", "decision", "task", "current")
STYLES = ("sections", "snapshot", "brief")
FORMATS = ("openai", "anthropic", "gemini")
TARGET_KEPT, TARGET_REDUCTION = 0.95, 0.80


def _table(text: str) -> list[tuple[str, ...]]:
    """Rows of cells separated by ``|``: the vocabulary the sessions are written from."""
    return [tuple(cell.strip() for cell in line.split("|")) for line in text.strip().splitlines()]


FEATURES = _table("""
CSV export of invoices | billing/export.py
rate limiting on the public API | api/limits.py
an audit log of admin actions | admin/audit.py
retries with exponential backoff for webhooks | hooks/delivery.py
signed download links | storage/links.py
a dark mode toggle in settings | web/settings.py
""")
CORRECTIONS = [
    "Actually, use {alt} instead of {orig}; the ops team already monitors it.",
    "Change of plan: {alt}, not {orig}. Keep the old behaviour behind a flag.",
    "One more thing: switch from {orig} to {alt} before you write the tests.",
    "No, don't use {orig}. Go with {alt} so it matches the other services.",
]
SWAPS = _table("""
JSON Lines | a plain table
UTC timestamps | local time
Redis | an in-process cache
pathlib | os.path
structured logging | print statements
pytest fixtures | setUp methods
""")
DECISIONS = [  # the last has no word that says "decision": extractive engines miss it, honestly counted
    "Decision: {a}, not {b}, since {why}.",
    "I'll go with {a} rather than {b}, because {why}.",
    "Going with {a} instead of {b}: {why}.",
    "We should use {a} here; {b} would mean {why}.",
    "{a} it is: {why}, which rules out {b}.",
]
CHOICES = _table("""
SQLAlchemy Core | the ORM | the queries are simple and the ORM hides the SQL we need to tune
a token bucket | a fixed window | bursts at the window edge would double the allowed rate
orjson | the json module | the export is dominated by serialisation time
an append-only table | a log file | admins need to query it from the dashboard
HMAC-SHA256 signatures | random tokens | links must be verifiable without a database lookup
CSS custom properties | a second stylesheet | the theme must switch without a reload
""")
ERRORS = _table("""
python -m pytest tests/test_{stem}.py -q | ImportError: cannot import name 'write_rows' from '{module}' \
    | write_rows was renamed to write_records
mypy {path} | {path}:42: error: Argument 1 to "dump" has incompatible type "bytes" | decode the payload first
python -m {module} --check | ModuleNotFoundError: No module named '{module}_settings' \
    | the settings live in config/settings.py
python -m pytest tests/test_{stem}.py -q | AssertionError: assert 429 == 200 \
    | the test client shares one bucket across tests
""")
STEPS = [
    "Running the integration suite against the staging database now.",
    "Now checking the migration on a copy of last week's production dump.",
    "Next up is measuring the export on the 2 GB invoice sample.",
    "Currently wiring the new setting into the admin dashboard.",
]
#: Each host's names for the same tools.
NAMES = {
    row[0]: dict(zip(("read", "grep", "shell", "edit", "todos"), row[1:], strict=True))
    for row in _table("""
openai | read_file | grep | run_command | edit_file | update_plan
anthropic | Read | Grep | Bash | Edit | TodoWrite
gemini | read_file | grep_search | run_shell_command | replace | write_todos
""")
}


@dataclass
class Fact:
    kind: str
    text: str


@dataclass
class Call:
    kind: str  # read, grep, shell, edit, write, todos
    args: dict[str, Any]
    result: str
    failed: bool = False


@dataclass
class Turn:
    role: str  # user or assistant
    text: str
    calls: list[Call] = field(default_factory=list)


class Pool:
    """Real text from this machine: Python standard library sources, for tool results."""

    def __init__(self, rng: random.Random, size: int = 3_000_000) -> None:
        root = Path(sysconfig.get_paths()["stdlib"])
        paths = sorted(p for p in root.glob("*.py"))
        rng.shuffle(paths)
        self.files: list[tuple[str, list[str]]] = []
        total = 0
        for path in paths:
            text = path.read_text(encoding="utf-8", errors="replace")
            if len(text) > 2_000:
                self.files.append((f"Lib/{path.name}", text.splitlines()))
                total += len(text)
            if total >= size:
                break

    def lines(self, rng: random.Random, chars: int) -> tuple[str, int, list[str]]:
        name, lines = rng.choice(self.files)
        start = rng.randrange(len(lines))
        out, size = [], 0
        for line in lines[start:]:
            out.append(line)
            size += len(line) + 1
            if size >= chars:
                break
        return name, start + 1, out


# one session ---------------------------------------------------------------------------------------------


def filler(pool: Pool, rng: random.Random) -> Turn:
    """An ordinary step of an agent's work: a read, a search, a test run or a diff, with real text."""
    size = int(rng.lognormvariate(8, 1.0)) + 200
    name, first, lines = pool.lines(rng, min(size, 20_000))
    kind = rng.random()
    if kind < 0.45:
        body = "\n".join(f"{first + i:>6}\t{line}" for i, line in enumerate(lines))
        call = Call("read", {"path": name}, body)
        say = f"Reading {name} to see how it is organised."
    elif kind < 0.7:
        word = rng.choice(("def ", "return ", "import ", "raise "))
        hits = [f"{name}:{first + i}:{line}" for i, line in enumerate(lines) if word in line] or [f"{name}: no match"]
        call = Call("grep", {"pattern": word.strip(), "path": "Lib/"}, "\n".join(hits))
        say = f"Searching for `{word.strip()}` uses."
    elif kind < 0.85:
        tests = [f"tests/test_{name[4:-3]}.py::test_{i} PASSED" for i in range(len(lines) // 3 + 1)]
        call = Call("shell", {"command": "python -m pytest -q tests"}, "\n".join(tests) + "\n\nall passed")
        say = "Running the tests."
    else:
        diff = "\n".join(rng.choice("+- ") + line for line in lines)
        call = Call("shell", {"command": f"git diff -- {name}"}, f"diff --git a/{name} b/{name}\n{diff}")
        say = "Checking the diff."
    return Turn("assistant", say if rng.random() < 0.6 else "", [call])


def story(pool: Pool, rng: random.Random, length: int) -> tuple[list[Turn], list[Fact]]:
    """One session of about ``length`` turns with every kind of fact planted once or more."""
    feature, module = rng.choice(FEATURES)
    stem, package = Path(module).stem, module.replace("/", ".")[:-3]
    files = [f"src/{module}", f"src/{Path(module).parent}/models.py", f"tests/test_{stem}.py", "docs/changelog.md"]
    swaps = rng.sample(SWAPS, 2)
    a, b, why = rng.choice(CHOICES)
    command, error, fix = (part.format(stem=stem, module=package, path=files[0]) for part in rng.choice(ERRORS))
    tasks = [f"update the {stem} docs", f"add a metrics counter for {feature.split()[0].lower()} runs"]
    step = rng.choice(STEPS)
    request = f"Please add {feature} in {module}, with tests, and keep the public API unchanged."
    facts = [Fact("request", request), Fact("error", error), Fact("fix", fix), Fact("decision", a)]
    facts += [Fact("file", f) for f in files] + [Fact("task", t) for t in tasks] + [Fact("current", step)]
    plan = [(f"implement {feature}", "pending"), (f"write tests for {stem}", "pending")] + [
        (t, "pending") for t in tasks
    ]

    def work(n: int) -> list[Turn]:
        return [filler(pool, rng) for _ in range(n)]

    chunk = max(4, (length - 20) // 6)
    turns = [Turn("user", request), *work(chunk), Turn("assistant", "Planning the work.", [Call("todos", {}, "ok")])]
    turns[-1].calls[0].args = {"items": plan}
    decided = rng.choice(DECISIONS).format(a=a, b=b, why=why)
    turns += [Turn("assistant", decided, [_edit(files[0], pool, rng)]), *work(chunk)]
    # Agents often look around before they say what went wrong: the explanation may come a few steps later.
    turns += [
        Turn("assistant", "Running the new tests.", [Call("shell", {"command": command}, error, failed=True)]),
        *work(rng.choice((0, 0, 1, 3))),
        Turn("assistant", f"The failure is clear: {fix}. Fixing it and running again.", [_edit(files[1], pool, rng)]),
        Turn("assistant", "", [Call("shell", {"command": command}, "7 passed in 1.42s")]),
        *work(chunk),
    ]
    for (alt, orig), files_at in zip(swaps, (files[2], files[3]), strict=True):
        said = rng.choice(CORRECTIONS).format(alt=alt, orig=orig)
        facts.append(Fact("correction", said.split(";")[0].split(".")[0]))
        turns += [
            Turn("assistant", "That part is done; the tests pass."),
            Turn("user", said),
            Turn("assistant", "Understood, changing that.", [_edit(files_at, pool, rng)]),
        ]
        turns += work(chunk)
    done = [(text, "completed" if i < 2 else status) for i, (text, status) in enumerate(plan)]
    turns += [Turn("assistant", "Updating the plan.", [Call("todos", {"items": done}, "ok")]), *work(chunk)]
    turns.append(Turn("assistant", f"Both changes are in. {step}"))
    return turns, facts


def _edit(path: str, pool: Pool, rng: random.Random) -> Call:
    _, _, lines = pool.lines(rng, 600)
    old, new = "\n".join(lines[:3]), "\n".join(lines[:3] + ["    return result"])
    return Call("edit", {"path": path, "old": old, "new": new}, f"The file {path} has been updated successfully.")


# each host's shape -----------------------------------------------------------------------------------------


def arguments(fmt: str, call: Call) -> dict[str, Any]:
    path_key = "path" if fmt == "openai" else "file_path"
    if call.kind == "edit":
        return {path_key: call.args["path"], "old_string": call.args["old"], "new_string": call.args["new"]}
    if call.kind == "read":
        return {path_key: call.args["path"]}
    if call.kind == "todos":
        items = call.args["items"]
        if fmt == "openai":
            return {"plan": [{"step": t, "status": s} for t, s in items]}
        if fmt == "anthropic":
            return {"todos": [{"content": t, "status": s, "activeForm": t} for t, s in items]}
        return {"todos": [{"description": t, "status": s} for t, s in items]}
    return dict(call.args)


def output(fmt: str, call: Call) -> str:
    if call.kind != "shell":
        return call.result
    code = 1 if call.failed else 0
    if fmt == "gemini":
        return f"<untrusted_context>\nOutput: {call.result}\nExit Code: {code}\n</untrusted_context>"
    return f"Exit code {code}\n{call.result}" if call.failed else call.result


def render(fmt: str, turns: list[Turn], rng: random.Random) -> list[dict[str, Any]]:
    """The session in one host's format, written by the library's own format adapters."""
    adapter = formats.adapter(fmt)
    out = (
        [Message("system", [Block("text", "You are a careful coding agent.")], changed=True)] if fmt == "openai" else []
    )
    for turn in turns:
        calls = [(f"call_{rng.getrandbits(48):012x}", NAMES[fmt][c.kind], c) for c in turn.calls]
        blocks = [Block("text", turn.text)] if turn.text else []
        blocks += [Block("tool_call", call_id=i, name=n, args=arguments(fmt, c)) for i, n, c in calls]
        out.append(Message("user" if turn.role == "user" else "assistant", blocks, changed=True))
        failed = fmt == "anthropic"  # Claude Code flags a failed Bash; the others only write the exit code
        results = [
            Block("tool_result", output(fmt, c), call_id=i, name=n, is_error=failed and c.failed) for i, n, c in calls
        ]
        groups = [[r] for r in results] if adapter.one_result_per_message else [results] if results else []
        out += [adapter.results_message(group) for group in groups]
    return adapter.render_all(out)


# measuring -------------------------------------------------------------------------------------------------


@dataclass
class Outcome:
    """One session: which facts each style and baseline kept, and the sizes and times."""

    fmt: str
    messages: int
    facts: list[Fact]
    range_tokens: int
    kept: dict[str, list[bool]] = field(default_factory=dict)
    tokens: dict[str, int] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)


def norm(text: str) -> str:
    return " ".join(text.lower().split())


def strings(value: Any) -> list[str]:
    """Every string inside a message, as a model would read it (keys and structure aside)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def measure(session: Session, seed: int, fmt: str, length: int, pool: Pool, peaks: dict[str, float]) -> Outcome:
    """One session summarised in every style and cut by both baselines; the first also fills ``peaks``."""
    rng = random.Random(f"retention-{seed}-{fmt}")
    turns, facts = story(pool, rng, length)
    messages = render(fmt, turns, rng)
    adapter = formats.adapter(fmt)
    sizes = [session.reuse.call().accountant.message(m, adapter) for m in adapter.parse(messages)]
    outcome = Outcome(fmt, len(messages), facts, sum(sizes))
    for style in STYLES:
        began = time.perf_counter()
        result = session.summarize_range(messages=messages, format=fmt, style=style, engine="extractive")
        outcome.seconds[style] = time.perf_counter() - began
        outcome.kept[style] = [norm(f.text) in norm(result.text or "") for f in facts]
        outcome.tokens[style] = result.summary_tokens or 0
        if style not in peaks:  # Python's peak allocations during one more call, input not counted
            tracemalloc.start()
            session.summarize_range(messages=messages, format=fmt, style=style, engine="extractive")
            peaks[style] = tracemalloc.get_traced_memory()[1] / 2**20
            tracemalloc.stop()
    for name, order in (
        ("sliding window", range(len(messages) - 1, -1, -1)),
        ("head truncation", range(len(messages))),
    ):
        began = time.perf_counter()
        kept, used = [], 0
        for i in order:
            if used + sizes[i] > outcome.tokens["sections"]:
                break
            kept.append(messages[i])
            used += sizes[i]
        text = norm("\n".join(strings(kept)))
        outcome.seconds[name] = time.perf_counter() - began
        outcome.kept[name] = [norm(f.text) in text for f in facts]
        outcome.tokens[name] = used
    return outcome


def run(quick: bool, seed: int = 1) -> tuple[list[Outcome], dict[str, float]]:
    pool, peaks = Pool(random.Random(seed)), dict[str, float]()
    plan = [(fmt, 120 + 40 * k) for k in range(1 if quick else 4) for fmt in FORMATS]
    with tempfile.TemporaryDirectory(prefix="mcp-context-retention-") as root:
        session = Session(root=root, session="retention", env={})
        return [measure(session, seed + n, fmt, size, pool, peaks) for n, (fmt, size) in enumerate(plan)], peaks


# reporting -------------------------------------------------------------------------------------------------

NAMES_OUT = (*STYLES, "sliding window", "head truncation")


def share(outcomes: list[Outcome], name: str, kind: str | None = None) -> float:
    hits = [k for o in outcomes for f, k in zip(o.facts, o.kept[name], strict=True) if kind in (None, f.kind)]
    return sum(hits) / len(hits) if hits else 0.0


def reduction(outcomes: list[Outcome], name: str) -> float:
    return 1 - sum(o.tokens[name] for o in outcomes) / sum(o.range_tokens for o in outcomes)


def size_text(outcomes: list[Outcome]) -> str:
    counts = [o.messages for o in outcomes]
    return f"{len(outcomes)} sessions, {min(counts)}-{max(counts)} msgs"


def table(outcomes: list[Outcome]) -> str:
    header = ["summary", "facts kept", "fewer tokens", *KINDS, "median time"]
    lines = [header]
    for name in NAMES_OUT:
        label = f"{name} (extractive)" if name in STYLES else f"{name}, sections' tokens"
        per_kind = [f"{share(outcomes, name, kind):.0%}" for kind in KINDS]
        took = statistics.median(o.seconds[name] for o in outcomes)
        figures = [f"{share(outcomes, name):.1%}", f"{reduction(outcomes, name):.1%}", *per_kind]
        lines.append([label, *figures, f"{took * 1e3:.1f} ms"])
    return align(lines, left=1)


def verdict(outcomes: list[Outcome]) -> str:
    kept, saved = share(outcomes, "sections"), reduction(outcomes, "sections")
    met = kept >= TARGET_KEPT and saved >= TARGET_REDUCTION
    return (
        f"target for extractive + sections: {TARGET_KEPT:.0%} of facts at {TARGET_REDUCTION:.0%} fewer tokens: "
        f"{kept:.1%} at {saved:.1%}, {'met' if met else 'MISSED'}"
    )


def rows(quick: bool) -> list[dict[str, Any]]:
    """The suite's rows (see benchmarks/__main__.py): each style, then the two baselines at sections' size."""
    outcomes, peaks = run(quick)
    out = []
    for name in NAMES_OUT:
        result = f"{share(outcomes, name):.0%} facts, {reduction(outcomes, name):.1%} fewer tokens"
        result += f" (target {TARGET_KEPT:.0%} at {TARGET_REDUCTION:.0%})" if name == "sections" else ""
        style = name in STYLES
        out.append(
            {
                "operation": f"summarize_range {name}" if style else f"{name} (baseline)",
                "size": size_text(outcomes),
                "median_s": statistics.median(o.seconds[name] for o in outcomes),
                "peak_mib": peaks.get(name),
                "baseline": "sliding window, same tokens as sections" if style else "-",
                "ratio": None,
                "result": result,
            }
        )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.retention", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="3 sessions (one per format) instead of 12")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    outcomes, peaks = run(args.quick, args.seed)
    print(table(outcomes))
    print()
    print(verdict(outcomes))
    print(f"{size_text(outcomes)} ({', '.join(FORMATS)}); {sum(len(o.facts) for o in outcomes)} planted facts")
    print(
        "peak Python allocations per summary (tracemalloc): " + ", ".join(f"{k} {v:.1f} MiB" for k, v in peaks.items())
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
