"""Ecosystem corpus groups of the eighteenth held-out part, tools people run every day (see ``ecosystems.py``), from
Debian: staticcheck and Doxygen; from npm: nyc and jscpd. Each group is two distinct real failures of its tool, each
fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

import textwrap
from typing import Any

from ecosystems import Pair, needs, npm_project


def staticcheck(c: Any) -> None:
    needs(c, "go")
    needs(c, "go-staticcheck")  # Debian installs staticcheck under this name
    proj = c.project(
        "shop-go",
        {
            "go.mod": "module example.com/shop\n\ngo 1.19\n",
            "pricing/round.go": """
            package pricing

            // Total is the sum of the lines' prices in cents.
            func Total(cents []int) int {
                sum := 0
                for _, c := range cents {
                    sum += c
                }
                return sum
            }

            func roundCents(value float64) int {
                return int(value + 0.5)
            }
        """,
            "customers/name.go": """
            package customers

            import "strings"

            // Normalize returns the name as it is stored: trimmed and in lower case.
            func Normalize(name string) string {
                strings.TrimSpace(name)
                return strings.ToLower(name)
            }
        """,
        },
    )
    pair = Pair(c, "staticcheck", proj)
    pair.run(
        "staticcheck_unused_func",
        "go-staticcheck ./pricing/...",
        r"is unused",
        (
            "pricing/round.go",
            "\nfunc roundCents(value float64) int {\n    return int(value + 0.5)\n}\n",
            "",
        ),
    )
    pair.run(
        "staticcheck_ignored_result",
        "go-staticcheck ./customers/...",
        r"return value is ignored|doesn't have side effects",
        ("customers/name.go", "    strings.TrimSpace(name)\n", "    name = strings.TrimSpace(name)\n"),
    )


DOXYFILE = """
    PROJECT_NAME     = "{name}"
    INPUT            = src
    OUTPUT_DIRECTORY = docs
    QUIET            = YES
    WARN_IF_UNDOCUMENTED = YES
    WARN_AS_ERROR    = FAIL_ON_WARNINGS
    GENERATE_LATEX   = NO
    EXTRACT_ALL      = NO
"""


def doxygen(c: Any) -> None:
    needs(c, "doxygen")
    proj = c.project(
        "shop-c",
        {
            "cart/Doxyfile": DOXYFILE.format(name="cart"),
            "cart/src/cart.h": """
            /** @file cart.h
             *  The shopping cart.
             */

            /** A cart holds up to 32 lines. */
            struct cart {
                int count; /**< lines in use */
            };

            /**
             * Adds a line to the cart.
             * @param c   the cart
             * @param qty how many of the item
             * @return 0, or -1 when the cart is full
             */
            int cart_add(struct cart *c, int quantity);
        """,
            "stock/Doxyfile": DOXYFILE.format(name="stock"),
            "stock/src/stock.h": """
            /** @file stock.h
             *  Stock levels.
             */

            /**
             * Tells whether an item must be reordered.
             * @param on_hand  units in the warehouse
             * @param reserved units promised to open orders
             * \\retrun 1 when fewer than the threshold are free
             */
            int reorder_needed(int on_hand, int reserved);
        """,
        },
    )
    pair = Pair(c, "doxygen", proj)
    pair.run(
        "doxygen_param_not_found",
        "cd cart && doxygen Doxyfile",
        r"not found in the argument list",
        ("cart/src/cart.h", "@param qty how many", "@param quantity how many"),
    )
    pair.run(
        "doxygen_unknown_command",
        "cd stock && doxygen Doxyfile",
        r"unknown command",
        ("stock/src/stock.h", "\\retrun 1", "\\return 1"),
    )


NYC_SOURCE = """
    function shippingCents(totalCents, country) {
      if (country !== "DE") {
        return 1500;
      }
      if (totalCents >= 5000) {
        return 0;
      }
      return 490;
    }

    function parseQty(text) {
      const qty = Number.parseInt(text, 10);
      if (Number.isNaN(qty) || qty < 1) {
        throw new RangeError(`not a quantity: ${text}`);
      }
      return qty;
    }

    module.exports = { shippingCents, parseQty };
"""


def nyc(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-checkout",
        {
            "package.json": """
            {
              "name": "shop-checkout",
              "version": "1.0.0",
              "private": true,
              "scripts": {
                "coverage": "nyc --check-coverage --lines 90 node test/checkout.test.js"
              }
            }
        """,
            "src/checkout.js": NYC_SOURCE,
            "test/checkout.test.js": """
            const assert = require("node:assert");
            const { shippingCents } = require("../src/checkout");

            assert.strictEqual(shippingCents(6000, "DE"), 0);
            assert.strictEqual(shippingCents(1000, "DE"), 490);
            console.log("checkout: 2 checks passed");
        """,
            "returns/src/refund.js": """
            function refundCents(paidCents, daysSincePurchase) {
              if (daysSincePurchase > 30) {
                return 0;
              }
              return paidCents;
            }

            module.exports = { refundCents };
        """,
            "returns/test/refund.test.js": """
            const assert = require("node:assert");
            const { refundCents } = require("../src/refund");

            assert.strictEqual(refundCents(2500, 3), 2500);
            console.log("refund: 1 check passed");
        """,
        },
        "--save-dev nyc@17",
    )
    pair = Pair(c, "nyc", proj)
    pair.run(
        "nyc_lines_threshold",
        "npm run coverage",
        r"does not meet global threshold",
        (
            "test/checkout.test.js",
            'const { shippingCents } = require("../src/checkout");\n',
            'const { shippingCents, parseQty } = require("../src/checkout");\n\n'
            'assert.strictEqual(shippingCents(1000, "FR"), 1500);\n'
            'assert.strictEqual(parseQty("3"), 3);\n'
            'assert.throws(() => parseQty("none"), RangeError);\n',
        ),
    )
    pair.run(
        "nyc_per_file_branches",
        "npx nyc --check-coverage --per-file --branches 100 --lines 80 node returns/test/refund.test.js",
        r"does not meet threshold",
        (
            "returns/test/refund.test.js",
            "assert.strictEqual(refundCents(2500, 3), 2500);\n",
            "assert.strictEqual(refundCents(2500, 3), 2500);\nassert.strictEqual(refundCents(2500, 45), 0);\n",
        ),
    )


JSCPD_SLUG = textwrap.dedent(
    """
    function {name}(title) {{
      const lowered = title.trim().toLowerCase();
      const replaced = lowered.replace(/&/g, " and ").replace(/[^a-z0-9]+/g, "-");
      const trimmed = replaced.replace(/^-+/, "").replace(/-+$/, "");
      if (trimmed.length === 0) {{
        throw new Error(`cannot make a slug of "${{title}}"`);
      }}
      return trimmed.slice(0, 64);
    }}
"""
)

JSCPD_PY = textwrap.dedent(
    """
    def {name}(rows):
        totals = {{}}
        for row in rows:
            sku = row["sku"].strip().upper()
            qty = int(row["qty"])
            if qty < 0:
                raise ValueError(f"negative quantity for {{sku}}")
            totals[sku] = totals.get(sku, 0) + qty
        ordered = sorted(totals.items(), key=lambda item: (-item[1], item[0]))
        return [{{"sku": sku, "qty": qty}} for sku, qty in ordered]
"""
)


def jscpd(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-dupes",
        {
            "package.json": '{"name": "shop-dupes", "version": "1.0.0", "private": true}\n',
            "web/src/products.js": JSCPD_SLUG.format(name="productSlug")
            + "\nmodule.exports = { productSlug, path: (p) => `/p/${productSlug(p.title)}` };\n",
            "web/src/categories.js": JSCPD_SLUG.format(name="categorySlug")
            + "\nmodule.exports = { categorySlug, path: (c) => `/c/${categorySlug(c.name)}` };\n",
            "reports/daily.py": JSCPD_PY.format(name="daily_totals") + '\n\ndef title():\n    return "Daily totals"\n',
            "reports/weekly.py": JSCPD_PY.format(name="weekly_totals")
            + '\n\ndef title():\n    return "Weekly totals"\n',
        },
        "--save-dev jscpd@4",
    )
    pair = Pair(c, "jscpd", proj)
    pair.run(
        "jscpd_js_clone",
        "npx jscpd --threshold 0 --reporters console --no-colors web/src",
        r"too many duplicates|Clone found",
        (
            "web/src/categories.js",
            JSCPD_SLUG.format(name="categorySlug").lstrip("\n"),
            'const { productSlug: categorySlug } = require("./products");\n',
        ),
    )
    pair.run(
        "jscpd_python_clone",
        "npx jscpd --threshold 0 --reporters console --no-colors --format python reports",
        r"too many duplicates|Clone found",
        (
            "reports/weekly.py",
            JSCPD_PY.format(name="weekly_totals").lstrip("\n"),
            "from daily import daily_totals as weekly_totals\n",
        ),
    )
