"""Ecosystem corpus groups of the fortieth held-out part from PyPI (see ``ecosystems.py``): Flit building a Python
package's archives (``flit build``) and refurb, a checker of Python code for idioms it would write more plainly
(``refurb``), both from PyPI and on ``PATH`` when capturing. Each group is two distinct real failures of its tool, each
fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs

#: flit builds the package of one folder into its dist/ (no version control asked which files to ship).
FLIT_RUN = "cd {name} && flit build --no-use-vcs"
#: refurb checks one module.
REFURB_RUN = "refurb {name}.py"
#: A package's pyproject.toml built by flit_core, its version and description taken from the module.
FLIT_PYPROJECT = """\
[build-system]
requires = ["flit_core >=3.2,<4"]
build-backend = "flit_core.buildapi"

[project]
name = "shop_{what}"
authors = [{{name = "The shop"}}]
dynamic = ["version", "description"]
"""


def flit(c: Any) -> None:
    needs(c, "flit")
    proj = c.project(
        "shop-flit",
        {
            "till/pyproject.toml": FLIT_PYPROJECT.format(what="till"),
            "till/shop_till/__init__.py": '__version__ = "1.0.0"\n\n\ndef total(prices):\n    return sum(prices)\n',
            "scale/pyproject.toml": FLIT_PYPROJECT.format(what="scale"),
            "scale/shop_scale/__init__.py": '"""The shop\'s scale."""\n\nVERSION = "1.0.0"\n',
        },
    )
    pair = Pair(c, "flit", proj)
    pair.run(
        "flit_no_docstring",
        FLIT_RUN.format(name="till"),
        r"Flit cannot package module without docstring",
        ("till/shop_till/__init__.py", '__version__ = "1.0.0"\n', '"""The shop\'s till."""\n\n__version__ = "1.0.0"\n'),
    )
    pair.run(
        "flit_no_version",
        FLIT_RUN.format(name="scale"),
        r"Cannot package module without a version string",
        ("scale/shop_scale/__init__.py", 'VERSION = "1.0.0"', '__version__ = "1.0.0"'),
    )


def refurb(c: Any) -> None:
    needs(c, "refurb")
    proj = c.project(
        "shop-refurb",
        {
            "till.py": '''\
            """The till's coins and receipts."""


            def is_coin(kind: str) -> bool:
                return kind in ["cent", "euro"]


            def label(prices: list[int]) -> str:
                return "Total: " + str(sum(prices))
            ''',
            "scale.py": '''\
            """The scale's readings, one a line of its log."""

            from pathlib import Path


            def readings(path: Path) -> list[str]:
                with open(path) as handle:
                    text = handle.read()
                return text.splitlines()
            ''',
        },
    )
    pair = Pair(c, "refurb", proj)
    pair.run(
        "refurb_in_list",
        REFURB_RUN.format(name="till"),
        r"till.py:\d+:\d+ \[FURB109\]: Replace `in \[x, y, z\]` with `in \(x, y, z\)`",
        ("till.py", 'in ["cent", "euro"]', 'in ("cent", "euro")'),
    )
    pair.run(
        "refurb_read_text",
        REFURB_RUN.format(name="scale"),
        r"scale.py:\d+:\d+ \[FURB101\]: Replace `with open\(x\) as f: y = f.read\(\)`",
        (
            "scale.py",
            "    with open(path) as handle:\n        text = handle.read()\n    return text.splitlines()\n",
            "    return path.read_text().splitlines()\n",
        ),
    )
