"""Ecosystem corpus groups of the twenty-fifth held-out part, a test runner and a linter people run every day (see
``ecosystems.py``): from PyPI nose2 (unittest's test runner with plugins, on ``PATH`` when capturing) and from npm
quick-lint-js (the JavaScript linter, installed into the project). Each group is two distinct real failures of its
tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs, npm_project

#: nose2 runs one test module, naming each test as it goes.
NOSE2_RUN = "nose2 -v tests.test_{name}"
#: quick-lint-js checks one file; a warning or an error makes it exit non-zero.
QLJS_RUN = "npx quick-lint-js src/{name}.js"


def nose2(c: Any) -> None:
    needs(c, "nose2")
    proj = c.project(
        "shop-nose2",
        {
            "shop/__init__.py": "",
            "shop/pricing.py": """
            def discounted(cents, percent):
                return cents - cents * percent // 1000
        """,
            "shop/stock.py": """
            def needs_reoder(on_hand, reorder_at):
                return on_hand <= reorder_at
        """,
            "tests/__init__.py": "",
            "tests/test_pricing.py": """
            import unittest

            from shop.pricing import discounted


            class DiscountTest(unittest.TestCase):
                def test_ten_percent_off(self):
                    self.assertEqual(discounted(1000, 10), 900)

                def test_no_discount(self):
                    self.assertEqual(discounted(1000, 0), 1000)
        """,
            "tests/test_stock.py": """
            import unittest

            from shop.stock import needs_reorder


            class ReorderTest(unittest.TestCase):
                def test_apples_are_reordered(self):
                    self.assertTrue(needs_reorder(8, 10))

                def test_pears_are_not_reordered(self):
                    self.assertFalse(needs_reorder(6, 4))
        """,
        },
    )
    pair = Pair(c, "nose2", proj)
    pair.run(
        "nose2_assertion_failed",
        NOSE2_RUN.format(name="pricing"),
        r"AssertionError: 990 != 900",
        ("shop/pricing.py", "percent // 1000", "percent // 100"),
    )
    pair.run(
        "nose2_import_error",
        NOSE2_RUN.format(name="stock"),
        r"ImportError: cannot import name 'needs_reorder'",
        ("shop/stock.py", "def needs_reoder(", "def needs_reorder("),
    )


def quick_lint_js(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-qljs",
        {
            "package.json": '{"name": "shop-qljs", "version": "1.0.0", "private": true}\n',
            "src/cart.js": """
            const TAX_PERCENT = 20;

            function total(cents) {
              return cents + (totl * TAX_PERCENT) / 100;
            }

            module.exports = { total };
        """,
            "src/stock.js": """
            const reorderAt = 10;

            function needsReorder(onHand, fallback) {
              if (fallback) {
                reorderAt = fallback;
              }
              return onHand <= reorderAt;
            }

            module.exports = { needsReorder };
        """,
        },
        "quick-lint-js@3",
    )
    pair = Pair(c, "quick_lint_js", proj)
    pair.run(
        "quick_lint_js_undeclared_variable",
        QLJS_RUN.format(name="cart"),
        r"use of undeclared variable: totl",
        ("src/cart.js", "(totl * TAX_PERCENT)", "(cents * TAX_PERCENT)"),
    )
    pair.run(
        "quick_lint_js_assign_const",
        QLJS_RUN.format(name="stock"),
        r"cannot assign to a const variable",
        ("src/stock.js", "const reorderAt = 10;", "let reorderAt = 10;"),
    )
