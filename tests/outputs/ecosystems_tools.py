"""Ecosystem corpus groups of the third held-out part, scripts and checkers (see ``ecosystems.py``): Tcl's tcltest,
Guile Scheme, yamllint, RuboCop, Clippy, go vet and Pyright. Each group is two distinct real failures of its tool,
each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs, npm_project

#: tcltest reports failures but exits 0 on its own; a suite that gates CI ends with this line.
TCL_EXIT = "set failed $::tcltest::numTests(Failed)\ncleanupTests\nexit [expr {$failed > 0}]\n"


def tcltest(c: Any) -> None:
    needs(c, "tclsh")
    proj = c.project(
        "pricing",
        {
            "price.tcl": """
            proc discount {amount percent} {
                return [expr {$amount * $percent / 100}]
            }
            proc with_tax {amount} {
                return [expr {$amount + $amount * $rate}]
            }
        """,
            "discount.test": """
            package require tcltest
            namespace import ::tcltest::*
            source price.tcl

            test discount-1.1 {ten percent off a thousand} -body {
                discount 1000 10
            } -result 900
        """
            + TCL_EXIT,
            "tax.test": """
            package require tcltest
            namespace import ::tcltest::*
            source price.tcl

            test tax-1.1 {tax is added to the amount} -body {
                with_tax 100
            } -result 120.0
        """
            + TCL_EXIT,
        },
    )
    pair = Pair(c, "tcltest", proj)
    pair.run(
        "tcltest_wrong_result",
        "tclsh discount.test",
        r"Result should have been",
        ("price.tcl", "return [expr {$amount * $percent / 100}]", "return [expr {$amount - $amount * $percent / 100}]"),
    )
    pair.run(
        "tcltest_no_such_variable",
        "tclsh tax.test",
        r"no such variable",
        ("price.tcl", "proc with_tax {amount} {\n", "proc with_tax {amount} {\n    set rate 0.2\n"),
    )


def guile(c: Any) -> None:
    needs(c, "guile")
    proj = c.project(
        "ledger",
        {
            "report.scm": """
            (define (total entries)
              (apply + (map cdr entries)))

            (define entries '((rent . 900) (food . 250)))
            (display (string-append "total: " (number->string (totl entries))))
            (newline)
        """,
            "parse.scm": """
            (define (amount field)
              (+ field 0))

            (display (amount "42"))
            (newline)
        """,
        },
    )
    pair = Pair(c, "guile", proj)
    pair.run(
        "guile_unbound_variable",
        "guile --no-auto-compile report.scm",
        r"Unbound variable",
        ("report.scm", "(totl entries)", "(total entries)"),
    )
    pair.run(
        "guile_wrong_type",
        "guile --no-auto-compile parse.scm",
        r"Wrong type argument",
        ("parse.scm", "(+ field 0)", "(+ (string->number field) 0)"),
    )


def yamllint(c: Any) -> None:
    needs(c, "yamllint")
    proj = c.project(
        "deploy",
        {
            "service.yaml": """
            name: api
            replicas: 2
            image: registry.local/api:1.4
              tag: stable
        """,
            "db.yaml": """
            database:
              host: db.local
              port: 5432
              user: app
              port: 5433
        """,
        },
    )
    pair = Pair(c, "yamllint", proj)
    pair.run(
        "yamllint_syntax_error",
        "yamllint service.yaml",
        r"syntax error",
        ("service.yaml", "\n  tag: stable\n", "\ntag: stable\n"),
    )
    pair.run(
        "yamllint_duplicate_key",
        "yamllint db.yaml",
        r"duplication of key",
        ("db.yaml", "  port: 5432\n", ""),
    )


def rubocop(c: Any) -> None:
    needs(c, "rubocop")
    proj = c.project(
        "billing",
        {
            ".rubocop.yml": "AllCops:\n  NewCops: disable\n  SuggestExtensions: false\n",
            "lib/invoice.rb": """
            # frozen_string_literal: true

            # Sums the lines of an invoice.
            class Invoice
              def initialize(lines)
                @lines = lines
              end

              def total
                totl = @lines.sum { |line| line[:price] * line[:qty] }
                @lines.sum { |line| line[:price] }
              end
            end
        """,
            "lib/rates.rb": """
            # frozen_string_literal: true

            RATES = {
              standard: 0.2,
              reduced: 0.05,
              standard: 0.21
            }.freeze
        """,
        },
    )
    pair = Pair(c, "rubocop", proj)
    pair.run(
        "rubocop_useless_assignment",
        "rubocop --no-color --only Lint lib/invoice.rb",
        r"UselessAssignment",
        (
            "lib/invoice.rb",
            "    totl = @lines.sum { |line| line[:price] * line[:qty] }\n    @lines.sum { |line| line[:price] }\n",
            "    @lines.sum { |line| line[:price] * line[:qty] }\n",
        ),
    )
    pair.run(
        "rubocop_duplicate_hash_key",
        "rubocop --no-color --only Lint lib/rates.rb",
        r"DuplicateHashKey",
        ("lib/rates.rb", "  standard: 0.2,\n", ""),
    )


def clippy(c: Any) -> None:
    needs(c, "cargo")
    proj = c.project(
        "shapes",
        {
            "Cargo.toml": '[package]\nname = "shapes"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n',
            "src/lib.rs": """
            pub fn circle_area(r: f64) -> f64 {
                3.14159 * r * r
            }

            pub fn total(items: &[u32]) -> u32 {
                let mut sum = 0;
                for i in 0..items.len() {
                    sum += items[i];
                }
                sum
            }
        """,
        },
    )
    pair = Pair(c, "clippy", proj)
    pair.run(
        "clippy_approx_constant",
        "cargo clippy --quiet --offline",
        r"approximate value of",
        ("src/lib.rs", "3.14159 * r * r", "std::f64::consts::PI * r * r"),
    )
    pair.run(
        "clippy_needless_range_loop",
        "cargo clippy --quiet --offline -- -D warnings",
        r"is only used to index",
        ("src/lib.rs", "for i in 0..items.len() {\n        sum += items[i];", "for x in items {\n        sum += x;"),
    )


def govet(c: Any) -> None:
    needs(c, "go")
    proj = c.project(
        "inventory",
        {
            "go.mod": "module example.com/inventory\n\ngo 1.19\n",
            "main.go": """
            package main

            import "fmt"

            func main() {
                name, count := "bolt", 12
                fmt.Printf("%s: %d left\\n", name, name)
                _ = count
            }
        """,
            "catalog/item.go": """
            package catalog

            // Item is one line of the catalog as the API sends it.
            type Item struct {
                Name  string `json:"name"`
                Count int    `json:count`
            }
        """,
        },
    )
    pair = Pair(c, "govet", proj)
    pair.run(
        "govet_printf_arg",
        "go vet .",
        r"wrong type",
        ("main.go", "name, name)", "name, count)"),
    )
    pair.run(
        "govet_struct_tag",
        "go vet ./catalog",
        r"struct field tag",
        ("catalog/item.go", "`json:count`", '`json:"count"`'),
    )


def pyright(c: Any) -> None:
    proj = npm_project(
        c,
        "stock",
        {
            "package.json": '{"name": "stock", "version": "1.0.0", "private": true}\n',
            "pyrightconfig.json": '{"include": ["stock"]}\n',
            "stock/restock.py": """
            def restock(name: str, count: int) -> str:
                return f"{name}: +{count}"


            print(restock("bolts", "12"))
        """,
            "stock/lookup.py": """
            import re


            def sku(label: str) -> str:
                match = re.match(r"SKU-(\\d+)", label)
                return match.group(1)
        """,
        },
        "pyright@1",
    )
    pair = Pair(c, "pyright", proj)
    pair.run(
        "pyright_argument_type",
        "npx pyright stock/restock.py",
        r"cannot be assigned to parameter",
        ("stock/restock.py", 'restock("bolts", "12")', 'restock("bolts", 12)'),
    )
    pair.run(
        "pyright_optional_member",
        "npx pyright stock/lookup.py",
        r"reportOptionalMemberAccess",
        ("stock/lookup.py", "    return match.group(1)", '    return match.group(1) if match else ""'),
    )
