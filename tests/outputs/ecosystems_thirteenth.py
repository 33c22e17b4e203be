"""Ecosystem corpus groups of the thirteenth held-out part, tools people run every day (see ``ecosystems.py``):
GNU sed and GNU tar, Clojure (Debian's ``clojure``), and from npm oxlint, Vite, Babel, lint-staged and Turborepo. Each
group is two distinct real failures of its tool, each fixed by one edit and run again, in the wording that tool
prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs, npm_project


def sed(c: Any) -> None:
    needs(c, "sed")
    proj = c.project(
        "release-script",
        {
            "bump.sh": """
            #!/bin/sh
            set -e
            version="$1"
            sed -i "s/^version = .*/version = \\"$version\\"" pyproject.toml
            grep '^version' pyproject.toml
        """,
            "pyproject.toml": """
            [project]
            name = "ledgerkit"
            version = "1.3.0"
        """,
            "notes.sh": """
            #!/bin/sh
            set -e
            sed -i 's/UNRELEASED/2.0.0/' CHANGES.md
            head -n 3 CHANGELOG.md
        """,
            "CHANGELOG.md": """
            # Changes

            ## UNRELEASED
            - the ledger balances itself
        """,
        },
    )
    pair = Pair(c, "sed", proj)
    pair.run(
        "sed_unterminated_s",
        "sh bump.sh 1.4.0",
        r"unterminated `s' command",
        ("bump.sh", '\\"$version\\"" pyproject.toml', '\\"$version\\"/" pyproject.toml'),
    )
    pair.run(
        "sed_cannot_read",
        "sh notes.sh",
        r"can't read",
        ("notes.sh", "CHANGES.md", "CHANGELOG.md"),
    )


def tar(c: Any) -> None:
    needs(c, "tar")
    proj = c.project(
        "site-backup",
        {
            "public/index.html": "<h1>Home</h1>\n",
            "public/about.html": "<h1>About</h1>\n",
            "backup.sh": """
            #!/bin/sh
            set -e
            tar -czf site.tar.gz public/index.html public/about.html public/contact.html
            tar -tzf site.tar.gz
        """,
            "restore.sh": """
            #!/bin/sh
            set -e
            mkdir -p restored
            tar -xzf site.tar.gz -C restored public/blog.html
            ls restored/public
        """,
        },
    )
    pair = Pair(c, "tar", proj)
    pair.run(
        "tar_cannot_stat",
        "sh backup.sh",
        r"Cannot stat",
        ("backup.sh", " public/contact.html", ""),
    )
    pair.run(
        "tar_not_found_in_archive",
        "sh restore.sh",
        r"Not found in archive",
        ("restore.sh", "public/blog.html", "public/about.html"),
    )


def clojure(c: Any) -> None:
    needs(c, "clojure")
    proj = c.project(
        "invoices-clj",
        {
            "src/invoices/core.clj": """
            (ns invoices.core)

            (defn total [lines]
              (reduce + (map :amount lines)))

            (defn -main [& _]
              (let [lines [{:amount 120} {:amount 80} {:amout 15}]]
                (println "total:" (total lines))))
        """,
            "src/invoices/tax.clj": """
            (ns invoices.tax)

            (defn with-tax [amount rate]
              (* amount (+ 1 rate))

            (defn -main [& _]
              (println (with-tax 100 0.2)))
        """,
        },
    )
    pair = Pair(c, "clojure", proj)
    pair.run(
        "clojure_null_pointer",
        "clojure -cp src -m invoices.core",
        r"NullPointerException|Cannot invoke",
        ("src/invoices/core.clj", "{:amout 15}", "{:amount 15}"),
        timeout=300,
    )
    pair.run(
        "clojure_eof_while_reading",
        "clojure -cp src -m invoices.tax",
        r"EOF while reading|Syntax error reading",
        ("src/invoices/tax.clj", "(* amount (+ 1 rate))\n", "(* amount (+ 1 rate)))\n"),
        timeout=300,
    )


def oxlint(c: Any) -> None:
    proj = npm_project(
        c,
        "checkout-ui",
        {
            "package.json": '{"name": "checkout-ui", "version": "1.0.0", "private": true, "type": "module"}\n',
            "src/cart.js": """
            export function itemCount(items) {
              let count = 0;
              for (const item of items) {
                if (item.qty = 0) continue;
                count += item.qty;
              }
              return count;
            }
        """,
            "src/price.js": """
            export function isFree(price) {
              return price == NaN || price === 0;
            }
        """,
        },
        "oxlint@1",
    )
    pair = Pair(c, "oxlint", proj)
    pair.run(
        "oxlint_cond_assign",
        "npx oxlint --deny-warnings src/cart.js",
        r"(?i)assignment|cond-assign",
        ("src/cart.js", "item.qty = 0", "item.qty === 0"),
    )
    pair.run(
        "oxlint_use_isnan",
        "npx oxlint --deny-warnings src/price.js",
        r"(?i)isnan|NaN",
        ("src/price.js", "price == NaN", "Number.isNaN(price)"),
    )


def vite(c: Any) -> None:
    proj = npm_project(
        c,
        "status-page",
        {
            "package.json": """
            {
              "name": "status-page",
              "version": "1.0.0",
              "private": true,
              "type": "module",
              "scripts": {"build": "vite build"}
            }
        """,
            "index.html": """
            <!doctype html>
            <html>
              <body>
                <div id="app"></div>
                <script type="module" src="/src/main.js"></script>
              </body>
            </html>
        """,
            "src/main.js": """
            import { renderStatus } from "./components/Status.js";

            document.querySelector("#app").innerHTML = renderStatus({ up: 12, down: 1 });
        """,
            "src/components/status.js": """
            export function renderStatus({ up, down }) {
              return `<p>${up} up, ${down} down</p>`;
            }
        """,
            "charts/index.html": """
            <!doctype html>
            <html>
              <body>
                <div id="chart"></div>
                <script type="module" src="./chart.js"></script>
              </body>
            </html>
        """,
            "charts/chart.js": """
            export function bars(values) {
              return values.map((v) => `<span style="height:${v}px"></span>`.join("");
            }

            document.querySelector("#chart").innerHTML = bars([3, 9, 4]);
        """,
        },
        "vite@7",
    )
    pair = Pair(c, "vite", proj)
    pair.run(
        "vite_unresolved_import",
        "npm run build",
        r"(?i)could not resolve|failed to resolve",
        ("src/main.js", "./components/Status.js", "./components/status.js"),
    )
    pair.run(
        "vite_parse_error",
        "npx vite build charts",
        r"(?i)expected|parse|unexpected|error",
        (
            "charts/chart.js",
            '`<span style="height:${v}px"></span>`.join("")',
            '`<span style="height:${v}px"></span>`).join("")',
        ),
    )


def babel(c: Any) -> None:
    proj = npm_project(
        c,
        "widgets-babel",
        {
            "package.json": '{"name": "widgets-babel", "version": "1.0.0", "private": true}\n',
            "babel.config.json": '{"presets": ["@babel/preset-env"]}\n',
            "src/format.js": """
            export const money = (cents) => {
              const whole = Math.floor(cents / 100);
              const rest = String(cents % 100).padStart(2, "0");
              return `$${whole}.${rest}`;
            };
            export const label = (item) => {
              return { name: item.name, price: money(item.cents) ;
            };
        """,
            "src/widget.js": """
            import { money } from "./format.js";

            export default function Widget({ cents }) {
              return <span className="price">{money(cents)}</span>;
            }
        """,
        },
        "@babel/cli@7 @babel/core@7 @babel/preset-env@7 @babel/preset-react@7",
    )
    pair = Pair(c, "babel", proj)
    pair.run(
        "babel_syntax_error",
        "npx babel src/format.js --out-dir lib",
        r"SyntaxError",
        ("src/format.js", "money(item.cents) ;", "money(item.cents) };"),
    )
    pair.run(
        "babel_jsx_not_enabled",
        "npx babel src --out-dir lib",
        r"(?i)jsx",
        ("babel.config.json", '["@babel/preset-env"]', '["@babel/preset-env", "@babel/preset-react"]'),
    )


def lint_staged(c: Any) -> None:
    needs(c, "git")
    proj = npm_project(
        c,
        "forms-app",
        {
            "package.json": """
            {
              "name": "forms-app",
              "version": "1.0.0",
              "private": true,
              "lint-staged": {
                "*.js": "node --check",
                "*.json": "node scripts/check-json.cjs"
              }
            }
        """,
            "scripts/check-json.cjs": """
            const fs = require("fs");
            for (const file of process.argv.slice(2)) {
              JSON.parse(fs.readFileSync(file, "utf8"));
            }
        """,
            "src/validate.js": """
            function required(value) {
              return value !== undefined && value !== "";
            }

            function email(value) {
              return /^[^@]+@[^@]+$/.test(value);
            }

            module.exports = { required, email
        """,
            "config/fields.json": """
            {
              "name": {"required": true},
              "email": {"required": true, "format": "email"},
            }
        """,
            ".gitignore": "node_modules/\n",
        },
        "lint-staged@16",
    )
    c.setup("git init -q -b main && git add .gitignore package.json && git commit -q -m 'Initial'", proj)
    pair = Pair(c, "lint_staged", proj)
    pair.run(
        "lint_staged_task_failed",
        "git add src/validate.js && npx lint-staged",
        r"SyntaxError|node --check",
        ("src/validate.js", "module.exports = { required, email\n", "module.exports = { required, email };\n"),
    )
    pair.run(
        "lint_staged_json_task_failed",
        "git add config/fields.json && npx lint-staged",
        r"SyntaxError|JSON",
        ("config/fields.json", '"format": "email"},', '"format": "email"}'),
    )


def turbo(c: Any) -> None:
    needs(c, "git")
    proj = npm_project(
        c,
        "shop-monorepo",
        {
            "package.json": """
            {
              "name": "shop-monorepo",
              "private": true,
              "packageManager": "npm@10.9.0",
              "workspaces": ["packages/*"]
            }
        """,
            "turbo.json": """
            {
              "$schema": "https://turborepo.com/schema.json",
              "tasks": {
                "build": {"dependsOn": ["^build"], "outputs": ["dist/**"]}
              }
            }
        """,
            "packages/prices/package.json": """
            {
              "name": "prices",
              "version": "1.0.0",
              "private": true,
              "scripts": {"build": "node build.js", "test": "node test.js"}
            }
        """,
            "packages/prices/build.js": """
            const fs = require("fs");
            const rates = JSON.parse(fs.readFileSync("prices.json", "utf8"));
            fs.mkdirSync("dist", { recursive: true });
            fs.writeFileSync("dist/rates.js", `module.exports = ${JSON.stringify(rates)};\\n`);
            console.log(`wrote ${Object.keys(rates).length} rates`);
        """,
            "packages/prices/rates.json": '{"EUR": 1, "USD": 1.08}\n',
            "packages/prices/test.js": """
            const assert = require("assert");
            assert.strictEqual(Math.round(1.08 * 100), 108);
            console.log("prices ok");
        """,
            ".gitignore": "node_modules/\n.turbo/\ndist/\n",
        },
        "turbo@2",
    )
    c.setup("git init -q -b main && git add -A && git commit -q -m 'Initial'", proj)
    pair = Pair(c, "turbo", proj)
    pair.run(
        "turbo_task_failed",
        "npx turbo run build",
        r"ENOENT|prices\.json",
        ("packages/prices/build.js", '"prices.json"', '"rates.json"'),
    )
    pair.run(
        "turbo_missing_task",
        "npx turbo run build test",
        r"(?i)could not find task|test",
        (
            "turbo.json",
            '"build": {"dependsOn": ["^build"], "outputs": ["dist/**"]}',
            '"build": {"dependsOn": ["^build"], "outputs": ["dist/**"]},\n    "test": {"dependsOn": ["build"]}',
        ),
    )
