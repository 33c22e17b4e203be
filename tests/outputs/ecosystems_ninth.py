"""Ecosystem corpus groups of the ninth held-out part, tools installed from Debian (see ``ecosystems.py``): the OCaml
bytecode compiler, GNU gettext's msgfmt, Ninja, CHICKEN Scheme's csc, Perl::Critic, Mono's C# compiler and nginx's
configuration test. Each group is two distinct real failures of its tool, each fixed by one edit and run again, in
the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs


def ocamlc(c: Any) -> None:
    needs(c, "ocamlc")
    proj = c.project(
        "geometry",
        {
            "src/area.ml": """
            let area r = 3.14159 *. r *. r

            let () =
              let r = "2.0" in
              Printf.printf "area %f\\n" (area r)
        """,
            "src/words.ml": """
            let count s = List.length (String.split_on_char ' ' s)

            let () = print_int (cout "a b c"); print_newline ()
        """,
        },
    )
    pair = Pair(c, "ocamlc", proj)
    pair.run(
        "ocamlc_type_mismatch",
        "ocamlc -o area src/area.ml && ./area",
        r"This expression has type string",
        ("src/area.ml", 'let r = "2.0" in', "let r = 2.0 in"),
    )
    pair.run(
        "ocamlc_unbound_value",
        "ocamlc -o words src/words.ml && ./words",
        r"Unbound value cout",
        ("src/words.ml", '(cout "a b c")', '(count "a b c")'),
    )


def msgfmt(c: Any) -> None:
    needs(c, "msgfmt")
    header = """
            msgid ""
            msgstr ""
            "Content-Type: text/plain; charset=UTF-8\\n"
            """
    proj = c.project(
        "translations",
        {
            "po/fr.po": header
            + """
            #, c-format
            msgid "%d files copied"
            msgstr "%s fichiers copiés"

            msgid "Cancel"
            msgstr "Annuler"
        """,
            "po/de.po": header
            + """
            msgid "Cancel"
            msgstr "Abbrechen"

            msgid "Save"
            msgstr "Speichern"

            msgid "Cancel"
            msgstr "Verwerfen"
        """,
        },
    )
    pair = Pair(c, "msgfmt", proj)
    pair.run(
        "msgfmt_format_mismatch",
        "msgfmt -c -o fr.mo po/fr.po",
        r"format specifications",
        ("po/fr.po", 'msgstr "%s fichiers copiés"', 'msgstr "%d fichiers copiés"'),
    )
    pair.run(
        "msgfmt_duplicate_message",
        "msgfmt -c -o de.mo po/de.po",
        r"duplicate message definition",
        ("po/de.po", '\nmsgid "Cancel"\nmsgstr "Verwerfen"\n', ""),
    )


NINJA_RULES = """
            rule cc
              command = gcc -Wall -c $in -o $out

            rule link
              command = gcc $in -o $out

"""


def ninja(c: Any) -> None:
    needs(c, "ninja")
    needs(c, "gcc")
    files = {
        "src/main.c": """
            int util(void);
            int main(void) { return util(); }
        """,
        "src/util.c": """
            int util(void) { return 0; }
        """,
    }
    first = c.project(
        "tally",
        {
            **files,
            "build.ninja": NINJA_RULES
            + """
            build main.o: cc src/mian.c
            build util.o: cc src/util.c
            build tally: link main.o util.o
        """,
        },
    )
    Pair(c, "ninja", first).run(
        "ninja_missing_input",
        "ninja",
        r"missing and no known rule to make it",
        ("build.ninja", "src/mian.c", "src/main.c"),
    )
    second = c.project(
        "meter",
        {
            "src/main.c": """
            #include <stdio.h>

            int main(void) {
                double volts = 3.3;
                printf("%.1f V\\n", volts)
                return 0;
            }
        """,
            "build.ninja": NINJA_RULES
            + """
            build main.o: cc src/main.c
            build meter: link main.o
        """,
        },
    )
    Pair(c, "ninja", second).run(
        "ninja_compile_failed",
        "ninja && ./meter",
        r"^FAILED: ",
        ("src/main.c", 'printf("%.1f V\\n", volts)\n', 'printf("%.1f V\\n", volts);\n'),
    )


def chicken(c: Any) -> None:
    needs(c, "csc")
    proj = c.project(
        "grades",
        {
            "src/second.scm": """
            (define scores '())

            (display "runner-up: ")
            (display (cadr scores))
            (newline)
        """,
            "src/greet.scm": """
            (define (greet name)
              (string-append "hello, " name)

            (display (greet "ada"))
            (newline)
        """,
        },
    )
    pair = Pair(c, "chicken", proj)
    pair.run(
        "chicken_bad_argument",
        "csc -o second src/second.scm && ./second",
        r"bad argument type",
        ("src/second.scm", "(define scores '())", "(define scores '(90 88 75))"),
    )
    pair.run(
        "chicken_unterminated_list",
        "csc -o greet src/greet.scm && ./greet",
        r"unterminated list",
        ("src/greet.scm", '(string-append "hello, " name)\n', '(string-append "hello, " name))\n'),
    )


def perlcritic(c: Any) -> None:
    needs(c, "perlcritic")
    proj = c.project(
        "ledger",
        {
            "lib/Tally.pm": """
            package Tally;
            use strict;
            use warnings;

            sub total {
                my @items = @_;
                my $sum = 0;
                $sum += $_ for @items;
                return $sum;
            }

            sub open_log {
                my ($path) = @_;
                open(LOG, '>>', $path) or die "cannot open $path: $!";
                return \\*LOG;
            }

            1;
        """,
            "lib/Report.pm": """
            package Report;

            sub render {
                my ($rows) = @_;
                return join "\\n", map { "$_->{name}: $_->{count}" } @$rows;
            }

            1;
        """,
        },
    )
    pair = Pair(c, "perlcritic", proj)
    pair.run(
        "perlcritic_bareword_filehandle",
        "perlcritic --severity 5 lib/Tally.pm",
        r"Bareword file handle",
        (
            "lib/Tally.pm",
            "    open(LOG, '>>', $path) or die \"cannot open $path: $!\";\n    return \\*LOG;\n",
            "    open(my $log, '>>', $path) or die \"cannot open $path: $!\";\n    return $log;\n",
        ),
    )
    pair.run(
        "perlcritic_no_strict",
        "perlcritic --severity 5 lib/Report.pm",
        r"Code before strictures",
        ("lib/Report.pm", "package Report;\n", "package Report;\nuse strict;\nuse warnings;\n"),
    )


def mcs(c: Any) -> None:
    needs(c, "mcs")
    needs(c, "mono")
    proj = c.project(
        "billing",
        {
            "src/Invoice.cs": """
            using System;

            class Invoice {
                static void Main() {
                    decimal net = 120.50m;
                    decimal gross = net * (1 + rate);
                    Console.WriteLine($"gross {gross}");
                }
            }
        """,
            "src/Jobs.cs": """
            using System;
            using System.Collections.Generic;

            class Jobs {
                static void Main() {
                    var queue = new Queue<string>();
                    queue.Enqueue("build");
                    queue.Dequeue();
                    string next = queue.Dequeue();
                    Console.WriteLine($"next {next}");
                }
            }
        """,
        },
    )
    pair = Pair(c, "mcs", proj)
    pair.run(
        "mcs_undefined_name",
        "mcs -out:invoice.exe src/Invoice.cs && mono invoice.exe",
        r"error CS0103",
        (
            "src/Invoice.cs",
            "        decimal net = 120.50m;\n",
            "        decimal net = 120.50m;\n        decimal rate = 0.2m;\n",
        ),
    )
    pair.run(
        "mcs_unhandled_exception",
        "mcs -out:jobs.exe src/Jobs.cs && mono jobs.exe",
        r"InvalidOperationException: Queue empty",
        ("src/Jobs.cs", "        queue.Dequeue();\n        string next", "        string next"),
    )


def nginx(c: Any) -> None:
    needs(c, "nginx")
    proj = c.project(
        "webfront",
        {
            "logs/.keep": "",
            "conf/site.conf": """
            events {}
            http {
                server {
                    lisen 8080;
                    location / {
                        root html;
                    }
                }
            }
        """,
            "conf/proxy.conf": """
            events {}
            http {
                upstream api {
                    server 127.0.0.1:9000;
                }
                proxy_pass http://api;
                server {
                    listen 8081;
                }
            }
        """,
        },
    )
    pair = Pair(c, "nginx", proj)
    pair.run(
        "nginx_unknown_directive",
        'nginx -t -p "$PWD/" -c conf/site.conf -e stderr',
        r"unknown directive",
        ("conf/site.conf", "lisen 8080;", "listen 8080;"),
    )
    pair.run(
        "nginx_directive_not_allowed",
        'nginx -t -p "$PWD/" -c conf/proxy.conf -e stderr',
        r"directive is not allowed here",
        (
            "conf/proxy.conf",
            "    proxy_pass http://api;\n    server {\n        listen 8081;\n",
            "    server {\n        listen 8081;\n        location / {\n            proxy_pass http://api;\n        }\n",
        ),
    )
