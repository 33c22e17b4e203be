"""Ecosystem corpus groups of the sixteenth held-out part, checkers people run every day (see ``ecosystems.py``):
buf from npm, and Import Linter and zizmor from PyPI (on PATH when capturing). The part's test runners (uvu,
Playwright Test and c8) are in ``ecosystems_sixteenth_runners.py``, named here too since the registry lists them from
this module. Each group is two distinct real failures of its tool, each fixed by one edit and run again, in the
wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs, npm_project
from ecosystems_sixteenth_runners import c8 as c8
from ecosystems_sixteenth_runners import playwright as playwright
from ecosystems_sixteenth_runners import uvu as uvu

BUF_YAML = """
version: v2
modules:
  - path: proto
lint:
  use:
    - STANDARD
"""


def buf(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-protos",
        {
            "package.json": '{"name": "shop-protos", "version": "1.0.0", "private": true}\n',
            "orders/buf.yaml": BUF_YAML,
            "orders/proto/shop/v1/orders.proto": """
            syntax = "proto3";

            package shop.v1;

            message Order {
              string order_id = 1;
              int64 totalCents = 2;
              repeated LineItem items = 3;
            }

            message LineItem {
              string sku = 1;
              int32 quantity = 2;
            }
        """,
            "billing/buf.yaml": BUF_YAML,
            "billing/proto/billing/v1/money.proto": """
            syntax = "proto3";

            package billing.v1;

            message Money {
              string currency_code = 1;
              int64 units = 2;
            }
        """,
            "billing/proto/billing/v1/invoice.proto": """
            syntax = "proto3";

            package billing.v1;

            import "billing/v1/amount.proto";

            message Invoice {
              string invoice_id = 1;
              Money total = 2;
            }
        """,
        },
        "@bufbuild/buf@1.75",
    )
    pair = Pair(c, "buf", proj)
    pair.run(
        "buf_lint_field_name",
        "cd orders && npx buf lint",
        r"lower_snake_case",
        ("orders/proto/shop/v1/orders.proto", "int64 totalCents = 2;", "int64 total_cents = 2;"),
    )
    pair.run(
        "buf_build_missing_import",
        "cd billing && npx buf build",
        r"does not exist|cannot find",
        ("billing/proto/billing/v1/invoice.proto", '"billing/v1/amount.proto"', '"billing/v1/money.proto"'),
    )


def import_linter(c: Any) -> None:
    needs(c, "lint-imports")
    proj = c.project(
        "shop-arch",
        {
            "shop/__init__.py": "",
            "shop/web/__init__.py": "",
            "shop/web/views.py": """
            from shop.domain.orders import place_order


            def order_view(request):
                return place_order(request["cart"])


            def render_receipt(order):
                return f"{order['items']} items"
        """,
            "shop/domain/__init__.py": "",
            "shop/domain/orders.py": """
            from shop.web.views import render_receipt


            def place_order(cart):
                order = {"items": len(cart)}
                return render_receipt(order)
        """,
            "shop/catalog/__init__.py": "",
            "shop/catalog/listing.py": """
            from shop.common.money import fmt


            def price_tag(product):
                return f"{product['name']}: {fmt(product['cents'])}"
        """,
            "shop/billing/__init__.py": "",
            "shop/billing/invoices.py": 'CURRENCY = "EUR"\n',
            "shop/common/__init__.py": "",
            "shop/common/money.py": """
            from shop.billing.invoices import CURRENCY


            def fmt(cents):
                return f"{cents / 100:.2f} {CURRENCY}"
        """,
            ".importlinter": """
            [importlinter]
            root_package = shop

            [importlinter:contract:layers]
            name = Web on top of the domain
            type = layers
            layers =
                shop.web
                shop.domain
        """,
            "independence.ini": """
            [importlinter]
            root_package = shop

            [importlinter:contract:independent]
            name = Catalog and billing are independent
            type = independence
            modules =
                shop.catalog
                shop.billing
        """,
        },
    )
    pair = Pair(c, "import_linter", proj)
    pair.run(
        "import_linter_layers_broken",
        "lint-imports",
        r"is not allowed to import",
        (
            "shop/domain/orders.py",
            "from shop.web.views import render_receipt\n\n\ndef place_order(cart):\n"
            '    order = {"items": len(cart)}\n    return render_receipt(order)\n',
            'def place_order(cart):\n    return {"items": len(cart)}\n',
        ),
    )
    pair.run(
        "import_linter_independence_broken",
        "lint-imports independence.ini",
        r"is not allowed to import",
        ("shop/common/money.py", "from shop.billing.invoices import CURRENCY\n", 'CURRENCY = "EUR"\n'),
    )


def zizmor(c: Any) -> None:
    needs(c, "zizmor")
    proj = c.project(
        "shop-ci",
        {
            ".github/workflows/deploy.yml": """
            name: Deploy
            on:
              push:
                tags: ["v*"]

            permissions:
              contents: read

            jobs:
              deploy:
                runs-on: ubuntu-latest
                steps:
                  - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683  # v4.2.2
                    with:
                      persist-credentials: false
                  - name: Announce
                    run: echo Deploying to: production
                  - run: ./scripts/deploy.sh production
        """,
            ".github/workflows/triage.yml": """
            name: Triage
            on:
              issues:
                types: [opened]

            permissions:
              issues: write

            jobs:
              label:
                runs-on: ubuntu-latest
                steps:
                  - name: Log the new issue
                    run: echo "New issue ${{ github.event.issue.title }}"
        """,
        },
    )
    pair = Pair(c, "zizmor", proj)
    pair.run(
        "zizmor_workflow_yaml_error",
        "zizmor .github/workflows/deploy.yml",
        r"failed to parse input|no audit was performed",
        (
            ".github/workflows/deploy.yml",
            "        run: echo Deploying to: production\n",
            "        run: |\n          echo Deploying to: production\n",
        ),
    )
    pair.run(
        "zizmor_template_injection",
        "zizmor .github/workflows/triage.yml",
        r"template-injection",
        (
            ".github/workflows/triage.yml",
            '        run: echo "New issue ${{ github.event.issue.title }}"\n',
            "        env:\n          ISSUE_TITLE: ${{ github.event.issue.title }}\n"
            '        run: echo "New issue $ISSUE_TITLE"\n',
        ),
    )
