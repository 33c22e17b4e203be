"""Ecosystem corpus groups of the seventh held-out part, tools installed from Debian (see ``ecosystems.py``):
Bison, GNU m4, gnuplot, dash, checkbashisms, desktop-file-validate, mandoc, GNU CLISP and GNU Prolog's gplc. Each
group is two distinct real failures of its tool, each fixed by one edit and run again, in the wording that tool
prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs


def bison(c: Any) -> None:
    needs(c, "bison")
    proj = c.project(
        "calc",
        {
            "src/calc.y": """
            %{
            #include <stdio.h>
            int yylex(void);
            void yyerror(const char *s) { fprintf(stderr, "%s\\n", s); }
            %}
            %token NUM
            %%
            expr: expr '+' term
                | term
                ;
            term: NUM
                | '(' expr ')'
                | factor
                ;
            %%
        """,
            "src/sum.y": """
            %{
            int yylex(void);
            void yyerror(const char *s);
            %}
            %union { int num; }
            %token <num> NUM
            %type <num> sum
            %%
            sum: NUM '+' NUM { $$ = $1 + $4; }
               ;
            %%
        """,
        },
    )
    pair = Pair(c, "bison", proj)
    pair.run(
        "bison_undefined_symbol",
        "bison -d -o src/calc.c src/calc.y",
        r"is used, but is not defined",
        ("src/calc.y", "    | factor\n", ""),
    )
    pair.run(
        "bison_value_out_of_range",
        "bison -d -o src/sum.c src/sum.y",
        r"out of range",
        ("src/sum.y", "$1 + $4;", "$1 + $3;"),
    )


def m4(c: Any) -> None:
    needs(c, "m4")
    proj = c.project(
        "proxy",
        {
            "conf/site.m4": """
            define(`UPSTREAM', `127.0.0.1:8080')dnl
            include(`conf/ports.m4')dnl
            server {
                listen LISTEN_PORT;
                location / { proxy_pass http://UPSTREAM; }
            }
        """,
            "conf/port.m4": """
            define(`LISTEN_PORT', `443')dnl
        """,
            "conf/banner.m4": """
            define(`BANNER', `# generated for the proxy, do not edit)dnl
            BANNER
            worker_processes 2;
        """,
        },
    )
    pair = Pair(c, "m4", proj)
    pair.run(
        "m4_missing_include",
        "m4 conf/site.m4",
        r"cannot open",
        ("conf/site.m4", "include(`conf/ports.m4')", "include(`conf/port.m4')"),
    )
    pair.run(
        "m4_unterminated_string",
        "m4 conf/banner.m4",
        r"end of file in string",
        ("conf/banner.m4", "do not edit)dnl", "do not edit')dnl"),
    )


def gnuplot(c: Any) -> None:
    needs(c, "gnuplot")
    proj = c.project(
        "latency",
        {
            "plots/latency.gp": """
            set terminal svg size 640,400
            set output "latency.svg"
            set xrange [0:60]
            set xlabel "seconds"
            plot 20 + jitter * sin(x) title "p99 latency"
        """,
            "plots/load.gp": """
            set terminal svg size 640,400
            set output "load.svg"
            set stlye data lines
            plot x**2 title "load"
        """,
        },
    )
    pair = Pair(c, "gnuplot", proj)
    pair.run(
        "gnuplot_undefined_variable",
        "gnuplot plots/latency.gp",
        r"undefined variable",
        ("plots/latency.gp", "set xrange [0:60]\n", "set xrange [0:60]\njitter = 4\n"),
    )
    pair.run(
        "gnuplot_unrecognized_option",
        "gnuplot plots/load.gp",
        r"unrecognized option",
        ("plots/load.gp", "set stlye data lines", "set style data lines"),
    )


def dash(c: Any) -> None:
    needs(c, "dash")
    proj = c.project(
        "deploy",
        {
            "scripts/rollout.sh": """
            #!/bin/sh
            # Announce each host the release goes to.
            for host in web1 web2 web3; do
              echo "rolling out to $host"
            if [ -n "$DRY_RUN" ]; then
              echo "dry run only"
            fi
        """,
            "scripts/hosts.sh": """
            #!/bin/sh
            hosts=(web1 web2 web3)
            for host in $hosts; do
              echo "checking $host"
            done
        """,
        },
    )
    pair = Pair(c, "dash", proj)
    pair.run(
        "dash_missing_done",
        "dash scripts/rollout.sh",
        r"end of file unexpected",
        ("scripts/rollout.sh", '  echo "rolling out to $host"\n', '  echo "rolling out to $host"\ndone\n'),
    )
    pair.run(
        "dash_array_syntax",
        "dash scripts/hosts.sh",
        r"unexpected",
        ("scripts/hosts.sh", "hosts=(web1 web2 web3)", 'hosts="web1 web2 web3"'),
    )


def checkbashisms(c: Any) -> None:
    needs(c, "checkbashisms")
    proj = c.project(
        "release",
        {
            "bin/release.sh": """
            #!/bin/sh
            version=$(cat VERSION)
            echo "tagging $version" &> release.log
            git tag "v$version"
        """,
            "bin/env.sh": """
            #!/bin/sh
            source ./defaults.sh
            echo "environment ready"
        """,
        },
    )
    pair = Pair(c, "checkbashisms", proj)
    pair.run(
        "checkbashisms_redirect",
        "checkbashisms bin/release.sh",
        r"possible bashism",
        ("bin/release.sh", '"tagging $version" &> release.log', '"tagging $version" > release.log 2>&1'),
    )
    pair.run(
        "checkbashisms_source",
        "checkbashisms bin/env.sh",
        r"possible bashism",
        ("bin/env.sh", "source ./defaults.sh", ". ./defaults.sh"),
    )


def desktop_file_validate(c: Any) -> None:
    needs(c, "desktop-file-validate")
    proj = c.project(
        "notes",
        {
            "share/notes.desktop": """
            [Desktop Entry]
            Type=Application
            Name=Notes
            Exec=notes %f
            Terminal=maybe
            Categories=Office;
        """,
            "share/notes-sync.desktop": """
            [Desktop Entry]
            Name=Notes Sync
            Exec=notes --sync
            Categories=Office;
        """,
        },
    )
    pair = Pair(c, "desktop_file_validate", proj)
    pair.run(
        "desktop_file_validate_boolean",
        "desktop-file-validate share/notes.desktop",
        r"error: value",
        ("share/notes.desktop", "Terminal=maybe", "Terminal=false"),
    )
    pair.run(
        "desktop_file_validate_missing_key",
        "desktop-file-validate share/notes-sync.desktop",
        r"error: required key",
        ("share/notes-sync.desktop", "[Desktop Entry]\n", "[Desktop Entry]\nType=Application\n"),
    )


def mandoc(c: Any) -> None:
    needs(c, "mandoc")
    proj = c.project(
        "backup",
        {
            "man/backup.1": """
            .Dd March 1, 2025
            .Dt BACKUP 1
            .Os
            .Sh NAME
            .Nm backup
            .Nd copy files to the backup host
            .Sh DESCRIPTION
            .Bl -tag -width Ds
            .It Fl v
            Print each file as it is copied.
            .Sh EXIT STATUS
            Zero when every file was copied.
        """,
            "man/restore.1": """
            .Dd March 1, 2025
            .Dt RESTORE 1
            .Os
            .Sh NAME
            .Nm restore
            .Nd bring files back from the backup host
            .Sh DESCRIPTION
            .Bl -tag -width Ds
            .It Fl n
            Show what would be restored.
            .Fk f
            Overwrite existing files.
            .El
        """,
        },
    )
    pair = Pair(c, "mandoc", proj)
    pair.run(
        "mandoc_unclosed_list",
        "mandoc -T lint -W error man/backup.1",
        r"ERROR:",
        ("man/backup.1", "Print each file as it is copied.\n", "Print each file as it is copied.\n.El\n"),
    )
    pair.run(
        "mandoc_unknown_macro",
        "mandoc -T lint -W error man/restore.1",
        r"unknown macro",
        ("man/restore.1", ".Fk f\n", ".It Fl f\n"),
    )


def clisp(c: Any) -> None:
    needs(c, "clisp")
    proj = c.project(
        "grades",
        {
            "src/average.lisp": """
            (defun average (xs) (/ (reduce #'+ xs) (length xs)))
            (print (average (list 82 91 totl)))
        """,
            "src/half.lisp": """
            (defun half (n) (/ n 2))
            (print (half "ten"))
        """,
        },
    )
    pair = Pair(c, "clisp", proj)
    pair.run(
        "clisp_unbound_variable",
        "clisp -q src/average.lisp",
        r"has no value",
        ("src/average.lisp", "(list 82 91 totl)", "(list 82 91 77)"),
    )
    pair.run(
        "clisp_not_a_number",
        "clisp -q src/half.lisp",
        r"is not a number",
        ("src/half.lisp", '(half "ten")', "(half 10)"),
    )


def gprolog(c: Any) -> None:
    needs(c, "gplc")
    proj = c.project(
        "family",
        {
            "src/family.pl": """
            parent(ann, bob).
            parent(bob, cid).
            grandparent(X, Z) :- parent(X, Y), parent(Y, Z)
            :- initialization(main).
            main :- grandparent(ann, W), write(W), nl, halt.
        """,
            "src/counter.pl": """
            :- initialization(main).
            main :- Start = 41, Next is Total + 1, write(Start-Next), nl, halt.
        """,
        },
    )
    pair = Pair(c, "gprolog", proj)
    pair.run(
        "gprolog_syntax_error",
        "gplc -o family src/family.pl && ./family",
        r"syntax error",
        ("src/family.pl", "parent(Y, Z)\n", "parent(Y, Z).\n"),
    )
    pair.run(
        "gprolog_unbound_arithmetic",
        "gplc -o counter src/counter.pl && ./counter",
        r"fatal error",
        ("src/counter.pl", "Next is Total + 1", "Next is Start + 1"),
    )
