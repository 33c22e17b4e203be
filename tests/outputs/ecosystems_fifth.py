"""Ecosystem corpus groups of the fifth held-out part, tools installed from Debian (see ``ecosystems.py``): Bats,
luacheck, Graphviz's dot, protoc, Meson, NASM and Ledger. Each group is two distinct real failures of its tool,
each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs


def bats(c: Any) -> None:
    needs(c, "bats")
    proj = c.project(
        "scripts",
        {
            "bin/sum.sh": """
            #!/usr/bin/env bash
            # Sum the numbers given as arguments.
            total=0
            for n in "$@"; do
              total=$((total - n))
            done
            echo "$total"
        """,
            "bin/greet.sh": """
            #!/usr/bin/env bash
            # Greet a user by name, in capitals.
            name=$(upcase "$1")
            echo "HELLO $name"
        """,
            "test/sum.bats": """
            #!/usr/bin/env bats

            @test "sum adds its arguments" {
              run bash bin/sum.sh 2 3 4
              [ "$status" -eq 0 ]
              [ "$output" = "9" ]
            }
        """,
            "test/greet.bats": """
            #!/usr/bin/env bats

            @test "greet shouts the name" {
              result="$(bash bin/greet.sh ann)"
              [ "$result" = "HELLO ANN" ]
            }
        """,
        },
    )
    pair = Pair(c, "bats", proj)
    pair.run(
        "bats_assertion_failed",
        "bats test/sum.bats",
        r"failed",
        ("bin/sum.sh", "total=$((total - n))", "total=$((total + n))"),
    )
    pair.run(
        "bats_command_not_found",
        "bats test/greet.bats",
        r"command not found",
        ("bin/greet.sh", 'name=$(upcase "$1")', 'name=$(echo "$1" | tr a-z A-Z)'),
    )


def luacheck(c: Any) -> None:
    needs(c, "luacheck")
    proj = c.project(
        "inventory",
        {
            "src/stock.lua": """
            local M = {}

            function M.restock(levels, sku, amount)
              local current = levels[sku] or 0
              levels[sku] = curent + amount
              return levels[sku]
            end

            return M
        """,
            "src/report.lua": """
            local M = {}

            function M.line(sku, count)
              local text = sku .. ": " .. count
              return text
            end

            function M.total(levels)
              local sum = 0
              for _, n in pairs(levels) do
                sum = sum + n
              end
              return sum
            end

            return M
        """,
        },
    )
    pair = Pair(c, "luacheck", proj)
    pair.run(
        "luacheck_undefined_variable",
        "luacheck --codes --no-color src/stock.lua",
        r"W113",
        ("src/stock.lua", "levels[sku] = curent + amount", "levels[sku] = current + amount"),
    )
    (proj / "src/report.lua").write_text(
        (proj / "src/report.lua").read_text().replace("for _, n in pairs(levels) do", "for _, n in pairs(levels)")
    )
    pair.run(
        "luacheck_syntax_error",
        "luacheck --codes --no-color src/report.lua",
        r"E011",
        ("src/report.lua", "for _, n in pairs(levels)\n", "for _, n in pairs(levels) do\n"),
    )


def dot(c: Any) -> None:
    needs(c, "dot")
    proj = c.project(
        "diagrams",
        {
            "services.dot": """
            digraph services {
              rankdir=LR;
              web -> api;
              api -> db
              api -> cache;
              cache -> ;
            }
        """,
            "legend.dot": """
            digraph legend {
              key [shape=plaintext, label=<
                <tabel border="0">
                  <tr><td>solid</td><td>sync call</td></tr>
                  <tr><td>dashed</td><td>async event</td></tr>
                </tabel>
              >];
            }
        """,
        },
    )
    pair = Pair(c, "dot", proj)
    pair.run(
        "dot_syntax_error",
        "dot -Tsvg services.dot -o services.svg",
        r"syntax error",
        ("services.dot", "  cache -> ;\n", "  cache -> db;\n"),
    )
    rows = "\n".join(
        [
            "      <tr><td>solid</td><td>sync call</td></tr>",
            "      <tr><td>dashed</td><td>async event</td></tr>",
        ]
    )
    pair.run(
        "dot_html_label",
        "dot -Tsvg legend.dot -o legend.svg",
        r"tabel",
        ("legend.dot", f'<tabel border="0">\n{rows}\n    </tabel>', f'<table border="0">\n{rows}\n    </table>'),
    )


def protoc(c: Any) -> None:
    needs(c, "protoc")
    proj = c.project(
        "contracts",
        {
            "user.proto": """
            syntax = "proto3";

            package accounts;

            message User {
              int64 id = 1;
              string email = 2;
              Timestamp created_at = 3;
            }
        """,
            "order.proto": """
            syntax = "proto3";

            package shop;

            message Order {
              string id = 1;
              int32 quantity = 2;
              string sku = 2;
            }
        """,
        },
    )
    c.setup("mkdir -p gen", proj)
    pair = Pair(c, "protoc", proj)
    pair.run(
        "protoc_undefined_type",
        "protoc --python_out=gen user.proto",
        r"is not defined",
        ("user.proto", "Timestamp created_at = 3;", "int64 created_at_unix = 3;"),
    )
    pair.run(
        "protoc_duplicate_field_number",
        "protoc --python_out=gen order.proto",
        r"already been used",
        ("order.proto", "string sku = 2;", "string sku = 3;"),
    )


def meson(c: Any) -> None:
    needs(c, "meson")
    needs(c, "ninja")
    proj = c.project(
        "thermo",
        {
            "meson.build": """
            project('thermo', 'c', version : '0.3.0')

            thermo_sources = files('src/convert.c', 'src/main.c')
            executable('thermo', sources)
        """,
            "src/convert.c": """
            double to_fahrenheit(double celsius) {
                return celsius * 9.0 / 5.0 + 32.0;
            }
        """,
            "src/main.c": """
            #include <stdio.h>

            double to_fahrenheit(double celsius);

            int main(void) {
                printf("%.1f\\n", to_fahrenheit(21.5));
                return 0;
            }
        """,
            "tools/meson.build": """
            gauge = executable('gauge', 'gauge_main.c')
        """,
            "tools/gauge.c": """
            int main(void) {
                return 0;
            }
        """,
        },
    )
    pair = Pair(c, "meson", proj)
    pair.run(
        "meson_unknown_variable",
        "meson setup build-main",
        r"Unknown variable",
        ("meson.build", "executable('thermo', sources)", "executable('thermo', thermo_sources)"),
        ahead=0,
    )
    (proj / "meson.build").write_text((proj / "meson.build").read_text() + "subdir('tools')\n")
    pair.run(
        "meson_missing_source",
        "meson setup build-tools",
        r"does not exist",
        ("tools/meson.build", "'gauge_main.c'", "'gauge.c'"),
        ahead=0,
    )


def nasm(c: Any) -> None:
    needs(c, "nasm")
    proj = c.project(
        "boot",
        {
            "exit.asm": """
            global _start

            section .text
            _start:
                mvo rax, 60
                xor rdi, rdi
                syscall
        """,
            "hello.asm": """
            global _start

            section .data
            msg: db "hello", 10

            section .text
            _start:
                mov rax, 1
                mov rdi, 1
                mov rsi, mesage
                mov rdx, 6
                syscall
                mov rax, 60
                xor rdi, rdi
                syscall
        """,
        },
    )
    pair = Pair(c, "nasm", proj)
    pair.run(
        "nasm_instruction_expected",
        "nasm -f elf64 exit.asm -o exit.o",
        r"error:",
        ("exit.asm", "mvo rax, 60", "mov rax, 60"),
    )
    pair.run(
        "nasm_undefined_symbol",
        "nasm -f elf64 hello.asm -o hello.o",
        r"not defined",
        ("hello.asm", "mov rsi, mesage", "mov rsi, msg"),
    )


def ledger(c: Any) -> None:
    needs(c, "ledger")
    proj = c.project(
        "books",
        {
            "march.ledger": """
            2024/03/01 Opening balance
                Assets:Bank                 $1000.00
                Equity:Opening

            2024/03/04 Office chair
                Expenses:Furniture           $180.00
                Assets:Bank                 $-108.00

            2024/03/09 Client invoice 17
                Assets:Bank                  $450.00
                Income:Consulting
        """,
            "april.ledger": """
            2024/04/01 Opening balance
                Assets:Bank                 $1342.00
                Equity:Opening

            2024/04/03 Hosting
                Expenses:Hosting              $42.00
                Assets:Bank

            2024/04/30 Statement check
                Assets:Bank                    $0.00 = $1310.00
                Equity:Adjustments
        """,
        },
    )
    pair = Pair(c, "ledger", proj)
    pair.run(
        "ledger_unbalanced",
        "ledger -f march.ledger balance",
        r"does not balance",
        ("march.ledger", "Assets:Bank                 $-108.00", "Assets:Bank                 $-180.00"),
    )
    pair.run(
        "ledger_balance_assertion",
        "ledger -f april.ledger balance",
        r"[Aa]ssertion",
        ("april.ledger", "$0.00 = $1310.00", "$0.00 = $1300.00"),
    )
