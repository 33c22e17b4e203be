"""Ecosystem corpus groups of the twentieth held-out part, web tools people run every day from npm (see
``ecosystems.py``): svelte-check, Tailwind CSS's CLI, Cucumber.js and Eleventy. Each group is two distinct real
failures of its tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, npm_project

SVELTE_TSCONFIG = """
{
  "compilerOptions": {
    "target": "ES2022",
    "module": "ESNext",
    "moduleResolution": "bundler",
    "strict": true,
    "verbatimModuleSyntax": true,
    "isolatedModules": true,
    "skipLibCheck": true
  },
  "include": ["src/**/*.ts", "src/**/*.svelte"]
}
"""


def svelte_check(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-svelte",
        {
            "package.json": '{"name": "shop-svelte", "version": "1.0.0", "private": true, "type": "module"}\n',
            "store/tsconfig.json": SVELTE_TSCONFIG,
            "store/src/lib/Price.svelte": """
            <script lang="ts">
              let { cents, currency = "EUR" }: { cents: number; currency?: string } = $props();
              const label = (cents / 100).toFixed(2) + " " + currency;
            </script>

            <span class="price">{label}</span>
        """,
            "store/src/lib/Cart.svelte": """
            <script lang="ts">
              import Price from "./Price.svelte";
              let { items }: { items: { title: string; cents: number }[] } = $props();
            </script>

            <ul>
              {#each items as item}
                <li>{item.title} <Price cents={item.cents.toString()} /></li>
              {/each}
            </ul>
        """,
            "admin/tsconfig.json": SVELTE_TSCONFIG,
            "admin/src/Product.svelte": """
            <script lang="ts">
              let { title, image }: { title: string; image: string } = $props();
            </script>

            <figure>
              <img src={image} />
              <figcaption>{title}</figcaption>
            </figure>
        """,
        },
        "--save-dev svelte-check@4 svelte@5 typescript@5",
    )
    pair = Pair(c, "svelte_check", proj)
    pair.run(
        "svelte_check_type_error",
        "cd store && npx svelte-check",
        r"Error: Type 'string' is not assignable",
        ("store/src/lib/Cart.svelte", "cents={item.cents.toString()}", "cents={item.cents}"),
    )
    pair.run(
        "svelte_check_a11y_warning",
        "cd admin && npx svelte-check --fail-on-warnings",
        r"should have an alt attribute",
        ("admin/src/Product.svelte", "<img src={image} />", "<img src={image} alt={title} />"),
    )


def tailwindcss(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-styles",
        {
            "package.json": '{"name": "shop-styles", "version": "1.0.0", "private": true}\n',
            "web/index.html": '<button class="button-primary">Pay</button>\n',
            "web/app.css": """
            @import "tailwindcss";

            @theme {
              --color-brand: #0f766e;
            }

            .button-primary {
              @apply rounded bg-brand-600 px-4 py-2 text-white;
            }
        """,
            "admin/index.html": '<button class="button-danger">Refund</button>\n',
            "admin/app.css": '@import "tailwindcss";\n@import "./components/buttons.css";\n',
            "admin/components/button.css": ".button-danger {\n  @apply rounded bg-red-700 px-4 py-2 text-white;\n}\n",
        },
        "--save-dev @tailwindcss/cli@4 tailwindcss@4",
    )
    pair = Pair(c, "tailwindcss", proj)
    pair.run(
        "tailwindcss_unknown_utility",
        "npx @tailwindcss/cli -i web/app.css -o web/dist/app.css",
        r"Cannot apply unknown utility class",
        ("web/app.css", "bg-brand-600", "bg-brand"),
    )
    pair.run(
        "tailwindcss_unresolved_import",
        "npx @tailwindcss/cli -i admin/app.css -o admin/dist/app.css",
        r"Can't resolve",
        ("admin/app.css", '@import "./components/buttons.css";', '@import "./components/button.css";'),
    )


def cucumber(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-bdd",
        {
            "package.json": '{"name": "shop-bdd", "version": "1.0.0", "private": true}\n',
            "features/discount.feature": """
            Feature: Discount codes

              Scenario: A ten percent code
                Given a cart worth 80.00 EUR
                When the code "SPRING10" is applied
                Then the total is 72.00 EUR
        """,
            "features/step_definitions/discount.steps.js": """
            const assert = require("node:assert/strict");
            const { Given, When, Then } = require("@cucumber/cucumber");

            const CODES = { SPRING10: 10 };

            Given("a cart worth {float} EUR", function (total) {
              this.total = total;
            });

            When("the code {string} is applied", function (code) {
              this.total = this.total - CODES[code];
            });

            Then("the total is {float} EUR", function (expected) {
              assert.equal(this.total.toFixed(2), expected.toFixed(2));
            });
        """,
            "features/shipping.feature": """
            Feature: Shipping

              Scenario: Heavy parcels ship from the central warehouse
                Given a parcel of 32 kg
                Then it ships from "Kassel"
        """,
            "features/step_definitions/shipping.steps.js": """
            const assert = require("node:assert/strict");
            const { Given, Then } = require("@cucumber/cucumber");

            Given("a parcel of {int} kg", function (kg) {
              this.warehouse = kg > 30 ? "Kassel" : "Leipzig";
            });

            Then("it ships from the {string} warehouse", function (name) {
              assert.equal(this.warehouse, name);
            });
        """,
        },
        "--save-dev @cucumber/cucumber@11",
    )
    pair = Pair(c, "cucumber", proj)
    pair.run(
        "cucumber_assertion",
        "npx cucumber-js features/discount.feature",
        r"AssertionError",
        (
            "features/step_definitions/discount.steps.js",
            "this.total = this.total - CODES[code];",
            "this.total = this.total * (1 - CODES[code] / 100);",
        ),
    )
    pair.run(
        "cucumber_undefined_step",
        "npx cucumber-js features/shipping.feature",
        r"Undefined\. Implement with the following snippet",
        ("features/shipping.feature", 'Then it ships from "Kassel"', 'Then it ships from the "Kassel" warehouse'),
    )


def eleventy(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-site",
        {
            "package.json": '{"name": "shop-site", "version": "1.0.0", "private": true}\n',
            "news/_includes/base.njk": "<!doctype html>\n<title>{{ title }}</title>\n{{ content | safe }}\n",
            "news/index.njk": """
            ---
            layout: base.njk
            title: Shop news
            ---
            <ul>
            {% for post in collections.post %}
              <li>{{ post.data.title | upcase }}</li>
            {% endfor %}
            </ul>
        """,
            "news/spring.md": "---\ntitle: Spring sale\ntags: post\n---\nTen percent off everything.\n",
            "help/_includes/doc.njk": "<main><h1>{{ title }}</h1>{{ content | safe }}</main>\n",
            "help/returns.md": "---\nlayout: page.njk\ntitle: Returns\n---\nReturns are free within 30 days.\n",
        },
        "--save-dev @11ty/eleventy@3",
    )
    pair = Pair(c, "eleventy", proj)
    pair.run(
        "eleventy_unknown_filter",
        "npx @11ty/eleventy --input=news --output=_site/news",
        r"filter not found: upcase",
        ("news/index.njk", "post.data.title | upcase", "post.data.title | upper"),
    )
    pair.run(
        "eleventy_missing_layout",
        "npx @11ty/eleventy --input=help --output=_site/help",
        r"layout that does not exist",
        ("help/returns.md", "layout: page.njk", "layout: doc.njk"),
    )


def swc(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-swc",
        {
            "package.json": '{"name": "shop-swc", "version": "1.0.0", "private": true}\n',
            "api/src/orders.ts": """
            export interface Order {
              id: string;
              totalCents: number;
            }

            export function describe(order: Order): string {
              return `${order.id}: ${(order.totalCents / 100).toFixed(2)} EUR`;
            }

            export const FREE_SHIPPING_CENTS = 5000;
            if (FREE_SHIPPING_CENTS > 0 {
              console.log("free shipping enabled");
            }
        """,
            "web/.swcrc": """
            {
              "jsc": {
                "parser": { "syntax": "typescript", "tsx": true },
                "target": "es2029"
              }
            }
        """,
            "web/src/Price.tsx": (
                "export const Price = ({ cents }: { cents: number }) => <span>{(cents / 100).toFixed(2)}</span>;\n"
            ),
        },
        "--save-dev @swc/cli@0.8 @swc/core@1",
    )
    pair = Pair(c, "swc", proj)
    pair.run(
        "swc_syntax_error",
        "npx swc api/src -d api/dist",
        r"Expected '\)', got '\{'",
        ("api/src/orders.ts", "if (FREE_SHIPPING_CENTS > 0 {", "if (FREE_SHIPPING_CENTS > 0) {"),
    )
    pair.run(
        "swc_bad_swcrc",
        "cd web && npx swc src -d dist",
        r"Unknown ES version",
        ("web/.swcrc", '"target": "es2029"', '"target": "es2022"'),
    )


GRAPHQL_SCHEMA = """
type Order {
  id: ID!
  totalCents: Int!
  customer: Customer!
}

type Customer {
  id: ID!
  email: String!
}

type Query {
  order(id: ID!): Order
}
"""

CODEGEN_CONFIG = """
schema: {schema}
documents: src/**/*.graphql
generates:
  src/generated.ts:
    plugins:
      - typescript
      - typescript-operations
"""


def graphql_codegen(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-graphql",
        {
            "package.json": '{"name": "shop-graphql", "version": "1.0.0", "private": true}\n',
            "store/schema.graphql": GRAPHQL_SCHEMA,
            "store/codegen.yml": CODEGEN_CONFIG.format(schema="schema.graphql"),
            "store/src/order.graphql": """
            query OrderSummary($id: ID!) {
              order(id: $id) {
                id
                total
                customer {
                  email
                }
              }
            }
        """,
            "admin/shop.graphql": GRAPHQL_SCHEMA,
            "admin/codegen.yml": CODEGEN_CONFIG.format(schema="schema.graphql"),
            "admin/src/customer.graphql": """
            query CustomerEmail($id: ID!) {
              order(id: $id) {
                customer {
                  email
                }
              }
            }
        """,
        },
        "--save-dev @graphql-codegen/cli@7 @graphql-codegen/typescript @graphql-codegen/typescript-operations "
        "graphql@16",
    )
    pair = Pair(c, "graphql_codegen", proj)
    pair.run(
        "graphql_codegen_unknown_field",
        "cd store && npx graphql-codegen",
        r'Cannot query field "total"',
        ("store/src/order.graphql", "    total\n", "    totalCents\n"),
    )
    pair.run(
        "graphql_codegen_missing_schema",
        "cd admin && npx graphql-codegen",
        r"Failed to load schema",
        ("admin/codegen.yml", "schema: schema.graphql", "schema: shop.graphql"),
    )
