"""Ecosystem corpus groups of the seventh held-out part, checkers from PyPI and npm (see ``ecosystems.py``):
rstcheck, cpplint and doc8 (from PyPI, on PATH when capturing), JSHint, Dart Sass, jsonlint and Less (installed
from npm into each project). Each group is two distinct real failures of its tool, each fixed by one edit and run
again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs, npm_project


def rstcheck(c: Any) -> None:
    needs(c, "rstcheck")
    proj = c.project(
        "handbook",
        {
            "docs/usage.rst": """
            Usage
            ====

            Run the tool from the project folder.
        """,
            "docs/install.rst": """
            Install
            =======

            .. notee:: Run the installer as root.
        """,
        },
    )
    pair = Pair(c, "rstcheck", proj)
    pair.run(
        "rstcheck_short_underline",
        "rstcheck docs/usage.rst",
        r"Title underline too short",
        ("docs/usage.rst", "Usage\n====\n", "Usage\n=====\n"),
    )
    pair.run(
        "rstcheck_unknown_directive",
        "rstcheck docs/install.rst",
        r"Unknown directive type",
        ("docs/install.rst", ".. notee::", ".. note::"),
    )


def cpplint(c: Any) -> None:
    needs(c, "cpplint")
    proj = c.project(
        "metrics",
        {
            "src/mean.cc": """
            #include <vector>

            double mean(const std::vector<double>& xs) {
              double sum = 0;
              for (double x : xs) sum += x;
              return xs.empty() ? 0 : sum / xs.size();
            }
        """,
            "src/count.cc": """
            // Copyright 2025 The Metrics Authors
            #include <vector>

            using namespace std;

            int count_positive(const vector<int>& xs) {
              int n = 0;
              for (int x : xs) n += x > 0;
              return n;
            }
        """,
        },
    )
    pair = Pair(c, "cpplint", proj)
    pair.run(
        "cpplint_copyright",
        "cpplint src/mean.cc",
        r"No copyright message found",
        ("src/mean.cc", "#include <vector>\n", "// Copyright 2025 The Metrics Authors\n#include <vector>\n"),
    )
    pair.run(
        "cpplint_using_namespace",
        "cpplint src/count.cc",
        r"namespace using-directives",
        ("src/count.cc", "using namespace std;", "using std::vector;"),
    )


def doc8(c: Any) -> None:
    needs(c, "doc8")
    proj = c.project(
        "guide",
        {
            "docs/intro.rst": """
            Introduction
            ============

            The guide walks through installing, configuring and upgrading the service on a single host.
        """,
            "docs/faq.rst": """
            FAQ
            ===

            Why does the service restart at night?\x20\x20\x20
            The nightly job reloads its certificates.
        """,
        },
    )
    pair = Pair(c, "doc8", proj)
    pair.run(
        "doc8_line_too_long",
        "doc8 docs/intro.rst",
        r"D001",
        (
            "docs/intro.rst",
            "configuring and upgrading the service",
            "configuring and upgrading\nthe service",
        ),
    )
    pair.run(
        "doc8_trailing_whitespace",
        "doc8 docs/faq.rst",
        r"D002",
        ("docs/faq.rst", "at night?   \n", "at night?\n"),
    )


def jshint(c: Any) -> None:
    proj = npm_project(
        c,
        "cart",
        {
            "src/total.js": """
            function total(items) {
              var sum = 0
              for (var i = 0; i < items.length; i++) { sum += items[i].price; }
              return sum;
            }
            module.exports = total;
        """,
            "src/double.js": """
            function doubled(prices) {
              return prices.map(function (p) { return p * 2; };
            }
            module.exports = doubled;
        """,
        },
        "jshint@2",
    )
    pair = Pair(c, "jshint", proj)
    pair.run(
        "jshint_missing_semicolon",
        "npx jshint src/total.js",
        r"Missing semicolon",
        ("src/total.js", "var sum = 0\n", "var sum = 0;\n"),
    )
    pair.run(
        "jshint_unclosed_call",
        "npx jshint src/double.js",
        r"Expected '\)'",
        ("src/double.js", "return p * 2; };", "return p * 2; });"),
    )


def sass(c: Any) -> None:
    proj = npm_project(
        c,
        "theme",
        {
            "styles/nav.scss": """
            $brand: #1d4ed8;
            .nav {
              color: $brnd;
            }
        """,
            "styles/_colours.scss": """
            $main: #111827;
        """,
            "styles/page.scss": """
            @use "colors";
            .page { color: colours.$main; }
        """,
        },
        "sass@1",
    )
    pair = Pair(c, "sass", proj)
    pair.run(
        "sass_undefined_variable",
        "npx sass styles/nav.scss css/nav.css",
        r"Undefined variable",
        ("styles/nav.scss", "color: $brnd;", "color: $brand;"),
    )
    pair.run(
        "sass_missing_stylesheet",
        "npx sass styles/page.scss css/page.css",
        r"Can't find stylesheet",
        ("styles/page.scss", '@use "colors";', '@use "colours";'),
    )


def jsonlint(c: Any) -> None:
    proj = npm_project(
        c,
        "api",
        {
            "config/server.json": """
            {
              "name": "api",
              "port": 8080,
            }
        """,
            "config/limits.json": """
            {
              "requests_per_minute": 600
              "burst": 50
            }
        """,
        },
        "jsonlint@1",
    )
    pair = Pair(c, "jsonlint", proj)
    pair.run(
        "jsonlint_trailing_comma",
        "npx jsonlint config/server.json",
        r"Parse error",
        ("config/server.json", '"port": 8080,\n', '"port": 8080\n'),
    )
    pair.run(
        "jsonlint_missing_comma",
        "npx jsonlint config/limits.json",
        r"Parse error",
        ("config/limits.json", '"requests_per_minute": 600\n', '"requests_per_minute": 600,\n'),
    )


def lessc(c: Any) -> None:
    proj = npm_project(
        c,
        "widgets",
        {
            "styles/box.less": """
            @gap: 12px;
            .box { padding: @gutter; }
        """,
            "styles/card.less": """
            .card {
              margin: 4px;
              .title { font-weight: bold;
            }
        """,
        },
        "less@4",
    )
    pair = Pair(c, "lessc", proj)
    pair.run(
        "lessc_undefined_variable",
        "npx lessc styles/box.less css/box.css",
        r"is undefined",
        ("styles/box.less", "padding: @gutter;", "padding: @gap;"),
    )
    pair.run(
        "lessc_parse_error",
        "npx lessc styles/card.less css/card.css",
        r"ParseError",
        ("styles/card.less", ".title { font-weight: bold;\n", ".title { font-weight: bold; }\n"),
    )
