"""Ecosystem corpus groups of the twenty-second held-out part, checkers people run every day (see ``ecosystems.py``):
Checkov from PyPI (on ``PATH`` when capturing) on Terraform files, and from npm Flow's type checker and textlint. Each
group is two distinct real failures of its tool, each fixed by one edit and run again, in the wording that tool
prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs, npm_project

#: The checks this infrastructure enforces; downloading Prisma Cloud's guidelines is skipped (no such host is reached).
CHECKOV_CONFIG = """
framework:
  - terraform
compact: true
quiet: true
skip-download: true
check:
  - CKV_AWS_24
  - CKV_AWS_56
"""


def checkov(c: Any) -> None:
    needs(c, "checkov")
    proj = c.project(
        "shop-infra",
        {
            ".checkov.yaml": CHECKOV_CONFIG,
            "storage/main.tf": """
            resource "aws_s3_bucket" "invoices" {
              bucket = "shop-invoices"
            }

            resource "aws_s3_bucket_public_access_block" "invoices" {
              bucket                  = aws_s3_bucket.invoices.id
              block_public_acls       = true
              block_public_policy     = true
              ignore_public_acls      = true
              restrict_public_buckets = false
            }
        """,
            "network/main.tf": """
            resource "aws_security_group" "admin" {
              name        = "shop-admin"
              description = "SSH for the on-call team"

              ingress {
                description = "SSH"
                from_port   = 22
                to_port     = 22
                protocol    = "tcp"
                cidr_blocks = ["0.0.0.0/0"]
              }
            }
        """,
        },
    )
    pair = Pair(c, "checkov", proj)
    pair.run(
        "checkov_public_bucket",
        "checkov -d storage",
        r"FAILED for resource: aws_s3_bucket_public_access_block\.invoices",
        ("storage/main.tf", "restrict_public_buckets = false", "restrict_public_buckets = true"),
    )
    pair.run(
        "checkov_open_ssh",
        "checkov -d network",
        r"Check: CKV_AWS_24",
        ("network/main.tf", '["0.0.0.0/0"]', '["10.20.0.0/16"]'),
    )


def flow(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-flow",
        {
            "package.json": '{"name": "shop-flow", "version": "1.0.0", "private": true}\n',
            "cart/.flowconfig": "[options]\n",
            "cart/cart.js": """
            // @flow

            type Line = { sku: string, qty: number, cents: number };

            export function lineTotal(line: Line): number {
              return line.qty * line.cents;
            }

            export function label(line: Line): string {
              return lineTotal(line);
            }
        """,
            "stock/.flowconfig": "[options]\n",
            "stock/stock.js": """
            // @flow

            type Item = { sku: string, onHand: number, reorder: ?{ below: number } };

            export function needsReorder(item: Item): boolean {
              return item.onHand < item.reorder.below;
            }
        """,
        },
        "--save-dev flow-bin@0.336",
    )
    pair = Pair(c, "flow", proj)
    pair.run(
        "flow_incompatible_return",
        "cd cart && npx flow full-check",
        r"Cannot return `lineTotal\(\.\.\.\)` because `number` \[1\] is incompatible with `string` \[2\]",
        ("cart/cart.js", "return lineTotal(line);", 'return line.sku + ": " + lineTotal(line);'),
    )
    pair.run(
        "flow_maybe_property",
        "cd stock && npx flow full-check",
        r"property `below` is missing in `null`",
        (
            "stock/stock.js",
            "return item.onHand < item.reorder.below;",
            "return item.reorder != null && item.onHand < item.reorder.below;",
        ),
    )


def textlint(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-textlint",
        {
            "package.json": '{"name": "shop-textlint", "version": "1.0.0", "private": true}\n',
            ".textlintrc.json": '{\n  "rules": {\n    "no-todo": true,\n    "max-comma": {"max": 3}\n  }\n}\n',
            "docs/returns.md": """
            # Returns

            Parcels can be sent back within 30 days of delivery.

            TODO: say who pays for the return label.
        """,
            "docs/shipping.md": """
            # Shipping

            We ship to France, Germany, Spain, Italy, Portugal and Belgium from our warehouse in Lyon.
        """,
        },
        "--save-dev textlint@15 textlint-rule-no-todo@2 textlint-rule-max-comma@4",
    )
    pair = Pair(c, "textlint", proj)
    pair.run(
        "textlint_no_todo",
        "npx textlint --no-color docs/returns.md",
        r"Found TODO",
        (
            "docs/returns.md",
            "TODO: say who pays for the return label.",
            "The shop pays for the return label.",
        ),
    )
    pair.run(
        "textlint_max_comma",
        "npx textlint --no-color docs/shipping.md",
        r"exceeds the maximum count of comma",
        (
            "docs/shipping.md",
            "We ship to France, Germany, Spain, Italy, Portugal and Belgium from",
            "We ship to six countries in western Europe from",
        ),
    )
