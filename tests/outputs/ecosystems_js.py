"""Ecosystem corpus groups: Node's tools and npm (see ``ecosystems.py``)."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, npm_project

PKG = '{"name": "%s", "version": "1.0.0", "private": true, "scripts": {"test": "%s"}}\n'


def jest(c: Any) -> None:
    proj = npm_project(
        c,
        "jestapp",
        {
            "package.json": PKG % ("jestapp", "jest"),
            "users.js": """
            const users = [{ id: 1, profile: { uid: "u-1" } }];
            function getUser(id) {
              const found = users.find((u) => u.id === id);
              return found.account.uid;
            }
            module.exports = { getUser };
        """,
            "users.test.js": """
            const { getUser } = require("./users");
            describe("getUser", () => {
              test("returns the id", () => {
                expect(getUser(1)).toBe("u-1");
              });
            });
        """,
        },
        "jest@29",
    )
    Pair(c, "jest", proj).run(
        "jest_type_error", "npx jest", r"TypeError: Cannot read", ("users.js", "found.account.uid", "found.profile.uid")
    )


def mocha(c: Any) -> None:
    proj = npm_project(
        c,
        "mochaapp",
        {
            "package.json": PKG % ("mochaapp", "mocha"),
            "cart.js": """
            function total(items) {
              return items.reduce((sum, item) => sum + item.price, 0);
            }
            module.exports = { total };
        """,
            "test/cart.test.js": """
            const assert = require("node:assert");
            const { total } = require("../cart");
            describe("cart", () => {
              it("multiplies price by quantity", () => {
                assert.strictEqual(total([{ price: 2, qty: 3 }, { price: 1, qty: 1 }]), 7);
              });
            });
        """,
        },
        "mocha@10",
    )
    Pair(c, "mocha", proj).run(
        "mocha_assertion",
        "npx mocha",
        r"AssertionError",
        ("cart.js", "sum + item.price,", "sum + item.price * item.qty,"),
    )


def eslint(c: Any) -> None:
    proj = npm_project(
        c,
        "lintapp",
        {
            "package.json": PKG % ("lintapp", "eslint ."),
            "eslint.config.js": """
            module.exports = [{ files: ["**/*.js"], languageOptions: { sourceType: "commonjs",
              globals: { module: "writable", require: "readonly" } }, rules: { "no-undef": "error" } }];
        """,
            "sum.js": """
            function sum(values) {
              let total = 0;
              for (const v of values) total += v;
              return totl;
            }
            module.exports = { sum };
        """,
        },
        "eslint@9",
    )
    Pair(c, "eslint", proj).run(
        "eslint_no_undef", "npx eslint .", r"error", ("sum.js", "return totl;", "return total;")
    )


def tsc(c: Any) -> None:
    proj = npm_project(
        c,
        "tsapp",
        {
            "package.json": PKG % ("tsapp", "tsc --noEmit"),
            "tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true, "target": "ES2022"},'
            ' "include": ["src"]}\n',
            "src/order.ts": """
            export interface Order { id: string; cents: number }
            export function label(order: Order): string {
              const amount: number = order.id;
              return `${order.id}: ${amount}`;
            }
        """,
        },
        "typescript@5",
    )
    Pair(c, "tsc", proj).run(
        "tsc_type_error",
        "npx tsc --noEmit",
        r"error TS",
        ("src/order.ts", "const amount: number = order.id;", "const amount: number = order.cents;"),
    )


def node(c: Any) -> None:
    proj = c.project(
        "nodeapp",
        {
            "report.js": """
            const rows = [{ name: "a", stats: { hits: 3 } }, { name: "b" }];
            for (const row of rows) {
              console.log(`${row.name}: ${row.stats.hits}`);
            }
        """,
        },
    )
    Pair(c, "node", proj).run(
        "node_type_error", "node report.js", r"TypeError", ("report.js", "${row.stats.hits}", "${row.stats?.hits ?? 0}")
    )


def npm(c: Any) -> None:
    proj = c.project(
        "npmapp",
        {
            "package.json": """
        {"name": "npmapp", "version": "1.0.0", "private": true,
         "dependencies": {"lefpad-does-not-exist-xq": "^1.0.0"}}
    """
        },
    )
    Pair(c, "npm", proj).run(
        "npm_install_404",
        "npm install --no-audit --no-fund",
        r"404",
        ("package.json", '"lefpad-does-not-exist-xq": "^1.0.0"', '"left-pad": "^1.3.0"'),
    )
