"""Ecosystem corpus groups of the twenty-sixth held-out part, a linter, a configuration validator and a stylesheet
compiler people run every day (see ``ecosystems.py``): from PyPI pycodestyle (Python's style checker) and Yamale
(a YAML schema validator), both on ``PATH`` when capturing, and from npm the Stylus compiler (installed into the
project). Each group is two distinct real failures of its tool, each fixed by one edit and run again, in the wording
that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs, npm_project

#: pycodestyle checks one module against PEP 8 with its default selection.
PYCODESTYLE_RUN = "pycodestyle shop/{name}.py"
#: Yamale validates one YAML file against a schema of its own syntax.
YAMALE_RUN = "yamale -s schema.yaml deploy/{name}.yaml"
#: Stylus compiles one stylesheet and prints the CSS.
STYLUS_RUN = "npx stylus --print styles/{name}.styl"


def pycodestyle(c: Any) -> None:
    needs(c, "pycodestyle")
    proj = c.project(
        "shop-pycodestyle",
        {
            "shop/__init__.py": "",
            "shop/pricing.py": """
            def discounted(cents, percent):
                if percent == None:
                    return cents
                return cents - cents * percent // 100
        """,
            "shop/stock.py": """
            REORDER_AT = 10

            def needs_reorder(on_hand):
                return on_hand <= REORDER_AT
        """,
        },
    )
    pair = Pair(c, "pycodestyle", proj)
    pair.run(
        "pycodestyle_none_comparison",
        PYCODESTYLE_RUN.format(name="pricing"),
        r"E711 comparison to None",
        ("shop/pricing.py", "if percent == None:", "if percent is None:"),
    )
    pair.run(
        "pycodestyle_blank_lines",
        PYCODESTYLE_RUN.format(name="stock"),
        r"E302 expected 2 blank lines",
        ("shop/stock.py", "REORDER_AT = 10\n\n", "REORDER_AT = 10\n\n\n"),
    )


def yamale(c: Any) -> None:
    needs(c, "yamale")
    proj = c.project(
        "shop-yamale",
        {
            "schema.yaml": """
            name: str()
            port: int(min=1, max=65535)
            replicas: int(min=1)
        """,
            "deploy/api.yaml": """
            name: shop-api
            port: "8080"
            replicas: 2
        """,
            "deploy/worker.yaml": """
            name: shop-worker
            port: 9090
            replica: 3
        """,
        },
    )
    pair = Pair(c, "yamale", proj)
    pair.run(
        "yamale_wrong_type",
        YAMALE_RUN.format(name="api"),
        r"port: '8080' is not a int",
        ("deploy/api.yaml", 'port: "8080"', "port: 8080"),
    )
    pair.run(
        "yamale_required_field",
        YAMALE_RUN.format(name="worker"),
        r"replicas: Required field missing",
        ("deploy/worker.yaml", "replica: 3", "replicas: 3"),
    )


def stylus(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-stylus",
        {
            "package.json": '{"name": "shop-stylus", "version": "1.0.0", "private": true}\n',
            "styles/theme.styl": """
            brand = #c33
        """,
            "styles/shop.styl": """
            @import "themes"

            body
              color: brand
        """,
            "styles/grid.styl": """
            columns = 3

            .grid-cell
              float: left
              width: (100% / colums)
        """,
        },
        "stylus@0",
    )
    pair = Pair(c, "stylus", proj)
    pair.run(
        "stylus_missing_import",
        STYLUS_RUN.format(name="shop"),
        r"failed to locate @import file themes.styl",
        ("styles/shop.styl", '@import "themes"', '@import "theme"'),
    )
    pair.run(
        "stylus_coercion",
        STYLUS_RUN.format(name="grid"),
        r"cannot coerce colums to unit",
        ("styles/grid.styl", "(100% / colums)", "(100% / columns)"),
    )
