"""Ecosystem corpus groups of the nineteenth held-out part, tools people run every day (see ``ecosystems.py``), from
Debian: Automake, pandoc and Verilator; from npm: madge, publint and tsd. Each group is two distinct real failures of
its tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs, npm_project

CONFIGURE_AC = (
    "AC_INIT([{name}], [1.0])\nAM_INIT_AUTOMAKE({options})\n{compiler}AC_CONFIG_FILES([Makefile])\nAC_OUTPUT\n"
)


def automake(c: Any) -> None:
    needs(c, "autoreconf")
    needs(c, "automake")
    proj = c.project(
        "shop-autotools",
        {
            "cart/configure.ac": CONFIGURE_AC.format(name="cart", options="", compiler="AC_PROG_CC\n"),
            "cart/Makefile.am": "bin_PROGRAMS = cart\ncart_SOURCES = cart.c\n",
            "cart/cart.c": '#include <stdio.h>\n\nint main(void) {\n    puts("cart");\n    return 0;\n}\n',
            "stock/configure.ac": CONFIGURE_AC.format(name="stock", options="[foreign]", compiler=""),
            "stock/Makefile.am": "bin_PROGRAMS = stock\nstock_SOURCES = stock.c\n",
            "stock/stock.c": '#include <stdio.h>\n\nint main(void) {\n    puts("stock");\n    return 0;\n}\n',
        },
    )
    pair = Pair(c, "automake", proj)
    pair.run(
        "automake_required_file",
        "cd cart && autoreconf --install",
        r"required file",
        ("cart/configure.ac", "AM_INIT_AUTOMAKE()", "AM_INIT_AUTOMAKE([foreign])"),
    )
    pair.run(
        "automake_cc_undefined",
        "cd stock && autoreconf --install",
        r"'CC' is undefined",
        ("stock/configure.ac", "AM_INIT_AUTOMAKE([foreign])\n", "AM_INIT_AUTOMAKE([foreign])\nAC_PROG_CC\n"),
    )


def pandoc(c: Any) -> None:
    needs(c, "pandoc")
    proj = c.project(
        "shop-docs",
        {
            "notes/release.md": """
            ---
            title: Release: 2.4
            author: Shop team
            ---

            # What changed

            Orders can be split across two warehouses.
        """,
            "manual/guide.md": """
            # Returning an item

            Print the label and stick it on the box.

            ![The return label](img/return-label.png)

            Drop the box at any post office within 30 days.
        """,
            "manual/img/label.png": "",
        },
    )
    pair = Pair(c, "pandoc", proj)
    pair.run(
        "pandoc_yaml_metadata",
        "cd notes && pandoc release.md -o release.html",
        r"YAML parse exception",
        ("notes/release.md", "title: Release: 2.4", 'title: "Release: 2.4"'),
    )
    pair.run(
        "pandoc_missing_image",
        "cd manual && pandoc --fail-if-warnings guide.md -o guide.docx",
        r"Could not fetch resource|Failing because",
        ("manual/guide.md", "(img/return-label.png)", "(img/label.png)"),
    )


def verilator(c: Any) -> None:
    needs(c, "verilator")
    proj = c.project(
        "shop-rtl",
        {
            "counter/counter.v": """
            module counter (
                input  wire       clk,
                input  wire       reset,
                output reg  [3:0] count
            );
                always @(posedge clk) begin
                    if (reset)
                        count <= 5'h1f;
                    else
                        count <= count + 4'd1;
                end
            endmodule
        """,
            "alu/alu.v": """
            module alu (
                input  wire [7:0] a,
                input  wire [7:0] b,
                input  wire       sub,
                output wire [7:0] result
            );
                wire [7:0] sum = sub ? a - b : a + b;
                assign result = sume;
            endmodule
        """,
        },
    )
    pair = Pair(c, "verilator", proj)
    pair.run(
        "verilator_width",
        "verilator --lint-only -Wall counter/counter.v",
        r"%Warning-WIDTH",
        ("counter/counter.v", "count <= 5'h1f;", "count <= 4'h0;"),
    )
    pair.run(
        "verilator_undeclared",
        "verilator --lint-only -Wall alu/alu.v",
        r"%Error",
        ("alu/alu.v", "assign result = sume;", "assign result = sum;"),
    )


def madge(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-modules",
        {
            "package.json": '{"name": "shop-modules", "version": "1.0.0", "private": true}\n',
            "web/src/cart.js": """
            const { formatCents } = require("./format");

            function cartLine(item) {
              return `${item.qty} x ${item.title}: ${formatCents(item.qty * item.cents)}`;
            }

            module.exports = { cartLine, currency: "EUR" };
        """,
            "web/src/format.js": """
            const { currency } = require("./cart");

            function formatCents(cents) {
              return `${(cents / 100).toFixed(2)} ${currency}`;
            }

            module.exports = { formatCents };
        """,
            "api/src/orders.ts": """
            import { invoiceFor } from "./invoices";

            export const TAX_RATE = 0.19;

            export interface Order {
              id: string;
              totalCents: number;
            }

            export function describe(order: Order): string {
              return `${order.id}: ${invoiceFor(order).number}`;
            }
        """,
            "api/src/invoices.ts": """
            import { taxCents } from "./tax";

            export function invoiceFor(order: { id: string; totalCents: number }) {
              return { number: `INV-${order.id}`, taxCents: taxCents(order) };
            }
        """,
            "api/src/tax.ts": """
            import { TAX_RATE } from "./orders";

            export function taxCents(order: { id: string; totalCents: number }): number {
              if (order.totalCents < 0) {
                throw new Error(`negative total in order ${order.id}`);
              }
              return Math.round(order.totalCents * TAX_RATE);
            }
        """,
        },
        "--save-dev madge@8 typescript@5",
    )
    pair = Pair(c, "madge", proj)
    pair.run(
        "madge_circular_commonjs",
        "npx madge --circular --no-color web/src",
        r"circular dependenc",
        (
            "web/src/format.js",
            'const { currency } = require("./cart");\n',
            'const currency = "EUR";\n',
        ),
    )
    pair.run(
        "madge_circular_typescript",
        "npx madge --circular --no-color --extensions ts api/src",
        r"circular dependenc",
        ("api/src/tax.ts", 'import { TAX_RATE } from "./orders";\n', "const TAX_RATE = 0.19;\n"),
    )


def publint(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-packages",
        {
            "package.json": '{"name": "shop-packages", "version": "1.0.0", "private": true}\n',
            "money/package.json": """
            {
              "name": "@shop/money",
              "version": "1.2.0",
              "main": "./dist/index.js",
              "files": ["lib"]
            }
        """,
            "money/lib/index.js": "exports.cents = (euros) => Math.round(euros * 100);\n",
            "slugs/package.json": """
            {
              "name": "@shop/slugs",
              "version": "0.3.0",
              "type": "module",
              "exports": {
                ".": {
                  "import": "./index.js",
                  "types": "./index.d.ts"
                }
              }
            }
        """,
            "slugs/index.js": "export const slug = (text) => text.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-');\n",
            "slugs/index.d.ts": "export declare function slug(text: string): string;\n",
        },
        "--save-dev publint@0.3",
    )
    pair = Pair(c, "publint", proj)
    pair.run(
        "publint_missing_main",
        "npx publint money",
        r"does not exist|Errors",
        ("money/package.json", '"main": "./dist/index.js"', '"main": "./lib/index.js"'),
    )
    pair.run(
        "publint_types_order",
        "npx publint slugs",
        r"types|Errors",
        (
            "slugs/package.json",
            '"import": "./index.js",\n      "types": "./index.d.ts"',
            '"types": "./index.d.ts",\n      "import": "./index.js"',
        ),
    )


def tsd(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-types",
        {
            "package.json": '{"name": "shop-types", "version": "1.0.0", "private": true}\n',
            "pricing/package.json": '{"name": "pricing", "version": "1.0.0", "types": "index.d.ts"}\n',
            "pricing/index.d.ts": """
            export interface Price {
              cents: number;
              currency: "EUR" | "USD";
            }

            export declare function price(cents: number, currency: Price["currency"]): Price;
            export declare function total(prices: Price[]): number;
        """,
            "pricing/index.test-d.ts": """
            import { expectType } from "tsd";
            import { price, total } from ".";

            expectType<number>(total([price(250, "EUR")]));
            price("250", "EUR");
        """,
            "stock/package.json": '{"name": "stock", "version": "1.0.0", "types": "index.d.ts"}\n',
            "stock/index.d.ts": """
            /** Units free to sell, or undefined for a SKU the warehouse does not stock. */
            export declare function available(sku: string): number;
        """,
            "stock/index.test-d.ts": """
            import { expectType } from "tsd";
            import { available } from ".";

            expectType<number | undefined>(available("SKU-1"));
        """,
        },
        "--save-dev tsd@0.33",
    )
    pair = Pair(c, "tsd", proj)
    pair.run(
        "tsd_argument_type",
        "cd pricing && npx tsd",
        r"not assignable",
        ("pricing/index.test-d.ts", 'price("250", "EUR");', 'price(250, "EUR");'),
    )
    pair.run(
        "tsd_declared_too_wide",
        "cd stock && npx tsd",
        r"too wide",
        ("stock/index.d.ts", "available(sku: string): number;", "available(sku: string): number | undefined;"),
    )
