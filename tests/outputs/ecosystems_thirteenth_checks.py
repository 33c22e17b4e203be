"""Ecosystem corpus groups of the thirteenth held-out part, tools from PyPI people run every day (see
``ecosystems.py``): Hypothesis and pytest-xdist (through pytest), ty, Jupyter's nbconvert, the DuckDB command line
(the ``duckdb-cli`` wheel) and ansible-lint, on PATH when capturing. Each group is two distinct real failures of its
tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

import json
from typing import Any

from ecosystems import Pair, needs


def hypothesis(c: Any) -> None:
    needs(c, "pytest")
    proj = c.project(
        "textutils",
        {
            "textutils.py": """
            def chunk(items, size):
                return [items[i : i + size] for i in range(0, len(items) - size + 1, size)]


            def initials(name):
                return "".join(part[0].upper() for part in name.split(" "))
        """,
            "test_props.py": """
            from hypothesis import given, strategies as st

            from textutils import chunk, initials


            @given(st.lists(st.integers()), st.integers(min_value=1, max_value=5))
            def test_chunks_keep_every_item(items, size):
                assert sum(chunk(items, size), []) == items


            @given(st.text(alphabet="ab ", max_size=8))
            def test_initials_never_crash(name):
                initials(name)
        """,
        },
    )
    pair = Pair(c, "hypothesis", proj)
    pair.run(
        "hypothesis_falsifying_example",
        "python -m pytest -q -p no:cacheprovider test_props.py::test_chunks_keep_every_item",
        r"Falsifying example|AssertionError",
        ("textutils.py", "range(0, len(items) - size + 1, size)", "range(0, len(items), size)"),
    )
    pair.run(
        "hypothesis_index_error",
        "python -m pytest -q -p no:cacheprovider test_props.py::test_initials_never_crash",
        r"IndexError",
        ("textutils.py", 'name.split(" "))', "name.split())"),
    )


def xdist(c: Any) -> None:
    needs(c, "pytest")
    proj = c.project(
        "orders-svc",
        {
            "orders.py": """
            TAX = {"DE": 0.19, "FR": 0.20}


            def gross(net, country):
                return round(net * (1 + TAX[country]), 2)


            def split_evenly(total, people):
                share = round(total / people, 2)
                return [share] * people
        """,
            "tests/test_gross.py": """
            import sys

            sys.path.insert(0, ".")
            from orders import gross  # noqa: E402


            def test_germany():
                assert gross(100, "DE") == 119.0


            def test_austria():
                assert gross(100, "AT") == 120.0
        """,
            "tests/test_split.py": """
            import sys

            sys.path.insert(0, ".")
            from orders import split_evenly  # noqa: E402


            def test_split_two():
                assert split_evenly(10, 2) == [5.0, 5.0]


            def test_split_three_adds_up():
                assert round(sum(split_evenly(10, 3)), 2) == 10
        """,
        },
    )
    pair = Pair(c, "xdist", proj)
    pair.run(
        "xdist_key_error",
        "python -m pytest -n 2 -q -p no:cacheprovider tests/test_gross.py",
        r"KeyError",
        ("orders.py", '"FR": 0.20}', '"FR": 0.20, "AT": 0.20}'),
    )
    pair.run(
        "xdist_assertion",
        "python -m pytest -n 2 -q -p no:cacheprovider tests",
        r"assert",
        (
            "orders.py",
            "    return [share] * people",
            "    return [share] * (people - 1) + [round(total - share * (people - 1), 2)]",
        ),
    )


def ty(c: Any) -> None:
    needs(c, "ty")
    proj = c.project(
        "billing-ty",
        {
            "billing/__init__.py": "",
            "billing/invoice.py": """
            from dataclasses import dataclass


            @dataclass
            class Invoice:
                number: str
                cents: int


            def total(invoices: list[Invoice]) -> int:
                return sum(i.amount for i in invoices)
        """,
            "billing/report.py": """
            from billing.invoice import Invoice


            def describe(invoice: Invoice) -> str:
                return invoice.number + ": " + invoice.cents


            def first(invoices: list[Invoice]) -> Invoice:
                return invoices[0]
        """,
            "pyproject.toml": """
            [project]
            name = "billing"
            version = "0.1.0"
            requires-python = ">=3.11"
        """,
        },
    )
    pair = Pair(c, "ty", proj)
    pair.run(
        "ty_unresolved_attribute",
        "ty check billing/invoice.py",
        r"(?i)unresolved-attribute|has no attribute",
        ("billing/invoice.py", "i.amount for", "i.cents for"),
    )
    pair.run(
        "ty_unsupported_operator",
        "ty check billing",
        r"(?i)unsupported-operator|operator",
        ("billing/report.py", '": " + invoice.cents', '": " + str(invoice.cents)'),
    )


def _notebook(*cells: str) -> str:
    return (
        json.dumps(
            {
                "cells": [
                    {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": src}
                    for src in cells
                ],
                "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
                "nbformat": 4,
                "nbformat_minor": 5,
            },
            indent=1,
        )
        + "\n"
    )


def nbconvert(c: Any) -> None:
    needs(c, "jupyter-nbconvert")
    proj = c.project(
        "sales-notebooks",
        {
            "sales.csv": "region,amount\nnorth,120\nsouth,80\nnorth,45\n",
            "summary.ipynb": _notebook(
                "import csv\n\nwith open('sales.csv') as fh:\n    rows = list(csv.DictReader(fh))\nlen(rows)",
                "totals = {}\nfor row in rows:\n"
                "    totals[row['region']] = totals.get(row['region'], 0) + int(row['amount'])\n"
                "print(totals['north'], totals['west'])",
            ),
            "chart.ipynb": _notebook(
                "import statistics\n\namounts = [120, 80, 45]",
                "print(statistics.mean(amount))",
            ),
        },
    )
    command = "jupyter nbconvert --to notebook --execute --output-dir out {}"
    pair = Pair(c, "nbconvert", proj)
    pair.run(
        "nbconvert_key_error",
        command.format("summary.ipynb"),
        r"KeyError",
        ("summary.ipynb", "totals['west']", "totals['south']"),
        timeout=300,
    )
    pair.run(
        "nbconvert_name_error",
        command.format("chart.ipynb"),
        r"NameError",
        ("chart.ipynb", "statistics.mean(amount)", "statistics.mean(amounts)"),
        timeout=300,
    )


def duckdb(c: Any) -> None:
    needs(c, "duckdb")
    proj = c.project(
        "warehouse",
        {
            "orders.csv": "id,customer,total\n1,ada,120.5\n2,bob,80\n3,ada,45\n",
            "load.sql": """
            CREATE TABLE orders AS SELECT * FROM read_csv_auto('orders.csv');
            SELECT customer, sum(total) AS spent FROM order GROUP BY customer ORDER BY customer;
        """,
            "report.sql": """
            CREATE TABLE orders AS SELECT * FROM read_csv_auto('orders.csv');
            SELECT customer, sum(totl) AS spent FROM orders GROUP BY customer ORDER BY customer;
        """,
        },
    )
    pair = Pair(c, "duckdb", proj)
    pair.run(
        "duckdb_parser_error",
        "duckdb -bail < load.sql",
        r"(?i)error",
        ("load.sql", "FROM order GROUP", "FROM orders GROUP"),
    )
    pair.run(
        "duckdb_binder_error",
        "duckdb -bail < report.sql",
        r"(?i)binder error|not found",
        ("report.sql", "sum(totl)", "sum(total)"),
    )


def ansible_lint(c: Any) -> None:
    needs(c, "ansible-lint")
    proj = c.project(
        "web-playbooks",
        {
            "site.yml": """
            ---
            - name: Configure web servers
              hosts: web
              tasks:
                - name: Install nginx
                  ansible.builtin.apt:
                    name: nginx
                    state: latest
        """,
            "deploy.yml": """
            ---
            - name: Deploy the app
              hosts: web
              tasks:
                - name: Run the migrations
                  ansible.builtin.command: /opt/app/bin/migrate
                  changed_when: true
                - ansible.builtin.copy:
                    src: app.conf
                    dest: /etc/app.conf
                    mode: "0644"
        """,
            ".ansible-lint": """
            ---
            offline: true
        """,
        },
    )
    c.setup("git init -q -b main", proj)
    pair = Pair(c, "ansible_lint", proj)
    pair.run(
        "ansible_lint_package_latest",
        "ansible-lint site.yml",
        r"package-latest",
        ("site.yml", "state: latest", "state: present"),
        timeout=300,
    )
    pair.run(
        "ansible_lint_unnamed_task",
        "ansible-lint deploy.yml",
        r"name\[missing\]",
        (
            "deploy.yml",
            "    - ansible.builtin.copy:",
            "    - name: Install the app's config\n" + "      ansible.builtin.copy:",
        ),
        timeout=300,
    )
