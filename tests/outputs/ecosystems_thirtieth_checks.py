"""Ecosystem corpus groups of the thirtieth held-out part, template engines of JavaScript projects people run every
day (see ``ecosystems.py``), from npm and installed into the project: EJS (``ejs``, embedded JavaScript templates) and
Mustache.js (``mustache``, logic-less templates), each rendering one template with a JSON file of data. Each group is
two distinct real failures of its tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, npm_project

#: EJS renders one template with the data of a JSON file.
EJS_RUN = "npx ejs views/{name}.ejs -f data/{name}.json"
#: Mustache renders one template with the data of a JSON file.
MUSTACHE_RUN = "npx mustache data/{name}.json templates/{name}.mustache"


def ejs(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-ejs",
        {
            "package.json": '{"name": "shop-ejs", "version": "1.0.0", "private": true}\n',
            "views/order.ejs": """\
            <h1>Order <%= order.id %></h1>
            <ul>
            <% order.items.forEach(function (item) { %>
              <li><%= item.sku %> x <%= item.qty %></li>
            <% } %>
            </ul>
            """,
            "data/order.json": '{"order": {"id": 42, "items": [{"sku": "A1", "qty": 2}, {"sku": "B2", "qty": 1}]}}\n',
            "views/mail.ejs": """\
            <p>Hello <%= customer.name %>,</p>
            <p>Your order <%= order.id %> is on its way.</p>
            """,
            "data/mail.json": '{"customer": {"name": "Ann"}, "orders": {"id": 42}}\n',
        },
        "ejs@3",
    )
    pair = Pair(c, "ejs", proj)
    pair.run(
        "ejs_missing_paren",
        EJS_RUN.format(name="order"),
        r"SyntaxError: missing \) after argument list in .*order\.ejs",
        ("views/order.ejs", "<% } %>", "<% }) %>"),
    )
    pair.run(
        "ejs_not_defined",
        EJS_RUN.format(name="mail"),
        r"order is not defined",
        ("data/mail.json", '"orders":', '"order":'),
    )


def mustache(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-mustache",
        {
            "package.json": '{"name": "shop-mustache", "version": "1.0.0", "private": true}\n',
            "templates/receipt.mustache": """\
            Receipt for {{customer}}
            {{#items}}
            - {{sku}} x {{qty}}
            {{/item}}
            Total: {{total}}
            """,
            "data/receipt.json": '{"customer": "Ann", "items": [{"sku": "A1", "qty": 2}], "total": 9.5}\n',
            "templates/welcome.mustache": """\
            Welcome, {{name}}!
            Your first order ships free{{#code}} with the code {{code}}{{/code}}.
            """,
            "data/welcome.json": """\
            {
              "name": "Ann",
              "code": "HELLO10",
            }
            """,
        },
        "mustache@4",
    )
    pair = Pair(c, "mustache", proj)
    pair.run(
        "mustache_unclosed_section",
        MUSTACHE_RUN.format(name="receipt"),
        r'Error: Unclosed section "items"',
        ("templates/receipt.mustache", "{{/item}}", "{{/items}}"),
    )
    pair.run(
        "mustache_invalid_json",
        MUSTACHE_RUN.format(name="welcome"),
        r"could not parse view as JSON",
        ("data/welcome.json", '"HELLO10",\n', '"HELLO10"\n'),
    )
