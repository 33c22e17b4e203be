"""Ecosystem corpus groups of the twenty-ninth held-out part, tools of JavaScript projects people run every day (see
``ecosystems.py``), from npm and installed into the project: graphql-schema-linter (a GraphQL schema's linter),
Rspack (the Rust bundler with webpack's configuration), Size Limit (a bundle's size budget, with its file plugin),
lockfile-lint (which checks where a lockfile's packages come from) and npm-package-json-lint (a linter of
``package.json``). Each group is two distinct real failures of its tool, each fixed by one edit and run again, in the
wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, npm_project

#: graphql-schema-linter lints one schema file with the rules of the project's configuration.
GRAPHQL_RUN = "npx graphql-schema-linter schema/{name}.graphql"
#: Rspack bundles one entry with the project's configuration.
RSPACK_RUN = "npx rspack build --entry ./src/{name}.js"
#: Size Limit measures each file of one configuration against its budget.
SIZE_LIMIT_RUN = "npx size-limit --config {name}.size-limit.json"
#: lockfile-lint checks that every package of one app's lockfile comes from npm's registry over HTTPS.
LOCKFILE_RUN = "npx lockfile-lint --path apps/{name}/package-lock.json --allowed-hosts npm --validate-https"
#: npm-package-json-lint lints one package's ``package.json`` with the workspace's rules.
PACKAGE_JSON_RUN = "npx npmPkgJsonLint packages/{name}"


def graphql_schema_linter(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-graphql",
        {
            "package.json": '{"name": "shop-graphql", "version": "1.0.0", "private": true}\n',
            ".graphql-schema-linterrc": '{"rules": ["fields-have-descriptions", "types-have-descriptions", '
            '"arguments-have-descriptions", "defined-types-are-used"]}\n',
            "schema/orders.graphql": '''
            """
            An order placed in the shop.
            """
            type Order {
              "The order's id."
              id: ID!
              "What was bought."
              items: [OrderItem!]!
            }

            """
            One line of an order.
            """
            type OrderItem {
              "The product's SKU."
              sku: String!
              "How many were bought."
              qty: Int!
            }

            """
            The queries of the shop.
            """
            type Query {
              "One order by its id."
              order("The order's id." id: ID!): Ordr
            }
        ''',
            "schema/stock.graphql": '''
            """
            How many of a product are in stock.
            """
            type StockLevel {
              "The product's SKU."
              sku: String!
              onHand: Int!
              "Below this, the product is ordered again."
              reorderAt: Int!
            }

            """
            The queries of the stock.
            """
            type Query {
              "The stock level of one product."
              stock("The product's SKU." sku: String!): StockLevel
            }
        ''',
        },
        "graphql@16 graphql-schema-linter@3",
    )
    pair = Pair(c, "graphql_schema_linter", proj)
    pair.run(
        "graphql_schema_linter_unknown_type",
        GRAPHQL_RUN.format(name="orders"),
        r'Unknown type "Ordr"',
        ("schema/orders.graphql", "id: ID!): Ordr", "id: ID!): Order"),
    )
    pair.run(
        "graphql_schema_linter_missing_description",
        GRAPHQL_RUN.format(name="stock"),
        r"The field `StockLevel\.onHand` is missing a description",
        ("schema/stock.graphql", "  onHand: Int!", '  "How many are in stock."\n  onHand: Int!'),
    )


def rspack(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-rspack",
        {
            "package.json": '{"name": "shop-rspack", "version": "1.0.0", "private": true}\n',
            "rspack.config.js": """
            module.exports = {
              mode: "production",
              output: { clean: true },
            };
        """,
            "src/shop.js": """
            import { total } from "./cart";
            import { formatPrice } from "./format";

            document.querySelector("#total").textContent = formatPrice(total([{ price: 2.5, qty: 3 }]));
        """,
            "src/admin.js": """
            import { total } from "./cart";

            export function report(rows) {
              return { total: total(rows), count: rows.length;
            }

            console.log(report([{ price: 4, qty: 1 }]));
        """,
            "src/cart.js": """
            export function total(items) {
              return items.reduce((sum, item) => sum + item.price * item.qty, 0);
            }
        """,
            "src/formatting.js": """
            export const formatPrice = (value) => `$${value.toFixed(2)}`;
        """,
        },
        "@rspack/cli@2 @rspack/core@2",
    )
    pair = Pair(c, "rspack", proj)
    pair.run(
        "rspack_module_not_found",
        RSPACK_RUN.format(name="shop"),
        r"Module not found: Can't resolve './format'",
        ("src/shop.js", 'from "./format";', 'from "./formatting";'),
    )
    pair.run(
        "rspack_parse_error",
        RSPACK_RUN.format(name="admin"),
        r"JavaScript parse error",
        ("src/admin.js", "count: rows.length;", "count: rows.length };"),
    )


def size_limit(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-size",
        {
            "package.json": '{"name": "shop-size", "version": "1.0.0", "private": true}\n',
            "shop.size-limit.json": """
            [
              { "name": "cart", "path": "src/cart.js", "limit": "90 B" },
              { "name": "format", "path": "src/format.js", "limit": "1 kB" }
            ]
        """,
            "admin.size-limit.json": """
            [
              { "name": "cart", "path": "src/cart.js", "limit": "1 kB" },
              { "name": "checkout", "path": "src/chekout.js", "limit": "2 kB" }
            ]
        """,
            "src/cart.js": """
            // Adds up the lines of a cart, each a price and a quantity.
            export function total(items) {
              return items.reduce((sum, item) => sum + item.price * item.qty, 0);
            }
        """,
            "src/format.js": """
            export const formatPrice = (value) => `$${value.toFixed(2)}`;
        """,
            "src/checkout.js": """
            import { total } from "./cart.js";
            import { formatPrice } from "./format.js";

            export const summary = (items) => `Total: ${formatPrice(total(items))}`;
        """,
        },
        "size-limit@11 @size-limit/file@11",
    )
    pair = Pair(c, "size_limit", proj)
    pair.run(
        "size_limit_exceeded",
        SIZE_LIMIT_RUN.format(name="shop"),
        r"Package size limit has exceeded by",
        ("src/cart.js", "// Adds up the lines of a cart, each a price and a quantity.\n", ""),
    )
    pair.run(
        "size_limit_missing_file",
        SIZE_LIMIT_RUN.format(name="admin"),
        r"can.t find files at src/chekout\.js",
        ("admin.size-limit.json", '"src/chekout.js"', '"src/checkout.js"'),
    )


LOCKFILE = """
{{
  "name": "shop-{name}",
  "version": "1.0.0",
  "lockfileVersion": 3,
  "requires": true,
  "packages": {{
    "": {{
      "name": "shop-{name}",
      "version": "1.0.0",
      "dependencies": {{
        "ms": "^2.1.3",
        "picocolors": "^1.1.1"
      }}
    }},
    "node_modules/ms": {{
      "version": "2.1.3",
      "resolved": "{ms}",
      "integrity": "sha512-6FlzubTLZG3J2a/NVCAleEhjzq5oxgHyaCU9yYXvcLsvoVaHJq/s5xXI6/XXP6tz7R9xAOtHnSO/tXtF3WRTlA==",
      "license": "MIT"
    }},
    "node_modules/picocolors": {{
      "version": "1.1.1",
      "resolved": "{picocolors}",
      "integrity": "sha512-xceH2snhtb5M9liqDsmEw56le376mTZkEX/jEb/RxNFyegNul7eNslCXP9FDj/Lcu0X8KEyMceP2ntpaHrDEVA==",
      "license": "ISC"
    }}
  }}
}}
"""
REGISTRY = "https://registry.npmjs.org"


def lockfile_lint(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-lockfiles",
        {
            "package.json": '{"name": "shop-lockfiles", "version": "1.0.0", "private": true}\n',
            "apps/web/package-lock.json": LOCKFILE.format(
                name="web",
                ms=f"{REGISTRY}/ms/-/ms-2.1.3.tgz",
                picocolors="http://registry.npmjs.org/picocolors/-/picocolors-1.1.1.tgz",
            ),
            "apps/admin/package-lock.json": LOCKFILE.format(
                name="admin",
                ms="https://npm.mirror.example.com/ms/-/ms-2.1.3.tgz",
                picocolors=f"{REGISTRY}/picocolors/-/picocolors-1.1.1.tgz",
            ),
        },
        "lockfile-lint@5",
    )
    pair = Pair(c, "lockfile_lint", proj)
    pair.run(
        "lockfile_lint_invalid_protocol",
        LOCKFILE_RUN.format(name="web"),
        r"detected invalid protocol for package: picocolors@1\.1\.1",
        ("apps/web/package-lock.json", '"http://registry.npmjs.org/', f'"{REGISTRY}/'),
    )
    pair.run(
        "lockfile_lint_invalid_host",
        LOCKFILE_RUN.format(name="admin"),
        r"detected invalid host\(s\) for package: ms@2\.1\.3",
        ("apps/admin/package-lock.json", '"https://npm.mirror.example.com/', f'"{REGISTRY}/'),
    )


def npm_package_json_lint(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-workspace",
        {
            "package.json": '{"name": "shop-workspace", "version": "1.0.0", "private": true}\n',
            ".npmpackagejsonlintrc.json": """
            {
              "rules": {
                "name-format": "error",
                "version-format": "error",
                "require-license": "error",
                "no-repeated-dependencies": "error",
                "require-repository": "warning"
              }
            }
        """,
            "packages/web/package.json": """
            {
              "name": "@shop/web",
              "version": "1.2",
              "description": "The shop's storefront",
              "license": "MIT",
              "scripts": { "build": "rspack build" },
              "dependencies": { "ms": "^2.1.3" }
            }
        """,
            "packages/admin/package.json": """
            {
              "name": "@shop/admin",
              "version": "1.2.0",
              "description": "The shop's back office",
              "license": "MIT",
              "scripts": { "test": "vitest run" },
              "dependencies": { "ms": "^2.1.3", "picocolors": "^1.1.1" },
              "devDependencies": { "picocolors": "^1.1.1", "vitest": "^3.2.0" }
            }
        """,
        },
        "npm-package-json-lint@9",
    )
    pair = Pair(c, "npm_package_json_lint", proj)
    pair.run(
        "npm_package_json_lint_version_format",
        PACKAGE_JSON_RUN.format(name="web"),
        r"version-format - node: version - Format must be a valid semantic version",
        ("packages/web/package.json", '"version": "1.2",', '"version": "1.2.0",'),
    )
    pair.run(
        "npm_package_json_lint_repeated_dependency",
        PACKAGE_JSON_RUN.format(name="admin"),
        r"picocolors exists in both dependencies and devDependencies",
        ("packages/admin/package.json", '"devDependencies": { "picocolors": "^1.1.1", ', '"devDependencies": { '),
    )
