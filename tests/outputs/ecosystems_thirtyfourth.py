"""Ecosystem corpus groups of the thirty-fourth held-out part, solvers, generators and an assembler (see
``ecosystems.py``), from Debian and on ``PATH`` when capturing: clingo's grounder reading answer set programs
(``gringo --text``), GLPK's solver reading GNU MathProg models (``glpsol --math``), Ragel (``ragel``, state machines
compiled to C), cc65's assembler for the 6502 (``ca65``) and SQLite's parser generator (``lemon``). Each group is two
distinct real failures of its tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs

#: Ragel writes the C of one machine into build/.
RAGEL_RUN = "mkdir -p build && ragel -o build/{name}.c src/{name}.rl"
#: ca65 assembles one source into an object file in build/.
CA65_RUN = "mkdir -p build && ca65 -o build/{name}.o src/{name}.s"
#: lemon writes the parser of one grammar into build/.
LEMON_RUN = "mkdir -p build && lemon -q -dbuild src/{name}.y"


def gringo(c: Any) -> None:
    needs(c, "gringo")
    proj = c.project(
        "shop-rota",
        {
            "rules/shifts.lp": """\
            % Who works which shift: one shift each, one person in the morning.
            person(ann;bob;cy).
            shift(morning;evening).
            1 { works(P,S) : shift(S) } 1 :- person(P).
            :- works(P,morning), works(Q,morning), P != Q
            #show works/2.
            """,
            "rules/opening.lp": """\
            % Who opens the shop on each day it is not closed.
            day(mon;tue;wed).
            person(ann;bob).
            closed(wed).
            opens(P,D) :- day(D), not closed(D).
            #show opens/2.
            """,
        },
    )
    pair = Pair(c, "gringo", proj)
    pair.run(
        "gringo_syntax_error",
        "gringo --text rules/shifts.lp",
        r"rules/shifts.lp:\d+:\d+-\d+: error: syntax error",
        ("rules/shifts.lp", "P != Q\n", "P != Q.\n"),
    )
    pair.run(
        "gringo_unsafe_variable",
        "gringo --text rules/opening.lp",
        r"error: unsafe variables in:",
        ("rules/opening.lp", "day(D), not closed(D)", "day(D), person(P), not closed(D)"),
    )


def glpsol(c: Any) -> None:
    needs(c, "glpsol")
    proj = c.project(
        "shop-plans",
        {
            "models/basket.mod": """\
            /* The cheapest basket that feeds the shop's staff for a day. */
            set FOODS;
            param cost{FOODS} >= 0;
            param energy{FOODS} >= 0;
            var buy{FOODS} >= 0;
            minimize total: sum{f in FOODS} cost[f] * buy[f];
            s.t. enough: sum{f in FOODS} energy[f] * bought[f] >= 2000;
            solve;
            data;
            set FOODS := bread milk;
            param cost := bread 2 milk 1;
            param energy := bread 800 milk 400;
            end;
            """,
            "models/staff.mod": """\
            /* Staff enough for each shift at the least pay. */
            set SHIFTS;
            param need{SHIFTS} >= 0
            param wage >= 0;
            var staff{SHIFTS} >= 0, integer;
            minimize pay: sum{s in SHIFTS} wage * staff[s];
            s.t. cover{s in SHIFTS}: staff[s] >= need[s];
            solve;
            data;
            set SHIFTS := morning evening;
            param need := morning 3 evening 2;
            param wage := 12;
            end;
            """,
        },
    )
    pair = Pair(c, "glpsol", proj)
    pair.run(
        "glpsol_not_defined",
        "glpsol --math models/basket.mod",
        r"models/basket.mod:\d+: bought not defined",
        ("models/basket.mod", "* bought[f]", "* buy[f]"),
    )
    pair.run(
        "glpsol_syntax_error",
        "glpsol --math models/staff.mod",
        r"models/staff.mod:\d+: syntax error in parameter statement",
        ("models/staff.mod", "param need{SHIFTS} >= 0\n", "param need{SHIFTS} >= 0;\n"),
    )


def ragel(c: Any) -> None:
    needs(c, "ragel")
    proj = c.project(
        "shop-scanner",
        {
            "src/codes.rl": """\
            /* Accepts a product code: two letters, a dash and four digits. */
            #include <stddef.h>

            %%{
              machine product_code;
              main := alpha{2} '-' digt{4};
            }%%

            %% write data;

            int valid_code(const char *p, const char *pe)
            {
                int cs;
                %% write init;
                %% write exec;
                return cs >= product_code_first_final;
            }
            """,
            "src/units.rl": """\
            /* Accepts a quantity followed by its unit. */
            #include <stddef.h>

            %%{
              machine quantity;
              unit = "kg" | "g" | "pcs";
              main := digit+ ' '? unit
            }%%

            %% write data;

            int valid_quantity(const char *p, const char *pe)
            {
                int cs;
                %% write init;
                %% write exec;
                return cs >= quantity_first_final;
            }
            """,
        },
    )
    pair = Pair(c, "ragel", proj)
    pair.run(
        "ragel_lookup_failed",
        RAGEL_RUN.format(name="codes"),
        r'src/codes.rl:\d+:\d+: graph lookup of "digt" failed',
        ("src/codes.rl", "digt{4}", "digit{4}"),
    )
    pair.run(
        "ragel_parse_error",
        RAGEL_RUN.format(name="units"),
        r"src/units.rl:\d+:\d+: at token TK_EndSection: parse error",
        ("src/units.rl", "' '? unit\n", "' '? unit;\n"),
    )


def ca65(c: Any) -> None:
    needs(c, "ca65")
    proj = c.project(
        "shop-till-rom",
        {
            "src/beep.s": """\
            ; Sounds the till's beeper three times.
                    .export beep
            BEEPER  = $C030

            .proc beep
                    ldx #3
            loop:   lda BEEPER
                    dex
                    bne lop
                    rts
            .endproc
            """,
            "src/takings.s": """\
            ; Adds the day's two takings bytes and jumps to the report.
                    .export add_takings
            .proc add_takings
                    clc
                    lda $10
                    adc $11
                    sta $12
                    jmp $E000,x
            .endproc
            """,
        },
    )
    pair = Pair(c, "ca65", proj)
    pair.run(
        "ca65_undefined_symbol",
        CA65_RUN.format(name="beep"),
        r"src/beep.s\(\d+\): Error: Symbol 'lop' is undefined",
        ("src/beep.s", "bne lop", "bne loop"),
    )
    pair.run(
        "ca65_addressing_mode",
        CA65_RUN.format(name="takings"),
        r"src/takings.s\(\d+\): Error: Illegal addressing mode",
        ("src/takings.s", "jmp $E000,x", "jmp $E000"),
    )


def lemon(c: Any) -> None:
    needs(c, "lemon")
    proj = c.project(
        "shop-parsers",
        {
            "src/receipt.y": """\
            /* Totals a receipt: numbers joined by plus signs. */
            %token_type {int}
            %left PLUS.

            receipt ::= sum(A). { printf("%d\\n", A); }
            sum(A) ::= sum(B) PLUS NUMBER(C). { A = B + C; }
            sum(A) ::= NUMBER(B). { A = B; }
            sum(A) ::= price(B). { A = B; }
            """,
            "src/list.y": """\
            /* A shopping list: items separated by commas. */
            %token_type {const char *}

            list ::= items.
            items ::= ITEM.
            items ::= items COMMA ITEM
            items ::= items COMMA.
            """,
        },
    )
    pair = Pair(c, "lemon", proj)
    pair.run(
        "lemon_no_rules",
        LEMON_RUN.format(name="receipt"),
        r'src/receipt.y:\d+: Nonterminal "price" has no rules',
        ("src/receipt.y", "sum(A) ::= price(B).", "sum(A) ::= PRICE(B)."),
    )
    pair.run(
        "lemon_illegal_character",
        LEMON_RUN.format(name="list"),
        r'src/list.y:\d+: Illegal character on RHS of rule: "::="',
        ("src/list.y", "COMMA ITEM\n", "COMMA ITEM.\n"),
    )
