"""Ecosystem corpus groups of the thirty-ninth held-out part from PyPI (see ``ecosystems.py``): Google's pytype
type checker of Python (``pytype``) and Hatch building a Python project's source and wheel archives (``hatch build``),
both from PyPI and on ``PATH`` when capturing. Each group is two distinct real failures of its tool, each fixed by
one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs

#: pytype checks one module, its work kept in .pytype/ beside it.
PYTYPE_RUN = "pytype {name}.py"
#: hatch builds the project of one folder into its dist/, in a build environment of its own.
HATCH_RUN = "cd {name} && hatch build"
#: A project's pyproject.toml built by hatchling; ``{readme}`` is the file it names as its readme.
HATCH_PYPROJECT = """\
[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"

[project]
name = "shop-{what}"
version = "1.0.0"
description = "The shop's {what}."
readme = "{readme}"
requires-python = ">=3.9"
"""


def pytype(c: Any) -> None:
    needs(c, "pytype")
    proj = c.project(
        "shop-pytype",
        {
            "till.py": '''\
            """The till's receipt: its total and its printed label."""


            def total(prices: list[int]) -> int:
                return sum(prices)


            def label(prices: list[int]) -> str:
                return "Total: " + total(prices)
            ''',
            "scale.py": '''\
            """The weight the scale shows, in grams."""

            from typing import Optional


            def grams(reading: Optional[str]) -> int:
                return int(reading.strip())


            def shown(reading: Optional[str]) -> str:
                return f"{grams(reading)} g"
            ''',
        },
    )
    pair = Pair(c, "pytype", proj)
    pair.run(
        "pytype_unsupported_operands",
        PYTYPE_RUN.format(name="till"),
        r"till.py:\d+:\d+: error: in label: unsupported operand type\(s\) for \+: str and int",
        ("till.py", '"Total: " + total(prices)', '"Total: " + str(total(prices))'),
    )
    pair.run(
        "pytype_attribute_error",
        PYTYPE_RUN.format(name="scale"),
        r"scale.py:\d+:\d+: error: in grams: No attribute 'strip' on None",
        ("scale.py", "return int(reading.strip())", 'return int((reading or "0").strip())'),
    )


def hatch(c: Any) -> None:
    needs(c, "hatch")
    proj = c.project(
        "shop-hatch",
        {
            "till/pyproject.toml": HATCH_PYPROJECT.format(what="till", readme="READNE.md"),
            "till/README.md": "# shop-till\n\nThe shop's till: the total of a receipt.\n",
            "till/src/shop_till/__init__.py": '"""The shop\'s till."""\n',
            "scale/pyproject.toml": HATCH_PYPROJECT.format(what="scale", readme="README.md"),
            "scale/README.md": "# shop-scale\n\nThe shop's scale: the weight of the goods.\n",
            "scale/src/scales/__init__.py": '"""The shop\'s scale."""\n',
        },
    )
    pair = Pair(c, "hatch", proj)
    pair.run(
        "hatch_readme_not_found",
        HATCH_RUN.format(name="till"),
        r"OSError: Readme file does not exist: READNE.md",
        ("till/pyproject.toml", 'readme = "READNE.md"', 'readme = "README.md"'),
    )
    pair.run(
        "hatch_no_files_to_ship",
        HATCH_RUN.format(name="scale"),
        r"ValueError: Unable to determine which files to ship inside the wheel",
        (
            "scale/pyproject.toml",
            'requires-python = ">=3.9"\n',
            'requires-python = ">=3.9"\n\n[tool.hatch.build.targets.wheel]\npackages = ["src/scales"]\n',
        ),
    )
