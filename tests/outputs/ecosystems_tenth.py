"""Ecosystem corpus groups of the tenth held-out part, compilers and frameworks people run every day (see
``ecosystems.py``): clang (Debian), gofmt (the Go toolchain), rustfmt through ``cargo fmt`` (the Rust toolchain),
Python's own ``py_compile``, and Django, Alembic and Ansible (from PyPI, their Python on PATH when capturing). Each
group is two distinct real failures of its tool, each fixed by one edit and run again, in the wording that tool
prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs


def clang(c: Any) -> None:
    needs(c, "clang")
    proj = c.project(
        "ledgerc",
        {
            "src/balance.c": """
            #include <stdio.h>

            int main(void) {
                int credits = 40, debits = 15;
                int balance = credits - debts;
                printf("%d\\n", balance);
                return 0;
            }
        """,
            "src/report.c": """
            #include <stdio.h>

            int format_total(int cents);

            int main(void) {
                printf("%d\\n", format_totals(1250));
                return 0;
            }

            int format_total(int cents) { return cents / 100; }
        """,
        },
    )
    pair = Pair(c, "clang", proj)
    pair.run(
        "clang_undeclared_identifier",
        "clang -Wall -o balance src/balance.c && ./balance",
        r"use of undeclared identifier 'debts'",
        ("src/balance.c", "credits - debts;", "credits - debits;"),
    )
    pair.run(
        "clang_undefined_reference",
        "clang -o report src/report.c && ./report",
        r"undefined reference to .format_totals",
        ("src/report.c", "format_totals(1250)", "format_total(1250)"),
    )


def gofmt(c: Any) -> None:
    needs(c, "gofmt")
    proj = c.project(
        "shortener",
        {
            "go.mod": """
            module example.com/shortener

            go 1.21
        """,
            "store/store.go": """
            package store

            type Store struct {
            \tlinks map[string]string
            }

            func (s *Store) Get(code string) (string,bool) {
            \turl, ok := s.links[code]
            \treturn url, ok
            }
        """,
            "handler/handler.go": """
            package handler

            import "net/http"

            func Redirect(w http.ResponseWriter, r *http.Request) {
            \tcode := r.URL.Path[1:]
            \tif code == "" {
            \t\thttp.NotFound(w, r)
            \t\treturn
            \t}
            \thttp.Redirect(w, r, "/"+code, http.StatusFound
            }
        """,
        },
    )
    pair = Pair(c, "gofmt", proj)
    pair.run(
        "gofmt_unformatted",
        'out=$(gofmt -l store); test -z "$out" || '
        '{ echo "gofmt needs to be run on:"; echo "$out"; gofmt -d store; exit 1; }',
        r"gofmt needs to be run on",
        ("store/store.go", "(string,bool)", "(string, bool)"),
    )
    pair.run(
        "gofmt_syntax_error",
        "gofmt -l -e handler",
        r"expected",
        ("handler/handler.go", "http.StatusFound\n", "http.StatusFound)\n"),
    )


def rustfmt(c: Any) -> None:
    needs(c, "cargo")
    proj = c.project(
        "tempconv",
        {
            "Cargo.toml": """
            [package]
            name = "tempconv"
            version = "0.1.0"
            edition = "2021"

            [dependencies]
        """,
            "src/main.rs": """
            mod convert;

            fn main() {
                let c = convert::to_celsius(98.6);
                println!("{c:.1}");
            }
        """,
            "src/convert.rs": """
            pub fn to_celsius(f: f64) -> f64 {
                (f-32.0)*5.0/9.0
            }
        """,
        },
    )
    pair = Pair(c, "rustfmt", proj)
    pair.run(
        "rustfmt_check_diff",
        "cargo fmt --check",
        r"^Diff in ",
        ("src/convert.rs", "(f-32.0)*5.0/9.0", "(f - 32.0) * 5.0 / 9.0"),
    )
    main = proj / "src/main.rs"
    main.write_text(main.read_text().replace('println!("{c:.1}");', 'println!("{c:.1}")\n    let k = c + 273.15;'))
    pair.run(
        "rustfmt_parse_error",
        "cargo fmt --check",
        r"expected `;`",
        ("src/main.rs", 'println!("{c:.1}")\n', 'println!("{c:.1}");\n'),
    )


def py_compile(c: Any) -> None:
    needs(c, "python3")
    proj = c.project(
        "inventory",
        {
            "inventory/stock.py": """
            def restock(items, threshold=5):
                low = [i for i in items if i.count < threshold]
                for item in low
                    item.order(threshold * 2)
                return low
        """,
            "inventory/labels.py": """
            def label(item):
                if item.fragile:
                    return f"{item.name} (fragile)"
                  return item.name
        """,
        },
    )
    pair = Pair(c, "py_compile", proj)
    pair.run(
        "py_compile_missing_colon",
        "python3 -m py_compile inventory/stock.py",
        r"SyntaxError: expected ':'",
        ("inventory/stock.py", "for item in low\n", "for item in low:\n"),
    )
    pair.run(
        "py_compile_indentation",
        "python3 -m py_compile inventory/labels.py",
        r"IndentationError",
        ("inventory/labels.py", "      return item.name", "    return item.name"),
    )


DJANGO_SETTINGS = """
            SECRET_KEY = "capture-only"
            DEBUG = True
            ROOT_URLCONF = "shop.urls"
            INSTALLED_APPS = ["django.contrib.contenttypes", "django.contrib.auth", "{app}"]
            DATABASES = {{"default": {{"ENGINE": "django.db.backends.sqlite3", "NAME": "db.sqlite3"}}}}
            DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
        """


def django(c: Any) -> None:
    needs(c, "django-admin")
    proj = c.project(
        "shop",
        {
            "manage.py": """
            import os
            import sys

            if __name__ == "__main__":
                os.environ.setdefault("DJANGO_SETTINGS_MODULE", "shop.settings")
                from django.core.management import execute_from_command_line

                execute_from_command_line(sys.argv)
        """,
            "shop/__init__.py": "",
            "shop/settings.py": DJANGO_SETTINGS.format(app="catalogue"),
            "shop/urls.py": """
            urlpatterns = []
        """,
            "catalog/__init__.py": "",
            "catalog/models.py": """
            from django.db import models


            class Product(models.Model):
                name = models.CharField(max_length=120)
                price = models.DecimalField(max_digits=8, decimal_places=2)
        """,
        },
    )
    pair = Pair(c, "django", proj)
    pair.run(
        "django_app_not_found",
        "python manage.py check",
        r"No module named 'catalogue'",
        ("shop/settings.py", '"catalogue"]', '"catalog"]'),
    )
    models = proj / "catalog/models.py"
    models.write_text(models.read_text().replace("max_digits=8, decimal_places=2", "max_digits=2, decimal_places=4"))
    pair.run(
        "django_system_check",
        "python manage.py check",
        r"fields.E134",
        ("catalog/models.py", "max_digits=2, decimal_places=4", "max_digits=8, decimal_places=2"),
    )


def alembic(c: Any) -> None:
    needs(c, "alembic")
    proj = c.project(
        "billing",
        {
            "alembic.ini": """
            [alembic]
            script_location = migrations
            sqlalchemy.url = sqlite:///billing.db

            [loggers]
            keys = root,sqlalchemy,alembic

            [handlers]
            keys = console

            [formatters]
            keys = generic

            [logger_root]
            level = WARN
            handlers = console

            [logger_sqlalchemy]
            level = WARN
            handlers =
            qualname = sqlalchemy.engine

            [logger_alembic]
            level = INFO
            handlers =
            qualname = alembic

            [handler_console]
            class = StreamHandler
            args = (sys.stderr,)
            level = NOTSET
            formatter = generic

            [formatter_generic]
            format = %(levelname)-5.5s [%(name)s] %(message)s
        """,
            "migrations/env.py": """
            from alembic import context
            from sqlalchemy import engine_from_config, pool

            config = context.config
            connectable = engine_from_config(config.get_section(config.config_ini_section), poolclass=pool.NullPool)
            with connectable.connect() as connection:
                context.configure(connection=connection, target_metadata=None)
                with context.begin_transaction():
                    context.run_migrations()
        """,
            "migrations/script.py.mako": """
            revision = ${repr(up_revision)}
            down_revision = ${repr(down_revision)}
        """,
            "migrations/versions/a1_invoices.py": """
            import sqlalchemy as sa
            from alembic import op

            revision = "a1"
            down_revision = None


            def upgrade():
                op.create_table("invoices", sa.Column("id", sa.Integer, primary_key=True), """
            """sa.Column("total", sa.Integer))
        """,
            "migrations/versions/b2_due_date.py": """
            import sqlalchemy as sa
            from alembic import op

            revision = "b2"
            down_revision = "a0"


            def upgrade():
                op.add_column("invoices", sa.Column("due_date", sa.Date))
        """,
        },
    )
    pair = Pair(c, "alembic", proj)
    pair.run(
        "alembic_missing_revision",
        "rm -f billing.db && alembic upgrade head",
        r"Can't locate revision|KeyError",
        ("migrations/versions/b2_due_date.py", 'down_revision = "a0"', 'down_revision = "a1"'),
    )
    due = proj / "migrations/versions/b2_due_date.py"
    due.write_text(due.read_text().replace('op.add_column("invoices",', 'op.add_column("invoice",'))
    pair.run(
        "alembic_no_such_table",
        "rm -f billing.db && alembic upgrade head",
        r"no such table: invoice",
        ("migrations/versions/b2_due_date.py", 'op.add_column("invoice",', 'op.add_column("invoices",'),
    )


def ansible(c: Any) -> None:
    needs(c, "ansible-playbook")
    proj = c.project(
        "deploy",
        {
            "inventory.ini": """
            [web]
            localhost ansible_connection=local
        """,
            "site.yml": """
            - name: Configure web servers
              hosst: web
              tasks:
                - name: Write the motd
                  ansible.builtin.copy:
                    content: "managed by ansible\\n"
                    dest: /tmp/motd
        """,
            "db.yml": """
            - name: Configure databases
              hosts: web
              tasks:
                - name: Install the config
                  ansible.builtin.copyy:
                    src: files/db.conf
                    dest: /tmp/db.conf
        """,
        },
    )
    pair = Pair(c, "ansible", proj)
    pair.run(
        "ansible_invalid_attribute",
        "ansible-playbook -i inventory.ini --syntax-check site.yml",
        r"not a valid attribute",
        ("site.yml", "hosst: web", "hosts: web"),
    )
    pair.run(
        "ansible_unknown_module",
        "ansible-playbook -i inventory.ini --syntax-check db.yml",
        r"couldn't resolve module/action",
        ("db.yml", "ansible.builtin.copyy:", "ansible.builtin.copy:"),
    )
