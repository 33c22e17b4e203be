"""Ecosystem corpus groups of the twenty-first held-out part, JavaScript tools people run every day from npm (see
``ecosystems.py``): QUnit's CLI, tsup, Redocly's CLI and remark-lint through remark-cli. Each group is two distinct real
failures of its tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, npm_project


def qunit(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-qunit",
        {
            "package.json": '{"name": "shop-qunit", "version": "1.0.0", "private": true}\n',
            "src/cart.js": """
            function lineTotal(qty, cents, discountPercent) {
              return qty * cents - discountPercent;
            }

            module.exports = { lineTotal };
        """,
            "src/stock.js": """
            function reserve(levels, sku, qty) {
              levels[sku].onHand -= qty;
              return levels[sku].onHand;
            }

            module.exports = { reserve };
        """,
            "test/cart.test.js": """
            const { lineTotal } = require("../src/cart");

            QUnit.module("cart", () => {
              QUnit.test("full price", (assert) => {
                assert.equal(lineTotal(3, 250, 0), 750);
              });

              QUnit.test("ten percent off", (assert) => {
                assert.equal(lineTotal(4, 250, 10), 900, "four at 2.50 less ten percent");
              });
            });
        """,
            "test/stock.test.js": """
            const { reserve } = require("../src/stock");

            QUnit.module("stock", () => {
              QUnit.test("reserving a known SKU", (assert) => {
                assert.equal(reserve({ "SKU-1": { onHand: 5 } }, "SKU-1", 2), 3);
              });

              QUnit.test("reserving an unknown SKU leaves nothing", (assert) => {
                assert.equal(reserve({ "SKU-1": { onHand: 5 } }, "SKU-2", 1), 0);
              });
            });
        """,
        },
        "--save-dev qunit@2",
    )
    pair = Pair(c, "qunit", proj)
    pair.run(
        "qunit_assertion",
        "npx qunit test/cart.test.js",
        r"not ok \d+ cart > ten percent off",
        (
            "src/cart.js",
            "return qty * cents - discountPercent;",
            "return (qty * cents * (100 - discountPercent)) / 100;",
        ),
    )
    pair.run(
        "qunit_died",
        "npx qunit test/stock.test.js",
        r"TypeError: Cannot read properties of undefined",
        (
            "src/stock.js",
            "  levels[sku].onHand -= qty;\n",
            "  if (!(sku in levels)) {\n    return 0;\n  }\n  levels[sku].onHand -= qty;\n",
        ),
    )


def tsup(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-tsup",
        {
            "package.json": '{"name": "shop-tsup", "version": "1.0.0", "private": true, "type": "module"}\n',
            "pricing/src/index.ts": """
            export interface Line {
              sku: string;
              qty: number;
              cents: number;
            }

            export function orderTotal(lines: Line[]): number {
              return lines.reduce((sum, line) => sum + line.qty * line.cents, 0;
            }
        """,
            "receipts/src/index.ts": """
            import { formatCents } from "./money";

            export function receiptLine(title: string, cents: number): string {
              return `${title}: ${formatCents(cents)}`;
            }
        """,
            "receipts/src/format.ts": """
            export function formatCents(cents: number): string {
              return (cents / 100).toFixed(2) + " EUR";
            }
        """,
        },
        "--save-dev tsup@8 typescript@5",
    )
    pair = Pair(c, "tsup", proj)
    pair.run(
        "tsup_syntax_error",
        "cd pricing && npx tsup src/index.ts --format esm",
        r"Build failed",
        ("pricing/src/index.ts", "line.qty * line.cents, 0;", "line.qty * line.cents, 0);"),
    )
    pair.run(
        "tsup_unresolved_import",
        "cd receipts && npx tsup src/index.ts --format esm",
        r'Could not resolve "\./money"',
        ("receipts/src/index.ts", 'from "./money";', 'from "./format";'),
    )


REDOCLY_INFO = """
openapi: 3.1.0
info:
  title: {title}
  version: 1.0.0
  description: {title}.
  license:
    name: MIT
    url: https://opensource.org/licenses/MIT
servers:
  - url: https://shop.example/api
security: []
"""


def redocly(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-openapi",
        {
            "package.json": '{"name": "shop-openapi", "version": "1.0.0", "private": true}\n',
            "orders/openapi.yaml": REDOCLY_INFO.format(title="Orders API")
            + """
paths:
  /orders/{orderId}:
    get:
      operationId: getOrder
      summary: One order
      parameters:
        - name: orderId
          in: path
          required: true
          schema:
            type: string
      responses:
        '200':
          description: The order
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Orders'
        '404':
          description: No such order
components:
  schemas:
    Order:
      type: object
      properties:
        id:
          type: string
        totalCents:
          type: integer
""",
            "stock/openapi.yaml": REDOCLY_INFO.format(title="Stock API")
            + """
paths:
  /items/{sku}:
    get:
      operationId: getItem
      summary: One stock item
      responses:
        '200':
          description: The item
        '404':
          description: No such item
""",
        },
        "--save-dev @redocly/cli@2.77.0",
    )
    pair = Pair(c, "redocly", proj)
    pair.run(
        "redocly_unresolved_ref",
        "cd orders && npx redocly lint openapi.yaml",
        r"Can't resolve \$ref",
        ("orders/openapi.yaml", "#/components/schemas/Orders'", "#/components/schemas/Order'"),
    )
    pair.run(
        "redocly_path_parameter",
        "cd stock && npx redocly lint openapi.yaml",
        r"sku",
        (
            "stock/openapi.yaml",
            "      summary: One stock item\n",
            "      summary: One stock item\n      parameters:\n        - name: sku\n          in: path\n"
            "          required: true\n          schema:\n            type: string\n",
        ),
    )


REMARK_RC = '{"plugins": ["remark-preset-lint-recommended"]}\n'


def remark(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-docs",
        {
            "package.json": '{"name": "shop-docs", "version": "1.0.0", "private": true, "type": "module"}\n',
            ".remarkrc.json": REMARK_RC,
            "guide/setup.md": """
            # Setting up the shop

            Install the dependencies first, as the [install guide][install] explains.

            Then start the server with `npm start`.

            [installation]: https://shop.example/docs/install
        """,
            "changelog/CHANGELOG.md": """
            # Changelog

            ## 2.4.0

            1. Orders can ship from two warehouses.
            2. Refunds are free within 30 days.
            3) Receipts show the VAT rate.
        """,
        },
        "--save-dev remark-cli@12 remark-preset-lint-recommended@7",
    )
    pair = Pair(c, "remark", proj)
    pair.run(
        "remark_undefined_reference",
        "npx remark --no-color --frail --quiet guide/",
        r"no-undefined-references",
        ("guide/setup.md", "[installation]: https://", "[install]: https://"),
    )
    pair.run(
        "remark_list_marker_style",
        "npx remark --no-color --frail --quiet changelog/",
        r"ordered-list-marker-style",
        ("changelog/CHANGELOG.md", "3) Receipts", "3. Receipts"),
    )
