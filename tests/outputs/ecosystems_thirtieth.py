"""Ecosystem corpus groups of the thirtieth held-out part, schema compilers, low-level build steps, a template engine
and a Markdown linter people run every day (see ``ecosystems.py``), from Debian and PyPI and on ``PATH`` when
capturing: Cap'n Proto's ``capnp`` compiler, FlatBuffers' ``flatc``, the GNU assembler ``as`` and the GNU linker ``ld``
(binutils), Mako's ``mako-render`` and PyMarkdown (``pymarkdown``, a linter of Markdown files). Each group is two
distinct real failures of its tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs

#: capnp compiles one schema to C++.
CAPNP_RUN = "capnp compile -oc++ schema/{name}.capnp"
#: flatc generates the Python code of one schema.
FLATC_RUN = "flatc --python -o gen schema/{name}.fbs"
#: as assembles one source file.
AS_RUN = "as --64 -o {name}.o src/{name}.s"
#: Two objects assembled then linked into one program.
LD_RUN = "as --64 -o main.o src/main.s && as --64 -o {lib}.o src/{lib}.s && ld -o shop main.o {lib}.o"
#: mako-render renders one template with the variables given.
MAKO_RUN = "mako-render {vars} templates/{name}.mako"
#: PyMarkdown scans one document.
PYMARKDOWN_RUN = "pymarkdown scan docs/{name}.md"


def capnp(c: Any) -> None:
    needs(c, "capnp")
    proj = c.project(
        "shop-capnp",
        {
            "schema/orders.capnp": """\
            @0xbf5147cbbecf40c1;

            struct Order {
              id @0 :Text;
              total @1 :Float64;
              items @2 :List(OrderItem);
            }

            struct OrderItem {
              sku @0 :Text;
              qty @1 :UInt32;
              price @1 :Float64;
            }
            """,
            "schema/stock.capnp": """\
            @0xd3a9e1c0b2f46a17;

            struct Warehouse {
              name @0 :Text;
              city @1 :Text;
            }

            struct StockLevel {
              sku @0 :Text;
              onHand @1 :Int32;
              warehouse @2 :Warehous;
            }
            """,
        },
    )
    pair = Pair(c, "capnp", proj)
    pair.run(
        "capnp_duplicate_ordinal",
        CAPNP_RUN.format(name="orders"),
        r"error: Duplicate ordinal number",
        ("schema/orders.capnp", "price @1 :Float64;", "price @2 :Float64;"),
    )
    pair.run(
        "capnp_not_defined",
        CAPNP_RUN.format(name="stock"),
        r"error: Not defined: Warehous",
        ("schema/stock.capnp", "warehouse @2 :Warehous;", "warehouse @2 :Warehouse;"),
    )


def flatc(c: Any) -> None:
    needs(c, "flatc")
    proj = c.project(
        "shop-flatbuffers",
        {
            "schema/stock.fbs": """\
            namespace Shop;

            table StockLevel {
              sku: string;
              on_hand: int32
              warehouse: string;
            }

            root_type StockLevel;
            """,
            "schema/basket.fbs": """\
            namespace Shop;

            table Item {
              sku: string;
              qty: uint32;
            }

            table Basket {
              customer: string;
              items: [Itemm];
            }

            root_type Basket;
            """,
        },
    )
    pair = Pair(c, "flatc", proj)
    pair.run(
        "flatc_missing_semicolon",
        FLATC_RUN.format(name="stock"),
        r"error: expecting: ; instead got: warehouse",
        ("schema/stock.fbs", "on_hand: int32\n", "on_hand: int32;\n"),
    )
    pair.run(
        "flatc_undefined_type",
        FLATC_RUN.format(name="basket"),
        r"type referenced but not defined .*Itemm",
        ("schema/basket.fbs", "items: [Itemm];", "items: [Item];"),
    )


def gas(c: Any) -> None:
    needs(c, "as")
    proj = c.project(
        "shop-asm",
        {
            "src/start.s": """\
                .globl _start
                .text
            _start:
                movq $60, %rax
                movq $0, %rdi
                sycall
            """,
            "src/totals.s": """\
                .globl add_three
                .text
            # rax = rdi + rsi + rdx
            add_three:
                movq %rdi, %rax
                addq %rsi, %rax
                addq %rdx, %rax, %rcx
                ret
            """,
        },
    )
    pair = Pair(c, "gas", proj)
    pair.run(
        "gas_no_such_instruction",
        AS_RUN.format(name="start"),
        r"Error: no such instruction: `sycall'",
        ("src/start.s", "    sycall\n", "    syscall\n"),
    )
    pair.run(
        "gas_operands_mismatch",
        AS_RUN.format(name="totals"),
        r"Error: number of operands mismatch",
        ("src/totals.s", "addq %rdx, %rax, %rcx", "addq %rdx, %rax"),
    )


LD_MAIN = """\
    .globl _start
    .text
_start:
    movq $2, %rdi
    movq $3, %rsi
    call add_total
    movq %rax, %rdi
    call round_cents
    movq %rax, %rdi
    movq $60, %rax
    syscall
"""


def ld(c: Any) -> None:
    needs(c, "ld")
    proj = c.project(
        "shop-link",
        {
            "src/main.s": LD_MAIN,
            "src/totals.s": """\
                .globl add_totals
                .globl round_cents
                .text
            add_totals:
                movq %rdi, %rax
                addq %rsi, %rax
                ret
            round_cents:
                movq %rdi, %rax
                ret
            """,
            "src/prices.s": """\
                .globl add_totals
                .globl round_cents
                .text
            add_totals:
                movq %rdi, %rax
                addq %rsi, %rax
                ret
            round_cents:
                movq %rdi, %rax
                ret
            """,
        },
    )
    pair = Pair(c, "ld", proj)
    pair.run(
        "ld_undefined_reference",
        LD_RUN.format(lib="totals"),
        r"undefined reference to `add_total'",
        ("src/main.s", "call add_total\n", "call add_totals\n"),
    )
    proj = c.project(
        "shop-link",
        {
            "src/main.s": LD_MAIN.replace("call add_total\n", "call add_totals\n"),
            "src/tax.s": """\
                .globl round_cents
                .globl add_tax
                .text
            round_cents:
                movq %rdi, %rax
                ret
            add_tax:
                movq %rdi, %rax
                ret
            """,
        },
    )
    pair.run(
        "ld_multiple_definition",
        "as --64 -o main.o src/main.s && as --64 -o prices.o src/prices.s && as --64 -o tax.o src/tax.s"
        " && ld -o shop main.o prices.o tax.o",
        r"multiple definition of `round_cents'",
        ("src/tax.s", "    .globl round_cents\n", ""),
    )


def mako(c: Any) -> None:
    needs(c, "mako-render")
    proj = c.project(
        "shop-mako",
        {
            "templates/receipt.txt.mako": """\
            Receipt for order ${order_id}
            % for sku in skus.split(","):
              - ${sku}
            % endfor
            Total: ${totl}
            """,
            "templates/mail.txt.mako": """\
            Hello ${name},
            % if paid == "yes":
            Your order is paid and will ship soon.
            % else:
            Your order waits for payment.
            Thanks for shopping with us.
            """,
        },
    )
    pair = Pair(c, "mako", proj)
    pair.run(
        "mako_undefined_name",
        MAKO_RUN.format(vars="--var order_id=42 --var skus=A1,B2 --var total=9.50", name="receipt.txt"),
        r"NameError: Undefined",
        ("templates/receipt.txt.mako", "${totl}", "${total}"),
    )
    pair.run(
        "mako_unterminated_control",
        MAKO_RUN.format(vars="--var name=Ann --var paid=yes", name="mail.txt"),
        r"Unterminated control keyword: 'if'",
        ("templates/mail.txt.mako", "Your order waits for payment.\n", "Your order waits for payment.\n% endif\n"),
    )


def pymarkdown(c: Any) -> None:
    needs(c, "pymarkdown")
    proj = c.project(
        "shop-docs",
        {
            "docs/install.md": """\
            # Installing the shop

            The shop runs on Python 3.11.

            ## Requirements
            A database and a mail server.

            ## Steps

            Run `make install`.
            """,
            "docs/usage.md": """\
            # Using the shop

            Start it with `make run`.

            #### Orders

            Orders are listed under `/orders`.
            """,
        },
    )
    pair = Pair(c, "pymarkdown", proj)
    pair.run(
        "pymarkdown_blanks_around_headings",
        PYMARKDOWN_RUN.format(name="install"),
        r"MD022: Headings should be surrounded by blank lines",
        ("docs/install.md", "## Requirements\n", "## Requirements\n\n"),
    )
    pair.run(
        "pymarkdown_heading_increment",
        PYMARKDOWN_RUN.format(name="usage"),
        r"MD001: Heading levels should only increment by one level at a time",
        ("docs/usage.md", "#### Orders", "## Orders"),
    )
