"""Failures for the planted histories: real tool outputs, each with the fix a careful agent would make.

The outputs come from ``tests/outputs/cases/*.txt``, captured by running each command in a scratch project
(``tests/outputs/capture.py``), with ``cases.json`` giving the command, the exit code and the line that says
what went wrong. Real outputs matter here: a benchmark whose failures are written by the same hand as the
detector measures only that the two agree. When the folder is missing, a few hand-written outputs stand in,
and the benchmark says so.

Each failing case needs a fix to plant after it (the edit, or the command, that resolves it, and the re-run),
written below by case name to match what the capture's scratch project holds. A captured case with no fix here
is left out and named in the notes, as is a case whose recorded message is no longer in its output (the corpus
is re-captured from time to time) and a case already wrapped by a host (the Gemini CLI copies: the histories
wrap outputs themselves, per host)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

CASES_DIR = Path(__file__).resolve().parent.parent / "tests" / "outputs"
#: A failure message longer than this is probed by its head, cut at a word: what a one-line quote keeps.
MESSAGE_HEAD = 100


@dataclass(frozen=True)
class Fix:
    """What resolves a failure. ``path`` set: an edit of ``old`` into ``new`` (a new file when ``old`` is
    empty). ``path`` None: ``new`` is a command run before the re-run, or nothing when the re-run itself is the
    fix (a corrected command line). ``key``: what a summary must show of the fix; by default the last line of
    ``new`` that ``old`` lacks."""

    path: str | None
    old: str
    new: str
    why: str
    rerun: str | None = None  # None: the failing command again
    passed: str = ""  # the re-run's output when no ``<name>_fixed.txt`` was captured
    key: str = ""

    def shown(self) -> str:
        if self.key:
            return self.key
        if self.path is None and not self.new:
            return self.rerun or ""
        added = [ln.strip() for ln in self.new.splitlines() if ln.strip() and ln not in self.old.splitlines()]
        return added[-1] if added else self.new.strip()


@dataclass(frozen=True)
class Case:
    """A failing command, its real output and exit code, the line a summary must quote, and its fix."""

    name: str
    kind: str
    command: str
    output: str
    exit_code: int
    message: str
    fix: Fix
    passed: str  # the successful re-run's output

    @property
    def probe(self) -> str:
        """The message as probed: whole when short, else its head cut at a word."""
        text = " ".join(self.message.split())
        if len(text) <= MESSAGE_HEAD:
            return text
        return text[:MESSAGE_HEAD].rsplit(" ", 1)[0]


def _f(path: str | None, old: str, new: str, why: str, **more: str) -> Fix:
    return Fix(path, old, new, why, **more)


_EXPECTED = "    const unsigned expected[] = {{{}}};"
FIXES: dict[str, Fix] = {
    "pytest_assert_fail": _f(
        "calc/calc.py", "    return a // b", "    return a / b", "divide() floors the result with //"
    ),
    "pytest_exception_and_message_fail": _f(
        "settings/loader.py",
        '    merged["port"] = int(raw["port"])',
        '    merged["port"] = int(raw.get("port", 8000))',
        "load() reads raw['port'] with no default",
    ),
    "pytest_collection_import_error": _f(
        "inventory/models.py",
        "    stock: int = 0\n",
        "    stock: int = 0\n\n\nItem = Product  # the name the tests still import\n",
        "the model was renamed to Product and the tests import Item",
        key="Item = Product",
    ),
    "pytest_collection_syntax_error": _f(
        "tests/test_cart.py", "def test_empty_cart()", "def test_empty_cart():", "the test def lacks its colon"
    ),
    "pytest_long_run_one_failure": _f(
        "shipping.py", "    if weight_g < 2000:", "    if weight_g <= 2000:", "the 2 kg boundary is off by one"
    ),
    "unittest_failure": _f(
        "textutils/slug.py",
        '    words = re.split(r"\\s+", title.strip().lower())',
        '    words = re.findall(r"[a-z0-9]+", title.lower())',
        "slugify keeps punctuation",
    ),
    "unittest_error": _f(
        "textutils/wrap.py",
        "def shorten(text, width):\n    if len(text) <= width:",
        "def shorten(text, width):\n    width = int(width)\n    if len(text) <= width:",
        "shorten() gets the width as a string",
    ),
    "python_traceback_then_output": _f(
        "sync.py",
        '    return int(rec["qty"])',
        '    return int(rec["qty"]) if rec["qty"].isdigit() else 0',
        "record 3 has qty 'n/a'",
    ),
    "python_file_not_found_traceback": _f(
        "config.json", "", '{"source": "orders.csv", "currency": "EUR"}\n', "report.py expects a config.json"
    ),
    "python_missing_script": _f(
        None,
        "",
        "git mv tools/migrate.py scripts/migrate.py",
        "the script still lives in tools/",
        passed="migrated 3 tables (orders, customers, invoices)",
    ),
    "mypy_error": _f(
        "orders.py",
        "def describe(order: Order) -> int:",
        "def describe(order: Order) -> str:",
        "describe() returns a string but is annotated int",
    ),
    "ruff_error": _f(None, "", "ruff check --fix .", "os is imported and never used"),
    "pip_install_nonexistent": _f(
        None,
        "",
        "",
        "the package name was wrong",
        rerun="pip install requests==2.32.3",
        passed="Collecting requests==2.32.3\nSuccessfully installed requests-2.32.3 urllib3-2.2.3",
    ),
    "pip_missing_requirements_file": _f(
        "requirements.txt",
        "",
        "requests==2.32.3\nrich==13.9.4\n",
        "the project has no requirements.txt yet",
        key="requests==2.32.3",
        passed="Successfully installed requests-2.32.3 rich-13.9.4",
    ),
    "command_not_found": _f(
        None,
        "",
        "corepack enable pnpm",
        "pnpm is not on PATH",
        passed="Lockfile is up to date, resolution step is skipped\nAlready up to date\nDone in 412ms",
    ),
    "command_not_found_typo": _f(
        None, "", "", "a typo in the interpreter's name", rerun="python src/main.py", passed="hi"
    ),
    "cat_missing_file": _f(
        "config/settings.yaml",
        "",
        "port: 8080\nlog_level: info\n",
        "the settings file was never created",
        key="port: 8080",
        passed="port: 8080\nlog_level: info",
    ),
    "ls_missing_dir": _f(
        None,
        "",
        "cmake -S . -B build",
        "the build directory is made by cmake",
        passed="total 40\ndrwxr-xr-x 3 dev dev 4096 Mar  4 10:02 .\n"
        "-rw-r--r-- 1 dev dev 13980 Mar  4 10:02 CMakeCache.txt",
    ),
    "git_not_a_repo": _f(
        None,
        "",
        "git init -b main",
        "the notes folder was never a repository",
        passed="On branch main\n\nNo commits yet\n\nUntracked files:\n\ttodo.txt",
    ),
    "git_checkout_missing_branch": _f(
        None,
        "",
        "git fetch origin release-2.0:release-2.0",
        "the branch exists only on the remote",
        passed="Switched to branch 'release-2.0'",
    ),
    "git_push_no_remote": _f(
        None,
        "",
        "git remote add origin git@git.example.com:acme/gitdemo.git",
        "no remote is configured",
        rerun="git push -u origin main",
        passed="To git.example.com:acme/gitdemo.git\n * [new branch]      main -> main",
    ),
    "git_merge_conflict": _f(
        "client.py",
        "<<<<<<< HEAD\nTIMEOUT = 10\n=======\nTIMEOUT = 30\n>>>>>>> feature/slow-api",
        "TIMEOUT = 30",
        "both branches changed TIMEOUT; the slow API needs 30",
        rerun="git commit -am 'Merge feature/slow-api'",
        passed="[main 4f2c1d9] Merge feature/slow-api",
    ),
    "gcc_compile_error": _f(
        "stats.c", "    return (double)totl / n;", "    return (double)total / n;", "a typo: totl for total"
    ),
    "gcc_link_error": _f(
        "report.c",
        "void format_row(char *buf, size_t size, const char *name, double value);",
        "void format_row(char *buf, size_t size, const char *name, double value)\n{\n"
        '    snprintf(buf, size, "%s=%.1f", name, value);\n}',
        "format_row is declared but never defined",
        passed="",
    ),
    "gpp_compile_error": _f(
        "inventory.cpp", "        total += item.qty;", "        total += item.count;", "Item's field is count"
    ),
    "make_compile_failure": _f(
        "main.c",
        "        sum = (sum + (unsigned char)*s++) % 256",
        "        sum = (sum + (unsigned char)*s++) % 256;",
        "a missing semicolon in checksum()",
    ),
    "make_test_failure": _f(
        "main.c",
        _EXPECTED.format("0x06, 0x9c, 0x04, 0x0a"),
        _EXPECTED.format("0x06, 0x9c, 0x03, 0x0a"),
        "the expected checksum of block 2 is wrong",
    ),
    "cargo_build_error": _f(
        "src/lib.rs",
        "    let q: u32 = parse_qty(qty);",
        "    let q: u32 = parse_qty(qty)?;",
        "parse_qty returns a Result",
    ),
    "cargo_test_failure": _f(
        "src/lib.rs",
        '    s.parse::<u32>().map_err(|e| format!("invalid quantity {s:?}: {e}"))',
        '    s.trim().parse::<u32>().map_err(|e| format!("invalid quantity {s:?}: {e}"))',
        "quantities arrive with spaces",
        key="s.trim().parse::<u32>()",
    ),
    "javac_error": _f(
        "Main.java",
        '        System.out.println("total: " + totl(prices));',
        '        System.out.println("total: " + total(prices));',
        "a typo: totl for total",
    ),
    "java_exception": _f(
        "Report.java",
        "        for (int i = 0; i <= columns.length; i++) {",
        "        for (int i = 0; i < columns.length; i++) {",
        "the loop runs one past the end",
    ),
    "npm_install_nonexistent": _f(
        None,
        "",
        "",
        "the package name was wrong",
        rerun="npm install left-pad@1.3.0",
        passed="added 1 package, and audited 2 packages in 1s\n\nfound 0 vulnerabilities",
    ),
    "npm_run_build_failure": _f(
        "scripts/build.js",
        "  const title = page.meta.title.trim();",
        "  const title = (page.meta?.title ?? page.slug).trim();",
        "the about page has no meta block",
        passed="building 3 pages...\n  wrote dist/index.html (Home)\n  wrote dist/pricing.html (Pricing)\n"
        "  wrote dist/about.html (about)",
    ),
    "tsc_error": _f(
        "src/format.ts",
        "  const total: number = (inv.totalCents / 100).toFixed(2);",
        "  const total: string = (inv.totalCents / 100).toFixed(2);",
        "toFixed returns a string",
    ),
    "vitest_failure": _f(
        "src/stats.ts",
        "  return sum(xs) / (xs.length - 1);",
        "  return sum(xs) / xs.length;",
        "mean() divides by n - 1",
    ),
}
FIXES["npm_test_failure"] = FIXES["vitest_failure"]
#: A passing re-run captured under another case's name.
PASSED_AS = {"npm_test_failure": "vitest_failure_fixed"}

# Stand-ins when tests/outputs is not there: realistic, but written here, and the output says so.
_FALLBACK = [
    (
        "fallback_pytest",
        "pytest_failure",
        "python -m pytest -q",
        1,
        "tests/test_prices.py F.                                                  [100%]\n\n"
        "    def test_rounding():\n>       assert round_price(2.675) == 2.68\nE       assert 2.67 == 2.68\n\n"
        "FAILED tests/test_prices.py::test_rounding - assert 2.67 == 2.68\n1 failed, 1 passed in 0.04s",
        "FAILED tests/test_prices.py::test_rounding - assert 2.67 == 2.68",
        _f(
            "prices.py",
            "    return round(value, 2)",
            "    return float(Decimal(str(value)).quantize(CENT))",
            "float rounding",
            passed="2 passed in 0.03s",
        ),
    ),
    (
        "fallback_mypy",
        "type_check_error",
        "mypy app.py",
        1,
        'app.py:7: error: Argument 1 to "load" has incompatible type "str"; expected "Path"  [arg-type]\n'
        "Found 1 error in 1 file (checked 1 source file)",
        'app.py:7: error: Argument 1 to "load" has incompatible type "str"; expected "Path"  [arg-type]',
        _f(
            "app.py",
            "    data = load(name)",
            "    data = load(Path(name))",
            "load() takes a Path",
            passed="Success: no issues found in 1 source file",
        ),
    ),
    (
        "fallback_not_found",
        "command_not_found",
        "yarn build",
        127,
        "bash: line 1: yarn: command not found",
        "bash: line 1: yarn: command not found",
        _f(None, "", "", "the project uses npm", rerun="npm run build", passed="built in 1.2s"),
    ),
    (
        "fallback_gcc",
        "compile_error",
        "gcc -Wall -o tool tool.c",
        1,
        "tool.c: In function 'main':\ntool.c:5:5: error: unknown type name 'bool'\n    5 |     bool ok = 1;\n",
        "tool.c:5:5: error: unknown type name 'bool'",
        _f("tool.c", "#include <stdio.h>", "#include <stdio.h>\n#include <stdbool.h>", "bool needs stdbool.h"),
    ),
    (
        "fallback_git",
        "git_error",
        "git status",
        128,
        "fatal: not a git repository (or any of the parent directories): .git",
        "fatal: not a git repository (or any of the parent directories): .git",
        _f(None, "", "git init -b main", "not a repository yet", passed="On branch main\n\nNo commits yet"),
    ),
]


@dataclass
class Corpus:
    """The failing cases to plant, the successes that only look alarming (outputs that mention errors), and
    notes on what was left out and why."""

    failures: list[Case]
    decoys: list[tuple[str, str]]  # (command, output) of captured successes
    notes: list[str]
    real: bool


def load(folder: Path = CASES_DIR) -> Corpus:
    """The captured cases, or the stand-ins when the folder is not there."""
    index = folder / "cases.json"
    if not index.exists():
        cases = [Case(n, k, c, out, code, msg, fix, fix.passed) for n, k, c, code, out, msg, fix in _FALLBACK]
        note = f"{folder}/cases.json not found: {len(cases)} hand-written failure outputs stand in for real ones"
        return Corpus(cases, [], [note], real=False)
    entries = json.loads(index.read_text(encoding="utf-8"))
    texts = {e["name"]: _read(folder / "cases" / f"{e['name']}.txt") for e in entries}
    failures, decoys, skipped = [], [], dict[str, list[str]]()
    for e in entries:
        name, text = e["name"], texts[e["name"]]
        if text is None:
            skipped.setdefault("no output file", []).append(name)
        elif e.get("wrapper") or e.get("exit_code") is None:
            skipped.setdefault("already wrapped by a host, or not a shell command", []).append(name)
        elif not e["failed"]:
            decoys.append((e["command"], text))
        elif name not in FIXES:
            skipped.setdefault("no fix written for it", []).append(name)
        elif " ".join(e["message"].split()) not in " ".join(text.split()):
            skipped.setdefault("recorded message not in the output (re-captured?)", []).append(name)
        else:
            passed = texts.get(PASSED_AS.get(name, f"{name}_fixed")) or FIXES[name].passed
            failures.append(
                Case(name, e["kind"], e["command"], text, e["exit_code"], e["message"], FIXES[name], passed)
            )
    notes = [f"left out, {why}: {', '.join(names)}" for why, names in skipped.items()]
    return Corpus(failures, decoys, notes, real=True)


def _read(path: Path) -> str | None:
    return path.read_text(encoding="utf-8", errors="replace") if path.exists() else None


def spread(cases: list[Case], count: int, offset: int) -> list[Case]:
    """``count`` cases taken round-robin by kind from ``offset`` on, so that a few histories already hold
    every kind of failure, then every case."""
    by_kind: dict[str, list[Case]] = {}
    for case in cases:
        by_kind.setdefault(case.kind, []).append(case)
    order: list[Case] = []
    for depth in range(max(len(v) for v in by_kind.values())):
        order += [group[depth] for group in by_kind.values() if depth < len(group)]
    return [order[(offset + i) % len(order)] for i in range(count)]
