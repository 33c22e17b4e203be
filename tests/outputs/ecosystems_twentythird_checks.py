"""Ecosystem corpus groups of the twenty-third held-out part, checkers, migrations and package managers people run
every day (see ``ecosystems.py``): from npm dbmate (database migrations, on SQLite), vue-tsc (Vue's type checker) and
solcjs (the Solidity compiler), from PyPI PDM (on ``PATH`` when capturing). Each group is two distinct real failures
of its tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs, npm_project

#: dbmate applies the project's migrations to a SQLite file; each run starts from no database.
DBMATE_UP = "rm -f {name}.sqlite3 && npx dbmate --no-dump-schema --url sqlite:{name}.sqlite3 -d {name} up"
#: PDM resolves the project's dependencies from PyPI and writes its lock file.
PDM_LOCK = "cd {name} && pdm lock"
#: Each folder is a project of its own: vue-tsc checks every file its tsconfig includes, so the second failure would
#: fail the first one's twin.
VUE_TSCONFIG = """
{
  "compilerOptions": {
    "target": "ES2022",
    "module": "ESNext",
    "moduleResolution": "Bundler",
    "strict": true,
    "jsx": "preserve",
    "noEmit": true
  },
  "include": ["src/**/*.ts", "src/**/*.vue"]
}
"""


def dbmate(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-dbmate",
        {
            "package.json": '{"name": "shop-dbmate", "version": "1.0.0", "private": true}\n',
            "orders/20261101090000_create_orders.sql": """
            -- migrate:up
            CREATE TABLE orders (
              id INTEGER PRIMARY KEY,
              customer TEXT NOT NULL
              total_cents INTEGER NOT NULL
            );

            -- migrate:down
            DROP TABLE orders;
        """,
            "stock/20261101090000_create_items.sql": """
            -- migrate:up
            CREATE TABLE items (
              sku TEXT PRIMARY KEY,
              on_hand INTEGER NOT NULL
            );

            -- migrate:down
            DROP TABLE items;
        """,
            "stock/20261102090000_add_reorder_level.sql": """
            -- migrate:up
            CREATE INDEX items_reorder ON items (reorder_at);

            -- migrate:down
            DROP INDEX items_reorder;
        """,
        },
        "--save-dev dbmate@2.36",
    )
    pair = Pair(c, "dbmate", proj)
    pair.run(
        "dbmate_syntax_error",
        DBMATE_UP.format(name="orders"),
        r'near "total_cents": syntax error',
        ("orders/20261101090000_create_orders.sql", "customer TEXT NOT NULL\n", "customer TEXT NOT NULL,\n"),
    )
    pair.run(
        "dbmate_no_such_column",
        DBMATE_UP.format(name="stock"),
        r"no such column: reorder_at",
        (
            "stock/20261102090000_add_reorder_level.sql",
            "-- migrate:up\n",
            "-- migrate:up\nALTER TABLE items ADD COLUMN reorder_at INTEGER NOT NULL DEFAULT 0;\n",
        ),
    )


def vue_tsc(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-vue",
        {
            "package.json": '{"name": "shop-vue", "version": "1.0.0", "private": true, "type": "module"}\n',
            "cart/tsconfig.json": VUE_TSCONFIG,
            "stock/tsconfig.json": VUE_TSCONFIG,
            "cart/src/CartLine.vue": """
            <script setup lang="ts">
            import { computed } from "vue";

            const props = defineProps<{ sku: string; qty: number; cents: number }>();

            const total = computed<string>(() => props.qty * props.cents);
            </script>

            <template>
              <li>{{ props.sku }}: {{ total }}</li>
            </template>
        """,
            "stock/src/StockBadge.vue": """
            <script setup lang="ts">
            defineProps<{ sku: string; onHand: number }>();
            </script>

            <template>
              <span :class="{ low: onHnad < 5 }">{{ sku }}</span>
            </template>
        """,
        },
        "--save-dev vue@3.5 vue-tsc@3 typescript@5.9",
    )
    pair = Pair(c, "vue_tsc", proj)
    pair.run(
        "vue_tsc_computed_type",
        "cd cart && npx vue-tsc --noEmit --pretty false",
        r"error TS2769: No overload matches this call",
        (
            "cart/src/CartLine.vue",
            "computed<string>(() => props.qty * props.cents)",
            "computed(() => props.qty * props.cents)",
        ),
    )
    pair.run(
        "vue_tsc_template_property",
        "cd stock && npx vue-tsc --noEmit --pretty false",
        r"Property 'onHnad' does not exist",
        ("stock/src/StockBadge.vue", "low: onHnad < 5", "low: onHand < 5"),
    )


def pdm(c: Any) -> None:
    needs(c, "pdm")
    proj = c.project(
        "shop-pdm",
        {
            "api/pyproject.toml": """
            [project]
            name = "shop-api"
            version = "0.1.0"
            requires-python = ">=3.11"
            dependencies = [
                "requests==2.32.3",
                "urllib3<1.21",
            ]

            [tool.pdm]
            distribution = false
        """,
            "worker/pyproject.toml": """
            [project]
            name = "shop-worker"
            version = "0.1.0"
            requires-python = ">=3.11"
            dependencies = [
                "pydantic-settngs>=2.0",
            ]

            [tool.pdm]
            distribution = false
        """,
        },
    )
    pair = Pair(c, "pdm", proj)
    pair.run(
        "pdm_resolution_conflict",
        PDM_LOCK.format(name="api"),
        r"Unable to find a resolution",
        ("api/pyproject.toml", '"urllib3<1.21",', '"urllib3<3",'),
        timeout=900,
    )
    pair.run(
        "pdm_misspelt_dependency",
        PDM_LOCK.format(name="worker"),
        r"Unable to find candidates for pydantic-settngs",
        ("worker/pyproject.toml", '"pydantic-settngs>=2.0",', '"pydantic-settings>=2.0",'),
        timeout=900,
    )


def solcjs(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-solidity",
        {
            "package.json": '{"name": "shop-solidity", "version": "1.0.0", "private": true}\n',
            "contracts/Cart.sol": """
            // SPDX-License-Identifier: MIT
            pragma solidity ^0.8.20;

            contract Cart {
                uint256 public totalCents;

                function add(uint256 qty, uint256 cents) public {
                    totalCents += qty * cents
                }
            }
        """,
            "contracts/Stock.sol": """
            // SPDX-License-Identifier: MIT
            pragma solidity ^0.8.20;

            contract Stock {
                mapping(string => uint256) public onHand;
                uint256 public reorderLevel = 10;

                function needsReorder(string memory sku) public view returns (bool) {
                    return onHand[sku] <= reorderAt;
                }
            }
        """,
        },
        "--save-dev solc@0.8",
    )
    pair = Pair(c, "solcjs", proj)
    pair.run(
        "solcjs_parser_error",
        "cd contracts && npx solcjs --bin -o ../build Cart.sol",
        r"ParserError: Expected ';' but got '}'",
        ("contracts/Cart.sol", "totalCents += qty * cents\n", "totalCents += qty * cents;\n"),
    )
    pair.run(
        "solcjs_undeclared_identifier",
        "cd contracts && npx solcjs --bin -o ../build Stock.sol",
        r"DeclarationError: Undeclared identifier",
        ("contracts/Stock.sol", "<= reorderAt;", "<= reorderLevel;"),
    )
