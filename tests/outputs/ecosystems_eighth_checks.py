"""Ecosystem corpus groups of the eighth held-out part, checkers from PyPI and npm (see ``ecosystems.py``):
Pyflakes, cfn-lint, gitlint and proselint (from PyPI, on PATH when capturing), JavaScript Standard Style, Rollup and
Terser (installed from npm into each project). Each group is two distinct real failures of its tool, each fixed by
one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs, npm_project


def pyflakes(c: Any) -> None:
    needs(c, "pyflakes")
    proj = c.project(
        "circles",
        {
            "circles/cli.py": """
            import os
            import sys


            def main():
                return sys.argv[1:]
        """,
            "circles/area.py": """
            def area(r):
                return pi * r ** 2
        """,
        },
    )
    pair = Pair(c, "pyflakes", proj)
    pair.run(
        "pyflakes_unused_import",
        "pyflakes circles/cli.py",
        r"imported but unused",
        ("circles/cli.py", "import os\n", ""),
    )
    pair.run(
        "pyflakes_undefined_name",
        "pyflakes circles/area.py",
        r"undefined name",
        ("circles/area.py", "def area(r):\n", "from math import pi\n\n\ndef area(r):\n"),
    )


def cfn_lint(c: Any) -> None:
    needs(c, "cfn-lint")
    proj = c.project(
        "stacks",
        {
            "templates/archive.yaml": """
            AWSTemplateFormatVersion: "2010-09-09"
            Resources:
              Archive:
                Type: AWS::S3::Bucket
                Properties:
                  BucketName: reports-archive
                  VersioningConfig:
                    Status: Enabled
        """,
            "templates/queue.yaml": """
            AWSTemplateFormatVersion: "2010-09-09"
            Resources:
              DeadLetter:
                Type: AWS::SQS::Queue
              Jobs:
                Type: AWS::SQS::Queue
                Properties:
                  RedrivePolicy:
                    deadLetterTargetArn: !GetAtt DeadLetters.Arn
                    maxReceiveCount: 5
        """,
        },
    )
    pair = Pair(c, "cfn_lint", proj)
    pair.run(
        "cfn_lint_unknown_property",
        "cfn-lint templates/archive.yaml",
        r"E3002",
        ("templates/archive.yaml", "VersioningConfig:", "VersioningConfiguration:"),
    )
    pair.run(
        "cfn_lint_bad_getatt",
        "cfn-lint templates/queue.yaml",
        r"is not one of",
        ("templates/queue.yaml", "!GetAtt DeadLetters.Arn", "!GetAtt DeadLetter.Arn"),
    )


def gitlint(c: Any) -> None:
    needs(c, "gitlint")
    proj = c.project(
        "parser",
        {
            # No leading blank line: gitlint reads the first line as the title.
            "msg/crash.txt": (
                "Skip empty input files.\n\nThe parser read past the end of its buffer on an empty file.\n"
            ),
            "msg/cache.txt": "Cache parsed headers\n\nHeaders are parsed once per file now instead of per record. \n",
        },
    )
    c.setup("git init -q .", proj)
    pair = Pair(c, "gitlint", proj)
    pair.run(
        "gitlint_title_punctuation",
        "gitlint --msg-filename msg/crash.txt",
        r"trailing punctuation",
        ("msg/crash.txt", "Skip empty input files.\n", "Skip empty input files\n"),
    )
    pair.run(
        "gitlint_trailing_whitespace",
        "gitlint --msg-filename msg/cache.txt",
        r"trailing whitespace",
        ("msg/cache.txt", "instead of per record. \n", "instead of per record.\n"),
    )


def proselint(c: Any) -> None:
    needs(c, "proselint")
    proj = c.project(
        "release_notes",
        {
            "notes/importer.md": """
            Release notes

            The new importer is very unique among the tools we ship.
        """,
            "notes/upgrade.md": """
            Upgrade notes

            Irregardless of the version, restart the service after the upgrade.
        """,
        },
    )
    pair = Pair(c, "proselint", proj)
    pair.run(
        "proselint_uncomparable",
        "proselint check notes/importer.md",
        r"uncomparable",
        ("notes/importer.md", "is very unique among", "is unique among"),
    )
    pair.run(
        "proselint_nonword",
        "proselint check notes/upgrade.md",
        r"Nonword",
        ("notes/upgrade.md", "Irregardless of", "Regardless of"),
    )


def standard(c: Any) -> None:
    proj = npm_project(
        c,
        "checkout",
        {
            "src/cart.js": """
            function total (items) {
              let sum = 0
              const tax = 0.2
              for (const item of items) sum += item.price
              return sum
            }

            module.exports = total
        """,
            "src/price.js": """
            function price (item) {
              if (item.discount == null) return item.price
              return item.price * (1 - item.discount);
            }

            module.exports = price
        """,
        },
        "standard@17",
    )
    pair = Pair(c, "standard", proj)
    pair.run(
        "standard_unused_variable",
        "npx standard src/cart.js",
        r"never used",
        ("src/cart.js", "  const tax = 0.2\n", ""),
    )
    pair.run(
        "standard_extra_semicolon",
        "npx standard src/price.js",
        r"Extra semicolon",
        ("src/price.js", "(1 - item.discount);", "(1 - item.discount)"),
    )


def rollup(c: Any) -> None:
    proj = npm_project(
        c,
        "widgets",
        {
            "src/util.js": """
            export function sum (xs) { return xs.reduce((a, b) => a + b, 0) }
        """,
            "src/format.js": """
            export const fmt = (n) => `total: ${n}`
        """,
            "src/main.js": """
            import { sum } from './util.js'
            import { fmt } from './formats.js'
            console.log(fmt(sum([1, 2, 3])))
        """,
            "src/stats.js": """
            import { sum, mean } from './util.js'
            console.log(sum([1, 2, 3]), mean([1, 2]))
        """,
        },
        "rollup@4",
    )
    pair = Pair(c, "rollup", proj)
    pair.run(
        "rollup_unresolved_import",
        "npx rollup src/main.js --file dist/main.js --format esm",
        r"Could not resolve",
        ("src/main.js", "'./formats.js'", "'./format.js'"),
    )
    pair.run(
        "rollup_missing_export",
        "npx rollup src/stats.js --file dist/stats.js --format esm",
        r"is not exported by",
        (
            "src/stats.js",
            "import { sum, mean } from './util.js'",
            "import { sum } from './util.js'\nconst mean = (xs) => sum(xs) / xs.length",
        ),
    )


def terser(c: Any) -> None:
    proj = npm_project(
        c,
        "minify",
        {
            "src/greet.js": """
            export function greet (name) {
              return `hello ${name`
            }
        """,
            "src/half.js": """
            export const half = (x) => x / 2
        """,
            "bin/min-half.sh": """
            npx terser src/half.js -c passes=2,drop_consol=true -o dist/half.min.js
        """,
        },
        "terser@5",
    )
    pair = Pair(c, "terser", proj)
    pair.run(
        "terser_unterminated_template",
        "npx terser src/greet.js -c -m -o dist/greet.min.js",
        r"Unterminated template",
        ("src/greet.js", "${name`", "${name}`"),
    )
    pair.run(
        "terser_unsupported_option",
        "sh bin/min-half.sh",
        r"is not a supported option",
        ("bin/min-half.sh", "drop_consol=true", "drop_console=true"),
    )
