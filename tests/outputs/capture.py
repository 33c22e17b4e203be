"""Capture a corpus of real tool outputs for testing failure detection.

Each case creates a small scratch project under a temporary folder, runs one
real command there with ``bash -c``, and saves what the command printed.
Standard output and standard error go to the same pipe (``2>&1``), so the two
streams are interleaved in the order the process wrote them, the way a coding
agent's shell tool shows a run.  Nothing else is added to the saved text: the
exit code is recorded only in cases.json, because the detector under test must
not depend on it.

Written, relative to this file:

    cases/<name>.txt   the command's combined output (paths normalised, see below)
    cases.json         one entry per case: name, command, exit_code, failed,
                       kind, message, source, wrapper

The random temporary folder is replaced by /tmp/proj in every saved text, the
Python environment running this script by /tmp/proj/.venv and the base Python
installation by /usr.  Machine settings that change what tools print (extra
package indexes, forced Rust backtraces, unbuffered Python, a personal .npmrc)
are left out of the environment, so the tools show their defaults.  Outputs over
8,000 bytes are cut in the middle, keeping the head and the tail, with a
"... [N lines truncated] ..." line where the cut is.

A case whose real run does not behave as planned (a failure that exits 0, a
success that exits non-zero, or no line matching the expected error message)
is not written; it is reported as skipped at the end, as are cases whose tool
is missing (go) or whose npm packages cannot be installed.

Run with the project's virtual environment (it provides pytest, mypy, ruff and
pip); it needs gcc, g++, make, cargo, javac/java, node/npm and git on PATH and
reaches the npm registry and PyPI.  A full run takes about a minute:

    .venv/bin/python tests/outputs/capture.py

``capture.py ecosystems`` captures the second corpus instead, one failure and its success twin per ecosystem
(``ecosystems.py``, written to ``ecosystems/``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
CASES_DIR = HERE / "cases"
CASES_JSON = HERE / "cases.json"
SHOWN_ROOT = "/tmp/proj"
SHOWN_VENV = "/tmp/proj/.venv"
SHOWN_PYTHON = "/usr"
MAX_BYTES = 8000
HEAD_BYTES = 3000
TAIL_BYTES = 4500

# A fixed identity and clock for git, so commit hashes are the same on every run.
GIT_ENV = {
    "GIT_AUTHOR_NAME": "Dana Dev",
    "GIT_AUTHOR_EMAIL": "dana@example.com",
    "GIT_COMMITTER_NAME": "Dana Dev",
    "GIT_COMMITTER_EMAIL": "dana@example.com",
    "GIT_AUTHOR_DATE": "2025-03-04T10:00:00+00:00",
    "GIT_COMMITTER_DATE": "2025-03-04T10:00:00+00:00",
    "GIT_CONFIG_NOSYSTEM": "1",
}


class Skip(Exception):
    """A case or group of cases that could not be captured as planned."""


@dataclass
class Run:
    output: str
    exit_code: int
    pid: int


def dedent(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def truncate(text: str) -> str:
    """Cut an over-long output in the middle, keeping whole lines at both ends."""
    if len(text.encode()) <= MAX_BYTES:
        return text
    lines = text.splitlines(keepends=True)
    head: list[str] = []
    size = 0
    for line in lines:
        if size + len(line.encode()) > HEAD_BYTES:
            break
        head.append(line)
        size += len(line.encode())
    tail: list[str] = []
    size = 0
    for line in reversed(lines[len(head) :]):
        if size + len(line.encode()) > TAIL_BYTES:
            break
        tail.insert(0, line)
        size += len(line.encode())
    cut = len(lines) - len(head) - len(tail)
    return "".join(head) + f"\n... [{cut} lines truncated] ...\n\n" + "".join(tail)


def gemini_output(text: str) -> str:
    """The output as Gemini CLI's shell service returns it: right-trimmed lines, no trailing blank lines."""
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and lines[-1] == "":
        lines.pop()
    return "\n".join(lines)


def gemini_legacy(command: str, run: Run) -> str:
    """run_shell_command's llmContent in Gemini CLI 0.26.0 and earlier (packages/core/src/tools/shell.ts)."""
    return "\n".join(
        [
            f"Command: {command}",
            "Directory: (root)",
            f"Output: {gemini_output(run.output) or '(empty)'}",
            "Error: (none)",
            f"Exit Code: {run.exit_code}",
            "Signal: (none)",
            "Background PIDs: (none)",
            f"Process Group PGID: {run.pid}",
        ]
    )


def gemini_current(command: str, run: Run) -> str:
    """run_shell_command's llmContent in Gemini CLI 0.61.0: optional lines left out, wrapped as untrusted context."""
    parts = [f"Output: {gemini_output(run.output) or '(empty)'}"]
    if run.exit_code != 0:
        parts.append(f"Exit Code: {run.exit_code}")
    parts.append(f"Process Group PGID: {run.pid}")
    body = "\n".join(parts).replace("</untrusted_context>", "&lt;/untrusted_context&gt;")
    return f"<untrusted_context>\n{body}\n</untrusted_context>"


class Corpus:
    def __init__(self, root: Path, cases_dir: Path = CASES_DIR) -> None:
        self.root = root
        self.cases_dir = cases_dir
        self.cases: list[dict[str, object]] = []
        self.skipped: list[tuple[str, str]] = []
        self.env = self._env()

    # -- environment and helpers ------------------------------------------------------------
    def _env(self) -> dict[str, str]:
        # Settings of this machine that change what the tools print are left out, so that the corpus shows
        # the tools' defaults: CI mode, forced backtraces, unbuffered Python, extra package indexes.
        drop = {
            "CI",
            "PYTHONPATH",
            "PYTHONUNBUFFERED",
            "PYTEST_ADDOPTS",
            "NODE_OPTIONS",
            "PYTHONSTARTUP",
            "RUST_BACKTRACE",
            "RUST_LIB_BACKTRACE",
        }
        keep_pip = {"PIP_CERT", "PIP_DEFAULT_TIMEOUT", "PIP_DISABLE_PIP_VERSION_CHECK"}
        env = {
            k: v
            for k, v in os.environ.items()
            if k not in drop
            and not k.startswith(("GIT_", "npm_", "NPM_"))
            and (not k.startswith("PIP_") or k in keep_pip)
        }
        npmrc = self.root / ".npmrc-empty"
        npmrc.write_text("")
        env.update(GIT_ENV)
        env.update(
            PATH=f"{Path(sys.executable).parent}:{os.environ.get('PATH', '/usr/bin:/bin')}",
            VIRTUAL_ENV=sys.prefix,
            LANG="C.UTF-8",
            TERM="dumb",
            NO_COLOR="1",
            FORCE_COLOR="0",
            PY_COLORS="0",
            CARGO_TERM_COLOR="never",
            GIT_CEILING_DIRECTORIES=str(self.root.parent),
            npm_config_userconfig=str(npmrc),
            npm_config_update_notifier="false",
            PIP_CONFIG_FILE=os.devnull,
            # Source files are rewritten within the same second; stale bytecode would hide the fixes.
            PYTHONDONTWRITEBYTECODE="1",
            PIP_NO_INPUT="1",
        )
        return env

    def project(self, name: str, files: dict[str, str]) -> Path:
        """Create (or update) a scratch project folder with the given files."""
        where = self.root / name
        for rel, text in files.items():
            path = where / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(dedent(text))
        where.mkdir(parents=True, exist_ok=True)
        return where

    def setup(self, command: str, cwd: Path, timeout: int = 600) -> str:
        """Run a preparation step that is not part of the corpus; raise Skip when it fails."""
        proc = subprocess.run(
            ["bash", "-c", command],
            cwd=cwd,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            timeout=timeout,
            text=True,
            errors="replace",
        )
        if proc.returncode != 0:
            tail = proc.stdout.strip().splitlines()[-3:]
            raise Skip(f"setup `{command}` exited {proc.returncode}: {' | '.join(tail)}")
        return proc.stdout

    def sanitize(self, text: str) -> str:
        for real in {str(self.root), os.path.realpath(self.root)}:
            text = text.replace(real, SHOWN_ROOT)
        for real in {sys.prefix, os.path.realpath(sys.prefix)}:
            text = text.replace(real, SHOWN_VENV)
        for real in {sys.base_prefix, os.path.realpath(sys.base_prefix)}:
            if real != "/usr":
                text = text.replace(real + "/", SHOWN_PYTHON + "/")
        return text

    def execute(self, command: str, cwd: Path, timeout: int = 600) -> Run:
        proc = subprocess.Popen(
            ["bash", "-c", command],
            cwd=cwd,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            raw, _ = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            proc.communicate()
            raise Skip(f"`{command}` did not finish within {timeout} s") from None
        return Run(self.sanitize(raw.decode("utf-8", errors="replace")), proc.returncode, proc.pid)

    # -- recording --------------------------------------------------------------------------
    def record(
        self,
        name: str,
        command: str,
        text: str,
        *,
        exit_code: int | None,
        kind: str,
        failed: bool,
        message: str | None = None,
        source: str = "captured",
        wrapper: str | None = None,
    ) -> None:
        path = self.cases_dir / f"{name}.txt"
        with path.open("w", encoding="utf-8", newline="") as fh:
            fh.write(text)
        self.cases.append(
            {
                "name": name,
                "command": command,
                "exit_code": exit_code,
                "failed": failed,
                "kind": kind,
                "message": message,
                "source": source,
                "wrapper": wrapper,
            }
        )
        print(f"  {name:<42} exit={exit_code!s:<4} failed={failed!s:<5} {len(text.encode()):>6} B", flush=True)

    def case(
        self,
        name: str,
        command: str,
        cwd: Path,
        *,
        kind: str,
        failed: bool,
        message: str | None = None,
        timeout: int = 600,
    ) -> Run | None:
        """Run one real command and record it.

        `message` is a regex for the line a person would quote; the whole line is kept, or only the named group
        `msg` when the regex has one (used to drop pytest's "E   " marker).
        """
        try:
            run = self.execute(command, cwd, timeout)
        except Skip as why:
            self.skip(name, str(why))
            return None
        text = truncate(run.output)
        if failed and run.exit_code == 0:
            self.skip(name, f"expected a failure but `{command}` exited 0")
            return None
        if not failed and run.exit_code != 0:
            last = run.output.strip().splitlines()[-1:] or [""]
            self.skip(name, f"expected success but `{command}` exited {run.exit_code}: {last[0]}")
            return None
        quoted = None
        if failed:
            assert message is not None, name
            quoted = None
            for line in text.splitlines():
                found = re.search(message, line)
                if found:
                    quoted = (found.group("msg") if "msg" in found.groupdict() else line).strip()
                    break
            if quoted is None:
                self.skip(name, f"no line matching {message!r} in the output of `{command}`")
                return None
        self.record(name, command, text, exit_code=run.exit_code, kind=kind, failed=failed, message=quoted)
        return run

    def skip(self, name: str, reason: str) -> None:
        self.skipped.append((name, reason))
        print(f"  SKIPPED {name}: {reason}", flush=True)

    def group(self, title: str, fn: Callable[[Corpus], None]) -> None:
        print(f"[{title}]", flush=True)
        try:
            fn(self)
        except Skip as why:
            self.skip(title, str(why))


# ================================================================================================
# Python: pytest, unittest, tracebacks, mypy, ruff, pip
# ================================================================================================

CALC_BUGGY = """
    \"\"\"Small arithmetic helpers used by the invoice tool.\"\"\"


    def add(a, b):
        return a + b


    def subtract(a, b):
        return a - b


    def divide(a, b):
        if b == 0:
            raise ZeroDivisionError("cannot divide by zero")
        return a // b


    def parse_amount(text):
        return float(text.replace(",", "").strip())
"""

CALC_TESTS = """
    import pytest

    from calc import add, divide, parse_amount, subtract


    def test_add():
        assert add(2, 3) == 5


    def test_subtract():
        assert subtract(10, 4) == 6


    def test_divide():
        assert divide(5, 2) == 2.5


    def test_parse_amount():
        assert parse_amount("1,250.50") == pytest.approx(1250.5)
"""


def python_pytest(c: Corpus) -> None:
    calc = c.project("calc", {"calc.py": CALC_BUGGY, "tests/test_calc.py": CALC_TESTS})
    c.case(
        "pytest_assert_fail",
        "python -m pytest",
        calc,
        kind="pytest_failure",
        failed=True,
        message=r"^FAILED tests/test_calc\.py::test_divide",
    )
    (calc / "calc.py").write_text(dedent(CALC_BUGGY).replace("return a // b", "return a / b"))
    c.case("pytest_assert_fail_fixed", "python -m pytest", calc, kind="pytest_pass", failed=False)

    settings = c.project(
        "settings",
        {
            "pyproject.toml": """
                [project]
                name = "settings"
                version = "0.1.0"

                [tool.pytest.ini_options]
                pythonpath = ["."]
            """,
            "settings/__init__.py": "",
            "settings/loader.py": """
                DEFAULTS = {"host": "127.0.0.1", "debug": False}


                def load(raw: dict) -> dict:
                    merged = {**DEFAULTS, **raw}
                    merged["port"] = int(raw["port"])
                    return merged


                def public_url(cfg: dict) -> str:
                    scheme = "https" if cfg.get("tls") else "http"
                    return f"{scheme}://{cfg['host']}:{cfg['port']}"
            """,
            "tests/test_loader.py": """
                from settings.loader import load, public_url


                def test_load_reads_port():
                    assert load({"port": "8080"})["port"] == 8080


                def test_load_uses_default_port():
                    assert load({})["port"] == 8000


                def test_public_url_plain():
                    assert public_url({"host": "example.org", "port": 80}) == "http://example.org:80"


                def test_public_url_tls():
                    url = public_url({"host": "example.org", "port": 443, "tls": "yes"})
                    assert url.startswith("https://example.org"), f"unexpected url {url!r}"
                    assert url == "https://example.org", f"default port should be dropped, got {url!r}"
            """,
        },
    )
    c.case(
        "pytest_exception_and_message_fail",
        "pytest -q",
        settings,
        kind="pytest_failure",
        failed=True,
        message=r"^FAILED tests/test_loader\.py::test_load_uses_default_port",
    )

    inventory = c.project(
        "inventory",
        {
            "inventory/__init__.py": "",
            "inventory/models.py": """
                from dataclasses import dataclass


                @dataclass
                class Product:
                    sku: str
                    name: str
                    stock: int = 0
            """,
            "tests/test_models.py": """
                from inventory.models import Item


                def test_item_defaults():
                    item = Item(sku="A-1", name="bolt")
                    assert item.stock == 0
            """,
            "tests/test_stock.py": """
                from inventory.models import Product


                def test_product_stock():
                    assert Product("A-1", "bolt", 3).stock == 3
            """,
        },
    )
    c.case(
        "pytest_collection_import_error",
        "python -m pytest",
        inventory,
        kind="pytest_collection_error",
        failed=True,
        message=r"^E\s+(?P<msg>ImportError: cannot import name 'Item'.*)",
    )

    shop = c.project(
        "shop",
        {
            "shop.py": """
                def cart_total(items):
                    return sum(price * qty for price, qty in items)
            """,
            "tests/test_cart.py": """
                from shop import cart_total


                def test_empty_cart()
                    assert cart_total([]) == 0


                def test_two_items():
                    assert cart_total([(3, 2), (5, 1)]) == 11
            """,
        },
    )
    run = c.case(
        "pytest_collection_syntax_error",
        "python -m pytest tests/",
        shop,
        kind="pytest_collection_error",
        failed=True,
        message=r"^E\s+(?P<msg>SyntaxError:.*)",
    )
    if run is not None:
        cmd = "python -m pytest tests/"
        c.record(
            "gemini_legacy_pytest_collection_error",
            cmd,
            gemini_legacy(cmd, run),
            exit_code=run.exit_code,
            kind="pytest_collection_error",
            failed=True,
            message=c.cases[-1]["message"],  # type: ignore[arg-type]
            wrapper="gemini-cli<=0.26",
        )
        c.record(
            "gemini_pytest_collection_error",
            cmd,
            gemini_current(cmd, run),
            exit_code=run.exit_code,
            kind="pytest_collection_error",
            failed=True,
            message=c.cases[-1]["message"],  # type: ignore[arg-type]
            wrapper="gemini-cli-0.61",
        )


SERVICE_FILES = {
    "src/client.py": """
        import logging

        log = logging.getLogger(__name__)


        class ClientError(Exception):
            \"\"\"Raised when the upstream API answers with an error.\"\"\"


        def fetch(session, url):
            resp = session.get(url, timeout=5)
            if resp.status_code >= 500:
                log.error("upstream error %s for %s", resp.status_code, url)
                raise ClientError(f"server error {resp.status_code}")
            return resp.json()
    """,
    "src/validate.py": """
        def validate(record):
            errors = []
            if not record.get("id"):
                errors.append("missing id")
            if record.get("qty", 0) < 0:
                errors.append("qty must be >= 0")
            return errors
    """,
    "tests/test_errors.py": """
        import pytest

        from src.client import ClientError, fetch
        from src.validate import validate


        class FakeResp:
            def __init__(self, status, body=None):
                self.status_code = status
                self._body = body or {}

            def json(self):
                return self._body


        class FakeSession:
            def __init__(self, resp):
                self.resp = resp

            def get(self, url, timeout):
                return self.resp


        def test_error_handling():
            with pytest.raises(ClientError):
                fetch(FakeSession(FakeResp(503)), "https://api.example.org/items")


        def test_error_message_names_status():
            with pytest.raises(ClientError, match="server error 502"):
                fetch(FakeSession(FakeResp(502)), "https://api.example.org/items")


        def test_no_error_on_success():
            assert fetch(FakeSession(FakeResp(200, {"ok": True})), "https://api.example.org/items") == {"ok": True}


        def test_validate_reports_errors():
            assert validate({"qty": -1}) == ["missing id", "qty must be >= 0"]


        def test_validate_no_errors():
            assert validate({"id": 7, "qty": 2}) == []
    """,
    "logs/app.log": """
        2025-03-04 09:12:01,114 INFO  server: listening on 0.0.0.0:8000
        2025-03-04 09:12:07,530 INFO  worker: picked up job 4411 (resize-images)
        2025-03-04 09:12:09,002 WARN  worker: job 4411 took 1.4s, above the 1.0s budget
        2025-03-04 09:13:44,871 ERROR db: connection refused (attempt 1 of 5), retrying in 2s
        2025-03-04 09:13:46,880 ERROR db: connection refused (attempt 2 of 5), retrying in 4s
        2025-03-04 09:13:50,903 INFO  db: connected to postgres://db:5432/app
        2025-03-04 09:15:02,417 ERROR api: GET /items/991 -> 404 Not Found
        2025-03-04 09:15:30,006 INFO  worker: job 4412 done (send-digest)
        2025-03-04 09:20:00,000 INFO  server: health check ok (errors in last 5m: 3)
    """,
    "check_config.py": """
        import json
        import sys
        from pathlib import Path

        REQUIRED = {"name", "port", "log_level"}


        def check(path):
            data = json.loads(path.read_text())
            missing = REQUIRED - data.keys()
            return [f"missing key {k!r}" for k in sorted(missing)]


        def main():
            files = sorted(Path("config").glob("*.json"))
            print(f"Checking {len(files)} config files...")
            total = 0
            for path in files:
                errors = check(path)
                total += len(errors)
                print(f"  {path}: {'ok' if not errors else '; '.join(errors)}")
            if total:
                print(f"{total} errors found")
                return 1
            print("no errors found")
            return 0


        if __name__ == "__main__":
            sys.exit(main())
    """,
    "config/dev.json": '{"name": "dev", "port": 8000, "log_level": "debug"}\n',
    "config/prod.json": '{"name": "prod", "port": 80, "log_level": "error"}\n',
    "config/test.json": '{"name": "test", "port": 8001, "log_level": "warning"}\n',
}


def python_long_run(c: Corpus) -> None:
    """A verbose run long enough to be cut in the middle; the failure is in the kept tail."""
    rates = """
        def shipping_rate(weight_g):
            \"\"\"Price in cents for a parcel of the given weight.\"\"\"
            if weight_g <= 500:
                return 450
            if weight_g < 2000:
                return 690
            return 690 + ((weight_g - 2000) // 1000 + 1) * 120
    """
    proj = c.project(
        "shipping",
        {
            "shipping.py": rates,
            "tests/test_rates.py": """
                import pytest

                from shipping import shipping_rate


                def expected(weight_g):
                    if weight_g <= 500:
                        return 450
                    if weight_g <= 2000:
                        return 690
                    return 690 + ((weight_g - 2000) // 1000 + 1) * 120


                @pytest.mark.parametrize("weight_g", range(0, 6000, 25))
                def test_shipping_rate_table(weight_g):
                    assert shipping_rate(weight_g) == expected(weight_g)
            """,
        },
    )
    c.case(
        "pytest_long_run_one_failure",
        "python -m pytest -v",
        proj,
        kind="pytest_failure",
        failed=True,
        message=r"^FAILED tests/test_rates\.py::",
    )
    (proj / "shipping.py").write_text(dedent(rates).replace("if weight_g < 2000:", "if weight_g <= 2000:"))
    c.case("pytest_long_run_one_failure_fixed", "python -m pytest -v", proj, kind="pytest_pass", failed=False)


def python_successes(c: Corpus) -> None:
    service = c.project("service", {**SERVICE_FILES, "src/__init__.py": ""})
    c.case("grep_error_hits", 'grep -rn "error" src/', service, kind="grep_match", failed=False)
    c.case("cat_log_with_errors", "cat logs/app.log", service, kind="log_listing", failed=False)
    c.case("grep_count_errors", "grep -c ERROR logs/app.log", service, kind="grep_match", failed=False)
    run = c.case("pytest_pass_error_handling", "python -m pytest -v", service, kind="pytest_pass", failed=False)
    if run is not None:
        cmd = "python -m pytest -v"
        c.record(
            "gemini_legacy_pytest_pass",
            cmd,
            gemini_legacy(cmd, run),
            exit_code=run.exit_code,
            kind="pytest_pass",
            failed=False,
            wrapper="gemini-cli<=0.26",
        )
        c.record(
            "gemini_pytest_pass",
            cmd,
            gemini_current(cmd, run),
            exit_code=run.exit_code,
            kind="pytest_pass",
            failed=False,
            wrapper="gemini-cli-0.61",
        )
    c.case("python_no_errors_found", "python check_config.py", service, kind="script_output", failed=False)


def python_unittest(c: Corpus) -> None:
    files = {
        "textutils/__init__.py": "",
        "textutils/slug.py": """
            import re


            def slugify(title):
                words = re.split(r"\\s+", title.strip().lower())
                return "-".join(words)
        """,
        "textutils/wrap.py": """
            def shorten(text, width):
                if len(text) <= width:
                    return text
                return text[: width - len("...")] + "..."
        """,
        "tests/__init__.py": "",
        "tests/test_slug.py": """
            import unittest

            from textutils.slug import slugify


            class SlugifyTest(unittest.TestCase):
                def test_lowercases(self):
                    self.assertEqual(slugify("Hello World"), "hello-world")

                def test_collapses_spaces(self):
                    self.assertEqual(slugify("  many   spaces "), "many-spaces")

                def test_strips_punctuation(self):
                    self.assertEqual(slugify("Hello, World!"), "hello-world")


            if __name__ == "__main__":
                unittest.main()
        """,
        "tests/test_wrap.py": """
            import unittest

            from textutils.wrap import shorten


            class ShortenTest(unittest.TestCase):
                def test_short_text_unchanged(self):
                    self.assertEqual(shorten("abc", 10), "abc")

                def test_width_from_string(self):
                    self.assertEqual(shorten("abcdefghij", "6"), "abc...")
        """,
    }
    proj = c.project("textutils", files)
    c.case(
        "unittest_failure",
        "python -m unittest tests.test_slug",
        proj,
        kind="unittest_failure",
        failed=True,
        message=r"^AssertionError:",
    )
    c.case(
        "unittest_error",
        "python -m unittest -v tests.test_wrap",
        proj,
        kind="unittest_failure",
        failed=True,
        message=r"^TypeError:",
    )
    (proj / "textutils/slug.py").write_text(
        dedent(files["textutils/slug.py"]).replace(
            'words = re.split(r"\\s+", title.strip().lower())',
            'words = re.findall(r"[a-z0-9]+", title.lower())',
        )
    )
    c.case("unittest_failure_fixed", "python -m unittest tests.test_slug", proj, kind="unittest_pass", failed=False)


def python_scripts(c: Corpus) -> None:
    etl = c.project(
        "etl",
        {
            "sync.py": """
                import logging
                import sys

                logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
                log = logging.getLogger("sync")

                RECORDS = [
                    {"id": 1, "qty": "4"},
                    {"id": 2, "qty": "12"},
                    {"id": 3, "qty": "n/a"},
                    {"id": 4, "qty": "7"},
                ]


                def import_record(rec):
                    return int(rec["qty"])


                def main():
                    failed = 0
                    for rec in RECORDS:
                        try:
                            qty = import_record(rec)
                        except Exception:
                            log.exception("could not import record %s", rec["id"])
                            failed += 1
                            continue
                        log.info("imported record %s (qty=%s)", rec["id"], qty)
                    imported = len(RECORDS) - failed
                    log.info("processed %d records: %d imported, %d failed", len(RECORDS), imported, failed)
                    return 1 if failed else 0


                if __name__ == "__main__":
                    sys.exit(main())
            """,
            "fetch.py": """
                import time
                import traceback


                class Upstream:
                    def __init__(self):
                        self.calls = 0

                    def items(self):
                        self.calls += 1
                        if self.calls == 1:
                            raise ConnectionResetError(104, "Connection reset by peer")
                        return ["alpha", "beta", "gamma"]


                def main():
                    api = Upstream()
                    for attempt in range(1, 4):
                        try:
                            items = api.items()
                        except OSError:
                            traceback.print_exc()
                            print(f"attempt {attempt}/3 failed, retrying in 0.1s", flush=True)
                            time.sleep(0.1)
                            continue
                        print(f"attempt {attempt}/3 ok: fetched {len(items)} items", flush=True)
                        return 0
                    return 1


                if __name__ == "__main__":
                    raise SystemExit(main())
            """,
            "report.py": """
                import json


                def main():
                    with open("config.json") as fh:
                        cfg = json.load(fh)
                    print(cfg["title"])


                if __name__ == "__main__":
                    main()
            """,
        },
    )
    c.case(
        "python_traceback_then_output",
        "python sync.py",
        etl,
        kind="python_traceback",
        failed=True,
        message=r"^ValueError: invalid literal",
    )
    c.case("python_traceback_recovered", "python fetch.py", etl, kind="script_output", failed=False)
    c.case(
        "python_file_not_found_traceback",
        "python report.py",
        etl,
        kind="no_such_file",
        failed=True,
        message=r"^FileNotFoundError:",
    )
    c.case(
        "python_missing_script",
        "python scripts/migrate.py",
        etl,
        kind="no_such_file",
        failed=True,
        message=r"No such file or directory",
    )


def python_linters(c: Corpus) -> None:
    bad = """
        import os
        from dataclasses import dataclass


        @dataclass
        class Order:
            id: int
            total_cents: int


        def describe(order: Order) -> int:
            return f"order {order.id}: {order.total_cents / 100:.2f}"
    """
    proj = c.project("orders", {"orders.py": bad})
    c.case(
        "mypy_error",
        "mypy orders.py",
        proj,
        kind="type_check_error",
        failed=True,
        message=r"error: Incompatible return value type",
    )
    c.case("ruff_error", "ruff check .", proj, kind="lint_error", failed=True, message=r"F401")
    (proj / "orders.py").write_text(dedent(bad).replace("import os\n", "").replace("-> int:", "-> str:"))
    c.case("mypy_error_fixed", "mypy orders.py", proj, kind="type_check_pass", failed=False)
    c.case("ruff_error_fixed", "ruff check .", proj, kind="lint_pass", failed=False)


def pip_cases(c: Corpus) -> None:
    proj = c.project("pipdemo", {"README.md": "scratch\n"})
    c.case(
        "pip_install_nonexistent",
        "pip install mcp-context-fixture-no-such-package",
        proj,
        kind="pip_error",
        failed=True,
        message=r"^ERROR: Could not find a version",
    )
    c.case(
        "pip_missing_requirements_file",
        "pip install -r requirements.txt",
        proj,
        kind="no_such_file",
        failed=True,
        message=r"^ERROR: Could not open requirements file",
    )


# ================================================================================================
# Shell basics and git
# ================================================================================================


def shell_cases(c: Corpus) -> None:
    proj = c.project("webtool", {"README.md": "# webtool\n", "src/main.py": "print('hi')\n"})
    c.case(
        "command_not_found",
        "pnpm install",
        proj,
        kind="command_not_found",
        failed=True,
        message=r"command not found",
    )
    c.case(
        "command_not_found_typo",
        "pyhton src/main.py",
        proj,
        kind="command_not_found",
        failed=True,
        message=r"command not found",
    )
    c.case(
        "cat_missing_file",
        "cat config/settings.yaml",
        proj,
        kind="no_such_file",
        failed=True,
        message=r"No such file or directory",
    )
    c.case(
        "ls_missing_dir",
        "ls -la build/",
        proj,
        kind="no_such_file",
        failed=True,
        message=r"No such file or directory",
    )


def git_cases(c: Corpus) -> None:
    plain = c.project("notes", {"todo.txt": "- ship it\n"})
    c.case(
        "git_not_a_repo",
        "git status",
        plain,
        kind="git_error",
        failed=True,
        message=r"^fatal: not a git repository",
    )

    repo = c.project(
        "gitdemo",
        {
            "client.py": """
                TIMEOUT = 5
                RETRIES = 1


                def get(url):
                    return request("GET", url, timeout=TIMEOUT)
            """
        },
    )
    steps = [
        "git init -q -b main",
        "git add client.py && git commit -q -m 'Add HTTP client'",
        "sed -i 's/RETRIES = 1/RETRIES = 3/' client.py && git commit -q -am 'Retry on timeout error'",
        "echo '# errors are logged by the caller' >> client.py"
        " && git commit -q -am 'Fix error message for empty config'",
        "git checkout -q -b feature/slow-api HEAD~1",
        "sed -i 's/TIMEOUT = 5/TIMEOUT = 30/' client.py && git commit -q -am 'Raise timeout for the slow API'",
        "git checkout -q main",
        "sed -i 's/TIMEOUT = 5/TIMEOUT = 10/' client.py && git commit -q -am 'Handle connection errors in client'",
    ]
    for step in steps:
        c.setup(step, repo)
    c.case("git_log_mentions_error", "git log --oneline", repo, kind="git_log", failed=False)
    c.case(
        "git_checkout_missing_branch",
        "git checkout release-2.0",
        repo,
        kind="git_error",
        failed=True,
        message=r"^error: pathspec",
    )
    c.case(
        "git_push_no_remote",
        "git push",
        repo,
        kind="git_error",
        failed=True,
        message=r"^fatal: No configured push destination",
    )
    c.case(
        "git_merge_conflict",
        "git merge feature/slow-api",
        repo,
        kind="merge_conflict",
        failed=True,
        message=r"^CONFLICT \(content\)",
    )


# ================================================================================================
# C, C++, make
# ================================================================================================

STATS_C = """
    #include <stdio.h>

    static double mean(const int *values, int n)
    {
        int total = 0;
        for (int i = 0; i < n; i++)
            total += values[i];
        return (double)totl / n;
    }

    int main(void)
    {
        int samples[] = {4, 8, 15, 16, 23, 42};
        int *first = 3.5;
        printf("mean: %.2f\\n", mean(samples, 6));
        return 0;
    }
"""


def c_cases(c: Corpus) -> None:
    proj = c.project(
        "cstats",
        {
            "stats.c": STATS_C,
            "report.c": """
                #include <stdio.h>

                void format_row(char *buf, size_t size, const char *name, double value);

                int main(void)
                {
                    char line[64];
                    format_row(line, sizeof line, "latency_ms", 12.5);
                    puts(line);
                    return 0;
                }
            """,
            "warn.c": """
                #include <stdio.h>

                int main(int argc, char **argv)
                {
                    int unused_count = 0;
                    unsigned int limit = 10;
                    for (int i = 0; i < limit; i++) {
                        if (i == 3)
                            printf("third item\\n");
                    }
                    return 0;
                }
            """,
            "inventory.cpp": """
                #include <iostream>
                #include <string>
                #include <vector>

                struct Item {
                    std::string name;
                    int count;
                };

                int main()
                {
                    std::vector<Item> items = {{"bolt", 12}, {"nut", 30}};
                    int total = 0;
                    for (const auto &item : items)
                        total += item.qty;
                    std::cout << "total: " << total << std::endl;
                }
            """,
        },
    )
    c.case(
        "gcc_compile_error",
        "gcc -Wall -o stats stats.c",
        proj,
        kind="compile_error",
        failed=True,
        message=r"error: .totl. undeclared",
    )
    fixed = dedent(STATS_C).replace("totl", "total").replace("    int *first = 3.5;\n", "")
    (proj / "stats.c").write_text(fixed)
    c.case("gcc_compile_error_fixed", "gcc -Wall -o stats stats.c", proj, kind="compile_pass", failed=False)
    c.case("run_fixed_binary", "./stats", proj, kind="program_output", failed=False)
    c.case(
        "gcc_link_error",
        "gcc -o report report.c",
        proj,
        kind="link_error",
        failed=True,
        message=r"undefined reference to",
    )
    c.case("gcc_warnings_only", "gcc -Wall -Wextra -o warn warn.c", proj, kind="compile_warnings", failed=False)
    c.case(
        "gpp_compile_error",
        "g++ -std=c++17 -Wall -o inventory inventory.cpp",
        proj,
        kind="compile_error",
        failed=True,
        message=r"error: ",
    )


MK_MAIN_BUGGY = """
    #include <stdio.h>
    #include <string.h>

    static unsigned checksum(const char *s)
    {
        unsigned sum = 0;
        while (*s)
            sum = (sum + (unsigned char)*s++) % 256
        return sum;
    }

    int main(int argc, char **argv)
    {
        const char *blocks[] = {"alpha", "beta", "gamma", "delta"};
        const unsigned expected[] = {0x0e, 0x9f, 0x0b, 0x0e};
        int bad = 0;
        if (argc > 1 && strcmp(argv[1], "--selftest") == 0) {
            for (int i = 0; i < 4; i++) {
                unsigned got = checksum(blocks[i]);
                if (got != expected[i]) {
                    printf("selftest: checksum mismatch for block %d (expected 0x%02x, got 0x%02x)\\n",
                           i, expected[i], got);
                    bad++;
                }
            }
            if (bad) {
                printf("selftest: %d of 4 checks failed\\n", bad);
                return 1;
            }
            printf("selftest: 4 checks passed\\n");
            return 0;
        }
        printf("%02x\\n", checksum(argc > 1 ? argv[1] : ""));
        return 0;
    }
"""


def make_cases(c: Corpus) -> None:
    # The expected checksums are computed below so that exactly one block is wrong in the first self-test.
    def checksum(s: str) -> int:
        return sum(s.encode()) % 256

    good = [checksum(b) for b in ("alpha", "beta", "gamma", "delta")]
    wrong = list(good)
    wrong[2] = (wrong[2] + 1) % 256
    main_c = dedent(MK_MAIN_BUGGY).replace(
        "{0x0e, 0x9f, 0x0b, 0x0e}", "{" + ", ".join(f"0x{v:02x}" for v in wrong) + "}"
    )
    proj = c.project(
        "checksum",
        {
            "Makefile": """
                CFLAGS = -Wall -O2
                all: app
                app: main.c
                \t$(CC) $(CFLAGS) -o app main.c

                test: app
                \t./app --selftest

                clean:
                \trm -f app
            """,
        },
    )
    (proj / "main.c").write_text(main_c)
    c.case(
        "make_compile_failure",
        "make",
        proj,
        kind="make_failure",
        failed=True,
        message=r"^make: \*\*\* ",
    )
    main_c = main_c.replace("% 256\n", "% 256;\n")
    (proj / "main.c").write_text(main_c)
    c.case("make_compile_failure_fixed", "make", proj, kind="make_pass", failed=False)
    c.case(
        "make_test_failure",
        "make test",
        proj,
        kind="make_failure",
        failed=True,
        message=r"^selftest: checksum mismatch",
    )
    expected = "{" + ", ".join(f"0x{v:02x}" for v in wrong) + "}"
    (proj / "main.c").write_text(main_c.replace(expected, "{" + ", ".join(f"0x{v:02x}" for v in good) + "}"))
    c.case("make_test_failure_fixed", "make test", proj, kind="make_pass", failed=False)


# ================================================================================================
# Rust
# ================================================================================================

RS_LIB = """
    /// Parse a quantity typed by a user, such as "3".
    pub fn parse_qty(s: &str) -> Result<u32, String> {
        s.parse::<u32>().map_err(|e| format!("invalid quantity {s:?}: {e}"))
    }

    /// Price of one order line in cents.
    pub fn line_total(price_cents: u32, qty: &str) -> Result<u32, String> {
        let q: u32 = parse_qty(qty);
        Ok(price_cents * q)
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn parses_plain_number() {
            assert_eq!(parse_qty("3"), Ok(3));
        }

        #[test]
        fn parse_error_mentions_input() {
            assert!(parse_qty("x").unwrap_err().contains("\\"x\\""));
        }

        #[test]
        fn line_total_multiplies() {
            assert_eq!(line_total(250, " 4 "), Ok(1000));
        }
    }
"""


def rust_cases(c: Corpus) -> None:
    if not shutil.which("cargo", path=c.env["PATH"]):
        raise Skip("cargo is not installed")
    proj = c.project(
        "rcalc",
        {
            "Cargo.toml": """
                [package]
                name = "rcalc"
                version = "0.1.0"
                edition = "2021"

                [dependencies]
            """,
            "src/lib.rs": RS_LIB,
        },
    )
    c.case(
        "cargo_build_error",
        "cargo build",
        proj,
        kind="compile_error",
        failed=True,
        message=r"^error\[E0308\]",
    )
    lib = dedent(RS_LIB).replace("let q: u32 = parse_qty(qty);", "let q: u32 = parse_qty(qty)?;")
    (proj / "src/lib.rs").write_text(lib)
    c.case("cargo_build_error_fixed", "cargo build", proj, kind="compile_pass", failed=False)
    c.case(
        "cargo_test_failure",
        "cargo test",
        proj,
        kind="test_failure",
        failed=True,
        message=r"panicked at",
    )
    (proj / "src/lib.rs").write_text(lib.replace("s.parse::<u32>()", "s.trim().parse::<u32>()"))
    c.case("cargo_test_failure_fixed", "cargo test", proj, kind="test_pass", failed=False)


# ================================================================================================
# Java
# ================================================================================================

JAVA_MAIN = """
    import java.util.List;

    public class Main {
        static int total(List<Integer> prices) {
            int sum = 0;
            for (int p : prices) {
                sum += p;
            }
            return sum;
        }

        public static void main(String[] args) {
            List<Integer> prices = List.of(250, 1200, 75);
            System.out.println("total: " + totl(prices));
        }
    }
"""


def java_cases(c: Corpus) -> None:
    if not shutil.which("javac", path=c.env["PATH"]):
        raise Skip("javac is not installed")
    proj = c.project(
        "jshop",
        {
            "Main.java": JAVA_MAIN,
            "Report.java": """
                public class Report {
                    public static void main(String[] args) {
                        String[] columns = {"sku", "name", "stock"};
                        for (int i = 0; i <= columns.length; i++) {
                            System.out.println("column " + i + ": " + columns[i]);
                        }
                    }
                }
            """,
        },
    )
    c.case(
        "javac_error",
        "javac Main.java",
        proj,
        kind="compile_error",
        failed=True,
        message=r"error: cannot find symbol",
    )
    (proj / "Main.java").write_text(dedent(JAVA_MAIN).replace("totl(", "total("))
    c.case("javac_error_fixed", "javac Main.java", proj, kind="compile_pass", failed=False)
    c.case("java_run", "java Main", proj, kind="program_output", failed=False)
    c.case(
        "java_exception",
        "java Report.java",
        proj,
        kind="runtime_exception",
        failed=True,
        message=r'^Exception in thread "main"',
    )


# ================================================================================================
# Node: npm, tsc, vitest, node --test
# ================================================================================================

TS_FORMAT_BAD = """
    export interface Invoice {
      id: string;
      totalCents: number;
      paid: boolean;
    }

    export function formatTotal(inv: Invoice): string {
      const total: number = (inv.totalCents / 100).toFixed(2);
      return `$${total}`;
    }
"""

TS_STATUS_BAD = """
    import { Invoice } from "./format";

    export function status(inv: Invoice): string {
      return inv.paid ? "paid" : `due ${inv.dueDate}`;
    }
"""

TS_STATS = """
    export function sum(xs: number[]): number {
      return xs.reduce((a, b) => a + b, 0);
    }

    export function mean(xs: number[]): number {
      if (xs.length === 0) throw new Error("mean of empty list");
      return sum(xs) / (xs.length - 1);
    }
"""

TS_STATS_TEST = """
    import { describe, expect, it } from "vitest";
    import { mean, sum } from "./stats";

    describe("stats", () => {
      it("sums numbers", () => {
        expect(sum([1, 2, 3])).toBe(6);
      });

      it("computes the mean", () => {
        expect(mean([2, 4, 6])).toBe(4);
      });

      it("throws an error for an empty list", () => {
        expect(() => mean([])).toThrow("mean of empty list");
      });
    });
"""


def node_cases(c: Corpus) -> None:
    if not shutil.which("npm", path=c.env["PATH"]):
        raise Skip("npm is not installed")
    proj = c.project(
        "webapp",
        {
            "package.json": """
                {
                  "name": "webapp",
                  "version": "1.0.0",
                  "private": true,
                  "type": "module",
                  "scripts": {
                    "build": "node scripts/build.js",
                    "test": "vitest run",
                    "typecheck": "tsc --noEmit"
                  }
                }
            """,
            "tsconfig.json": """
                {
                  "compilerOptions": {
                    "target": "ES2022",
                    "module": "ESNext",
                    "moduleResolution": "Bundler",
                    "strict": true,
                    "noEmit": true,
                    "skipLibCheck": true
                  },
                  "include": ["src"]
                }
            """,
            "scripts/build.js": """
                import { readFileSync } from "node:fs";

                const pages = JSON.parse(readFileSync("pages.json", "utf8"));
                console.log(`building ${pages.length} pages...`);
                for (const page of pages) {
                  const title = page.meta.title.trim();
                  console.log(`  wrote dist/${page.slug}.html (${title})`);
                }
            """,
            "pages.json": """
                [
                  {"slug": "index", "meta": {"title": "Home"}},
                  {"slug": "pricing", "meta": {"title": "Pricing"}},
                  {"slug": "about"}
                ]
            """,
            "vendor/legacy-utils/package.json": """
                {
                  "name": "legacy-utils",
                  "version": "1.0.0",
                  "main": "index.js",
                  "engines": { "node": ">=22" }
                }
            """,
            "vendor/legacy-utils/index.js": "export const pad = (s, n) => String(s).padStart(n);\n",
            "src/format.ts": TS_FORMAT_BAD,
            "src/status.ts": TS_STATUS_BAD,
            "src/stats.ts": TS_STATS,
            "src/stats.test.ts": TS_STATS_TEST,
        },
    )
    c.case(
        "npm_install_nonexistent",
        "npm install mcp-context-fixture-no-such-package",
        proj,
        kind="npm_error",
        failed=True,
        message=r"404 Not Found",
        timeout=300,
    )
    c.case(
        "npm_run_build_failure",
        "npm run build",
        proj,
        kind="npm_script_failure",
        failed=True,
        message=r"^TypeError:",
    )
    dev = c.case(
        "npm_install_dev_deps",
        "npm install --save-dev typescript vitest",
        proj,
        kind="npm_install",
        failed=False,
        timeout=600,
    )
    c.case(
        "npm_install_engine_warning",
        "npm install ./vendor/legacy-utils",
        proj,
        kind="npm_install",
        failed=False,
        timeout=300,
    )
    if dev is None:
        raise Skip("typescript and vitest could not be installed; tsc and vitest cases not captured")
    c.case(
        "tsc_error",
        "npx tsc --noEmit",
        proj,
        kind="type_check_error",
        failed=True,
        message=r"error TS2322",
    )
    c.case(
        "vitest_failure",
        "npx vitest run",
        proj,
        kind="test_failure",
        failed=True,
        message=r"AssertionError",
    )
    c.case(
        "npm_test_failure",
        "npm test",
        proj,
        kind="npm_script_failure",
        failed=True,
        message=r"AssertionError",
    )
    (proj / "src/format.ts").write_text(dedent(TS_FORMAT_BAD).replace("const total: number", "const total: string"))
    (proj / "src/status.ts").write_text(dedent(TS_STATUS_BAD).replace("`due ${inv.dueDate}`", '"due"'))
    c.case("tsc_error_fixed", "npx tsc --noEmit", proj, kind="type_check_pass", failed=False)
    (proj / "src/stats.ts").write_text(dedent(TS_STATS).replace("(xs.length - 1)", "xs.length"))
    c.case("vitest_failure_fixed", "npx vitest run", proj, kind="test_pass", failed=False)


def node_test_runner(c: Corpus) -> None:
    proj = c.project(
        "nodeerr",
        {
            "package.json": '{"name": "nodeerr", "version": "1.0.0", "private": true, "type": "module"}\n',
            "src/parse.js": """
                export class ParseError extends Error {}

                export function parsePort(text) {
                  const n = Number(text);
                  if (!Number.isInteger(n) || n < 1 || n > 65535) {
                    throw new ParseError(`invalid port: ${text}`);
                  }
                  return n;
                }
            """,
            "test/parse.test.js": """
                import { test } from "node:test";
                import assert from "node:assert/strict";
                import { ParseError, parsePort } from "../src/parse.js";

                test("parses a valid port", () => {
                  assert.equal(parsePort("8080"), 8080);
                });

                test("throws ParseError for text", () => {
                  assert.throws(() => parsePort("http"), ParseError);
                });

                test("error message names the input", () => {
                  assert.throws(() => parsePort("70000"), /invalid port: 70000/);
                });
            """,
        },
    )
    c.case("node_test_pass", "node --test", proj, kind="test_pass", failed=False)


# ================================================================================================
# Go (only when installed)
# ================================================================================================


def go_cases(c: Corpus) -> None:
    if not shutil.which("go", path=c.env["PATH"]):
        raise Skip("go is not installed on this machine")
    proj = c.project(
        "gocalc",
        {
            "go.mod": "module example.com/gocalc\n\ngo 1.21\n",
            "calc.go": """
                package gocalc

                func Mean(xs []int) float64 {
                    total := 0
                    for _, x := range xs {
                        total += x
                    }
                    var n int = "count"
                    return float64(total) / float64(len(xs))
                }
            """,
            "calc_test.go": """
                package gocalc

                import "testing"

                func TestMean(t *testing.T) {
                    if got := Mean([]int{2, 4, 6}); got != 4 {
                        t.Errorf("Mean() = %v, want 4", got)
                    }
                }
            """,
        },
    )
    c.case("go_build_error", "go build ./...", proj, kind="compile_error", failed=True, message=r"cannot use")
    (proj / "calc.go").write_text(
        (proj / "calc.go")
        .read_text()
        .replace('    var n int = "count"\n', "")
        .replace("float64(len(xs))", "float64(len(xs)-1)")
    )
    c.case("go_test_failure", "go test ./...", proj, kind="test_failure", failed=True, message=r"Mean\(\) = ")


# ================================================================================================
# Non-shell tool errors (hand-written; wording checked against Claude Code 2.0.0's cli.js)
# ================================================================================================


def hand_written(c: Corpus) -> None:
    entries = [
        (
            "claude_read_missing_file",
            'Read {"file_path": "/tmp/proj/calc/calc/utils.py"}',
            "<tool_use_error>File does not exist.</tool_use_error>",
            "File does not exist.",
        ),
        (
            "claude_edit_string_not_found",
            'Edit {"file_path": "/tmp/proj/calc/calc.py",'
            ' "old_string": "    return a // b", "new_string": "    return a / b"}',
            "<tool_use_error>String to replace not found in file.\nString:     return a // b</tool_use_error>",
            "String to replace not found in file.",
        ),
        (
            "claude_write_unread_file",
            'Write {"file_path": "/tmp/proj/calc/calc.py", "content": "..."}',
            "<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>",
            "File has not been read yet. Read it first before writing to it.",
        ),
    ]
    for name, command, text, message in entries:
        c.record(
            name,
            command,
            text,
            exit_code=None,
            kind="tool_error",
            failed=True,
            message=message,
            source="hand-written",
        )


# ================================================================================================


def main() -> int:
    if sys.argv[1:2] == ["ecosystems"]:  # the failure/success-twin corpus of tests/outputs/ecosystems
        from ecosystems import capture

        return capture(Corpus, Skip, sys.argv[2:] or None)
    if CASES_DIR.exists():
        shutil.rmtree(CASES_DIR)
    CASES_DIR.mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="proj-") as tmp:
        corpus = Corpus(Path(tmp))
        for title, fn in [
            ("pytest", python_pytest),
            ("pytest, long output", python_long_run),
            ("python successes", python_successes),
            ("unittest", python_unittest),
            ("python scripts", python_scripts),
            ("mypy and ruff", python_linters),
            ("pip", pip_cases),
            ("shell", shell_cases),
            ("git", git_cases),
            ("c and c++", c_cases),
            ("make", make_cases),
            ("rust", rust_cases),
            ("java", java_cases),
            ("node", node_cases),
            ("node --test", node_test_runner),
            ("go", go_cases),
            ("hand-written tool errors", hand_written),
        ]:
            corpus.group(title, fn)
    CASES_JSON.write_text(json.dumps(corpus.cases, indent=2, ensure_ascii=False) + "\n")
    total = sum(p.stat().st_size for p in CASES_DIR.glob("*.txt")) + CASES_JSON.stat().st_size
    failures = sum(1 for case in corpus.cases if case["failed"])
    print(f"\n{len(corpus.cases)} cases ({failures} failures), {total / 1024:.1f} KiB with cases.json")
    if corpus.skipped:
        print("skipped:")
        for name, reason in corpus.skipped:
            print(f"  {name}: {reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
