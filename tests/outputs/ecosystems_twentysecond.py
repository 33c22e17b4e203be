"""Ecosystem corpus groups of the twenty-second held-out part, tools people run every day (see ``ecosystems.py``),
from Debian: HLint, shUnit2, Sqitch (on SQLite), cmocka (built with gcc), the Erlang compiler and Jekyll. Each group is
two distinct real failures of its tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs

CMOCKA_BUILD = "gcc {name}.c -lcmocka -o {name} && ./{name}"
SQITCH_DEPLOY = "cd {name} && sqitch deploy --verify db:sqlite:{name}.db"


def hlint(c: Any) -> None:
    needs(c, "hlint")
    proj = c.project(
        "shop-hlint",
        {
            "src/Cart.hs": """
            module Cart where

            lineTotals :: [(Int, Int)] -> [Int]
            lineTotals items = [qty * cents | (qty, cents) <- items]

            grandTotal :: [(Int, Int)] -> Int
            grandTotal items = foldr (+) 0 (lineTotals items)
        """,
            "src/Stock.hs": """
            module Stock where

            import qualified Data.Map as Map

            lowStock :: Map.Map String Int -> [String]
            lowStock levels = [sku | (sku, n) <- Map.toList levels, n < limit]
              where
                limit = 3
               reorderAt = 5
        """,
        },
    )
    pair = Pair(c, "hlint", proj)
    pair.run(
        "hlint_use_sum",
        "hlint src/Cart.hs",
        r"Warning: Use sum",
        ("src/Cart.hs", "foldr (+) 0 (lineTotals items)", "sum (lineTotals items)"),
    )
    pair.run(
        "hlint_parse_error",
        "hlint src/Stock.hs",
        r"Error: Parse error",
        ("src/Stock.hs", "   reorderAt = 5\n", "    reorderAt = 5\n"),
    )


def shunit2(c: Any) -> None:
    needs(c, "shunit2")
    proj = c.project(
        "shop-shunit2",
        {
            "lib/price.sh": """
            # price_after_discount CENTS PERCENT: the price once PERCENT off is taken, in cents
            price_after_discount() {
              echo $(( $1 - $2 ))
            }
        """,
            "lib/stock.sh": """
            # on_hand SKU: the units left of SKU, read from data/levels.txt ("SKU COUNT" lines)
            on_hand() {
              awk -v sku="$1" '$1 == sku { print $2 }' data/level.txt
            }
        """,
            "data/levels.txt": "SKU-1 5\nSKU-2 0\n",
            "test_price.sh": """
            #!/bin/sh
            . ./lib/price.sh

            test_no_discount() {
              assertEquals "full price" 1000 "$(price_after_discount 1000 0)"
            }

            test_ten_percent() {
              assertEquals "ten percent off 10.00" 900 "$(price_after_discount 1000 10)"
            }

            . shunit2
        """,
            "test_stock.sh": """
            #!/bin/sh
            . ./lib/stock.sh

            test_known_sku() {
              assertEquals "units of SKU-1" 5 "$(on_hand SKU-1)"
            }

            test_sold_out_sku() {
              assertEquals "units of SKU-2" 0 "$(on_hand SKU-2)"
            }

            . shunit2
        """,
        },
    )
    pair = Pair(c, "shunit2", proj)
    pair.run(
        "shunit2_assert_equals",
        "sh test_price.sh",
        r"ASSERT:ten percent off 10\.00 expected:<900> but was:<990>",
        ("lib/price.sh", "echo $(( $1 - $2 ))", "echo $(( $1 * (100 - $2) / 100 ))"),
    )
    pair.run(
        "shunit2_missing_data_file",
        "sh test_stock.sh",
        r"awk: cannot open data/level\.txt",
        ("lib/stock.sh", "data/level.txt", "data/levels.txt"),
    )


def sqitch(c: Any) -> None:
    needs(c, "sqitch")
    needs(c, "sqlite3")
    plan = "%syntax-version=1.0.0\n%project={project}\n\n{changes}"
    proj = c.project(
        "shop-sqitch",
        {
            "orders/sqitch.conf": "[core]\n\tengine = sqlite\n",
            "orders/sqitch.plan": plan.format(
                project="orders",
                changes="orders 2026-11-20T09:00:00Z Shop Team <team@shop.example> # Orders table\n"
                "payments [orders] 2026-11-20T09:05:00Z Shop Team <team@shop.example> # Payments of orders\n",
            ),
            "orders/deploy/orders.sql": """
            -- Deploy orders:orders to sqlite

            BEGIN;

            CREATE TABLE orders (id INTEGER PRIMARY KEY, customer TEXT NOT NULL, total_cents INTEGER NOT NULL);

            COMMIT;
        """,
            "orders/deploy/payments.sql": """
            -- Deploy orders:payments to sqlite
            -- requires: orders

            BEGIN;

            CREATE TABLE payments (
                id INTEGER PRIMARY KEY,
                order_id INTEGER NOT NULL REFERENCES orders (id)
                cents INTEGER NOT NULL
            );

            COMMIT;
        """,
            "orders/revert/orders.sql": "-- Revert orders:orders from sqlite\n\nBEGIN;\n\nDROP TABLE orders;\n\n"
            "COMMIT;\n",
            "orders/revert/payments.sql": "-- Revert orders:payments from sqlite\n\nBEGIN;\n\nDROP TABLE payments;\n\n"
            "COMMIT;\n",
            "orders/verify/orders.sql": "-- Verify orders:orders on sqlite\n\nBEGIN;\n\n"
            "SELECT id, customer, total_cents FROM orders WHERE 0;\n\nROLLBACK;\n",
            "orders/verify/payments.sql": "-- Verify orders:payments on sqlite\n\nBEGIN;\n\n"
            "SELECT id, order_id, cents FROM payments WHERE 0;\n\nROLLBACK;\n",
            "stock/sqitch.conf": "[core]\n\tengine = sqlite\n",
            "stock/sqitch.plan": plan.format(
                project="stock", changes="items 2026-11-20T09:10:00Z Shop Team <team@shop.example> # Stock items\n"
            ),
            "stock/deploy/items.sql": """
            -- Deploy stock:items to sqlite

            BEGIN;

            CREATE TABLE stock_items (sku TEXT PRIMARY KEY, on_hand INTEGER NOT NULL);

            COMMIT;
        """,
            "stock/revert/items.sql": "-- Revert stock:items from sqlite\n\nBEGIN;\n\nDROP TABLE stock_items;\n\n"
            "COMMIT;\n",
            "stock/verify/items.sql": """
            -- Verify stock:items on sqlite

            BEGIN;

            SELECT sku, quantity FROM stock_items WHERE 0;

            ROLLBACK;
        """,
        },
    )
    pair = Pair(c, "sqitch", proj)
    pair.run(
        "sqitch_deploy_syntax_error",
        SQITCH_DEPLOY.format(name="orders"),
        r"near \"cents\": syntax error",
        ("orders/deploy/payments.sql", "REFERENCES orders (id)\n", "REFERENCES orders (id),\n"),
    )
    pair.run(
        "sqitch_verify_failed",
        SQITCH_DEPLOY.format(name="stock"),
        r"Verify script \"verify/items\.sql\" failed",
        ("stock/verify/items.sql", "SELECT sku, quantity FROM", "SELECT sku, on_hand FROM"),
    )


def cmocka(c: Any) -> None:
    needs(c, "gcc")
    headers = "#include <stdarg.h>\n#include <stddef.h>\n#include <stdint.h>\n#include <setjmp.h>\n"
    proj = c.project(
        "shop-cmocka",
        {
            "test_discount.c": headers
            + """#include <cmocka.h>

/* cents after PERCENT off, rounded down */
static int discounted(int cents, int percent) {
    return cents - percent;
}

static void test_no_discount(void **state) {
    (void) state;
    assert_int_equal(discounted(1000, 0), 1000);
}

static void test_ten_percent(void **state) {
    (void) state;
    assert_int_equal(discounted(1000, 10), 900);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_discount),
        cmocka_unit_test(test_ten_percent),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
""",
            "test_levels.c": headers
            + """#include <string.h>
#include <cmocka.h>

struct level { const char *sku; int on_hand; };

static struct level levels[] = { { "SKU-1", 5 }, { "SKU-2", 0 } };

/* the level of SKU, or NULL when the shop has none */
static struct level *find_level(const char *sku) {
    for (size_t i = 0; i <= sizeof levels / sizeof levels[0]; i++) {
        if (strcmp(levels[i].sku, sku) == 0) {
            return &levels[i];
        }
    }
    return NULL;
}

static void test_known_sku(void **state) {
    (void) state;
    assert_int_equal(find_level("SKU-2")->on_hand, 0);
}

static void test_unknown_sku(void **state) {
    (void) state;
    assert_null(find_level("SKU-9"));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_sku),
        cmocka_unit_test(test_unknown_sku),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
""",
        },
    )
    pair = Pair(c, "cmocka", proj)
    pair.run(
        "cmocka_int_equal",
        CMOCKA_BUILD.format(name="test_discount"),
        r"0x3de != 0x384",
        ("test_discount.c", "return cents - percent;", "return cents * (100 - percent) / 100;"),
    )
    pair.run(
        "cmocka_segfault",
        CMOCKA_BUILD.format(name="test_levels"),
        r"Test failed with exception: Segmentation fault",
        ("test_levels.c", "i <= sizeof levels", "i < sizeof levels"),
    )


def erlc(c: Any) -> None:
    needs(c, "erlc")
    proj = c.project(
        "shop-erlang",
        {
            "src/cart.erl": """
            -module(cart).
            -export([line_total/2, total/1]).

            line_total(Qty, Cents) ->
                Qty * Cents

            total(Lines) ->
                lists:sum([line_total(Q, C) || {Q, C} <- Lines]).
        """,
            "src/stock.erl": """
            -module(stock).
            -export([reserve/3]).

            reserve(Levels, Sku, Qty) ->
                OnHand = maps:get(Sku, Levels, 0),
                maps:put(Sku, Onhand - Qty, Levels).
        """,
        },
    )
    pair = Pair(c, "erlc", proj)
    pair.run(
        "erlc_syntax_error",
        "erlc src/cart.erl",
        r"syntax error before: total",
        ("src/cart.erl", "    Qty * Cents\n", "    Qty * Cents.\n"),
    )
    pair.run(
        "erlc_unbound_variable",
        "erlc src/stock.erl",
        r"variable 'Onhand' is unbound",
        ("src/stock.erl", "maps:put(Sku, Onhand - Qty", "maps:put(Sku, OnHand - Qty"),
    )


def jekyll(c: Any) -> None:
    needs(c, "jekyll")
    layout = "<html><body>{{ content }}</body></html>\n"
    proj = c.project(
        "shop-jekyll",
        {
            "offers/_config.yml": "title: Shop offers\n",
            "offers/_layouts/default.html": layout,
            "offers/_data/offers.yml": "- name: Spring sale\n  percent: 15\n- name: Loyalty\n  percent: 5\n",
            "offers/index.md": """
            ---
            layout: default
            title: Offers
            ---
            # {{ page.title }}

            {% for offer in site.data.offers %}
            - {{ offer.name }}: {{ offer.percent }} % off
            {% endfor
        """,
            "news/_config.yml": "title: Shop news\n",
            "news/_layouts/default.html": "<html><body>{{ content }}{% include footer.html %}</body></html>\n",
            "news/_includes/foot.html": "<footer>Shop news, every Monday</footer>\n",
            "news/index.md": "---\nlayout: default\n---\n# News\n\nThe spring catalogue is out.\n",
        },
    )
    pair = Pair(c, "jekyll", proj)
    pair.run(
        "jekyll_liquid_syntax",
        "cd offers && jekyll build",
        r"Liquid syntax error \(line 5\): Tag '\{%' was not properly terminated",
        ("offers/index.md", "{% endfor\n", "{% endfor %}\n"),
    )
    pair.run(
        "jekyll_missing_include",
        "cd news && jekyll build",
        r"Could not locate the included file 'footer\.html'",
        ("news/_layouts/default.html", "{% include footer.html %}", "{% include foot.html %}"),
    )
