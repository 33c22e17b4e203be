"""Ecosystem corpus groups of the fifteenth held-out part, tools from PyPI people run every day (see
``ecosystems.py``): deptry, djLint and Snakemake, on PATH when capturing. Each group is two distinct real failures of
its tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs


def deptry(c: Any) -> None:
    needs(c, "deptry")
    proj = c.project(
        "feeds",
        {
            "fetcher/pyproject.toml": """
            [project]
            name = "fetcher"
            version = "0.4.0"
            dependencies = ["pyyaml>=6", "requests>=2.31"]
        """,
            "fetcher/fetcher/__init__.py": "",
            "fetcher/fetcher/config.py": """
            import yaml


            def load(path):
                with open(path) as fh:
                    return yaml.safe_load(fh)
        """,
            "reports/pyproject.toml": """
            [project]
            name = "reports"
            version = "0.2.0"
            dependencies = ["pyyaml>=6"]
        """,
            "reports/reports/__init__.py": "",
            "reports/reports/render.py": """
            import jinja2
            import yaml


            def render(template, data_path):
                with open(data_path) as fh:
                    data = yaml.safe_load(fh)
                return jinja2.Template(template).render(**data)
        """,
        },
    )
    pair = Pair(c, "deptry", proj)
    pair.run(
        "deptry_unused_dependency",
        "cd fetcher && deptry .",
        r"DEP002",
        ("fetcher/pyproject.toml", '["pyyaml>=6", "requests>=2.31"]', '["pyyaml>=6"]'),
    )
    pair.run(
        "deptry_transitive_dependency",
        "cd reports && deptry .",
        r"DEP003",
        ("reports/pyproject.toml", '["pyyaml>=6"]', '["jinja2>=3.1", "pyyaml>=6"]'),
    )


def djlint(c: Any) -> None:
    needs(c, "djlint")
    proj = c.project(
        "shop-templates",
        {
            "templates/base.html": """
            {% load static %}
            <!DOCTYPE html>
            <html lang="en">
                <head>
                    <title>{% block title %}Shop{% endblock %}</title>
                </head>
                <body>
                    <img src="/static/logo.png" alt="Shop" />
                    {% block content %}{% endblock %}
                </body>
            </html>
        """,
            "emails/receipt.html": """
            {% extends "base.html" %}
            {% block content %}
            <table>
            {% for line in order.lines %}
            <tr><td>{{ line.name }}</td><td>{{ line.total }}</td></tr>
            {% endfor %}
            </table>
            {% endblock %}
        """,
        },
    )
    pair = Pair(c, "djlint", proj)
    pair.run(
        "djlint_lint_rule",
        "djlint templates --lint --profile=django",
        r"D004",
        ("templates/base.html", 'src="/static/logo.png"', "src=\"{% static 'logo.png' %}\""),
    )
    pair.run(
        "djlint_would_reformat",
        "djlint emails --check",
        r"would be updated|would be reformatted",
        (
            "emails/receipt.html",
            "<table>\n{% for line in order.lines %}\n<tr><td>{{ line.name }}</td><td>{{ line.total }}</td></tr>\n"
            "{% endfor %}\n</table>\n",
            "    <table>\n        {% for line in order.lines %}\n            <tr>\n"
            "                <td>{{ line.name }}</td>\n                <td>{{ line.total }}</td>\n"
            "            </tr>\n        {% endfor %}\n    </table>\n",
        ),
    )


def snakemake(c: Any) -> None:
    needs(c, "snakemake")
    proj = c.project(
        "wordcount",
        {
            "data/book.txt": "call me ishmael some years ago never mind how long precisely\n",
            "Snakefile": """
            rule all:
                input:
                    "results/book.counts"


            rule count_words:
                input:
                    "data/books.txt"
                output:
                    "results/book.counts"
                shell:
                    "tr ' ' '\\\\n' < {input} | sort | uniq -c > {output}"
        """,
            "stats/Snakefile": """
            rule all:
                input:
                    "stats.txt"


            rule stats:
                input:
                    "../data/book.txt"
                output:
                    "stats.txt"
                shell:
                    "wordcnt -w {input} > {output}"
        """,
        },
    )
    pair = Pair(c, "snakemake", proj)
    pair.run(
        "snakemake_missing_input",
        "snakemake --cores 1",
        r"MissingInputException|Missing input files",
        ("Snakefile", '"data/books.txt"', '"data/book.txt"'),
        timeout=300,
    )
    pair.run(
        "snakemake_shell_command_failed",
        "cd stats && snakemake --cores 1",
        r"Error in rule|non-zero exit status",
        ("stats/Snakefile", '"wordcnt -w {input} > {output}"', '"wc -w {input} > {output}"'),
        timeout=300,
    )
