"""Ecosystem corpus group of the thirty-first held-out part, a JavaScript linter people run every day (see
``ecosystems.py``), from npm and installed into the project: XO (``xo``, ESLint with its own rules and no
configuration). The group is two distinct real failures of the tool, each fixed by one edit and run again, in the
wording it prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, npm_project


def xo(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-xo",
        {
            "package.json": '{"name": "shop-xo", "version": "1.0.0", "private": true, "type": "module"}\n',
            "src/cart.js": """\
            export function cartTotal(items) {
            \tlet total = 0;
            \tfor (const item of items) {
            \t\ttotal += item.price * item.qty;
            \t}

            \treturn totl;
            }
            """,
            "src/order.js": """\
            export function orderLabel(order) {
            \tif (order.id == null) {
            \t\treturn 'draft';
            \t}

            \treturn `order ${order.id}`;
            }
            """,
        },
        "xo@1",
    )
    pair = Pair(c, "xo", proj)
    pair.run(
        "xo_undefined",
        "npx xo src/cart.js",
        r"totl.* is not defined",
        ("src/cart.js", "return totl;", "return total;"),
    )
    pair.run(
        "xo_eqeqeq",
        "npx xo src/order.js",
        r"Expected === and instead saw ==",
        ("src/order.js", "order.id == null", "order.id === undefined"),
    )
