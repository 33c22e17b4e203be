"""Ecosystem corpus groups of the sixth held-out part, tools installed from Debian (see ``ecosystems.py``):
podchecker, shfmt, Icarus Verilog, ChkTeX, Gforth and HTML Tidy. Each group is two distinct real failures of its
tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs


def podchecker(c: Any) -> None:
    needs(c, "podchecker")
    proj = c.project(
        "reporter",
        {
            "doc/report.pod": """
            =head1 NAME

            report - print the monthly report

            =head1 OPTIONS

            =over 4

            =item --month

            The month to report on.

            =head1 AUTHOR

            The operations team.

            =cut
        """,
            "doc/sync.pod": """
            =head1 NAME

            sync - mirror a folder to the backup host

            =hed1 EXIT STATUS

            Zero when every file was copied.

            =cut
        """,
        },
    )
    pair = Pair(c, "podchecker", proj)
    pair.run(
        "podchecker_missing_back",
        "podchecker doc/report.pod",
        r"=back",
        ("doc/report.pod", "The month to report on.\n\n", "The month to report on.\n\n=back\n\n"),
    )
    pair.run(
        "podchecker_unknown_directive",
        "podchecker doc/sync.pod",
        r"Unknown directive",
        ("doc/sync.pod", "=hed1 EXIT STATUS", "=head1 EXIT STATUS"),
    )


def shfmt(c: Any) -> None:
    needs(c, "shfmt")
    proj = c.project(
        "ops",
        {
            "bin/rotate.sh": """
            #!/bin/sh
            # Compress yesterday's logs when the log folder exists.
            if [ -d /var/log/app ]; then
              cd /var/log/app

            for f in *.log; do
              gzip "$f"
            done
        """,
            "bin/greet.sh": """
            #!/bin/sh
            greet() {
              echo "hello $1
            }
            greet world
        """,
        },
    )
    pair = Pair(c, "shfmt", proj)
    pair.run(
        "shfmt_unclosed_if",
        "shfmt -i 2 -d bin/rotate.sh",
        r'must end with "fi"',
        ("bin/rotate.sh", "  cd /var/log/app\n\n", "  cd /var/log/app\nfi\n"),
    )
    pair.run(
        "shfmt_unclosed_quote",
        "shfmt -i 2 -d bin/greet.sh",
        r"without closing quote",
        ("bin/greet.sh", 'echo "hello $1\n', 'echo "hello $1"\n'),
    )


def iverilog(c: Any) -> None:
    needs(c, "iverilog")
    proj = c.project(
        "rtl",
        {
            "adder.v": """
            module adder(input [3:0] a, input [3:0] b, output [4:0] sum);
              assign sum = a + b
            endmodule
        """,
            "counter.v": """
            module counter(input clk, input rst, output reg [7:0] count);
              parameter STEP = 1;
              always @(posedge clk) begin
                if (rst)
                  count <= 0;
                else
                  count <= count + step;
              end
            endmodule
        """,
        },
    )
    pair = Pair(c, "iverilog", proj)
    pair.run(
        "iverilog_syntax_error",
        "iverilog -o adder.vvp adder.v",
        r"syntax error",
        ("adder.v", "assign sum = a + b\n", "assign sum = a + b;\n"),
    )
    pair.run(
        "iverilog_unbound_name",
        "iverilog -o counter.vvp counter.v",
        r"Unable to bind",
        ("counter.v", "count <= count + step;", "count <= count + STEP;"),
    )


def chktex(c: Any) -> None:
    needs(c, "chktex")
    proj = c.project(
        "paper",
        {
            "intro.tex": """
            \\documentclass{article}
            \\begin{document}
            \\section{Introduction}
            Pages 10-20 describe the method.
            \\end{document}
        """,
            "setup.tex": """
            \\documentclass{article}
            \\begin{document}
            \\section{Setup}
            The figures are typeset with \\LaTeX and converted once.
            \\end{document}
        """,
        },
    )
    pair = Pair(c, "chktex", proj)
    pair.run(
        "chktex_dash_length",
        "chktex -q -v2 intro.tex",
        r"Warning 8",
        ("intro.tex", "Pages 10-20", "Pages 10--20"),
    )
    pair.run(
        "chktex_command_space",
        "chktex -q -v2 setup.tex",
        r"Warning 1 ",
        ("setup.tex", "\\LaTeX and", "\\LaTeX{} and"),
    )


def gforth(c: Any) -> None:
    needs(c, "gforth")
    proj = c.project(
        "forth",
        {
            "powers.fs": """
            : square ( n -- n*n ) dup * ;
            : cube ( n -- n^3 ) dup sqaure * ;
            3 cube . cr
            bye
        """,
            "stats.fs": """
            : avg ( a b -- avg ) + 2 / ;
            : report ( -- ) 10 avg . cr ;
            report
            bye
        """,
        },
    )
    pair = Pair(c, "gforth", proj)
    pair.run(
        "gforth_undefined_word",
        "gforth powers.fs",
        r"Undefined word",
        ("powers.fs", "dup sqaure *", "dup square *"),
    )
    pair.run(
        "gforth_stack_underflow",
        "gforth stats.fs",
        r"Stack underflow",
        ("stats.fs", "10 avg . cr", "10 20 avg . cr"),
    )


def tidy(c: Any) -> None:
    needs(c, "tidy")
    proj = c.project(
        "site",
        {
            "status.html": """
            <!DOCTYPE html>
            <html lang="en">
            <head><title>Status</title></head>
            <body>
            <h1>Service status</h1>
            <img src="up.png">
            </body>
            </html>
        """,
            "team.html": """
            <!DOCTYPE html>
            <html lang="en">
            <head><title>Team</title></head>
            <body>
            <ul>
            <li>Ann</li>
            <lii>Bob</lii>
            </ul>
            </body>
            </html>
        """,
        },
    )
    pair = Pair(c, "tidy", proj)
    pair.run(
        "tidy_missing_alt",
        "tidy -q -e status.html",
        r"lacks \"alt\"",
        ("status.html", '<img src="up.png">', '<img src="up.png" alt="All services up">'),
    )
    pair.run(
        "tidy_unknown_element",
        "tidy -q -e team.html",
        r"is not recognized",
        ("team.html", "<lii>Bob</lii>", "<li>Bob</li>"),
    )
