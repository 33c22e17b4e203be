"""Ecosystem corpus groups of the thirty-second held-out part, compilers and checkers of other languages and formats
(see ``ecosystems.py``), from Debian and PyPI and on ``PATH`` when capturing: the Poly/ML compiler (``polyc``,
Standard ML), the device tree compiler (``dtc``), SDCC (``sdcc``, C for the 8051), fish's syntax check
(``fish --no-execute``), Beancount's ``bean-check`` and pykwalify (a YAML schema validator). Each group is two
distinct real failures of its tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs

#: polyc compiles one Standard ML file (its ``main`` the entry point) and links it.
POLYC_RUN = "mkdir -p build && polyc -o build/{name} src/{name}.sml"
#: dtc compiles one device tree source into a blob.
DTC_RUN = "mkdir -p build && dtc -I dts -O dtb -o build/{name}.dtb src/{name}.dts"
#: sdcc compiles one C file for the 8051 into an object.
SDCC_RUN = "mkdir -p build && sdcc -mmcs51 -c -o build/ src/{name}.c"


def polyml(c: Any) -> None:
    needs(c, "polyc")
    proj = c.project(
        "shop-sml",
        {
            "src/prices.sml": """\
            fun total (items : (string * int) list) =
              List.foldl (fn ((_, p), acc) => p + acc) 0 items

            fun main () =
              print ("total: " ^ total [("tea", 3), ("cake", 5)] ^ "\\n")
            """,
            "src/stock.sml": """\
            fun restock n = n + 10

            fun main () =
              List.app (fn n => print (Int.toString (restok n) ^ "\\n")) [4, 7, 2]
            """,
        },
    )
    pair = Pair(c, "polyml", proj)
    pair.run(
        "polyml_type_error",
        POLYC_RUN.format(name="prices"),
        r"src/prices.sml:5: error: Type error in function application",
        ("src/prices.sml", '^ total [("tea", 3), ("cake", 5)] ^', '^ Int.toString (total [("tea", 3), ("cake", 5)]) ^'),
    )
    pair.run(
        "polyml_undeclared_value",
        POLYC_RUN.format(name="stock"),
        r"Value or constructor \(restok\) has not been declared",
        ("src/stock.sml", "(restok n)", "(restock n)"),
    )


def dtc(c: Any) -> None:
    needs(c, "dtc")
    proj = c.project(
        "shop-board",
        {
            "src/kiosk.dts": """\
            /dts-v1/;

            / {
            \tmodel = "Shop kiosk board";
            \tcompatible = "shop,kiosk";

            \tleds {
            \t\tcompatible = "gpio-leds";
            \t\tstatus-led {
            \t\t\tlabel = "status"
            \t\t\tdefault-state = "on";
            \t\t};
            \t};
            };
            """,
            "src/till.dts": """\
            /dts-v1/;

            / {
            \tmodel = "Shop till board";
            \t#address-cells = <1>;
            \t#size-cells = <1>;

            \tuart0: serial@1000 {
            \t\tcompatible = "ns16550a";
            \t\treg = <0x1000 0x100>;
            \t};

            \tchosen {
            \t\tstdout-path = &uart1;
            \t};
            };
            """,
        },
    )
    pair = Pair(c, "dtc", proj)
    pair.run(
        "dtc_syntax_error",
        DTC_RUN.format(name="kiosk"),
        r"Error: src/kiosk.dts:\d+\.\d+-\d+ syntax error",
        ("src/kiosk.dts", 'label = "status"\n', 'label = "status";\n'),
    )
    pair.run(
        "dtc_missing_label",
        DTC_RUN.format(name="till"),
        r'Reference to non-existent node or label "uart1"',
        ("src/till.dts", "&uart1;", "&uart0;"),
    )


def sdcc(c: Any) -> None:
    needs(c, "sdcc")
    proj = c.project(
        "shop-8051",
        {
            "src/blink.c": """\
            #include <8051.h>

            void delay(unsigned int n)
            {
                while (n--)
                    ;
            }

            void main(void)
            {
                while (1) {
                    P1_0 = !P1_0;
                    delay(ticks);
                }
            }
            """,
            "src/keypad.c": """\
            #include <8051.h>

            unsigned char read_key(void)
            {
                unsigned char key = P2 & 0x0F
                return key;
            }

            void main(void)
            {
                while (1)
                    P1 = read_key();
            }
            """,
        },
    )
    pair = Pair(c, "sdcc", proj)
    pair.run(
        "sdcc_undefined_identifier",
        SDCC_RUN.format(name="blink"),
        r"error 20: Undefined identifier 'ticks'",
        ("src/blink.c", "delay(ticks);", "delay(1000);"),
    )
    pair.run(
        "sdcc_syntax_error",
        SDCC_RUN.format(name="keypad"),
        r"src/keypad.c:\d+: syntax error: token -> 'return'",
        ("src/keypad.c", "P2 & 0x0F\n", "P2 & 0x0F;\n"),
    )


def fish(c: Any) -> None:
    needs(c, "fish")
    proj = c.project(
        "shop-fish",
        {
            "scripts/backup.fish": """\
            #!/usr/bin/env fish
            set count (count data/*.csv)
            for f in data/*.csv
                gzip -k $f
            end
            echo "backed up ${count} files"
            """,
            "scripts/deploy.fish": """\
            #!/usr/bin/env fish
            if test -f build/shop
                cp build/shop /srv/shop/
            echo "deployed"
            """,
        },
    )
    pair = Pair(c, "fish", proj)
    pair.run(
        "fish_bracketed_variable",
        "fish --no-execute scripts/backup.fish",
        r"Variables cannot be bracketed",
        ("scripts/backup.fish", "${count}", "$count"),
    )
    pair.run(
        "fish_missing_end",
        "fish --no-execute scripts/deploy.fish",
        r"Missing end to balance this if statement",
        ("scripts/deploy.fish", "/srv/shop/\n", "/srv/shop/\nend\n"),
    )


#: The accounts both ledgers open.
OPENED = """\
option "operating_currency" "EUR"

2026-01-01 open Assets:Bank:Checking EUR
2026-01-01 open Income:Sales EUR
2026-01-01 open Expenses:Stock EUR
"""


def beancount(c: Any) -> None:
    needs(c, "bean-check")
    proj = c.project(
        "shop-books",
        {
            "books/march.beancount": OPENED
            + """
2026-03-02 * "Wholesaler" "Tea for the shelves"
  Assets:Bank:Checking  -120.00 EUR
  Expenses:Stock         102.00 EUR

2026-03-03 * "Counter" "Day's takings"
  Assets:Bank:Checking   340.50 EUR
  Income:Sales          -340.50 EUR
""",
            "books/april.beancount": OPENED
            + """
2026-04-01 * "Landlord" "April rent"
  Assets:Bank:Checking  -800.00 EUR
  Expenses:Rent          800.00 EUR

2026-04-02 * "Counter" "Day's takings"
  Assets:Bank:Checking   290.00 EUR
  Income:Sales          -290.00 EUR
""",
        },
    )
    pair = Pair(c, "beancount", proj)
    pair.run(
        "beancount_unbalanced",
        "bean-check books/march.beancount",
        r"march.beancount:\d+: Transaction does not balance",
        ("books/march.beancount", "102.00 EUR", "120.00 EUR"),
    )
    pair.run(
        "beancount_unknown_account",
        "bean-check books/april.beancount",
        r"Invalid reference to unknown account 'Expenses:Rent'",
        (
            "books/april.beancount",
            "open Expenses:Stock EUR\n",
            "open Expenses:Stock EUR\n2026-01-01 open Expenses:Rent EUR\n",
        ),
    )


def pykwalify(c: Any) -> None:
    needs(c, "pykwalify")
    proj = c.project(
        "shop-config",
        {
            "schema/shop.yaml": """\
            type: map
            mapping:
              name:
                type: str
                required: true
              workers:
                type: int
                required: true
              currencies:
                type: seq
                sequence:
                  - type: str
            """,
            "config/shop.yaml": """\
            name: shop
            workers: four
            currencies: [EUR, USD]
            """,
            "config/outlet.yaml": """\
            name: outlet
            currencies: [EUR]
            """,
        },
    )
    pair = Pair(c, "pykwalify", proj)
    pair.run(
        "pykwalify_wrong_type",
        "pykwalify -d config/shop.yaml -s schema/shop.yaml",
        r"Value 'four' is not of type 'int'",
        ("config/shop.yaml", "workers: four", "workers: 4"),
    )
    pair.run(
        "pykwalify_required_key",
        "pykwalify -d config/outlet.yaml -s schema/shop.yaml",
        r"Cannot find required key 'workers'",
        ("config/outlet.yaml", "name: outlet\n", "name: outlet\nworkers: 2\n"),
    )
