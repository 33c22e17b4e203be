"""Ecosystem corpus groups of the thirty-sixth held-out part from PyPI (see ``ecosystems.py``): Kconfiglib's
``genconfig`` writing a C header from a Kconfig tree (from PyPI and on ``PATH`` when capturing) and the Coconut
compiler of functional Python (``coconut``, from PyPI likewise). Each group is two distinct real failures of its tool,
each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs

#: genconfig reads the Kconfig tree at the project's root and writes its header into build/.
KCONFIG_RUN = "mkdir -p build && genconfig --header-path build/config.h {name}"
#: coconut compiles one source into Python in build/.
COCONUT_RUN = "coconut --no-cache src/{name}.coco build"


def kconfiglib(c: Any) -> None:
    needs(c, "genconfig")
    proj = c.project(
        "shop-kconfig",
        {
            "Kconfig.receipt": """\
            mainmenu "Till options"

            config RECEIPT_PRINTER
            \tbool "Print receipts"
            \tdefault y

            config RECEIPT_WIDTH
            \tint "Receipt width"
            \tdepends on RECEIPT_PRINTER
            \tdefualt 42
            """,
            "Kconfig.scale": """\
            mainmenu "Scale options"

            config SCALE
            \tbool "Weighing scale"
            \tdefault y

            if SCALE
            config SCALE_UNIT
            \tstring "Unit"
            \tdefault "kg"
            """,
        },
    )
    pair = Pair(c, "kconfiglib", proj)
    pair.run(
        "kconfig_syntax_error",
        KCONFIG_RUN.format(name="Kconfig.receipt"),
        r"Kconfig.receipt:\d+: error: couldn't parse 'defualt 42': syntax error",
        ("Kconfig.receipt", "\tdefualt 42", "\tdefault 42"),
    )
    pair.run(
        "kconfig_expected_endif",
        KCONFIG_RUN.format(name="Kconfig.scale"),
        r"error: expected 'endif' at end of 'Kconfig.scale'",
        ("Kconfig.scale", '\tdefault "kg"\n', '\tdefault "kg"\nendif\n'),
    )


def coconut(c: Any) -> None:
    needs(c, "coconut")
    proj = c.project(
        "shop-coconut",
        {
            "src/total.coco": """\
            # The total of a receipt, piped through sum.
            def total(prices) =
                prices |> sum

            print(total([120, 250])
            """,
            "src/change.coco": """\
            # The change owed for a payment.
            def change(paid, due) = paid - due

            print(change(500, 370) +)
            """,
        },
    )
    pair = Pair(c, "coconut", proj)
    pair.run(
        "coconut_unclosed_paren",
        COCONUT_RUN.format(name="total"),
        r"CoconutSyntaxError: unclosed open '\(' \(line \d+ in 'total.coco'\)",
        ("src/total.coco", "print(total([120, 250])\n", "print(total([120, 250]))\n"),
    )
    pair.run(
        "coconut_parse_failed",
        COCONUT_RUN.format(name="change"),
        r"CoconutParseError: parsing failed \(line \d+ in 'change.coco'\)",
        ("src/change.coco", "print(change(500, 370) +)", "print(change(500, 370))"),
    )
