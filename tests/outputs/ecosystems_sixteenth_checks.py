"""Ecosystem corpus groups of the sixteenth held-out part, checkers and test runners people run every day (see
``ecosystems.py``): buf, uvu, Playwright Test and c8 from npm, and Import Linter and zizmor from PyPI (on PATH when
capturing). Each group is two distinct real failures of its tool, each fixed by one edit and run again, in the wording
that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs, npm_project

BUF_YAML = """
version: v2
modules:
  - path: proto
lint:
  use:
    - STANDARD
"""


def buf(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-protos",
        {
            "package.json": '{"name": "shop-protos", "version": "1.0.0", "private": true}\n',
            "orders/buf.yaml": BUF_YAML,
            "orders/proto/shop/v1/orders.proto": """
            syntax = "proto3";

            package shop.v1;

            message Order {
              string order_id = 1;
              int64 totalCents = 2;
              repeated LineItem items = 3;
            }

            message LineItem {
              string sku = 1;
              int32 quantity = 2;
            }
        """,
            "billing/buf.yaml": BUF_YAML,
            "billing/proto/billing/v1/money.proto": """
            syntax = "proto3";

            package billing.v1;

            message Money {
              string currency_code = 1;
              int64 units = 2;
            }
        """,
            "billing/proto/billing/v1/invoice.proto": """
            syntax = "proto3";

            package billing.v1;

            import "billing/v1/amount.proto";

            message Invoice {
              string invoice_id = 1;
              Money total = 2;
            }
        """,
        },
        "@bufbuild/buf@1.75",
    )
    pair = Pair(c, "buf", proj)
    pair.run(
        "buf_lint_field_name",
        "cd orders && npx buf lint",
        r"lower_snake_case",
        ("orders/proto/shop/v1/orders.proto", "int64 totalCents = 2;", "int64 total_cents = 2;"),
    )
    pair.run(
        "buf_build_missing_import",
        "cd billing && npx buf build",
        r"does not exist|cannot find",
        ("billing/proto/billing/v1/invoice.proto", '"billing/v1/amount.proto"', '"billing/v1/money.proto"'),
    )


def uvu(c: Any) -> None:
    proj = npm_project(
        c,
        "blog-utils",
        {
            "package.json": '{"name": "blog-utils", "version": "1.0.0", "private": true}\n',
            "src/slug.js": """
            function slugify(title) {
              return title.toLowerCase().trim().replace(/\\s+/g, "-");
            }

            function excerpt(text, words) {
              return text.split(" ").slice(0, words).join(" ") + "…";
            }

            module.exports = { slugify, excerpt };
        """,
            "src/price.js": """
            function formatPrice(cents, currency) {
              const [whole, frac] = (cents / 100).toFixed(2).split(".");
              return `${currency.symbol}${whole}.${frac}`;
            }

            module.exports = { formatPrice };
        """,
            "tests/slug.js": """
            const { test } = require("uvu");
            const assert = require("uvu/assert");
            const { slugify, excerpt } = require("../src/slug");

            test("slugify lowercases and joins words", () => {
              assert.is(slugify("Hello World"), "hello-world");
            });

            test("slugify drops punctuation", () => {
              assert.is(slugify("Rock & Roll!"), "rock-roll");
            });

            test("excerpt keeps the first words", () => {
              assert.is(excerpt("one two three four", 2), "one two…");
            });

            test.run();
        """,
            "tests/price.js": """
            const { suite } = require("uvu");
            const assert = require("uvu/assert");
            const { formatPrice } = require("../src/price");

            const Price = suite("formatPrice");

            Price("formats euros", () => {
              assert.is(formatPrice(1999, { symbol: "€" }), "€19.99");
            });

            Price("reports an error for a null currency", () => {
              assert.throws(() => formatPrice(100, null));
            });

            Price("uses the default currency", () => {
              assert.is(formatPrice(500), "$5.00");
            });

            Price.run();
        """,
        },
        "uvu@0.5",
    )
    pair = Pair(c, "uvu", proj)
    pair.run(
        "uvu_not_equal",
        "npx uvu tests slug",
        r"FAIL",
        (
            "src/slug.js",
            '.replace(/\\s+/g, "-");',
            '.replace(/[^a-z0-9\\s-]/g, "").replace(/\\s+/g, "-");',
        ),
    )
    pair.run(
        "uvu_type_error",
        "npx uvu tests price",
        r"Cannot read properties",
        (
            "src/price.js",
            "function formatPrice(cents, currency) {",
            'function formatPrice(cents, currency = { symbol: "$" }) {',
        ),
    )


def playwright(c: Any) -> None:
    proj = npm_project(
        c,
        "checkout-rules",
        {
            "package.json": '{"name": "checkout-rules", "version": "1.0.0", "private": true}\n',
            "playwright.config.js": """
            const { defineConfig } = require("@playwright/test");

            module.exports = defineConfig({
              testDir: "./e2e",
              reporter: "list",
              workers: 1,
            });
        """,
            "src/tax.js": """
            const RATES = { DE: 0.19, FR: 0.2, NL: 0.21 };

            function withVat(net, country) {
              return Math.round(net * (1 + RATES[country]) * 100) / 100;
            }

            module.exports = { withVat };
        """,
            "src/shipping.js": """
            function shippingCost(weightKg) {
              return weightKg <= 2 ? 4.9 : 9.9;
            }

            module.exports = { shippingCost };
        """,
            "e2e/tax.spec.js": """
            const { test, expect } = require("@playwright/test");
            const { withVat } = require("../src/tax");

            test("adds German VAT", () => {
              expect(withVat(100, "DE")).toBe(119);
            });

            test("adds Austrian VAT", () => {
              expect(withVat(100, "AT")).toBe(120);
            });
        """,
            "e2e/shipping.spec.js": """
            const { test, expect } = require("@playwright/test");
            const { shippingCost } = require("../src/shiping");

            test("small parcels ship for 4.90", () => {
              expect(shippingCost(1.5)).toBe(4.9);
            });

            test("heavy parcels never fail to get a rate", () => {
              expect(shippingCost(3)).toBe(9.9);
            });
        """,
        },
        "@playwright/test@1.65",
    )
    pair = Pair(c, "playwright", proj)
    pair.run(
        "playwright_expect_to_be",
        "npx playwright test e2e/tax.spec.js",
        r"toBe\(expected\)",
        ("src/tax.js", "const RATES = { DE: 0.19,", "const RATES = { AT: 0.2, DE: 0.19,"),
    )
    pair.run(
        "playwright_module_not_found",
        "npx playwright test e2e/shipping.spec.js",
        r"Cannot find module",
        ("e2e/shipping.spec.js", '"../src/shiping"', '"../src/shipping"'),
    )


def c8(c: Any) -> None:
    proj = npm_project(
        c,
        "warehouse",
        {
            "package.json": '{"name": "warehouse", "version": "1.0.0", "private": true}\n',
            "stock/.c8rc.json": '{"check-coverage": true, "lines": 90, "reporter": ["text"]}\n',
            "stock/src/stock.js": """
            function reserve(stock, sku, qty) {
              const have = stock[sku] ?? 0;
              if (qty > have) {
                return { ok: false, missing: qty - have };
              }
              stock[sku] = have - qty;
              return { ok: true, missing: 0 };
            }

            function restock(stock, sku, qty) {
              if (qty <= 0) {
                throw new Error("restock quantity must be positive");
              }
              stock[sku] = (stock[sku] ?? 0) + qty;
              return stock[sku];
            }

            module.exports = { reserve, restock };
        """,
            "stock/test/stock.test.js": """
            const test = require("node:test");
            const assert = require("node:assert");
            const { reserve } = require("../src/stock");

            test("reserve takes items out of stock", () => {
              const stock = { A1: 5 };
              assert.deepStrictEqual(reserve(stock, "A1", 2), { ok: true, missing: 0 });
              assert.strictEqual(stock.A1, 3);
            });
        """,
            "promo/.c8rc.json": '{"check-coverage": true, "per-file": true, "branches": 100,'
            ' "reporter": ["text-summary"]}\n',
            "promo/src/promo.js": """
            function discountFor(code, subtotal) {
              if (code === "WELCOME5") {
                return 5;
              }
              if (code === "TENOFF" && subtotal >= 50) {
                return subtotal * 0.1;
              }
              return 0;
            }

            module.exports = { discountFor };
        """,
            "promo/test/promo.test.js": """
            const test = require("node:test");
            const assert = require("node:assert");
            const { discountFor } = require("../src/promo");

            test("WELCOME5 takes five off", () => {
              assert.strictEqual(discountFor("WELCOME5", 20), 5);
            });

            test("TENOFF takes ten percent off large baskets", () => {
              assert.strictEqual(discountFor("TENOFF", 80), 8);
            });
        """,
        },
        "c8@10",
    )
    pair = Pair(c, "c8", proj)
    pair.run(
        "c8_lines_below_threshold",
        "cd stock && npx c8 node --test test/",
        r"does not meet",
        (
            "stock/test/stock.test.js",
            'const { reserve } = require("../src/stock");\n',
            'const { reserve, restock } = require("../src/stock");\n\n'
            'test("reserve reports what is missing", () => {\n'
            '  assert.deepStrictEqual(reserve({ A1: 1 }, "A1", 3), { ok: false, missing: 2 });\n'
            "});\n\n"
            'test("restock adds to the shelf and refuses nothing", () => {\n'
            "  const stock = {};\n"
            '  assert.strictEqual(restock(stock, "B2", 4), 4);\n'
            '  assert.throws(() => restock(stock, "B2", 0), /must be positive/);\n'
            "});\n",
        ),
    )
    pair.run(
        "c8_branches_below_threshold_per_file",
        "cd promo && npx c8 node --test test/",
        r"does not meet",
        (
            "promo/test/promo.test.js",
            'const { discountFor } = require("../src/promo");\n',
            'const { discountFor } = require("../src/promo");\n\n'
            'test("TENOFF does nothing for small baskets", () => {\n'
            '  assert.strictEqual(discountFor("TENOFF", 20), 0);\n'
            "});\n",
        ),
    )


def import_linter(c: Any) -> None:
    needs(c, "lint-imports")
    proj = c.project(
        "shop-arch",
        {
            "shop/__init__.py": "",
            "shop/web/__init__.py": "",
            "shop/web/views.py": """
            from shop.domain.orders import place_order


            def order_view(request):
                return place_order(request["cart"])


            def render_receipt(order):
                return f"{order['items']} items"
        """,
            "shop/domain/__init__.py": "",
            "shop/domain/orders.py": """
            from shop.web.views import render_receipt


            def place_order(cart):
                order = {"items": len(cart)}
                return render_receipt(order)
        """,
            "shop/catalog/__init__.py": "",
            "shop/catalog/listing.py": """
            from shop.common.money import fmt


            def price_tag(product):
                return f"{product['name']}: {fmt(product['cents'])}"
        """,
            "shop/billing/__init__.py": "",
            "shop/billing/invoices.py": 'CURRENCY = "EUR"\n',
            "shop/common/__init__.py": "",
            "shop/common/money.py": """
            from shop.billing.invoices import CURRENCY


            def fmt(cents):
                return f"{cents / 100:.2f} {CURRENCY}"
        """,
            ".importlinter": """
            [importlinter]
            root_package = shop

            [importlinter:contract:layers]
            name = Web on top of the domain
            type = layers
            layers =
                shop.web
                shop.domain
        """,
            "independence.ini": """
            [importlinter]
            root_package = shop

            [importlinter:contract:independent]
            name = Catalog and billing are independent
            type = independence
            modules =
                shop.catalog
                shop.billing
        """,
        },
    )
    pair = Pair(c, "import_linter", proj)
    pair.run(
        "import_linter_layers_broken",
        "lint-imports",
        r"is not allowed to import",
        (
            "shop/domain/orders.py",
            "from shop.web.views import render_receipt\n\n\ndef place_order(cart):\n"
            '    order = {"items": len(cart)}\n    return render_receipt(order)\n',
            'def place_order(cart):\n    return {"items": len(cart)}\n',
        ),
    )
    pair.run(
        "import_linter_independence_broken",
        "lint-imports independence.ini",
        r"is not allowed to import",
        ("shop/common/money.py", "from shop.billing.invoices import CURRENCY\n", 'CURRENCY = "EUR"\n'),
    )


def zizmor(c: Any) -> None:
    needs(c, "zizmor")
    proj = c.project(
        "shop-ci",
        {
            ".github/workflows/deploy.yml": """
            name: Deploy
            on:
              push:
                tags: ["v*"]

            permissions:
              contents: read

            jobs:
              deploy:
                runs-on: ubuntu-latest
                steps:
                  - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683  # v4.2.2
                    with:
                      persist-credentials: false
                  - name: Announce
                    run: echo Deploying to: production
                  - run: ./scripts/deploy.sh production
        """,
            ".github/workflows/triage.yml": """
            name: Triage
            on:
              issues:
                types: [opened]

            permissions:
              issues: write

            jobs:
              label:
                runs-on: ubuntu-latest
                steps:
                  - name: Log the new issue
                    run: echo "New issue ${{ github.event.issue.title }}"
        """,
        },
    )
    pair = Pair(c, "zizmor", proj)
    pair.run(
        "zizmor_workflow_yaml_error",
        "zizmor .github/workflows/deploy.yml",
        r"failed to parse input|no audit was performed",
        (
            ".github/workflows/deploy.yml",
            "        run: echo Deploying to: production\n",
            "        run: |\n          echo Deploying to: production\n",
        ),
    )
    pair.run(
        "zizmor_template_injection",
        "zizmor .github/workflows/triage.yml",
        r"template-injection",
        (
            ".github/workflows/triage.yml",
            '        run: echo "New issue ${{ github.event.issue.title }}"\n',
            "        env:\n          ISSUE_TITLE: ${{ github.event.issue.title }}\n"
            '        run: echo "New issue $ISSUE_TITLE"\n',
        ),
    )
