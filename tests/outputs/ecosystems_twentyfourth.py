"""Ecosystem corpus groups of the twenty-fourth held-out part, tools people run every day (see ``ecosystems.py``),
from Debian: GnuCOBOL's compiler, Raku's test module, the Scala compiler, the Haxe compiler, Crystal's spec runner and
BIND's zone checker. Each group is two distinct real failures of its tool, each fixed by one edit and run again, in
the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs

#: Raku runs one test file with the project's modules on its include path (a failing test makes it exit non-zero).
RAKU_RUN = "raku -Ilib t/{name}.rakutest"
#: Crystal compiles one spec file with what it requires and runs its examples.
CRYSTAL_RUN = "crystal spec spec/{name}_spec.cr"
#: BIND's zone checker loads one zone file as the server would.
ZONE_CHECK = "named-checkzone shop.example zones/{name}.zone"


def cobc(c: Any) -> None:
    needs(c, "cobc")
    proj = c.project(
        "shop-cobol",
        {
            "src/cart.cob": """
            IDENTIFICATION DIVISION.
            PROGRAM-ID. CART.
            DATA DIVISION.
            WORKING-STORAGE SECTION.
            01 WS-QTY       PIC 9(4) VALUE 3.
            01 WS-CENTS     PIC 9(6) VALUE 250.
            01 WS-TOTAL     PIC 9(8) VALUE 0.
            PROCEDURE DIVISION.
                COMPUTE WS-TOTAL = WS-QTY * WS-CENTS
                DISPLAY "TOTAL: " WS-TOTL
                STOP RUN.
        """,
            "src/stock.cob": """
            IDENTIFICATION DIVISION.
            PROGRAM-ID. STOCK.
            DATA DIVISION.
            WORKING-STORAGE SECTION.
            01 WS-SKU       PIC X(5) VALUE "APPLE".
            01 WS-ON-HAND   PIC 9(4) VALUE 8.
            01 WS-REORDER   PIC 9(4) VALUE 10.
            PROCEDURE DIVISION.
                SUBTRACT WS-SKU FROM WS-ON-HAND
                IF WS-ON-HAND <= WS-REORDER
                    DISPLAY "REORDER " WS-SKU
                END-IF
                STOP RUN.
        """,
        },
    )
    pair = Pair(c, "cobc", proj)
    pair.run(
        "cobc_not_defined",
        "cobc -free -x -o cart src/cart.cob",
        r"error: 'WS-TOTL' is not defined",
        ("src/cart.cob", 'DISPLAY "TOTAL: " WS-TOTL', 'DISPLAY "TOTAL: " WS-TOTAL'),
    )
    pair.run(
        "cobc_not_numeric",
        "cobc -free -x -o stock src/stock.cob",
        r"error: 'WS-SKU' is not a numeric value",
        ("src/stock.cob", "SUBTRACT WS-SKU FROM WS-ON-HAND", "SUBTRACT 1 FROM WS-ON-HAND"),
    )


def raku(c: Any) -> None:
    needs(c, "raku")
    proj = c.project(
        "shop-raku",
        {
            "lib/Pricing.rakumod": """
            unit module Pricing;

            sub discounted(Int $cents, Int $percent --> Int) is export {
                $cents - $cents * $percent div 1000
            }
        """,
            "lib/Stock.rakumod": """
            unit module Stock;

            class Item is export {
                has Str $.sku;
                has Int $.on-hand;
                has Int $.reorder-at;
            }

            sub needs-reorder(Item $item --> Bool) is export {
                $item.on-hnad <= $item.reorder-at
            }
        """,
            "t/pricing.rakutest": """
            use Test;
            use Pricing;

            plan 2;
            is discounted(1000, 10), 900, 'ten percent off';
            is discounted(1000, 0), 1000, 'no discount';
        """,
            "t/stock.rakutest": """
            use Test;
            use Stock;

            plan 2;
            ok needs-reorder(Item.new(sku => 'apple', on-hand => 8, reorder-at => 10)), 'apples are reordered at ten';
            nok needs-reorder(Item.new(sku => 'pear', on-hand => 6, reorder-at => 4)), 'pears are not reordered at six';
        """,
        },
    )
    pair = Pair(c, "raku", proj)
    pair.run(
        "raku_test_failed",
        RAKU_RUN.format(name="pricing"),
        r"Failed test 'ten percent off'",
        ("lib/Pricing.rakumod", "$percent div 1000", "$percent div 100"),
    )
    pair.run(
        "raku_no_such_method",
        RAKU_RUN.format(name="stock"),
        r"No such method 'on-hnad'",
        ("lib/Stock.rakumod", "$item.on-hnad", "$item.on-hand"),
    )


def scalac(c: Any) -> None:
    needs(c, "scalac")
    proj = c.project(
        "shop-scala",
        {
            "src/Cart.scala": """
            case class Line(sku: String, qty: Int, cents: Int)

            object Cart {
              def lineTotal(line: Line): Int = line.qty * line.cents

              def label(line: Line): String = lineTotal(line)
            }
        """,
            "src/Stock.scala": """
            case class Item(sku: String, onHand: Int, reorderLevel: Int)

            object Stock {
              def needsReorder(item: Item): Boolean = item.onHand <= reorderAt
            }
        """,
        },
    )
    pair = Pair(c, "scalac", proj)
    pair.run(
        "scalac_type_mismatch",
        "mkdir -p out && scalac -d out src/Cart.scala",
        r"error: type mismatch",
        ("src/Cart.scala", "String = lineTotal(line)", 'String = s"${line.sku}: ${lineTotal(line)}"'),
        timeout=900,
    )
    pair.run(
        "scalac_not_found",
        "mkdir -p out && scalac -d out src/Stock.scala",
        r"error: not found: value reorderAt",
        ("src/Stock.scala", "<= reorderAt", "<= item.reorderLevel"),
        timeout=900,
    )


def haxe(c: Any) -> None:
    needs(c, "haxe")
    proj = c.project(
        "shop-haxe",
        {
            "src/Cart.hx": """
            class Cart {
                static function lineTotal(qty:Int, cents:Int):Int {
                    return qty * cents;
                }

                static function label(sku:String, qty:Int, cents:Int):String {
                    return lineTotal(qty, cents);
                }

                static function main() {
                    trace(label("apple", 3, 250));
                }
            }
        """,
            "src/Stock.hx": """
            typedef Item = {sku:String, onHand:Int, reorderAt:Int};

            class Stock {
                static function needsReorder(item:Item):Bool {
                    return item.onHnad <= item.reorderAt;
                }

                static function main() {
                    trace(needsReorder({sku: "apple", onHand: 8, reorderAt: 10}));
                }
            }
        """,
        },
    )
    pair = Pair(c, "haxe", proj)
    pair.run(
        "haxe_type_error",
        "haxe -cp src -main Cart --interp",
        r"Int should be String",
        ("src/Cart.hx", "return lineTotal(qty, cents);", 'return sku + ": " + lineTotal(qty, cents);'),
    )
    pair.run(
        "haxe_no_field",
        "haxe -cp src -main Stock --interp",
        r"has no field onHnad",
        ("src/Stock.hx", "item.onHnad", "item.onHand"),
    )


def crystal(c: Any) -> None:
    needs(c, "crystal")
    proj = c.project(
        "shop-crystal",
        {
            "src/pricing.cr": """
            def discounted(cents : Int32, percent : Int32) : Int32
              cents - cents * percent // 1000
            end
        """,
            "src/stock.cr": """
            record Item, sku : String, on_hand : Int32, reorder_at : Int32

            def needs_reorder?(item : Item) : Bool
              item.on_hnad <= item.reorder_at
            end
        """,
            "spec/pricing_spec.cr": """
            require "spec"
            require "../src/pricing"

            describe "discounted" do
              it "takes ten percent off" do
                discounted(1000, 10).should eq 900
              end

              it "leaves the price alone at zero" do
                discounted(1000, 0).should eq 1000
              end
            end
        """,
            "spec/stock_spec.cr": """
            require "spec"
            require "../src/stock"

            describe "needs_reorder?" do
              it "reorders apples at ten" do
                needs_reorder?(Item.new("apple", 8, 10)).should be_true
              end
            end
        """,
        },
    )
    pair = Pair(c, "crystal", proj)
    pair.run(
        "crystal_spec_failure",
        CRYSTAL_RUN.format(name="pricing"),
        r"Expected: 900",
        ("src/pricing.cr", "percent // 1000", "percent // 100"),
        timeout=900,
    )
    pair.run(
        "crystal_undefined_method",
        CRYSTAL_RUN.format(name="stock"),
        r"undefined method 'on_hnad'",
        ("src/stock.cr", "item.on_hnad", "item.on_hand"),
        timeout=900,
    )


def named_checkzone(c: Any) -> None:
    needs(c, "named-checkzone")
    proj = c.project(
        "shop-dns",
        {
            "zones/web.zone": """
            $TTL 3600
            @       IN SOA  ns1.shop.example. hostmaster.shop.example. (
                            2026112901 7200 900 1209600 300 )
                    IN NS   ns1.shop.example.
            ns1     IN A    192.0.2.10
            www     IN A    192.0.2.300
            api     IN A    192.0.2.21
        """,
            "zones/mail.zone": """
            $TTL 3600
            @       IN SOA  ns1.shop.example. hostmaster.shop.example. (
                            2026112901 7200 900 1209600 300 )
                    IN NS   ns1.shop.example.
            ns1     IN A    192.0.2.10
            mail    IN A    192.0.2.25
            shop    IN CNAME www.shop.example.
            shop    IN MX   10 mail.shop.example.
            www     IN A    192.0.2.20
        """,
        },
    )
    pair = Pair(c, "named_checkzone", proj)
    pair.run(
        "named_checkzone_bad_quad",
        ZONE_CHECK.format(name="web"),
        r"bad dotted quad",
        ("zones/web.zone", "192.0.2.300", "192.0.2.30"),
    )
    pair.run(
        "named_checkzone_cname_other",
        ZONE_CHECK.format(name="mail"),
        r"CNAME and other data",
        ("zones/mail.zone", "shop    IN MX   10 mail.shop.example.\n", ""),
    )
