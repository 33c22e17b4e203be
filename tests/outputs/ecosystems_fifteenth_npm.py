"""Ecosystem corpus groups of the fifteenth held-out part from npm (see ``ecosystems.py``): Spectral, tape, Knip and
TypeDoc. Each group is two distinct real failures of its tool, each fixed by one edit and run again, in the wording
that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, npm_project


def spectral(c: Any) -> None:
    proj = npm_project(
        c,
        "orders-api",
        {
            "package.json": '{"name": "orders-api", "version": "1.0.0", "private": true}\n',
            ".spectral.yaml": 'extends: ["spectral:oas"]\n',
            "openapi/orders.yaml": """
            openapi: 3.0.3
            info:
              title: Orders
              version: 1.2.0
              description: Orders of the shop.
              contact:
                name: Shop team
                email: shop@example.com
            servers:
              - url: https://api.example.com
            tags:
              - name: orders
            paths:
              /orders/{orderId}:
                get:
                  operationId: getOrder
                  description: One order.
                  tags: [orders]
                  parameters:
                    - name: id
                      in: path
                      required: true
                      schema:
                        type: string
                  responses:
                    "200":
                      description: The order.
        """,
            "openapi/refunds.yaml": """
            openapi: 3.0.3
            info:
              title: Refunds
              version: 1.0.0
              description: Refunds of the shop.
              contact:
                name: Shop team
                email: shop@example.com
            servers:
              - url: https://api.example.com
            tags:
              - name: refunds
            paths:
              /refunds:
                post:
                  operationId: createRefund
                  description: Ask for a refund.
                  tags: [refunds]
                  responses:
                    "201":
                      content:
                        application/json:
                          schema:
                            type: object
        """,
        },
        "@stoplight/spectral-cli@6",
    )
    pair = Pair(c, "spectral", proj)
    pair.run(
        "spectral_path_param_undefined",
        "npx spectral lint openapi/orders.yaml",
        r"path-params",
        ("openapi/orders.yaml", "- name: id\n", "- name: orderId\n"),
    )
    pair.run(
        "spectral_schema_error",
        "npx spectral lint openapi/refunds.yaml",
        r"oas3-schema",
        ("openapi/refunds.yaml", '"201":\n', '"201":\n          description: The refund was recorded.\n'),
    )


def tape(c: Any) -> None:
    proj = npm_project(
        c,
        "cart-tape",
        {
            "package.json": '{"name": "cart-tape", "version": "1.0.0", "private": true}\n',
            "src/cart.js": """
            function total(items) {
              return items.reduce((sum, i) => sum + i.qty * i.price, 0).toFixed(2);
            }

            function addItem(items, item) {
              if (item.qty < 0) throw new Error("quantity must not be negative");
              return [...items, item];
            }

            module.exports = { total, addItem };
        """,
            "src/coupon.js": """
            const COUPONS = { SPRING10: { percent: 10 } };

            function discount(code, amount) {
              return (amount * COUPONS[code].percent) / 100;
            }

            module.exports = { discount };
        """,
            "test/cart.test.js": """
            const test = require("tape");
            const { total, addItem } = require("../src/cart");

            test("total of an empty cart", (t) => {
              t.equal(Number(total([])), 0);
              t.end();
            });

            test("total adds quantity times price", (t) => {
              t.equal(total([{ qty: 2, price: 1.5 }, { qty: 1, price: 4.5 }]), 7.5);
              t.end();
            });

            test("addItem throws an error for a negative quantity", (t) => {
              t.throws(() => addItem([], { qty: -1, price: 1 }), /must not be negative/);
              t.end();
            });
        """,
            "test/coupon.test.js": """
            const test = require("tape");
            const { discount } = require("../src/coupon");

            test("SPRING10 takes ten percent off", (t) => {
              t.equal(discount("spring10", 50), 5);
              t.end();
            });
        """,
        },
        "tape@5",
    )
    pair = Pair(c, "tape", proj)
    pair.run(
        "tape_not_equal",
        "npx tape test/cart.test.js",
        r"^not ok",
        ("src/cart.js", ".toFixed(2);", ";"),
    )
    pair.run(
        "tape_uncaught_type_error",
        "npx tape test/coupon.test.js",
        r"TypeError",
        ("src/coupon.js", "COUPONS[code].percent", "COUPONS[code.toUpperCase()].percent"),
    )


def knip(c: Any) -> None:
    proj = npm_project(
        c,
        "dash-ui",
        {
            "package.json": """
            {
              "name": "dash-ui",
              "version": "1.0.0",
              "private": true,
              "type": "module",
              "main": "src/index.ts",
              "dependencies": { "left-pad": "1.3.0" }
            }
        """,
            "tsconfig.json": '{"compilerOptions": {"module": "ESNext", "moduleResolution": "Bundler", "strict": true}}'
            "\n",
            "src/index.ts": """
            import { formatDate } from "./date";

            console.log(formatDate(new Date(0)));
        """,
            "src/date.ts": """
            export function formatDate(d: Date): string {
              return d.toISOString().slice(0, 10);
            }

            export function formatTime(d: Date): string {
              return d.toISOString().slice(11, 16);
            }
        """,
        },
        "knip@5 typescript@5 left-pad@1.3.0",
    )
    pair = Pair(c, "knip", proj)
    pair.run(
        "knip_unused_export",
        "npx knip --include exports",
        r"formatTime",
        ("src/date.ts", "export function formatTime", "function formatTime"),
    )
    pair.run(
        "knip_unused_dependency",
        "npx knip --include dependencies",
        r"Unused dependencies",
        (
            "src/index.ts",
            'import { formatDate } from "./date";\n',
            'import leftPad from "left-pad";\nimport { formatDate } from "./date";\n\nconsole.log(leftPad("x", 3));\n',
        ),
    )


def typedoc(c: Any) -> None:
    proj = npm_project(
        c,
        "geo-kit",
        {
            "package.json": '{"name": "geo-kit", "version": "1.0.0", "private": true}\n',
            "tsconfig.json": '{"compilerOptions": {"strict": true, "target": "ES2020"}, "include": ["src"]}\n',
            "src/index.ts": """
            /**
             * Distance between two points in kilometres, see {@link toRadian}.
             */
            export function distance(a: [number, number], b: [number, number]): number {
              const [lat1, lon1] = a.map(toRadians);
              const [lat2, lon2] = b.map(toRadians);
              const h =
                Math.sin((lat2 - lat1) / 2) ** 2 + Math.cos(lat1) * Math.cos(lat2) * Math.sin((lon2 - lon1) / 2) ** 2;
              return 12742 * Math.asin(Math.sqrt(h));
            }

            /** Degrees to radians. */
            export function toRadians(deg: number): number {
              return (deg * Math.PI) / 180;
            }
        """,
            "typedoc.json": '{"entryPoints": ["src/index.ts"], "out": "docs", "treatWarningsAsErrors": true}\n',
            "typedoc.api.json": '{"entryPoints": ["src/api.ts"], "out": "docs-api"}\n',
        },
        "typedoc@0.26 typescript@5.5",
    )
    pair = Pair(c, "typedoc", proj)
    pair.run(
        "typedoc_unresolved_link",
        "npx typedoc",
        r"Failed to resolve link|\[error\]|\[warning\]",
        ("src/index.ts", "{@link toRadian}", "{@link toRadians}"),
    )
    pair.run(
        "typedoc_missing_entry_point",
        "npx typedoc --options typedoc.api.json",
        r"entry point|does not exist|\[error\]",
        ("typedoc.api.json", "src/api.ts", "src/index.ts"),
    )
