"""Ecosystem corpus groups of the thirty-third held-out part from npm, installed into the project (see
``ecosystems.py``): MJML (``mjml``, a compiler of e-mail markup to HTML that validates the markup, here strictly) and
Peggy (``peggy``, a parser generator for JavaScript). Each group is two distinct real failures of its tool, each fixed
by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, npm_project

#: mjml renders one e-mail as HTML into build/, refusing markup its validator finds wrong.
MJML_RUN = "mkdir -p build && npx mjml --config.validationLevel=strict emails/{name}.mjml -o build/{name}.html"
#: peggy writes the parser of one grammar into build/.
PEGGY_RUN = "mkdir -p build && npx peggy -o build/{name}.js grammar/{name}.peggy"


def mjml(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-emails",
        {
            "package.json": '{"name": "shop-emails", "version": "1.0.0", "private": true}\n',
            "emails/receipt.mjml": """\
            <mjml>
              <mj-body>
                <mj-section>
                  <mj-column>
                    <mj-text font-size="16px" colour="#333333">Thank you for your order.</mj-text>
                    <mj-button href="https://shop.example/orders">View your order</mj-button>
                  </mj-column>
                </mj-section>
              </mj-body>
            </mjml>
            """,
            "emails/welcome.mjml": """\
            <mjml>
              <mj-body>
                <mj-section>
                  <mj-text>Welcome to the shop.</mj-text>
                </mj-section>
              </mj-body>
            </mjml>
            """,
        },
        "mjml@4",
    )
    pair = Pair(c, "mjml", proj)
    pair.run(
        "mjml_illegal_attribute",
        MJML_RUN.format(name="receipt"),
        r"Attribute colour is illegal",
        ("emails/receipt.mjml", 'colour="#333333"', 'color="#333333"'),
    )
    pair.run(
        "mjml_wrong_parent",
        MJML_RUN.format(name="welcome"),
        r"mj-text cannot be used inside mj-section",
        (
            "emails/welcome.mjml",
            "<mj-text>Welcome to the shop.</mj-text>\n",
            "<mj-column>\n      <mj-text>Welcome to the shop.</mj-text>\n    </mj-column>\n",
        ),
    )


def peggy(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-grammars",
        {
            "package.json": '{"name": "shop-grammars", "version": "1.0.0", "private": true}\n',
            "grammar/price.peggy": """\
            start
              = amount:number _ currency:code { return { amount, currency }; }

            number
              = whole:$[0-9]+ "." cents:$([0-9] [0-9]) { return parseFloat(whole + "." + cents); }

            _ = " "*

            currency
              = "EUR" / "USD"
            """,
            "grammar/quantity.peggy": """\
            start
              = count:count _ unit:unit { return { count, unit }; }

            count
              = digits:$[0-9]+ { return parseInt(digits, 10); }

            _ = " "*

            unit
              = "pcs" / "kg"

            unit
              = "box" / "crate"
            """,
        },
        "peggy@4",
    )
    pair = Pair(c, "peggy", proj)
    pair.run(
        "peggy_undefined_rule",
        PEGGY_RUN.format(name="price"),
        r'Rule "code" is not defined',
        ("grammar/price.peggy", "currency:code", "currency:currency"),
    )
    pair.run(
        "peggy_duplicate_rule",
        PEGGY_RUN.format(name="quantity"),
        r'Rule "unit" is already defined',
        ("grammar/quantity.peggy", '  = "pcs" / "kg"\n\nunit\n  = "box"', '  = "pcs" / "kg"\n  / "box"'),
    )
