"""Ecosystem corpus groups of the fourteenth held-out part, tools from PyPI people run every day (see
``ecosystems.py``): Flask's command line, dbt with its DuckDB adapter, Cython and SCons, on PATH when capturing. Each
group is two distinct real failures of its tool, each fixed by one edit and run again, in the wording that tool
prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs


def flask(c: Any) -> None:
    needs(c, "flask")
    proj = c.project(
        "bookshop",
        {
            "shop/__init__.py": """
            from flask import Flask

            from shop.viewz import register


            def create_app():
                app = Flask(__name__)
                register(app)
                return app
        """,
            "shop/views.py": """
            def register(app):
                @app.get("/books")
                def books():
                    return {"books": ["Dune", "Emma"]}
        """,
            "admin.py": """
            from flask import Flask

            app = Flask(__name__)


            @app.get("/")
            def index():
                return "orders"


            @app.get("/refunds")
            def index():
                return "refunds"
        """,
        },
    )
    pair = Pair(c, "flask", proj)
    pair.run(
        "flask_import_error",
        "flask --app shop routes",
        r"No module named|ImportError",
        ("shop/__init__.py", "from shop.viewz import", "from shop.views import"),
    )
    pair.run(
        "flask_endpoint_overwrite",
        "flask --app admin routes",
        r"overwriting an existing endpoint",
        ("admin.py", 'def index():\n    return "refunds"', 'def refunds():\n    return "refunds"'),
    )


def dbt(c: Any) -> None:
    needs(c, "dbt")
    proj = c.project(
        "shop-dbt",
        {
            "dbt_project.yml": """
            name: shop
            version: "1.0.0"
            profile: shop
            model-paths: ["models"]
            flags:
              send_anonymous_usage_stats: false
              version_check: false
              use_colors: false
        """,
            "profiles.yml": """
            shop:
              target: dev
              outputs:
                dev:
                  type: duckdb
                  path: shop.duckdb
                  threads: 1
        """,
            "models/stg_orders.sql": """
            select * from (values (1, 'ana', 30.0), (2, 'bo', 45.5), (3, 'ana', 12.0)) as t(id, customer, amount)
        """,
            "models/orders_by_customer.sql": """
            select customer, sum(amount) as total
            from {{ ref('stg_order') }}
            group by customer
        """,
            "models/big_customers.sql": """
            select customer, total
            from {{ ref('orders_by_customer') }}
            where totl > 40
        """,
        },
    )
    pair = Pair(c, "dbt", proj)
    pair.run(
        "dbt_ref_not_found",
        "dbt run --profiles-dir . --select stg_orders orders_by_customer",
        r"was not found|Compilation Error",
        ("models/orders_by_customer.sql", "ref('stg_order')", "ref('stg_orders')"),
        timeout=300,
    )
    pair.run(
        "dbt_binder_error",
        "dbt run --profiles-dir .",
        r"Binder Error|Runtime Error|Database Error",
        ("models/big_customers.sql", "where totl > 40", "where total > 40"),
        timeout=300,
    )


def cython(c: Any) -> None:
    needs(c, "cythonize")
    proj = c.project(
        "fastmath",
        {
            "fastmath/stats.pyx": """
            def mean(double[:] xs):
                cdef double total = 0
                cdef int i
                for i in range(xs.shape[0]):
                    total += xs[i]
                return total / xs.shape[0]


            def count_above(double[:] xs, double limit):
                cdef int n = 0
                cdef int i
                for i in range(xs.shape[0]):
                    if xs[i] > limit:
                        n += 1
                return lenght
        """,
            "fastmath/scale.pyx": """
            def scaled(list values, double factor):
                cdef int out = []
                for v in values:
                    out.append(v * factor)
                return out
        """,
        },
    )
    pair = Pair(c, "cython", proj)
    pair.run(
        "cython_undeclared_name",
        "cythonize -3 fastmath/stats.pyx",
        r"undeclared name",
        ("fastmath/stats.pyx", "return lenght", "return n"),
    )
    pair.run(
        "cython_cannot_convert",
        "cythonize -3 fastmath/scale.pyx",
        r"Cannot coerce",
        ("fastmath/scale.pyx", "cdef int out = []", "cdef list out = []"),
    )


def scons(c: Any) -> None:
    needs(c, "scons")
    needs(c, "gcc")
    proj = c.project(
        "units-scons",
        {
            "app/SConstruct": """
            env = Environment(CCFLAGS="-O2 -Wall")
            env.Program("units", ["main.c", "convert.c"])
        """,
            "app/main.c": """
            #include <stdio.h>

            double km_to_miles(double km);

            int main(void) {
                printf("%.2f\\n", km_to_miles(42.195));
                return 0;
            }
        """,
            "app/conversions.c": """
            double km_to_miles(double km) { return km * 0.621371; }
        """,
            "tools/SConstruct": """
            env = Environment(CCFLAGS="-O2")
            env.Programm("checksum", ["checksum.c"])
        """,
            "tools/checksum.c": """
            #include <stdio.h>

            int main(void) {
                unsigned sum = 0;
                int ch;
                while ((ch = getchar()) != EOF)
                    sum = (sum * 31 + (unsigned)ch) & 0xffff;
                printf("%04x\\n", sum);
                return 0;
            }
        """,
        },
    )
    pair = Pair(c, "scons", proj)
    pair.run(
        "scons_source_not_found",
        "scons -Q -C app",
        r"not found, needed by target",
        ("app/SConstruct", '"convert.c"', '"conversions.c"'),
    )
    pair.run(
        "scons_attribute_error",
        "scons -Q -C tools",
        r"AttributeError|has no attribute",
        ("tools/SConstruct", "env.Programm(", "env.Program("),
    )
