"""Redaction engines side by side, on the secrets corpus (``tests/secret_corpus/corpus.jsonl``) and on ordinary source
and logs: ours (Python ``re`` tried where an Aho-Corasick pass finds a rule's anchor), detect-secrets (PyPI, its
default plugins and filters), and hyperscan (our rules compiled into one hyperscan database, each hit confirmed
by the rule's pattern). Each engine turns a text into the text it would store; the same scoring judges them all.

A secret counts as caught when nothing of it long enough to matter is left: no 12 characters of it in a row
(a shorter secret: none of it whole) stand in what the engine gives back, but for a run that the case's text also
holds outside the secret (public text that shares the run, a certificate beside its key)."""

from __future__ import annotations

import base64
import gzip
import itertools
import json
import re
import subprocess
import sysconfig
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from mcp_context.redaction import Redactor, rules

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "secret_corpus" / "corpus.jsonl"
#: The shortest run of a secret's characters that, left standing, counts as a leak.
RUN = 12
_PLACEHOLDER = re.compile(r"\[secret:[a-z_0-9]+:[0-9a-f]{4}\]")


@dataclass(frozen=True)
class Case:
    id: str
    format: str
    split: str
    shown: str
    text: str
    secret: str


def corpus() -> list[Case]:
    with open(CORPUS, encoding="utf-8") as rows:
        return [Case(**{k: row[k] for k in Case.__dataclass_fields__}) for row in map(json.loads, rows)]


def leaked(out: str, secret: str, text: str = "") -> bool:
    """Whether ``out`` keeps enough of ``secret`` to matter (see the module). ``text``: the case's whole text; a run
    of the secret that also stands in it outside the secret (a private key's base64 begins as its certificate's does,
    ``LS0tLS1CRUdJ``) says nothing of the secret where the output keeps it."""
    if len(secret) < RUN:
        return secret in out
    public = text.replace(secret, "\0") if text else ""
    for line in secret.splitlines():
        runs = (line[i : i + RUN] for i in range(0, max(1, len(line) - RUN + 1)))
        if any(run in out and run not in public for run in runs):
            return True
    return False


Engine = Callable[[str], str]


def ours() -> Engine:
    return Redactor("bench").text


def count_ours(before: str, after: str) -> int:
    return len(_PLACEHOLDER.findall(after)) - len(_PLACEHOLDER.findall(before))


# detect-secrets ---------------------------------------------------------------------------------------------------
_TOKEN_TAIL = re.compile(r"[A-Za-z0-9_\-]*")


def detect_secrets_findings(text: str) -> list[tuple[int, str, str]]:
    """(line number, type, value) of every finding of detect-secrets' default settings, scanning ``text`` as
    a file (so its per-file filters apply, as in its own command)."""
    from detect_secrets.core.scan import scan_file
    from detect_secrets.settings import default_settings

    with tempfile.NamedTemporaryFile("w", suffix=".txt", encoding="utf-8", delete=False) as f:
        f.write(text)
    try:
        with default_settings():
            return [(s.line_number, s.type, s.secret_value or "") for s in scan_file(f.name)]
    finally:
        Path(f.name).unlink()


def detect_secrets_engine(text: str) -> str:
    """The text with what detect-secrets reports taken out. Read generously: a value it reports as a token's
    prefix (its GitHub plugin reports ``ghp``) is taken to its token's end, and a private key finding (it names
    the BEGIN line) takes the block to its END line."""
    lines = text.split("\n")
    for number, kind, value in detect_secrets_findings(text):
        i = number - 1
        if kind == "Private Key":
            end = next((j for j in range(i, len(lines)) if "-----END" in lines[j] or "-----END" in lines[j][-40:]), i)
            for j in range(i, end + 1):
                lines[j] = "[secret]"
            continue
        line, at = lines[i], lines[i].find(value) if value else -1
        while at >= 0:
            tail = _TOKEN_TAIL.match(line, at + len(value))
            stop = tail.end() if tail else at + len(value)
            line = line[:at] + "[secret]" + line[stop:]
            at = line.find(value, at + 8)
        lines[i] = line
    return "\n".join(lines)


# hyperscan --------------------------------------------------------------------------------------------------------
class Hyperscan:
    """Every rule's pattern in one hyperscan database (prefilter mode, which accepts the look-behinds and
    back-references hyperscan cannot run exactly and reports a superset of matches); each hit is confirmed by the
    rule's own pattern, run on the bytes before the hit's end. Rules apply in order, an earlier one's span
    winning, as in ours."""

    def __init__(self) -> None:
        import hyperscan

        self._hs = hyperscan
        self._rules = rules.RULES
        self._bytes = [r.bytes_pattern for r in self._rules]
        flags = hyperscan.HS_FLAG_PREFILTER | hyperscan.HS_FLAG_ALLOWEMPTY
        self._db = hyperscan.Database()
        # hyperscan refuses repeats bounded above a few thousand and possessive ones: in prefilter mode a repeat
        # left open, or one that may give back, is as good
        patterns = [re.sub(rb"\{(\d+),\d{4,}\}", rb"{\1,}", p.pattern) for p in self._bytes]
        patterns = [re.sub(rb"(\{\d+,\d+\})\+", rb"\1", p) for p in patterns]
        self._db.compile(expressions=patterns, ids=list(range(len(patterns))), flags=[flags] * len(patterns))

    def spans(self, data: bytes) -> list[tuple[int, int, int]]:
        """(rule, start, end) of every confirmed match. Hyperscan reports every end of every possible match (a
        repeat of 8 to 2048 characters ends 2,040 ways), so a rule's ends are merged into ranges first, and each
        range is searched once."""
        ends: dict[int, list[int]] = {}

        def hit(rule: int, start: int, end: int, flags: int, context: object) -> None:
            ends.setdefault(rule, []).append(end)

        self._db.scan(data, match_event_handler=hit)
        found: list[tuple[int, int, int]] = []
        reach = rules.LONGEST
        for rule, at in ends.items():
            at.sort()
            low, high = at[0], at[0]
            for end in [*at[1:], None]:
                if end is not None and end - high <= reach:
                    high = end
                    continue
                accept = self._rules[rule].accept
                for m in self._bytes[rule].finditer(data, max(0, low - reach), min(len(data), high + reach)):
                    if m.start() < high and (accept is None or accept(m, data)):
                        found.append((rule, *(m.span("secret") if "secret" in m.re.groupindex else m.span())))
                if end is not None:
                    low = high = end
        return found

    def redact(self, text: str) -> str:
        data = text.encode("utf-8", "surrogatepass")
        taken: list[tuple[int, int]] = []
        for _, start, end in sorted(set(self.spans(data))):  # earlier rule first
            if all(end <= s or start >= e for s, e in taken):
                taken.append((start, end))
        out, at = [], 0
        for start, end in sorted(taken):
            out += [data[at:start], b"[secret]"]
            at = end
        out.append(data[at:])
        return b"".join(out).decode("utf-8", "surrogatepass")


# ordinary text ----------------------------------------------------------------------------------------------------
#: The most bytes of each kind of material ordinary() gives before it moves on to sources (so that a small total
#: still holds some of every kind).
_KIND_MOST = 1024 * 1024


def ordinary(total: int) -> Iterator[tuple[str, str]]:
    """(name, text) of ordinary source and logs, about ``total`` bytes, in a fixed order: this machine's package
    logs; the recorded host transcripts in tests/hosts; the repository's history (commit hashes); what holds
    hashes, ids and encoded data that is no secret, or what looks like a credential's setting and is none, up to a
    MiB of each kind: the installed packages' RECORD files (sha256 of every file), npm lockfiles (sha512 integrity
    hashes) found under ~/.cache, minified JavaScript bundles, this machine's shell scripts (``-p 8080``, ``-a``,
    ``-w`` flags), manual pages (every command's options) and CSV tables; PNG images as base64 data URIs (from
    the installed packages); then, alternately, the
    Python standard library's sources and the installed third-party packages' (test suites left out: they hold
    made-up credentials on purpose, and so do a few packages: see _QUOTING_CREDENTIALS)."""
    given = 0
    for name, text in _material():
        yield name, text
        given += len(text.encode())
        if given >= total:
            return


def _material() -> Iterator[tuple[str, str]]:
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    site = Path(sysconfig.get_paths()["purelib"])
    logs = [Path("/var/log/dpkg.log"), Path("/var/log/apt/history.log"), Path("/var/log/apt/term.log")]
    hosts = sorted((ROOT / "tests" / "hosts").rglob("*.json*"))
    yield from _read([*logs, *hosts])
    history = subprocess.run(
        ["git", "-C", str(ROOT), "log", "--format=%H %h %T %P %an %ad", "-n", "20000"],
        capture_output=True, text=True, check=False,
    ).stdout  # fmt: skip
    if history:
        yield "git log", history
    lockfiles = sorted(Path.home().joinpath(".cache").glob("*/**/package-lock.json"))
    lockfiles = [p for p in lockfiles if "node_modules" not in p.parts]
    minified = sorted(p for p in site.rglob("*.js") if "assets" in p.parts or p.name.endswith(".min.js"))
    scripts = sorted(p for p in [*Path("/usr/bin").iterdir(), *Path("/etc/init.d").glob("*")] if _shell(p))
    manuals = sorted(Path("/usr/share/man/man1").glob("*.gz"))
    tables = sorted([*Path("/usr/share/distro-info").glob("*.csv"), *site.rglob("*.csv")])
    for kind in (sorted(site.glob("*.dist-info/RECORD")), lockfiles, minified, scripts, manuals, tables):
        given = 0
        for name, text in _read(kind):
            yield name, text
            given += len(text)
            if given >= _KIND_MOST:
                break
    for png in sorted(site.rglob("*.png"))[:20]:
        data = base64.b64encode(png.read_bytes()).decode()
        yield str(png), f'<img alt="icon" src="data:image/png;base64,{data}">\n'
    left_out = {"test", "tests", "idle_test", "testing", *_QUOTING_CREDENTIALS}
    sources = [sorted(p for p in root.rglob("*.py") if not left_out & set(p.parts)) for root in (stdlib, site)]
    for pair in itertools.zip_longest(*sources):
        yield from _read([p for p in pair if p is not None])


#: Packages whose sources quote credentials on purpose, as test suites do: an OAuth library's docstrings show
#: the example tokens of its RFCs, a secrets scanner's its plugins' examples.
_QUOTING_CREDENTIALS = {"authlib", "oauthlib", "jwt", "detect_secrets"}


def _shell(path: Path) -> bool:
    """Whether the file is a shell script (flags such as ``-p 8080``, ``-a`` and ``-w`` stand in every other line)."""
    try:
        with open(path, "rb") as f:
            first = f.readline(128)
    except OSError:
        return False
    return first.startswith(b"#!") and first.rstrip().endswith((b"/sh", b"/bash", b"/dash", b" sh", b" bash"))


def _read(paths: list[Path]) -> Iterator[tuple[str, str]]:
    for path in paths:
        try:
            data = path.read_bytes()
            if path.suffix == ".gz":  # a manual page: every command's flags, and examples of their values
                data = gzip.decompress(data)
            yield str(path), data.decode("utf-8")
        except (OSError, UnicodeDecodeError, gzip.BadGzipFile, EOFError):
            continue
