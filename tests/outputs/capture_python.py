"""Capture groups of Python besides pytest (see ``capture.py``): unittest, scripts and their tracebacks, mypy and
ruff, and pip."""

from __future__ import annotations

from capture_corpus import Corpus, dedent


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
