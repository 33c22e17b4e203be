"""Ecosystem corpus groups of the twenty-third held-out part, tools people run every day (see ``ecosystems.py``),
from Debian: the Kotlin compiler, testthat (R's test runner), JUnit 4's console runner, Packer and PHPMD. Each group is
two distinct real failures of its tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs

#: R's test runner over one file's tests (a failing test makes ``test_dir`` stop with an error, and Rscript exit 1).
TESTTHAT_RUN = 'Rscript -e \'testthat::test_dir("tests/testthat", filter = "{name}")\''
#: JUnit 4 and Hamcrest as Debian installs them.
JUNIT_CP = "/usr/share/java/junit4.jar:/usr/share/java/hamcrest-core.jar"
JUNIT_RUN = f"javac -cp {JUNIT_CP} -d out src/*.java && java -cp out:{JUNIT_CP} org.junit.runner.JUnitCore {{name}}"
#: PHPMD's rule sets the project enforces: code never used, and design rules (debug calls left in, exit, eval).
PHPMD_RULES = "unusedcode,design"


def kotlinc(c: Any) -> None:
    needs(c, "kotlinc")
    proj = c.project(
        "shop-kotlin",
        {
            "src/Cart.kt": """
            data class Line(val sku: String, val qty: Int, val cents: Int)

            fun lineTotal(line: Line): Int = line.qty * line.cents

            fun label(line: Line): String {
                return lineTotal(line)
            }
        """,
            "src/Stock.kt": """
            data class Item(val sku: String, val onHand: Int, val reorderAt: Int)

            fun needsReorder(item: Item): Boolean {
                return item.onHnad <= item.reorderAt
            }
        """,
        },
    )
    pair = Pair(c, "kotlinc", proj)
    pair.run(
        "kotlinc_type_mismatch",
        "kotlinc src/Cart.kt -d out",
        r"error: type mismatch: inferred type is Int but String was expected",
        ("src/Cart.kt", "return lineTotal(line)", 'return "${line.sku}: ${lineTotal(line)}"'),
    )
    pair.run(
        "kotlinc_unresolved_reference",
        "kotlinc src/Stock.kt -d out",
        r"error: unresolved reference: onHnad",
        ("src/Stock.kt", "item.onHnad", "item.onHand"),
    )


def testthat(c: Any) -> None:
    needs(c, "Rscript")
    proj = c.project(
        "shop-r",
        {
            "R/pricing.R": """
            discounted <- function(cents, percent) {
              cents - cents * percent %/% 100
            }
        """,
            "R/stock.R": """
            reorder_levels <- c(apple = 10, pear = 4)

            needs_reorder <- function(sku, on_hand) {
              on_hand <= reorder_level[[sku]]
            }
        """,
            "tests/testthat/helper-load.R": """
            source(file.path("..", "..", "R", "pricing.R"))
            source(file.path("..", "..", "R", "stock.R"))
        """,
            "tests/testthat/test-pricing.R": """
            test_that("ten percent off", {
              expect_equal(discounted(1000, 10), 900)
            })

            test_that("no discount", {
              expect_equal(discounted(1000, 0), 1000)
            })
        """,
            "tests/testthat/test-stock.R": """
            test_that("apples are reordered at ten", {
              expect_true(needs_reorder("apple", 8))
            })

            test_that("pears are not reordered at six", {
              expect_false(needs_reorder("pear", 6))
            })
        """,
        },
    )
    pair = Pair(c, "testthat", proj)
    pair.run(
        "testthat_not_equal",
        TESTTHAT_RUN.format(name="pricing"),
        r"discounted\(1000, 10\) not equal to 900",
        ("R/pricing.R", "cents * percent %/% 100", "cents * percent / 100"),
    )
    pair.run(
        "testthat_object_not_found",
        TESTTHAT_RUN.format(name="stock"),
        r"object 'reorder_level' not found",
        ("R/stock.R", "reorder_level[[sku]]", "reorder_levels[[sku]]"),
    )


def junit4(c: Any) -> None:
    needs(c, "javac")
    proj = c.project(
        "shop-junit",
        {
            "src/Pricing.java": """
            public class Pricing {
                public static int discounted(int cents, int percent) {
                    return cents - cents * percent / 1000;
                }
            }
        """,
            "src/Stock.java": """
            import java.util.HashMap;
            import java.util.Map;

            public class Stock {
                private final Map<String, Integer> reorderAt = new HashMap<>();

                public Stock() {
                    reorderAt.put("apple", 10);
                }

                public boolean needsReorder(String sku, int onHand) {
                    return onHand <= reorderAt.get(sku);
                }
            }
        """,
            "src/PricingTest.java": """
            import static org.junit.Assert.assertEquals;

            import org.junit.Test;

            public class PricingTest {
                @Test
                public void tenPercentOff() {
                    assertEquals(900, Pricing.discounted(1000, 10));
                }

                @Test
                public void noDiscount() {
                    assertEquals(1000, Pricing.discounted(1000, 0));
                }
            }
        """,
            "src/StockTest.java": """
            import static org.junit.Assert.assertFalse;
            import static org.junit.Assert.assertTrue;

            import org.junit.Test;

            public class StockTest {
                @Test
                public void applesAreReordered() {
                    assertTrue(new Stock().needsReorder("apple", 8));
                }

                @Test
                public void unknownSkuIsNotReordered() {
                    assertFalse(new Stock().needsReorder("kiwi", 3));
                }
            }
        """,
        },
    )
    pair = Pair(c, "junit4", proj)
    pair.run(
        "junit4_assert_equals",
        JUNIT_RUN.format(name="PricingTest"),
        r"expected:<900> but was:<990>",
        ("src/Pricing.java", "percent / 1000", "percent / 100"),
    )
    pair.run(
        "junit4_null_pointer",
        JUNIT_RUN.format(name="StockTest"),
        r"java\.lang\.NullPointerException",
        ("src/Stock.java", "onHand <= reorderAt.get(sku)", "onHand <= reorderAt.getOrDefault(sku, 0)"),
    )


def packer(c: Any) -> None:
    needs(c, "packer")
    proj = c.project(
        "shop-packer",
        {
            "image/build.pkr.hcl": """
            variable "region" {
              type    = string
              default = "eu-west-3"
            }

            source "null" "shop" {
              communicator = "none"
            }

            build {
              sources = ["source.null.shop"]

              provisioner "shell-local" {
                inline = ["echo building the shop image for ${var.regoin}"]
              }
            }
        """,
            "release/build.pkr.hcl": """
            variable "release" {
              type = string
            }

            source "null" "shop" {
              communicator = "none"
            }

            build {
              sources = ["source.null.shop"]

              provisioner "shell-local" {
                inline = ["echo tagging release ${var.release}"]
              }
            }
        """,
        },
    )
    pair = Pair(c, "packer", proj)
    pair.run(
        "packer_unsupported_attribute",
        "packer validate image",
        r"Unsupported attribute; This object does not have",
        ("image/build.pkr.hcl", "${var.regoin}", "${var.region}"),
    )
    pair.run(
        "packer_unset_variable",
        "packer validate release",
        r'Error: Unset variable "release"',
        ("release/build.pkr.hcl", "  type = string\n}", '  type    = string\n  default = "2026.11"\n}'),
    )


def phpmd(c: Any) -> None:
    needs(c, "phpmd")
    proj = c.project(
        "shop-phpmd",
        {
            "src/Cart.php": """
            <?php

            class Cart
            {
                public function total(array $lines, string $currency): int
                {
                    $sum = 0;
                    foreach ($lines as $line) {
                        $sum += $line['qty'] * $line['cents'];
                    }
                    return $sum;
                }
            }
        """,
            "src/Stock.php": """
            <?php

            class Stock
            {
                public function needsReorder(int $onHand, int $reorderAt): bool
                {
                    var_dump($onHand, $reorderAt);
                    return $onHand <= $reorderAt;
                }
            }
        """,
        },
    )
    pair = Pair(c, "phpmd", proj)
    pair.run(
        "phpmd_unused_parameter",
        f"phpmd src/Cart.php text {PHPMD_RULES}",
        r"UnusedFormalParameter",
        ("src/Cart.php", "array $lines, string $currency", "array $lines"),
    )
    pair.run(
        "phpmd_debug_function",
        f"phpmd src/Stock.php text {PHPMD_RULES}",
        r"DevelopmentCodeFragment",
        ("src/Stock.php", "        var_dump($onHand, $reorderAt);\n", ""),
    )
