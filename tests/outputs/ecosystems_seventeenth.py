"""Ecosystem corpus groups of the seventeenth held-out part, tools people run every day (see ``ecosystems.py``), from
Debian: Bundler, OpenSSH's ``sshd -t`` and ``systemd-analyze verify``; from npm: depcheck, dependency-cruiser,
markdown-link-check and license-checker. Each group is two distinct real failures of its tool, each fixed by one edit
and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs, npm_project


def bundler(c: Any) -> None:
    needs(c, "bundle")
    proj = c.project(
        "shop-ruby",
        {
            "api/Gemfile": """
            # frozen_string_literal: true

            source "https://rubygems.org"

            gem "json", "~> 3.0"
            gem "rake", "~> 13.0"
        """,
            "worker/Gemfile": """
            # frozen_string_literal: true

            source "https://rubygems.org"

            gem "rake" "~> 13.0"
            gem "minitest", "~> 5.15", group: :test
        """,
        },
    )
    pair = Pair(c, "bundler", proj)
    pair.run(
        "bundler_gem_not_found_locally",
        "cd api && bundle install --local",
        r"Could not find gem",
        ("api/Gemfile", 'gem "json", "~> 3.0"', 'gem "json", "~> 2.6"'),
    )
    pair.run(
        "bundler_gemfile_syntax_error",
        "cd worker && bundle install --local",
        r"error parsing",
        ("worker/Gemfile", 'gem "rake" "~> 13.0"', 'gem "rake", "~> 13.0"'),
    )


SSHD_CONFIG = """
    # The bastion's sshd, checked before it is deployed.
    Port 2222
    HostKey {keys}/ssh_host_ed25519_key
    PidFile none

    PermitRootLogn no
    PubkeyAuthentication yes
    AuthorizedKeysFile .ssh/authorized_keys
    PasswordAuthentication no
    X11Forwarding no
"""

SSHD_MATCH = """
    # Deploy users may only forward to the build hosts.
    Port 2223
    HostKey {keys}/ssh_host_ed25519_key
    PidFile none
    PermitRootLogin no
    PasswordAuthentication no

    Match Group deploy
        AllowTcpForwarding local
        PermitOpen build1:22 build2:22
        PasswordAuthentication maybe
"""


def sshd(c: Any) -> None:
    needs(c, "sshd")
    needs(c, "ssh-keygen")
    proj = c.project("bastion", {})
    keys = proj / "keys"
    c.project(
        "bastion",
        {
            "sshd_config": SSHD_CONFIG.format(keys=keys),
            "deploy/sshd_config": SSHD_MATCH.format(keys=keys),
        },
    )
    c.setup("mkdir -p keys /run/sshd && ssh-keygen -q -t ed25519 -N '' -f keys/ssh_host_ed25519_key", proj)
    pair = Pair(c, "sshd", proj)
    pair.run(
        "sshd_bad_option",
        "sshd -t -f ./sshd_config",
        r"Bad configuration option",
        ("sshd_config", "PermitRootLogn no", "PermitRootLogin no"),
    )
    pair.run(
        "sshd_unsupported_value",
        "cd deploy && sshd -t -f ./sshd_config",
        r"unsupported option",
        ("deploy/sshd_config", "PasswordAuthentication maybe", "PasswordAuthentication no"),
    )


def systemd_analyze(c: Any) -> None:
    needs(c, "systemd-analyze")
    proj = c.project(
        "shop-units",
        {
            "api/shop-api.service": """
            [Unit]
            Description=Shop API
            After=network.target

            [Service]
            Type=simple
            ExecStrat=/usr/bin/python3 -m http.server 8080
            Restart=on-failure

            [Install]
            WantedBy=multi-user.target
        """,
            "jobs/shop-reports.service": """
            [Unit]
            Description=Nightly sales report

            [Service]
            Type=oneshot
            ExecStart=/usr/bin/pyhton3 -c "print('report written')"
        """,
        },
    )
    pair = Pair(c, "systemd_analyze", proj)
    pair.run(
        "systemd_analyze_unknown_key",
        "systemd-analyze verify api/shop-api.service",
        r"Unknown key",
        ("api/shop-api.service", "ExecStrat=", "ExecStart="),
    )
    pair.run(
        "systemd_analyze_missing_executable",
        "systemd-analyze verify jobs/shop-reports.service",
        r"pyhton3",
        ("jobs/shop-reports.service", "/usr/bin/pyhton3", "/usr/bin/python3"),
    )


def depcheck(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-apps",
        {
            "package.json": '{"name": "shop-apps", "version": "1.0.0", "private": true}\n',
            "web/package.json": """
            {
              "name": "shop-web",
              "version": "1.0.0",
              "private": true,
              "dependencies": {
                "ms": "^2.1.3"
              }
            }
        """,
            "web/src/index.js": """
            const ms = require("ms");
            const { slugify } = require("./slug");

            module.exports = { cacheFor: ms("2h"), slugify };
        """,
            "web/src/slug.js": """
            const escape = require("escape-string-regexp");

            function slugify(title) {
              return title.toLowerCase().replace(new RegExp(escape("&"), "g"), "and").replace(/\\s+/g, "-");
            }

            module.exports = { slugify };
        """,
            "admin/package.json": """
            {
              "name": "shop-admin",
              "version": "1.0.0",
              "private": true,
              "dependencies": {
                "ms": "^2.1.3",
                "left-pad": "^1.3.0"
              }
            }
        """,
            "admin/index.js": """
            const ms = require("ms");

            module.exports = { sessionLength: ms("30m") };
        """,
        },
        "--save-dev depcheck@1.4",
    )
    pair = Pair(c, "depcheck", proj)
    pair.run(
        "depcheck_missing_dependency",
        "npx depcheck web",
        r"Missing dependencies",
        ("web/package.json", '"ms": "^2.1.3"\n', '"ms": "^2.1.3",\n    "escape-string-regexp": "^4.0.0"\n'),
    )
    pair.run(
        "depcheck_unused_dependency",
        "npx depcheck admin",
        r"Unused dependencies",
        ("admin/package.json", '"ms": "^2.1.3",\n    "left-pad": "^1.3.0"\n', '"ms": "^2.1.3"\n'),
    )


CRUISER_RULES = """
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules that import each other cannot be loaded in a defined order.",
      from: {},
      to: { circular: true },
    },
    {
      name: "domain-not-to-web",
      severity: "error",
      comment: "The domain must not know about the web layer.",
      from: { path: "^src/domain" },
      to: { path: "^src/web" },
    },
  ],
  options: { doNotFollow: { path: "node_modules" } },
};
"""


def dependency_cruiser(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-layers",
        {
            "package.json": '{"name": "shop-layers", "version": "1.0.0", "private": true}\n',
            ".dependency-cruiser.cjs": CRUISER_RULES,
            "src/domain/cart.js": """
            const { priceOf } = require("./pricing");

            function total(items) {
              return items.reduce((sum, item) => sum + priceOf(item) * item.qty, 0);
            }

            module.exports = { total };
        """,
            "src/domain/pricing.js": """
            const { total } = require("./cart");

            function priceOf(item) {
              return item.price;
            }

            module.exports = { priceOf, total };
        """,
            "src/domain/orders.js": """
            const { formatMoney } = require("../web/format");

            function describe(order) {
              return `order ${order.id}: ${formatMoney(order.totalCents)}`;
            }

            module.exports = { describe };
        """,
            "src/domain/money.js": """
            function formatMoney(cents) {
              return (cents / 100).toFixed(2) + " EUR";
            }

            module.exports = { formatMoney };
        """,
            "src/web/format.js": """
            const { formatMoney } = require("../domain/money");

            module.exports = { formatMoney };
        """,
        },
        "--save-dev dependency-cruiser@16",
    )
    pair = Pair(c, "dependency_cruiser", proj)
    pair.run(
        "dependency_cruiser_circular",
        "npx depcruise --config .dependency-cruiser.cjs src/domain/cart.js src/domain/pricing.js",
        r"no-circular",
        ("src/domain/pricing.js", 'const { total } = require("./cart");\n\n', ""),
    )
    pair.run(
        "dependency_cruiser_forbidden_layer",
        "npx depcruise --config .dependency-cruiser.cjs src/domain/orders.js",
        r"domain-not-to-web",
        ("src/domain/orders.js", 'require("../web/format")', 'require("./money")'),
    )


def markdown_link_check(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-docs",
        {
            "package.json": '{"name": "shop-docs", "version": "1.0.0", "private": true}\n',
            "README.md": """
            # Shop

            The storefront and its admin.

            - [Install](docs/instal.md)
            - [Configuration](docs/config.md)
        """,
            "docs/install.md": "# Install\n\nRun `npm ci`, then `npm start`.\n",
            "docs/config.md": """
            # Configuration

            ## Environment

            Set `SHOP_PORT` and `SHOP_DB_URL`. See [the database settings](#databse-settings).

            ## Database settings

            The pool holds ten connections.
        """,
        },
        "--save-dev markdown-link-check@3.12",
    )
    # 3.13 prints its dead links but exits 0; 3.12 exits 1 as documented.
    pair = Pair(c, "markdown_link_check", proj)
    pair.run(
        "markdown_link_check_missing_file",
        "npx markdown-link-check README.md",
        r"instal\.md",
        ("README.md", "(docs/instal.md)", "(docs/install.md)"),
    )
    pair.run(
        "markdown_link_check_missing_anchor",
        "npx markdown-link-check docs/config.md",
        r"databse-settings",
        ("docs/config.md", "(#databse-settings)", "(#database-settings)"),
    )


def license_checker(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-licenses",
        {
            "package.json": """
            {
              "name": "shop-licenses",
              "version": "1.0.0",
              "private": true,
              "license": "MIT",
              "scripts": {
                "licenses": "license-checker --production --excludePrivatePackages --summary --onlyAllow 'MIT;ISC'"
              },
              "dependencies": {
                "barcode-render": "file:vendor/barcode-render",
                "qr-encode": "file:vendor/qr-encode"
              }
            }
        """,
            "vendor/barcode-render/package.json": """
            {
              "name": "barcode-render",
              "version": "0.3.1",
              "license": "GPL-3.0-only",
              "main": "index.js"
            }
        """,
            "vendor/barcode-render/index.js": "module.exports = (code) => `|${code}|`;\n",
            "vendor/qr-encode/package.json": """
            {
              "name": "qr-encode",
              "version": "2.0.0",
              "license": "Apache-2.0",
              "main": "index.js"
            }
        """,
            "vendor/qr-encode/index.js": "module.exports = (text) => `[${text}]`;\n",
        },
        "--save-dev license-checker@25",
    )
    pair = Pair(c, "license_checker", proj)
    pair.run(
        "license_checker_fail_on",
        "npx license-checker --production --excludePrivatePackages --summary --failOn 'GPL-3.0-only;AGPL-3.0-only'",
        r"GPL",
        ("vendor/barcode-render/package.json", '"GPL-3.0-only"', '"MIT"'),
    )
    pair.run(
        "license_checker_only_allow",
        "npm run licenses",
        r"not permitted|onlyAllow|Apache",
        ("package.json", "--onlyAllow 'MIT;ISC'", "--onlyAllow 'MIT;ISC;Apache-2.0'"),
    )
