"""Ecosystem corpus groups of the thirty-fifth held-out part, compilers, a generator, an assembler and an interpreter
(see ``ecosystems.py``), from Debian and on ``PATH`` when capturing: ACPICA's compiler of ACPI tables (``iasl``), GNU
gperf (perfect hash functions written as C), Regina's REXX interpreter (``rexx``), gputils' assembler for PIC
microcontrollers (``gpasm``) and Algol 68 Genie (``a68g``). Each group is two distinct real failures of its tool, each
fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs

#: iasl compiles one ASL source into an AML table in build/.
IASL_RUN = "mkdir -p build && iasl -p build/{name} src/{name}.asl"
#: gperf writes the C of one keyword set into build/.
GPERF_RUN = "mkdir -p build && gperf --output-file=build/{name}.c src/{name}.gperf"
#: gpasm assembles one source into a hex file in build/.
GPASM_RUN = "mkdir -p build && gpasm -o build/{name}.hex src/{name}.asm"


def iasl(c: Any) -> None:
    needs(c, "iasl")
    proj = c.project(
        "shop-firmware",
        {
            "src/fan.asl": """\
            // The till's fan: a method that sets its speed and answers it.
            DefinitionBlock ("", "SSDT", 2, "SHOP", "FAN", 0x00000001)
            {
                Name (SPED, 0)
                Method (SETS, 1, NotSerialized)
                {
                    Store (Arg0, SPED)
                    Return (SPDE)
                }
            }
            """,
            "src/lamp.asl": """\
            // The shop sign's lamp: a method that turns it on.
            DefinitionBlock ("", "SSDT", 2, "SHOP", "LAMP", 0x00000001)
            {
                Name (LAMP, 0)
                Method (LON, 0, NotSerialized)
                {
                    Store (One, LAMP)
                    Return (LAMP
                }
            }
            """,
        },
    )
    pair = Pair(c, "iasl", proj)
    pair.run(
        "iasl_object_not_found",
        IASL_RUN.format(name="fan"),
        r"Error\s+6084 - Object does not exist",
        ("src/fan.asl", "Return (SPDE)", "Return (SPED)"),
    )
    pair.run(
        "iasl_syntax_error",
        IASL_RUN.format(name="lamp"),
        r"Error\s+6126 - .*syntax error",
        ("src/lamp.asl", "Return (LAMP\n", "Return (LAMP)\n"),
    )


def gperf(c: Any) -> None:
    needs(c, "gperf")
    proj = c.project(
        "shop-lookup",
        {
            "src/units.gperf": """\
            %{
            /* The units the till knows, looked up by name. */
            %}
            %define lookup-function-nam find_unit
            %%
            kg
            g
            pcs
            """,
            "src/keywords.gperf": """\
            %{
            /* The words of the shop's query language. */
            %}
            %%
            select
            where
            order
            where
            """,
        },
    )
    pair = Pair(c, "gperf", proj)
    pair.run(
        "gperf_unrecognized_directive",
        GPERF_RUN.format(name="units"),
        r"src/units.gperf:\d+: unrecognized % directive",
        ("src/units.gperf", "lookup-function-nam ", "lookup-function-name "),
    )
    pair.run(
        "gperf_duplicate_key",
        GPERF_RUN.format(name="keywords"),
        r'Key link: "where" = "where"',
        ("src/keywords.gperf", "order\nwhere\n", "order\n"),
    )


def rexx(c: Any) -> None:
    needs(c, "rexx")
    proj = c.project(
        "shop-rexx",
        {
            "scripts/stock.rexx": """\
            /* Stock left after the day's sales. */
            stock = 10
            sold = 'three'
            say 'Left:' stock - sold
            """,
            "scripts/shelves.rexx": """\
            /* Names the shop's shelves, one a line. */
            do i = 1 to 3
              say 'Shelf' i
            """,
        },
    )
    pair = Pair(c, "rexx", proj)
    pair.run(
        "rexx_bad_arithmetic",
        "rexx scripts/stock.rexx",
        r"Error 41 running .*stock.rexx\", line \d+: Bad arithmetic conversion",
        ("scripts/stock.rexx", "sold = 'three'", "sold = 3"),
    )
    pair.run(
        "rexx_incomplete_do",
        "rexx scripts/shelves.rexx",
        r"Error 14 running .*shelves.rexx\", line \d+: Incomplete DO/SELECT/IF",
        ("scripts/shelves.rexx", "  say 'Shelf' i\n", "  say 'Shelf' i\nend\n"),
    )


def gpasm(c: Any) -> None:
    needs(c, "gpasm")
    proj = c.project(
        "shop-door",
        {
            "src/blink.asm": """\
            ; Blinks the shop door's light on a PIC16F84A.
                    processor 16f84a
                    include <p16f84a.inc>
                    org     0
            start   bsf     STATUS, RP0
                    clrf    TRISB
                    bcf     STATUS, RP0
            loop    comf    PORTB, F
                    mowf    PORTB
                    goto    loop
                    end
            """,
            "src/count.asm": """\
            ; Counts customers through the door on a PIC16F84A.
                    processor 16f84a
                    include <p16f84a.inc>
            count   equ     0x0c
                    org     0
                    clrf    count
            next    incf    count
                    movlw   count, W
                    goto    next
                    end
            """,
        },
    )
    pair = Pair(c, "gpasm", proj)
    pair.run(
        "gpasm_unknown_opcode",
        GPASM_RUN.format(name="blink"),
        r'src/blink.asm:\d+:Error\[181\]\s+Unknown opcode: "mowf"',
        ("src/blink.asm", "mowf    PORTB", "movwf   PORTB"),
    )
    pair.run(
        "gpasm_too_many_arguments",
        GPASM_RUN.format(name="count"),
        r"src/count.asm:\d+:Error\[127\]\s+Too many arguments",
        ("src/count.asm", "movlw   count, W", "movf    count, W"),
    )


def a68g(c: Any) -> None:
    needs(c, "a68g")
    proj = c.project(
        "shop-algol",
        {
            "src/till.a68": """\
            # The till's total in cents. #
            BEGIN
               []INT prices = (120, 250, 99);
               INT sum := 0;
               FOR i TO UPB prices DO sum +:= prices[i] OD;
               print(("Total: ", totl, newline))
            END
            """,
            "src/stock.a68": """\
            # Stock left after the day's sales. #
            BEGIN
               INT stock := 10;
               INT sold := 3
               stock -:= sold;
               print(("Left: ", stock, newline))
            END
            """,
        },
    )
    pair = Pair(c, "a68g", proj)
    pair.run(
        "a68g_not_declared",
        "a68g src/till.a68",
        r'a68g: error: 1: tag "totl" has not been declared properly',
        ("src/till.a68", '"Total: ", totl,', '"Total: ", sum,'),
    )
    pair.run(
        "a68g_missing_separator",
        "a68g src/stock.a68",
        r"a68g: syntax error: 1: possibly a missing or erroneous separator nearby",
        ("src/stock.a68", "INT sold := 3\n", "INT sold := 3;\n"),
    )
