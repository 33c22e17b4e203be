"""Ecosystem corpus groups of the eighteenth held-out part, checkers people run every day from PyPI (on PATH when
capturing, see ``ecosystems.py``): typos, interrogate, mypy's stubtest, xenon and validate-pyproject. Each group is
two distinct real failures of its tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs


def typos(c: Any) -> None:
    needs(c, "typos")
    proj = c.project(
        "shop-spelling",
        {
            "orders/shop/receiving.py": """
            def recieve_delivery(order_id, items):
                \"\"\"Marks the delivered items as in stock.\"\"\"
                return {"order": order_id, "items": list(items), "state": "received"}
        """,
            "docs/_typos.toml": """
            [default.extend-word]
            hashi = "hashi"
        """,
            "docs/guide.md": """
            # Guide

            Orders are received at the warehouse and counted before they are stocked.
        """,
        },
    )
    pair = Pair(c, "typos", proj)
    pair.run(
        "typos_misspelt_identifier",
        "typos orders",
        r"should be",
        ("orders/shop/receiving.py", "def recieve_delivery(", "def receive_delivery("),
    )
    pair.run(
        "typos_bad_config",
        "cd docs && typos",
        r"extend-word",
        ("docs/_typos.toml", "[default.extend-word]", "[default.extend-words]"),
    )


def interrogate(c: Any) -> None:
    needs(c, "interrogate")
    proj = c.project(
        "shop-docstrings",
        {
            "catalog/shop/__init__.py": '"""The catalog."""\n',
            "catalog/shop/search.py": """
            \"\"\"Searching the catalog.\"\"\"


            def tokens(query):
                return [word for word in query.lower().split() if word]


            def matches(product, query):
                return all(token in product["title"].lower() for token in tokens(query))


            def search(products, query):
                \"\"\"The products whose title holds every word of the query.\"\"\"
                return [p for p in products if matches(p, query)]
        """,
            "billing/pyproject.toml": """
            [tool.interrogate]
            fail-under = 100
            verbose = 2
            ignore-init-method = true
        """,
            "billing/invoices.py": """
            \"\"\"Invoices.\"\"\"


            class Invoice:
                \"\"\"One invoice with its lines.\"\"\"

                def __init__(self, number):
                    self.number = number
                    self.lines = []

                def add(self, sku, cents):
                    \"\"\"Adds a line.\"\"\"
                    self.lines.append((sku, cents))

                def total(self):
                    return sum(cents for _, cents in self.lines)
        """,
        },
    )
    pair = Pair(c, "interrogate", proj)
    pair.run(
        "interrogate_fail_under",
        "interrogate -v --fail-under 80 catalog/shop",
        r"RESULT: FAILED",
        (
            "catalog/shop/search.py",
            "def tokens(query):\n    return",
            'def tokens(query):\n    """The query\'s words in lower case."""\n    return',
        ),
    )
    pair.run(
        "interrogate_method_missing",
        "cd billing && interrogate invoices.py",
        r"RESULT: FAILED",
        (
            "billing/invoices.py",
            "    def total(self):\n        return",
            '    def total(self):\n        """The sum of the lines in cents."""\n        return',
        ),
    )


def stubtest(c: Any) -> None:
    needs(c, "stubtest")
    proj = c.project(
        "shop-stubs",
        {
            "pricing/shop_pricing/__init__.py": """
            def discount(cents, percent):
                return cents - cents * percent // 100
        """,
            "pricing/shop_pricing/__init__.pyi": """
            def discount(cents: int, pct: int) -> int: ...
        """,
            "stock/shop_stock/__init__.py": """
            def reserve(sku, qty):
                return {"sku": sku, "qty": qty}
        """,
            "stock/shop_stock/__init__.pyi": """
            def reserve(sku: str, qty: int) -> dict[str, Reservd]: ...
        """,
        },
    )
    pair = Pair(c, "stubtest", proj)
    pair.run(
        "stubtest_argument_name",
        "cd pricing && python -m mypy.stubtest shop_pricing",
        r"is inconsistent",
        ("pricing/shop_pricing/__init__.pyi", "pct: int", "percent: int"),
    )
    pair.run(
        "stubtest_stub_error",
        "cd stock && python -m mypy.stubtest shop_stock",
        r"not defined|build errors",
        ("stock/shop_stock/__init__.pyi", "dict[str, Reservd]", "dict[str, object]"),
    )


REASONS = """def reason_label(code):
    if code == "damaged":
        return "Arrived damaged"
    if code == "wrong":
        return "Wrong item sent"
    if code == "late":
        return "Arrived too late"
    if code == "size":
        return "Does not fit"
    if code == "changed":
        return "Changed my mind"
    return "Other"
"""


def xenon(c: Any) -> None:
    needs(c, "xenon")
    proj = c.project(
        "shop-complexity",
        {
            "shipping/shop/rules.py": """
            def shipping_cents(country, total_cents, weight_g, express, member):
                if member and total_cents >= 3000:
                    return 0
                if country == "DE":
                    if total_cents >= 5000:
                        return 0
                    cost = 490
                elif country in ("AT", "NL", "BE"):
                    cost = 990
                elif country == "CH":
                    cost = 1990
                else:
                    cost = 2490
                if weight_g > 5000:
                    cost += 500
                elif weight_g > 2000:
                    cost += 250
                if express:
                    cost *= 2
                if cost > 5000:
                    cost = 5000
                return cost
        """,
            "returns/shop/reasons.py": "\n" + REASONS,
        },
    )
    pair = Pair(c, "xenon", proj)
    pair.run(
        "xenon_block_rank",
        "xenon --max-absolute B shipping",
        r"has a rank of",
        (
            "shipping/shop/rules.py",
            "    if cost > 5000:\n        cost = 5000\n    return cost\n",
            "    return min(cost, 5000)\n",
        ),
    )
    pair.run(
        "xenon_average_rank",
        "xenon --max-average A returns",
        r"average complexity",
        (
            "returns/shop/reasons.py",
            REASONS,
            """LABELS = {
    "damaged": "Arrived damaged",
    "wrong": "Wrong item sent",
    "late": "Arrived too late",
    "size": "Does not fit",
    "changed": "Changed my mind",
}


def reason_label(code):
    return LABELS.get(code, "Other")
""",
        ),
    )


def validate_pyproject(c: Any) -> None:
    needs(c, "validate-pyproject")
    proj = c.project(
        "shop-packaging",
        {
            "api/pyproject.toml": """
            [build-system]
            requires = ["setuptools>=68"]
            build-backend = "setuptools.build_meta"

            [project]
            name = "shop api"
            version = "1.4.0"
            requires-python = ">=3.10"
            dependencies = ["anyio>=4"]
        """,
            "worker/pyproject.toml": """
            [build-system]
            requires = ["setuptools>=68"]
            build-backend = "setuptools.build_meta"

            [project]
            name = "shop-worker"
            version = "0.9.2"
            requires-python = 3.11
            dependencies = []

            [tool.setuptools]
            packages = ["shop_worker"]
        """,
        },
    )
    pair = Pair(c, "validate_pyproject", proj)
    pair.run(
        "validate_pyproject_bad_name",
        "validate-pyproject api/pyproject.toml",
        r"project\.name",
        ("api/pyproject.toml", 'name = "shop api"', 'name = "shop-api"'),
    )
    pair.run(
        "validate_pyproject_wrong_type",
        "cd worker && validate-pyproject pyproject.toml",
        r"requires-python",
        ("worker/pyproject.toml", "requires-python = 3.11", 'requires-python = ">=3.11"'),
    )
