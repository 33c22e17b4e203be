"""Ecosystem corpus groups of the twenty-first held-out part, tools people run every day (see ``ecosystems.py``),
from Debian: Catch2 (built with g++), the Vala compiler and Asciidoctor; from PyPI (on PATH when capturing):
Cookiecutter and yoyo-migrations. Each group is two distinct real failures of its tool, each fixed by one edit and run
again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs

CATCH2_BUILD = "g++ -std=c++17 {name}_test.cpp -o {name}_test && ./{name}_test"


def catch2(c: Any) -> None:
    needs(c, "g++")
    proj = c.project(
        "shop-catch2",
        {
            "shipping_test.cpp": """
            #define CATCH_CONFIG_MAIN
            #include <catch2/catch.hpp>

            int shipping_cents(int grams) {
              return grams > 1000 ? 700 : 450;
            }

            TEST_CASE("Light parcels pay the standard rate") {
              REQUIRE(shipping_cents(400) == 450);
            }

            TEST_CASE("Parcels of a kilo or more pay the heavy rate") {
              REQUIRE(shipping_cents(1000) == 700);
              REQUIRE(shipping_cents(2500) == 700);
            }
        """,
            "coupon_test.cpp": """
            #define CATCH_CONFIG_MAIN
            #include <catch2/catch.hpp>

            #include <string>

            int coupon_percent(const std::string& code) {
              // codes look like SAVE15
              return std::stoi(code.substr(3));
            }

            TEST_CASE("A SAVE code gives its percentage") {
              CHECK(coupon_percent("SAVE15") == 15);
              CHECK(coupon_percent("SAVE40") == 40);
            }
        """,
        },
    )
    pair = Pair(c, "catch2", proj)
    pair.run(
        "catch2_require_failed",
        CATCH2_BUILD.format(name="shipping"),
        r"REQUIRE\( shipping_cents\(1000\) == 700 \)",
        ("shipping_test.cpp", "return grams > 1000 ? 700 : 450;", "return grams >= 1000 ? 700 : 450;"),
    )
    pair.run(
        "catch2_unexpected_exception",
        CATCH2_BUILD.format(name="coupon"),
        r"unexpected exception with message",
        ("coupon_test.cpp", "return std::stoi(code.substr(3));", "return std::stoi(code.substr(4));"),
    )


def valac(c: Any) -> None:
    needs(c, "valac")
    proj = c.project(
        "shop-vala",
        {
            "cart/cart.vala": """
            int line_total (int qty, int cents) {
                return qty * cents;
            }

            void main () {
                int total = line_total (3, 250);
                string label = total;
                stdout.printf ("Total: %s cents\\n", label);
            }
        """,
            "stock/stock.vala": """
            void main () {
                var levels = new GLib.HashTable<string, int> (str_hash, str_equal);
                levels.insert ("SKU-1", 5);
                levels.insert ("SKU-2", 0);
                levels.foreach ((sku, left) => {
                    if (left == 0) {
                        stdout.printline ("%s is out of stock\\n", sku);
                    }
                });
            }
        """,
        },
    )
    pair = Pair(c, "valac", proj)
    pair.run(
        "valac_type_mismatch",
        "cd cart && valac cart.vala && ./cart",
        r"Cannot convert from",
        ("cart/cart.vala", "string label = total;", "string label = total.to_string ();"),
    )
    pair.run(
        "valac_unknown_member",
        "cd stock && valac stock.vala && ./stock",
        r"does not exist in the context of",
        ("stock/stock.vala", "stdout.printline (", "stdout.printf ("),
    )


def cookiecutter(c: Any) -> None:
    needs(c, "cookiecutter")
    proj = c.project(
        "shop-templates",
        {
            "service-template/cookiecutter.json": '{"service_slug": "orders", "port": "8080"}\n',
            "service-template/{{cookiecutter.service_slug}}/README.md": """
            # {{ cookiecutter.service_name }}

            Listens on port {{ cookiecutter.port }}.
        """,
            "service-template/{{cookiecutter.service_slug}}/app.py": """
            PORT = {{ cookiecutter.port }}
        """,
            "worker-template/cookiecutter.json": '{"worker_slug": "mailer", "use_queue": "yes"}\n',
            "worker-template/{{cookiecutter.worker_slug}}/worker.py": """
            {% if cookiecutter.use_queue == "yes" %}
            QUEUE = "{{ cookiecutter.worker_slug }}"
            {% else %}
            QUEUE = None

            def run():
                print("starting", QUEUE)
        """,
        },
    )
    pair = Pair(c, "cookiecutter", proj)
    pair.run(
        "cookiecutter_undefined_variable",
        "cookiecutter --no-input -f -o out service-template",
        r"has no attribute 'service_name'",
        (
            "service-template/{{cookiecutter.service_slug}}/README.md",
            "cookiecutter.service_name",
            "cookiecutter.service_slug",
        ),
    )
    pair.run(
        "cookiecutter_template_syntax",
        "cookiecutter --no-input -f -o out worker-template",
        r"endif",
        ("worker-template/{{cookiecutter.worker_slug}}/worker.py", "QUEUE = None\n", "QUEUE = None\n{% endif %}\n"),
    )


def yoyo(c: Any) -> None:
    needs(c, "yoyo")
    proj = c.project(
        "shop-migrations",
        {
            "orders/0001.create-orders.sql": """
            CREATE TABLE orders (id INTEGER PRIMARY KEY, customer TEXT NOT NULL, total_cents INTEGER NOT NULL);
        """,
            "orders/0002.create-payments.sql": """
            CREATE TABLE payments (id INTEGER PRIMARY KEY order_id INTEGER NOT NULL, cents INTEGER NOT NULL);
        """,
            "stock/0001.create-items.sql": """
            CREATE TABLE stock_item (sku TEXT PRIMARY KEY, on_hand INTEGER NOT NULL);
        """,
            "stock/0002.index-on-hand.sql": """
            CREATE INDEX stock_on_hand ON stock_items (on_hand);
        """,
        },
    )
    pair = Pair(c, "yoyo", proj)
    pair.run(
        "yoyo_syntax_error",
        "yoyo apply --batch --no-config-file --database sqlite:///orders.db orders",
        r"syntax error",
        ("orders/0002.create-payments.sql", "PRIMARY KEY order_id", "PRIMARY KEY, order_id"),
    )
    pair.run(
        "yoyo_no_such_table",
        "yoyo apply --batch --no-config-file --database sqlite:///stock.db stock",
        r"no such table: main\.stock_items",
        ("stock/0002.index-on-hand.sql", "ON stock_items", "ON stock_item"),
    )


def asciidoctor(c: Any) -> None:
    needs(c, "asciidoctor")
    proj = c.project(
        "shop-manual",
        {
            "manual/index.adoc": """
            = Shop manual

            == Orders

            include::orders.adoc[]

            == Returns

            Returns are free within 30 days.
        """,
            "manual/order-flow.adoc": """
            An order is paid, packed and shipped.
        """,
            "api/index.adoc": """
            = Shop API

            == Authentication

            Every request carries a token.

            ==== Refreshing a token

            A token lasts one hour.
        """,
        },
    )
    pair = Pair(c, "asciidoctor", proj)
    pair.run(
        "asciidoctor_include_not_found",
        "asciidoctor --failure-level WARN -o /dev/null manual/index.adoc",
        r"include file not found",
        ("manual/index.adoc", "include::orders.adoc[]", "include::order-flow.adoc[]"),
    )
    pair.run(
        "asciidoctor_section_level",
        "asciidoctor --failure-level WARN -o /dev/null api/index.adoc",
        r"section title out of sequence",
        ("api/index.adoc", "==== Refreshing a token", "=== Refreshing a token"),
    )
