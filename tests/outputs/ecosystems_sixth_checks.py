"""Ecosystem corpus groups of the sixth held-out part, checkers and bundlers from PyPI and npm (see
``ecosystems.py``): pydocstyle, Vulture and codespell (from PyPI, on PATH when capturing), Prettier and esbuild
(installed from npm into each project). Each group is two distinct real failures of its tool, each fixed by one edit
and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs, npm_project


def pydocstyle(c: Any) -> None:
    needs(c, "pydocstyle")
    proj = c.project(
        "billing",
        {
            "billing/refunds.py": '''
            """Refunds of paid orders."""


            def refund(order, amount):
                """Refund part of an order"""
                return order.total - amount
        ''',
            "billing/invoices.py": '''
            """Invoices sent to customers."""


            def due_date(invoice, days=30):
                return invoice.issued + days
        ''',
        },
    )
    pair = Pair(c, "pydocstyle", proj)
    pair.run(
        "pydocstyle_period",
        "pydocstyle --select=D400,D103 billing/refunds.py",
        r"D400",
        ("billing/refunds.py", '"""Refund part of an order"""', '"""Refund part of an order."""'),
    )
    pair.run(
        "pydocstyle_missing_docstring",
        "pydocstyle --select=D400,D103 billing/invoices.py",
        r"D103",
        (
            "billing/invoices.py",
            "def due_date(invoice, days=30):\n",
            'def due_date(invoice, days=30):\n    """The day payment is due."""\n',
        ),
    )


def vulture(c: Any) -> None:
    needs(c, "vulture")
    proj = c.project(
        "loader",
        {
            "loader/files.py": """
            import json
            import os


            def load(path):
                with open(path) as f:
                    return json.load(f)
        """,
            "loader/retry.py": """
            def attempts(limit):
                for n in range(limit):
                    yield n
                return
                print("never retried")
        """,
        },
    )
    pair = Pair(c, "vulture", proj)
    pair.run(
        "vulture_unused_import",
        "vulture --min-confidence 90 loader/files.py",
        r"unused import",
        ("loader/files.py", "import json\nimport os\n", "import json\n"),
    )
    pair.run(
        "vulture_unreachable_code",
        "vulture --min-confidence 90 loader/retry.py",
        r"unreachable code",
        ("loader/retry.py", '    return\n    print("never retried")\n', "    return\n"),
    )


def codespell(c: Any) -> None:
    needs(c, "codespell")
    proj = c.project(
        "gateway",
        {
            "gateway/handler.py": """
            def handle(request):
                # Recieve the payload and validate it before routing.
                return request.body
        """,
            "docs/setup.md": """
            # Setup

            Set the port in the enviroment before starting the gateway.
        """,
        },
    )
    pair = Pair(c, "codespell", proj)
    pair.run(
        "codespell_comment",
        "codespell gateway/handler.py",
        r"Recieve ==>",
        ("gateway/handler.py", "# Recieve the payload", "# Receive the payload"),
    )
    pair.run(
        "codespell_docs",
        "codespell docs/setup.md",
        r"enviroment ==>",
        ("docs/setup.md", "in the enviroment before", "in the environment before"),
    )


def prettier(c: Any) -> None:
    proj = npm_project(
        c,
        "widgets",
        {
            "src/rate.js": """
            export const rate = (x) => {
              return x * 2;
        """,
            "src/style.js": """
            export const theme = {color:"red", size:12};
        """,
        },
        "prettier@3",
    )
    pair = Pair(c, "prettier", proj)
    pair.run(
        "prettier_syntax_error",
        "npx prettier --check src/rate.js",
        r"SyntaxError",
        ("src/rate.js", "  return x * 2;\n", "  return x * 2;\n};\n"),
    )
    pair.run(
        "prettier_code_style",
        "npx prettier --check src/style.js",
        r"Code style issues",
        ("src/style.js", '{color:"red", size:12}', '{ color: "red", size: 12 }'),
    )


def esbuild(c: Any) -> None:
    proj = npm_project(
        c,
        "checkout",
        {
            "src/fee.js": """
            export function fee(amount) {
              return amount * 0.02;
            }
        """,
            "src/main.js": """
            import { fee } from "./fees.js";
            console.log(fee(100));
        """,
            "src/total.js": """
            import { fee } from "./fee.js";
            export function total(amount) {
              return amount + fee(amount;
            }
        """,
        },
        "esbuild@0.24",
    )
    pair = Pair(c, "esbuild", proj)
    pair.run(
        "esbuild_unresolved_import",
        "npx esbuild src/main.js --bundle --outfile=dist/main.js",
        r"Could not resolve",
        ("src/main.js", 'from "./fees.js"', 'from "./fee.js"'),
    )
    pair.run(
        "esbuild_syntax_error",
        "npx esbuild src/total.js --bundle --outfile=dist/total.js",
        r"Expected",
        ("src/total.js", "fee(amount;", "fee(amount);"),
    )
