"""Ecosystem corpus groups of the ninth held-out part, checkers from PyPI and npm (see ``ecosystems.py``): YAPF and
check-jsonschema (from PyPI, on PATH when capturing), CoffeeScript, Solhint, CSSLint and html-validate (installed
from npm into each project). Each group is two distinct real failures of its tool, each fixed by one edit and run
again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs, npm_project


def yapf(c: Any) -> None:
    needs(c, "yapf")
    proj = c.project(
        "exporter",
        {
            "exporter/fmt.py": """
            def pairs(rows):
                return [ "%s=%s" % (k,v) for k,v in rows ]
        """,
            "exporter/csvout.py": """
            import csv


            def write(path, rows:
                with open(path, "w", newline="") as fh:
                    csv.writer(fh).writerows(rows)
        """,
        },
    )
    pair = Pair(c, "yapf", proj)
    pair.run(
        "yapf_reformat_needed",
        "yapf --diff exporter/fmt.py",
        r"reformatted",
        ("exporter/fmt.py", '[ "%s=%s" % (k,v) for k,v in rows ]', '["%s=%s" % (k, v) for k, v in rows]'),
    )
    pair.run(
        "yapf_parse_error",
        "yapf --diff exporter/csvout.py",
        r"was never closed",
        ("exporter/csvout.py", "def write(path, rows:", "def write(path, rows):"),
    )


def check_jsonschema(c: Any) -> None:
    needs(c, "check-jsonschema")
    proj = c.project(
        "services",
        {
            "schema/service.json": """
            {
              "type": "object",
              "required": ["name", "port"],
              "properties": {
                "name": {"type": "string"},
                "port": {"type": "integer", "minimum": 1}
              }
            }
        """,
            "config/api.json": """
            {"name": "api", "port": "eighty"}
        """,
            "config/worker.json": """
            {"name": "worker", "replicas": 2}
        """,
        },
    )
    pair = Pair(c, "check_jsonschema", proj)
    pair.run(
        "check_jsonschema_wrong_type",
        "check-jsonschema --schemafile schema/service.json config/api.json",
        r"is not of type",
        ("config/api.json", '"port": "eighty"', '"port": 80'),
    )
    pair.run(
        "check_jsonschema_missing_property",
        "check-jsonschema --schemafile schema/service.json config/worker.json",
        r"is a required property",
        ("config/worker.json", '"replicas": 2', '"replicas": 2, "port": 9090'),
    )


def coffee(c: Any) -> None:
    proj = npm_project(
        c,
        "basket",
        {
            "src/cart.coffee": """
            total = (items) ->
              sum = 0
              for item in items
                sum += item.price
              sum

            console.log total [{price: 2}, {price: 3}
        """,
            "src/price.coffee": """
            price = (item) ->
              item.price * (1 - item.discount)

            console.log prcie {price: 10, discount: 0.5}
        """,
        },
        "coffeescript@2.7.1",
    )
    pair = Pair(c, "coffee", proj)
    pair.run(
        "coffee_missing_bracket",
        "npx coffee -c -o lib src/cart.coffee && node lib/cart.js",
        r"error: missing \]",
        ("src/cart.coffee", "{price: 3}\n", "{price: 3}]\n"),
    )
    pair.run(
        "coffee_reference_error",
        "npx coffee src/price.coffee",
        r"ReferenceError",
        ("src/price.coffee", "console.log prcie", "console.log price"),
    )


def solhint(c: Any) -> None:
    proj = npm_project(
        c,
        "vault",
        {
            ".solhint.json": """
            {"extends": "solhint:recommended"}
        """,
            "contracts/Vault.sol": """
            // SPDX-License-Identifier: MIT
            pragma solidity ^0.8.20;

            contract Vault {
                mapping(address => uint256) public balances;

                function withdraw(uint256 amount) external {
                    require(balances[msg.sender] >= amount, "insufficient balance");
                    balances[msg.sender] -= amount;
                    payable(msg.sender).transfer(amount);
                }
            }
        """,
            "contracts/Token.sol": """
            // SPDX-License-Identifier: MIT
            pragma solidity ^0.8.24;

            contract Token {
                uint256 public supply

                function mint(uint256 amount) external {
                    supply += amount;
                }
            }
        """,
        },
        "solhint@6.2.4",
    )
    pair = Pair(c, "solhint", proj)
    pair.run(
        "solhint_compiler_version",
        "npx solhint contracts/Vault.sol",
        r"does not satisfy",
        ("contracts/Vault.sol", "pragma solidity ^0.8.20;", "pragma solidity ^0.8.24;"),
    )
    pair.run(
        "solhint_parse_error",
        "npx solhint contracts/Token.sol",
        r"Parse error",
        ("contracts/Token.sol", "uint256 public supply\n", "uint256 public supply;\n"),
    )


def csslint(c: Any) -> None:
    proj = npm_project(
        c,
        "storefront",
        {
            "css/site.css": """
            .header {
              color: #333;
              margin: 0 auto;

            .nav a {
              color: blue;
            }
        """,
            "css/grid.css": """
            .grid {
              display: grid;
              colr: red;
            }
        """,
        },
        "csslint@1.0.5",
    )
    pair = Pair(c, "csslint", proj)
    pair.run(
        "csslint_missing_brace",
        "npx csslint css/site.css",
        r"Expected RBRACE",
        ("css/site.css", "  margin: 0 auto;\n", "  margin: 0 auto;\n}\n"),
    )
    pair.run(
        "csslint_unknown_property",
        "npx csslint --errors=known-properties css/grid.css",
        r"Unknown property",
        ("css/grid.css", "colr: red;", "color: red;"),
    )


def html_validate(c: Any) -> None:
    page = """
            <!DOCTYPE html>
            <html lang="en">
              <head>
                <meta charset="utf-8">
                <title>{title}</title>
              </head>
              <body>
            {body}
              </body>
            </html>
        """
    proj = npm_project(
        c,
        "orders",
        {
            ".htmlvalidate.json": """
            {"extends": ["html-validate:recommended"]}
        """,
            "site/index.html": page.format(
                title="Orders",
                body="""                <main>
                  <img src="logo.png">
                  <p>Recent orders</p>
                </main>""",
            ),
            "site/contact.html": page.format(
                title="Contact",
                body="""                <form action="/send">
                  <label for="email">Email</label>
                  <input id="email" name="email" type="email">
                  <label for="phone">Phone</label>
                  <input id="email" name="phone" type="tel">
                  <button type="submit">Send</button>
                </form>""",
            ),
        },
        "html-validate@10.17.0",
    )
    pair = Pair(c, "html_validate", proj)
    pair.run(
        "html_validate_missing_alt",
        "npx html-validate site/index.html",
        r"missing required \"alt\" attribute",
        ("site/index.html", '<img src="logo.png">', '<img src="logo.png" alt="Shop logo">'),
    )
    pair.run(
        "html_validate_duplicate_id",
        "npx html-validate site/contact.html",
        r"Duplicate ID",
        ("site/contact.html", '<input id="email" name="phone"', '<input id="phone" name="phone"'),
    )
