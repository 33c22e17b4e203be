"""Capture groups of pytest runs (see ``capture.py``): failures, collection errors, a long run cut in the middle and
successes that mention errors, some also as Gemini CLI's shell tool wraps them."""

from __future__ import annotations

from capture_corpus import Corpus, dedent, gemini_current, gemini_legacy

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
