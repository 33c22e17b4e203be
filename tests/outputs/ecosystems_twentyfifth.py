"""Ecosystem corpus groups of the twenty-fifth held-out part, tools people run every day (see ``ecosystems.py``),
from Debian: Texinfo's makeinfo, the Check unit-test framework for C, Varnish's VCL compiler, Alertmanager's amtool,
Puppet's parser and RubyGems' gem build. Each group is two distinct real failures of its tool, each fixed by one edit
and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs

#: makeinfo builds one manual into a single Info file (an error makes it exit non-zero and write nothing).
MAKEINFO_RUN = "makeinfo --no-split -o {name}.info doc/{name}.texi"
#: A Check suite is built against the code under test and run; its main exits non-zero when a test failed.
CHECK_RUN = "cc -o check_{name} tests/check_{name}.c src/{name}.c $(pkg-config --cflags --libs check) && ./check_{name}"
#: varnishd compiles the VCL (it needs an absolute path) and prints the C it made, or why it could not, on stderr;
#: run as root in a container or CI job it is given no jail (``-j none``), since its unprivileged user could not read
#: a private folder.
VARNISH_RUN = 'varnishd -j none -C -f "$PWD/{name}.vcl"'
#: amtool loads an Alertmanager configuration file as the server would.
AMTOOL_RUN = "amtool check-config {name}.yml"
#: Puppet parses one manifest without compiling a catalogue.
PUPPET_RUN = "puppet parser validate manifests/{name}.pp"

CHECK_MAIN = """
    int main(void)
    {{
        Suite *s = suite_create("{suite}");
        TCase *tc = tcase_create("core");
        tcase_add_test(tc, {test});
        suite_add_tcase(s, tc);
        SRunner *sr = srunner_create(s);
        srunner_run_all(sr, CK_NORMAL);
        int failed = srunner_ntests_failed(sr);
        srunner_free(sr);
        return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
    }}
"""


def makeinfo(c: Any) -> None:
    needs(c, "makeinfo")
    proj = c.project(
        "shop-texinfo",
        {
            "doc/shop.texi": """
            \\input texinfo
            @setfilename shop.info
            @settitle Shop Manual

            @node Top
            @top Shop

            This manual covers the shop.  @xref{Instalation}, to get started.

            @menu
            * Installation::  Getting the shop running.
            @end menu

            @node Installation
            @chapter Installation

            Run @command{make install} and restart the server.

            @bye
        """,
            "doc/ops.texi": """
            \\input texinfo
            @setfilename ops.info
            @settitle Shop Operations

            @node Top
            @top Operations

            Back up the database every night with @smap{pg_dump shop}.

            @bye
        """,
        },
    )
    pair = Pair(c, "makeinfo", proj)
    pair.run(
        "makeinfo_nonexistent_node",
        MAKEINFO_RUN.format(name="shop"),
        r"reference to nonexistent node",
        ("doc/shop.texi", "@xref{Instalation}", "@xref{Installation}"),
    )
    pair.run(
        "makeinfo_unknown_command",
        MAKEINFO_RUN.format(name="ops"),
        r"unknown command `smap'",
        ("doc/ops.texi", "@smap{pg_dump shop}", "@samp{pg_dump shop}"),
    )


def libcheck(c: Any) -> None:
    needs(c, "cc")
    needs(c, "pkg-config")
    c.setup("pkg-config --exists check", c.root)
    proj = c.project(
        "shop-check",
        {
            "src/cart.c": """
            int cart_total(int qty, int cents)
            {
                return qty * cents - 10;
            }
        """,
            "tests/check_cart.c": """
            #include <check.h>
            #include <stdlib.h>

            int cart_total(int qty, int cents);

            START_TEST(test_total)
            {
                ck_assert_int_eq(cart_total(3, 250), 750);
            }
            END_TEST
        """
            + CHECK_MAIN.format(suite="Cart", test="test_total"),
            "src/stock.c": """
            #include <stddef.h>
            #include <string.h>

            struct item {
                const char *sku;
                int on_hand;
                int reorder_at;
            };

            static struct item items[] = {{"aple", 8, 10}, {"pear", 6, 4}};

            static struct item *find_item(const char *sku)
            {
                for (size_t i = 0; i < sizeof items / sizeof items[0]; i++)
                    if (strcmp(items[i].sku, sku) == 0)
                        return &items[i];
                return NULL;
            }

            int needs_reorder(const char *sku)
            {
                struct item *it = find_item(sku);
                return it->on_hand <= it->reorder_at;
            }
        """,
            "tests/check_stock.c": """
            #include <check.h>
            #include <stdlib.h>

            int needs_reorder(const char *sku);

            START_TEST(test_reorder)
            {
                ck_assert(needs_reorder("apple"));
                ck_assert(!needs_reorder("pear"));
            }
            END_TEST
        """
            + CHECK_MAIN.format(suite="Stock", test="test_reorder"),
        },
    )
    pair = Pair(c, "libcheck", proj)
    pair.run(
        "libcheck_assertion_failed",
        CHECK_RUN.format(name="cart"),
        r"Assertion 'cart_total\(3, 250\) == 750' failed",
        ("src/cart.c", "return qty * cents - 10;", "return qty * cents;"),
    )
    pair.run(
        "libcheck_signal",
        CHECK_RUN.format(name="stock"),
        r"Received signal 11",
        ("src/stock.c", '{"aple", 8, 10}', '{"apple", 8, 10}'),
    )


def varnish(c: Any) -> None:
    needs(c, "varnishd")
    proj = c.project(
        "shop-varnish",
        {
            "shop.vcl": """
            vcl 4.1;

            backend web {
                .host = "127.0.0.1";
                .port = "8080";
            }

            sub vcl_recv {
                if (req.urll ~ "^/admin") {
                    return (pass);
                }
            }
        """,
            "api.vcl": """
            vcl 4.1;

            backend api {
                .host = "127.0.0.1";
                .port = "8081";
            }

            sub vcl_recv {
                if (req.url ~ "^/api/") {
                    set req.backend_hint = shop_api;
                }
            }
        """,
        },
    )
    pair = Pair(c, "varnish", proj)
    pair.run(
        "varnish_unknown_property",
        VARNISH_RUN.format(name="shop"),
        r"Unknown property 'urll'",
        ("shop.vcl", "req.urll", "req.url"),
    )
    pair.run(
        "varnish_undefined_backend",
        VARNISH_RUN.format(name="api"),
        r"Undefined backend shop_api",
        ("api.vcl", "req.backend_hint = shop_api;", "req.backend_hint = api;"),
    )


def amtool(c: Any) -> None:
    needs(c, "amtool")
    proj = c.project(
        "shop-alertmanager",
        {
            "alertmanager.yml": """
            route:
              receiver: shop-team
              group_wait: 30s
              routes:
                - matchers: ['severity="page"']
                  receiver: pager
            receivers:
              - name: shop-team
              - name: shop-pager
        """,
            "grouping.yml": """
            route:
              receiver: shop-team
              group_by: ['alertname']
              group_wiat: 30s
            receivers:
              - name: shop-team
        """,
        },
    )
    pair = Pair(c, "amtool", proj)
    pair.run(
        "amtool_undefined_receiver",
        AMTOOL_RUN.format(name="alertmanager"),
        r'undefined receiver "pager" used in route',
        ("alertmanager.yml", "receiver: pager", "receiver: shop-pager"),
    )
    pair.run(
        "amtool_unknown_field",
        AMTOOL_RUN.format(name="grouping"),
        r"field group_wiat not found",
        ("grouping.yml", "group_wiat: 30s", "group_wait: 30s"),
    )


def puppet_parser(c: Any) -> None:
    needs(c, "puppet")
    proj = c.project(
        "shop-puppet",
        {
            "manifests/web.pp": """
            class shop::web (
              Integer $port = 8080,
            ) {
              package { 'nginx':
                ensure => installed,
              }
              service { 'nginx':
                ensure  => running,
                require => Package['nginx']
                subscribe => File['/etc/nginx/conf.d/shop.conf'],
              }
            }
        """,
            "manifests/db.pp": """
            class shop::db {
              $Port = 5432
              package { 'postgresql':
                ensure => installed,
              }
            }
        """,
        },
    )
    pair = Pair(c, "puppet_parser", proj)
    pair.run(
        "puppet_parser_syntax_error",
        PUPPET_RUN.format(name="web"),
        r"Syntax error at 'subscribe'",
        ("manifests/web.pp", "require => Package['nginx']\n", "require => Package['nginx'],\n"),
    )
    pair.run(
        "puppet_parser_illegal_variable",
        PUPPET_RUN.format(name="db"),
        r"Illegal variable name",
        ("manifests/db.pp", "$Port = 5432", "$port = 5432"),
    )


def gem(c: Any) -> None:
    needs(c, "gem")
    proj = c.project(
        "shop-gem",
        {
            "lib/shop.rb": """
            module Shop
              VERSION = "0.1.0"
            end
        """,
            "lib/shop/cart.rb": """
            module Shop
              def self.total(qty, cents)
                qty * cents
              end
            end
        """,
            "shop.gemspec": """
            Gem::Specification.new do |s|
              s.name    = "shop"
              s.version = "0.1.0"
              s.authors = ["Shop Team"]
              s.files   = ["lib/shop.rb"]
              s.license = "MIT"
            end
        """,
            "shop-cart.gemspec": """
            Gem::Specification.new do |s|
              s.name    = "shop-cart"
              s.version = "0.1.0"
              s.summary = "The shop's cart"
              s.authors = ["Shop Team"]
              s.files   = ["lib/shop.rb", "lib/shop/carts.rb"]
              s.license = "MIT"
            end
        """,
        },
    )
    pair = Pair(c, "gem", proj)
    pair.run(
        "gem_missing_summary",
        "gem build shop.gemspec",
        r"missing value for attribute summary",
        ("shop.gemspec", '  s.authors = ["Shop Team"]\n', '  s.summary = "The shop"\n  s.authors = ["Shop Team"]\n'),
    )
    pair.run(
        "gem_not_files",
        "gem build shop-cart.gemspec",
        r"are not files",
        ("shop-cart.gemspec", '"lib/shop/carts.rb"', '"lib/shop/cart.rb"'),
    )
