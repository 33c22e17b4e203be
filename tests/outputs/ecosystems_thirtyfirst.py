"""Ecosystem corpus groups of the thirty-first held-out part, a lexer generator, an assembler and checkers people run
every day from pre-commit and CI (see ``ecosystems.py``), from Debian and PyPI and on ``PATH`` when capturing: flex
(``flex``, with the C compiler after it), the Yasm assembler (``yasm``), autoflake's check (``autoflake --check``),
bashate (OpenStack's shell style checker), cmakelint, the hooks of pre-commit-hooks (``check-yaml`` and
``debug-statement-hook``) and restructuredtext-lint (``rst-lint``). Each group is two distinct real failures of its
tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs

#: flex writes the scanner's C code, which the C compiler builds.
FLEX_RUN = "mkdir -p build && flex -o build/{name}.c src/{name}.l && cc -o build/{name} build/{name}.c"
#: yasm assembles one source file.
YASM_RUN = "yasm -f elf64 -o {name}.o src/{name}.asm"


def flex(c: Any) -> None:
    needs(c, "flex")
    proj = c.project(
        "shop-lexer",
        {
            "src/codes.l": """\
            %option noyywrap
            %{
            #include <stdio.h>
            %}
            %%
            {DIGIT}+      { printf("CODE %s\\n", yytext); }
            [A-Z]+        { printf("AREA %s\\n", yytext); }
            .|\\n          ;
            %%
            int main(void) { return yylex(); }
            """,
            "src/words.l": """\
            %option noyywrap
            %{
            #include <stdio.h>
            %}
            %%
            [0-9]+        { printf("NUM %s\\n", yytext); }
            [a-z]+        { printf("WORD %s\\n", yytext) }
            .|\\n          ;
            %%
            int main(void) { return yylex(); }
            """,
        },
    )
    pair = Pair(c, "flex", proj)
    pair.run(
        "flex_undefined_definition",
        FLEX_RUN.format(name="codes"),
        r"undefined definition \{DIGIT\}",
        ("src/codes.l", "%{\n#include", "DIGIT [0-9]\n%{\n#include"),
    )
    pair.run(
        "flex_action_missing_semicolon",
        FLEX_RUN.format(name="words"),
        r"error: expected ‘;’ before ‘}’ token",
        ("src/words.l", "yytext) }", "yytext); }"),
    )


def yasm(c: Any) -> None:
    needs(c, "yasm")
    proj = c.project(
        "shop-yasm",
        {
            "src/start.asm": """\
            section .text
            global _start
            _start:
                mov rax, 60
                mvo rdi, 0
                syscall
            """,
            "src/loop.asm": """\
            section .text
            global _start
            _start:
                mov rcx, 10
                xor rdi, rdi
            again:
                add rdi, rcx
                dec rcx
                jnz agian
                mov rax, 60
                syscall
            """,
        },
    )
    pair = Pair(c, "yasm", proj)
    pair.run(
        "yasm_instruction_expected",
        YASM_RUN.format(name="start"),
        r"error: instruction expected after label",
        ("src/start.asm", "mvo rdi", "mov rdi"),
    )
    pair.run(
        "yasm_undefined_symbol",
        YASM_RUN.format(name="loop"),
        r"error: undefined symbol `agian'",
        ("src/loop.asm", "jnz agian", "jnz again"),
    )


def autoflake(c: Any) -> None:
    needs(c, "autoflake")
    proj = c.project(
        "shop-autoflake",
        {
            "shop/orders.py": """\
            import json
            import os


            def dump(order):
                return json.dumps(order, sort_keys=True)
            """,
            "shop/totals.py": """\
            def total(items):
                count = len(items)
                return sum(item["price"] * item["qty"] for item in items)
            """,
        },
    )
    pair = Pair(c, "autoflake", proj)
    pair.run(
        "autoflake_unused_import",
        "autoflake --check shop/orders.py",
        r"shop/orders.py: Unused imports/variables detected",
        ("shop/orders.py", "import json\nimport os\n", "import json\n"),
    )
    pair.run(
        "autoflake_unused_variable",
        "autoflake --check --remove-unused-variables shop/totals.py",
        r"shop/totals.py: Unused imports/variables detected",
        ("shop/totals.py", "    count = len(items)\n", ""),
    )


def bashate(c: Any) -> None:
    needs(c, "bashate")
    proj = c.project(
        "shop-scripts",
        {
            "scripts/backup.sh": """\
            #!/bin/bash
            set -e
            for f in data/*.csv; do
               gzip -k "$f"
            done
            echo "backed up"
            """,
            "scripts/deploy.sh": """\
            #!/bin/bash
            set -e
            if [ -f build/shop ]
            then
                cp build/shop /srv/shop/
            fi
            """,
        },
    )
    pair = Pair(c, "bashate", proj)
    pair.run(
        "bashate_indent",
        "bashate scripts/backup.sh",
        r"E003 Indent not multiple of 4",
        ("scripts/backup.sh", '   gzip -k "$f"', '    gzip -k "$f"'),
    )
    pair.run(
        "bashate_then_keyword",
        "bashate scripts/deploy.sh",
        r"E011 Then keyword is not on same line",
        ("scripts/deploy.sh", "if [ -f build/shop ]\nthen\n", "if [ -f build/shop ]; then\n"),
    )


#: A library's CMake file with one line over cmakelint's 80 columns.
LIB_CMAKE = (
    "add_library(prices STATIC prices.c)\n"
    "target_include_directories(prices PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/include"
    " ${CMAKE_CURRENT_SOURCE_DIR}/generated/include)\n"
)


def cmakelint(c: Any) -> None:
    needs(c, "cmakelint")
    proj = c.project(
        "shop-cmakelint",
        {
            "CMakeLists.txt": """\
            cmake_minimum_required(VERSION 3.16)
            project(shop C)
            add_executable (shop src/main.c)
            """,
            "lib/CMakeLists.txt": LIB_CMAKE,
        },
    )
    pair = Pair(c, "cmakelint", proj)
    pair.run(
        "cmakelint_extra_spaces",
        "cmakelint CMakeLists.txt",
        r"Extra spaces between 'add_executable' and its \(\)",
        ("CMakeLists.txt", "add_executable (shop", "add_executable(shop"),
    )
    pair.run(
        "cmakelint_line_length",
        "cmakelint lib/CMakeLists.txt",
        r"Lines should be <= 80 characters long",
        (
            "lib/CMakeLists.txt",
            "PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/include ${CMAKE",
            "PUBLIC\n  ${CMAKE_CURRENT_SOURCE_DIR}/include\n  ${CMAKE",
        ),
    )


def pre_commit_hooks(c: Any) -> None:
    needs(c, "check-yaml")
    proj = c.project(
        "shop-hooks",
        {
            "config/shop.yaml": """\
            name: shop
            currencies: [EUR, USD
            workers: 4
            """,
            "shop/refunds.py": """\
            def refund(order):
                import pdb; pdb.set_trace()
                return order["total"]
            """,
        },
    )
    pair = Pair(c, "pre_commit_hooks", proj)
    pair.run(
        "pre_commit_hooks_check_yaml",
        "check-yaml config/shop.yaml",
        r"expected ',' or '\]'",
        ("config/shop.yaml", "[EUR, USD\n", "[EUR, USD]\n"),
    )
    pair.run(
        "pre_commit_hooks_debug_statement",
        "debug-statement-hook shop/refunds.py",
        r"shop/refunds.py:2:\d+: pdb imported",
        ("shop/refunds.py", "    import pdb; pdb.set_trace()\n", ""),
    )


def rst_lint(c: Any) -> None:
    needs(c, "rst-lint")
    proj = c.project(
        "shop-rst",
        {
            "README.rst": """\
            Shop
            ====

            See the `guide`_ for the details.

            Install
            -------

            Run ``make install``.
            """,
            "docs/usage.rst": """\
            Usage
            =====

            Start the shop with ``shop serve``.

            .. note::
               Stop it with Ctrl-C.
            Then start it again.
            """,
        },
    )
    pair = Pair(c, "rst_lint", proj)
    pair.run(
        "rst_lint_unknown_target",
        "rst-lint README.rst",
        r'Unknown target name: "guide"',
        ("README.rst", "See the `guide`_ for the details.", "See the guide for the details."),
    )
    pair.run(
        "rst_lint_unexpected_unindent",
        "rst-lint docs/usage.rst",
        r"Explicit markup ends without a blank line; unexpected unindent",
        ("docs/usage.rst", "Ctrl-C.\nThen", "Ctrl-C.\n\nThen"),
    )
