"""Ecosystem corpus groups of the thirty-third held-out part, checkers and generators of other languages and formats
(see ``ecosystems.py``), from Debian and PyPI and on ``PATH`` when capturing: the Z3 solver reading SMT-LIB
(``z3``), SWIG (``swig``, C bindings from an interface file), re2c (``re2c``, a lexer generator for C), the SPIN model
checker reading Promela (``spin -a``), miniwdl's check of a WDL workflow (``miniwdl check``) and the Vyper compiler
(``vyper``, contracts for the EVM). Each group is two distinct real failures of its tool, each fixed by one edit and
run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs

#: re2c writes the C lexer of one specification into build/.
RE2C_RUN = "mkdir -p build && re2c -o build/{name}.c src/{name}.re"
#: SWIG writes Python bindings of one interface into build/.
SWIG_RUN = "mkdir -p build && swig -python -outdir build -o build/{name}_wrap.c src/{name}.i"


def z3(c: Any) -> None:
    needs(c, "z3")
    proj = c.project(
        "shop-smt",
        {
            "specs/stock.smt2": """\
            ; Can a day's sales leave the shelf with stock to spare?
            (declare-const stock Int)
            (declare-const sold Int)
            (assert (>= stock 0))
            (assert (>= sold 0))
            (assert (= (- stock sold) remaining))
            (assert (> remaining 2))
            (check-sat)
            """,
            "specs/discount.smt2": """\
            ; A discounted price stays above cost.
            (declare-const price Int)
            (declare-const cost Int)
            (declare-const discounted Bool)
            (assert (> cost 0))
            (assert (> price cost))
            (assert (= discounted (- price 5)))
            (assert (> discounted cost))
            (check-sat)
            """,
        },
    )
    pair = Pair(c, "z3", proj)
    pair.run(
        "z3_unknown_constant",
        "z3 specs/stock.smt2",
        r'\(error "line \d+ column \d+: unknown constant remaining"\)',
        ("specs/stock.smt2", "(declare-const sold Int)\n", "(declare-const sold Int)\n(declare-const remaining Int)\n"),
    )
    pair.run(
        "z3_sort_mismatch",
        "z3 specs/discount.smt2",
        r"Sorts \w+ and \w+ are incompatible",
        ("specs/discount.smt2", "(declare-const discounted Bool)", "(declare-const discounted Int)"),
    )


def swig(c: Any) -> None:
    needs(c, "swig")
    proj = c.project(
        "shop-bindings",
        {
            "include/prices.h": """\
            #ifndef PRICES_H
            #define PRICES_H
            int total_cents(const int *cents, int count);
            double with_tax(int cents, double rate);
            #endif
            """,
            "src/prices.i": """\
            %module prices
            %{
            #include "../include/prices.h"
            %}

            int total_cents(const int *cents, int count)
            double with_tax(int cents, double rate);
            """,
            "src/stock.i": """\
            %module stock
            %{
            #include "../include/stock.h"
            %}

            %include "stock.h"
            """,
            "include/stock.h": """\
            #ifndef STOCK_H
            #define STOCK_H
            int restock(int shelf, int amount);
            #endif
            """,
        },
    )
    pair = Pair(c, "swig", proj)
    pair.run(
        "swig_missing_semicolon",
        SWIG_RUN.format(name="prices"),
        r"src/prices.i:\d+: Error: Syntax error",
        ("src/prices.i", "int count)\n", "int count);\n"),
    )
    pair.run(
        "swig_missing_include",
        SWIG_RUN.format(name="stock"),
        r"Unable to find 'stock.h'",
        ("src/stock.i", '%include "stock.h"', '%include "../include/stock.h"'),
    )


def re2c(c: Any) -> None:
    needs(c, "re2c")
    proj = c.project(
        "shop-lexer",
        {
            "src/codes.re": """\
            /* Reads the token at the start of a product code. */
            int next_token(const char *YYCURSOR)
            {
                const char *YYMARKER;
                /*!re2c
                    re2c:define:YYCTYPE = char;
                    re2c:yyfill:enable = 0;

                    digits = [0-9]+;

                    digits  { return 1; }
                    letters { return 2; }
                    [\\x00] { return 0; }
                    *       { return -1; }
                */
            }
            """,
            "src/units.re": """\
            /* Reads the unit after a quantity. */
            int next_unit(const char *YYCURSOR)
            {
                const char *YYMARKER;
                /*!re2c
                    re2c:define:YYCTYPE = char;
                    re2c:yyfill:enable = 0;

                    "kg" | "g"  { return 1; }
                    [a-z+       { return 2; }
                    [\\x00]     { return 0; }
                    *           { return -1; }
                */
            }
            """,
        },
    )
    pair = Pair(c, "re2c", proj)
    pair.run(
        "re2c_undefined_symbol",
        RE2C_RUN.format(name="codes"),
        r"src/codes.re:\d+:\d+: error: undefined symbol 'letters'",
        ("src/codes.re", "digits = [0-9]+;\n", "digits = [0-9]+;\n        letters = [a-z]+;\n"),
    )
    pair.run(
        "re2c_unclosed_class",
        RE2C_RUN.format(name="units"),
        r"src/units.re:\d+:\d+: error: newline in character class",
        ("src/units.re", "[a-z+ ", "[a-z]+"),
    )


def spin(c: Any) -> None:
    needs(c, "spin")
    proj = c.project(
        "shop-model",
        {
            "models/till.pml": """\
            /* Two tills sell from one shelf. */
            byte stock = 5;

            active [2] proctype till() {
              do
              :: atomic { stock > 0 -> stok-- }
              :: else -> break
              od
            }
            """,
            "models/door.pml": """\
            /* The shop's door opens only while the shop is open. */
            bool open = false;
            bool door = false;

            active proctype keeper() {
              open = true;
              if
              :: open -> door = true
              :: else -> skip
              door = false;
              open = false;
              assert(!door)
            }
            """,
        },
    )
    pair = Pair(c, "spin", proj)
    pair.run(
        "spin_undeclared_variable",
        "spin -a models/till.pml",
        r"Error: undeclared variable: stok",
        ("models/till.pml", "stok--", "stock--"),
    )
    pair.run(
        "spin_syntax_error",
        "spin -a models/door.pml",
        r"models/door.pml:\d+, Error: syntax error",
        ("models/door.pml", "  :: else -> skip\n", "  :: else -> skip\n  fi;\n"),
    )


#: The task both workflows call: how many lines a file has.
WDL_TASK = """\
version 1.0

task count_lines {
  input {
    File orders
  }
  command <<<
    wc -l < ~{orders}
  >>>
  output {
    Int lines = read_int(stdout())
  }
}
"""


def miniwdl(c: Any) -> None:
    needs(c, "miniwdl")
    proj = c.project(
        "shop-workflows",
        {
            "workflows/daily.wdl": WDL_TASK
            + """
workflow daily_report {
  input {
    File orders
  }
  call count_lines { input: orders = order }
  output {
    Int total = count_lines.lines
  }
}
""",
            "workflows/weekly.wdl": WDL_TASK
            + """
workflow weekly_report {
  input {
    File week_orders
  }
  call count_lines { input: order = week_orders }
  output {
    Int total = count_lines.lines
  }
}
""",
        },
    )
    pair = Pair(c, "miniwdl", proj)
    pair.run(
        "miniwdl_unknown_identifier",
        "miniwdl check workflows/daily.wdl",
        r"\(workflows/daily.wdl Ln \d+ Col \d+\) Unknown identifier order",
        ("workflows/daily.wdl", "orders = order }", "orders = orders }"),
    )
    pair.run(
        "miniwdl_no_such_input",
        "miniwdl check workflows/weekly.wdl",
        r"No such input order",
        ("workflows/weekly.wdl", "input: order = week_orders", "input: orders = week_orders"),
    )


def vyper(c: Any) -> None:
    needs(c, "vyper")
    proj = c.project(
        "shop-contracts",
        {
            "contracts/Stock.vy": """\
            # pragma version ^0.4.0

            stock: public(uint256)

            @deploy
            def __init__(initial: uint256):
                self.stock = initial

            @external
            def sell(amount: uint256):
                assert self.stock >= amount, "not enough stock"
                self.stock -= amont
            """,
            "contracts/Till.vy": """\
            # pragma version ^0.4.0

            takings: public(uint256)
            last_item: public(String[32])

            @external
            def ring(price: uint256, item: String[32]):
                self.last_item = item
                self.takings += item
            """,
        },
    )
    pair = Pair(c, "vyper", proj)
    pair.run(
        "vyper_undeclared",
        "vyper contracts/Stock.vy",
        r"UndeclaredDefinition: 'amont' has not been declared",
        ("contracts/Stock.vy", "-= amont", "-= amount"),
    )
    pair.run(
        "vyper_type_mismatch",
        "vyper contracts/Till.vy",
        r"TypeMismatch: Given reference has type String\[32\], expected uint256",
        ("contracts/Till.vy", "self.takings += item", "self.takings += price"),
    )
