"""Ecosystem corpus groups of the twenty-ninth held-out part, checkers of API specs, translations and settings people
run every day (see ``ecosystems.py``), from PyPI and on ``PATH`` when capturing: openapi-spec-validator (which checks
an OpenAPI document against its specification), dennis (Mozilla's linter of gettext PO files) and dotenv-linter (the
linter of ``.env`` files). Each group is two distinct real failures of its tool, each fixed by one edit and run
again, in the wording that tool prints."""

from __future__ import annotations

from textwrap import dedent
from typing import Any

from ecosystems import Pair, needs

#: openapi-spec-validator validates one OpenAPI document.
OPENAPI_RUN = "openapi-spec-validator specs/{name}.yaml"
#: dennis lints the translations of one language.
DENNIS_RUN = "dennis-cmd lint locale/{lang}/LC_MESSAGES/messages.po"
#: dotenv-linter lints one ``.env`` file.
DOTENV_RUN = "dotenv-linter {name}"

SPEC = """
openapi: 3.0.3
info:
  title: Shop {title} API
  version: 1.2.0
paths:
{paths}
components:
  schemas:
    Order:
      type: object
      required: [id, total]
      properties:
        id:
          type: string
        total:
          type: number
    StockLevel:
      type: object
      properties:
        sku:
          type: string
        onHand:
          type: integer
"""

ORDER_PATHS = """  /orders:
    get:
      summary: Lists the orders
      responses:
        "200":
          description: The orders
          content:
            application/json:
              schema:
                type: array
                items:
                  $ref: "#/components/schemas/Order"
  /orders/{orderId}:
    get:
      summary: One order
      responses:
        "200":
          description: The order
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/Order"
        "404":
          description: No such order"""

STOCK_PATHS = """  /stock/{sku}:
    get:
      summary: The stock level of one product
      parameters:
        - name: sku
          in: path
          required: true
          schema:
            type: string
      responses:
        "200":
          description: The stock level
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/Stocklevel"
"""


def openapi_spec_validator(c: Any) -> None:
    needs(c, "openapi-spec-validator")
    proj = c.project(
        "shop-api",
        {
            "specs/orders.yaml": SPEC.format(title="Orders", paths=ORDER_PATHS),
            "specs/stock.yaml": SPEC.format(title="Stock", paths=STOCK_PATHS),
        },
    )
    pair = Pair(c, "openapi_spec_validator", proj)
    pair.run(
        "openapi_spec_validator_path_parameter",
        OPENAPI_RUN.format(name="orders"),
        r"Path parameter 'orderId' .* was not resolved",
        (
            "specs/orders.yaml",
            "      summary: One order\n",
            "      summary: One order\n      parameters:\n        - name: orderId\n          in: path\n"
            "          required: true\n          schema:\n            type: string\n",
        ),
    )
    pair.run(
        "openapi_spec_validator_unresolved_ref",
        OPENAPI_RUN.format(name="stock"),
        r"'/components/schemas/Stocklevel' does not exist",
        ("specs/stock.yaml", "#/components/schemas/Stocklevel", "#/components/schemas/StockLevel"),
    )


PO_HEAD = """
msgid ""
msgstr ""
"Project-Id-Version: shop 1.2\\n"
"Language: {lang}\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"""


def dennis(c: Any) -> None:
    needs(c, "dennis-cmd")
    proj = c.project(
        "shop-i18n",
        {
            "locale/fr/LC_MESSAGES/messages.po": PO_HEAD.format(lang="fr")
            + dedent(
                """
            #: shop/templates/cart.html:4
            #, python-format
            msgid "Hello %(name)s, you have %(count)d items in your cart"
            msgstr "Bonjour %(nom)s, vous avez %(count)d articles dans votre panier"

            #: shop/templates/cart.html:12
            msgid "Checkout"
            msgstr "Paiement"

            #: shop/templates/order.html:3
            #, python-format
            msgid "Order %(number)s was placed on %(date)s"
            msgstr "La commande %(number)s a été passée le %(date)s"
        """
            ),
            "locale/de/LC_MESSAGES/messages.po": PO_HEAD.format(lang="de")
            + dedent(
                """
            #: shop/templates/cart.html:12
            msgid "Checkout"
            msgstr "Checkout"

            #: shop/templates/shipping.html:7
            #, python-brace-format
            msgid "Shipping to {city} takes {days} days"
            msgstr "Der Versand nach {city dauert {days} Tage"

            #: shop/templates/stock.html:2
            #, python-brace-format
            msgid "Only {count} left"
            msgstr "Nur noch {count} übrig"
        """
            ),
        },
    )
    pair = Pair(c, "dennis", proj)
    pair.run(
        "dennis_invalid_variable",
        DENNIS_RUN.format(lang="fr"),
        r"E201: invalid variables: %\(nom\)s",
        ("locale/fr/LC_MESSAGES/messages.po", "Bonjour %(nom)s", "Bonjour %(name)s"),
    )
    pair.run(
        "dennis_missing_brace",
        DENNIS_RUN.format(lang="de"),
        r"E102: missing right curly-brace: \{city",
        ("locale/de/LC_MESSAGES/messages.po", "nach {city dauert", "nach {city} dauert"),
    )


def dotenv_linter(c: Any) -> None:
    needs(c, "dotenv-linter")
    proj = c.project(
        "shop-settings",
        {
            ".env": """
            # Local settings of the shop
            DATABASE_URL=postgres://shop@localhost:5432/shop
            REDIS_URL=redis://localhost:6379/0
            SECRET_KEY=dev-only-secret
            DEBUG=true
            ALLOWED_HOSTS=localhost,127.0.0.1
            # Payments in test mode
            PAYMENT_API_URL=https://payments.example.com/test
            SECRET_KEY=changeme
            EMAIL_BACKEND=console
        """,
            ".env.test": """
            DATABASE_URL=postgres://shop@localhost:5432/shop_test
            DEBUG=false
            celery_always_eager=true
            LOG_LEVEL=warning
        """,
        },
    )
    pair = Pair(c, "dotenv_linter", proj)
    pair.run(
        "dotenv_linter_duplicate_name",
        DOTENV_RUN.format(name=".env"),
        r"Found duplicate name: SECRET_KEY",
        (".env", "SECRET_KEY=changeme\n", "PAYMENT_SECRET_KEY=changeme\n"),
    )
    pair.run(
        "dotenv_linter_incorrect_name",
        DOTENV_RUN.format(name=".env.test"),
        r"Found incorrect name: celery_always_eager",
        (".env.test", "celery_always_eager=true", "CELERY_ALWAYS_EAGER=true"),
    )
