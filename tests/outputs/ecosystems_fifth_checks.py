"""Ecosystem corpus groups of the fifth held-out part, checkers and runners from PyPI and npm (see
``ecosystems.py``): flake8, SQLFluff and Black (from PyPI, on PATH when capturing), markdownlint, HTMLHint, Ajv's
command line, AVA and Stylelint (installed from npm into each project). Each group is two distinct real failures of
its tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs, npm_project


def flake8(c: Any) -> None:
    needs(c, "flake8")
    proj = c.project(
        "payroll",
        {
            "payroll/net.py": """
            def net_pay(gross, tax_rate):
                tax = gross * tax_rate
                return gross - taxes
        """,
            "payroll/hours.py": """
            def overtime(hours, limit=40):
                extra = max(0, hours - limit)
                    return extra * 1.5
        """,
        },
    )
    pair = Pair(c, "flake8", proj)
    pair.run(
        "flake8_undefined_name",
        "flake8 payroll/net.py",
        r"F821",
        ("payroll/net.py", "return gross - taxes", "return gross - tax"),
    )
    pair.run(
        "flake8_unexpected_indent",
        "flake8 payroll/hours.py",
        r"E999",
        ("payroll/hours.py", "        return extra * 1.5", "    return extra * 1.5"),
    )


def sqlfluff(c: Any) -> None:
    needs(c, "sqlfluff")
    proj = c.project(
        "warehouse",
        {
            ".sqlfluff": """
            [sqlfluff]
            dialect = ansi
            rules = core
        """,
            "queries/late_orders.sql": """
            SELECT o.id, o.placed_at
            FORM orders AS o
            WHERE o.shipped_at IS NULL
        """,
            "queries/top_customers.sql": """
            SELECT
                c.name,
                SUM(o.total) AS revenue
            FROM customers AS c
            INNER JOIN orders AS o ON c.id = o.customer_id
            GROUP BY c.name
            ORDER BY revenue DESC, 1
        """,
        },
    )
    pair = Pair(c, "sqlfluff", proj)
    pair.run(
        "sqlfluff_unparsable",
        "sqlfluff lint queries/late_orders.sql",
        r"PRS",
        ("queries/late_orders.sql", "FORM orders AS o", "FROM orders AS o"),
    )
    pair.run(
        "sqlfluff_ambiguous_order_by",
        "sqlfluff lint queries/top_customers.sql",
        r"AM06",
        ("queries/top_customers.sql", "ORDER BY revenue DESC, 1", "ORDER BY revenue DESC, c.name"),
    )


def black(c: Any) -> None:
    needs(c, "black")
    proj = c.project(
        "mailer",
        {
            "mailer/send.py": """
            def subject(order_id):
                return f"Order {order_id} shipped"


            def body(name, items):
                lines = [f"Hello {name},"]
                for item in items
                    lines.append(f"- {item}")
                return "\\n".join(lines)
        """,
            "mailer/queue.py": """
            RETRY_DELAYS = [ 5, 30, 120 ]


            def next_delay(attempt):
                return RETRY_DELAYS[min(attempt, len(RETRY_DELAYS) - 1)]
        """,
        },
    )
    pair = Pair(c, "black", proj)
    pair.run(
        "black_cannot_parse",
        "black --check mailer/send.py",
        r"cannot parse",
        ("mailer/send.py", "for item in items\n", "for item in items:\n"),
    )
    pair.run(
        "black_would_reformat",
        "black --check mailer/queue.py",
        r"would reformat",
        ("mailer/queue.py", "RETRY_DELAYS = [ 5, 30, 120 ]", "RETRY_DELAYS = [5, 30, 120]"),
    )


def markdownlint(c: Any) -> None:
    proj = npm_project(
        c,
        "handbook",
        {
            "package.json": '{"name": "handbook", "version": "1.0.0", "private": true}\n',
            "docs/setup.md": """
            # Setup

            Install the tools first.

            ### Configure the proxy

            Set `HTTPS_PROXY` before running the installer.
        """,
            "docs/release.md": """
            # Release

            Tag the commit, then publish:

            ```
            git tag v1.4.0 && git push --tags
            ```
        """,
        },
        "markdownlint-cli@0.41",
    )
    pair = Pair(c, "markdownlint", proj)
    pair.run(
        "markdownlint_heading_increment",
        "npx markdownlint docs/setup.md",
        r"MD001",
        ("docs/setup.md", "### Configure the proxy", "## Configure the proxy"),
    )
    pair.run(
        "markdownlint_fence_language",
        "npx markdownlint docs/release.md",
        r"MD040",
        ("docs/release.md", "```\ngit tag", "```sh\ngit tag"),
    )


def htmlhint(c: Any) -> None:
    proj = npm_project(
        c,
        "landing",
        {
            "package.json": '{"name": "landing", "version": "1.0.0", "private": true}\n',
            "public/index.html": """
            <!DOCTYPE html>
            <html>
            <head><title>Launch</title></head>
            <body>
              <div class="hero">
                <h1>Ship faster</h1>
                <p>Sign up for the beta.</p>
              </section>
            </body>
            </html>
        """,
            "public/pricing.html": """
            <!DOCTYPE html>
            <html>
            <head><title>Pricing</title></head>
            <body>
              <div id="plans">Basic</div>
              <div id="plans">Team</div>
            </body>
            </html>
        """,
        },
        "htmlhint@1",
    )
    pair = Pair(c, "htmlhint", proj)
    pair.run(
        "htmlhint_tag_pair",
        "npx htmlhint public/index.html",
        r"tag-pair",
        ("public/index.html", "  </section>", "  </div>"),
    )
    pair.run(
        "htmlhint_id_unique",
        "npx htmlhint public/pricing.html",
        r"id-unique",
        ("public/pricing.html", '<div id="plans">Team</div>', '<div id="plans-team">Team</div>'),
    )


def ajv(c: Any) -> None:
    proj = npm_project(
        c,
        "catalog",
        {
            "package.json": '{"name": "catalog", "version": "1.0.0", "private": true}\n',
            "schema/product.json": """
            {
              "type": "object",
              "required": ["sku", "price", "stock"],
              "properties": {
                "sku": {"type": "string", "pattern": "^[A-Z]{3}-[0-9]{4}$"},
                "price": {"type": "number", "minimum": 0},
                "stock": {"type": "integer"}
              }
            }
        """,
            "data/lamp.json": """
            {"sku": "LMP-0042", "price": 39.5, "stock": "12"}
        """,
            "data/desk.json": """
            {"sku": "DSK-0007", "price": 249}
        """,
        },
        "ajv-cli@5",
    )
    pair = Pair(c, "ajv", proj)
    pair.run(
        "ajv_wrong_type",
        "npx ajv validate -s schema/product.json -d data/lamp.json",
        r"must be integer",
        ("data/lamp.json", '"stock": "12"', '"stock": 12'),
    )
    pair.run(
        "ajv_missing_property",
        "npx ajv validate -s schema/product.json -d data/desk.json",
        r"required property",
        ("data/desk.json", '"price": 249}', '"price": 249, "stock": 3}'),
    )


def ava(c: Any) -> None:
    proj = npm_project(
        c,
        "tickets",
        {
            "package.json": '{"name": "tickets", "version": "1.0.0", "private": true, "type": "module"}\n',
            "src/seats.js": """
            export function freeSeats(rows) {
              return rows.reduce((n, row) => n + row.filter((s) => s === null).length, 1);
            }

            export function seatLabel(seat) {
              return `${seat.row.name}${seat.number}`;
            }
        """,
            "test/free.test.js": """
            import test from "ava";
            import { freeSeats } from "../src/seats.js";

            test("counts empty seats", (t) => {
              t.is(freeSeats([[null, "ann"], [null, null]]), 3);
            });
        """,
            "test/label.test.js": """
            import test from "ava";
            import { seatLabel } from "../src/seats.js";

            test("labels a seat by row and number", (t) => {
              t.is(seatLabel({ rowName: "C", number: 7 }), "C7");
            });
        """,
        },
        "ava@6",
    )
    pair = Pair(c, "ava", proj)
    pair.run(
        "ava_difference",
        "npx ava test/free.test.js",
        r"counts empty seats",
        ("src/seats.js", ".length, 1);", ".length, 0);"),
    )
    pair.run(
        "ava_type_error",
        "npx ava test/label.test.js",
        r"TypeError",
        ("src/seats.js", "${seat.row.name}${seat.number}", "${seat.rowName}${seat.number}"),
    )


def stylelint(c: Any) -> None:
    proj = npm_project(
        c,
        "theme",
        {
            "package.json": '{"name": "theme", "version": "1.0.0", "private": true}\n',
            ".stylelintrc.json": """
            {
              "rules": {
                "color-no-invalid-hex": true,
                "declaration-block-no-duplicate-properties": true
              }
            }
        """,
            "css/buttons.css": """
            .button {
              color: #1a73e;
              padding: 4px 12px;
            }
        """,
            "css/cards.css": """
            .card {
              margin: 0 auto;
              border-radius: 6px;

            .card-title {
              font-weight: 600;
            }
        """,
        },
        "stylelint@16",
    )
    pair = Pair(c, "stylelint", proj)
    pair.run(
        "stylelint_invalid_hex",
        "npx stylelint css/buttons.css",
        r"invalid hex",
        ("css/buttons.css", "color: #1a73e;", "color: #1a73e8;"),
    )
    pair.run(
        "stylelint_unclosed_block",
        "npx stylelint css/cards.css",
        r"Unclosed block",
        ("css/cards.css", "  border-radius: 6px;\n", "  border-radius: 6px;\n}\n"),
    )
