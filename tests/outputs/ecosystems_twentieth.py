"""Ecosystem corpus groups of the twentieth held-out part, tools people run every day (see ``ecosystems.py``), from
Debian: GoogleTest (built with g++), Hugo and Jsonnet; from PyPI (on PATH when capturing): Pyrefly. Each group is two
distinct real failures of its tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs

GTEST_BUILD = "g++ -std=c++17 {name}_test.cc -lgtest -lgtest_main -pthread -o {name}_test && ./{name}_test"


def gtest(c: Any) -> None:
    needs(c, "g++")
    proj = c.project(
        "shop-gtest",
        {
            "cart_test.cc": """
            #include <gtest/gtest.h>

            int line_total(int qty, int cents, int discount_percent) {
              return qty * cents - discount_percent;
            }

            TEST(CartTest, FullPrice) {
              EXPECT_EQ(line_total(3, 250, 0), 750);
            }

            TEST(CartTest, TenPercentOff) {
              EXPECT_EQ(line_total(4, 250, 10), 900);
            }
        """,
            "stock_test.cc": """
            #include <gtest/gtest.h>

            #include <map>
            #include <string>

            int reserve(std::map<std::string, int>& stock, const std::string& sku, int qty) {
              int& left = stock.at(sku);
              left -= qty;
              return left;
            }

            TEST(StockTest, ReserveKnownSku) {
              std::map<std::string, int> stock{{"SKU-1", 5}};
              EXPECT_EQ(reserve(stock, "SKU-1", 2), 3);
            }

            TEST(StockTest, ReserveNewSku) {
              std::map<std::string, int> stock{{"SKU-1", 5}};
              EXPECT_EQ(reserve(stock, "SKU-2", 0), 0);
            }
        """,
        },
    )
    pair = Pair(c, "gtest", proj)
    pair.run(
        "gtest_expect_eq",
        GTEST_BUILD.format(name="cart"),
        r"\[  FAILED  \] CartTest.TenPercentOff",
        (
            "cart_test.cc",
            "return qty * cents - discount_percent;",
            "return qty * cents * (100 - discount_percent) / 100;",
        ),
    )
    pair.run(
        "gtest_exception",
        GTEST_BUILD.format(name="stock"),
        r"C\+\+ exception with description",
        ("stock_test.cc", "int& left = stock.at(sku);", "int& left = stock[sku];"),
    )


HUGO_CONFIG = (
    'baseURL = "https://shop.example/"\ntitle = "{title}"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n'
)
HUGO_LIST = '{{ define "main" }}<ul>{{ range .Pages }}<li>{{ .Title }}</li>{{ end }}</ul>{{ end }}\n'
HUGO_SINGLE = '{{ define "main" }}<article><h1>{{ .Title }}</h1>{{ .Content }}</article>{{ end }}\n'
HUGO_HOME = '{{ define "main" }}<ul>{{ range .Site.RegularPages }}<li>{{ .Title }}</li>{{ end }}</ul>{{ end }}\n'
HUGO_BASE = (
    '<!doctype html>\n<html>\n<body>\n{{{{ partial "{header}" . }}}}\n{{{{ block "main" . }}}}{{{{ end }}}}\n'
    "</body>\n</html>\n"
)


def hugo(c: Any) -> None:
    needs(c, "hugo")
    files: dict[str, str] = {}
    for site, title, header in (("blog", "Shop blog", "header.html"), ("help", "Shop help", "site-header.html")):
        files.update(
            {
                f"{site}/hugo.toml": HUGO_CONFIG.format(title=title),
                f"{site}/layouts/_default/baseof.html": HUGO_BASE.format(header=header),
                f"{site}/layouts/_default/list.html": HUGO_LIST,
                f"{site}/layouts/_default/single.html": HUGO_SINGLE,
                f"{site}/layouts/index.html": HUGO_HOME,
                f"{site}/layouts/partials/site-header.html": '<header><a href="/">{{ .Site.Title }}</a></header>\n',
            }
        )
    files.update(
        {
            "blog/content/posts/split-orders.md": """
            ---
            title: "Split orders"
            date: 2024-03-02
            ---

            Orders can now ship from two warehouses.
        """,
            "help/layouts/shortcodes/note.html": '<aside class="note">{{ .Inner | markdownify }}</aside>\n',
            "help/content/returns.md": """
            ---
            title: "Returns"
            date: 2024-03-09
            ---

            Returns are free within 30 days.

            {{< notice >}}Keep the label until the refund arrives.{{< /notice >}}
        """,
        }
    )
    proj = c.project("shop-hugo", files)
    pair = Pair(c, "hugo", proj)
    pair.run(
        "hugo_partial_not_found",
        "cd blog && hugo",
        r'partial "header.html" not found',
        ("blog/layouts/_default/baseof.html", '{{ partial "header.html" . }}', '{{ partial "site-header.html" . }}'),
    )
    pair.run(
        "hugo_shortcode_not_found",
        "cd help && hugo",
        r'shortcode "notice" not found',
        (
            "help/content/returns.md",
            "{{< notice >}}Keep the label until the refund arrives.{{< /notice >}}",
            "{{< note >}}Keep the label until the refund arrives.{{< /note >}}",
        ),
    )


def jsonnet(c: Any) -> None:
    needs(c, "jsonnet")
    proj = c.project(
        "shop-jsonnet",
        {
            "deploy/base.libsonnet": """
            {
              replicas: 2,
              version: '3.1.0',
            }
        """,
            "deploy/api.jsonnet": """
            local base = import 'base.libsonnet';

            {
              name: 'shop-api',
              replicas: base.replica,
              image: 'shop/api:' + base.version,
            }
        """,
            "deploy/worker.jsonnet": """
            local queues = ['orders', 'mail'];

            {
              name: 'shop-worker',
              queues: queues,
              concurrency: std.length(queue) * 4,
            }
        """,
        },
    )
    pair = Pair(c, "jsonnet", proj)
    pair.run(
        "jsonnet_missing_field",
        "cd deploy && jsonnet api.jsonnet",
        r"field does not exist",
        ("deploy/api.jsonnet", "replicas: base.replica,", "replicas: base.replicas,"),
    )
    pair.run(
        "jsonnet_unknown_variable",
        "cd deploy && jsonnet worker.jsonnet",
        r"Unknown variable",
        ("deploy/worker.jsonnet", "std.length(queue) * 4", "std.length(queues) * 4"),
    )


PYREFLY_PROJECT = (
    '[project]\nname = "{name}"\nversion = "1.0.0"\nrequires-python = ">=3.11"\n\n'
    '[tool.pyrefly]\nproject-includes = ["{name}"]\n'
)


def pyrefly(c: Any) -> None:
    needs(c, "pyrefly")
    proj = c.project(
        "shop-pyrefly",
        {
            "orders/pyproject.toml": PYREFLY_PROJECT.format(name="orders"),
            "orders/orders/__init__.py": "",
            "orders/orders/receipt.py": """
            from dataclasses import dataclass


            @dataclass
            class Line:
                sku: str
                qty: int
                cents: int


            def order_total(lines: list[Line]) -> int:
                return sum(line.qty * line.cents for line in lines)


            def receipt(lines: list[Line]) -> str:
                return "Total: " + order_total(lines)
        """,
            "stock/pyproject.toml": PYREFLY_PROJECT.format(name="stock"),
            "stock/stock/__init__.py": "",
            "stock/stock/levels.py": """
            from typing import TypedDict


            class Level(TypedDict):
                sku: str
                on_hand: int
                reserved: int


            def available(level: Level) -> int:
                return level["on_hand"] - level["reserved"]


            def low_stock(levels: list[Level], threshold: int) -> list[str]:
                return [level.sku for level in levels if available(level) < threshold]
        """,
        },
    )
    pair = Pair(c, "pyrefly", proj)
    pair.run(
        "pyrefly_unsupported_operation",
        "cd orders && pyrefly check",
        r"unsupported-operation",
        ("orders/orders/receipt.py", '"Total: " + order_total(lines)', 'f"Total: {order_total(lines)}"'),
    )
    pair.run(
        "pyrefly_missing_attribute",
        "cd stock && pyrefly check",
        r"missing-attribute",
        ("stock/stock/levels.py", "[level.sku for level", '[level["sku"] for level'),
    )


CHECKSTYLE_CHECKS = """
<?xml version="1.0"?>
<!DOCTYPE module PUBLIC "-//Checkstyle//DTD Checkstyle Configuration 1.3//EN"
    "https://checkstyle.org/dtds/configuration_1_3.dtd">
<module name="Checker">
  <module name="TreeWalker">
    <module name="UnusedImports"/>
    <module name="NeedBraces"/>
    <module name="MagicNumber"/>
  </module>
</module>
"""


def checkstyle(c: Any) -> None:
    needs(c, "checkstyle")
    proj = c.project(
        "shop-checkstyle",
        {
            "checks.xml": CHECKSTYLE_CHECKS,
            "src/shop/Cart.java": """
            package shop;

            import java.util.List;
            import java.util.Map;

            public class Cart {
                public static int total(List<Integer> cents) {
                    int sum = 0;
                    for (int c : cents) {
                        sum += c;
                    }
                    return sum;
                }
            }
        """,
            "src/shop/Stock.java": """
            package shop;

            public class Stock {
                private static final int MAX_ORDER = 100;

                public static int clamp(int qty) {
                    if (qty > MAX_ORDER) return MAX_ORDER;
                    return qty;
                }
            }
        """,
        },
    )
    pair = Pair(c, "checkstyle", proj)
    pair.run(
        "checkstyle_unused_import",
        "checkstyle -c checks.xml src/shop/Cart.java",
        r"\[UnusedImports\]",
        ("src/shop/Cart.java", "import java.util.Map;\n", ""),
    )
    pair.run(
        "checkstyle_need_braces",
        "checkstyle -c checks.xml src/shop/Stock.java",
        r"\[NeedBraces\]",
        (
            "src/shop/Stock.java",
            "if (qty > MAX_ORDER) return MAX_ORDER;",
            "if (qty > MAX_ORDER) {\n            return MAX_ORDER;\n        }",
        ),
    )
