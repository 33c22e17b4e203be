"""Ecosystem corpus groups of the thirty-second held-out part from npm, installed into the project (see
``ecosystems.py``): alex (``alex``, a checker of insensitive wording in prose) and the ReScript compiler
(``rescript build``, its binaries shipped in the npm package). Each group is two distinct real failures of its tool,
each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, npm_project


def alex(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-docs",
        {
            "package.json": '{"name": "shop-docs", "version": "1.0.0", "private": true}\n',
            "docs/support.md": """\
            # Support

            When a customer calls, the support guy on duty answers within an hour.
            """,
            "docs/outage.md": """\
            # Outage

            The checkout crashed because the payment service went crazy after the update.
            """,
        },
        "alex@11",
    )
    pair = Pair(c, "alex", proj)
    pair.run(
        "alex_gendered_word",
        "npx alex docs/support.md",
        r"`guy` may be insensitive",
        ("docs/support.md", "support guy", "support person"),
    )
    pair.run(
        "alex_ableist_word",
        "npx alex docs/outage.md",
        r"`crazy` may be insensitive",
        ("docs/outage.md", "went crazy", "stopped answering"),
    )


#: ReScript's project file: the sources under src/, ES modules written beside them.
RESCRIPT_JSON = """\
{
  "name": "shop-rescript",
  "sources": {"dir": "src", "subdirs": true},
  "package-specs": {"module": "esmodule", "in-source": true},
  "suffix": ".res.js"
}
"""


def rescript(c: Any) -> None:
    cart = npm_project(
        c,
        "shop-rescript-cart",
        {
            "package.json": '{"name": "shop-rescript-cart", "version": "1.0.0", "private": true}\n',
            "rescript.json": RESCRIPT_JSON,
            "src/Cart.res": """\
            let total = (items: array<(string, int)>) =>
              items->Belt.Array.reduce(0, (acc, (_, price)) => acc + price)

            let label = "total: " ++ total([("tea", 3), ("cake", 5)])
            """,
        },
        "rescript@11",
    )
    Pair(c, "rescript", cart).run(
        "rescript_type_mismatch",
        "npx rescript build",
        r"But this function argument is expecting: string",
        (
            "src/Cart.res",
            '++ total([("tea", 3), ("cake", 5)])',
            '++ Belt.Int.toString(total([("tea", 3), ("cake", 5)]))',
        ),
    )
    stock = npm_project(
        c,
        "shop-rescript-stock",
        {
            "package.json": '{"name": "shop-rescript-stock", "version": "1.0.0", "private": true}\n',
            "rescript.json": RESCRIPT_JSON.replace("shop-rescript", "shop-rescript-stock"),
            "src/Stock.res": """\
            let restock = n => n + 10

            let shelves = [4, 7, 2]->Belt.Array.map(restok)
            """,
        },
        "rescript@11",
    )
    Pair(c, "rescript", stock).run(
        "rescript_unbound_value",
        "npx rescript build",
        r"The value restok can't be found",
        ("src/Stock.res", "Belt.Array.map(restok)", "Belt.Array.map(restock)"),
    )
