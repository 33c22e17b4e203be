"""Ecosystem corpus groups of the seventeenth held-out part, checkers people run every day from PyPI (on PATH when
capturing, see ``ecosystems.py``): pytest-cov, pytest-timeout, Semgrep and Twine. Each group is two distinct real
failures of its tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs


def pytest_cov(c: Any) -> None:
    needs(c, "pytest")
    proj = c.project(
        "shop-pricing",
        {
            "pricing/shop/__init__.py": "",
            "pricing/shop/pricing.py": """
            def net(gross_cents, vat_rate):
                return round(gross_cents / (1 + vat_rate))


            def discount(cents, percent):
                if percent < 0 or percent > 100:
                    raise ValueError("percent must be between 0 and 100")
                return cents - cents * percent // 100


            def bulk_price(unit_cents, qty):
                if qty >= 100:
                    return discount(unit_cents * qty, 10)
                if qty >= 10:
                    return discount(unit_cents * qty, 5)
                return unit_cents * qty
        """,
            "pricing/tests/test_pricing.py": """
            import pytest

            from shop.pricing import bulk_price, discount, net


            def test_net_removes_vat():
                assert net(1200, 0.2) == 1000
        """,
            "pricing/pytest.ini": """
            [pytest]
            pythonpath = .
            addopts = --cov=shop --cov-report=term-missing --cov-fail-under=90
        """,
            "stock/shop_stock/__init__.py": "",
            "stock/shop_stock/levels.py": """
            def reorder_needed(on_hand, reserved, threshold):
                available = on_hand - reserved
                if available < threshold:
                    return True
                return False
        """,
            "stock/tests/test_levels.py": """
            from shop_stock.levels import reorder_needed


            def test_low_stock_reorders():
                assert reorder_needed(5, 3, 4)


            def test_enough_stock_does_not_reorder():
                assert not reorder_needed(20, 3, 4)
        """,
            "stock/pytest.ini": """
            [pytest]
            pythonpath = .
            addopts = --cov=shop_stok --cov-fail-under=80
        """,
        },
    )
    pair = Pair(c, "pytest_cov", proj)
    pair.run(
        "pytest_cov_fail_under",
        "cd pricing && python -m pytest -p no:cacheprovider",
        r"Required test coverage",
        (
            "pricing/tests/test_pricing.py",
            "    assert net(1200, 0.2) == 1000\n",
            "    assert net(1200, 0.2) == 1000\n\n\n"
            "def test_discount_rejects_more_than_everything():\n"
            "    with pytest.raises(ValueError):\n"
            "        discount(1000, 120)\n\n\n"
            "def test_bulk_price_tiers():\n"
            "    assert bulk_price(100, 100) == 9000\n"
            "    assert bulk_price(100, 10) == 950\n"
            "    assert bulk_price(100, 2) == 200\n"
            "    assert discount(1000, 25) == 750\n",
        ),
    )
    pair.run(
        "pytest_cov_module_never_imported",
        "cd stock && python -m pytest -p no:cacheprovider",
        r"never imported|Required test coverage",
        ("stock/pytest.ini", "--cov=shop_stok", "--cov=shop_stock"),
    )


def pytest_timeout(c: Any) -> None:
    needs(c, "pytest")
    proj = c.project(
        "shop-sync",
        {
            "sync/shop_sync/__init__.py": "",
            "sync/shop_sync/retry.py": """
            import time


            def fetch_with_retry(fetch, attempts, delay):
                tries = 0
                while True:
                    try:
                        return fetch()
                    except ConnectionError:
                        tries += 1
                        if tries > attempts and attempts > 0:
                            raise
                        time.sleep(delay)
        """,
            "sync/tests/test_retry.py": """
            import pytest

            from shop_sync.retry import fetch_with_retry


            def always_down():
                raise ConnectionError("inventory service unreachable")


            def test_gives_up_after_attempts():
                with pytest.raises(ConnectionError):
                    fetch_with_retry(always_down, attempts=0, delay=0.05)
        """,
            "sync/pytest.ini": """
            [pytest]
            pythonpath = .
            timeout = 2
        """,
            "queue/shop_queue/__init__.py": "",
            "queue/shop_queue/worker.py": """
            import queue
            import threading


            def drain(jobs, handle):
                done = []
                lock = threading.Lock()

                def work():
                    while True:
                        job = jobs.get()
                        with lock:
                            done.append(handle(job))
                        jobs.task_done()

                threading.Thread(target=work, daemon=True).start()
                jobs.join()
                return done


            def make_queue(items):
                jobs = queue.Queue()
                for item in items:
                    jobs.put(item)
                return jobs
        """,
            "queue/tests/test_worker.py": """
            from shop_queue.worker import drain, make_queue


            def test_drain_handles_every_job():
                jobs = make_queue([1, 2, 3])
                assert sorted(drain(jobs, lambda n: n * 10)) == [10, 20, 30]


            def test_drain_survives_a_failing_job():
                jobs = make_queue([1, 0, 3])
                assert sorted(drain(jobs, lambda n: 10 // n)) == [3, 10]
        """,
            "queue/pytest.ini": """
            [pytest]
            pythonpath = .
            timeout = 3
            timeout_method = thread
        """,
        },
    )
    pair = Pair(c, "pytest_timeout", proj)
    pair.run(
        "pytest_timeout_endless_retry",
        "cd sync && python -m pytest -p no:cacheprovider",
        r"Timeout",
        ("sync/shop_sync/retry.py", "if tries > attempts and attempts > 0:", "if tries > attempts:"),
    )
    pair.run(
        "pytest_timeout_thread_dump",
        "cd queue && python -m pytest -p no:cacheprovider",
        r"Timeout",
        (
            "queue/shop_queue/worker.py",
            "            with lock:\n                done.append(handle(job))\n            jobs.task_done()\n",
            "            try:\n                with lock:\n                    done.append(handle(job))\n"
            "            except ZeroDivisionError:\n                pass\n"
            "            finally:\n                jobs.task_done()\n",
        ),
        timeout=120,
    )


SEMGREP_RULES = """
rules:
  - id: subprocess-shell-true
    languages: [python]
    severity: ERROR
    message: Calling a shell with a string built from input lets that input run commands; pass a list instead.
    pattern: subprocess.run(..., shell=True, ...)
"""


def semgrep(c: Any) -> None:
    needs(c, "semgrep")
    proj = c.project(
        "shop-ops",
        {
            "rules/shop.yml": SEMGREP_RULES,
            "ops/backup.py": """
            import subprocess


            def backup(db_name):
                subprocess.run(f"pg_dump {db_name} > /var/backups/{db_name}.sql", shell=True, check=True)
        """,
            "reports/rules.yml": """
            rules:
              - id: print-in-library
                languages: [python]
                severity: INFO
                mesage: Library code logs through the logging module, not print.
                pattern: print(...)
        """,
            "reports/export.py": """
            import csv
            import logging

            log = logging.getLogger(__name__)


            def export(rows, path):
                with open(path, "w", newline="") as fh:
                    csv.writer(fh).writerows(rows)
                log.info("exported %d rows to %s", len(rows), path)
        """,
        },
    )
    semgrep_cmd = "semgrep scan --metrics=off --disable-version-check --error --quiet"
    pair = Pair(c, "semgrep", proj)
    pair.run(
        "semgrep_shell_true",
        f"{semgrep_cmd} --config rules/shop.yml ops",
        r"subprocess-shell-true",
        (
            "ops/backup.py",
            'subprocess.run(f"pg_dump {db_name} > /var/backups/{db_name}.sql", shell=True, check=True)',
            'subprocess.run(["pg_dump", "--file", f"/var/backups/{db_name}.sql", db_name], check=True)',
        ),
    )
    pair.run(
        "semgrep_invalid_rule",
        # --quiet would hide the rule's schema error too (the run exits 7 having printed nothing).
        "semgrep scan --metrics=off --disable-version-check --error --config reports/rules.yml reports",
        r"mesage|message",
        ("reports/rules.yml", "mesage:", "message:"),
    )


def twine(c: Any) -> None:
    needs(c, "twine")
    proj = c.project(
        "shop-client",
        {
            "client/pyproject.toml": """
            [build-system]
            requires = ["setuptools>=61"]
            build-backend = "setuptools.build_meta"

            [project]
            name = "shop-client"
            version = "0.4.0"
            description = "A client for the shop's HTTP API"
            readme = {file = "README.rst", content-type = "text/x-rst"}
            requires-python = ">=3.9"
        """,
            "client/README.rst": """
            shop-client
            ===========

            A client for the shop's HTTP API.

            Usage
            ----

            .. code-block:: python

               from shop_client import Client
               Client("https://shop.example").orders()
        """,
            "client/shop_client/__init__.py": "class Client:\n    def __init__(self, url):\n        self.url = url\n",
            "cli/pyproject.toml": """
            [build-system]
            requires = ["setuptools>=61"]
            build-backend = "setuptools.build_meta"

            [project]
            name = "shop-cli"
            version = "0.1.0"
            description = "The shop's command line"
            requires-python = ">=3.9"
        """,
            "cli/README.rst": "shop-cli\n========\n\nRun ``shop orders`` to list today's orders.\n",
            "cli/shop_cli/__init__.py": "def main():\n    print('orders')\n",
        },
    )
    build = "rm -rf dist build *.egg-info && python -m pip wheel -q --no-deps --no-build-isolation -w dist . &&"
    pair = Pair(c, "twine", proj)
    pair.run(
        "twine_rst_syntax_error",
        f"cd client && {build} twine check --strict dist/*",
        r"syntax errors|FAILED|ERROR",
        ("client/README.rst", "Usage\n----\n", "Usage\n-----\n"),
    )
    pair.run(
        "twine_missing_long_description",
        f"cd cli && {build} twine check --strict dist/*",
        r"long_description",
        ("cli/pyproject.toml", 'requires-python = ">=3.9"', 'readme = "README.rst"\nrequires-python = ">=3.9"'),
    )
