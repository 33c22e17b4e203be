"""Ecosystem corpus groups of the nineteenth held-out part, tools people run every day from PyPI (on PATH when
capturing, see ``ecosystems.py``): Python's doctest, pypa's build (with setuptools and hatchling), REUSE, Gunicorn,
pydoclint and Taplo. Each group is two distinct real failures of its tool, each fixed by one edit and run again, in
the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs


def doctest(c: Any) -> None:
    needs(c, "python")
    proj = c.project(
        "shop-doctest",
        {
            "pricing.py": '''
            def net_cents(gross_cents, vat_percent):
                """The price without VAT, rounded to the cent.

                >>> net_cents(1190, 19)
                1000
                >>> net_cents(1070, 7)
                1000
                """
                return round(gross_cents * (100 - vat_percent) / 100)
        ''',
            "stock.py": '''
            def fill_rate(shipped, ordered):
                """The share of ordered units that were shipped, in percent.

                >>> fill_rate(45, 50)
                90.0
                >>> fill_rate(0, 0)
                100.0
                """
                return shipped / ordered * 100
        ''',
        },
    )
    pair = Pair(c, "doctest", proj)
    pair.run(
        "doctest_wrong_value",
        "python -m doctest pricing.py",
        r"Failed example",
        (
            "pricing.py",
            "return round(gross_cents * (100 - vat_percent) / 100)",
            "return round(gross_cents * 100 / (100 + vat_percent))",
        ),
    )
    pair.run(
        "doctest_exception",
        "python -m doctest stock.py",
        r"ZeroDivisionError",
        (
            "stock.py",
            "    return shipped / ordered * 100",
            "    if ordered == 0:\n        return 100.0\n    return shipped / ordered * 100",
        ),
    )


def build(c: Any) -> None:
    needs(c, "python")
    proj = c.project(
        "shop-dist",
        {
            "shop/pyproject.toml": """
            [build-system]
            requires = ["setuptools>=68"]
            build-backend = "setuptools.build_meta"

            [project]
            name = "shop"
            version = "3.1.0"
            requires-python = ">=3.10"
        """,
            "shop/shop/__init__.py": '"""The shop."""\n',
            "shop/shop/orders.py": "def order_total(lines):\n    return sum(qty * cents for qty, cents in lines)\n",
            "shop/migrations/__init__.py": "",
            "shop/migrations/m0001_orders.py": 'STATEMENTS = ["CREATE TABLE orders (id INTEGER PRIMARY KEY)"]\n',
            "api/pyproject.toml": """
            [build-system]
            requires = ["hatchling"]
            build-backend = "hatchling.build"

            [project]
            name = "shop-api"
            version = "0.5.0"
            requires-python = ">=3.10"
        """,
            "api/src/api/__init__.py": '"""The shop\'s HTTP API."""\n',
            "api/src/api/routes.py": 'ROUTES = {"/orders": "list_orders", "/orders/{id}": "get_order"}\n',
        },
    )
    pair = Pair(c, "build", proj)
    pair.run(
        "build_flat_layout",
        "cd shop && python -m build --no-isolation --wheel",
        r"Multiple top-level packages",
        (
            "shop/pyproject.toml",
            'requires-python = ">=3.10"\n',
            'requires-python = ">=3.10"\n\n[tool.setuptools]\npackages = ["shop"]\n',
        ),
    )
    pair.run(
        "build_hatch_no_files",
        "cd api && python -m build --no-isolation --wheel",
        r"Unable to determine which files",
        (
            "api/pyproject.toml",
            'requires-python = ">=3.10"\n',
            'requires-python = ">=3.10"\n\n[tool.hatch.build.targets.wheel]\npackages = ["src/api"]\n',
        ),
    )


def reuse(c: Any) -> None:
    needs(c, "reuse")
    mit = "MIT License\n\nCopyright (c) 2025 Shop\n\nPermission is hereby granted, free of charge, to any person.\n"
    proj = c.project(
        "shop-licensing",
        {
            "cart/LICENSES/MIT.txt": mit,
            "cart/src/cart.py": """
            # SPDX-FileCopyrightText: 2025 Shop
            # SPDX-License-Identifier: MIT

            def add(cart, sku, qty):
                cart[sku] = cart.get(sku, 0) + qty
                return cart
        """,
            "cart/src/totals.py": """
            def total(cart, prices):
                return sum(prices[sku] * qty for sku, qty in cart.items())
        """,
            "stock/LICENSES/MIT.txt": mit,
            "stock/src/levels.py": """
            # SPDX-FileCopyrightText: 2025 Shop
            # SPDX-License-Identifier: MIT-License

            def low(levels, threshold):
                return sorted(sku for sku, units in levels.items() if units < threshold)
        """,
        },
    )
    pair = Pair(c, "reuse", proj)
    pair.run(
        "reuse_missing_info",
        "cd cart && reuse lint",
        r"no copyright and licensing information|MISSING",
        (
            "cart/src/totals.py",
            "def total(",
            "# SPDX-FileCopyrightText: 2025 Shop\n# SPDX-License-Identifier: MIT\n\ndef total(",
        ),
    )
    pair.run(
        "reuse_bad_license",
        "cd stock && reuse lint",
        r"MIT-License",
        ("stock/src/levels.py", "SPDX-License-Identifier: MIT-License", "SPDX-License-Identifier: MIT"),
    )


def gunicorn(c: Any) -> None:
    needs(c, "gunicorn")
    proj = c.project(
        "shop-wsgi",
        {
            "web/shop_web.py": """
            def application(environ, start_response):
                start_response("200 OK", [("Content-Type", "text/plain")])
                return [b"shop"]
        """,
            "web/gunicorn.conf.py": """
            wsgi_app = "shop_web:app"
            bind = "127.0.0.1:8000"
            workers = 2
        """,
            "api/shop_api.py": """
            def app(environ, start_response):
                start_response("200 OK", [("Content-Type", "application/json")])
                return [b"{}"]
        """,
            "api/gunicorn.conf.py": """
            wsgi_app = "shop_api:app"
            bind = "127.0.0.1:8001"
            workers = "four"
        """,
        },
    )
    pair = Pair(c, "gunicorn", proj)
    pair.run(
        "gunicorn_no_attribute",
        "cd web && gunicorn --check-config",
        r"Failed to find attribute",
        ("web/gunicorn.conf.py", 'wsgi_app = "shop_web:app"', 'wsgi_app = "shop_web:application"'),
    )
    pair.run(
        "gunicorn_bad_setting",
        "cd api && gunicorn --check-config",
        r"four|Invalid",
        ("api/gunicorn.conf.py", 'workers = "four"', "workers = 4"),
    )


def pydoclint(c: Any) -> None:
    needs(c, "pydoclint")
    proj = c.project(
        "shop-docargs",
        {
            "orders/shop/refunds.py": '''
            def refund_cents(paid_cents: int, days_since_purchase: int, restocking_fee_cents: int) -> int:
                """The amount refunded for a return.

                Args:
                    paid_cents (int): What the customer paid.
                    days_since_purchase (int): Days between purchase and return.

                Returns:
                    int: The refund in cents.
                """
                if days_since_purchase > 30:
                    return 0
                return max(paid_cents - restocking_fee_cents, 0)
        ''',
            "stock/shop/levels.py": '''
            def reorder_quantity(on_hand: int, target: int) -> int:
                """How many units to reorder.

                Args:
                    on_hand (int): Units in the warehouse.
                    target (int): Units wanted after the delivery.
                """
                return max(target - on_hand, 0)
        ''',
        },
    )
    pair = Pair(c, "pydoclint", proj)
    pair.run(
        "pydoclint_missing_argument",
        "pydoclint --style=google orders/shop",
        r"DOC10",
        (
            "orders/shop/refunds.py",
            "        days_since_purchase (int): Days between purchase and return.\n",
            "        days_since_purchase (int): Days between purchase and return.\n"
            "        restocking_fee_cents (int): Kept by the shop for a return.\n",
        ),
    )
    pair.run(
        "pydoclint_missing_return",
        "pydoclint --style=google stock/shop",
        r"DOC20",
        (
            "stock/shop/levels.py",
            "        target (int): Units wanted after the delivery.\n",
            "        target (int): Units wanted after the delivery.\n\n"
            "    Returns:\n        int: The units to order.\n",
        ),
    )


def taplo(c: Any) -> None:
    needs(c, "taplo")
    proj = c.project(
        "shop-toml",
        {
            "service/config.toml": """
            [server]
            host = "127.0.0.1"
            port = 8080

            [database]
            url = "postgresql://localhost/shop
            pool_size = 5
        """,
            "worker/Cargo.toml": """
            [package]
            name = "shop-worker"
            version = "0.2.0"
            edition = "2021"

            [dependencies]
            serde   =  "1"
            tokio = { version = "1", features = ["rt"] }
        """,
        },
    )
    pair = Pair(c, "taplo", proj)
    pair.run(
        "taplo_invalid_toml",
        "cd service && taplo check config.toml",
        r"invalid|error",
        ("service/config.toml", 'url = "postgresql://localhost/shop\n', 'url = "postgresql://localhost/shop"\n'),
    )
    pair.run(
        "taplo_not_formatted",
        "cd worker && taplo fmt --check Cargo.toml",
        r"not properly formatted|formatted",
        ("worker/Cargo.toml", 'serde   =  "1"', 'serde = "1"'),
    )
