"""Ecosystem corpus groups of the sixteenth held-out part, test runners from npm (see ``ecosystems.py``): uvu,
Playwright Test and c8. Each group is two distinct real failures of its tool, each fixed by one edit and run again,
in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, npm_project


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
