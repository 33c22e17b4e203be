"""Ecosystem corpus groups of the thirty-fourth held-out part from PyPI and npm (see ``ecosystems.py``): Hy
(``hy``, a Lisp that compiles to Python, from PyPI and on ``PATH`` when capturing), textX's check of a grammar for a
small language (``textx check``, from PyPI likewise) and the AssemblyScript compiler (``asc``, TypeScript-like code to
WebAssembly, installed into the project from npm). Each group is two distinct real failures of its tool, each fixed by
one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs, npm_project

#: asc compiles one module to WebAssembly in build/.
ASC_RUN = "mkdir -p build && npx asc assembly/{name}.ts -o build/{name}.wasm"


def hy(c: Any) -> None:
    needs(c, "hy")
    proj = c.project(
        "shop-scripts",
        {
            "scripts/stock.hy": """\
            ;; How much stock is left after the day's sales.
            (defn remaining [stock sold]
              (- stock sold))

            (print (remaining 10 (len ["apple" "pear")))
            """,
            "scripts/till.hy": """\
            ;; The till's total in cents.
            (defn total [prices]
              (sum prices))

            (print (totl [120 250 99]))
            """,
        },
    )
    pair = Pair(c, "hy", proj)
    pair.run(
        "hy_unexpected_paren",
        "hy scripts/stock.hy",
        r"LexException: Ran into a '\)' where it wasn't expected",
        ("scripts/stock.hy", '["apple" "pear")))', '["apple" "pear"])))'),
    )
    pair.run(
        "hy_name_error",
        "hy scripts/till.hy",
        r"NameError: name 'totl' is not defined",
        ("scripts/till.hy", "(totl ", "(total "),
    )


def textx(c: Any) -> None:
    needs(c, "textx")
    proj = c.project(
        "shop-dsl",
        {
            "grammars/order.tx": """\
            /* An order: a customer and the lines they bought. */
            Order:
                'order' customer=ID
                lines+=Line
            ;

            Line:
                quantity=INT item=ID 'at' price=Price
            ;
            """,
            "grammars/shelf.tx": """\
            /* A shelf and the items on it. */
            Shelf:
                'shelf' name=ID '{'
                    items*=Item
                '}'
            ;

            Item:
                name=ID count=INT
            """,
        },
    )
    pair = Pair(c, "textx", proj)
    pair.run(
        "textx_unexisting_rule",
        "textx check grammars/order.tx",
        r'grammars/order.tx:\d+:\d+: Unexisting rule "Price"',
        ("grammars/order.tx", "price=Price", "price=FLOAT"),
    )
    pair.run(
        "textx_missing_semicolon",
        "textx check grammars/shelf.tx",
        r"ERROR: grammars/shelf.tx:\d+:\d+: Expected",
        ("grammars/shelf.tx", "count=INT\n", "count=INT\n;\n"),
    )


def assemblyscript(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-wasm",
        {
            "package.json": '{"name": "shop-wasm", "version": "1.0.0", "private": true}\n',
            "assembly/stock.ts": """\
            // Stock left after a day's sales, compiled to WebAssembly.
            export function remaining(stock: i32, sold: i32): i32 {
              return stock - sld;
            }
            """,
            "assembly/till.ts": """\
            // The till's total in cents, with the bag's charge of five cents.
            export function total(cents: i32, count: i32): i32 {
              let sum: i32 = cents * count;
              return sum + 0.05;
            }
            """,
        },
        "assemblyscript@0",
    )
    pair = Pair(c, "assemblyscript", proj)
    pair.run(
        "asc_cannot_find_name",
        ASC_RUN.format(name="stock"),
        r"ERROR TS2304: Cannot find name 'sld'",
        ("assembly/stock.ts", "stock - sld", "stock - sold"),
    )
    pair.run(
        "asc_conversion",
        ASC_RUN.format(name="till"),
        r"ERROR AS200: Conversion from type 'f64' to 'i32' requires an explicit cast",
        ("assembly/till.ts", "sum + 0.05", "sum + 5"),
    )
