"""Ecosystem corpus groups of the twenty-seventh held-out part, template renderers, a notebook runner and a web
framework's build people run every day (see ``ecosystems.py``): from PyPI jinja2-cli (Jinja's command line) and
papermill (which runs a Jupyter notebook top to bottom), both on ``PATH`` when capturing, and from npm Next.js's
production build and the Handlebars template precompiler (installed into the project). Each group is two distinct
real failures of its tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

import json
from typing import Any

from ecosystems import Pair, needs, npm_project

#: jinja2-cli renders one template with the variables of a YAML file; ``--strict`` refuses undefined variables.
JINJA2_RUN = "jinja2 --strict templates/{name}.j2 {data}.yaml"
#: papermill runs every cell of a notebook in a fresh kernel and writes the executed copy.
PAPERMILL_RUN = "papermill notebooks/{name}.ipynb out/{name}.ipynb"
#: Next.js compiles and prerenders the app for production.
NEXT_RUN = "npx next build"
#: The Handlebars precompiler turns one template into a JavaScript module.
HANDLEBARS_RUN = "npx handlebars templates/{name}.hbs -f dist/{name}.js"


def notebook(*cells: str) -> str:
    """A notebook of code cells in nbformat 4, as Jupyter saves one before it is run."""
    return json.dumps(
        {
            "cells": [
                {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": cell}
                for cell in cells
            ],
            "metadata": {
                "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                "language_info": {"name": "python"},
            },
            "nbformat": 4,
            "nbformat_minor": 5,
        },
        indent=1,
    )


def jinja2(c: Any) -> None:
    needs(c, "jinja2")
    proj = c.project(
        "shop-jinja",
        {
            "templates/nginx.conf.j2": """
            server {
                listen {{ port }};
                server_name {{ host }};
            {% for path in static_paths %}
                location {{ path }} {
                    root /srv/shop;
                }
            {% endfor %}
            {% if tls %}
                ssl_certificate /etc/ssl/shop.pem;
            {% endfor %}
            }
        """,
            "site.yaml": """
            port: 8080
            host: shop.example.com
            static_paths: [/static, /media]
            tls: false
        """,
            "templates/env.j2": """
            DATABASE_URL=postgres://{{ db.user }}@{{ db.host }}/{{ db.name }}
            WORKERS={{ workers }}
            CACHE_TTL={{ cache.ttl }}
        """,
            "prod.yaml": """
            db: {user: shop, host: db.internal, name: shop}
            workers: 4
            cach:
              ttl: 300
        """,
        },
    )
    pair = Pair(c, "jinja2", proj)
    pair.run(
        "jinja2_unknown_tag",
        JINJA2_RUN.format(name="nginx.conf", data="site"),
        r"Encountered unknown tag 'endfor'",
        ("templates/nginx.conf.j2", "shop.pem;\n{% endfor %}", "shop.pem;\n{% endif %}"),
    )
    pair.run(
        "jinja2_undefined",
        JINJA2_RUN.format(name="env", data="prod"),
        r"'cache' is undefined",
        ("prod.yaml", "cach:", "cache:"),
    )


def papermill(c: Any) -> None:
    needs(c, "papermill")
    proj = c.project(
        "shop-notebooks",
        {
            "out/.keep": "",
            "notebooks/revenue.ipynb": notebook(
                "prices = {'apple': 250, 'pear': 400}\norders = [('apple', 3), ('pear', 1)]",
                "total = sum(prices[sku] * qty for sku, qty in orders)\nprint(totl)",
            ),
            "notebooks/stock.ipynb": notebook(
                "import statistic\n\nsold = [12, 9, 15, 11]",
                "print(statistic.mean(sold))",
            ),
        },
    )
    pair = Pair(c, "papermill", proj)
    pair.run(
        "papermill_name_error",
        PAPERMILL_RUN.format(name="revenue"),
        r"NameError: name 'totl' is not defined",
        ("notebooks/revenue.ipynb", "print(totl)", "print(total)"),
        timeout=300,
    )
    pair.run(
        "papermill_module_not_found",
        PAPERMILL_RUN.format(name="stock"),
        r"No module named 'statistic'",
        ("notebooks/stock.ipynb", "import statistic\\n", "import statistics as statistic\\n"),
        timeout=300,
    )


NEXT_LAYOUT = """
export const metadata = { title: "Shop" };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
"""


def next_build(c: Any) -> None:
    package = '{"name": "shop-next", "version": "1.0.0", "private": true}\n'
    packages = "next@15 react@19 react-dom@19"
    cart = npm_project(
        c,
        "shop-next",
        {
            "package.json": package,
            "app/layout.js": NEXT_LAYOUT,
            "app/page.js": """
            import Cart from "./cart";

            export default function Home() {
              return <main><Cart /></main>;
            }
        """,
            "app/cart.js": """
            import { useState } from "react";

            export default function Cart() {
              const [count, setCount] = useState(0);
              return <button onClick={() => setCount(count + 1)}>Items: {count}</button>;
            }
        """,
        },
        packages,
    )
    Pair(c, "next", cart).run(
        "next_client_hook",
        NEXT_RUN,
        r"needs `useState`",
        ("app/cart.js", 'import { useState } from "react";', '"use client";\n\nimport { useState } from "react";'),
    )
    orders = npm_project(
        c,
        "shop-next-orders",
        {
            "package.json": package,
            "app/layout.js": NEXT_LAYOUT,
            "lib/money.js": """
            export function money(cents) {
              return `$${(cents / 100).toFixed(2)}`;
            }
        """,
            "app/page.js": """
            import { money } from "../lib/mony";

            export default function Orders() {
              return <p>Total: {money(1250)}</p>;
            }
        """,
        },
        packages,
    )
    Pair(c, "next", orders).run(
        "next_module_not_found",
        NEXT_RUN,
        r"Can't resolve '../lib/mony'",
        ("app/page.js", '"../lib/mony"', '"../lib/money"'),
    )


def handlebars(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-handlebars",
        {
            "package.json": '{"name": "shop-handlebars", "version": "1.0.0", "private": true}\n',
            "dist/.keep": "",
            "templates/cart.hbs": """
            <ul class="cart">
              {{#each items}}
                <li>{{name}}: {{qty}} x {{price}</li>
              {{/each}}
            </ul>
        """,
            "templates/order.hbs": """
            <section class="order">
              {{#if paid}}
                <p>Paid on {{paidOn}}</p>
              {{/each}}
            </section>
        """,
        },
        "handlebars@4",
    )
    pair = Pair(c, "handlebars", proj)
    pair.run(
        "handlebars_parse_error",
        HANDLEBARS_RUN.format(name="cart"),
        r"Parse error on line 3",
        ("templates/cart.hbs", "{{price}</li>", "{{price}}</li>"),
    )
    pair.run(
        "handlebars_block_mismatch",
        HANDLEBARS_RUN.format(name="order"),
        r"if doesn't match each",
        ("templates/order.hbs", "{{/each}}", "{{/if}}"),
    )
