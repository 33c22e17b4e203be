"""Ecosystem corpus groups of the sixteenth held-out part, tools people run every day (see ``ecosystems.py``), from
Debian: Composer, PHP_CodeSniffer, Caddy, Prometheus's promtool, docker-compose and Apache's httpd. Each group is two
distinct real failures of its tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs


def composer(c: Any) -> None:
    needs(c, "composer")
    proj = c.project(
        "shop-php",
        {
            "packages/money/composer.json": """
            {
                "name": "acme/money",
                "version": "1.4.0",
                "type": "library",
                "autoload": {"psr-4": {"Acme\\\\Money\\\\": "src/"}}
            }
        """,
            "packages/money/src/Money.php": "<?php\n\nnamespace Acme\\Money;\n\nfinal class Money\n{\n}\n",
            "composer.json": """
            {
                "name": "acme/shop",
                "type": "project",
                "repositories": [
                    {"type": "path", "url": "packages/*"},
                    {"packagist.org": false}
                ],
                "require": {
                    "php": ">=8.1",
                    "acme/money": "^2.0"
                }
            }
        """,
            "invoices/composer.json": """
            {
                "name": "acme/invoices",
                "description": "Invoice rendering for the shop",
                "type": "library",
                "license": "MIT",
                "require": {
                    "php": ">=8.1",
                    "acme/money": "~> 1.4"
                },
                "autoload": {"psr-4": {"Acme\\\\Invoices\\\\": "src/"}}
            }
        """,
        },
    )
    pair = Pair(c, "composer", proj)
    pair.run(
        "composer_unresolvable_requirement",
        "composer install --no-interaction",
        r"does not match the constraint|could not be resolved",
        ("composer.json", '"acme/money": "^2.0"', '"acme/money": "^1.4"'),
    )
    pair.run(
        "composer_invalid_constraint",
        "cd invoices && composer validate",
        r"Could not parse version constraint",
        ("invoices/composer.json", '"~> 1.4"', '"^1.4"'),
    )


def phpcs(c: Any) -> None:
    needs(c, "phpcs")
    proj = c.project(
        "shop-cart",
        {
            "src/Cart.php": """
            <?php

            declare(strict_types=1);

            namespace Shop;

            class Cart
            {
                private array $items = [];

                public function add(string $sku, int $qty): void
                {
                    if ($qty <= 0) {
                        throw new \\InvalidArgumentException('quantity must be positive');
                    }
                    $this->items[$sku] = ($this->items[$sku] ?? 0) + $qty;
                }

                public function count(): int {
                    return array_sum($this->items);
                }
            }
        """,
            # One line of 132 characters: PSR-12 warns (it does not err) past 120.
            "mail/Mailer.php": "<?php\n\ndeclare(strict_types=1);\n\nnamespace Shop;\n\nfinal class Mailer\n{\n"
            "    public function receiptSubject(string $orderId, string $customerName, string $storeName): string\n"
            "    {\n"
            "        return sprintf('Your receipt for order %s at %s, %s - thank you for shopping with us', $orderId, "
            "$storeName, $customerName);\n"
            "    }\n"
            "}\n",
        },
    )
    pair = Pair(c, "phpcs", proj)
    pair.run(
        "phpcs_brace_position",
        "phpcs --standard=PSR12 src",
        r"\| ERROR \|",
        ("src/Cart.php", "public function count(): int {\n", "public function count(): int\n    {\n"),
    )
    pair.run(
        "phpcs_line_too_long",
        "phpcs --standard=PSR12 mail",
        r"Line exceeds",
        (
            "mail/Mailer.php",
            "return sprintf('Your receipt for order %s at %s, %s - thank you for shopping with us', $orderId, "
            "$storeName, $customerName);",
            "return sprintf(\n            'Your receipt for order %s at %s, %s - thank you for shopping with us',\n"
            "            $orderId,\n            $storeName,\n            $customerName\n        );",
        ),
    )


def caddy(c: Any) -> None:
    needs(c, "caddy")
    needs(c, "openssl")
    proj = c.project(
        "caddy-site",
        {
            "Caddyfile": """
            {
            \tadmin off
            \tauto_https off
            }

            :8080 {
            \troot * ./public
            \tencode gzip
            \tfile_server
            \treverse_proxy /api/* 127.0.0.1:9000
            \theders /assets/* Cache-Control "max-age=3600"
            }
        """,
            "public/index.html": "<h1>Shop</h1>\n",
            "api.Caddyfile": """
            {
            \tadmin off
            }

            api.example.test:8443 {
            \ttls certs/api.crt certs/api.key
            \treverse_proxy 127.0.0.1:9000
            }
        """,
        },
    )
    # A self-signed certificate for a name under .test (reserved, never real), saved as .pem: the site names .crt.
    c.setup(
        "mkdir -p certs && openssl req -x509 -newkey rsa:2048 -nodes -days 365 -subj /CN=api.example.test"
        " -keyout certs/api.key -out certs/api.pem",
        proj,
    )
    pair = Pair(c, "caddy", proj)
    pair.run(
        "caddy_unrecognized_directive",
        "caddy validate --config Caddyfile --adapter caddyfile",
        r"unrecognized directive",
        ("Caddyfile", "\theders /assets/*", "\theader /assets/*"),
    )
    pair.run(
        "caddy_certificate_missing",
        "caddy validate --config api.Caddyfile --adapter caddyfile",
        r"no such file or directory|loading certificates",
        ("api.Caddyfile", "certs/api.crt", "certs/api.pem"),
    )


def promtool(c: Any) -> None:
    needs(c, "promtool")
    proj = c.project(
        "monitoring",
        {
            "rules/api.yml": """
            groups:
              - name: api
                rules:
                  - alert: HighErrorRate
                    expr: sum(rate(http_requests_total{status=~"5.."}[5m])) / sum(rate(http_requests_total[5m]) > 0.05
                    for: 10m
                    labels:
                      severity: page
                    annotations:
                      summary: "More than 5% of API requests fail"
        """,
            "prometheus.yml": """
            global:
              scrape_interval: 15s

            rule_files:
              - rules/*.yml

            scrape_configs:
              - job_name: api
                scrape_interval: 10s
                static_configs:
                  - targets: ["127.0.0.1:9000"]
              - job_name: node
                static_configs:
                  - targets: ["127.0.0.1:9100"]
                    lables:
                      env: staging
        """,
        },
    )
    pair = Pair(c, "promtool", proj)
    pair.run(
        "promtool_rule_parse_error",
        "promtool check rules rules/api.yml",
        r"could not parse expression|parse error",
        ("rules/api.yml", "sum(rate(http_requests_total[5m]) > 0.05", "sum(rate(http_requests_total[5m])) > 0.05"),
    )
    pair.run(
        "promtool_config_unknown_field",
        "promtool check config prometheus.yml",
        r"not found in type|FAILED",
        ("prometheus.yml", "        lables:", "        labels:"),
    )


def docker_compose(c: Any) -> None:
    needs(c, "docker-compose")
    proj = c.project(
        "shop-stack",
        {
            "docker-compose.yml": """
            version: "3.8"
            services:
              web:
                image: shop/web:1.4
                ports:
                  - 8080:80
                environment:
                  API_URL: http://api:9000
                depends_on:
                  - api
              api:
                image: shop/api:1.4
                ports: "9000:9000"
                volumes:
                  - ./data:/var/lib/api
        """,
            "worker.yml": """
            version: "3.8"
            services:
              worker:
                image: shop/worker:1.4
                command: ["python", "-m", "shop.worker"]
                environment:
                  QUEUE_URL: redis://queue:6379/0
                depends_on:
                  - queue
              redis:
                image: redis:7
        """,
        },
    )
    pair = Pair(c, "docker_compose", proj)
    pair.run(
        "docker_compose_invalid_type",
        "docker-compose config",
        r"invalid type|is invalid",
        ("docker-compose.yml", '    ports: "9000:9000"\n', '    ports:\n      - "9000:9000"\n'),
    )
    pair.run(
        "docker_compose_undefined_service",
        "docker-compose -f worker.yml config",
        r"which is undefined",
        ("worker.yml", "      - queue\n", "      - redis\n"),
    )


def apache(c: Any) -> None:
    needs(c, "apache2")
    modules = "/usr/lib/apache2/modules"
    proj = c.project(
        "shop-httpd",
        {
            "htdocs/index.html": "<h1>Shop</h1>\n",
            "htdocs/media/logo.txt": "logo\n",
            "logs/.keep": "",
            "httpd.conf": f"""
            LoadModule mpm_event_module {modules}/mod_mpm_event.so
            LoadModule authz_core_module {modules}/mod_authz_core.so
            LoadModule dir_module {modules}/mod_dir.so
            LoadModule mime_module {modules}/mod_mime.so

            ServerName shop.example.test
            Listen 127.0.0.1:8088
            PidFile logs/httpd.pid
            ErrorLog logs/error.log
            TypesConfig /etc/mime.types

            DocumentRoot "htdocs"
            <Directory "htdocs">
                Require all granted
                DirectoryIndex index.html
            </Directory>

            RewriteEngine On
            RewriteRule ^/old/(.*)$ /new/$1 [R=301,L]
        """,
            "vhosts.conf": f"""
            LoadModule mpm_event_module {modules}/mod_mpm_event.so
            LoadModule authz_core_module {modules}/mod_authz_core.so
            LoadModule alias_module {modules}/mod_alias.so

            ServerName shop.example.test
            Listen 127.0.0.1:8089
            PidFile logs/vhosts.pid
            ErrorLog logs/vhosts-error.log

            <VirtualHost 127.0.0.1:8089>
                ServerName static.example.test
                DocumentRoot "htdocs"
                Alias /media "htdocs/media"
                <Directory "htdocs/media">
                    Require all granted
                    Options -Indexes
                </Directry>
            </VirtualHost>
        """,
        },
    )
    pair = Pair(c, "apache", proj)
    # `-d .` makes the project the server root, so the relative paths above are read from it.
    pair.run(
        "apache_module_not_loaded",
        "apache2 -t -d . -f httpd.conf",
        r"Invalid command|Syntax error",
        (
            "httpd.conf",
            f"LoadModule mime_module {modules}/mod_mime.so\n",
            f"LoadModule mime_module {modules}/mod_mime.so\nLoadModule rewrite_module {modules}/mod_rewrite.so\n",
        ),
    )
    pair.run(
        "apache_unclosed_section",
        "apache2 -t -d . -f vhosts.conf",
        r"Expected </Directory>|Syntax error",
        ("vhosts.conf", "</Directry>", "</Directory>"),
    )
