"""Ecosystem corpus groups of the fourteenth held-out part, tools people run every day (see ``ecosystems.py``):
clang-format, GNU patch, rsync, Apache Ant and Autoconf from Debian, and from npm ts-node, CSpell and Parcel. Each
group is two distinct real failures of its tool, each fixed by one edit and run again, in the wording that tool
prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs, npm_project


def clang_format(c: Any) -> None:
    needs(c, "clang-format")
    proj = c.project(
        "ringbuf",
        {
            ".clang-format": "BasedOnStyle: LLVM\n",
            "src/ring.c": """
            #include "ring.h"

            int ring_push(struct ring *r, int value) {
              if (r->count == r->size)
                return -1;
              r->data[(r->head + r->count) % r->size] = value;
              r->count++;
              return 0;
            }

            int ring_pop(struct ring *r, int *out) {
              if (r->count == 0) return -1;
              *out = r->data[r->head];
              r->head = (r->head + 1) % r->size;
              r->count--;
              return 0;
            }
        """,
            "lib/.clang-format": "BasedOnStyle: LLVM\nIndentWidht: 4\n",
            "lib/clamp.c": """
            int clamp(int value, int low, int high) {
                if (value < low)
                    return low;
                if (value > high)
                    return high;
                return value;
            }
        """,
        },
    )
    pair = Pair(c, "clang_format", proj)
    pair.run(
        "clang_format_violation",
        "clang-format --dry-run --Werror src/ring.c",
        r"code should be clang-formatted",
        ("src/ring.c", "  if (r->count == 0) return -1;\n", "  if (r->count == 0)\n    return -1;\n"),
    )
    pair.run(
        "clang_format_bad_config",
        "clang-format --dry-run --Werror lib/clamp.c",
        r"unknown key|Invalid argument",
        ("lib/.clang-format", "IndentWidht: 4", "IndentWidth: 4"),
    )


def patch(c: Any) -> None:
    needs(c, "patch")
    proj = c.project(
        "mailer-conf",
        {
            "settings.ini": """
            [smtp]
            host = mail.internal
            port = 587
            timeout = 45
            retries = 3
        """,
            "conf/logging.ini": """
            [logging]
            level = info
            format = plain
        """,
            "patches/0001-longer-timeout.patch": """
            --- a/settings.ini
            +++ b/settings.ini
            @@ -2,4 +2,4 @@
             host = mail.internal
             port = 587
            -timeout = 30
            +timeout = 120
             retries = 3
        """,
            "patches/0002-json-logs.patch": """
            --- a/logging.ini
            +++ b/logging.ini
            @@ -1,3 +1,3 @@
             [logging]
             level = info
            -format = plain
            +format = json
        """,
        },
    )
    pair = Pair(c, "patch", proj)
    pair.run(
        "patch_hunk_failed",
        "patch -p1 < patches/0001-longer-timeout.patch",
        r"Hunk #1 FAILED",
        ("patches/0001-longer-timeout.patch", "-timeout = 30\n", "-timeout = 45\n"),
    )
    pair.run(
        "patch_file_not_found",
        "patch -p1 < patches/0002-json-logs.patch",
        r"can't find file to patch",
        (
            "patches/0002-json-logs.patch",
            "--- a/logging.ini\n+++ b/logging.ini\n",
            "--- a/conf/logging.ini\n+++ b/conf/logging.ini\n",
        ),
    )


def rsync(c: Any) -> None:
    needs(c, "rsync")
    proj = c.project(
        "docs-site",
        {
            "public/index.html": "<h1>Docs</h1>\n",
            "public/guide.html": "<h1>Guide</h1>\n",
            "public/draft.html": "<h1>Draft</h1>\n",
            ".deployignore": "draft.html\n",
            "deploy.sh": """
            #!/bin/sh
            set -e
            mkdir -p www
            rsync -a --delete site/ www/
            ls www
        """,
            "publish.sh": """
            #!/bin/sh
            set -e
            mkdir -p release
            rsync -a --exclude-from=.rsyncignore public/ release/
            ls release
        """,
        },
    )
    pair = Pair(c, "rsync", proj)
    pair.run(
        "rsync_change_dir_failed",
        "sh deploy.sh",
        r"change_dir .* failed|No such file",
        ("deploy.sh", "rsync -a --delete site/", "rsync -a --delete public/"),
    )
    pair.run(
        "rsync_exclude_file_missing",
        "sh publish.sh",
        r"failed to open exclude file",
        ("publish.sh", "--exclude-from=.rsyncignore", "--exclude-from=.deployignore"),
    )


def ant(c: Any) -> None:
    needs(c, "ant")
    needs(c, "javac")
    proj = c.project(
        "inventory-ant",
        {
            "build.xml": """
            <project name="inventory" default="compile" basedir=".">
              <target name="compile">
                <mkdir dir="build/classes"/>
                <javac srcdir="src" destdir="build/classes" includeantruntime="false"/>
              </target>
            </project>
        """,
            "release.xml": """
            <project name="inventory-release" default="dist" basedir=".">
              <import file="build.xml"/>
              <target name="jar" depends="compile">
                <jar destfile="build/inventory.jar" basedir="build/classes"/>
              </target>
              <target name="dist" depends="jra">
                <copy file="build/inventory.jar" todir="dist"/>
              </target>
            </project>
        """,
            "src/inventory/Stock.java": """
            package inventory;

            public class Stock {
                public static int reorderLevel(String sku) {
                    int level = sku.startsWith("BULK") ? "50" : 10;
                    return level;
                }

                public static void main(String[] args) {
                    System.out.println("reorder at " + reorderLevel("BULK-7"));
                }
            }
        """,
        },
    )
    pair = Pair(c, "ant", proj)
    pair.run(
        "ant_compile_failed",
        "ant -noinput compile",
        r"incompatible types|Compile failed",
        ("src/inventory/Stock.java", '? "50" : 10', "? 50 : 10"),
        timeout=300,
    )
    pair.run(
        "ant_missing_target",
        "ant -noinput -f release.xml dist",
        r"does not exist in the project",
        ("release.xml", 'depends="jra"', 'depends="jar"'),
        timeout=300,
    )


def autoconf(c: Any) -> None:
    needs(c, "autoconf")
    needs(c, "gcc")
    proj = c.project(
        "zpack",
        {
            "configure.ac": """
            AC_INIT([zpack], [0.3.0])
            AC_PROG_CC
            AC_CHECK_HEADER([zlibb.h], [], [AC_MSG_ERROR([zlib headers are required to build zpack])])
            AC_CONFIG_FILES([Makefile])
            AC_OUTPUT
        """,
            "Makefile.in": """
            CC = @CC@
            all:
            \t@echo "zpack configured with $(CC)"
        """,
            "tools/configure.ac": """
            AC_INIT([zpack-tools], [0.3.0])
            AC_PROG_CCC
            AC_CONFIG_FILES([Makefile])
            AC_OUTPUT
        """,
            "tools/Makefile.in": """
            all:
            \t@echo "tools configured"
        """,
        },
    )
    pair = Pair(c, "autoconf", proj)
    pair.run(
        "autoconf_configure_error",
        "autoconf && ./configure",
        r"configure: error:",
        ("configure.ac", "[zlibb.h]", "[zlib.h]"),
    )
    pair.run(
        "autoconf_undefined_macro",
        "cd tools && autoconf && ./configure",
        r"possibly undefined macro",
        ("tools/configure.ac", "AC_PROG_CCC", "AC_PROG_CC"),
    )


def ts_node(c: Any) -> None:
    proj = npm_project(
        c,
        "billing-ts",
        {
            "package.json": '{"name": "billing-ts", "version": "1.0.0", "private": true}\n',
            "tsconfig.json": """
            {
              "compilerOptions": {
                "target": "ES2020",
                "module": "commonjs",
                "strict": true,
                "esModuleInterop": true
              }
            }
        """,
            "src/money.ts": """
            export function cents(amount: number): number {
              return Math.round(amount * 100);
            }
        """,
            "src/report.ts": """
            import { cents } from "./money";

            const lines = [{ sku: "A-1", price: 12.5 }, { sku: "B-2", price: 3.25 }];
            let total: number = lines.map((l) => cents(l.price)).join("+");
            console.log(`total: ${total}`);
        """,
            "src/invoice.ts": """
            import { cents } from "./utils/money";

            console.log(`due: ${cents(99.99)} cents`);
        """,
        },
        "ts-node@10 typescript@5 @types/node@20",
    )
    pair = Pair(c, "ts_node", proj)
    pair.run(
        "ts_node_type_error",
        "npx ts-node src/report.ts",
        r"TS2322|Unable to compile",
        ("src/report.ts", '.join("+")', ".reduce((a, b) => a + b, 0)"),
    )
    pair.run(
        "ts_node_cannot_find_module",
        "npx ts-node src/invoice.ts",
        r"TS2307|Cannot find module",
        ("src/invoice.ts", '"./utils/money"', '"./money"'),
    )


def cspell(c: Any) -> None:
    proj = npm_project(
        c,
        "notify-svc",
        {
            "package.json": '{"name": "notify-svc", "version": "1.0.0", "private": true}\n',
            "cspell.json": """
            {
              "version": "0.2",
              "language": "en",
              "flagWords": ["blacklist", "whitelist"]
            }
        """,
            "src/mail.ts": """
            export function subjectFor(kind: string): string {
              // Every message we recieve gets a subject line.
              return kind === "alert" ? "Alert" : "Notice";
            }
        """,
            "docs/filters.md": """
            # Filters

            Senders on the blacklist never reach the queue.
            Add a sender with `notify filter add ADDRESS`.
        """,
        },
        "cspell@8",
    )
    pair = Pair(c, "cspell", proj)
    pair.run(
        "cspell_unknown_word",
        'npx cspell --no-progress "src/**/*.ts"',
        r"Unknown word",
        ("src/mail.ts", "we recieve", "we receive"),
    )
    pair.run(
        "cspell_forbidden_word",
        'npx cspell --no-progress "docs/**/*.md"',
        r"Forbidden word",
        ("docs/filters.md", "Senders on the blacklist never", "Blocked senders never"),
    )


def parcel(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-front",
        {
            "package.json": '{"name": "shop-front", "version": "1.0.0", "private": true}\n',
            "src/index.html": """
            <!doctype html>
            <html>
              <body>
                <div id="cart"></div>
                <script type="module" src="./app.js"></script>
              </body>
            </html>
        """,
            "src/app.js": """
            import { renderCart } from "./components/Cart.js";

            document.getElementById("cart").innerHTML = renderCart([{ name: "Tea", qty: 2 }]);
        """,
            "src/components/cart.js": """
            export function renderCart(items) {
              return items.map((i) => `<li>${i.qty} x ${i.name}</li>`).join("");
            }
        """,
            "admin/index.html": """
            <!doctype html>
            <html>
              <body>
                <table id="orders"></table>
                <script type="module" src="./orders.js"></script>
              </body>
            </html>
        """,
            "admin/orders.js": """
            const orders = [{ id: 1, total: 30 }, { id: 2, total: 45 }];

            function row(order) {
              return `<tr><td>${order.id}</td><td>${order.total}</td></tr>`;

            document.getElementById("orders").innerHTML = orders.map(row).join("");
        """,
        },
        "parcel@2",
    )
    pair = Pair(c, "parcel", proj)
    pair.run(
        "parcel_failed_to_resolve",
        "npx parcel build src/index.html --no-cache --dist-dir dist",
        r"Failed to resolve|Cannot load file",
        ("src/app.js", "./components/Cart.js", "./components/cart.js"),
    )
    pair.run(
        "parcel_syntax_error",
        "npx parcel build admin/index.html --no-cache --dist-dir dist-admin",
        r"(?i)expected|unexpected|error",
        (
            "admin/orders.js",
            "</td></tr>`;\n\n",
            "</td></tr>`;\n}\n\n",
        ),
    )
