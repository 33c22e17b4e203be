"""Ecosystem corpus groups of the twenty-eighth held-out part, checkers of data, SQL, documentation and container
files people run every day (see ``ecosystems.py``): from PyPI sqlfmt (shandy-sqlfmt, the dbt SQL formatter) in check
mode and Frictionless (which validates a CSV against a Table Schema), both on ``PATH`` when capturing, and from npm
JSDoc, DCLint (the Docker Compose linter) and dockerfile-utils (the command line of the Dockerfile language
server's linter), installed into the project. Each group is two distinct real failures of its tool, each fixed by
one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs, npm_project

#: sqlfmt checks that one SQL model is formatted as it would format it, and changes nothing.
SQLFMT_RUN = "sqlfmt --check models/{name}.sql"
#: Frictionless validates one CSV file against the Table Schema of its resource.
FRICTIONLESS_RUN = "frictionless validate data/{name}.csv --schema schemas/{name}.yaml"
#: JSDoc builds the API documentation of one module with the project's configuration.
JSDOC_RUN = "npx jsdoc -c jsdoc.json -d docs src/{name}.js"
#: DCLint lints one Compose file.
DCLINT_RUN = "npx dclint {name}"
#: dockerfile-utils lints one Dockerfile as the Dockerfile language server does.
DOCKERFILE_UTILS_RUN = "npx dockerfile-utils lint {name}"


def sqlfmt(c: Any) -> None:
    needs(c, "sqlfmt")
    proj = c.project(
        "shop-dbt",
        {
            "models/customer_revenue.sql": """
            select
                orders.customer_id,
                customers.email,
                count(*) as order_count,
                sum(orders.qty * orders.unit_price)) as revenue
            from orders
            join customers on orders.customer_id = customers.id
            where orders.status in ('paid', 'shipped') and orders.created_at >= date '2026-01-01'
            group by orders.customer_id, customers.email
        """,
            "models/daily_orders.sql": """
            select
                date_trunc('day', orders.created_at) as order_day,
                count(*) as order_count,
                sum(orders.qty * orders.unit_price) as revenue
            FROM orders
            where orders.status in ('paid', 'shipped')
            group by date_trunc('day', orders.created_at)
        """,
        },
    )
    pair = Pair(c, "sqlfmt", proj)
    pair.run(
        "sqlfmt_unbalanced_bracket",
        SQLFMT_RUN.format(name="customer_revenue"),
        r"Closing bracket '\)' found",
        ("models/customer_revenue.sql", "unit_price)) as revenue", "unit_price) as revenue"),
    )
    pair.run(
        "sqlfmt_check_failed",
        SQLFMT_RUN.format(name="daily_orders"),
        r"daily_orders\.sql failed formatting check",
        ("models/daily_orders.sql", "FROM orders\n", "from orders\n"),
    )


def frictionless(c: Any) -> None:
    needs(c, "frictionless")
    schema = """
    fields:
      - name: sku
        type: string
      - name: {count}
        type: integer
      - name: price
        type: number
    primaryKey: sku
    """
    proj = c.project(
        "shop-data",
        {
            "schemas/orders.yaml": schema.format(count="qty"),
            "schemas/stock.yaml": schema.format(count="on_hand"),
            "data/orders.csv": """
            sku,qty,price
            apple,3,2.50
            pear,one,4.00
            plum,6,0.75
        """,
            "data/stock.csv": """
            sku,on_hand,price
            apple,40,2.50
            pear,8,4.00
            apple,12,2.50
        """,
        },
    )
    pair = Pair(c, "frictionless", proj)
    pair.run(
        "frictionless_type_error",
        FRICTIONLESS_RUN.format(name="orders"),
        r"Type error in the cell \"one\"",
        ("data/orders.csv", "pear,one,4.00", "pear,1,4.00"),
        timeout=300,
    )
    pair.run(
        "frictionless_primary_key",
        FRICTIONLESS_RUN.format(name="stock"),
        r"violates the primary key",
        ("data/stock.csv", "apple,12,2.50\n", "plum,12,0.75\n"),
        timeout=300,
    )


def jsdoc(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-jsdoc",
        {
            "package.json": '{"name": "shop-jsdoc", "version": "1.0.0", "private": true, "type": "module"}\n',
            "jsdoc.json": '{"tags": {"allowUnknownTags": false}, "opts": {"recurse": true}}\n',
            "src/cart.js": """
            /**
             * Adds up the lines of a cart.
             * @param {Array<{price: number, qty: number}>} items - the lines of the cart
             * @returns {number} the total
             */
            export function total(items) {
              return items.reduce((sum, item) => sum + item.price * item.qty, 0);
            }

            /**
             * Takes a percentage off an amount.
             * @param {number} amount - the amount before the discount
             * @param {number} percent - the discount, from 0 to 100
             * @returns {number} the amount after the discount
             */
            export function discount(amount, percent) {
              return amount * (1 - percent / 100;
            }
        """,
            "src/stock.js": """
            /**
             * Says whether an item must be ordered again.
             * @param {number} onHand - how many are in stock
             * @retrun {boolean} true when fewer than ten are left
             */
            export function needsReorder(onHand) {
              return onHand < 10;
            }
        """,
        },
        "jsdoc@4",
    )
    pair = Pair(c, "jsdoc", proj)
    pair.run(
        "jsdoc_parse_error",
        JSDOC_RUN.format(name="cart"),
        r"Unable to parse .*cart\.js",
        ("src/cart.js", "(1 - percent / 100;", "(1 - percent / 100);"),
    )
    pair.run(
        "jsdoc_unknown_tag",
        JSDOC_RUN.format(name="stock"),
        r"The @retrun tag is not a known tag",
        ("src/stock.js", "@retrun {boolean}", "@returns {boolean}"),
    )


def dclint(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-compose",
        {
            "package.json": '{"name": "shop-compose", "version": "1.0.0", "private": true}\n',
            "compose.yaml": """
            name: shop

            services:
              api:
                build: ./api
                environment:
                  DATABASE_URL: "postgres://shop@db/shop"
                ports:
                  - "127.0.0.1:8080:8000"
              web:
                image: nginx:1.27
                depends_on:
                  - api
                ports:
                  - "127.0.0.1:8080:80"
        """,
            "compose.worker.yaml": """
            name: shop-jobs

            services:
              api:
                build: ./api
                container_name: shop
                ports:
                  - "127.0.0.1:8000:8000"
              worker:
                build: ./api
                container_name: shop
                command: ["python", "-m", "shop.worker"]
        """,
        },
        "dclint@3",
    )
    pair = Pair(c, "dclint", proj)
    pair.run(
        "dclint_duplicate_port",
        DCLINT_RUN.format(name="compose.yaml"),
        r"is exporting port \"8080\" which is already used",
        ("compose.yaml", '"127.0.0.1:8080:80"', '"127.0.0.1:8081:80"'),
    )
    pair.run(
        "dclint_duplicate_container_name",
        DCLINT_RUN.format(name="compose.worker.yaml"),
        r"duplicate container name \"shop\"",
        ("compose.worker.yaml", "container_name: shop\n    command:", "container_name: shop-worker\n    command:"),
    )


def dockerfile_utils(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-docker",
        {
            "package.json": '{"name": "shop-docker", "version": "1.0.0", "private": true}\n',
            "Dockerfile": """
            FROM python:3.12-slim
            WORKDIR /app
            COPY requirements.txt .
            RUN pip install --no-cache-dir -r requirements.txt
            COPY . .
            EXPOSE 8000/tcpp
            CMD ["gunicorn", "--bind", "0.0.0.0:8000", "shop.app:app"]
        """,
            "worker.Dockerfile": """
            FROM python:3.12-slim
            WORKDIR /app
            COPY . .
            RUN pip install --no-cache-dir .
            HEALTHCHECK --interval=30 --timeout=5s CMD python -m shop.health || exit 1
            CMD ["python", "-m", "shop.worker"]
        """,
        },
        "dockerfile-utils@0",
    )
    pair = Pair(c, "dockerfile_utils", proj)
    pair.run(
        "dockerfile_utils_invalid_proto",
        DOCKERFILE_UTILS_RUN.format(name="Dockerfile"),
        r"Invalid proto: tcpp",
        ("Dockerfile", "EXPOSE 8000/tcpp", "EXPOSE 8000/tcp"),
    )
    pair.run(
        "dockerfile_utils_missing_unit",
        DOCKERFILE_UTILS_RUN.format(name="worker.Dockerfile"),
        r"missing unit in duration",
        ("worker.Dockerfile", "--interval=30 ", "--interval=30s "),
    )
