"""Ecosystem corpus groups of the thirty-sixth held-out part, parser and stub generators, assemblers and a C checker
(see ``ecosystems.py``), from Debian and on ``PATH`` when capturing: Berkeley yacc (``byacc``), AVRA, the assembler
for AVR microcontrollers (``avra``), xa, the 6502 cross assembler (``xa``), Splint's static check of C (``splint``),
asn1c reading ASN.1 modules (``asn1c -EF``) and ONC RPC's stub generator (``rpcgen``). Each group is two distinct real
failures of its tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs

#: byacc writes the C parser of one grammar into build/.
BYACC_RUN = "mkdir -p build && byacc -d -o build/{name}.c grammar/{name}.y"
#: avra assembles one source into its hex files beside it.
AVRA_RUN = "avra src/{name}.asm"
#: xa assembles one 6502 source into a binary in build/.
XA_RUN = "mkdir -p build && xa -o build/{name}.bin src/{name}.a65"
#: rpcgen writes the C header of one interface into build/.
RPCGEN_RUN = "mkdir -p build && rpcgen -h -o build/{name}.h rpc/{name}.x"


def byacc(c: Any) -> None:
    needs(c, "byacc")
    proj = c.project(
        "shop-parser",
        {
            "grammar/sum.y": """\
            %{
            /* Sums the prices on a receipt line. */
            int yylex(void);
            void yyerror(const char *s);
            %}
            %tokn PRICE
            %%
            line : line '+' PRICE
                 | PRICE
                 ;
            """,
            "grammar/query.y": """\
            %{
            /* Reads a query of the shop's stock: an item and how many. */
            int yylex(void);
            void yyerror(const char *s);
            %}
            %token ITEM COUNT
            %%
            query : ITEM COUNT { $$ = $2;
                  | ITEM { $$ = 1; }
                  ;
            """,
        },
    )
    pair = Pair(c, "byacc", proj)
    pair.run(
        "byacc_syntax_error",
        BYACC_RUN.format(name="sum"),
        r'byacc: e - line \d+ of "grammar/sum.y", syntax error',
        ("grammar/sum.y", "%tokn PRICE", "%token PRICE"),
    )
    pair.run(
        "byacc_unterminated_action",
        BYACC_RUN.format(name="query"),
        r'byacc: e - line \d+ of "grammar/query.y", unterminated action',
        ("grammar/query.y", "{ $$ = $2;\n", "{ $$ = $2; }\n"),
    )


def avra(c: Any) -> None:
    needs(c, "avra")
    proj = c.project(
        "shop-door",
        {
            "src/bell.asm": """\
            ; The shop door's bell: port B driven high, then a loop.
            .device ATmega8
            .equ DDRB = 0x17
            .equ PORTB = 0x18
                    ldi r16, 0xff
                    out DDRB, r16
                    out PORTB, r16
            loop:
                    rjmp lop
            """,
            "src/count.asm": """\
            ; Counts the customers through the door in r17.
            .device ATmega8
                    ldi r16, 0x01
                    clr r17
            again:
                    movx r17, r16
                    rjmp again
            """,
        },
    )
    pair = Pair(c, "avra", proj)
    pair.run(
        "avra_no_label",
        AVRA_RUN.format(name="bell"),
        r"src/bell.asm\(\d+\) : Error\s+: Found no label/variable/constant named lop",
        ("src/bell.asm", "rjmp lop", "rjmp loop"),
    )
    pair.run(
        "avra_unknown_mnemonic",
        AVRA_RUN.format(name="count"),
        r"src/count.asm\(\d+\) : Error\s+: Unknown mnemonic/macro: movx",
        ("src/count.asm", "movx r17, r16", "add r17, r16"),
    )


def xa(c: Any) -> None:
    needs(c, "xa")
    proj = c.project(
        "shop-sign",
        {
            "src/border.a65": """\
            ; The shop sign's border colour, set and held.
                    * = $c000
            start   lda #$00
                    sta $d020
                    jmp strat
            """,
            "src/flash.a65": """\
            ; Flashes the sign's screen once.
                    * = $c000
                    lda #$01
                    sto $d021
                    rts
            """,
        },
    )
    pair = Pair(c, "xa", proj)
    pair.run(
        "xa_label_not_defined",
        XA_RUN.format(name="border"),
        r"src/border.a65:line \d+: \w+:Label 'strat' not defined",
        ("src/border.a65", "jmp strat", "jmp start"),
    )
    pair.run(
        "xa_syntax_error",
        XA_RUN.format(name="flash"),
        r"src/flash.a65:line \d+: \w+:Syntax error",
        ("src/flash.a65", "sto $d021", "sta $d021"),
    )


def splint(c: Any) -> None:
    needs(c, "splint")
    proj = c.project(
        "shop-till-c",
        {
            "src/total.c": """\
            /* The till's running total, printed once. */
            #include <stdio.h>

            int main(void)
            {
                int total;
                printf("%d\\n", total);
                return 0;
            }
            """,
            "src/count.c": """\
            /* Counts the items on a receipt. */
            int count(int items)
            {
                int seen = 0
                return seen + items;
            }
            """,
        },
    )
    pair = Pair(c, "splint", proj)
    pair.run(
        "splint_used_before_definition",
        "splint src/total.c",
        r"src/total.c:\d+:\d+: Variable total used before definition",
        ("src/total.c", "int total;", "int total = 0;"),
    )
    pair.run(
        "splint_parse_error",
        "splint src/count.c",
        r"src/count.c:\d+:\d+: Parse Error",
        ("src/count.c", "int seen = 0\n", "int seen = 0;\n"),
    )


def asn1c(c: Any) -> None:
    needs(c, "asn1c")
    proj = c.project(
        "shop-asn1",
        {
            "asn/item.asn": """\
            Item DEFINITIONS ::= BEGIN
            -- An item of the shop: its code and its price in cents.
            Item ::= SEQUENCE {
                code INTEGER,
                price Pryce
            }
            END
            """,
            "asn/sale.asn": """\
            Sale DEFINITIONS ::= BEGIN
            -- A sale at the till: the item's code and how many.
            Sale ::= SEQUENCE {
                code INTEGER
                amount INTEGER
            }
            END
            """,
        },
    )
    pair = Pair(c, "asn1c", proj)
    pair.run(
        "asn1c_unknown_type",
        "asn1c -EF asn/item.asn",
        r'FATAL: Unknown type "Pryce" referenced by "price"',
        ("asn/item.asn", "price Pryce", "price INTEGER"),
    )
    pair.run(
        "asn1c_parse_error",
        "asn1c -EF asn/sale.asn",
        r'ASN.1 grammar parse error near line \d+ \(token "amount"\)',
        ("asn/sale.asn", "code INTEGER\n", "code INTEGER,\n"),
    )


def rpcgen(c: Any) -> None:
    needs(c, "rpcgen")
    proj = c.project(
        "shop-rpc",
        {
            "rpc/till.x": """\
            /* The till's remote call: the total of a receipt. */
            program TILL {
                version TILL_V1 {
                    int TOTAL(int) = 1;
                } = 1
            } = 0x20000001;
            """,
            "rpc/item.x": """\
            /* An item as the stock service sends it. */
            struct item {
                int code;
                string name;
            };
            """,
        },
    )
    pair = Pair(c, "rpcgen", proj)
    pair.run(
        "rpcgen_expected_semicolon",
        RPCGEN_RUN.format(name="till"),
        r"rpc/till.x, line \d+: expected ';'",
        ("rpc/till.x", "} = 1\n", "} = 1;\n"),
    )
    pair.run(
        "rpcgen_variable_length_array",
        RPCGEN_RUN.format(name="item"),
        r"rpc/item.x, line \d+: variable-length array declaration expected",
        ("rpc/item.x", "string name;", "string name<32>;"),
    )
