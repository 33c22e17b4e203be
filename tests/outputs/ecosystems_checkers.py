"""Ecosystem corpus groups of the second held-out part: static checkers and tools that are not test runners,
mypy, ruff, ShellCheck, Terraform, SQLite and a C link under make (see ``ecosystems.py``)."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs


def mypy(c: Any) -> None:
    needs(c, "mypy")
    proj = c.project(
        "typed",
        {
            "inventory.py": """
            def restock(counts: dict[str, int], item: str, amount: int) -> dict[str, int]:
                counts[item] = counts.get(item, 0) + amount
                return counts


            def weekly(counts: dict[str, int]) -> dict[str, int]:
                return restock(counts, "bolts", "12")
        """,
        },
    )
    Pair(c, "mypy", proj).run(
        "mypy_arg_type",
        "mypy --strict inventory.py",
        r"error:",
        ("inventory.py", 'restock(counts, "bolts", "12")', 'restock(counts, "bolts", 12)'),
    )


def ruff(c: Any) -> None:
    needs(c, "ruff")
    proj = c.project(
        "linted",
        {
            "pyproject.toml": '[tool.ruff.lint]\nselect = ["F"]\n',
            "export.py": """
            import csv
            import sys


            def write(rows, out=sys.stdout):
                writer = csv.writer(out)
                for row in rows:
                    writer.writerow(row)
                return len(rowz)
        """,
        },
    )
    Pair(c, "ruff", proj).run(
        "ruff_undefined_name",
        "ruff check --no-cache --output-format full .",
        r"F821",
        ("export.py", "return len(rowz)", "return len(rows)"),
    )


def shellcheck(c: Any) -> None:
    needs(c, "shellcheck")
    proj = c.project(
        "cleanup",
        {
            "clean.sh": """
            #!/bin/sh
            target=$1
            if [ -z "$target" ]; then
              echo "usage: clean.sh DIR" >&2
              exit 2
            fi
            rm -rf $target/cache
        """,
        },
    )
    Pair(c, "shellcheck", proj).run(
        "shellcheck_unquoted",
        "shellcheck clean.sh",
        r"SC2086",
        ("clean.sh", "rm -rf $target/cache", 'rm -rf "$target/cache"'),
    )


def terraform(c: Any) -> None:
    needs(c, "terraform")
    proj = c.project(
        "infra",
        {
            "main.tf": """
            variable "environment" {
              type    = string
              default = "staging"
            }

            locals {
              bucket = "assets-${var.enviroment}"
            }

            output "bucket" {
              value = local.bucket
            }
        """,
        },
    )
    c.env["TF_IN_AUTOMATION"] = "1"
    empty = c.root / "terraformrc"
    empty.write_text("")
    c.env["TF_CLI_CONFIG_FILE"] = str(empty)  # this machine's own CLI settings are no part of the output
    c.setup("terraform init -backend=false -input=false -no-color > /dev/null", proj)
    Pair(c, "terraform", proj).run(
        "terraform_undeclared_variable",
        "terraform validate -no-color",
        r"Reference to undeclared input variable",
        ("main.tf", "var.enviroment", "var.environment"),
    )


def sqlite(c: Any) -> None:
    needs(c, "sqlite3")
    proj = c.project(
        "shop",
        {
            "schema.sql": "create table orders (id integer primary key, customer text, total_cents integer);\n",
            "report.sql": "select customer, sum(total) from orders group by customer;\n",
        },
    )
    c.setup("sqlite3 shop.db < schema.sql", proj)
    Pair(c, "sqlite", proj).run(
        "sqlite_no_such_column",
        "sqlite3 -bail shop.db < report.sql",
        r"no such column",
        ("report.sql", "sum(total)", "sum(total_cents)"),
    )


def make_link(c: Any) -> None:
    needs(c, "make")
    proj = c.project(
        "shapes",
        {
            "Makefile": "shapes: main.o area.o\n\tcc -o shapes main.o area.o -lm\n",
            "area.c": "#include <math.h>\n\ndouble circle_area(double r) { return M_PI * r * r; }\n",
            "main.c": """
            #include <stdio.h>

            double circle_area(double r);
            double sq_area(double s);

            int main(void) {
                printf("%.2f\\n", circle_area(2.0) + sq_area(3.0));
                return 0;
            }
        """,
        },
    )
    Pair(c, "make", proj).run(
        "make_undefined_reference",
        "make",
        r"undefined reference",
        ("area.c", "return M_PI * r * r; }", "return M_PI * r * r; }\n\ndouble sq_area(double s) { return s * s; }"),
    )
