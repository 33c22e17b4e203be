"""Ecosystem corpus groups of the tenth held-out part, checkers and build tools people run every day (see
``ecosystems.py``): isort, Poetry, Sphinx and MkDocs (from PyPI, on PATH when capturing), Vitest, webpack and Biome
(installed from npm into each project). Each group is two distinct real failures of its tool, each fixed by one edit
and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs, npm_project


def isort(c: Any) -> None:
    needs(c, "isort")
    proj = c.project(
        "notifier",
        {
            "notifier/mail.py": """
            import sys
            import os
            from email.message import EmailMessage


            def build(to: str) -> EmailMessage:
                msg = EmailMessage()
                msg["To"] = to
                msg["From"] = os.environ.get("MAIL_FROM", "noreply@example.com")
                print(sys.argv, file=sys.stderr)
                return msg
        """,
            "notifier/sms.py": """
            import json
            import requests
            import os


            def send(number: str, text: str) -> None:
                requests.post(os.environ["SMS_URL"], data=json.dumps({"to": number, "text": text}))
        """,
        },
    )
    pair = Pair(c, "isort", proj)
    pair.run(
        "isort_unsorted_imports",
        "isort --check-only --diff notifier/mail.py",
        r"Imports are incorrectly sorted",
        ("notifier/mail.py", "import sys\nimport os\n", "import os\nimport sys\n"),
    )
    pair.run(
        "isort_sections",
        "isort --check-only --profile black notifier/sms.py",
        r"Imports are incorrectly sorted",
        ("notifier/sms.py", "import json\nimport requests\nimport os\n", "import json\nimport os\n\nimport requests\n"),
    )


def poetry(c: Any) -> None:
    needs(c, "poetry")
    proj = c.project(
        "weather",
        {
            "pyproject.toml": """
            [project]
            name = "weather"
            version = "0.1.0"
            description = "Forecast fetcher"
            requires-python = ">=3.10"
            dependencies = []

            [tool.poetry]
            packages = [{ include = "weather" }]

            [build-system]
            requires = ["poetry-core>=2.0"]
            build-backend = "poetry.core.masonry.api"
        """,
            "weather/__init__.py": "",
            "README.md": """
            # weather
        """,
        },
    )
    pair = Pair(c, "poetry", proj)
    toml = proj / "pyproject.toml"
    toml.write_text(toml.read_text().replace('version = "0.1.0"', 'version = "0.1.0"\nlicense = 42'))
    pair.run(
        "poetry_invalid_field",
        "poetry check",
        r"license",
        ("pyproject.toml", "license = 42", 'license = "MIT"'),
    )
    toml.write_text(toml.read_text().replace('include = "weather"', 'include = "wether"'))
    pair.run(
        "poetry_missing_package",
        "poetry check && poetry build --format wheel",
        r"wether",
        ("pyproject.toml", 'include = "wether"', 'include = "weather"'),
    )


def sphinx(c: Any) -> None:
    needs(c, "sphinx-build")
    proj = c.project(
        "manual",
        {
            "docs/conf.py": """
            project = "Manual"
            extensions = []
        """,
            "docs/index.rst": """
            Manual
            ======

            .. toctree::

               install
               usage
        """,
            "docs/install.rst": """
            Install
            =======

            Run the installer, then read :ref:`first-steps`.
        """,
            "docs/usage.rst": """
            .. _first-step:

            Usage
            =====

            Start the service.
        """,
        },
    )
    pair = Pair(c, "sphinx", proj)
    pair.run(
        "sphinx_undefined_label",
        "sphinx-build -W -q -b html docs _build",
        r"undefined label",
        ("docs/usage.rst", ".. _first-step:", ".. _first-steps:"),
    )
    index = proj / "docs/index.rst"
    index.write_text(index.read_text().replace("   usage\n", "   usage\n   faq\n"))
    pair.run(
        "sphinx_missing_document",
        "sphinx-build -W -q -b html docs _build",
        r"nonexisting document",
        ("docs/index.rst", "   usage\n   faq\n", "   usage\n"),
    )


def mkdocs(c: Any) -> None:
    needs(c, "mkdocs")
    proj = c.project(
        "handbook",
        {
            "mkdocs.yml": """
            site_name: Handbook
            nav:
              - Home: index.md
              - Setup: setup.md
        """,
            "docs/index.md": """
            # Handbook

            Start with [the setup guide](setup.md), then read [deploying](deploy.md).
        """,
            "docs/setup.md": """
            # Setup

            Install the tools.
        """,
            "docs/deployment.md": """
            # Deploying

            Push to main.
        """,
        },
    )
    pair = Pair(c, "mkdocs", proj)
    pair.run(
        "mkdocs_broken_link",
        "mkdocs build --strict",
        r"deploy.md",
        ("docs/index.md", "(deploy.md)", "(deployment.md)"),
    )
    conf = proj / "mkdocs.yml"
    conf.write_text(conf.read_text().replace("site_name: Handbook\n", "site_name: Handbook\ntheme: materail\n"))
    pair.run(
        "mkdocs_unknown_theme",
        "mkdocs build --strict",
        r"materail",
        ("mkdocs.yml", "theme: materail\n", "theme: mkdocs\n"),
    )


def vitest(c: Any) -> None:
    proj = npm_project(
        c,
        "pricing",
        {
            "package.json": """
            {"name": "pricing", "private": true, "type": "module"}
        """,
            "src/discount.js": """
            export function applyDiscount(price, percent) {
              return price - price * percent;
            }
        """,
            "src/discount.test.js": """
            import { expect, test } from "vitest";
            import { applyDiscount } from "./discount.js";

            test("takes ten percent off", () => {
              expect(applyDiscount(200, 10)).toBe(180);
            });
        """,
            "src/cart.js": """
            export function total(cart) {
              return cart.items.reduce((sum, item) => sum + item.price * item.qty, 0);
            }
        """,
            "src/cart.test.js": """
            import { expect, test } from "vitest";
            import { total } from "./cart.js";

            test("sums an empty cart", () => {
              expect(total({ lines: [] })).toBe(0);
            });
        """,
        },
        "vitest@3.2.4",
    )
    pair = Pair(c, "vitest", proj)
    pair.run(
        "vitest_assertion",
        "npx vitest run src/discount.test.js",
        r"expected -1800 to be 180",
        ("src/discount.js", "price * percent;", "price * percent / 100;"),
    )
    pair.run(
        "vitest_type_error",
        "npx vitest run src/cart.test.js",
        r"TypeError",
        ("src/cart.js", "cart.items.reduce", "cart.lines.reduce"),
    )


def webpack(c: Any) -> None:
    proj = npm_project(
        c,
        "dashboard",
        {
            "package.json": """
            {"name": "dashboard", "private": true}
        """,
            "webpack.config.js": """
            module.exports = { mode: "production", entry: "./src/index.js" };
        """,
            "src/index.js": """
            import { chart } from "./charts";
            document.body.append(chart([3, 1, 2]));
        """,
            "src/chart.js": """
            export function chart(values) {
              const el = document.createElement("pre");
              el.textContent = values.map((v) => "#".repeat(v)).join("\\n");
              return el;
            }
        """,
        },
        "webpack@5.113.0 webpack-cli@7.3.1",
    )
    pair = Pair(c, "webpack", proj)
    pair.run(
        "webpack_module_not_found",
        "npx webpack",
        r"Module not found",
        ("src/index.js", '"./charts"', '"./chart"'),
    )
    chart = proj / "src/chart.js"
    chart.write_text(chart.read_text().replace("return el;\n}", "return el;\n"))
    pair.run(
        "webpack_parse_error",
        "npx webpack",
        r"Module parse failed|Unexpected token|SyntaxError",
        ("src/chart.js", "return el;\n", "return el;\n}\n"),
    )


def biome(c: Any) -> None:
    proj = npm_project(
        c,
        "widgets",
        {
            "package.json": """
            {"name": "widgets", "private": true}
        """,
            "src/compare.js": """
            export function sameId(a, b) {
              return a.id == b.id;
            }
        """,
            "src/format.js": """
            export function label(name) {
              return name.trim()
            }
        """,
        },
        "@biomejs/biome@2.6.8",
    )
    pair = Pair(c, "biome", proj)
    pair.run(
        "biome_lint_error",
        "npx biome lint src/compare.js",
        r"noDoubleEquals",
        ("src/compare.js", "a.id == b.id", "a.id === b.id"),
    )
    pair.run(
        "biome_format_error",
        "npx biome format src/format.js",
        r"[Ff]ormatter would have printed",
        ("src/format.js", "  return name.trim()\n", "\treturn name.trim();\n"),
    )
